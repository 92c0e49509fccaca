CREATE TABLE "listing_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"option_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"base" jsonb NOT NULL,
	"proposed" jsonb NOT NULL,
	"changed_fields" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"submitted_by" text,
	"submitted_by_name" text NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" text,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"note" text,
	"publish_run_id" text
);
--> statement-breakpoint
ALTER TABLE "listing_changes" ADD CONSTRAINT "listing_changes_option_id_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_changes" ADD CONSTRAINT "listing_changes_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_changes" ADD CONSTRAINT "listing_changes_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_changes" ADD CONSTRAINT "listing_changes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listing_changes_pending_uq" ON "listing_changes" USING btree ("option_id") WHERE "listing_changes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "listing_changes_status_idx" ON "listing_changes" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "listing_changes_option_idx" ON "listing_changes" USING btree ("option_id","id");
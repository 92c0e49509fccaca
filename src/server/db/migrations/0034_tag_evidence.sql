CREATE TABLE "tag_evidence" (
	"id" serial PRIMARY KEY NOT NULL,
	"option_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"issuer" text DEFAULT '' NOT NULL,
	"certificate_number" text DEFAULT '' NOT NULL,
	"expires_on" date,
	"statement" text DEFAULT '' NOT NULL,
	"document_token" text,
	"document_key" text,
	"document_name" text,
	"document_kind" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"submitted_by" text,
	"submitted_by_name" text NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" text,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"reject_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tag_evidence_document_token_unique" UNIQUE("document_token")
);
--> statement-breakpoint
ALTER TABLE "tag_evidence" ADD CONSTRAINT "tag_evidence_option_id_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_evidence" ADD CONSTRAINT "tag_evidence_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_evidence" ADD CONSTRAINT "tag_evidence_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_evidence" ADD CONSTRAINT "tag_evidence_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tag_evidence_option_tag_uq" ON "tag_evidence" USING btree ("option_id","tag_id");--> statement-breakpoint
CREATE INDEX "tag_evidence_status_idx" ON "tag_evidence" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "tag_evidence_expiry_idx" ON "tag_evidence" USING btree ("expires_on") WHERE "tag_evidence"."status" = 'verified';--> statement-breakpoint
-- The experience page's evidence is part of the cached catalogue answers (ADR 0042): the change feed.
CREATE TRIGGER verdant_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tag_evidence" FOR EACH STATEMENT EXECUTE FUNCTION verdant_notify_change();

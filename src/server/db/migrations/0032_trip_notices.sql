CREATE TYPE "public"."trip_notice_kind" AS ENUM('booking_confirmed', 'request_answered', 'date_change_answered', 'reminder');--> statement-breakpoint
CREATE TYPE "public"."trip_notice_status" AS ENUM('queued', 'sent', 'skipped');--> statement-breakpoint
ALTER TYPE "public"."outbox_channel" ADD VALUE 'whatsapp';--> statement-breakpoint
CREATE TABLE "trip_notice_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"whatsapp" boolean DEFAULT false NOT NULL,
	"time_zone" text NOT NULL,
	"opted_in_at" timestamp with time zone,
	"opted_out_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trip_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"user_id" text NOT NULL,
	"order_item_id" text NOT NULL,
	"kind" "trip_notice_kind" NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" "trip_notice_status" DEFAULT 'queued' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"outbox_id" integer,
	"skipped_reason" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_notices_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "trip_notice_settings" ADD CONSTRAINT "trip_notice_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_notices" ADD CONSTRAINT "trip_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_notices" ADD CONSTRAINT "trip_notices_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_notices" ADD CONSTRAINT "trip_notices_outbox_id_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trip_notices_item_idx" ON "trip_notices" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "trip_notices_user_idx" ON "trip_notices" USING btree ("user_id","created_at");
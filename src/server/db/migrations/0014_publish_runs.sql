CREATE TYPE "public"."publish_run_kind" AS ENUM('publish', 'preview');--> statement-breakpoint
CREATE TYPE "public"."publish_run_state" AS ENUM('queued', 'building', 'live', 'failed');--> statement-breakpoint
CREATE TABLE "publish_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" "publish_run_kind" DEFAULT 'publish' NOT NULL,
	"state" "publish_run_state" DEFAULT 'queued' NOT NULL,
	"error" text,
	"requested_by" text,
	"changes" jsonb NOT NULL,
	"preview_record" jsonb,
	"preview_url" text,
	"stats" jsonb,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "publish_runs_finished_ck" CHECK (("publish_runs"."state" IN ('live', 'failed')) = ("publish_runs"."finished_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "publish_runs" ADD CONSTRAINT "publish_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "publish_runs_state_idx" ON "publish_runs" USING btree ("state","requested_at");
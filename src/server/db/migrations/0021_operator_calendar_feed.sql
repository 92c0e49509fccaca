ALTER TABLE "operators" ADD COLUMN "calendar_token" text;--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_calendar_token_unique" UNIQUE("calendar_token");
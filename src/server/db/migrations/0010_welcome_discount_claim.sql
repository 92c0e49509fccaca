ALTER TABLE "users" ADD COLUMN "welcome_discount_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "welcome_discount_order_id" text;
ALTER TYPE "public"."payment_method" ADD VALUE 'corporate';--> statement-breakpoint
CREATE TABLE "conversion_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"event_name" text NOT NULL,
	"user_id" text,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "corporate_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"code" text NOT NULL,
	"max_uses" integer,
	"max_uses_per_employee" smallint DEFAULT 1 NOT NULL,
	"max_guests" smallint DEFAULT 1 NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "corporate_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "corporate_codes_limits_ck" CHECK (("corporate_codes"."max_uses" is null or "corporate_codes"."max_uses" >= 1) and "corporate_codes"."max_uses_per_employee" >= 1 and "corporate_codes"."max_guests" >= 1)
);
--> statement-breakpoint
CREATE TABLE "corporate_events" (
	"id" text PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"email_domain" text,
	"option_ids" jsonb NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "corporate_events_dates_ck" CHECK ("corporate_events"."start_date" <= "corporate_events"."end_date")
);
--> statement-breakpoint
CREATE TABLE "corporate_redemptions" (
	"id" text PRIMARY KEY NOT NULL,
	"code_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"cart_id" text,
	"order_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "corporate_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "corporate_code_id" integer;--> statement-breakpoint
ALTER TABLE "conversion_events" ADD CONSTRAINT "conversion_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corporate_codes" ADD CONSTRAINT "corporate_codes_event_id_corporate_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."corporate_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corporate_redemptions" ADD CONSTRAINT "corporate_redemptions_code_id_corporate_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."corporate_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corporate_redemptions" ADD CONSTRAINT "corporate_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corporate_redemptions" ADD CONSTRAINT "corporate_redemptions_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corporate_redemptions" ADD CONSTRAINT "corporate_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "corporate_codes_event_idx" ON "corporate_codes" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "corporate_redemptions_cart_uq" ON "corporate_redemptions" USING btree ("cart_id");--> statement-breakpoint
CREATE INDEX "corporate_redemptions_code_idx" ON "corporate_redemptions" USING btree ("code_id","user_id");
CREATE TYPE "public"."booking_status" AS ENUM('processing', 'confirmed', 'declined', 'completed', 'cancelled', 'date_tbc', 'awaiting', 'rescheduling', 'having_change_request');--> statement-breakpoint
CREATE TYPE "public"."checkout_payment_status" AS ENUM('pending', 'requires_action', 'captured', 'failed', 'cancelled', 'refunded', 'partial_refunded');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('pending_payment', 'requires_action', 'awaiting_payment', 'placed', 'failed', 'expired', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('card', 'credit', 'gift_code', 'paynow', 'invoice');--> statement-breakpoint
CREATE TYPE "public"."payment_timing" AS ENUM('checkout', 'later', 'invoice');--> statement-breakpoint
CREATE TABLE "availability_rules" (
	"option_id" integer PRIMARY KEY NOT NULL,
	"weekdays" smallint DEFAULT 127 NOT NULL,
	"closed_months" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"lead_days" smallint DEFAULT 1 NOT NULL,
	"slot_capacity" smallint NOT NULL,
	"external_demand" smallint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_rules_ck" CHECK ("availability_rules"."weekdays" BETWEEN 0 AND 127 AND "availability_rules"."lead_days" >= 0 AND "availability_rules"."slot_capacity" >= 0 AND "availability_rules"."external_demand" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "availability_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"option_id" integer NOT NULL,
	"date" date NOT NULL,
	"slot_key" text NOT NULL,
	"capacity" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_slots_taken_ck" CHECK ("availability_slots"."taken" >= 0 AND "availability_slots"."taken" <= "availability_slots"."capacity")
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkout_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"method" "payment_method" NOT NULL,
	"status" "checkout_payment_status" DEFAULT 'pending' NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"failure_code" text,
	"failure_message" text,
	"next_action" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_payments_amount_ck" CHECK ("checkout_payments"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer,
	"response_body" text,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "order_item_customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_item_id" text NOT NULL,
	"position" smallint NOT NULL,
	"info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" text PRIMARY KEY NOT NULL,
	"cart_id" text,
	"order_id" text,
	"option_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"start_time" text,
	"end_time" text,
	"slot_key" text NOT NULL,
	"room_id" integer,
	"quantity" smallint DEFAULT 0 NOT NULL,
	"child_quantity" smallint DEFAULT 0 NOT NULL,
	"local_quantity" smallint DEFAULT 0 NOT NULL,
	"child_local_quantity" smallint DEFAULT 0 NOT NULL,
	"transport_item_id" text,
	"status" "booking_status",
	"units_held" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_items_qty_ck" CHECK ("order_items"."quantity" >= 0 AND "order_items"."child_quantity" >= 0 AND "order_items"."local_quantity" >= 0 AND "order_items"."child_local_quantity" >= 0 AND "order_items"."units_held" >= 0 AND "order_items"."end_date" >= "order_items"."start_date")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"number" text,
	"user_id" text,
	"cart_id" text,
	"status" "order_status" NOT NULL,
	"payment_method" "payment_method" NOT NULL,
	"payment_timing" "payment_timing" NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_phone" text,
	"base_currency" text NOT NULL,
	"subtotal_amount" integer NOT NULL,
	"promotion_discount_amount" integer DEFAULT 0 NOT NULL,
	"welcome_discount_amount" integer DEFAULT 0 NOT NULL,
	"referral_amount" integer DEFAULT 0 NOT NULL,
	"gift_code_amount" integer DEFAULT 0 NOT NULL,
	"deducted_credit_amount" integer DEFAULT 0 NOT NULL,
	"total_amount" integer NOT NULL,
	"currency" text NOT NULL,
	"exchanged_subtotal_amount" integer NOT NULL,
	"exchanged_discount_amount" integer DEFAULT 0 NOT NULL,
	"exchanged_total_amount" integer NOT NULL,
	"conversion_fee_amount" integer DEFAULT 0 NOT NULL,
	"fee_applied" boolean DEFAULT false NOT NULL,
	"exchange_rate" numeric(24, 10) NOT NULL,
	"lines" jsonb NOT NULL,
	"promotion_code_id" integer,
	"promotion_counted" boolean DEFAULT false NOT NULL,
	"special_requests" text DEFAULT '' NOT NULL,
	"pickup_address" text,
	"hold_expires_at" timestamp with time zone,
	"payment_due_at" timestamp with time zone,
	"placed_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_number_unique" UNIQUE("number"),
	CONSTRAINT "orders_amounts_ck" CHECK ("orders"."total_amount" >= 0 AND "orders"."exchanged_total_amount" >= 0 AND "orders"."subtotal_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "promotion_code_redemptions" (
	"id" text PRIMARY KEY NOT NULL,
	"cart_id" text,
	"order_id" text,
	"promotion_code_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_gateway_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"method" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"scenario" text NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"failure_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_gateway_payments_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "waitlists" (
	"id" serial PRIMARY KEY NOT NULL,
	"option_id" integer NOT NULL,
	"date" date NOT NULL,
	"slot_key" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"guests" smallint NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "waitlists_guests_ck" CHECK ("waitlists"."guests" BETWEEN 1 AND 99)
);
--> statement-breakpoint
ALTER TABLE "availability_rules" ADD CONSTRAINT "availability_rules_option_id_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_slots" ADD CONSTRAINT "availability_slots_option_id_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_payments" ADD CONSTRAINT "checkout_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_customers" ADD CONSTRAINT "order_item_customers_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_option_id_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_room_id_option_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."option_rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promotion_code_id_promotion_codes_id_fk" FOREIGN KEY ("promotion_code_id") REFERENCES "public"."promotion_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_code_redemptions" ADD CONSTRAINT "promotion_code_redemptions_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_code_redemptions" ADD CONSTRAINT "promotion_code_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_code_redemptions" ADD CONSTRAINT "promotion_code_redemptions_promotion_code_id_promotion_codes_id_fk" FOREIGN KEY ("promotion_code_id") REFERENCES "public"."promotion_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlists" ADD CONSTRAINT "waitlists_option_id_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlists" ADD CONSTRAINT "waitlists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "availability_slots_uq" ON "availability_slots" USING btree ("option_id","date","slot_key");--> statement-breakpoint
CREATE INDEX "carts_user_idx" ON "carts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "checkout_payments_order_idx" ON "checkout_payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_payments_provider_ref_uq" ON "checkout_payments" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_item_customers_uq" ON "order_item_customers" USING btree ("order_item_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_cart_uq" ON "order_items" USING btree ("cart_id");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "orders_hold_idx" ON "orders" USING btree ("hold_expires_at");--> statement-breakpoint
CREATE INDEX "orders_due_idx" ON "orders" USING btree ("payment_due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_code_redemptions_cart_uq" ON "promotion_code_redemptions" USING btree ("cart_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlists_uq" ON "waitlists" USING btree ("option_id","date",lower("email"));
CREATE TABLE "payment_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"customer_ref" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_cards_last4_ck" CHECK ("payment_cards"."last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "payment_cards_exp_ck" CHECK ("payment_cards"."exp_month" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "payment_customers" (
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"customer_ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_customers_user_id_provider_pk" PRIMARY KEY("user_id","provider")
);
--> statement-breakpoint
CREATE TABLE "test_gateway_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"scenario" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"customer_ref" text,
	"detached_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_payments" ADD COLUMN "save_card" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "test_gateway_payments" ADD COLUMN "payment_method_id" text;--> statement-breakpoint
ALTER TABLE "test_gateway_payments" ADD COLUMN "customer_ref" text;--> statement-breakpoint
ALTER TABLE "test_gateway_payments" ADD COLUMN "setup_future_usage" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_cards" ADD CONSTRAINT "payment_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_cards_user_idx" ON "payment_cards" USING btree ("user_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_cards_provider_ref_uq" ON "payment_cards" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_cards_one_default_uq" ON "payment_cards" USING btree ("user_id","provider") WHERE "payment_cards"."is_default";
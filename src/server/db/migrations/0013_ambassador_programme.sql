CREATE TABLE "affiliate_attributions" (
	"cart_id" text PRIMARY KEY NOT NULL,
	"link_id" text NOT NULL,
	"click_id" integer NOT NULL,
	"clicked_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_commissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"link_id" text,
	"order_id" text NOT NULL,
	"option_id" integer,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"basis_amount" integer NOT NULL,
	"basis_currency" text NOT NULL,
	"rate_bps" integer NOT NULL,
	"capped" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_commissions_kind_ck" CHECK ("affiliate_commissions"."kind" IN ('earned', 'reversed'))
);
--> statement-breakpoint
CREATE TABLE "ambassador_bank_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"account_holder" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"routing_code" text,
	"swift_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ambassador_payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"month" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_by" text
);
--> statement-breakpoint
ALTER TABLE "ambassador_profiles" ADD COLUMN "channels" "ambassador_channel"[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "ambassador_profiles" ADD COLUMN "audience_links" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ambassador_profiles" ADD COLUMN "pitch" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ambassador_profiles" ADD COLUMN "commission_rate_bps" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "ambassador_profiles" ADD COLUMN "uncapped_earning" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ambassador_profiles" ADD COLUMN "uncapped_banner_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ambassador_profiles" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ambassador_profiles" ADD COLUMN "reviewed_by" text;--> statement-breakpoint
ALTER TABLE "ambassador_profiles" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "affiliate_attributions" ADD CONSTRAINT "affiliate_attributions_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_attributions" ADD CONSTRAINT "affiliate_attributions_link_id_affiliate_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."affiliate_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_attributions" ADD CONSTRAINT "affiliate_attributions_click_id_affiliate_clicks_id_fk" FOREIGN KEY ("click_id") REFERENCES "public"."affiliate_clicks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_link_id_affiliate_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."affiliate_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_option_id_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."options"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ambassador_bank_accounts" ADD CONSTRAINT "ambassador_bank_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ambassador_payouts" ADD CONSTRAINT "ambassador_payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ambassador_payouts" ADD CONSTRAINT "ambassador_payouts_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_commissions_order_kind_uq" ON "affiliate_commissions" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "affiliate_commissions_user_idx" ON "affiliate_commissions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ambassador_bank_accounts_user_idx" ON "ambassador_bank_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ambassador_payouts_user_month_uq" ON "ambassador_payouts" USING btree ("user_id","month");--> statement-breakpoint
ALTER TABLE "ambassador_profiles" ADD CONSTRAINT "ambassador_profiles_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ambassador_profiles" ADD CONSTRAINT "ambassador_rate_ck" CHECK ("ambassador_profiles"."commission_rate_bps" BETWEEN 0 AND 5000);--> statement-breakpoint
-- Hand-written (issue 18): profiles made before this migration share on their one channel.
UPDATE "ambassador_profiles" SET "channels" = ARRAY["channel"] WHERE cardinality("channels") = 0;

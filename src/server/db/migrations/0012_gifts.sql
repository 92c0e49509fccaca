CREATE TYPE "public"."gift_kind" AS ENUM('card', 'experience');--> statement-breakpoint
CREATE TYPE "public"."gift_status" AS ENUM('pending_payment', 'scheduled', 'sent', 'redeemed', 'cancelled');--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" "gift_kind" NOT NULL,
	"status" "gift_status" DEFAULT 'pending_payment' NOT NULL,
	"order_id" text NOT NULL,
	"buyer_user_id" text,
	"option_id" integer,
	"guests" smallint DEFAULT 0 NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"design" text NOT NULL,
	"sender_name" text NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"send_date" date NOT NULL,
	"gift_code_id" text,
	"code" text,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"redeemed_at" timestamp with time zone,
	"redeemed_by_user_id" text,
	"redeemed_item_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gifts_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "gifts_amount_ck" CHECK ("gifts"."amount" > 0),
	CONSTRAINT "gifts_kind_ck" CHECK (("gifts"."kind" = 'card' AND "gifts"."option_id" IS NULL) OR ("gifts"."kind" = 'experience' AND "gifts"."option_id" IS NOT NULL AND "gifts"."guests" > 0))
);
--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_option_id_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_gift_code_id_gift_codes_id_fk" FOREIGN KEY ("gift_code_id") REFERENCES "public"."gift_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_redeemed_by_user_id_users_id_fk" FOREIGN KEY ("redeemed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_redeemed_item_id_order_items_id_fk" FOREIGN KEY ("redeemed_item_id") REFERENCES "public"."order_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gifts_buyer_idx" ON "gifts" USING btree ("buyer_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_code_uq" ON "gifts" USING btree (upper("code"));
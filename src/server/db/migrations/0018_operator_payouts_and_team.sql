CREATE TABLE "operator_payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"month" text NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"reference" text NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_by" text
);
--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "commission_bps" smallint DEFAULT 2000 NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_invitations" ADD COLUMN "role" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_invitations" ADD COLUMN "invited_by" text;--> statement-breakpoint
ALTER TABLE "operator_payouts" ADD CONSTRAINT "operator_payouts_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_payouts" ADD CONSTRAINT "operator_payouts_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "operator_payouts_month_uq" ON "operator_payouts" USING btree ("operator_id","month","currency");--> statement-breakpoint
ALTER TABLE "supplier_invitations" ADD CONSTRAINT "supplier_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_option_date_idx" ON "order_items" USING btree ("option_id","start_date");--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_commission_ck" CHECK ("operators"."commission_bps" BETWEEN 0 AND 10000);
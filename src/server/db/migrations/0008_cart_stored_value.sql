ALTER TABLE "carts" ADD COLUMN "use_credit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "gift_code_id" text;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_gift_code_id_gift_codes_id_fk" FOREIGN KEY ("gift_code_id") REFERENCES "public"."gift_codes"("id") ON DELETE set null ON UPDATE no action;
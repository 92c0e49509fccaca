ALTER TABLE "test_gateway_payments" ADD COLUMN "order_id" text;--> statement-breakpoint
CREATE INDEX "test_gateway_payments_created_idx" ON "test_gateway_payments" USING btree ("created_at");
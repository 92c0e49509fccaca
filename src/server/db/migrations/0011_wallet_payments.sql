ALTER TYPE "public"."payment_method" ADD VALUE 'apple_pay';--> statement-breakpoint
ALTER TYPE "public"."payment_method" ADD VALUE 'google_pay';--> statement-breakpoint
ALTER TYPE "public"."payment_method" ADD VALUE 'grabpay';--> statement-breakpoint
ALTER TABLE "test_gateway_payments" ADD COLUMN "return_url" text;
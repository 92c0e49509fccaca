CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"topic" text NOT NULL,
	"message" text NOT NULL,
	"booking_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cookie_consent_counts" (
	"day" date NOT NULL,
	"choice" text NOT NULL,
	"performance" boolean NOT NULL,
	"functional" boolean NOT NULL,
	"targeting" boolean NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cookie_consent_counts_day_choice_performance_functional_targeting_pk" PRIMARY KEY("day","choice","performance","functional","targeting")
);
--> statement-breakpoint
CREATE TABLE "corporate_inquiries" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"company" text NOT NULL,
	"phone_number" text,
	"group_size" integer NOT NULL,
	"preferred_dates" text DEFAULT '' NOT NULL,
	"destinations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"budget_per_person" integer,
	"budget_currency" text,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	CONSTRAINT "corporate_inquiries_group_ck" CHECK ("corporate_inquiries"."group_size" BETWEEN 1 AND 10000)
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"source" text DEFAULT 'popup' NOT NULL,
	"country_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unsubscribed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_email_uq" ON "newsletter_subscriptions" USING btree (lower("email"));
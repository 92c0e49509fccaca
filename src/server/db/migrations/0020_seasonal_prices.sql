CREATE TABLE "option_seasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"option_id" integer NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"adult_price" integer,
	"child_price" integer,
	"local_adult_price" integer,
	"local_child_price" integer,
	"group_price" integer,
	"additional_pax_price" integer,
	"room_prices" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "option_seasons_dates_ck" CHECK ("option_seasons"."start_date" <= "option_seasons"."end_date")
);
--> statement-breakpoint
ALTER TABLE "option_seasons" ADD CONSTRAINT "option_seasons_option_id_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "option_seasons_option_idx" ON "option_seasons" USING btree ("option_id","start_date");
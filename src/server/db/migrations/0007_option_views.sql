CREATE TABLE "option_views" (
	"option_id" integer NOT NULL,
	"visitor" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "option_views_option_id_visitor_day_pk" PRIMARY KEY("option_id","visitor","day")
);
--> statement-breakpoint
ALTER TABLE "option_views" ADD CONSTRAINT "option_views_option_id_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "option_views_day_idx" ON "option_views" USING btree ("day");
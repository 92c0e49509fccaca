ALTER TABLE "options" ADD COLUMN "footprint_legs" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "options" ADD COLUMN "lodging_type" text;--> statement-breakpoint
ALTER TABLE "options" ADD COLUMN "footprint_grams" integer;
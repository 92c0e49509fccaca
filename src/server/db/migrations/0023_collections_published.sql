ALTER TABLE "collections" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "itineraries" ADD COLUMN "published" boolean DEFAULT true NOT NULL;
-- Typo-tolerant name search (services/search.ts). Option names get a GiST trigram index: it
-- answers "nearest names first" (ORDER BY name <->> text LIMIT n) by walking the index, so a
-- suggestion query stops after n rows whatever the text, and it also serves ILIKE and `<%`.
-- The small place and collection tables get GIN trigram indexes for ILIKE and `<%`. The extension is also created
-- before migrating (db/client.ts) because PGlite must load it; IF NOT EXISTS keeps both paths safe.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "options_name_trgm_idx" ON "options" USING gist ("name" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "cities_name_trgm_idx" ON "cities" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "countries_name_trgm_idx" ON "countries" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "collections_name_trgm_idx" ON "collections" USING gin ("name" gin_trgm_ops);;--> statement-breakpoint
-- The most booked visible options of a city, in order (suggestions for a city name).
CREATE INDEX IF NOT EXISTS "options_city_orders_idx" ON "options" ("city_id", "orders_count" DESC) WHERE "published" AND "deleted_at" IS NULL;

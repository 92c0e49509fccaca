-- Typo-tolerant name search (services/search.ts): trigram GIN indexes serve both
-- `name ILIKE '%text%'` and `text <% name` (word similarity). The extension is also created
-- before migrating (db/client.ts) because PGlite must load it; IF NOT EXISTS keeps both paths safe.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "options_name_trgm_idx" ON "options" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "cities_name_trgm_idx" ON "cities" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "countries_name_trgm_idx" ON "countries" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "collections_name_trgm_idx" ON "collections" USING gin ("name" gin_trgm_ops);

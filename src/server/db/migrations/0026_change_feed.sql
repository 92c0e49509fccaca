-- The change feed (ADR 0042): every statement that writes a table the API's answer cache reads
-- sends one NOTIFY on the channel `verdant_changes` with the table's name, delivered at commit
-- (never for a rolled-back transaction) to every API process listening, which drops the cached
-- answers built from that table (src/server/change-feed.ts, src/server/answer-cache.ts).
-- Statement-level, and PostgreSQL folds identical notifications of one transaction into one.
CREATE OR REPLACE FUNCTION verdant_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('verdant_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'images', 'countries', 'cities', 'places_of_interest', 'operators', 'tags', 'options',
    'option_images', 'option_tags', 'option_places', 'option_locations', 'option_rooms',
    'collections', 'collection_categories', 'collection_tips', 'collection_options', 'itineraries',
    'best_of_lists', 'best_of_list_items', 'blog_categories', 'blogs', 'blog_tags', 'blog_options',
    'reviews', 'site_reviews', 'faqs', 'currencies', 'exchange_rates', 'promotion_codes', 'settings',
    'slug_redirects', 'availability_rules', 'availability_slots', 'option_seasons', 'orders', 'order_items'
  ] LOOP
    EXECUTE format('CREATE TRIGGER verdant_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION verdant_notify_change()', t);
  END LOOP;
END
$$;

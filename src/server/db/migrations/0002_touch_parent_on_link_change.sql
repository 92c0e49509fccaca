-- Link-table rows carry no timestamp of their own: a change to one bumps its parent's
-- updated_at, so the incremental content pull (/content/changes) sees the parent as changed.
-- Statement-level triggers with transition tables: one UPDATE per statement, not per row.
CREATE OR REPLACE FUNCTION verdant_touch_parent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    EXECUTE format('UPDATE %I SET updated_at = now() WHERE id IN (SELECT %I FROM old_rows)', TG_ARGV[0], TG_ARGV[1]);
  ELSE
    EXECUTE format('UPDATE %I SET updated_at = now() WHERE id IN (SELECT %I FROM new_rows)', TG_ARGV[0], TG_ARGV[1]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER option_images_touch_ins AFTER INSERT ON option_images REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION verdant_touch_parent('options', 'option_id');
--> statement-breakpoint
CREATE TRIGGER option_images_touch_upd AFTER UPDATE ON option_images REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION verdant_touch_parent('options', 'option_id');
--> statement-breakpoint
CREATE TRIGGER option_images_touch_del AFTER DELETE ON option_images REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION verdant_touch_parent('options', 'option_id');
--> statement-breakpoint
CREATE TRIGGER option_tags_touch_ins AFTER INSERT ON option_tags REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION verdant_touch_parent('options', 'option_id');
--> statement-breakpoint
CREATE TRIGGER option_tags_touch_upd AFTER UPDATE ON option_tags REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION verdant_touch_parent('options', 'option_id');
--> statement-breakpoint
CREATE TRIGGER option_tags_touch_del AFTER DELETE ON option_tags REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION verdant_touch_parent('options', 'option_id');
--> statement-breakpoint
CREATE TRIGGER option_places_touch_ins AFTER INSERT ON option_places REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION verdant_touch_parent('options', 'option_id');
--> statement-breakpoint
CREATE TRIGGER option_places_touch_upd AFTER UPDATE ON option_places REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION verdant_touch_parent('options', 'option_id');
--> statement-breakpoint
CREATE TRIGGER option_places_touch_del AFTER DELETE ON option_places REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION verdant_touch_parent('options', 'option_id');
--> statement-breakpoint
CREATE TRIGGER option_locations_touch_ins AFTER INSERT ON option_locations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION verdant_touch_parent('options', 'option_id');
--> statement-breakpoint
CREATE TRIGGER option_locations_touch_upd AFTER UPDATE ON option_locations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION verdant_touch_parent('options', 'option_id');
--> statement-breakpoint
CREATE TRIGGER option_locations_touch_del AFTER DELETE ON option_locations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION verdant_touch_parent('options', 'option_id');
--> statement-breakpoint
CREATE TRIGGER option_rooms_touch_ins AFTER INSERT ON option_rooms REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION verdant_touch_parent('options', 'option_id');
--> statement-breakpoint
CREATE TRIGGER option_rooms_touch_upd AFTER UPDATE ON option_rooms REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION verdant_touch_parent('options', 'option_id');
--> statement-breakpoint
CREATE TRIGGER option_rooms_touch_del AFTER DELETE ON option_rooms REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION verdant_touch_parent('options', 'option_id');
--> statement-breakpoint
CREATE TRIGGER collection_options_touch_ins AFTER INSERT ON collection_options REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION verdant_touch_parent('collections', 'collection_id');
--> statement-breakpoint
CREATE TRIGGER collection_options_touch_upd AFTER UPDATE ON collection_options REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION verdant_touch_parent('collections', 'collection_id');
--> statement-breakpoint
CREATE TRIGGER collection_options_touch_del AFTER DELETE ON collection_options REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION verdant_touch_parent('collections', 'collection_id');
--> statement-breakpoint
CREATE TRIGGER collection_categories_touch_ins AFTER INSERT ON collection_categories REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION verdant_touch_parent('collections', 'collection_id');
--> statement-breakpoint
CREATE TRIGGER collection_categories_touch_upd AFTER UPDATE ON collection_categories REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION verdant_touch_parent('collections', 'collection_id');
--> statement-breakpoint
CREATE TRIGGER collection_categories_touch_del AFTER DELETE ON collection_categories REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION verdant_touch_parent('collections', 'collection_id');
--> statement-breakpoint
CREATE TRIGGER collection_tips_touch_ins AFTER INSERT ON collection_tips REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION verdant_touch_parent('collections', 'collection_id');
--> statement-breakpoint
CREATE TRIGGER collection_tips_touch_upd AFTER UPDATE ON collection_tips REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION verdant_touch_parent('collections', 'collection_id');
--> statement-breakpoint
CREATE TRIGGER collection_tips_touch_del AFTER DELETE ON collection_tips REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION verdant_touch_parent('collections', 'collection_id');
--> statement-breakpoint
CREATE TRIGGER blog_tags_touch_ins AFTER INSERT ON blog_tags REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION verdant_touch_parent('blogs', 'blog_id');
--> statement-breakpoint
CREATE TRIGGER blog_tags_touch_upd AFTER UPDATE ON blog_tags REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION verdant_touch_parent('blogs', 'blog_id');
--> statement-breakpoint
CREATE TRIGGER blog_tags_touch_del AFTER DELETE ON blog_tags REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION verdant_touch_parent('blogs', 'blog_id');
--> statement-breakpoint
CREATE TRIGGER blog_options_touch_ins AFTER INSERT ON blog_options REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION verdant_touch_parent('blogs', 'blog_id');
--> statement-breakpoint
CREATE TRIGGER blog_options_touch_upd AFTER UPDATE ON blog_options REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION verdant_touch_parent('blogs', 'blog_id');
--> statement-breakpoint
CREATE TRIGGER blog_options_touch_del AFTER DELETE ON blog_options REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION verdant_touch_parent('blogs', 'blog_id');
--> statement-breakpoint
CREATE TRIGGER best_of_list_items_touch_ins AFTER INSERT ON best_of_list_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION verdant_touch_parent('best_of_lists', 'list_id');
--> statement-breakpoint
CREATE TRIGGER best_of_list_items_touch_upd AFTER UPDATE ON best_of_list_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION verdant_touch_parent('best_of_lists', 'list_id');
--> statement-breakpoint
CREATE TRIGGER best_of_list_items_touch_del AFTER DELETE ON best_of_list_items REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION verdant_touch_parent('best_of_lists', 'list_id');

CREATE TYPE "public"."ambassador_channel" AS ENUM('instagram', 'tiktok', 'blog', 'other');--> statement-breakpoint
CREATE TYPE "public"."ambassador_status" AS ENUM('applied', 'approved', 'rejected', 'suspended');--> statement-breakpoint
CREATE TYPE "public"."blog_kind" AS ENUM('quick_read', 'complete_guide', 'itinerary', 'list', 'tried_and_tested', 'video');--> statement-breakpoint
CREATE TYPE "public"."book_type" AS ENUM('instant', 'request_to_book');--> statement-breakpoint
CREATE TYPE "public"."cancel_type" AS ENUM('all_sales_final', 'strict', 'standard', 'moderate');--> statement-breakpoint
CREATE TYPE "public"."discount_type" AS ENUM('percent', 'fixed');--> statement-breakpoint
CREATE TYPE "public"."group_price_type" AS ENUM('price_per_group_with_additional_pax_addon', 'price_per_group_with_min_pax');--> statement-breakpoint
CREATE TYPE "public"."location_kind" AS ENUM('meetup', 'pickup', 'return');--> statement-breakpoint
CREATE TYPE "public"."login_method" AS ENUM('google', 'facebook', 'whatsapp', 'email');--> statement-breakpoint
CREATE TYPE "public"."option_kind" AS ENUM('stay', 'short_adventure', 'flexible_adventure', 'adventure');--> statement-breakpoint
CREATE TYPE "public"."outbox_channel" AS ENUM('mail', 'otp');--> statement-breakpoint
CREATE TYPE "public"."price_unit" AS ENUM('per_group', 'per_person', 'per_room');--> statement-breakpoint
CREATE TYPE "public"."reschedule_type" AS ENUM('allow_reschedule_cancel', 'no_reschedule_cancel');--> statement-breakpoint
CREATE TYPE "public"."room_privacy" AS ENUM('private', 'shared');--> statement-breakpoint
CREATE TYPE "public"."room_type" AS ENUM('double', 'single', 'twin', 'triple', 'family', 'studio', 'suite', 'dorm_bed', 'dorm');--> statement-breakpoint
CREATE TYPE "public"."tag_kind" AS ENUM('activity_type', 'suitable', 'sustainability', 'theme', 'blog');--> statement-breakpoint
CREATE TABLE "ambassador_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"status" "ambassador_status" DEFAULT 'applied' NOT NULL,
	"channel" "ambassador_channel" NOT NULL,
	"handle" text NOT NULL,
	"referral_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ambassador_profiles_referral_code_unique" UNIQUE("referral_code")
);
--> statement-breakpoint
CREATE TABLE "best_of_list_items" (
	"list_id" integer NOT NULL,
	"option_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"blurb" text DEFAULT '' NOT NULL,
	CONSTRAINT "best_of_list_items_list_id_option_id_pk" PRIMARY KEY("list_id","option_id")
);
--> statement-breakpoint
CREATE TABLE "best_of_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"country_id" integer,
	"city_id" integer,
	"image_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "best_of_lists_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "blog_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "blog_categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "blog_options" (
	"blog_id" integer NOT NULL,
	"option_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "blog_options_blog_id_option_id_pk" PRIMARY KEY("blog_id","option_id")
);
--> statement-breakpoint
CREATE TABLE "blog_tags" (
	"blog_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "blog_tags_blog_id_tag_id_pk" PRIMARY KEY("blog_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "blogs" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"kind" "blog_kind" NOT NULL,
	"category_id" integer NOT NULL,
	"excerpt" text NOT NULL,
	"body" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"author_name" text NOT NULL,
	"author_bio" text DEFAULT '' NOT NULL,
	"video_id" text,
	"verdict" text,
	"country_id" integer,
	"city_id" integer,
	"hero_image_id" integer,
	"published_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "blogs_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"country_id" integer NOT NULL,
	"name" text NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"tagline" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"image_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "cities_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "collection_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"collection_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_options" (
	"collection_id" integer NOT NULL,
	"option_id" integer NOT NULL,
	"category_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "collection_options_collection_id_option_id_pk" PRIMARY KEY("collection_id","option_id")
);
--> statement-breakpoint
CREATE TABLE "collection_tips" (
	"id" serial PRIMARY KEY NOT NULL,
	"collection_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"tagline" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"country_id" integer,
	"city_id" integer,
	"is_gift" boolean DEFAULT false NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"image_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "collections_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"currency_code" text NOT NULL,
	"region" text NOT NULL,
	"tagline" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"facts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"image_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "countries_slug_unique" UNIQUE("slug"),
	CONSTRAINT "countries_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"code" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"symbol" text NOT NULL,
	"prefix" text DEFAULT '' NOT NULL,
	"suffix" text DEFAULT '' NOT NULL,
	"decimal_mark" text DEFAULT '.' NOT NULL,
	"thousands_separator" text DEFAULT ',' NOT NULL,
	"exponent" smallint DEFAULT 2 NOT NULL,
	"common_gift_amounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"checkout_supported" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"from_currency" text NOT NULL,
	"to_currency" text NOT NULL,
	"rate" numeric(20, 10) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_from_currency_to_currency_pk" PRIMARY KEY("from_currency","to_currency")
);
--> statement-breakpoint
CREATE TABLE "faqs" (
	"id" serial PRIMARY KEY NOT NULL,
	"option_id" integer,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text DEFAULT 'image/jpeg' NOT NULL,
	"caption" text,
	"alt" text DEFAULT '' NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "images_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "itineraries" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"country_id" integer NOT NULL,
	"city_id" integer,
	"days" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"share_count" integer DEFAULT 0 NOT NULL,
	"image_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "itineraries_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"city_id" integer NOT NULL,
	"currency_code" text NOT NULL,
	"tagline" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"founded_year" smallint,
	"team_size" smallint,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text,
	"website" text,
	"image_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "operators_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "option_images" (
	"option_id" integer NOT NULL,
	"image_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "option_images_option_id_image_id_pk" PRIMARY KEY("option_id","image_id")
);
--> statement-breakpoint
CREATE TABLE "option_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"option_id" integer NOT NULL,
	"kind" "location_kind" NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6)
);
--> statement-breakpoint
CREATE TABLE "option_places" (
	"option_id" integer NOT NULL,
	"place_id" integer NOT NULL,
	CONSTRAINT "option_places_option_id_place_id_pk" PRIMARY KEY("option_id","place_id")
);
--> statement-breakpoint
CREATE TABLE "option_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"option_id" integer NOT NULL,
	"room_type" "room_type" NOT NULL,
	"privacy" "room_privacy" NOT NULL,
	"name" text NOT NULL,
	"max_guests" smallint NOT NULL,
	"price_per_night" integer NOT NULL,
	"quantity" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "option_tags" (
	"option_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "option_tags_option_id_tag_id_pk" PRIMARY KEY("option_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "options" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug_code" text NOT NULL,
	"operator_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"activity_type_id" integer,
	"name" text NOT NULL,
	"kind" "option_kind" NOT NULL,
	"price_unit" "price_unit" NOT NULL,
	"group_price_type" "group_price_type",
	"use_child_prices" boolean DEFAULT false NOT NULL,
	"has_local_price" boolean DEFAULT false NOT NULL,
	"duration_minutes" integer,
	"duration_days" smallint,
	"duration_nights" smallint,
	"cancel_type" "cancel_type" NOT NULL,
	"reschedule_type" "reschedule_type" NOT NULL,
	"book_type" "book_type" DEFAULT 'instant' NOT NULL,
	"min_qty_for_price" smallint DEFAULT 1 NOT NULL,
	"max_qty_for_price" smallint DEFAULT 10 NOT NULL,
	"yacht_trip" boolean DEFAULT false NOT NULL,
	"trip_type" text DEFAULT 'join_in' NOT NULL,
	"price_currency" text NOT NULL,
	"adult_price" integer,
	"child_price" integer,
	"local_adult_price" integer,
	"local_child_price" integer,
	"group_price" integer,
	"group_included_pax" smallint,
	"additional_pax_price" integer,
	"min_pax" smallint,
	"capacity" smallint DEFAULT 12 NOT NULL,
	"start_times" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"highlights" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"itinerary" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"inclusions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"exclusions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"transport_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"languages" jsonb DEFAULT '["English"]'::jsonb NOT NULL,
	"min_age" smallint,
	"difficulty" text DEFAULT 'easy' NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"views_count" integer DEFAULT 0 NOT NULL,
	"orders_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "options_slug_code_unique" UNIQUE("slug_code"),
	CONSTRAINT "options_qty_ck" CHECK ("options"."min_qty_for_price" >= 1 AND "options"."max_qty_for_price" >= "options"."min_qty_for_price")
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" "outbox_channel" NOT NULL,
	"recipient" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "partner_memberships" (
	"user_id" text NOT NULL,
	"operator_id" integer NOT NULL,
	"role" text DEFAULT 'owner' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_memberships_user_id_operator_id_pk" PRIMARY KEY("user_id","operator_id")
);
--> statement-breakpoint
CREATE TABLE "places_of_interest" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"city_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"image_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "places_of_interest_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "promotion_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"discount_type" "discount_type" NOT NULL,
	"percent_off" smallint,
	"amount_off" integer,
	"currency_code" text DEFAULT 'SGD' NOT NULL,
	"min_spend" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"max_redemptions" integer,
	"redemptions_count" integer DEFAULT 0 NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "promotion_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "promotion_codes_discount_ck" CHECK (("promotion_codes"."discount_type" = 'percent' AND "promotion_codes"."percent_off" BETWEEN 1 AND 100) OR ("promotion_codes"."discount_type" = 'fixed' AND "promotion_codes"."amount_off" > 0))
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"option_id" integer NOT NULL,
	"user_id" text,
	"author_name" text NOT NULL,
	"author_country" text,
	"rating" smallint,
	"title" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"travelled_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "reviews_rating_ck" CHECK ("reviews"."rating" IS NULL OR ("reviews"."rating" BETWEEN 1 AND 5))
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"author_name" text NOT NULL,
	"author_location" text DEFAULT '' NOT NULL,
	"rating" smallint NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "site_reviews_rating_ck" CHECK ("site_reviews"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"kind" "tag_kind" NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text,
	"phone_number" text,
	"avatar_key" text,
	"country_code" text,
	"last_login_method" "login_method",
	"is_admin" boolean DEFAULT false NOT NULL,
	"receive_newsletters" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"discarded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ambassador_profiles" ADD CONSTRAINT "ambassador_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "best_of_list_items" ADD CONSTRAINT "best_of_list_items_list_id_best_of_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."best_of_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "best_of_list_items" ADD CONSTRAINT "best_of_list_items_option_id_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "best_of_lists" ADD CONSTRAINT "best_of_lists_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "best_of_lists" ADD CONSTRAINT "best_of_lists_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "best_of_lists" ADD CONSTRAINT "best_of_lists_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_options" ADD CONSTRAINT "blog_options_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_options" ADD CONSTRAINT "blog_options_option_id_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_tags" ADD CONSTRAINT "blog_tags_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_tags" ADD CONSTRAINT "blog_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_category_id_blog_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."blog_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_hero_image_id_images_id_fk" FOREIGN KEY ("hero_image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_categories" ADD CONSTRAINT "collection_categories_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_options" ADD CONSTRAINT "collection_options_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_options" ADD CONSTRAINT "collection_options_option_id_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_options" ADD CONSTRAINT "collection_options_category_id_collection_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."collection_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_tips" ADD CONSTRAINT "collection_tips_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "countries" ADD CONSTRAINT "countries_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_from_currency_currencies_code_fk" FOREIGN KEY ("from_currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_to_currency_currencies_code_fk" FOREIGN KEY ("to_currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faqs" ADD CONSTRAINT "faqs_option_id_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itineraries" ADD CONSTRAINT "itineraries_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itineraries" ADD CONSTRAINT "itineraries_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "itineraries" ADD CONSTRAINT "itineraries_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_images" ADD CONSTRAINT "option_images_option_id_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_images" ADD CONSTRAINT "option_images_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_locations" ADD CONSTRAINT "option_locations_option_id_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_places" ADD CONSTRAINT "option_places_option_id_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_places" ADD CONSTRAINT "option_places_place_id_places_of_interest_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places_of_interest"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_rooms" ADD CONSTRAINT "option_rooms_option_id_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_tags" ADD CONSTRAINT "option_tags_option_id_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_tags" ADD CONSTRAINT "option_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "options" ADD CONSTRAINT "options_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "options" ADD CONSTRAINT "options_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "options" ADD CONSTRAINT "options_activity_type_id_tags_id_fk" FOREIGN KEY ("activity_type_id") REFERENCES "public"."tags"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_memberships" ADD CONSTRAINT "partner_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_memberships" ADD CONSTRAINT "partner_memberships_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "places_of_interest" ADD CONSTRAINT "places_of_interest_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "places_of_interest" ADD CONSTRAINT "places_of_interest_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_option_id_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blogs_category_idx" ON "blogs" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "blogs_published_idx" ON "blogs" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "cities_country_idx" ON "cities" USING btree ("country_id");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_categories_uq" ON "collection_categories" USING btree ("collection_id","slug");--> statement-breakpoint
CREATE INDEX "faqs_option_idx" ON "faqs" USING btree ("option_id");--> statement-breakpoint
CREATE INDEX "operators_city_idx" ON "operators" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "option_locations_option_idx" ON "option_locations" USING btree ("option_id");--> statement-breakpoint
CREATE INDEX "option_rooms_option_idx" ON "option_rooms" USING btree ("option_id");--> statement-breakpoint
CREATE INDEX "option_tags_tag_idx" ON "option_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "options_city_idx" ON "options" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "options_operator_idx" ON "options" USING btree ("operator_id");--> statement-breakpoint
CREATE INDEX "options_updated_idx" ON "options" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "outbox_recipient_idx" ON "outbox" USING btree ("recipient");--> statement-breakpoint
CREATE INDEX "poi_city_idx" ON "places_of_interest" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "reviews_option_idx" ON "reviews" USING btree ("option_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_kind_slug_uq" ON "tags" USING btree ("kind","slug");--> statement-breakpoint
CREATE INDEX "tags_slug_idx" ON "tags" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_uq" ON "users" USING btree ("phone_number");
// Storage schema. The wire is src/contract; routes map rows to contract types.
// Content tables carry updatedAt (bumped on every change) and deletedAt (the tombstone the
// incremental content pull reads). Money is an integer of minor units plus a currency code.
// Public content is addressed by slug; anything that belongs to a person by a random text id.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { LODGING_TYPES, type FootprintLeg } from '../../lib/footprint.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const content = {
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
};

export const optionKind = pgEnum('option_kind', ['stay', 'short_adventure', 'flexible_adventure', 'adventure']);
export const priceUnit = pgEnum('price_unit', ['per_group', 'per_person', 'per_room']);
export const groupPriceType = pgEnum('group_price_type', [
  'price_per_group_with_additional_pax_addon',
  'price_per_group_with_min_pax',
]);
export const cancelType = pgEnum('cancel_type', ['all_sales_final', 'strict', 'standard', 'moderate']);
export const rescheduleType = pgEnum('reschedule_type', ['allow_reschedule_cancel', 'no_reschedule_cancel']);
export const bookType = pgEnum('book_type', ['instant', 'request_to_book']);
export const locationKind = pgEnum('location_kind', ['meetup', 'pickup', 'return']);
export const roomType = pgEnum('room_type', [
  'double', 'single', 'twin', 'triple', 'family', 'studio', 'suite', 'dorm_bed', 'dorm',
]);
export const roomPrivacy = pgEnum('room_privacy', ['private', 'shared']);
export const tagKind = pgEnum('tag_kind', ['activity_type', 'suitable', 'sustainability', 'theme', 'blog']);
export const blogKind = pgEnum('blog_kind', ['quick_read', 'complete_guide', 'itinerary', 'list', 'tried_and_tested', 'video']);
export const loginMethod = pgEnum('login_method', ['google', 'facebook', 'whatsapp', 'email']);
export const ambassadorStatus = pgEnum('ambassador_status', ['applied', 'approved', 'rejected', 'suspended']);
export const ambassadorChannel = pgEnum('ambassador_channel', ['instagram', 'tiktok', 'blog', 'other']);
export const discountType = pgEnum('discount_type', ['percent', 'fixed']);
export const outboxChannel = pgEnum('outbox_channel', ['mail', 'otp', 'whatsapp']);

// ── Media ────────────────────────────────────────────────────────────────────
/** A stored image: `key` is a path in the storage port (local disk by default). */
export const images = pgTable('images', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  contentType: text('content_type').notNull().default('image/jpeg'),
  caption: text('caption'),
  alt: text('alt').notNull().default(''),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  /** The operator whose member uploaded it from the partner back-office (null: Verdant's own). */
  uploadedForOperatorId: integer('uploaded_for_operator_id').references((): AnyPgColumn => operators.id, { onDelete: 'set null' }),
  ...content,
});

// ── Places ───────────────────────────────────────────────────────────────────
export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  code: text('code').notNull().unique(), // ISO 3166-1 alpha-2, upper case
  name: text('name').notNull(),
  currencyCode: text('currency_code').notNull(),
  region: text('region').notNull(),
  tagline: text('tagline').notNull().default(''),
  description: text('description').notNull().default(''),
  facts: jsonb('facts').$type<{ label: string; value: string }[]>().notNull().default([]),
  imageId: integer('image_id').references(() => images.id),
  ...content,
});

export const cities = pgTable('cities', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  countryId: integer('country_id').notNull().references(() => countries.id),
  name: text('name').notNull(),
  featured: boolean('featured').notNull().default(false),
  tagline: text('tagline').notNull().default(''),
  description: text('description').notNull().default(''),
  latitude: numeric('latitude', { precision: 9, scale: 6, mode: 'number' }),
  longitude: numeric('longitude', { precision: 9, scale: 6, mode: 'number' }),
  imageId: integer('image_id').references(() => images.id),
  ...content,
}, (t) => [index('cities_country_idx').on(t.countryId)]);

export const placesOfInterest = pgTable('places_of_interest', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  cityId: integer('city_id').notNull().references(() => cities.id),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  latitude: numeric('latitude', { precision: 9, scale: 6, mode: 'number' }),
  longitude: numeric('longitude', { precision: 9, scale: 6, mode: 'number' }),
  imageId: integer('image_id').references(() => images.id),
  ...content,
}, (t) => [index('poi_city_idx').on(t.cityId)]);

// ── Operators (suppliers) ────────────────────────────────────────────────────
export const operators = pgTable('operators', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  cityId: integer('city_id').notNull().references(() => cities.id),
  currencyCode: text('currency_code').notNull(),
  tagline: text('tagline').notNull().default(''),
  description: text('description').notNull().default(''),
  foundedYear: smallint('founded_year'),
  teamSize: smallint('team_size'),
  languages: jsonb('languages').$type<string[]>().notNull().default([]),
  contactEmail: text('contact_email').notNull(),
  contactPhone: text('contact_phone'),
  website: text('website'),
  imageId: integer('image_id').references(() => images.id),
  /** Verdant's commission on the operator's bookings, in basis points of the booking's value (2000 = 20%). */
  commissionBps: smallint('commission_bps').notNull().default(2000),
  /** The secret of the operator's subscribable departures calendar (/calendar/{token}.ics); null: off. */
  calendarToken: text('calendar_token').unique(),
  ...content,
}, (t) => [
  index('operators_city_idx').on(t.cityId),
  check('operators_commission_ck', sql`${t.commissionBps} BETWEEN 0 AND 10000`),
]);

// ── Tags (activity types, suitable-for, sustainability, themes, magazine) ────
export const tags = pgTable('tags', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull(),
  kind: tagKind('kind').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  position: integer('position').notNull().default(0),
  ...content,
}, (t) => [uniqueIndex('tags_kind_slug_uq').on(t.kind, t.slug), index('tags_slug_idx').on(t.slug)]);

// ── Options (experiences) ────────────────────────────────────────────────────
export type ItineraryStep = { time?: string; title: string; description: string };
/** A pickup offered with an option: `price` in minor units, charged per booking or per guest. */
export type TransportItem = { id: string; kind: 'pickup'; name: string; price: number; per?: 'booking' | 'person' };

export const options = pgTable('options', {
  id: serial('id').primaryKey(),
  slugCode: text('slug_code').notNull().unique(),
  operatorId: integer('operator_id').notNull().references(() => operators.id),
  cityId: integer('city_id').notNull().references(() => cities.id),
  activityTypeId: integer('activity_type_id').references(() => tags.id),
  name: text('name').notNull(),
  kind: optionKind('kind').notNull(),
  priceUnit: priceUnit('price_unit').notNull(),
  groupPriceType: groupPriceType('group_price_type'),
  useChildPrices: boolean('use_child_prices').notNull().default(false),
  hasLocalPrice: boolean('has_local_price').notNull().default(false),
  durationMinutes: integer('duration_minutes'),
  durationDays: smallint('duration_days'),
  durationNights: smallint('duration_nights'),
  cancelType: cancelType('cancel_type').notNull(),
  rescheduleType: rescheduleType('reschedule_type').notNull(),
  bookType: bookType('book_type').notNull().default('instant'),
  minQtyForPrice: smallint('min_qty_for_price').notNull().default(1),
  maxQtyForPrice: smallint('max_qty_for_price').notNull().default(10),
  yachtTrip: boolean('yacht_trip').notNull().default(false),
  tripType: text('trip_type', { enum: ['private', 'join_in'] }).notNull().default('join_in'),
  // Prices, minor units of priceCurrency. Per person: adult/child (+ local variants).
  // Per group: groupPrice covers groupIncludedPax; additionalPaxPrice per extra guest
  // (add-on model) or minPax is billed at least (min-pax model). Per room: see option_rooms.
  priceCurrency: text('price_currency').notNull(),
  adultPrice: integer('adult_price'),
  childPrice: integer('child_price'),
  localAdultPrice: integer('local_adult_price'),
  localChildPrice: integer('local_child_price'),
  groupPrice: integer('group_price'),
  groupIncludedPax: smallint('group_included_pax'),
  additionalPaxPrice: integer('additional_pax_price'),
  minPax: smallint('min_pax'),
  capacity: smallint('capacity').notNull().default(12),
  startTimes: jsonb('start_times').$type<string[]>().notNull().default([]),
  summary: text('summary').notNull().default(''),
  description: text('description').notNull().default(''),
  highlights: jsonb('highlights').$type<string[]>().notNull().default([]),
  itinerary: jsonb('itinerary').$type<ItineraryStep[]>().notNull().default([]),
  inclusions: jsonb('inclusions').$type<string[]>().notNull().default([]),
  exclusions: jsonb('exclusions').$type<string[]>().notNull().default([]),
  transportItems: jsonb('transport_items').$type<TransportItem[]>().notNull().default([]),
  languages: jsonb('languages').$type<string[]>().notNull().default(['English']),
  minAge: smallint('min_age'),
  difficulty: text('difficulty', { enum: ['easy', 'moderate', 'challenging'] }).notNull().default('easy'),
  published: boolean('published').notNull().default(true),
  viewsCount: integer('views_count').notNull().default(0),
  ordersCount: integer('orders_count').notNull().default(0),
  /** Transport used during the experience (ADR 0044); with lodgingType, the footprint's facts. */
  footprintLegs: jsonb('footprint_legs').$type<FootprintLeg[]>().notNull().default([]),
  lodgingType: text('lodging_type', { enum: LODGING_TYPES }),
  /**
   * The experience's footprint per person for PAGE_GROUP_SIZE guests, whole grams CO2e, derived
   * from the facts (and nights, country) on every write; null when no facts are recorded.
   * "Lowest footprint" sorts on it.
   */
  footprintGrams: integer('footprint_grams'),
  ...content,
}, (t) => [
  index('options_city_idx').on(t.cityId),
  index('options_operator_idx').on(t.operatorId),
  index('options_updated_idx').on(t.updatedAt),
  check('options_qty_ck', sql`${t.minQtyForPrice} >= 1 AND ${t.maxQtyForPrice} >= ${t.minQtyForPrice}`),
]);

/**
 * One row per (experience, visitor, day) that was counted in options.views_count, so a reload or
 * a second tab does not count again. The visitor is a keyed hash that changes every day (no
 * cookie, nothing that identifies a person over time); rows older than a few days are pruned.
 */
export const optionViews = pgTable('option_views', {
  optionId: integer('option_id').notNull().references(() => options.id, { onDelete: 'cascade' }),
  visitor: text('visitor').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
}, (t) => [primaryKey({ columns: [t.optionId, t.visitor, t.day] }), index('option_views_day_idx').on(t.day)]);

/** An itinerary's shares counted, one per visitor and day (POST /travel_itineraries/{id}/increase_share_count). */
export const itineraryShares = pgTable('itinerary_shares', {
  itineraryId: integer('itinerary_id').notNull().references((): AnyPgColumn => itineraries.id, { onDelete: 'cascade' }),
  visitor: text('visitor').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
}, (t) => [primaryKey({ columns: [t.itineraryId, t.visitor, t.day] }), index('itinerary_shares_day_idx').on(t.day)]);

export const optionImages = pgTable('option_images', {
  optionId: integer('option_id').notNull().references(() => options.id, { onDelete: 'cascade' }),
  imageId: integer('image_id').notNull().references(() => images.id),
  position: smallint('position').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.optionId, t.imageId] })]);

export const optionTags = pgTable('option_tags', {
  optionId: integer('option_id').notNull().references(() => options.id, { onDelete: 'cascade' }),
  tagId: integer('tag_id').notNull().references(() => tags.id),
}, (t) => [primaryKey({ columns: [t.optionId, t.tagId] }), index('option_tags_tag_idx').on(t.tagId)]);

export const optionPlaces = pgTable('option_places', {
  optionId: integer('option_id').notNull().references(() => options.id, { onDelete: 'cascade' }),
  placeId: integer('place_id').notNull().references(() => placesOfInterest.id),
}, (t) => [primaryKey({ columns: [t.optionId, t.placeId] })]);

export const optionLocations = pgTable('option_locations', {
  id: serial('id').primaryKey(),
  optionId: integer('option_id').notNull().references(() => options.id, { onDelete: 'cascade' }),
  kind: locationKind('kind').notNull(),
  name: text('name').notNull(),
  address: text('address').notNull().default(''),
  note: text('note').notNull().default(''),
  latitude: numeric('latitude', { precision: 9, scale: 6, mode: 'number' }),
  longitude: numeric('longitude', { precision: 9, scale: 6, mode: 'number' }),
}, (t) => [index('option_locations_option_idx').on(t.optionId)]);

/** Room types of per-room options (stays): one price per room per night. */
export const optionRooms = pgTable('option_rooms', {
  id: serial('id').primaryKey(),
  optionId: integer('option_id').notNull().references(() => options.id, { onDelete: 'cascade' }),
  roomType: roomType('room_type').notNull(),
  privacy: roomPrivacy('privacy').notNull(),
  name: text('name').notNull(),
  maxGuests: smallint('max_guests').notNull(),
  pricePerNight: integer('price_per_night').notNull(),
  quantity: smallint('quantity').notNull().default(1),
}, (t) => [index('option_rooms_option_idx').on(t.optionId)]);

// ── Collections ──────────────────────────────────────────────────────────────
export const collections = pgTable('collections', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  tagline: text('tagline').notNull().default(''),
  description: text('description').notNull().default(''),
  countryId: integer('country_id').references(() => countries.id),
  cityId: integer('city_id').references(() => cities.id),
  isGift: boolean('is_gift').notNull().default(false),
  featured: boolean('featured').notNull().default(false),
  position: integer('position').notNull().default(0),
  imageId: integer('image_id').references(() => images.id),
  /** false: taken off the site by an editor (back-office unpublish, ADR 0035). */
  published: boolean('published').notNull().default(true),
  ...content,
});

export const collectionCategories = pgTable('collection_categories', {
  id: serial('id').primaryKey(),
  collectionId: integer('collection_id').notNull().references(() => collections.id, { onDelete: 'cascade' }),
  slug: text('slug').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  position: integer('position').notNull().default(0),
}, (t) => [uniqueIndex('collection_categories_uq').on(t.collectionId, t.slug)]);

export const collectionTips = pgTable('collection_tips', {
  id: serial('id').primaryKey(),
  collectionId: integer('collection_id').notNull().references(() => collections.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  body: text('body').notNull(),
  position: integer('position').notNull().default(0),
});

export const collectionOptions = pgTable('collection_options', {
  collectionId: integer('collection_id').notNull().references(() => collections.id, { onDelete: 'cascade' }),
  optionId: integer('option_id').notNull().references(() => options.id, { onDelete: 'cascade' }),
  categoryId: integer('category_id').references(() => collectionCategories.id, { onDelete: 'set null' }),
  position: integer('position').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.collectionId, t.optionId] })]);

// ── Itineraries and best-of lists ────────────────────────────────────────────
export type ItineraryDay = { day: number; title: string; description: string; optionIds: number[] };

export const itineraries = pgTable('itineraries', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  summary: text('summary').notNull().default(''),
  countryId: integer('country_id').notNull().references(() => countries.id),
  cityId: integer('city_id').references(() => cities.id),
  days: jsonb('days').$type<ItineraryDay[]>().notNull().default([]),
  shareCount: integer('share_count').notNull().default(0),
  imageId: integer('image_id').references(() => images.id),
  /** false: taken off the site by an editor (back-office unpublish, ADR 0035). */
  published: boolean('published').notNull().default(true),
  ...content,
});

export const bestOfLists = pgTable('best_of_lists', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  intro: text('intro').notNull().default(''),
  countryId: integer('country_id').references(() => countries.id),
  cityId: integer('city_id').references(() => cities.id),
  imageId: integer('image_id').references(() => images.id),
  /** false: taken off the site by an editor (back-office unpublish, ADR 0035). */
  published: boolean('published').notNull().default(true),
  ...content,
});

export const bestOfListItems = pgTable('best_of_list_items', {
  listId: integer('list_id').notNull().references(() => bestOfLists.id, { onDelete: 'cascade' }),
  optionId: integer('option_id').notNull().references(() => options.id, { onDelete: 'cascade' }),
  position: integer('position').notNull().default(0),
  blurb: text('blurb').notNull().default(''),
}, (t) => [primaryKey({ columns: [t.listId, t.optionId] })]);

// ── Magazine ─────────────────────────────────────────────────────────────────
export type BlogBlock =
  | { type: 'paragraph'; text: string }
  | { type: 'heading'; text: string }
  /** Rich text from the back-office editor: HTML sanitised on save and again when served (src/lib/rich-text.ts). */
  | { type: 'rich'; html: string }
  | { type: 'quote'; text: string; cite?: string }
  | { type: 'list'; ordered: boolean; items: string[] }
  | { type: 'image'; imageId: number; caption: string }
  | { type: 'item'; title: string; text: string; optionId?: number }
  | { type: 'day'; day: number; title: string; text: string; optionIds: number[] };

export const blogCategories = pgTable('blog_categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  position: integer('position').notNull().default(0),
  ...content,
});

export const blogs = pgTable('blogs', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  kind: blogKind('kind').notNull(),
  categoryId: integer('category_id').notNull().references(() => blogCategories.id),
  excerpt: text('excerpt').notNull(),
  body: jsonb('body').$type<BlogBlock[]>().notNull().default([]),
  authorName: text('author_name').notNull(),
  authorBio: text('author_bio').notNull().default(''),
  videoId: text('video_id'),
  verdict: text('verdict'),
  countryId: integer('country_id').references(() => countries.id),
  cityId: integer('city_id').references(() => cities.id),
  heroImageId: integer('hero_image_id').references(() => images.id),
  publishedAt: ts('published_at').notNull(),
  /** false: taken off the site by an editor (back-office unpublish); the draft keeps the text. */
  published: boolean('published').notNull().default(true),
  ...content,
}, (t) => [index('blogs_category_idx').on(t.categoryId), index('blogs_published_idx').on(t.publishedAt)]);

export const blogTags = pgTable('blog_tags', {
  blogId: integer('blog_id').notNull().references(() => blogs.id, { onDelete: 'cascade' }),
  tagId: integer('tag_id').notNull().references(() => tags.id),
}, (t) => [primaryKey({ columns: [t.blogId, t.tagId] })]);

export const blogOptions = pgTable('blog_options', {
  blogId: integer('blog_id').notNull().references(() => blogs.id, { onDelete: 'cascade' }),
  optionId: integer('option_id').notNull().references(() => options.id, { onDelete: 'cascade' }),
  position: integer('position').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.blogId, t.optionId] })]);

// ── Users and roles ──────────────────────────────────────────────────────────
export const users = pgTable('users', {
  id: text('id').primaryKey(), // random, 128 bits, URL-safe
  email: text('email').notNull(),
  name: text('name').notNull(),
  passwordHash: text('password_hash'),
  phoneNumber: text('phone_number'),
  avatarKey: text('avatar_key'),
  countryCode: text('country_code'),
  lastLoginMethod: loginMethod('last_login_method'),
  isAdmin: boolean('is_admin').notNull().default(false),
  receiveNewsletters: boolean('receive_newsletters').notNull().default(true),
  // Spec §9 welcome discount, single use (ADR 0013): the pay transaction claims it with a
  // conditional update (`welcome_discount_used_at IS NULL` → set), a failed or lapsed payment
  // releases it. The order that holds the claim (no foreign key: orders reference users).
  welcomeDiscountUsedAt: ts('welcome_discount_used_at'),
  welcomeDiscountOrderId: text('welcome_discount_order_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  discardedAt: ts('discarded_at'),
}, (t) => [
  uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
  uniqueIndex('users_phone_uq').on(t.phoneNumber),
]);

export const partnerMemberships = pgTable('partner_memberships', {
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  operatorId: integer('operator_id').notNull().references(() => operators.id, { onDelete: 'cascade' }),
  role: text('role', { enum: ['owner', 'staff'] }).notNull().default('owner'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.userId, t.operatorId] })]);

export const ambassadorProfiles = pgTable('ambassador_profiles', {
  userId: text('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  status: ambassadorStatus('status').notNull().default('applied'),
  channel: ambassadorChannel('channel').notNull(),
  handle: text('handle').notNull(),
  referralCode: text('referral_code').notNull().unique(),
  /** Every channel the applicant shares on (spec §3 enumeration); `channel` is the first. */
  channels: ambassadorChannel('channels').array().notNull().default(sql`'{}'`),
  audienceLinks: jsonb('audience_links').$type<string[]>().notNull().default([]),
  pitch: text('pitch').notNull().default(''),
  /** Commission in basis points of the booking's net value (ADR 0024). */
  commissionRateBps: integer('commission_rate_bps').notNull().default(500),
  /** The uncapped earning privilege lifts affiliateCappedAmount; its banner is read once. */
  uncappedEarning: boolean('uncapped_earning').notNull().default(false),
  uncappedBannerReadAt: ts('uncapped_banner_read_at'),
  reviewedAt: ts('reviewed_at'),
  reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
  reviewNote: text('review_note'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [check('ambassador_rate_ck', sql`${t.commissionRateBps} BETWEEN 0 AND 5000`)]);

export const ambassadorBankAccounts = pgTable('ambassador_bank_accounts', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  country: text('country').notNull(),
  currency: text('currency').notNull(),
  accountHolder: text('account_holder').notNull(),
  bankName: text('bank_name').notNull(),
  /** Account number or IBAN, normalised (no spaces); only its last four digits leave the server. */
  accountNumber: text('account_number').notNull(),
  routingCode: text('routing_code'),
  swiftCode: text('swift_code'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('ambassador_bank_accounts_user_idx').on(t.userId)]);

// ── Reviews ──────────────────────────────────────────────────────────────────
export const reviews = pgTable('reviews', {
  id: serial('id').primaryKey(),
  optionId: integer('option_id').notNull().references(() => options.id, { onDelete: 'cascade' }),
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  authorName: text('author_name').notNull(),
  authorCountry: text('author_country'),
  rating: smallint('rating'), // null: a review record still waiting for the traveller
  title: text('title').notNull().default(''),
  body: text('body').notNull().default(''),
  travelledOn: date('travelled_on', { mode: 'string' }),
  /** The booked trip this review is for (trips: a record without rating waits for the traveller). */
  orderItemId: text('order_item_id'),
  ...content,
}, (t) => [
  index('reviews_option_idx').on(t.optionId),
  uniqueIndex('reviews_order_item_uq').on(t.orderItemId),
  check('reviews_rating_ck', sql`${t.rating} IS NULL OR (${t.rating} BETWEEN 1 AND 5)`),
]);

export const siteReviews = pgTable('site_reviews', {
  id: serial('id').primaryKey(),
  authorName: text('author_name').notNull(),
  authorLocation: text('author_location').notNull().default(''),
  rating: smallint('rating').notNull(),
  title: text('title').notNull().default(''),
  body: text('body').notNull(),
  ...content,
}, (t) => [check('site_reviews_rating_ck', sql`${t.rating} BETWEEN 1 AND 5`)]);

/**
 * Questions and answers: the editors' own (askedById null) and travellers' questions about an
 * experience (ADR 39). A row shows on a page only once it has an answer (`answer <> ''`): a
 * traveller's question is stored with an empty answer until the operator answers it.
 */
export const faqs = pgTable('faqs', {
  id: serial('id').primaryKey(),
  optionId: integer('option_id').references(() => options.id, { onDelete: 'cascade' }),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  position: integer('position').notNull().default(0),
  /** FaqTopic (src/contract/faqs.ts): what /faqs/filter narrows by. */
  topic: text('topic').notNull().default('general'),
  /** Asked by a traveller (false: written by Verdant's editors, who edit only these in /admin). */
  fromTraveller: boolean('from_traveller').notNull().default(false),
  /** The traveller who asked (null for editors' questions, or once the asker's account is gone). */
  askedById: text('asked_by_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  answeredAt: ts('answered_at'),
  answeredById: text('answered_by_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  ...content,
}, (t) => [index('faqs_option_idx').on(t.optionId), index('faqs_asked_by_idx').on(t.askedById)]);

/** "Report a problem" on an experience page (POST /option_broken_trackings; ADR 39). */
export const problemReports = pgTable('problem_reports', {
  id: serial('id').primaryKey(),
  optionId: integer('option_id').notNull().references(() => options.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['broken_photos', 'wrong_price', 'closed_business', 'other'] }).notNull(),
  details: text('details').notNull().default(''),
  reporterId: text('reporter_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  /** Who reported, as the view counter keys a visitor (ADR 12): one open report per visitor, experience and kind. */
  visitor: text('visitor').notNull(),
  pageUrl: text('page_url').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  resolvedAt: ts('resolved_at'),
  resolvedById: text('resolved_by_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
}, (t) => [
  index('problem_reports_open_idx').on(t.resolvedAt, t.createdAt),
  uniqueIndex('problem_reports_open_uq').on(t.optionId, t.visitor, t.kind).where(sql`${t.resolvedAt} IS NULL`),
]);

// ── Money ────────────────────────────────────────────────────────────────────
export const currencies = pgTable('currencies', {
  code: text('code').primaryKey(),
  fullName: text('full_name').notNull(),
  symbol: text('symbol').notNull(),
  prefix: text('prefix').notNull().default(''),
  suffix: text('suffix').notNull().default(''),
  decimalMark: text('decimal_mark').notNull().default('.'),
  thousandsSeparator: text('thousands_separator').notNull().default(','),
  exponent: smallint('exponent').notNull().default(2),
  commonGiftAmounts: jsonb('common_gift_amounts').$type<number[]>().notNull().default([]),
  checkoutSupported: boolean('checkout_supported').notNull().default(true),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Rates are stored from SGD to every currency; other pairs are derived through SGD. */
export const exchangeRates = pgTable('exchange_rates', {
  fromCurrency: text('from_currency').notNull().references(() => currencies.code),
  toCurrency: text('to_currency').notNull().references(() => currencies.code),
  rate: numeric('rate', { precision: 20, scale: 10 }).notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.fromCurrency, t.toCurrency] })]);

export const promotionCodes = pgTable('promotion_codes', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  discountType: discountType('discount_type').notNull(),
  percentOff: smallint('percent_off'),
  amountOff: integer('amount_off'),
  currencyCode: text('currency_code').notNull().default('SGD'),
  minSpend: integer('min_spend').notNull().default(0),
  startsAt: ts('starts_at'),
  endsAt: ts('ends_at'),
  maxRedemptions: integer('max_redemptions'),
  redemptionsCount: integer('redemptions_count').notNull().default(0),
  isPublic: boolean('is_public').notNull().default(true),
  active: boolean('active').notNull().default(true),
  ...content,
}, (t) => [
  check('promotion_codes_discount_ck', sql`(${t.discountType} = 'percent' AND ${t.percentOff} BETWEEN 1 AND 100) OR (${t.discountType} = 'fixed' AND ${t.amountOff} > 0)`),
]);

// ── Settings and outbox ──────────────────────────────────────────────────────
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Mail and OTP messages: delivered by a provider, always kept here (readable at /dev/outbox). */
export const outbox = pgTable('outbox', {
  id: serial('id').primaryKey(),
  channel: outboxChannel('channel').notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull().default(''),
  body: text('body').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  sentAt: ts('sent_at'),
  error: text('error'),
}, (t) => [index('outbox_recipient_idx').on(t.recipient)]);

// ── Affiliate links (/a/{id}) ────────────────────────────────────────────────
export const affiliateLinks = pgTable('affiliate_links', {
  id: text('id').primaryKey(), // random, URL-safe: the path segment of /a/{id}
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  targetPath: text('target_path').notNull(), // a path on this site, e.g. /experiences/…
  clicksCount: integer('clicks_count').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('affiliate_links_user_idx').on(t.userId),
  check('affiliate_links_target_ck', sql`${t.targetPath} LIKE '/%' AND ${t.targetPath} NOT LIKE '//%'`),
]);

export const affiliateClicks = pgTable('affiliate_clicks', {
  id: serial('id').primaryKey(),
  linkId: text('link_id').notNull().references(() => affiliateLinks.id, { onDelete: 'cascade' }),
  ipHash: text('ip_hash').notNull(),
  userAgent: text('user_agent').notNull().default(''),
  referer: text('referer'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('affiliate_clicks_link_idx').on(t.linkId)]);

/** The last affiliate click a cart's pay call carried (the attribution cookie), read when it is paid. */
export const affiliateAttributions = pgTable('affiliate_attributions', {
  cartId: text('cart_id').primaryKey().references(() => carts.id, { onDelete: 'cascade' }),
  linkId: text('link_id').notNull().references(() => affiliateLinks.id, { onDelete: 'cascade' }),
  clickId: integer('click_id').notNull().references(() => affiliateClicks.id, { onDelete: 'cascade' }),
  clickedAt: ts('clicked_at').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * The ambassadors' earnings ledger (ADR 0024): one 'earned' row per attributed paid booking and
 * at most one 'reversed' row (its negative) when the booking is cancelled or refunded. Amounts in
 * minor units of the programme currency (the cap's).
 */
export const affiliateCommissions = pgTable('affiliate_commissions', {
  id: serial('id').primaryKey(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  linkId: text('link_id').references(() => affiliateLinks.id, { onDelete: 'set null' }),
  orderId: text('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  optionId: integer('option_id').references(() => options.id, { onDelete: 'set null' }),
  kind: text('kind', { enum: ['earned', 'reversed'] }).notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  basisAmount: integer('basis_amount').notNull(),
  basisCurrency: text('basis_currency').notNull(),
  rateBps: integer('rate_bps').notNull(),
  capped: boolean('capped').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('affiliate_commissions_order_kind_uq').on(t.orderId, t.kind),
  index('affiliate_commissions_user_idx').on(t.userId, t.createdAt),
  check('affiliate_commissions_kind_ck', sql`${t.kind} IN ('earned', 'reversed')`),
]);

/** A monthly statement paid out to the ambassador's bank (statements are computed from the ledger). */
export const ambassadorPayouts = pgTable('ambassador_payouts', {
  id: serial('id').primaryKey(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  month: text('month').notNull(), // 'YYYY-MM': the last statement month this payout settles
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  paidAt: ts('paid_at').notNull().defaultNow(),
  paidBy: text('paid_by').references(() => users.id, { onDelete: 'set null' }),
}, (t) => [uniqueIndex('ambassador_payouts_user_month_uq').on(t.userId, t.month)]);

/**
 * A monthly payout statement settled to an operator (issue 15): the figures as they were when an
 * admin recorded the transfer, so a later refund shows as a change, not as a rewritten payout.
 */
export const operatorPayouts = pgTable('operator_payouts', {
  id: serial('id').primaryKey(),
  operatorId: integer('operator_id').notNull().references(() => operators.id, { onDelete: 'cascade' }),
  month: text('month').notNull(), // 'YYYY-MM' of the trips it pays for
  currency: text('currency').notNull(),
  /** Minor units of `currency`: what was transferred (the statement's net then). */
  amount: integer('amount').notNull(),
  /** The bank transfer's reference, as the operator sees it on their statement. */
  reference: text('reference').notNull(),
  paidAt: ts('paid_at').notNull().defaultNow(),
  paidBy: text('paid_by').references(() => users.id, { onDelete: 'set null' }),
}, (t) => [uniqueIndex('operator_payouts_month_uq').on(t.operatorId, t.month, t.currency)]);

/**
 * An operator's change to an experience's content, waiting for Verdant's review (ADR 0032):
 * `base` is the content the page showed when they wrote it, `proposed` what they want; approving
 * writes the fields that differ onto the live record. One pending change per experience.
 */
export const listingChanges = pgTable('listing_changes', {
  id: serial('id').primaryKey(),
  optionId: integer('option_id').notNull().references(() => options.id, { onDelete: 'cascade' }),
  operatorId: integer('operator_id').notNull().references(() => operators.id, { onDelete: 'cascade' }),
  base: jsonb('base').notNull(),
  proposed: jsonb('proposed').notNull(),
  changedFields: jsonb('changed_fields').$type<string[]>().notNull(),
  status: text('status', { enum: ['pending', 'approved', 'declined', 'withdrawn'] }).notNull().default('pending'),
  submittedBy: text('submitted_by').references(() => users.id, { onDelete: 'set null' }),
  submittedByName: text('submitted_by_name').notNull(),
  submittedAt: ts('submitted_at').notNull().defaultNow(),
  decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
  decidedByName: text('decided_by_name'),
  decidedAt: ts('decided_at'),
  note: text('note'),
  publishRunId: text('publish_run_id'),
}, (t) => [
  uniqueIndex('listing_changes_pending_uq').on(t.optionId).where(sql`${t.status} = 'pending'`),
  index('listing_changes_status_idx').on(t.status, t.submittedAt),
  index('listing_changes_option_idx').on(t.optionId, t.id),
]);

/**
 * Evidence behind one sustainability tag of one experience (issue 25, item 2; ADR 0045): a
 * certification (issuer, number, expiry), a document or photo, a short statement. The operator
 * submits it (status pending; a new submission replaces the last); an admin verifies, rejects with
 * a reason or corrects it. Verified evidence whose expiry has passed becomes `expired` by the
 * tag-evidence-expiry job. The experience page shows verified and expired evidence, and the
 * "verified" mark only while verified. The document is stored under the storage's private prefix
 * and read through GET /api/v1/tag_evidence_documents/{documentToken}.
 */
export const tagEvidence = pgTable('tag_evidence', {
  id: serial('id').primaryKey(),
  optionId: integer('option_id').notNull().references(() => options.id, { onDelete: 'cascade' }),
  tagId: integer('tag_id').notNull().references(() => tags.id, { onDelete: 'cascade' }),
  issuer: text('issuer').notNull().default(''),
  certificateNumber: text('certificate_number').notNull().default(''),
  expiresOn: date('expires_on', { mode: 'string' }),
  statement: text('statement').notNull().default(''),
  documentToken: text('document_token').unique(),
  documentKey: text('document_key'),
  documentName: text('document_name'),
  documentKind: text('document_kind', { enum: ['image', 'pdf'] }),
  status: text('status', { enum: ['pending', 'verified', 'rejected', 'expired'] }).notNull().default('pending'),
  submittedBy: text('submitted_by').references(() => users.id, { onDelete: 'set null' }),
  submittedByName: text('submitted_by_name').notNull(),
  submittedAt: ts('submitted_at').notNull().defaultNow(),
  decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
  decidedByName: text('decided_by_name'),
  decidedAt: ts('decided_at'),
  verifiedAt: ts('verified_at'),
  expiredAt: ts('expired_at'),
  rejectReason: text('reject_reason'),
  version: integer('version').notNull().default(1),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('tag_evidence_option_tag_uq').on(t.optionId, t.tagId),
  index('tag_evidence_status_idx').on(t.status, t.submittedAt),
  index('tag_evidence_expiry_idx').on(t.expiresOn).where(sql`${t.status} = 'verified'`),
]);

// ── Engagement: newsletter, consent counts, contact and corporate inquiries ─
export const newsletterSubscriptions = pgTable('newsletter_subscriptions', {
  id: serial('id').primaryKey(),
  email: text('email').notNull(),
  source: text('source').notNull().default('popup'), // popup | footer | signup
  countryCode: text('country_code'),
  createdAt: ts('created_at').notNull().defaultNow(),
  unsubscribedAt: ts('unsubscribed_at'),
}, (t) => [uniqueIndex('newsletter_email_uq').on(sql`lower(${t.email})`)]);

/** Anonymous tallies of consent choices per day (no personal data). */
export const cookieConsentCounts = pgTable('cookie_consent_counts', {
  day: date('day', { mode: 'string' }).notNull(),
  choice: text('choice', { enum: ['accept_all', 'custom'] }).notNull(),
  performance: boolean('performance').notNull(),
  functional: boolean('functional').notNull(),
  targeting: boolean('targeting').notNull(),
  count: integer('count').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.day, t.choice, t.performance, t.functional, t.targeting] })]);

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  topic: text('topic').notNull(),
  message: text('message').notNull(),
  bookingReference: text('booking_reference'),
  createdAt: ts('created_at').notNull().defaultNow(),
  handledAt: ts('handled_at'),
});

export const corporateInquiries = pgTable('corporate_inquiries', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  company: text('company').notNull(),
  phoneNumber: text('phone_number'),
  groupSize: integer('group_size').notNull(),
  preferredDates: text('preferred_dates').notNull().default(''),
  destinations: jsonb('destinations').$type<string[]>().notNull().default([]),
  budgetPerPerson: integer('budget_per_person'),
  budgetCurrency: text('budget_currency'),
  message: text('message').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  handledAt: ts('handled_at'),
}, (t) => [check('corporate_inquiries_group_ck', sql`${t.groupSize} BETWEEN 1 AND 10000`)]);

// ── Accounts: sessions, sign-in methods, codes and tokens ───────────────────
// Secrets (session tokens, payment tokens, codes, reset tokens) are stored as SHA-256 hashes
// only: a copy of the database never lets anyone sign in as someone else.

/** Account columns that belong to the accounts work (kept apart from the seed's users table). */
export const userSecurity = pgTable('user_security', {
  userId: text('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  /** Wrong passwords counted since failedSince (a 15-minute window). */
  failedLogins: integer('failed_logins').notNull().default(0),
  failedSince: ts('failed_since'),
  lockedUntil: ts('locked_until'),
  /** The personal invite code of /invite?ref=… */
  referralCode: text('referral_code').unique(),
  /** Spec §2 sign-up `osc`: where the sign-up came from. */
  signupSource: text('signup_source'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(), // sha256(cookie token), hex
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** sha256 of the token returned at log-in (sent as X-User-Token on payment calls). */
  userTokenHash: text('user_token_hash').notNull(),
  loginMethod: loginMethod('login_method').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  /** Sliding expiry (30 days after the last use), never after absoluteExpiresAt (90 days). */
  expiresAt: ts('expires_at').notNull(),
  absoluteExpiresAt: ts('absolute_expires_at').notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
}, (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)]);

export const oauthProvider = pgEnum('oauth_provider', ['google', 'facebook']);

/** A social account linked to a user. */
export const userIdentities = pgTable('user_identities', {
  provider: oauthProvider('provider').notNull(),
  subject: text('subject').notNull(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  email: text('email'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('user_identities_user_idx').on(t.userId)]);

export const otpPurpose = pgEnum('otp_purpose', ['login', 'add_phone']);

/** WhatsApp verification codes: 6 digits, hashed, 5 minutes, at most 5 tries. */
export const otpCodes = pgTable('otp_codes', {
  id: serial('id').primaryKey(),
  phoneNumber: text('phone_number').notNull(), // E.164
  purpose: otpPurpose('purpose').notNull(),
  userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  attempts: smallint('attempts').notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
  consumedAt: ts('consumed_at'),
  /** Set when a new number was verified at log-in: the sign-up that follows must present it. */
  ticketHash: text('ticket_hash'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('otp_codes_phone_idx').on(t.phoneNumber, t.createdAt)]);

/** Password reset (and first password creation) links: single use, 6 hours. */
export const passwordTokens = pgTable('password_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: ['reset', 'create'] }).notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('password_tokens_user_idx').on(t.userId)]);

/** Spec §3 Supplier invitation: the id is the code sent to the invited supplier. */
export const supplierInvitations = pgTable('supplier_invitations', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  operatorId: integer('operator_id').notNull().references(() => operators.id, { onDelete: 'cascade' }),
  /** What the invitee becomes: the operator's owner (Verdant's own invitations) or staff (a colleague's). */
  role: text('role', { enum: ['owner', 'staff'] }).notNull().default('owner'),
  invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
  expiresAt: ts('expires_at').notNull(),
  acceptedAt: ts('accepted_at'),
  acceptedUserId: text('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
});

// ── Credits, gift codes, referrals ───────────────────────────────────────────
export const creditKind = pgEnum('credit_kind', ['welcome', 'referral_reward', 'gift_code', 'spend', 'refund', 'adjustment']);

/** One balance per user and currency; the check makes a negative balance impossible. */
export const creditAccounts = pgTable('credit_accounts', {
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  currency: text('currency').notNull(),
  balance: integer('balance').notNull().default(0), // minor units
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.userId, t.currency] }), check('credit_accounts_balance_ck', sql`${t.balance} >= 0`)]);

/** The credit ledger: every change of a balance, never edited. */
export const creditEntries = pgTable('credit_entries', {
  id: serial('id').primaryKey(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  currency: text('currency').notNull(),
  amount: integer('amount').notNull(), // minor units, + credit / − spend
  balanceAfter: integer('balance_after').notNull(),
  kind: creditKind('kind').notNull(),
  description: text('description').notNull(),
  /** What caused it (an order number, a gift code id, a referral id), for idempotency and display. */
  reference: text('reference'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('credit_entries_user_idx').on(t.userId, t.createdAt),
  uniqueIndex('credit_entries_reference_uq').on(t.userId, t.kind, t.reference),
  check('credit_entries_amount_ck', sql`${t.amount} <> 0`),
]);

export const giftCodeStatus = pgEnum('gift_code_status', ['active', 'redeemed', 'used']);

/** Gift codes a user holds: redeemed into credit, or applied at checkout (booking). */
export const giftCodes = pgTable('gift_codes', {
  id: text('id').primaryKey(), // random, URL-safe
  code: text('code').notNull(),
  amount: integer('amount').notNull(), // minor units
  currency: text('currency').notNull(),
  holderUserId: text('holder_user_id').references(() => users.id, { onDelete: 'set null' }),
  senderName: text('sender_name').notNull().default(''),
  message: text('message').notNull().default(''),
  status: giftCodeStatus('status').notNull().default('active'),
  expiresAt: ts('expires_at').notNull(),
  claimedAt: ts('claimed_at'),
  redeemedAt: ts('redeemed_at'),
  usedReference: text('used_reference'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('gift_codes_code_uq').on(sql`upper(${t.code})`),
  index('gift_codes_holder_idx').on(t.holderUserId),
  check('gift_codes_amount_ck', sql`${t.amount} > 0`),
]);

/** A friend who signed up through /invite?ref=…; the referrer is rewarded after their first completed trip. */
export const referrals = pgTable('referrals', {
  id: serial('id').primaryKey(),
  referrerId: text('referrer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  refereeId: text('referee_id').notNull().unique().references(() => users.id, { onDelete: 'cascade' }),
  status: text('status', { enum: ['pending', 'rewarded'] }).notNull().default('pending'),
  rewardAmount: integer('reward_amount').notNull(),
  rewardCurrency: text('reward_currency').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  rewardedAt: ts('rewarded_at'),
}, (t) => [index('referrals_referrer_idx').on(t.referrerId), check('referrals_self_ck', sql`${t.referrerId} <> ${t.refereeId}`)]);

// ── Bucket lists ─────────────────────────────────────────────────────────────
export const bucketLists = pgTable('bucket_lists', {
  id: text('id').primaryKey(), // random, URL-safe: /bucket-list/{id}
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** Readable by anyone with the link only once the owner shares it. */
  shared: boolean('shared').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [index('bucket_lists_user_idx').on(t.userId)]);

export const bucketListOptions = pgTable('bucket_list_options', {
  id: text('id').primaryKey(),
  bucketListId: text('bucket_list_id').notNull().references(() => bucketLists.id, { onDelete: 'cascade' }),
  optionId: integer('option_id').notNull().references(() => options.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('bucket_list_options_uq').on(t.bucketListId, t.optionId)]);
// ── Booking: availability, carts, orders, payments ───────────────────────────
export const bookingStatus = pgEnum('booking_status', [
  'processing', 'confirmed', 'declined', 'completed', 'cancelled', 'date_tbc', 'awaiting', 'rescheduling', 'having_change_request',
]);
export const paymentMethod = pgEnum('payment_method', ['card', 'credit', 'gift_code', 'paynow', 'invoice', 'apple_pay', 'google_pay', 'grabpay', 'corporate']);
export const paymentTiming = pgEnum('payment_timing', ['checkout', 'later', 'invoice']);
export const orderStatus = pgEnum('order_status', [
  'pending_payment', 'requires_action', 'awaiting_payment', 'placed', 'failed', 'expired', 'cancelled',
]);
export const checkoutPaymentStatus = pgEnum('checkout_payment_status', [
  'pending', 'requires_action', 'captured', 'failed', 'cancelled', 'refunded', 'partial_refunded',
]);

/** When an option runs (src/lib/availability-rules.ts): one rule per option. */
export const availabilityRules = pgTable('availability_rules', {
  optionId: integer('option_id').primaryKey().references(() => options.id, { onDelete: 'cascade' }),
  weekdays: smallint('weekdays').notNull().default(127), // bit 0 = Monday … bit 6 = Sunday
  closedMonths: jsonb('closed_months').$type<number[]>().notNull().default([]),
  leadDays: smallint('lead_days').notNull().default(1),
  slotCapacity: smallint('slot_capacity').notNull(),
  externalDemand: smallint('external_demand').notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  check('availability_rules_ck', sql`${t.weekdays} BETWEEN 0 AND 127 AND ${t.leadDays} >= 0 AND ${t.slotCapacity} >= 0 AND ${t.externalDemand} BETWEEN 0 AND 100`),
]);

/**
 * The one capacity model: units (seats, groups or rooms) of one departure — an option on a
 * date at a start time (`slot_key` 'HH:MM' or 'day'), or one room type on a night of a stay
 * ('room:<id>'). Written when first booked; bookings take units with a conditional update, and
 * the check constraint makes overbooking and negative capacity impossible.
 */
export const availabilitySlots = pgTable('availability_slots', {
  id: serial('id').primaryKey(),
  optionId: integer('option_id').notNull().references(() => options.id, { onDelete: 'cascade' }),
  date: date('date', { mode: 'string' }).notNull(),
  slotKey: text('slot_key').notNull(),
  capacity: integer('capacity').notNull(),
  taken: integer('taken').notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('availability_slots_uq').on(t.optionId, t.date, t.slotKey),
  check('availability_slots_taken_ck', sql`${t.taken} >= 0 AND ${t.taken} <= ${t.capacity}`),
]);

/**
 * Seasonal prices of an option (issue 15, item 3): from `start_date` to `end_date` (inclusive,
 * in the experience's own calendar) the option sells at these prices instead of its own. Minor
 * units of the option's currency; null where the option has no such price. Stays price each
 * room type per night (`room_prices`, room id → price). One option's seasons never overlap:
 * the service checks it while holding the option's row lock (services/partner/seasons.ts).
 */
export const optionSeasons = pgTable('option_seasons', {
  id: serial('id').primaryKey(),
  optionId: integer('option_id').notNull().references(() => options.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }).notNull(),
  adultPrice: integer('adult_price'),
  childPrice: integer('child_price'),
  localAdultPrice: integer('local_adult_price'),
  localChildPrice: integer('local_child_price'),
  groupPrice: integer('group_price'),
  additionalPaxPrice: integer('additional_pax_price'),
  roomPrices: jsonb('room_prices').$type<Record<string, number>>().notNull().default({}),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('option_seasons_option_idx').on(t.optionId, t.startDate),
  check('option_seasons_dates_ck', sql`${t.startDate} <= ${t.endDate}`),
]);

/** A traveller's bag (spec §3 Cart): one item at most; guests have no user. */
export const carts = pgTable('carts', {
  id: text('id').primaryKey(), // random, 128 bits, URL-safe
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  currency: text('currency').notNull(),
  /** The traveller asked to pay with their credits (spec Cart.useCredit); users only. */
  useCredit: boolean('use_credit').notNull().default(false),
  /** A gift code of the user's applied to this bag (spec Cart.giftCode); used up by the pay call. */
  giftCodeId: text('gift_code_id').references(() => giftCodes.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [index('carts_user_idx').on(t.userId)]);

export type OrderLine = { kind: string; label: string; quantity: number; unitAmount: number; amount: number };

/**
 * Checkouts (spec §3 Order, inside OrderItem.order). Created by a pay call; amounts are the
 * server's computation at that moment, in minor units: base = the option's currency,
 * exchanged = the currency the traveller pays in (with the conversion fee when they differ).
 */
export const orders = pgTable('orders', {
  id: text('id').primaryKey(), // random, 128 bits: /later-payment/{id}, /invoices/{id}
  number: text('number').unique(), // issued when the order is placed or invoiced
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  cartId: text('cart_id').references(() => carts.id, { onDelete: 'set null' }),
  status: orderStatus('status').notNull(),
  paymentMethod: paymentMethod('payment_method').notNull(),
  paymentTiming: paymentTiming('payment_timing').notNull(),
  customerName: text('customer_name').notNull(),
  customerEmail: text('customer_email').notNull(),
  customerPhone: text('customer_phone'),
  baseCurrency: text('base_currency').notNull(),
  subtotalAmount: integer('subtotal_amount').notNull(),
  promotionDiscountAmount: integer('promotion_discount_amount').notNull().default(0),
  welcomeDiscountAmount: integer('welcome_discount_amount').notNull().default(0),
  referralAmount: integer('referral_amount').notNull().default(0),
  giftCodeAmount: integer('gift_code_amount').notNull().default(0),
  deductedCreditAmount: integer('deducted_credit_amount').notNull().default(0),
  totalAmount: integer('total_amount').notNull(),
  currency: text('currency').notNull(),
  exchangedSubtotalAmount: integer('exchanged_subtotal_amount').notNull(),
  exchangedDiscountAmount: integer('exchanged_discount_amount').notNull().default(0),
  exchangedTotalAmount: integer('exchanged_total_amount').notNull(),
  conversionFeeAmount: integer('conversion_fee_amount').notNull().default(0),
  feeApplied: boolean('fee_applied').notNull().default(false),
  /** One base unit in the paid currency, fee included (what the traveller was shown). */
  exchangeRate: numeric('exchange_rate', { precision: 24, scale: 10 }).notNull(),
  lines: jsonb('lines').$type<{ base: OrderLine[]; exchanged: OrderLine[] }>().notNull(),
  promotionCodeId: integer('promotion_code_id').references(() => promotionCodes.id),
  /** Paid by a company through a corporate code (ADR 0040): the whole subtotal, nothing left to pay. */
  corporateAmount: integer('corporate_amount').notNull().default(0),
  corporateCodeId: integer('corporate_code_id'),
  promotionCounted: boolean('promotion_counted').notNull().default(false),
  specialRequests: text('special_requests').notNull().default(''),
  pickupAddress: text('pickup_address'),
  /** Seats taken for a payment still being authenticated are released after this. */
  holdExpiresAt: ts('hold_expires_at'),
  /** Later payment and invoices: unpaid by then, the booking lapses and frees its seats. */
  paymentDueAt: ts('payment_due_at'),
  placedAt: ts('placed_at'),
  paidAt: ts('paid_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('orders_user_idx').on(t.userId),
  index('orders_hold_idx').on(t.holdExpiresAt),
  index('orders_due_idx').on(t.paymentDueAt),
  check('orders_amounts_ck', sql`${t.totalAmount} >= 0 AND ${t.exchangedTotalAmount} >= 0 AND ${t.subtotalAmount} >= 0`),
]);

/** The bag's item, then the booked item (spec §3 OrderItem). */
export const orderItems = pgTable('order_items', {
  id: text('id').primaryKey(),
  cartId: text('cart_id').references(() => carts.id, { onDelete: 'cascade' }),
  orderId: text('order_id').references(() => orders.id, { onDelete: 'set null' }),
  optionId: integer('option_id').notNull().references(() => options.id),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }).notNull(),
  startTime: text('start_time'),
  endTime: text('end_time'),
  /** 'HH:MM', 'day', or 'room:<id>' for stays (one slot per night). */
  slotKey: text('slot_key').notNull(),
  roomId: integer('room_id').references(() => optionRooms.id),
  quantity: smallint('quantity').notNull().default(0),
  childQuantity: smallint('child_quantity').notNull().default(0),
  localQuantity: smallint('local_quantity').notNull().default(0),
  childLocalQuantity: smallint('child_local_quantity').notNull().default(0),
  transportItemId: text('transport_item_id'),
  status: bookingStatus('status'),
  /** Capacity units this item holds in its slots now (0 while in the bag or once released). */
  unitsHeld: smallint('units_held').notNull().default(0),
  /** A gift experience (spec §4: gifts have no order actions and are non-refundable). */
  isGift: boolean('is_gift').notNull().default(false),
  sendGiftDate: date('send_gift_date', { mode: 'string' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('order_items_cart_uq').on(t.cartId),
  index('order_items_order_idx').on(t.orderId),
  // The partner's inbox, calendar and payout statements read an operator's bookings by trip date.
  index('order_items_option_date_idx').on(t.optionId, t.startDate),
  check('order_items_qty_ck', sql`${t.quantity} >= 0 AND ${t.childQuantity} >= 0 AND ${t.localQuantity} >= 0 AND ${t.childLocalQuantity} >= 0 AND ${t.unitsHeld} >= 0 AND ${t.endDate} >= ${t.startDate}`),
]);

/** Each guest's details for the operator (spec §3 OrderItem customers / requiredCustomerInfos). */
export const orderItemCustomers = pgTable('order_item_customers', {
  id: serial('id').primaryKey(),
  orderItemId: text('order_item_id').notNull().references(() => orderItems.id, { onDelete: 'cascade' }),
  position: smallint('position').notNull(),
  info: jsonb('info').$type<Record<string, string>>().notNull().default({}),
  submittedAt: ts('submitted_at'),
}, (t) => [uniqueIndex('order_item_customers_uq').on(t.orderItemId, t.position)]);

/** One payment attempt on an order. Card numbers never reach us: only brand and last four. */
export const checkoutPayments = pgTable('checkout_payments', {
  id: text('id').primaryKey(),
  orderId: text('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: ['test', 'stripe', 'none'] }).notNull(),
  providerRef: text('provider_ref'),
  method: paymentMethod('method').notNull(),
  status: checkoutPaymentStatus('status').notNull().default('pending'),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  failureCode: text('failure_code'),
  failureMessage: text('failure_message'),
  nextAction: jsonb('next_action').$type<Record<string, unknown>>(),
  /** The traveller ticked "Save this card": once captured, the card is kept as a payment card. */
  saveCard: boolean('save_card').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('checkout_payments_order_idx').on(t.orderId),
  uniqueIndex('checkout_payments_provider_ref_uq').on(t.provider, t.providerRef),
  check('checkout_payments_amount_ck', sql`${t.amount} >= 0`),
]);

/**
 * A member's customer at the payment provider (Stripe cus_…, test gateway cus_test_…), made the
 * first time they save a card; their saved cards are attached to it.
 */
export const paymentCustomers = pgTable('payment_customers', {
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
  customerRef: text('customer_ref').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.userId, t.provider] })]);

/**
 * A member's saved card (spec /payment_cards): only the provider's payment-method id and what
 * the traveller needs to recognise it. Never a card number or a security code.
 */
export const paymentCards = pgTable('payment_cards', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
  /** The provider's reusable payment method (Stripe pm_…, test gateway pm_test_…). */
  providerRef: text('provider_ref').notNull(),
  customerRef: text('customer_ref').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('payment_cards_user_idx').on(t.userId, t.provider),
  uniqueIndex('payment_cards_provider_ref_uq').on(t.provider, t.providerRef),
  uniqueIndex('payment_cards_one_default_uq').on(t.userId, t.provider).where(sql`${t.isDefault}`),
  check('payment_cards_last4_ck', sql`${t.last4} ~ '^[0-9]{4}$'`),
  check('payment_cards_exp_ck', sql`${t.expMonth} between 1 and 12`),
]);

/** Idempotency-Key of pay calls: the first answer, replayed to every retry for at least 7 days. */
export const idempotencyKeys = pgTable('idempotency_keys', {
  scope: text('scope').notNull(),
  key: text('key').notNull(),
  requestHash: text('request_hash').notNull(),
  responseStatus: integer('response_status'),
  /** The answer's JSON text exactly as first sent (jsonb would reorder its keys). */
  responseBody: text('response_body'),
  lockedUntil: ts('locked_until'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)]);

/** A promotion code applied to a bag (POST /promotion-code-redemptions), then redeemed by an order. */
export const promotionCodeRedemptions = pgTable('promotion_code_redemptions', {
  id: text('id').primaryKey(),
  cartId: text('cart_id').references(() => carts.id, { onDelete: 'cascade' }),
  orderId: text('order_id').references(() => orders.id, { onDelete: 'set null' }),
  promotionCodeId: integer('promotion_code_id').notNull().references(() => promotionCodes.id),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('promotion_code_redemptions_cart_uq').on(t.cartId)]);

/** Travellers waiting for a sold-out date (POST /waitlists). */
export const waitlists = pgTable('waitlists', {
  id: serial('id').primaryKey(),
  optionId: integer('option_id').notNull().references(() => options.id, { onDelete: 'cascade' }),
  date: date('date', { mode: 'string' }).notNull(),
  slotKey: text('slot_key'),
  name: text('name').notNull(),
  email: text('email').notNull(),
  guests: smallint('guests').notNull(),
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  notifiedAt: ts('notified_at'),
}, (t) => [
  uniqueIndex('waitlists_uq').on(t.optionId, t.date, sql`lower(${t.email})`),
  check('waitlists_guests_ck', sql`${t.guests} BETWEEN 1 AND 99`),
]);

/**
 * The built-in test payment gateway's own ledger (it plays the provider, like Stripe's test
 * mode): one row per payment intent, keyed by the caller's idempotency key so a retried
 * request never charges twice. No card numbers: the scenario, brand and last four only.
 */
export const testGatewayPayments = pgTable('test_gateway_payments', {
  id: text('id').primaryKey(), // pi_test_…
  idempotencyKey: text('idempotency_key').notNull().unique(),
  method: text('method', { enum: ['card', 'paynow', 'apple_pay', 'google_pay', 'grabpay'] }).notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  status: text('status', { enum: ['requires_action', 'processing', 'succeeded', 'failed', 'canceled', 'refunded'] }).notNull(),
  scenario: text('scenario').notNull(),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  failureCode: text('failure_code'),
  /** GrabPay: where the gateway's page sends the traveller back (the caller's return address). */
  returnUrl: text('return_url'),
  /** The card this payment was made with, as a gateway payment method (pm_test_…), when one was kept or reused. */
  paymentMethodId: text('payment_method_id'),
  /** The gateway customer the payment was for (cus_test_…): a saved card must belong to it. */
  customerRef: text('customer_ref'),
  /** Like Stripe's setup_future_usage: the card is attached to the customer once the payment succeeds. */
  setupFutureUsage: boolean('setup_future_usage').notNull().default(false),
  /** The order the charge is for, as Stripe keeps it in the payment's metadata (reconciliation matches by it). */
  orderId: text('order_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [index('test_gateway_payments_created_idx').on(t.createdAt)]);

/**
 * The test gateway's vault of reusable cards (what Stripe keeps as PaymentMethods). It keeps no
 * card number and no security code: only what the card does (its Stripe test-card scenario),
 * its brand, last four and expiry, the customer it is attached to, and when it was detached.
 */
export const testGatewayPaymentMethods = pgTable('test_gateway_payment_methods', {
  id: text('id').primaryKey(), // pm_test_…
  scenario: text('scenario').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  customerRef: text('customer_ref'),
  detachedAt: ts('detached_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

// ── Trips: managing a booking after purchase ─────────────────────────────────
/** Money given back on an order (cancellation, operator decline), one row per provider refund. */
export const orderRefunds = pgTable('order_refunds', {
  id: text('id').primaryKey(),
  orderId: text('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  paymentId: text('payment_id').notNull().references(() => checkoutPayments.id, { onDelete: 'cascade' }),
  /** Minor units of the payment's currency. */
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  reason: text('reason', { enum: ['cancelled', 'declined', 'change_rejected'] }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('order_refunds_order_idx').on(t.orderId), check('order_refunds_amount_ck', sql`${t.amount} > 0`)]);

/** Payments after the booking (add guest): each is a checkout payment of the same order. */
export const orderExtraPayments = pgTable('order_extra_payments', {
  paymentId: text('payment_id').primaryKey().references(() => checkoutPayments.id, { onDelete: 'cascade' }),
  orderItemId: text('order_item_id').notNull().references(() => orderItems.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: ['add_guest'] }).notNull(),
  /** What was added, e.g. { quantity: 1, childQuantity: 0 }. */
  detail: jsonb('detail').$type<Record<string, number>>().notNull().default({}),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** A traveller's request to move a booking to another departure (status having_change_request). */
export const orderItemChangeRequests = pgTable('order_item_change_requests', {
  id: text('id').primaryKey(),
  orderItemId: text('order_item_id').notNull().references(() => orderItems.id, { onDelete: 'cascade' }),
  status: text('status', { enum: ['pending', 'accepted', 'rejected'] }).notNull().default('pending'),
  /** The item's status before the request, restored when the operator answers. */
  previousStatus: bookingStatus('previous_status').notNull(),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }).notNull(),
  startTime: text('start_time'),
  endTime: text('end_time'),
  slotKey: text('slot_key').notNull(),
  /** Units held on the new departure while the request is open (released on rejection). */
  unitsHeld: smallint('units_held').notNull().default(0),
  note: text('note').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  decidedAt: ts('decided_at'),
  decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
}, (t) => [
  index('order_item_change_requests_item_idx').on(t.orderItemId),
  uniqueIndex('order_item_change_requests_open_uq').on(t.orderItemId).where(sql`status = 'pending'`),
]);

/** A shared trip (/s/{id}): friends with the link join or decline. */
export const tripShares = pgTable('trip_shares', {
  id: text('id').primaryKey(), // random, 128 bits: the /s/{id} link
  orderItemId: text('order_item_id').notNull().unique().references(() => orderItems.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const tripShareMembers = pgTable('trip_share_members', {
  shareId: text('share_id').notNull().references(() => tripShares.id, { onDelete: 'cascade' }),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  status: text('status', { enum: ['joined', 'declined', 'left'] }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.shareId, t.userId] })]);

/** The test gateway's refunds, keyed by the caller's idempotency key like its charges. */
export const testGatewayRefunds = pgTable('test_gateway_refunds', {
  id: text('id').primaryKey(), // re_test_…
  idempotencyKey: text('idempotency_key').notNull().unique(),
  paymentId: text('payment_id').notNull().references(() => testGatewayPayments.id, { onDelete: 'cascade' }),
  amount: integer('amount').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

// ── Gifts: gift cards and gift experiences (issue 16, ADR 0023) ─────────────
export const giftKind = pgEnum('gift_kind', ['card', 'experience']);
export const giftStatus = pgEnum('gift_status', ['pending_payment', 'scheduled', 'sent', 'redeemed', 'cancelled']);

/**
 * A gift someone bought (its order pays for it; the order has no item). A gift card becomes a
 * gift code (gift_codes) when it is paid; a gift experience carries its own code, redeemed at
 * /redeem-gift-experiences for a trip on a date the recipient picks. The e-mail to the recipient
 * goes out on `send_date` through the job queue; `sent_at` makes that delivery happen once.
 */
export const gifts = pgTable('gifts', {
  id: text('id').primaryKey(), // random, 128 bits: the printable card /gift-cards/{id}/card
  kind: giftKind('kind').notNull(),
  status: giftStatus('status').notNull().default('pending_payment'),
  orderId: text('order_id').notNull().unique().references(() => orders.id, { onDelete: 'cascade' }),
  buyerUserId: text('buyer_user_id').references(() => users.id, { onDelete: 'set null' }),
  /** Gift experience: the experience and the number of guests it is for. */
  optionId: integer('option_id').references(() => options.id),
  guests: smallint('guests').notNull().default(0),
  /** The value: minor units of `currency` (the card's amount, or the experience's price). */
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  design: text('design').notNull(),
  senderName: text('sender_name').notNull(),
  recipientName: text('recipient_name').notNull(),
  recipientEmail: text('recipient_email').notNull(),
  message: text('message').notNull().default(''),
  sendDate: date('send_date', { mode: 'string' }).notNull(),
  /** Gift card: the gift code made when it was paid. */
  giftCodeId: text('gift_code_id').references(() => giftCodes.id, { onDelete: 'set null' }),
  /** Gift experience: the code the recipient redeems (at least 80 bits of entropy). */
  code: text('code'),
  expiresAt: ts('expires_at').notNull(),
  sentAt: ts('sent_at'),
  redeemedAt: ts('redeemed_at'),
  redeemedByUserId: text('redeemed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  /** Gift experience: the recipient's booked item. */
  redeemedItemId: text('redeemed_item_id').references(() => orderItems.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  index('gifts_buyer_idx').on(t.buyerUserId),
  uniqueIndex('gifts_code_uq').on(sql`upper(${t.code})`),
  check('gifts_amount_ck', sql`${t.amount} > 0`),
  check('gifts_kind_ck', sql`(${t.kind} = 'card' AND ${t.optionId} IS NULL) OR (${t.kind} = 'experience' AND ${t.optionId} IS NOT NULL AND ${t.guests} > 0)`),
]);

// ── Publishing: the runs of the publish pipeline (issue 14, ADR 0025) ─────────
export const publishRunState = pgEnum('publish_run_state', ['queued', 'building', 'live', 'failed']);
export const publishRunKind = pgEnum('publish_run_kind', ['publish', 'preview']);

/**
 * One request to bring content changes to the static site (`publish`), or to render one draft
 * record as its public page would be (`preview`). Runs are queued in one pg-boss queue and
 * coalesced: the worker takes every queued publish run at once and brings them live together.
 */
export const publishRuns = pgTable('publish_runs', {
  id: text('id').primaryKey(), // random, URL-safe
  kind: publishRunKind('kind').notNull().default('publish'),
  state: publishRunState('state').notNull().default('queued'),
  /** Why the run failed (the render's or the build's message), shown to the editor. */
  error: text('error'),
  requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
  /** The content records the run brings live: [{ type, key }]. */
  changes: jsonb('changes').$type<{ type: string; key: string }[]>().notNull(),
  /** A preview run: the draft record (content contract shape) to render. */
  previewRecord: jsonb('preview_record'),
  /** A finished preview run: where its page is served. */
  previewUrl: text('preview_url'),
  /** What the build did: pages rendered, seconds (diagnostics for the editor and the bench). */
  stats: jsonb('stats').$type<Record<string, number | string>>(),
  requestedAt: ts('requested_at').notNull().defaultNow(),
  startedAt: ts('started_at'),
  finishedAt: ts('finished_at'),
}, (t) => [
  index('publish_runs_state_idx').on(t.state, t.requestedAt),
  check('publish_runs_finished_ck', sql`(${t.state} IN ('live', 'failed')) = (${t.finishedAt} IS NOT NULL)`),
]);

// ── Back-office editing (ADR 0026) ──────────────────────────────────────────
/**
 * An editor's working copy of one public record (`type` a content type, `key` its stable id as
 * text): what live shows changes only when the draft is published. `version` goes up by one on
 * every save, publish and restore; a save names the version it started from and is refused (409)
 * when another editor saved in between. `publishedVersion` is the version that is live (null:
 * never published from the back-office); `scheduledAt` a pending scheduled publish.
 */
export const contentDrafts = pgTable('content_drafts', {
  type: text('type').notNull(),
  key: text('key').notNull(),
  data: jsonb('data').notNull(),
  version: integer('version').notNull().default(1),
  publishedVersion: integer('published_version'),
  scheduledAt: ts('scheduled_at'),
  scheduledBy: text('scheduled_by').references(() => users.id, { onDelete: 'set null' }),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.type, t.key] })]);

/**
 * Every change an editor made to a record, newest last: the whole document after the change, the
 * fields it changed, who and when. `action`: save, publish, unpublish, schedule, schedule_failed
 * (a scheduled publish that could not go live; `note` says why), restore, or
 * `refused` (a save that lost a version race, kept so the refused editor's work is never lost).
 */
export const contentRevisions = pgTable('content_revisions', {
  id: serial('id').primaryKey(),
  type: text('type').notNull(),
  key: text('key').notNull(),
  version: integer('version').notNull(),
  action: text('action', { enum: ['save', 'publish', 'unpublish', 'schedule', 'schedule_failed', 'restore', 'refused', 'operator_change'] }).notNull(),
  data: jsonb('data').notNull(),
  /** Why, for what the editor did not do themselves (a scheduled publish that could not go live). */
  note: text('note'),
  changedFields: jsonb('changed_fields').$type<string[]>().notNull().default([]),
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  userName: text('user_name').notNull().default(''),
  publishRunId: text('publish_run_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('content_revisions_record_idx').on(t.type, t.key, t.id)]);

/**
 * A public address that moved: `/experiences/{fromSlug}` answers 301 to the record's current
 * address. Keyed by the old slug; `targetId` is the record's id, so a second rename still lands
 * on the newest slug and a rename back to an old slug removes its redirect.
 */
export const slugRedirects = pgTable('slug_redirects', {
  type: text('type').notNull(),
  fromSlug: text('from_slug').notNull(),
  targetId: integer('target_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.type, t.fromSlug] })]);

// ── Chat (issue 17, ADR 0037) ────────────────────────────────────────────────
/**
 * A conversation between a traveller and an operator (the whole team answers), optionally about
 * an experience and/or a booked trip: one per traveller, operator and subject (reused when
 * started again). Each side has one read mark (`*_read_up_to`, a message id; the operator's team
 * shares it), the last message of each side (unread = the other side's last id above one's mark,
 * without counting rows), and the unread e-mail's state: `*_mail_due_at` while an e-mail job
 * waits for that side, `*_emailed_up_to` the last message an e-mail covered.
 */
export const chatConversations = pgTable('chat_conversations', {
  id: text('id').primaryKey(),
  travellerId: text('traveller_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  operatorId: integer('operator_id').notNull().references(() => operators.id, { onDelete: 'cascade' }),
  optionId: integer('option_id').references(() => options.id, { onDelete: 'set null' }),
  orderItemId: text('order_item_id').references(() => orderItems.id, { onDelete: 'set null' }),
  startedBy: text('started_by', { enum: ['traveller', 'operator'] }).notNull(),
  lastMessageId: integer('last_message_id'),
  lastMessageAt: ts('last_message_at'),
  lastTravellerMessageId: integer('last_traveller_message_id').notNull().default(0),
  lastOperatorMessageId: integer('last_operator_message_id').notNull().default(0),
  travellerReadUpTo: integer('traveller_read_up_to').notNull().default(0),
  operatorReadUpTo: integer('operator_read_up_to').notNull().default(0),
  travellerMailDueAt: ts('traveller_mail_due_at'),
  operatorMailDueAt: ts('operator_mail_due_at'),
  travellerEmailedUpTo: integer('traveller_emailed_up_to').notNull().default(0),
  operatorEmailedUpTo: integer('operator_emailed_up_to').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('chat_conversations_subject_uq').on(t.travellerId, t.operatorId, sql`coalesce(${t.optionId}, 0)`, sql`coalesce(${t.orderItemId}, '')`),
  index('chat_conversations_traveller_idx').on(t.travellerId, t.lastMessageAt),
  index('chat_conversations_operator_idx').on(t.operatorId, t.lastMessageAt),
]);

/** A message, stored before it is sent out; ids grow within a conversation (its row is locked to insert). */
export const chatMessages = pgTable('chat_messages', {
  id: serial('id').primaryKey(),
  conversationId: text('conversation_id').notNull().references(() => chatConversations.id, { onDelete: 'cascade' }),
  side: text('side', { enum: ['traveller', 'operator'] }).notNull(),
  senderId: text('sender_id').references(() => users.id, { onDelete: 'set null' }),
  senderName: text('sender_name').notNull(),
  /** Plain text, never HTML. */
  body: text('body').notNull().default(''),
  /** The sender's own key: a retried send answers the first message. */
  clientRef: text('client_ref'),
  removedFiles: smallint('removed_files').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('chat_messages_conversation_idx').on(t.conversationId, t.id),
  uniqueIndex('chat_messages_client_ref_uq').on(t.senderId, t.clientRef),
  check('chat_messages_body_ck', sql`char_length(${t.body}) <= 4000`),
]);

/** A message's file (an image re-encoded to JPEG, or a PDF): private, served only to the two sides and admins. */
export const chatMessageFiles = pgTable('chat_message_files', {
  id: text('id').primaryKey(),
  messageId: integer('message_id').notNull().references(() => chatMessages.id, { onDelete: 'cascade' }),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  kind: text('kind', { enum: ['image', 'pdf'] }).notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  /** The file's place in its message, as sent. */
  position: smallint('position').notNull().default(0),
  width: integer('width'),
  height: integer('height'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('chat_message_files_message_idx').on(t.messageId)]);

// ── Corporate experiences (ADR 0040) ─────────────────────────────────────────
/**
 * A company's event: the experiences its employees may book, the trip dates, and who may redeem
 * (an e-mail domain, or anyone holding a code). GET /corporate-events/{id}; the id is public.
 */
export const corporateEvents = pgTable('corporate_events', {
  id: text('id').primaryKey(),
  companyName: text('company_name').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  /** Only members whose e-mail ends with @this may redeem; null lets any signed-in member. */
  emailDomain: text('email_domain'),
  optionIds: jsonb('option_ids').$type<number[]>().notNull(),
  /** Trip dates the company pays for (inclusive, the experience's local dates). */
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }).notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [check('corporate_events_dates_ck', sql`${t.startDate} <= ${t.endDate}`)]);

/** A code of an event with its limits; the row is locked while a booking counts a use. */
export const corporateCodes = pgTable('corporate_codes', {
  id: serial('id').primaryKey(),
  eventId: text('event_id').notNull().references(() => corporateEvents.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique(),
  /** Bookings the code pays for in all; null = no total limit. */
  maxUses: integer('max_uses'),
  maxUsesPerEmployee: smallint('max_uses_per_employee').notNull().default(1),
  /** Guests one booking may bring (the employee included). */
  maxGuests: smallint('max_guests').notNull().default(1),
  validFrom: ts('valid_from'),
  validUntil: ts('valid_until'),
  active: boolean('active').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('corporate_codes_event_idx').on(t.eventId),
  check('corporate_codes_limits_ck', sql`(${t.maxUses} is null or ${t.maxUses} >= 1) and ${t.maxUsesPerEmployee} >= 1 and ${t.maxGuests} >= 1`),
]);

/** A corporate code on an employee's bag, then on the order it paid for. */
export const corporateRedemptions = pgTable('corporate_redemptions', {
  id: text('id').primaryKey(),
  codeId: integer('code_id').notNull().references(() => corporateCodes.id, { onDelete: 'cascade' }),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  cartId: text('cart_id').references(() => carts.id, { onDelete: 'cascade' }),
  orderId: text('order_id').references(() => orders.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('corporate_redemptions_cart_uq').on(t.cartId), index('corporate_redemptions_code_idx').on(t.codeId, t.userId)]);

// ── Server-side conversion events (ADR 0040) ─────────────────────────────────
/**
 * One conversion event sent to the ad platform's server API, keyed by the browser pixel's
 * event_id so the two are counted once; sent by the conversion-event job.
 */
export const conversionEvents = pgTable('conversion_events', {
  eventId: text('event_id').primaryKey(),
  eventName: text('event_name').notNull(),
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  status: text('status', { enum: ['queued', 'sent', 'failed'] }).notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  createdAt: ts('created_at').notNull().defaultNow(),
  sentAt: ts('sent_at'),
});

// ── Trip notices on WhatsApp (ADR 0046) ──────────────────────────────────────
/** A traveller's choice of trip notices on WhatsApp, with the time zone their quiet hours follow. */
export const tripNoticeSettings = pgTable('trip_notice_settings', {
  userId: text('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  whatsapp: boolean('whatsapp').notNull().default(false),
  /** IANA zone, e.g. 'Asia/Singapore' (the browser's at opt-in). */
  timeZone: text('time_zone').notNull(),
  optedInAt: ts('opted_in_at'),
  optedOutAt: ts('opted_out_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const tripNoticeKind = pgEnum('trip_notice_kind', ['booking_confirmed', 'request_answered', 'date_change_answered', 'reminder']);
export const tripNoticeStatus = pgEnum('trip_notice_status', ['queued', 'sent', 'skipped']);

/**
 * One WhatsApp notice about one booking, written when its cause commits and sent by the
 * `trip-notice` job. `key` is unique (`confirmed:<item>`, `reminder:<item>:<date>` …): a cause that
 * happens twice, or a job that runs twice, never makes a second message.
 */
export const tripNotices = pgTable('trip_notices', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  orderItemId: text('order_item_id').notNull().references(() => orderItems.id, { onDelete: 'cascade' }),
  kind: tripNoticeKind('kind').notNull(),
  /** What the message says beyond the booking itself (an operator's note, the answer). */
  detail: jsonb('detail').$type<Record<string, string>>().notNull().default({}),
  status: tripNoticeStatus('status').notNull().default('queued'),
  /** When the job is due (quiet hours already applied); the test clock moves the job, not this. */
  dueAt: ts('due_at').notNull(),
  outboxId: integer('outbox_id').references(() => outbox.id, { onDelete: 'set null' }),
  /** Why a notice was not sent (opted out, no phone, trip cancelled or moved). */
  skippedReason: text('skipped_reason'),
  sentAt: ts('sent_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('trip_notices_item_idx').on(t.orderItemId),
  index('trip_notices_user_idx').on(t.userId, t.createdAt),
]);

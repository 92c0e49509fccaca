// Options (experiences): GET /options, GET /options/{slugCode}, GET /options/{slugCode}/similar.
// Public address: slugCode. Only published, not deleted options are visible.
import { z } from 'zod';
import {
  ChangedSinceQuery,
  CurrencyCode,
  CityRefSchema,
  CountryRefSchema,
  ImageSchema,
  IsoDateTime,
  MoneySchema,
  PageQuery,
  QueryId,
  QueryList,
  QuerySlugList,
  QueryText,
  RatingAggregateSchema,
  RatingSummarySchema,
  ReviewSchema,
  Slug,
  listResponse,
  queryInt,
} from './common.ts';
import { FaqSchema } from './faqs.ts';
import { TagRefSchema } from './tags.ts';
import { LODGING_TYPES, TRANSPORT_MODES } from '../lib/footprint.ts';
import { OptionTagEvidenceSchema } from './tag-evidence.ts';
import { CHILD_AGES, DURATIONS, PRICE_RANGE_PATTERN, SUSTAINABILITY_SLUGS, TABS, TIME_SLOTS, TRIP_TYPES, parsePriceRange, type PriceRange } from '../lib/filter-keys.ts';

export const OPTION_KINDS = ['stay', 'short_adventure', 'flexible_adventure', 'adventure'] as const;
export const OptionKind = z.enum(OPTION_KINDS);
export type OptionKind = z.infer<typeof OptionKind>;
export const PriceUnit = z.enum(['per_group', 'per_person', 'per_room']);
export const GroupPriceType = z.enum(['price_per_group_with_additional_pax_addon', 'price_per_group_with_min_pax']);
export const CancelType = z.enum(['all_sales_final', 'strict', 'standard', 'moderate']);
export const RescheduleType = z.enum(['allow_reschedule_cancel', 'no_reschedule_cancel']);
export const BookType = z.enum(['instant', 'request_to_book']);
export const TripType = z.enum(['private', 'join_in']);
export const LocationKind = z.enum(['meetup', 'pickup', 'return']);
export const RoomType = z.enum(['double', 'single', 'twin', 'triple', 'family', 'studio', 'suite', 'dorm_bed', 'dorm']);
export const RoomPrivacy = z.enum(['private', 'shared']);
export const Difficulty = z.enum(['easy', 'moderate', 'challenging']);

/** Sort options of spec §9: recommended (default), most_popular (Top Rated), asc/desc (price), latest; plus footprint (lowest first, ADR 0044). */
export const OPTION_SORTS = ['recommended', 'most_popular', 'asc', 'desc', 'latest', 'footprint'] as const;
export const OptionSort = z.enum(OPTION_SORTS);
export type OptionSort = z.infer<typeof OptionSort>;

/** A leg of transport used during an experience: its mode and the kilometres travelled. */
export const FootprintLegSchema = z.object({
  mode: z.enum(TRANSPORT_MODES, { error: 'Choose a kind of transport from the list' }),
  km: z.number({ error: 'Enter the distance in km' }).min(0, 'The distance cannot be negative').max(20_000, 'At most 20,000 km'),
});
/** The facts an operator records for the footprint (ADR 0044): legs travelled and where guests sleep. */
export const FootprintFactsSchema = z.object({
  legs: z.array(FootprintLegSchema).max(12, 'At most 12 legs'),
  lodging: z.enum(LODGING_TYPES, { error: 'Choose a kind of lodging from the list' }).nullable(),
});
export type FootprintFactsT = z.infer<typeof FootprintFactsSchema>;

export const FootprintPartSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('transport'), mode: z.enum(TRANSPORT_MODES), km: z.number(), kg: z.number() }),
  z.object({ kind: z.literal('stay'), lodging: z.enum(LODGING_TYPES), nights: z.number().int(), rooms: z.number().int(), kg: z.number() }),
]);
/** The experience's own footprint (kg CO2e) for `groupSize` guests, part by part, and the factors' year. */
export const ExperienceFootprintSchema = z.object({
  groupSize: z.number().int(),
  totalKg: z.number(),
  perPersonKg: z.number(),
  parts: z.array(FootprintPartSchema),
  factorsYear: z.number().int(),
});
export type ExperienceFootprintT = z.infer<typeof ExperienceFootprintSchema>;

/** An experience card: what lists, collections, magazine and pages embed. */
export const OptionSummarySchema = z.object({
  id: z.number().int(),
  slugCode: z.string(),
  name: z.string(),
  summary: z.string(),
  kind: OptionKind,
  priceUnit: PriceUnit,
  bookType: BookType,
  tripType: TripType,
  durationMinutes: z.number().int().nullable(),
  durationDays: z.number().int().nullable(),
  durationNights: z.number().int().nullable(),
  /**
   * The "from" price in the option's currency, from its pricing basis: adult price (per
   * person), group price (per group), cheapest room-night (per room). Null if not priced.
   */
  fromPrice: MoneySchema.nullable(),
  image: ImageSchema.nullable(),
  city: CityRefSchema,
  country: CountryRefSchema,
  activityType: TagRefSchema.nullable(),
  rating: RatingAggregateSchema,
  ordersCount: z.number().int(),
  /** The experience's footprint per person for two guests, kg CO2e; null when not estimated (ADR 0044). */
  footprintKg: z.number().nullable().default(null),
});
export type OptionSummary = z.infer<typeof OptionSummarySchema>;

export const OptionPricesSchema = z.object({
  adult: MoneySchema.nullable(),
  child: MoneySchema.nullable(),
  localAdult: MoneySchema.nullable(),
  localChild: MoneySchema.nullable(),
  group: MoneySchema.nullable(),
  groupIncludedPax: z.number().int().nullable(),
  additionalPax: MoneySchema.nullable(),
  minPax: z.number().int().nullable(),
});
export type OptionPrices = z.infer<typeof OptionPricesSchema>;

/** A pickup: charged once per booking or per guest. */
export const TransportItemSchema = z.object({ id: z.string(), kind: z.literal('pickup'), name: z.string(), price: MoneySchema, per: z.enum(['booking', 'person']) });
export const OptionLocationSchema = z.object({
  id: z.number().int(),
  kind: LocationKind,
  name: z.string(),
  address: z.string(),
  note: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export const OptionRoomSchema = z.object({
  id: z.number().int(),
  roomType: RoomType,
  privacy: RoomPrivacy,
  name: z.string(),
  maxGuests: z.number().int(),
  pricePerNight: MoneySchema,
  quantity: z.number().int(),
});
export const ItineraryStepSchema = z.object({ time: z.string().nullable(), title: z.string(), description: z.string() });
export const OptionPlaceSchema = z.object({ id: z.number().int(), slug: z.string(), name: z.string(), image: ImageSchema.nullable() });
export const OperatorRefSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  tagline: z.string(),
  image: ImageSchema.nullable(),
  languages: z.array(z.string()),
  foundedYear: z.number().int().nullable(),
});
export type OperatorRef = z.infer<typeof OperatorRefSchema>;

/** Tags of an option grouped by kind (spec navigation kinds + sustainability + themes). */
export const OptionTagsSchema = z.object({
  activityType: z.array(TagRefSchema),
  suitable: z.array(TagRefSchema),
  sustainability: z.array(TagRefSchema),
  theme: z.array(TagRefSchema),
});

/** How many of its newest reviews an option's detail embeds. */
export const OPTION_DETAIL_REVIEWS = 6;

/** Spec §3 Option, everything a product page shows. */
export const OptionDetailSchema = OptionSummarySchema.extend({
  description: z.string(),
  images: z.array(ImageSchema),
  currency: z.string(),
  groupPriceType: GroupPriceType.nullable(),
  useChildPrices: z.boolean(),
  hasLocalPrice: z.boolean(),
  prices: OptionPricesSchema,
  cancelType: CancelType,
  rescheduleType: RescheduleType,
  minQtyForPrice: z.number().int(),
  maxQtyForPrice: z.number().int(),
  yachtTrip: z.boolean(),
  capacity: z.number().int(),
  startTimes: z.array(z.string()),
  languages: z.array(z.string()),
  minAge: z.number().int().nullable(),
  difficulty: Difficulty,
  highlights: z.array(z.string()),
  itinerary: z.array(ItineraryStepSchema),
  inclusions: z.array(z.string()),
  exclusions: z.array(z.string()),
  transportItems: z.array(TransportItemSchema),
  locations: z.array(OptionLocationSchema),
  rooms: z.array(OptionRoomSchema),
  tags: OptionTagsSchema,
  placesOfInterest: z.array(OptionPlaceSchema),
  operator: OperatorRefSchema,
  rating: RatingSummarySchema,
  /** The newest rated reviews, at most OPTION_DETAIL_REVIEWS (all of them: GET /reviews?option=). */
  reviews: z.array(ReviewSchema),
  /** FAQs of this option (the general ones come from GET /faqs). */
  faqs: z.array(FaqSchema),
  /** The experience's own footprint for two guests; null when the operator has recorded no facts. */
  footprint: ExperienceFootprintSchema.nullable().default(null),
  /** Evidence behind its sustainability tags, verified or expired (ADR 0045); by tag slug. */
  tagEvidence: z.array(OptionTagEvidenceSchema).default([]),
  updatedAt: IsoDateTime,
});
export type OptionDetail = z.infer<typeof OptionDetailSchema>;

/** `prices=20-150` (either end may be left out): a range of "from" prices. */
export const QueryPriceRange = z
  .string()
  .trim()
  .regex(PRICE_RANGE_PATTERN, 'Must be a range like 20-150, 20- or -150')
  .transform((v, ctx): PriceRange => {
    const r = parsePriceRange(v);
    if (!r) {
      ctx.addIssue({ code: 'custom', message: 'The lower price must not be above the upper one' });
      return z.NEVER;
    }
    return r;
  });

const oneOf = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: `Must be one of ${values.join(', ')}` });

/**
 * The filters of spec §9 (wire names snake_case). Lists take `key=a,b` or `key[]=a&key[]=b`;
 * values of one key are alternatives (any may match), different keys must all match.
 * - `tab`: all | experiences (every kind but stays) | stays
 * - `kind`, `trip_type`: enum lists; `activity_type`, `suitable_for`, `sustainability`: tag slugs
 * - `time`: morning | afternoon | evening, by the option's start times (before 12:00, from 12:00, from 17:00)
 * - `location_ids`: places of interest; `city_ids`: cities; `city_id`, `country_id`: one place
 * - `prices`: a range of "from" prices in `currency` (default USD, the storefront default);
 *   `master_prices`: the same range in SGD, the currency conversions go through
 * - `child_age`: 0_3 | 4_7 | 8_12 (the option's minimum age is at most the band's top age)
 * - `durations`: 0 (less than a day), 1, 2, 3 (three days or more); stays count nights + 1
 * - `specific_id`: the id of the filter record the visitor came from (a collection)
 * - `category_id`: a collection category (landing pages)
 */
export const OptionFilterQuery = z.object({
  tab: oneOf(TABS).optional(),
  kind: QueryList(OptionKind).optional(),
  activityType: QueryList(Slug).optional(),
  time: QueryList(oneOf(TIME_SLOTS)).optional(),
  locationIds: QueryList(QueryId).optional(),
  cityIds: QueryList(QueryId).optional(),
  suitableFor: QueryList(Slug).optional(),
  prices: QueryPriceRange.optional(),
  masterPrices: QueryPriceRange.optional(),
  currency: CurrencyCode.optional(),
  childAge: QueryList(oneOf(CHILD_AGES)).optional(),
  durations: QueryList(queryInt(DURATIONS[0], DURATIONS[DURATIONS.length - 1]!)).optional(),
  tripType: QueryList(oneOf(TRIP_TYPES)).optional(),
  cityId: QueryId.optional(),
  countryId: QueryId.optional(),
  specificId: QueryId.optional(),
  categoryId: QueryId.optional(),
  sustainability: QueryList(oneOf(SUSTAINABILITY_SLUGS)).optional(),
});

/**
 * GET /options. Filters: `city`/`country` (slugs), the spec §9 filters of OptionFilterQuery,
 * `tags[]` (tag slugs, all must match), `collection` (slug), `supplier` (operator slug),
 * `slug_codes[]`, `q` (name, summary, city), `sort_by` (or `sort`).
 */
export const ListOptionsQuery = PageQuery.extend({
  city: Slug.optional(),
  country: Slug.optional(),
  ...OptionFilterQuery.shape,
  tags: QuerySlugList().optional(),
  collection: Slug.optional(),
  supplier: Slug.optional(),
  slugCodes: QuerySlugList(100).optional(),
  q: QueryText().optional(),
  sortBy: OptionSort.optional(),
  sort: OptionSort.optional(),
  ...ChangedSinceQuery.shape,
});
export type ListOptionsQuery = z.infer<typeof ListOptionsQuery>;
export type ListOptionsQueryInput = z.input<typeof ListOptionsQuery>;
export const ListOptionsResponse = listResponse('options', OptionSummarySchema);
export type ListOptionsResponse = z.infer<typeof ListOptionsResponse>;

/** GET /options/{slugCode}/similar: same city or activity type, ranked; at most `limit` (default 8, ≤ 24). */
export const SimilarOptionsQuery = z.object({ limit: queryInt(1, 24).default(8) });
export const SimilarOptionsResponse = z.object({ options: z.array(OptionSummarySchema) });
export type SimilarOptionsResponse = z.infer<typeof SimilarOptionsResponse>;

/** One value of a facet: `value` as it goes in the URL, its label, how many options it would show. */
export const FacetValueSchema = z.object({ value: z.string(), label: z.string(), count: z.number().int() });
export type FacetValue = z.infer<typeof FacetValueSchema>;
const Facet = z.array(FacetValueSchema);

/**
 * GET /filter: the facets of the filter bar for the same query as GET /options. Each facet's
 * counts apply every other filter but its own (choosing a value shows exactly `count` options);
 * enumerations list every value, tags, places and cities only those with options (and the chosen
 * ones). `priceRange` is in the asked `currency` (default USD), `masterPriceRange` in SGD.
 */
export const FilterResponse = z.object({
  totalCount: z.number().int(),
  tab: Facet,
  kind: Facet,
  activityType: Facet,
  time: Facet,
  locationIds: Facet,
  cityIds: Facet,
  suitableFor: Facet,
  childAge: Facet,
  durations: Facet,
  tripType: Facet,
  sustainability: Facet,
  priceRange: z.object({ min: MoneySchema.nullable(), max: MoneySchema.nullable() }),
  masterPriceRange: z.object({ min: MoneySchema.nullable(), max: MoneySchema.nullable() }),
  sorts: z.array(z.object({ value: OptionSort, label: z.string() })),
});
export type FilterResponse = z.infer<typeof FilterResponse>;

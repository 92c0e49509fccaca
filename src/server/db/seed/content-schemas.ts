// Schemas of the demo content in content-seed/ (the shape editors write, before ids exist).
// Enums the API also speaks come from the contract; the authoring shapes (short activity codes,
// prices in major units, templated kit copy) are seed-only and live here. The seed's types are
// inferred from these schemas, so a record that passes the loader is what the builders expect.
import { z } from 'zod';
import { BlogKind } from '../../../contract/blogs.ts';
import { FaqTopic } from '../../../contract/faqs.ts';
import { CancelType, Difficulty, LocationKind, OptionKind, RescheduleType, RoomPrivacy, RoomType, TripType } from '../../../contract/options.ts';
import { THEMES, TIMES_OF_DAY } from '../../images/themes.ts';

export const ThemeSchema = z.enum(THEMES);
export const TimeOfDaySchema = z.enum(TIMES_OF_DAY);

/** Short activity codes used while authoring; tags.ts maps them to activity-type tag slugs. */
export const ActSchema = z.enum(['hike', 'wild', 'dive', 'kayak', 'cycle', 'food', 'culture', 'camp', 'bird', 'raft', 'climb', 'photo', 'well', 'boat', 'cave', 'stay']);
export const SustainabilitySchema = z.enum(['wildlife_safe', 'litter_free_leave_no_trace', 'low_carbon', 'refuse_plastics', 'community_based', 'women_owned']);
export const SuitableSchema = z.enum(['families', 'couples', 'solo-travellers', 'groups', 'seniors', 'kids']);

const text = z.string().min(1);
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a lowercase slug (a-z, 0-9 and single hyphens)');
const qa = z.tuple([text, text]);
const count = z.number().int().positive();
const range = z.tuple([z.number(), z.number()]);

// --- places.yaml -------------------------------------------------------------------------

export const PoiSeedSchema = z.strictObject({
  slug,
  name: text,
  lat: z.number(),
  lng: z.number(),
  description: text,
  acts: z.array(ActSchema),
});

export const CitySeedSchema = z.strictObject({
  slug,
  name: text,
  featured: z.boolean(),
  lat: z.number(),
  lng: z.number(),
  tagline: text,
  description: text,
  /** A noun phrase composed copy can drop into a sentence: "the limestone karsts of Phang Nga Bay". */
  scene: text,
  /** Best months, as a phrase: "November to April". */
  season: text,
  themes: z.array(ThemeSchema),
  acts: z.array(ActSchema),
  pois: z.array(PoiSeedSchema),
});

export const CountrySeedSchema = z.strictObject({
  slug,
  code: z.string().regex(/^[A-Z]{2}$/, 'a two-letter country code'),
  name: text,
  currency: z.string().regex(/^[A-Z]{3}$/, 'a three-letter currency code'),
  region: z.enum(['Southeast Asia', 'South Asia', 'East Asia']),
  /** Calling code for made-up operator phone numbers. */
  dial: z.string().regex(/^\+\d+$/, 'a calling code such as +65'),
  tagline: text,
  description: z.array(text),
  facts: z.array(qa),
  cities: z.array(CitySeedSchema),
});

// --- options/*.yaml ----------------------------------------------------------------------

export const RoomSeedSchema = z.strictObject({ type: RoomType, privacy: RoomPrivacy, name: text, guests: count, price: z.number().positive(), qty: count });

/** Prices in MAJOR units of the operator's currency; converted to minor units on build. */
export const PricingSchema = z.discriminatedUnion('unit', [
  z.strictObject({ unit: z.literal('per_person'), adult: z.number().positive(), child: z.number().positive().optional(), localAdult: z.number().positive().optional(), localChild: z.number().positive().optional() }),
  z.discriminatedUnion('model', [
    z.strictObject({ unit: z.literal('per_group'), model: z.literal('addon'), group: z.number().positive(), included: count, extra: z.number().positive() }),
    z.strictObject({ unit: z.literal('per_group'), model: z.literal('min_pax'), perPax: z.number().positive(), minPax: count }),
  ]),
  z.strictObject({ unit: z.literal('per_room'), rooms: z.array(RoomSeedSchema).min(1) }),
]);

export const LocationSeedSchema = z.strictObject({
  kind: LocationKind,
  name: text,
  address: text,
  note: text.optional(),
  lat: z.number(),
  lng: z.number(),
});

const clock = z.string().regex(/^\d{2}:\d{2}$/, 'a time as HH:MM');
/** [time or null, title, description] */
export const StepSeedSchema = z.tuple([clock.nullable(), text, text]);

export const CoreOptionSchema = z.strictObject({
  key: slug,
  operator: slug,
  act: ActSchema,
  /** Extra activity tags beyond the main one. */
  alsoActs: z.array(ActSchema).optional(),
  places: z.array(slug),
  name: text,
  summary: text,
  description: z.array(text),
  highlights: z.array(text),
  itinerary: z.array(StepSeedSchema),
  inclusions: z.array(text),
  exclusions: z.array(text),
  locations: z.array(LocationSeedSchema),
  faqs: z.array(qa),
  kind: OptionKind,
  pricing: PricingSchema,
  minutes: count.optional(),
  days: count.optional(),
  nights: count.optional(),
  cancel: CancelType,
  reschedule: RescheduleType.optional(),
  requestToBook: z.boolean().optional(),
  trip: TripType.optional(),
  difficulty: Difficulty,
  startTimes: z.array(clock),
  minAge: z.number().int().nonnegative().optional(),
  capacity: count.optional(),
  minQty: count.optional(),
  maxQty: count.optional(),
  yacht: z.boolean().optional(),
  /** [name, price in major units] */
  transport: z.array(z.tuple([text, z.number().nonnegative()])).optional(),
  suitable: z.array(SuitableSchema),
  sustainability: z.array(SustainabilitySchema).optional(),
  themeTags: z.array(slug).optional(),
  imageThemes: z.array(ThemeSchema),
  languages: z.array(text).optional(),
  published: z.boolean().optional(),
});

// --- kits.yaml ---------------------------------------------------------------------------

export const PriceModelSchema = z.enum(['pp', 'addon', 'minpax', 'room']);
export const RoomSetSchema = z.enum(['lodge', 'homestay', 'glamping', 'cabin']);

/** An itinerary step: [offset minutes from start | negative = from end | "HH:MM" | null, title, text]. */
export const StepTemplateSchema = z.tuple([z.union([z.number().int(), clock]).nullable(), text, text]);

export const VariantSchema = z.strictObject({
  kind: OptionKind,
  model: PriceModelSchema,
  weight: z.number().positive(),
  /** SGD band: adult price (pp), per-pax price (minpax), group price (addon), double room per night (room). */
  sgd: range,
  minutes: range.optional(),
  days: range.optional(),
  nights: range.optional(),
  times: z.array(z.array(clock)),
  difficulty: z.array(Difficulty).min(1),
  trip: TripType.optional(),
  names: z.array(text).min(1),
  summaries: z.array(text).min(1),
  steps: z.array(StepTemplateSchema),
  minAge: z.number().int().nonnegative().optional(),
  capacity: range,
  childFriendly: z.boolean().optional(),
  yacht: z.boolean().optional(),
  /** Room set for stays. */
  rooms: RoomSetSchema.optional(),
  /** Only offered where the city has one of these landscapes (sailing needs a coast). */
  requiresThemes: z.array(ThemeSchema).optional(),
  /** Only offered in these cities (jeep safaris). */
  onlyIn: z.array(slug).optional(),
  /** No guide comes along (rentals, passes): copy must not promise one. */
  selfGuided: z.boolean().optional(),
  /** Overrides the kit's middle sentences for this variant. */
  middles: z.array(text).optional(),
});

export const KitSchema = z.strictObject({
  act: ActSchema,
  imageThemes: z.array(ThemeSchema),
  openers: z.array(text).min(1),
  middles: z.array(text).min(1),
  highlights: z.array(text),
  inclusions: z.array(text),
  exclusions: z.array(text),
  faqs: z.array(qa),
  suitable: z.array(SuitableSchema),
  themeTags: z.array(slug),
  variants: z.array(VariantSchema).min(1),
});

/** A room of a composed stay; price is a multiple of the double-room price. */
export const RoomTemplateSchema = z.strictObject({ type: RoomType, privacy: RoomPrivacy, name: text, guests: count, factor: z.number().positive(), qty: count });

export const KitsFileSchema = z.strictObject({
  kits: z.array(KitSchema).min(1),
  roomSets: z.record(RoomSetSchema, z.array(RoomTemplateSchema).min(1)),
});

// --- magazine/*.yaml ---------------------------------------------------------------------

export const BodySeedSchema = z.union([
  z.tuple([z.literal('p'), text]),
  z.tuple([z.literal('h'), text]),
  z.tuple([z.literal('quote'), text, text.optional()]),
  z.tuple([z.literal('list'), z.boolean(), z.array(text)]),
  z.tuple([z.literal('img'), z.array(ThemeSchema), text]),
  z.tuple([z.literal('item'), text, text, text.optional()]),
  z.tuple([z.literal('day'), count, text, text, z.array(text)]),
]);

export const ArticleSeedSchema = z.strictObject({
  slug,
  title: text,
  kind: BlogKind,
  category: slug,
  excerpt: text,
  author: text,
  tags: z.array(slug),
  country: slug.optional(),
  city: slug.optional(),
  hero: z.array(ThemeSchema).min(1),
  body: z.array(BodySeedSchema),
  verdict: text.optional(),
  /** Extra related experiences beyond those in the body. */
  related: z.array(text).optional(),
  /** Days before the reference date. */
  age: z.number().int().nonnegative(),
});

export const BlogCategorySchema = z.strictObject({ slug, name: text, description: text });
export const AuthorSchema = z.strictObject({ name: text, bio: text });

// --- images.yaml -------------------------------------------------------------------------

export const ImagesFileSchema = z.strictObject({
  themes: z.record(ThemeSchema, z.strictObject({ label: text, times: z.array(TimeOfDaySchema).min(1), scenes: z.tuple([text, text]) })),
  timesOfDay: z.record(TimeOfDaySchema, z.strictObject({ label: text, light: text })),
});

// --- corporate-events.yaml (ADR 0040) ---------------------------------------------------

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date like 2026-12-01');
export const CorporateCodeSeedSchema = z.strictObject({
  code: z.string().regex(/^[A-Z0-9-]{4,40}$/, '4 to 40 capital letters, digits or dashes'),
  /** Bookings the code pays for in all; null for no total limit. */
  maxUses: count.nullable(),
  maxUsesPerEmployee: count,
  maxGuests: count,
});
export const CorporateEventSeedSchema = z
  .strictObject({
    /** The public id in the event's address: /corporate-events/{id}. */
    id: slug,
    company: text,
    title: text,
    description: text,
    /** Only e-mails at this domain may redeem; leave out to let any member (the demo accounts) try it. */
    emailDomain: z.string().regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/).optional(),
    /** Keys of hand-written experiences in options/*.yaml. */
    experiences: z.array(slug).min(1),
    startDate: isoDate,
    endDate: isoDate,
    codes: z.array(CorporateCodeSeedSchema).min(1),
  })
  .refine((e) => e.startDate <= e.endDate, { message: 'endDate is before startDate', path: ['endDate'] });

// --- faqs.yaml (ADR 0039): the help centre's site-wide questions, in order within each topic ---

export const GeneralFaqSeedSchema = z.strictObject({
  topic: FaqTopic,
  question: text,
  answer: text,
});

// Shared building blocks of the catalogue contract.
//
// The contract describes the camelCase (TypeScript-side) shape; the wire is its snake_case
// image (keys converted once at each boundary). Query schemas describe the query *after*
// camelization (`changed_since` → `changedSince`, `tags[]=a&tags[]=b` → `tags: ['a','b']`).
//
// Envelopes (one rule for every catalogue call):
// - A list answers `{ <pluralCamelKey>: Item[], pagination: Pagination }`, e.g.
//   `GET /options` → `{ options: [...], pagination }`, `GET /site-reviews` →
//   `{ siteReviews: [...], pagination, aggregate }` (extra keys sit beside the two).
//   Every list takes `page` (default 1, ≥ 1) and `per` (default 20, 1..100).
// - A list that takes `changed_since` (countries, cities, options, collections, blogs,
//   travel_itineraries, best_of_lists, suppliers, tags) answers, when it is given, only
//   the records whose content changed after it, plus `tombstones` (records hidden or deleted
//   since, see content-changes.ts) and `highWaterMark`. The content pipeline should pull
//   through `GET /content/changes` instead (full detail records, keyset cursor, exact).
// - A detail answers the record itself (no wrapper): `GET /options/{slugCode}` → OptionDetail.
// - A page call (`/page/...`) answers one object with named parts.
// - A failure answers `{ error: string, fields?: Record<string, string> }` (422 for invalid
//   input with `fields` keyed by the wire name; 404 `{ error: 'Option not found' }`).
// Dates are ISO 8601 strings in UTC. Numeric ids are given where the spec lists them but
// public content is addressed by slug (options by slugCode).
import { z } from 'zod';

// ── Scalars ────────────────────────────────────────────────────────────────────────────
export const IsoDateTime = z.iso.datetime({ offset: true });
export const IsoDate = z.iso.date();
export const CurrencyCode = z.string().regex(/^[A-Z]{3}$/);
/** Slugs and slugCodes: letters, digits, `-` and `_`, at most 200 characters. */
export const SLUG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,199}$/;
export const Slug = z.string().regex(SLUG_PATTERN, 'Invalid slug');

/** Money on the wire: major units, rounded to the currency's exponent. */
export const MoneySchema = z.object({ amount: z.number(), currency: CurrencyCode });
export type Money = z.infer<typeof MoneySchema>;

/**
 * A stored image (spec §3 Image). `url` is the original (`/storage/<key>`); the size variants
 * go through the image route: `/_image?url=<encoded url>&w=<width>` (+ `&f=webp` for WebP).
 * Widths: sm 640, md 1080, lg 1920, xl 3840 (spec §9 image widths).
 */
export const IMAGE_WIDTHS = { sm: 640, md: 1080, lg: 1920, xl: 3840 } as const;
export const ImageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  contentType: z.string(),
  caption: z.string().nullable(),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  url: z.string(),
  lgUrl: z.string(),
  mdUrl: z.string(),
  webpXlUrl: z.string(),
  webpLgUrl: z.string(),
  webpMdUrl: z.string(),
  webpSmUrl: z.string(),
});
export type Image = z.infer<typeof ImageSchema>;

/** The spec's pagination record (§3). */
export const PaginationSchema = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  prevPage: z.number().int().nullable(),
  nextPage: z.number().int().nullable(),
  isFirstPage: z.boolean(),
  isLastPage: z.boolean(),
  totalCount: z.number().int(),
  limitValue: z.number().int(),
  offset: z.number().int(),
});
export type Pagination = z.infer<typeof PaginationSchema>;

export const RatingSummarySchema = z.object({
  /** Mean of the rated reviews, one decimal; null when there is none. */
  average: z.number().nullable(),
  count: z.number().int(),
  /** How many reviews gave each number of stars. */
  distribution: z.object({ 1: z.number().int(), 2: z.number().int(), 3: z.number().int(), 4: z.number().int(), 5: z.number().int() }),
});
export type RatingSummary = z.infer<typeof RatingSummarySchema>;

export const RatingAggregateSchema = z.object({ average: z.number().nullable(), count: z.number().int() });
export type RatingAggregate = z.infer<typeof RatingAggregateSchema>;

/** A traveller's review of one experience (GET /reviews, and the newest ones in an option's detail). */
export const ReviewSchema = z.object({
  id: z.number().int(),
  authorName: z.string(),
  authorCountry: z.string().nullable(),
  rating: z.number().int().min(1).max(5),
  title: z.string(),
  body: z.string(),
  travelledOn: IsoDate.nullable(),
  createdAt: IsoDateTime,
});
export type Review = z.infer<typeof ReviewSchema>;

// ── Small references embedded in other records ────────────────────────────────────────
export const CountryRefSchema = z.object({ id: z.number().int(), slug: z.string(), name: z.string(), code: z.string() });
export type CountryRef = z.infer<typeof CountryRefSchema>;
export const CityRefSchema = z.object({ id: z.number().int(), slug: z.string(), name: z.string(), countryId: z.number().int() });
export type CityRef = z.infer<typeof CityRefSchema>;

// ── Query helpers (inputs arrive as strings; the api-client may pass numbers/booleans) ──
/** The largest PostgreSQL `integer`: every id the database numbers is at most this. */
export const MAX_INT4 = 2_147_483_647;

/** An integer query value within bounds; `page=abc` fails with a field message. */
export const queryInt = (min: number, max: number) =>
  z.union([z.number(), z.string().trim().regex(/^-?\d+$/, 'Must be a whole number')])
    .transform(Number)
    .pipe(z.number().int().min(min, `Must be at least ${min}`).max(max, `Must be at most ${max}`));

export const QueryId = queryInt(1, MAX_INT4);

export const QueryBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** Free text: trimmed, bounded, without NUL (which PostgreSQL text refuses). */
export const QueryText = (max = 200) =>
  z.string().transform((v) => v.replace(/\p{Cc}/gu, ' ').trim()).pipe(z.string().max(max, `Must be at most ${max} characters`));

/** `key=a`, `key[]=a&key[]=b`: always an array of slugs. */
export const QuerySlugList = (maxItems = 20) =>
  z.union([Slug, z.array(Slug)])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .pipe(z.array(Slug).max(maxItems, `At most ${maxItems} values`));

export const PageQuery = z.object({
  page: queryInt(1, 1_000_000).default(1),
  per: queryInt(1, 100).default(20),
});
export type PageQueryInput = z.input<typeof PageQuery>;

/**
 * An ISO date-time in a query: a `+hh:mm` offset sent unencoded arrives as a space and is
 * put back; year 0000 (which PostgreSQL refuses) is refused here.
 */
export const QueryDateTime = z
  .string()
  .transform((v) => v.trim().replace(/ (\d{2}(?::?\d{2})?)$/, '+$1'))
  .pipe(IsoDateTime.refine((v) => !v.startsWith('0000'), 'Invalid ISO datetime'));

/** `changed_since` on the content lists (see the envelope note above). */
export const ChangedSinceQuery = z.object({ changedSince: QueryDateTime.optional() });

// ── Change-feed pieces shared by lists and the feed ────────────────────────────────────
/**
 * A record that was visible once and is not any more (deleted, unpublished, or not yet
 * published). `key` is the record's public address: slug, or slugCode for options, or
 * `<kind>/<slug>` for tags (a tag slug is unique within its kind only).
 */
export const TombstoneSchema = z.object({ key: z.string(), deleted: z.literal(true), updatedAt: IsoDateTime });
export type Tombstone = z.infer<typeof TombstoneSchema>;

/** `{ [key]: Item[], pagination }` (+ `tombstones`, `highWaterMark` when `changedSince` was asked). */
export function listResponse<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.object({
    [key]: z.array(item),
    pagination: PaginationSchema,
    tombstones: z.array(TombstoneSchema).optional(),
    highWaterMark: IsoDateTime.optional(),
  } as { [P in K]: z.ZodArray<T> } & {
    pagination: typeof PaginationSchema;
    tombstones: z.ZodOptional<z.ZodArray<typeof TombstoneSchema>>;
    highWaterMark: z.ZodOptional<typeof IsoDateTime>;
  });
}

export const ErrorResponse = z.object({ error: z.string(), fields: z.record(z.string(), z.string()).optional() });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/**
 * A filter list: `key=a,b`, `key=a` or `key[]=a&key[]=b`, each value checked by `item`.
 * A bad value fails on the key itself (`fields.kind`), naming the value.
 */
export const QueryList = <T extends z.ZodType>(item: T, maxItems = 30) =>
  z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))]).transform((raw, ctx) => {
    const parts = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => String(v).split(',')).map((v) => v.trim()).filter((v) => v !== '');
    if (parts.length > maxItems) {
      ctx.addIssue({ code: 'custom', message: `At most ${maxItems} values` });
      return z.NEVER;
    }
    const out: z.output<T>[] = [];
    for (const part of parts) {
      const r = item.safeParse(part);
      if (!r.success) {
        ctx.addIssue({ code: 'custom', message: `"${part.slice(0, 40)}" is not allowed: ${r.error.issues[0]?.message ?? 'invalid value'}` });
        return z.NEVER;
      }
      if (!out.includes(r.data)) out.push(r.data);
    }
    return out;
  });

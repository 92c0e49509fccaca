// The incremental content pull: GET /content/changes.
//
// Request:  GET /api/v1/content/changes?type=options&changed_since=<ISO>&per=100[&cursor=<next_cursor>]
// Answer:   { type, changes: [...], nextCursor: string | null, highWaterMark: ISO }
//   changes[] holds, for every record whose content changed after `changed_since` (ordered
//   by (updatedAt, id)), or for every record when it is absent (a full pull, ordered by id):
//     { key, deleted: false, updatedAt, record: <the detail record, same shape as the detail
//       endpoint: OptionDetail for options, CountryDetail for countries, …> }
//     { key, deleted: true, updatedAt }        ← tombstone: deleted, unpublished or not yet live
//   `key` is the public address (slug; slugCode for options; `<kind>/<slug>` for tags).
//
// The pull: first page with `changed_since` = the stored mark (none for a full pull); while
// `nextCursor` is not null, ask again with the same `type` and `changed_since` plus
// `cursor=nextCursor`; then store the last page's `highWaterMark` and use it as
// `changed_since` next time. Upserting a record and deleting a tombstoned key are idempotent,
// so seeing a record twice is harmless; the design guarantees never *missing* one:
// - keyset pagination, not page numbers: on (updatedAt, id) for an incremental pull, so a
//   record that changes during the pull moves behind the cursor instead of shifting the rows
//   after it; on id for a full pull (cheap at any catalogue size);
// - `highWaterMark` stays a safety window (60 s) behind the database's clock, because a write
//   whose transaction began before the pull but committed after it carries an earlier
//   updatedAt. Incremental: max(changed_since, min(last updatedAt returned, now − 60 s)),
//   microsecond precise. Full pull: now − 60 s taken at its first page (carried in the
//   cursor), since rows read early may change before the pull ends.
// A cursor belongs to its kind of pull: reusing it with another `changed_since` answers 422.
//
// What counts as a change (an entry's `updatedAt` is that effective time; `record.updatedAt` is
// the row's own): the row's own
// updatedAt/deletedAt and those of everything its detail record shows — e.g. an option's
// operator, city, country, images, tags, places, FAQs and reviews (so new reviews re-send the
// option with its new rating summary); for collections, blogs, itineraries, best-of lists and
// suppliers also the experiences they embed; a blog also becomes "changed" when its
// publishedAt passes. Rows of link tables (option_images, option_tags, collection_options,
// collection categories and tips, option rooms/locations …) carry no timestamp: writers that
// change them must bump the parent's updatedAt. Derived counters (optionsCount, ordersCount
// of countries/cities/tags) are not changes; a periodic full pull refreshes them.
import { z } from 'zod';
import { IsoDateTime, QueryDateTime, TombstoneSchema, queryInt } from './common.ts';
import { BestOfListDetailSchema } from './best-of-lists.ts';
import { BlogDetailSchema } from './blogs.ts';
import { CityDetailSchema } from './cities.ts';
import { CollectionDetailSchema } from './collections.ts';
import { CountryDetailSchema } from './countries.ts';
import { ItineraryDetailSchema } from './itineraries.ts';
import { OptionDetailSchema } from './options.ts';
import { SupplierDetailSchema } from './suppliers.ts';
import { TagDetailSchema } from './tags.ts';

export const CONTENT_DETAIL_SCHEMAS = {
  countries: CountryDetailSchema,
  cities: CityDetailSchema,
  options: OptionDetailSchema,
  collections: CollectionDetailSchema,
  blogs: BlogDetailSchema,
  travel_itineraries: ItineraryDetailSchema,
  best_of_lists: BestOfListDetailSchema,
  suppliers: SupplierDetailSchema,
  tags: TagDetailSchema,
} as const;
export type ContentType = keyof typeof CONTENT_DETAIL_SCHEMAS;
export const CONTENT_TYPES = Object.keys(CONTENT_DETAIL_SCHEMAS) as ContentType[];
export const ContentTypeSchema = z.enum(CONTENT_TYPES as [ContentType, ...ContentType[]]);

/** The opaque keyset cursor (base64url). */
export const ChangeCursor = z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, 'Invalid cursor');

export const ContentChangesQuery = z.object({
  type: ContentTypeSchema,
  changedSince: QueryDateTime.optional(),
  cursor: ChangeCursor.optional(),
  per: queryInt(1, 100).default(100),
});
export type ContentChangesQuery = z.infer<typeof ContentChangesQuery>;
export type ContentChangesQueryInput = z.input<typeof ContentChangesQuery>;

export function changeEntrySchema<T extends z.ZodType>(record: T) {
  return z.discriminatedUnion('deleted', [
    z.object({ key: z.string(), deleted: z.literal(false), updatedAt: IsoDateTime, record }),
    TombstoneSchema,
  ]);
}

export function contentChangesResponse<K extends ContentType>(type: K) {
  return z.object({
    type: z.literal(type),
    changes: z.array(changeEntrySchema(CONTENT_DETAIL_SCHEMAS[type])),
    nextCursor: z.string().nullable(),
    highWaterMark: IsoDateTime,
  });
}
export type ContentChangesResponse<K extends ContentType> = z.infer<ReturnType<typeof contentChangesResponse<K>>>;
export type ChangeEntry<K extends ContentType> = ContentChangesResponse<K>['changes'][number];

/** Any type (for a generic client): records validated loosely; use contentChangesResponse(type) to check them. */
export const AnyContentChangesResponse = z.object({
  type: ContentTypeSchema,
  changes: z.array(changeEntrySchema(z.record(z.string(), z.unknown()))),
  nextCursor: z.string().nullable(),
  highWaterMark: IsoDateTime,
});

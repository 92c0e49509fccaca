// Travel itineraries in the back-office (ADR 0035): the itinerary document (title, address,
// summary, country and city, hero image with alt text, and its days in order with their text and
// experiences) on the editing machinery every kind shares (record-editing.ts), unpublish included
// (itineraries.published, migration 0023).
import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { AdminItinerary, AdminItineraryList, AdminItineraryListQuery, ItineraryDraft } from '../../../contract/admin.ts';
import { ItineraryDraftSchema } from '../../../contract/admin.ts';
import type { ContentType } from '../../../contract/content-changes.ts';
import type { Db, Tx } from '../../db/client.ts';
import { cities, contentDrafts, countries, images, itineraries } from '../../db/schema.ts';
import { changedList, checkImage, checkOptions, checkPlace, DRAFT_COLUMNS, draftJoin, editedAt, fail, imageAltOf, listTotal, optionNamesOf, publishedRecordParts, rowState, saveImageAlt, searchCondition, statusCondition } from './listed-records.ts';
import { imageUrlsOf, recordEditor, type EditDeps } from './record-editing.ts';

export const ITINERARY: ContentType = 'travel_itineraries';
type DbOrTx = Db | Tx;
export type ItineraryBase = typeof itineraries.$inferSelect;

async function itineraryRow(db: DbOrTx, id: number): Promise<ItineraryBase | undefined> {
  const [row] = await db.select().from(itineraries).where(and(eq(itineraries.id, id), isNull(itineraries.deletedAt))).limit(1);
  return row;
}

/** The live itinerary as an editable document (days in day order). */
export async function liveItinerary(db: DbOrTx, i: ItineraryBase): Promise<ItineraryDraft> {
  return {
    title: i.title,
    slug: i.slug,
    summary: i.summary,
    countryId: i.countryId,
    cityId: i.cityId,
    image: await imageAltOf(db, i.imageId, i.title),
    days: [...i.days].sort((a, b) => a.day - b.day).map((d) => ({ title: d.title, description: d.description, optionIds: d.optionIds })),
  };
}

/** What zod cannot know: the place, image and experiences exist; the address is free. */
export async function checkItinerary(db: DbOrTx, i: ItineraryBase, d: ItineraryDraft): Promise<void> {
  await checkPlace(db, d.countryId, d.cityId);
  await checkImage(db, d.image);
  for (const [n, day] of d.days.entries()) await checkOptions(db, day.optionIds, (k) => `draft.days.${n}.option_ids.${k}`);
  const [taken] = await db.select({ id: itineraries.id }).from(itineraries).where(and(eq(itineraries.slug, d.slug), ne(itineraries.id, i.id))).limit(1);
  if (taken) throw fail('draft.slug', 'Another itinerary already uses this address');
}

/** Writes the document to the live row (days numbered by their order) and bumps updatedAt. */
export async function applyItinerary(tx: Tx, i: ItineraryBase, d: ItineraryDraft, now: Date): Promise<void> {
  await tx
    .update(itineraries)
    .set({
      title: d.title,
      slug: d.slug,
      summary: d.summary,
      countryId: d.countryId,
      cityId: d.cityId,
      imageId: d.image?.id ?? null,
      days: d.days.map((day, n) => ({ day: n + 1, title: day.title, description: day.description, optionIds: day.optionIds })),
      updatedAt: now,
    })
    .where(eq(itineraries.id, i.id));
  await saveImageAlt(tx, d.image, now);
}

export const ITINERARY_EDITOR = recordEditor({
  type: ITINERARY,
  noun: 'itinerary',
  schema: ItineraryDraftSchema,
  row: itineraryRow,
  ...publishedRecordParts(itineraries),
  slugOf: (d) => d.slug,
  changedFields: changedList,
  liveDocument: liveItinerary,
  check: checkItinerary,
  apply: applyItinerary,
});

export async function itineraryView(d: EditDeps, id: number): Promise<AdminItinerary> {
  const { state } = await ITINERARY_EDITOR.editState(d, id);
  const doc = state.draft;
  return {
    ...state,
    imageUrls: await imageUrlsOf(d.db, doc.image ? [doc.image.id] : []),
    optionNames: await optionNamesOf(d.db, doc.days.flatMap((day) => day.optionIds)),
  };
}

type ListQuery = { q?: string | undefined; status: 'all' | 'published' | 'unpublished' | 'changed' | 'scheduled'; countryId?: number | undefined; sort: NonNullable<AdminItineraryListQuery['sort']>; page: number; per: number };

/** Itineraries with search (title, address, place, id), status, country, sort and pages. */
export async function listItineraries(db: Db, q: ListQuery): Promise<AdminItineraryList> {
  const join = draftJoin(ITINERARY, itineraries.id);
  const where = and(
    isNull(itineraries.deletedAt),
    searchCondition(q.q, [itineraries.title, itineraries.slug, cities.name, countries.name], itineraries.id),
    statusCondition(q.status, itineraries.published),
    q.countryId ? eq(itineraries.countryId, q.countryId) : undefined,
  );
  const edited = editedAt(itineraries.updatedAt);
  const order = {
    updated_desc: [desc(edited), desc(itineraries.id)],
    updated_asc: [asc(edited), asc(itineraries.id)],
    title_asc: [asc(itineraries.title), asc(itineraries.id)],
    title_desc: [desc(itineraries.title), desc(itineraries.id)],
  }[q.sort];
  const select = () =>
    db
      .select({
        id: itineraries.id,
        title: itineraries.title,
        slug: itineraries.slug,
        city: cities.name,
        country: countries.name,
        published: itineraries.published,
        days: sql<number>`jsonb_array_length(${itineraries.days})`.mapWith(Number),
        updatedAt: itineraries.updatedAt,
        imageKey: images.key,
        draftTitle: sql<string | null>`${contentDrafts.data}->>'title'`,
        ...DRAFT_COLUMNS,
      })
      .from(itineraries)
      .innerJoin(countries, eq(countries.id, itineraries.countryId))
      .leftJoin(cities, eq(cities.id, itineraries.cityId))
      .leftJoin(images, eq(images.id, itineraries.imageId))
      .leftJoin(contentDrafts, join)
      .where(where);
  const rows = await select()
    .orderBy(...order)
    .limit(q.per)
    .offset((q.page - 1) * q.per);
  return {
    items: rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      place: r.city ? `${r.city}, ${r.country}` : r.country,
      daysCount: r.days,
      imageUrl: r.imageKey ? `/storage/${r.imageKey}` : null,
      ...rowState(r, r.title, r.draftTitle),
    })),
    total: await listTotal(rows, q.page, () => select().limit(1)),
    page: q.page,
    per: q.per,
  };
}

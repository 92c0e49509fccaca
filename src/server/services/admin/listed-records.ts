// What the collections, itineraries and best-of lists editing share (ADR 0035):
// the checks of their references (place, hero image, experiences), the hero image's alt text, the
// changed fields of a revision, and the parts of their back-office lists (search, status, the
// draft joined beside the live row).
import { and, eq, inArray, isNotNull, isNull, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DraftImageSchema } from '../../../contract/admin.ts';
import type { EditStatus } from '../../../contract/admin.ts';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { cities, contentDrafts, countries, images, options } from '../../db/schema.ts';
import { HttpError } from '../../http.ts';

type DbOrTx = Db | Tx;
type DraftImage = z.infer<typeof DraftImageSchema>;

export const fail = (field: string, message: string) => new HttpError(422, message, { fields: { [field]: message } });

/** The country and city exist (and the city is in the country); `countryRequired` for itineraries. */
export async function checkPlace(db: DbOrTx, countryId: number | null, cityId: number | null): Promise<void> {
  if (countryId !== null) {
    const [c] = await db.select({ id: countries.id }).from(countries).where(and(eq(countries.id, countryId), isNull(countries.deletedAt))).limit(1);
    if (!c) throw fail('draft.country_id', 'Choose a country from the list');
  }
  if (cityId !== null) {
    const [c] = await db.select({ countryId: cities.countryId }).from(cities).where(and(eq(cities.id, cityId), isNull(cities.deletedAt))).limit(1);
    if (!c) throw fail('draft.city_id', 'Choose a city from the list');
    if (countryId !== null && c.countryId !== countryId) throw fail('draft.city_id', 'This city is not in the chosen country');
  }
}

export async function checkImage(db: DbOrTx, image: DraftImage | null): Promise<void> {
  if (!image) return;
  const [found] = await db.select({ id: images.id }).from(images).where(and(eq(images.id, image.id), isNull(images.deletedAt))).limit(1);
  if (!found) throw fail('draft.image.id', 'That image no longer exists');
}

/** Experiences listed once each, and existing (not deleted): 422 on the first one's field. */
export async function checkOptions(db: DbOrTx, ids: readonly number[], field: (i: number) => string): Promise<void> {
  const twice = ids.findIndex((id, i) => ids.indexOf(id) !== i);
  if (twice >= 0) throw fail(field(twice), 'This experience is listed twice');
  if (!ids.length) return;
  const found = new Set((await db.select({ id: options.id }).from(options).where(and(inArray(options.id, [...ids]), isNull(options.deletedAt)))).map((r) => r.id));
  const missing = ids.findIndex((id) => !found.has(id));
  if (missing >= 0) throw fail(field(missing), 'That experience does not exist');
}

/** The hero image as the document holds it: an image without alt text gets the record's name. */
export async function imageAltOf(db: DbOrTx, imageId: number | null, name: string): Promise<DraftImage | null> {
  if (imageId === null) return null;
  const [img] = await db.select({ alt: images.alt }).from(images).where(eq(images.id, imageId)).limit(1);
  if (!img) return null;
  return { id: imageId, alt: img.alt.trim().length >= 3 ? img.alt : `Photo of ${name}`.slice(0, 250) };
}

/** Alt text lives on the shared image row (ADR 0026). */
export async function saveImageAlt(tx: Tx, image: DraftImage | null, now: Date): Promise<void> {
  if (image) await tx.update(images).set({ alt: image.alt, updatedAt: now }).where(and(eq(images.id, image.id), ne(images.alt, image.alt)));
}

/** The top-level fields that differ between two documents. */
export function changedList<D extends object>(before: D | null, after: D): string[] {
  if (!before) return [];
  return (Object.keys(after) as (keyof D)[]).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k])).map(String);
}

/** Experience names by id (the edit screens show them beside the ids). */
export async function optionNamesOf(db: Db, ids: number[]): Promise<Record<string, string>> {
  const rows = ids.length ? await db.select({ id: options.id, name: options.name }).from(options).where(inArray(options.id, [...new Set(ids)])) : [];
  return Object.fromEntries(rows.map((r) => [String(r.id), r.name]));
}

// ── Lists ────────────────────────────────────────────────────────────────────

/** The record's draft row beside its live row (left join condition). */
export const draftJoin = (type: string, id: AnyColumn) => and(eq(contentDrafts.type, type), eq(contentDrafts.key, sql`${id}::text`))!;
/** When the record was last edited: its live row or its draft, whichever is newer. */
export const editedAt = (updatedAt: AnyColumn) => sql`greatest(${updatedAt}, coalesce(${contentDrafts.updatedAt}, ${updatedAt}))`;

/** Search on title and address (and the id when the text is a number). */
export function searchCondition(q: string | undefined, columns: AnyColumn[], id: AnyColumn): SQL | undefined {
  if (!q) return undefined;
  const like = `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  const asId = /^\d{1,9}$/.test(q) ? Number(q) : null;
  return or(...columns.map((c) => sql`${c} ilike ${like}`), ...(asId ? [eq(id, asId)] : []));
}

/** The list's status filter, as the other lists read it ('published' includes unpublished changes). */
export function statusCondition(status: 'all' | 'published' | 'unpublished' | 'changed' | 'scheduled', published: AnyColumn): SQL | undefined {
  if (status === 'published') return eq(published, true);
  if (status === 'unpublished') return eq(published, false);
  if (status === 'changed') return and(eq(published, true), isNotNull(contentDrafts.version), sql`${contentDrafts.version} is distinct from ${contentDrafts.publishedVersion}`);
  if (status === 'scheduled') return isNotNull(contentDrafts.scheduledAt);
  return undefined;
}

/** The draft columns a list selects beside the live row. */
export const DRAFT_COLUMNS = {
  draftVersion: contentDrafts.version,
  publishedVersion: contentDrafts.publishedVersion,
  draftUpdatedAt: contentDrafts.updatedAt,
  scheduledAt: contentDrafts.scheduledAt,
  total: sql<number>`count(*) over ()`.mapWith(Number),
};

/** A list page's total: its rows' window count, or, on a page past the end, the first row's (`first`: the same query, limit 1). */
export async function listTotal(rows: { total: number }[], page: number, first: () => Promise<{ total: number }[]>): Promise<number> {
  if (rows.length > 0 || page === 1) return rows[0]?.total ?? 0;
  return (await first())[0]?.total ?? 0;
}

type DraftCols = { published: boolean; draftVersion: number | null; publishedVersion: number | null; draftUpdatedAt: Date | null; scheduledAt: Date | null; updatedAt: Date };

/** A row's published flag, status, schedule and last edit; `title`: the draft's when it differs from live. */
export function rowState(r: DraftCols, liveTitle: string, draftTitle: string | null): { title: string; published: boolean; status: EditStatus; scheduledAt: string | null; updatedAt: string } {
  const changed = r.draftVersion !== null && r.draftVersion !== r.publishedVersion;
  return {
    title: changed && draftTitle ? draftTitle : liveTitle,
    published: r.published,
    status: !r.published ? 'unpublished' : changed ? 'changed' : 'published',
    scheduledAt: r.scheduledAt?.toISOString() ?? null,
    updatedAt: (r.draftUpdatedAt && r.draftUpdatedAt > r.updatedAt ? r.draftUpdatedAt : r.updatedAt).toISOString(),
  };
}

/** A table with the columns a published record's editing needs. */
type PublishedTable = PgTable & { id: PgColumn; published: PgColumn; updatedAt: PgColumn };

/**
 * The parts of an editor (record-editing.ts EditKind) that are the same for every record kept in
 * a table with `published`: its live state, the row lock, and publish/unpublish.
 */
export function publishedRecordParts(table: PublishedTable) {
  return {
    live: (r: { slug: string; published: boolean; updatedAt: Date }) => ({ slug: r.slug, published: r.published, updatedAt: r.updatedAt }),
    lock: async (tx: Tx, id: number) => {
      await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for('update');
    },
    setPublished: async (tx: Tx, id: number, published: boolean, now: Date) => {
      await tx.update(table).set({ published, updatedAt: now }).where(eq(table.id, id));
    },
  };
}

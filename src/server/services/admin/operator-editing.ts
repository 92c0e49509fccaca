// Operators in the back-office (issue 14): the operator's public page (/operators/{slug}) as a
// document on the editing machinery every record shares (record-editing.ts): drafts, versions,
// revisions and restore, preview, publish now or at a time, and a permanent redirect from the
// old address after a slug change. An operator's page cannot be unpublished on its own: it is
// public while it has published experiences (unpublish those instead).
import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { AdminOperator, AdminOperatorList, OperatorDraft } from '../../../contract/admin.ts';
import { OperatorDraftSchema } from '../../../contract/admin.ts';
import type { ContentType } from '../../../contract/content-changes.ts';
import type { Db, Tx } from '../../db/client.ts';
import { cities, contentDrafts, images, operators, options } from '../../db/schema.ts';
import { HttpError } from '../../http.ts';
import { changedList, draftJoin, DRAFT_COLUMNS, editedAt, fail, rowState, searchCondition } from './listed-records.ts';
import { imageUrlsOf, recordEditor, type EditDeps } from './record-editing.ts';

export const OPERATOR: ContentType = 'suppliers';
type DbOrTx = Db | Tx;
export type OperatorBase = typeof operators.$inferSelect;

async function operatorRow(db: DbOrTx, id: number): Promise<OperatorBase | undefined> {
  const [row] = await db.select().from(operators).where(and(eq(operators.id, id), isNull(operators.deletedAt))).limit(1);
  return row;
}

async function liveOperator(db: DbOrTx, o: OperatorBase): Promise<OperatorDraft> {
  const [image] = o.imageId ? await db.select({ id: images.id, alt: images.alt }).from(images).where(eq(images.id, o.imageId)).limit(1) : [];
  return {
    name: o.name,
    slug: o.slug,
    tagline: o.tagline,
    description: o.description,
    cityId: o.cityId,
    foundedYear: o.foundedYear,
    teamSize: o.teamSize,
    languages: o.languages,
    contactEmail: o.contactEmail,
    contactPhone: o.contactPhone,
    website: o.website,
    // An image without alt text in the catalogue gets the operator's name, so the document stays valid.
    images: image ? [{ id: image.id, alt: image.alt.trim().length >= 3 ? image.alt : `${o.name}, the operator` }] : [],
  };
}

async function checkOperator(db: DbOrTx, o: OperatorBase, d: OperatorDraft): Promise<void> {
  const [city] = await db.select({ id: cities.id }).from(cities).where(and(eq(cities.id, d.cityId), isNull(cities.deletedAt))).limit(1);
  if (!city) throw fail('draft.city_id', 'Choose a city from the list');
  const photo = d.images[0];
  if (photo) {
    const [found] = await db.select({ id: images.id }).from(images).where(and(eq(images.id, photo.id), isNull(images.deletedAt))).limit(1);
    if (!found) throw fail('draft.images.0.id', 'That image no longer exists');
  }
  const [taken] = await db.select({ id: operators.id }).from(operators).where(and(eq(operators.slug, d.slug), ne(operators.id, o.id))).limit(1);
  if (taken) throw fail('draft.slug', 'Another operator already uses this address');
}

async function applyOperator(tx: Tx, o: OperatorBase, d: OperatorDraft, now: Date): Promise<void> {
  const photo = d.images[0] ?? null;
  await tx
    .update(operators)
    .set({
      name: d.name,
      slug: d.slug,
      tagline: d.tagline,
      description: d.description,
      cityId: d.cityId,
      foundedYear: d.foundedYear,
      teamSize: d.teamSize,
      languages: d.languages,
      contactEmail: d.contactEmail,
      contactPhone: d.contactPhone,
      website: d.website,
      imageId: photo?.id ?? null,
      updatedAt: now,
    })
    .where(eq(operators.id, o.id));
  if (photo) await tx.update(images).set({ alt: photo.alt, updatedAt: now }).where(and(eq(images.id, photo.id), ne(images.alt, photo.alt)));
}

export const OPERATOR_EDITOR = recordEditor({
  type: OPERATOR,
  noun: 'operator',
  schema: OperatorDraftSchema,
  row: operatorRow,
  live: (o) => ({ slug: o.slug, published: true, updatedAt: o.updatedAt }),
  lock: async (tx, id) => {
    await tx.select({ id: operators.id }).from(operators).where(eq(operators.id, id)).for('update');
  },
  liveDocument: liveOperator,
  check: checkOperator,
  apply: applyOperator,
  setPublished: async (_tx, _id, published) => {
    if (!published) throw new HttpError(422, 'An operator’s page can’t be unpublished on its own: it is public while the operator has published experiences. Unpublish those instead.', { fields: { version: 'Operators stay published' } });
  },
  slugOf: (d) => d.slug,
  changedFields: changedList,
});

const publishedExperiences = (operatorId: number) => and(eq(options.operatorId, operatorId), eq(options.published, true), isNull(options.deletedAt));

export async function operatorView(d: EditDeps, id: number): Promise<AdminOperator> {
  const { state } = await OPERATOR_EDITOR.editState(d, id);
  const [count] = await d.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(options).where(publishedExperiences(id));
  const { liveSlug, ...rest } = state;
  return { ...rest, liveSlug, experiences: count?.n ?? 0, imageUrls: await imageUrlsOf(d.db, state.draft.images.map((i) => i.id)) };
}

type ListQuery = { q?: string | undefined; sort: 'name_asc' | 'name_desc' | 'updated_desc' | 'updated_asc'; page: number; per: number };

/** Operators with search, sort and pages; each with its city, published experiences and where its draft stands. */
export async function listOperators(db: Db, q: ListQuery): Promise<AdminOperatorList> {
  const where = and(isNull(operators.deletedAt), searchCondition(q.q, [operators.name, operators.slug, operators.contactEmail], operators.id));
  const edited = editedAt(operators.updatedAt);
  const order = {
    name_asc: [asc(operators.name), asc(operators.id)],
    name_desc: [desc(operators.name), desc(operators.id)],
    updated_desc: [desc(edited), desc(operators.id)],
    updated_asc: [asc(edited), asc(operators.id)],
  }[q.sort];
  const join = draftJoin(OPERATOR, operators.id);
  const rows = await db
    .select({ id: operators.id, name: operators.name, slug: operators.slug, city: cities.name, updatedAt: operators.updatedAt, imageKey: images.key, draftName: sql<string | null>`${contentDrafts.data}->>'name'`, ...DRAFT_COLUMNS })
    .from(operators)
    .innerJoin(cities, eq(cities.id, operators.cityId))
    .leftJoin(images, eq(images.id, operators.imageId))
    .leftJoin(contentDrafts, join)
    .where(where)
    .orderBy(...order)
    .limit(q.per)
    .offset((q.page - 1) * q.per);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && q.page > 1) {
    const [c] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(operators).where(where);
    total = c?.n ?? 0;
  }
  const ids = rows.map((r) => r.id);
  const counts = ids.length
    ? await db.select({ id: options.operatorId, n: sql<number>`count(*)`.mapWith(Number) }).from(options).where(and(inArray(options.operatorId, ids), eq(options.published, true), isNull(options.deletedAt))).groupBy(options.operatorId)
    : [];
  const count = new Map(counts.map((c) => [c.id, c.n]));
  return {
    items: rows.map((r) => {
      // An operator's page is always published (no unpublish): only its draft can differ.
      const { title, status, scheduledAt, updatedAt } = rowState({ ...r, published: true }, r.name, r.draftName);
      return { id: r.id, name: title, slug: r.slug, city: r.city, experiences: count.get(r.id) ?? 0, status, scheduledAt, updatedAt, imageUrl: r.imageKey ? `/storage/${r.imageKey}` : null };
    }),
    total,
    page: q.page,
    per: q.per,
  };
}

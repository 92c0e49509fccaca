// Collections in the back-office (ADR 0035): the collection document (title, address, tagline,
// intro, place, gift and featured flags, order, hero image with alt text, categories, tips, and
// its experiences in order with their category) on the editing machinery every kind shares
// (record-editing.ts): drafts, versions, revisions, publish through the pipeline, schedule,
// redirects, unpublish (collections.published, migration 0023: the public API answers 404 and
// the content feed sends a tombstone).
import { and, asc, desc, eq, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { AdminCollection, AdminCollectionList, AdminCollectionListQuery, CollectionDraft } from '../../../contract/admin.ts';
import { CollectionDraftSchema } from '../../../contract/admin.ts';
import type { ContentType } from '../../../contract/content-changes.ts';
import type { Db, Tx } from '../../db/client.ts';
import { cities, collectionCategories, collectionOptions, collections, collectionTips, contentDrafts, countries, images } from '../../db/schema.ts';
import { changedList, checkImage, checkOptions, checkPlace, DRAFT_COLUMNS, draftJoin, editedAt, fail, imageAltOf, listTotal, optionNamesOf, publishedRecordParts, rowState, saveImageAlt, searchCondition, statusCondition } from './listed-records.ts';
import { imageUrlsOf, recordEditor, type EditDeps } from './record-editing.ts';

export const COLLECTION: ContentType = 'collections';
type DbOrTx = Db | Tx;
export type CollectionBase = typeof collections.$inferSelect;

async function collectionRow(db: DbOrTx, id: number): Promise<CollectionBase | undefined> {
  const [row] = await db.select().from(collections).where(and(eq(collections.id, id), isNull(collections.deletedAt))).limit(1);
  return row;
}

/** The live collection as an editable document. */
export async function liveCollection(db: DbOrTx, c: CollectionBase): Promise<CollectionDraft> {
  const [cats, tips, links, alt] = await Promise.all([
    db.select().from(collectionCategories).where(eq(collectionCategories.collectionId, c.id)).orderBy(asc(collectionCategories.position), asc(collectionCategories.id)),
    db.select().from(collectionTips).where(eq(collectionTips.collectionId, c.id)).orderBy(asc(collectionTips.position), asc(collectionTips.id)),
    db.select().from(collectionOptions).where(eq(collectionOptions.collectionId, c.id)).orderBy(asc(collectionOptions.position), asc(collectionOptions.optionId)),
    imageAltOf(db, c.imageId, c.name),
  ]);
  const slugOfCategory = new Map(cats.map((k) => [k.id, k.slug]));
  return {
    name: c.name,
    slug: c.slug,
    tagline: c.tagline,
    description: c.description,
    countryId: c.countryId,
    cityId: c.cityId,
    isGift: c.isGift,
    featured: c.featured,
    position: c.position,
    image: alt,
    categories: cats.map((k) => ({ id: k.id, slug: k.slug, name: k.name, description: k.description })),
    tips: tips.map((t) => ({ title: t.title, body: t.body })),
    options: links.map((l) => ({ optionId: l.optionId, category: l.categoryId === null ? null : (slugOfCategory.get(l.categoryId) ?? null) })),
  };
}

/** What zod cannot know: the place, image and experiences exist; addresses are free and unique. */
export async function checkCollection(db: DbOrTx, c: CollectionBase, d: CollectionDraft): Promise<void> {
  await checkPlace(db, d.countryId, d.cityId);
  await checkImage(db, d.image);
  const slugs = d.categories.map((k) => k.slug);
  const twice = slugs.findIndex((s, i) => slugs.indexOf(s) !== i);
  if (twice >= 0) throw fail(`draft.categories.${twice}.slug`, 'Another category of this collection uses this address');
  const known = new Set(slugs);
  const orphan = d.options.findIndex((o) => o.category !== null && !known.has(o.category));
  if (orphan >= 0) throw fail(`draft.options.${orphan}.category`, 'Choose one of the collection’s categories');
  await checkOptions(db, d.options.map((o) => o.optionId), (i) => `draft.options.${i}.option_id`);
  const [taken] = await db.select({ id: collections.id }).from(collections).where(and(eq(collections.slug, d.slug), ne(collections.id, c.id))).limit(1);
  if (taken) throw fail('draft.slug', 'Another collection already uses this address');
}

/**
 * Writes the document to the live tables and bumps updatedAt (the content feed's signal).
 * Categories keep their ids (their `/categories/{id}` address) when the draft names them.
 */
export async function applyCollection(tx: Tx, c: CollectionBase, d: CollectionDraft, now: Date): Promise<void> {
  await tx
    .update(collections)
    .set({
      name: d.name,
      slug: d.slug,
      tagline: d.tagline,
      description: d.description,
      countryId: d.countryId,
      cityId: d.cityId,
      isGift: d.isGift,
      featured: d.featured,
      position: d.position,
      imageId: d.image?.id ?? null,
      updatedAt: now,
    })
    .where(eq(collections.id, c.id));
  await saveImageAlt(tx, d.image, now);

  const existing = new Set((await tx.select({ id: collectionCategories.id }).from(collectionCategories).where(eq(collectionCategories.collectionId, c.id))).map((r) => r.id));
  const kept = d.categories.flatMap((k) => (k.id !== null && existing.has(k.id) ? [k.id] : []));
  await tx.delete(collectionCategories).where(and(eq(collectionCategories.collectionId, c.id), ...(kept.length ? [notInArray(collectionCategories.id, kept)] : [])));
  // Slugs are unique per collection: move the kept ones out of the way before renaming any.
  for (const id of kept) await tx.update(collectionCategories).set({ slug: `~${id}` }).where(eq(collectionCategories.id, id));
  const idOfSlug = new Map<string, number>();
  for (const [position, k] of d.categories.entries()) {
    const values = { slug: k.slug, name: k.name, description: k.description, position };
    if (k.id !== null && existing.has(k.id)) {
      await tx.update(collectionCategories).set(values).where(eq(collectionCategories.id, k.id));
      idOfSlug.set(k.slug, k.id);
    } else {
      const [row] = await tx.insert(collectionCategories).values({ collectionId: c.id, ...values }).returning({ id: collectionCategories.id });
      idOfSlug.set(k.slug, row!.id);
    }
  }

  await tx.delete(collectionTips).where(eq(collectionTips.collectionId, c.id));
  if (d.tips.length) await tx.insert(collectionTips).values(d.tips.map((t, position) => ({ collectionId: c.id, title: t.title, body: t.body, position })));
  await tx.delete(collectionOptions).where(eq(collectionOptions.collectionId, c.id));
  if (d.options.length) {
    await tx.insert(collectionOptions).values(d.options.map((o, position) => ({ collectionId: c.id, optionId: o.optionId, categoryId: o.category === null ? null : (idOfSlug.get(o.category) ?? null), position })));
  }
}

export const COLLECTION_EDITOR = recordEditor({
  type: COLLECTION,
  noun: 'collection',
  schema: CollectionDraftSchema,
  row: collectionRow,
  ...publishedRecordParts(collections),
  slugOf: (d) => d.slug,
  changedFields: changedList,
  liveDocument: liveCollection,
  check: checkCollection,
  apply: applyCollection,
});

export async function collectionView(d: EditDeps, id: number): Promise<AdminCollection> {
  const { state } = await COLLECTION_EDITOR.editState(d, id);
  const doc = state.draft;
  return {
    ...state,
    imageUrls: await imageUrlsOf(d.db, doc.image ? [doc.image.id] : []),
    optionNames: await optionNamesOf(d.db, doc.options.map((o) => o.optionId)),
  };
}

type ListQuery = { q?: string | undefined; status: 'all' | 'published' | 'unpublished' | 'changed' | 'scheduled'; sort: NonNullable<AdminCollectionListQuery['sort']>; page: number; per: number };

/** Collections with search (title, address, place, id), status, sort and pages. */
export async function listCollections(db: Db, q: ListQuery): Promise<AdminCollectionList> {
  const join = draftJoin(COLLECTION, collections.id);
  const where = and(isNull(collections.deletedAt), searchCondition(q.q, [collections.name, collections.slug, cities.name, countries.name], collections.id), statusCondition(q.status, collections.published));
  const edited = editedAt(collections.updatedAt);
  const order = {
    updated_desc: [desc(edited), desc(collections.id)],
    updated_asc: [asc(edited), asc(collections.id)],
    title_asc: [asc(collections.name), asc(collections.id)],
    title_desc: [desc(collections.name), desc(collections.id)],
    position_asc: [asc(collections.position), asc(collections.name), asc(collections.id)],
  }[q.sort];
  const select = () =>
    db
      .select({
        id: collections.id,
        title: collections.name,
        slug: collections.slug,
        city: cities.name,
        country: countries.name,
        isGift: collections.isGift,
        featured: collections.featured,
        published: collections.published,
        updatedAt: collections.updatedAt,
        imageKey: images.key,
        draftTitle: sql<string | null>`${contentDrafts.data}->>'name'`,
        ...DRAFT_COLUMNS,
      })
      .from(collections)
      .leftJoin(cities, eq(cities.id, collections.cityId))
      .leftJoin(countries, eq(countries.id, sql`coalesce(${collections.countryId}, ${cities.countryId})`))
      .leftJoin(images, eq(images.id, collections.imageId))
      .leftJoin(contentDrafts, join)
      .where(where);
  const rows = await select()
    .orderBy(...order)
    .limit(q.per)
    .offset((q.page - 1) * q.per);
  const ids = rows.map((r) => r.id);
  const links = ids.length ? await db.select({ id: collectionOptions.collectionId }).from(collectionOptions).where(inArray(collectionOptions.collectionId, ids)) : [];
  const counts = new Map<number, number>();
  for (const l of links) counts.set(l.id, (counts.get(l.id) ?? 0) + 1);
  return {
    items: rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      place: r.city ?? r.country ?? '',
      isGift: r.isGift,
      featured: r.featured,
      optionsCount: counts.get(r.id) ?? 0,
      imageUrl: r.imageKey ? `/storage/${r.imageKey}` : null,
      ...rowState(r, r.title, r.draftTitle),
    })),
    total: await listTotal(rows, q.page, () => select().limit(1)),
    page: q.page,
    per: q.per,
  };
}

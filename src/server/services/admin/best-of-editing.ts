// Best-of lists in the back-office (ADR 0035): the list document (title, address, intro, country
// and city, image with alt text, and its ranked picks, each with why it made the list) on the
// editing machinery every kind shares (record-editing.ts): drafts, versions, revisions, publish
// through the pipeline, schedule, redirects, unpublish (best_of_lists.published, migration 0025:
// the public API answers 404 and the content feed sends a tombstone).
import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { AdminBestOfList, AdminBestOfListList, AdminBestOfListListQuery, BestOfListDraft } from '../../../contract/admin.ts';
import { BestOfListDraftSchema } from '../../../contract/admin.ts';
import type { ContentType } from '../../../contract/content-changes.ts';
import type { Db, Tx } from '../../db/client.ts';
import { bestOfListItems, bestOfLists, cities, contentDrafts, countries, images } from '../../db/schema.ts';
import { changedList, checkImage, checkOptions, checkPlace, DRAFT_COLUMNS, draftJoin, editedAt, fail, imageAltOf, listTotal, optionNamesOf, publishedRecordParts, rowState, saveImageAlt, searchCondition, statusCondition } from './listed-records.ts';
import { imageUrlsOf, recordEditor, type EditDeps } from './record-editing.ts';

export const BEST_OF_LIST: ContentType = 'best_of_lists';
type DbOrTx = Db | Tx;
export type BestOfListBase = typeof bestOfLists.$inferSelect;

async function bestOfListRow(db: DbOrTx, id: number): Promise<BestOfListBase | undefined> {
  const [row] = await db
    .select()
    .from(bestOfLists)
    .where(and(eq(bestOfLists.id, id), isNull(bestOfLists.deletedAt)))
    .limit(1);
  return row;
}

/** The live list as an editable document (picks in rank order). */
export async function liveBestOfList(db: DbOrTx, l: BestOfListBase): Promise<BestOfListDraft> {
  const [items, image] = await Promise.all([
    db.select().from(bestOfListItems).where(eq(bestOfListItems.listId, l.id)).orderBy(asc(bestOfListItems.position), asc(bestOfListItems.optionId)),
    imageAltOf(db, l.imageId, l.title),
  ]);
  return {
    title: l.title,
    slug: l.slug,
    intro: l.intro,
    countryId: l.countryId,
    cityId: l.cityId,
    image,
    items: items.map((i) => ({ optionId: i.optionId, blurb: i.blurb })),
  };
}

/** What zod cannot know: the place, image and experiences exist; the address is free. */
export async function checkBestOfList(db: DbOrTx, l: BestOfListBase, d: BestOfListDraft): Promise<void> {
  await checkPlace(db, d.countryId, d.cityId);
  await checkImage(db, d.image);
  await checkOptions(
    db,
    d.items.map((i) => i.optionId),
    (i) => `draft.items.${i}.option_id`,
  );
  const [taken] = await db
    .select({ id: bestOfLists.id })
    .from(bestOfLists)
    .where(and(eq(bestOfLists.slug, d.slug), ne(bestOfLists.id, l.id)))
    .limit(1);
  if (taken) throw fail('draft.slug', 'Another best-of list already uses this address');
}

/** Writes the document to the live tables (picks ranked by their order) and bumps updatedAt. */
export async function applyBestOfList(tx: Tx, l: BestOfListBase, d: BestOfListDraft, now: Date): Promise<void> {
  await tx
    .update(bestOfLists)
    .set({
      title: d.title,
      slug: d.slug,
      intro: d.intro,
      countryId: d.countryId,
      cityId: d.cityId,
      imageId: d.image?.id ?? null,
      updatedAt: now,
    })
    .where(eq(bestOfLists.id, l.id));
  await saveImageAlt(tx, d.image, now);
  await tx.delete(bestOfListItems).where(eq(bestOfListItems.listId, l.id));
  await tx.insert(bestOfListItems).values(
    d.items.map((i, position) => ({
      listId: l.id,
      optionId: i.optionId,
      position,
      blurb: i.blurb,
    })),
  );
}

export const BEST_OF_LIST_EDITOR = recordEditor({
  type: BEST_OF_LIST,
  noun: 'best-of list',
  schema: BestOfListDraftSchema,
  row: bestOfListRow,
  ...publishedRecordParts(bestOfLists),
  slugOf: (d) => d.slug,
  changedFields: changedList,
  liveDocument: liveBestOfList,
  check: checkBestOfList,
  apply: applyBestOfList,
});

export async function bestOfListView(d: EditDeps, id: number): Promise<AdminBestOfList> {
  const { state } = await BEST_OF_LIST_EDITOR.editState(d, id);
  const doc = state.draft;
  return {
    ...state,
    imageUrls: await imageUrlsOf(d.db, doc.image ? [doc.image.id] : []),
    optionNames: await optionNamesOf(
      d.db,
      doc.items.map((i) => i.optionId),
    ),
  };
}

type ListQuery = Required<Pick<AdminBestOfListListQuery, 'status' | 'sort' | 'page' | 'per'>> & Pick<AdminBestOfListListQuery, 'q' | 'countryId'>;

/** Best-of lists with search (title, address, place, id), status, country, sort and pages. */
export async function listBestOfLists(db: Db, q: ListQuery): Promise<AdminBestOfListList> {
  const join = draftJoin(BEST_OF_LIST, bestOfLists.id);
  const countryId = sql`coalesce(${bestOfLists.countryId}, ${cities.countryId})`;
  const where = and(
    isNull(bestOfLists.deletedAt),
    searchCondition(q.q, [bestOfLists.title, bestOfLists.slug, cities.name, countries.name], bestOfLists.id),
    statusCondition(q.status, bestOfLists.published),
    q.countryId ? sql`${countryId} = ${q.countryId}` : undefined,
  );
  const picks = sql<number>`(select count(*) from ${bestOfListItems} where ${bestOfListItems.listId} = ${bestOfLists}.id)`.mapWith(Number);
  const edited = editedAt(bestOfLists.updatedAt);
  const order = {
    updated_desc: [desc(edited), desc(bestOfLists.id)],
    updated_asc: [asc(edited), asc(bestOfLists.id)],
    title_asc: [asc(bestOfLists.title), asc(bestOfLists.id)],
    title_desc: [desc(bestOfLists.title), desc(bestOfLists.id)],
    picks_desc: [desc(picks), asc(bestOfLists.title), asc(bestOfLists.id)],
  }[q.sort];
  const select = () =>
    db
      .select({
        id: bestOfLists.id,
        title: bestOfLists.title,
        slug: bestOfLists.slug,
        city: cities.name,
        country: countries.name,
        published: bestOfLists.published,
        picks,
        updatedAt: bestOfLists.updatedAt,
        imageKey: images.key,
        draftTitle: sql<string | null>`${contentDrafts.data}->>'title'`,
        ...DRAFT_COLUMNS,
      })
      .from(bestOfLists)
      .leftJoin(cities, eq(cities.id, bestOfLists.cityId))
      .leftJoin(countries, eq(countries.id, countryId))
      .leftJoin(images, eq(images.id, bestOfLists.imageId))
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
      place: r.city ? `${r.city}, ${r.country}` : (r.country ?? ''),
      itemsCount: r.picks,
      imageUrl: r.imageKey ? `/storage/${r.imageKey}` : null,
      ...rowState(r, r.title, r.draftTitle),
    })),
    total: await listTotal(rows, q.page, () => select().limit(1)),
    page: q.page,
    per: q.per,
  };
}

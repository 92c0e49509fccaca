// Collections (curated sets of experiences) and their categories.
import { Hono } from 'hono';
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Image } from '../../../contract/common.ts';
import { GiftOptionsParams, ListCollectionsQuery, type CategoryDetail, type Collection, type CollectionDetail } from '../../../contract/collections.ts';
import type { AppEnv } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { cities, collectionCategories, collectionOptions, collections, collectionTips, countries, options } from '../../db/schema.ts';
import { notFound, readParams, readQuery, reply } from '../../http.ts';
import { collectionGiftOptions } from '../../services/gifts/gift-options.ts';
import { changedSince, listChangeExtras } from './effective.ts';
import { iso, toCityRef, toCountryRef } from './mappers.ts';
import { loadOptionSummaries, loadOptionSummaryMap, visibleOption } from './options.ts';
import { countAll, imageOf, inOrder, loadImages, loaderOf, offsetOf, pageOf, slugParam, type Loader } from './shared.ts';

const collectionCountryId = sql`coalesce(${collections.countryId}, ${cities.countryId})`;

/** On the site: not deleted, and not taken off by an editor (ADR 0035). */
export const visibleCollection = and(isNull(collections.deletedAt), eq(collections.published, true)) as SQL;

function selectCollections(db: Db) {
  return db
    .select({
      c: collections,
      city: { id: cities.id, slug: cities.slug, name: cities.name, countryId: cities.countryId },
      country: { id: countries.id, slug: countries.slug, name: countries.name, code: countries.code },
    })
    .from(collections)
    .leftJoin(cities, eq(cities.id, collections.cityId))
    .leftJoin(countries, eq(countries.id, collectionCountryId));
}
export type CollectionRow = Awaited<ReturnType<ReturnType<typeof selectCollections>['where']>>[number];

/** Visible options per collection: one grouped query. */
async function collectionOptionCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: collectionOptions.collectionId, n: countAll })
    .from(collectionOptions)
    .innerJoin(options, eq(options.id, collectionOptions.optionId))
    .where(and(inArray(collectionOptions.collectionId, ids), visibleOption))
    .groupBy(collectionOptions.collectionId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

export function toCollection(r: CollectionRow, images: Map<number, Image>, counts: Map<number, number>): Collection {
  const c = r.c;
  return {
    id: c.id,
    slug: c.slug,
    name: c.name,
    tagline: c.tagline,
    isGift: c.isGift,
    featured: c.featured,
    position: c.position,
    countryId: c.countryId ?? r.country?.id ?? null,
    cityId: c.cityId,
    country: r.country ? toCountryRef(r.country) : null,
    city: r.city ? toCityRef(r.city) : null,
    image: imageOf(images, c.imageId),
    optionsCount: counts.get(c.id) ?? 0,
  };
}

export type CollectionFilters = { city?: string | undefined; country?: string | undefined; isGift?: boolean | undefined; featured?: boolean | undefined };

export function collectionConditions(f: CollectionFilters): SQL[] {
  const where: SQL[] = [];
  if (f.city !== undefined) where.push(eq(cities.slug, f.city));
  if (f.country !== undefined) where.push(eq(countries.slug, f.country));
  if (f.isGift !== undefined) where.push(eq(collections.isGift, f.isGift));
  if (f.featured !== undefined) where.push(eq(collections.featured, f.featured));
  return where;
}

/** Collections by position, then name. */
export async function queryCollections(db: Db, where: SQL[], page?: { limit: number; offset: number }) {
  const cond = and(visibleCollection, ...where);
  const q = selectCollections(db).where(cond).orderBy(asc(collections.position), asc(collections.name), asc(collections.id));
  const [rows, total] = await Promise.all([
    page ? q.limit(page.limit).offset(page.offset) : q,
    page
      ? db
          .select({ n: countAll })
          .from(collections)
          .leftJoin(cities, eq(cities.id, collections.cityId))
          .leftJoin(countries, eq(countries.id, collectionCountryId))
          .where(cond)
          .then((r) => Number(r[0]?.n ?? 0))
      : Promise.resolve(-1),
  ]);
  const ids = rows.map((r) => r.c.id);
  const [imgs, counts] = await Promise.all([loadImages(db, rows.map((r) => r.c.imageId)), collectionOptionCounts(db, ids)]);
  const list = rows.map((r) => toCollection(r, imgs, counts));
  return { list, total: total < 0 ? list.length : total, rows };
}

export async function loadCollectionDetails(L: Loader, ids: number[]): Promise<Map<number, CollectionDetail>> {
  if (ids.length === 0) return new Map();
  const db = L.db;
  const [{ list, rows }, categories, tips, links] = await Promise.all([
    queryCollections(db, [inArray(collections.id, ids)]),
    db.select().from(collectionCategories).where(inArray(collectionCategories.collectionId, ids)).orderBy(asc(collectionCategories.position), asc(collectionCategories.id)),
    db.select().from(collectionTips).where(inArray(collectionTips.collectionId, ids)).orderBy(asc(collectionTips.position), asc(collectionTips.id)),
    db
      .select()
      .from(collectionOptions)
      .where(inArray(collectionOptions.collectionId, ids))
      .orderBy(asc(collectionOptions.position), asc(collectionOptions.optionId)),
  ]);
  const summaries = await loadOptionSummaryMap(L, links.map((l) => l.optionId));
  const byId = new Map(rows.map((r) => [r.c.id, r.c]));
  const out = new Map<number, CollectionDetail>();
  for (const col of list) {
    const row = byId.get(col.id);
    if (!row) continue;
    const mine = links.filter((l) => l.collectionId === col.id && summaries.has(l.optionId));
    out.set(col.id, {
      ...col,
      description: row.description,
      categories: categories
        .filter((k) => k.collectionId === col.id)
        .map((k) => ({
          id: k.id,
          slug: k.slug,
          name: k.name,
          description: k.description,
          position: k.position,
          optionSlugCodes: mine.filter((l) => l.categoryId === k.id).flatMap((l) => summaries.get(l.optionId)?.slugCode ?? []),
        })),
      tips: tips.filter((t) => t.collectionId === col.id).map((t) => ({ id: t.id, title: t.title, body: t.body, position: t.position })),
      options: inOrder(mine.map((l) => l.optionId), summaries),
      updatedAt: iso(row.updatedAt),
    });
  }
  return out;
}

export async function findCollectionId(db: Db, slug: string): Promise<number> {
  const [row] = await db.select({ id: collections.id }).from(collections).where(and(eq(collections.slug, slug), visibleCollection)).limit(1);
  if (!row) throw notFound('Collection');
  return row.id;
}

export async function getCollectionDetail(L: Loader, slug: string): Promise<CollectionDetail> {
  const id = await findCollectionId(L.db, slug);
  const d = (await loadCollectionDetails(L, [id])).get(id);
  if (!d) throw notFound('Collection');
  return d;
}

async function getCategoryDetail(L: Loader, where: SQL): Promise<CategoryDetail> {
  const [row] = await L.db
    .select({ k: collectionCategories })
    .from(collectionCategories)
    .innerJoin(collections, eq(collections.id, collectionCategories.collectionId))
    .where(and(where, visibleCollection))
    .limit(1);
  if (!row) throw notFound('Category');
  const k = row.k;
  const [{ list }, links] = await Promise.all([
    queryCollections(L.db, [eq(collections.id, k.collectionId)]),
    L.db
      .select({ optionId: collectionOptions.optionId })
      .from(collectionOptions)
      .where(and(eq(collectionOptions.collectionId, k.collectionId), eq(collectionOptions.categoryId, k.id)))
      .orderBy(asc(collectionOptions.position), asc(collectionOptions.optionId)),
  ]);
  const collection = list[0];
  if (!collection) throw notFound('Category');
  return {
    id: k.id,
    slug: k.slug,
    name: k.name,
    description: k.description,
    position: k.position,
    collection,
    options: await loadOptionSummaries(L, links.map((l) => l.optionId)),
  };
}

export function collectionsRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/collections', async (c) => {
    const q = readQuery(c, ListCollectionsQuery);
    const db = c.var.db;
    const where = collectionConditions(q);
    if (q.changedSince) where.push(changedSince(collections.id, 'collections', q.changedSince));
    const [{ list, total }, extras] = await Promise.all([
      queryCollections(db, where, { limit: q.per, offset: offsetOf(q) }),
      listChangeExtras(db, 'collections', q.changedSince),
    ]);
    return reply(c, { collections: list, pagination: pageOf(q, total), ...extras });
  });

  app.get('/collections/:slug', async (c) => {
    const slug = slugParam(c, 'slug', 'Collection');
    return reply(c, await getCollectionDetail(loaderOf(c), slug));
  });

  // Spec §7: a collection's experiences that can be bought as gift experiences.
  app.get('/collections/:id/gift-options', async (c) => {
    const { id } = readParams(c, GiftOptionsParams);
    const L = loaderOf(c);
    const rows = await collectionGiftOptions(L.db, id);
    const summaries = await loadOptionSummaryMap(L, rows.map((r) => r.optionId));
    const giftOptions = rows.flatMap((r) => {
      const option = summaries.get(r.optionId);
      return option ? [{ option, guests: r.guests, minGuests: r.minGuests, maxGuests: r.maxGuests, price: r.price }] : [];
    });
    return reply(c, { collectionId: id, giftOptions });
  });

  app.get('/categories/:id{[0-9]{1,9}}', async (c) => {
    const id = Number(c.req.param('id'));
    return reply(c, await getCategoryDetail(loaderOf(c), eq(collectionCategories.id, id)));
  });

  app.get('/categories/:collection/:category', async (c) => {
    const collection = slugParam(c, 'collection', 'Category');
    const category = slugParam(c, 'category', 'Category');
    return reply(c, await getCategoryDetail(loaderOf(c), and(eq(collections.slug, collection), eq(collectionCategories.slug, category)) as SQL));
  });

  app.get('/categories/:id', () => {
    throw notFound('Category');
  });

  return app;
}

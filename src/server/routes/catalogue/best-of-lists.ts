// Best-of lists: ranked experiences with a blurb each.
import { Hono } from 'hono';
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { ListBestOfListsQuery, type BestOfList, type BestOfListDetail } from '../../../contract/best-of-lists.ts';
import type { Image } from '../../../contract/common.ts';
import type { AppEnv } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { bestOfListItems, bestOfLists, cities, countries, options } from '../../db/schema.ts';
import { notFound, readQuery, reply } from '../../http.ts';
import { changedSince, listChangeExtras } from './effective.ts';
import { iso, toCityRef, toCountryRef } from './mappers.ts';
import { loadOptionSummaryMap, visibleOption } from './options.ts';
import { countAll, imageOf, loadImages, loaderOf, offsetOf, pageOf, slugParam, type Loader } from './shared.ts';

const listCountryId = sql`coalesce(${bestOfLists.countryId}, ${cities.countryId})`;

/** On the site: not deleted, and not taken off by an editor (ADR 0035). */
export const visibleBestOfList = and(isNull(bestOfLists.deletedAt), eq(bestOfLists.published, true)) as SQL;

function selectLists(db: Db) {
  return db
    .select({
      l: bestOfLists,
      city: { id: cities.id, slug: cities.slug, name: cities.name, countryId: cities.countryId },
      country: { id: countries.id, slug: countries.slug, name: countries.name, code: countries.code },
    })
    .from(bestOfLists)
    .leftJoin(cities, eq(cities.id, bestOfLists.cityId))
    .leftJoin(countries, eq(countries.id, listCountryId));
}
export type BestOfListRow = Awaited<ReturnType<ReturnType<typeof selectLists>['where']>>[number];

export function toBestOfList(r: BestOfListRow, images: Map<number, Image>, itemCounts: Map<number, number>): BestOfList {
  return {
    id: r.l.id,
    slug: r.l.slug,
    title: r.l.title,
    intro: r.l.intro,
    image: imageOf(images, r.l.imageId),
    country: r.country ? toCountryRef(r.country) : null,
    city: r.city ? toCityRef(r.city) : null,
    itemsCount: itemCounts.get(r.l.id) ?? 0,
  };
}

export async function queryBestOfLists(db: Db, where: SQL[], page?: { limit: number; offset: number }) {
  const cond = and(visibleBestOfList, ...where);
  const q = selectLists(db).where(cond).orderBy(desc(bestOfLists.createdAt), desc(bestOfLists.id));
  const [rows, total] = await Promise.all([
    page ? q.limit(page.limit).offset(page.offset) : q,
    page
      ? db
          .select({ n: countAll })
          .from(bestOfLists)
          .leftJoin(cities, eq(cities.id, bestOfLists.cityId))
          .leftJoin(countries, eq(countries.id, listCountryId))
          .where(cond)
          .then((r) => Number(r[0]?.n ?? 0))
      : Promise.resolve(-1),
  ]);
  const ids = rows.map((r) => r.l.id);
  const [imgs, counts] = await Promise.all([
    loadImages(db, rows.map((r) => r.l.imageId)),
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: bestOfListItems.listId, n: countAll })
          .from(bestOfListItems)
          .innerJoin(options, eq(options.id, bestOfListItems.optionId))
          .where(and(inArray(bestOfListItems.listId, ids), visibleOption))
          .groupBy(bestOfListItems.listId),
  ]);
  const itemCounts = new Map(counts.map((c) => [c.id, Number(c.n)]));
  const list = rows.map((r) => toBestOfList(r, imgs, itemCounts));
  return { list, total: total < 0 ? list.length : total, rows };
}

export async function loadBestOfListDetails(L: Loader, ids: number[]): Promise<Map<number, BestOfListDetail>> {
  if (ids.length === 0) return new Map();
  const [{ list, rows }, items] = await Promise.all([
    queryBestOfLists(L.db, [inArray(bestOfLists.id, ids)]),
    L.db.select().from(bestOfListItems).where(inArray(bestOfListItems.listId, ids)).orderBy(asc(bestOfListItems.position), asc(bestOfListItems.optionId)),
  ]);
  const summaries = await loadOptionSummaryMap(L, items.map((i) => i.optionId));
  const byId = new Map(rows.map((r) => [r.l.id, r.l]));
  const out = new Map<number, BestOfListDetail>();
  for (const l of list) {
    const row = byId.get(l.id);
    if (!row) continue;
    out.set(l.id, {
      ...l,
      items: items
        .filter((i) => i.listId === l.id)
        .flatMap((i) => {
          const option = summaries.get(i.optionId);
          return option ? [{ position: i.position, blurb: i.blurb, option }] : [];
        }),
      updatedAt: iso(row.updatedAt),
    });
  }
  return out;
}

export function bestOfListsRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/best_of_lists', async (c) => {
    const q = readQuery(c, ListBestOfListsQuery);
    const db = c.var.db;
    const where: SQL[] = [];
    if (q.country !== undefined) where.push(eq(countries.slug, q.country));
    if (q.city !== undefined) where.push(eq(cities.slug, q.city));
    if (q.changedSince) where.push(changedSince(bestOfLists.id, 'best_of_lists', q.changedSince));
    const [{ list, total }, extras] = await Promise.all([
      queryBestOfLists(db, where, { limit: q.per, offset: offsetOf(q) }),
      listChangeExtras(db, 'best_of_lists', q.changedSince),
    ]);
    return reply(c, { bestOfLists: list, pagination: pageOf(q, total), ...extras });
  });

  app.get('/best_of_lists/:slug', async (c) => {
    const slug = slugParam(c, 'slug', 'Best-of list');
    const L = loaderOf(c);
    const [row] = await L.db.select({ id: bestOfLists.id }).from(bestOfLists).where(and(eq(bestOfLists.slug, slug), visibleBestOfList)).limit(1);
    const d = row ? (await loadBestOfListDetails(L, [row.id])).get(row.id) : undefined;
    if (!d) throw notFound('Best-of list');
    return reply(c, d);
  });

  return app;
}

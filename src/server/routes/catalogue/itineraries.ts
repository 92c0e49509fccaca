// Travel itineraries (day-by-day trips built from experiences).
import { Hono } from 'hono';
import { and, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Image } from '../../../contract/common.ts';
import { ListItinerariesQuery, type Itinerary, type ItineraryDetail } from '../../../contract/itineraries.ts';
import type { AppEnv } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { cities, countries, itineraries } from '../../db/schema.ts';
import { notFound, readQuery, reply } from '../../http.ts';
import { changedSince, listChangeExtras } from './effective.ts';
import { iso, toCityRef, toCountryRef } from './mappers.ts';
import { loadOptionSummaryMap } from './options.ts';
import { countAll, imageOf, inOrder, loadImages, loaderOf, offsetOf, pageOf, slugParam, type Loader } from './shared.ts';

/** On the site: not deleted, and not taken off by an editor (ADR 0035). */
export const visibleItinerary = and(isNull(itineraries.deletedAt), eq(itineraries.published, true)) as SQL;

function selectItineraries(db: Db) {
  return db
    .select({
      i: itineraries,
      city: { id: cities.id, slug: cities.slug, name: cities.name, countryId: cities.countryId },
      country: { id: countries.id, slug: countries.slug, name: countries.name, code: countries.code },
    })
    .from(itineraries)
    .innerJoin(countries, eq(countries.id, itineraries.countryId))
    .leftJoin(cities, eq(cities.id, itineraries.cityId));
}
export type ItineraryRow = Awaited<ReturnType<ReturnType<typeof selectItineraries>['where']>>[number];

export function toItinerary(r: ItineraryRow, images: Map<number, Image>): Itinerary {
  return {
    id: r.i.id,
    slug: r.i.slug,
    title: r.i.title,
    summary: r.i.summary,
    image: imageOf(images, r.i.imageId),
    country: toCountryRef(r.country),
    city: r.city ? toCityRef(r.city) : null,
    daysCount: r.i.days.length,
    shareCount: r.i.shareCount,
  };
}

export async function queryItineraries(db: Db, where: SQL[], page?: { limit: number; offset: number }) {
  const cond = and(visibleItinerary, ...where);
  const q = selectItineraries(db).where(cond).orderBy(desc(itineraries.createdAt), desc(itineraries.id));
  const [rows, total] = await Promise.all([
    page ? q.limit(page.limit).offset(page.offset) : q,
    page
      ? db
          .select({ n: countAll })
          .from(itineraries)
          .innerJoin(countries, eq(countries.id, itineraries.countryId))
          .leftJoin(cities, eq(cities.id, itineraries.cityId))
          .where(cond)
          .then((r) => Number(r[0]?.n ?? 0))
      : Promise.resolve(-1),
  ]);
  const imgs = await loadImages(db, rows.map((r) => r.i.imageId));
  const list = rows.map((r) => toItinerary(r, imgs));
  return { list, total: total < 0 ? list.length : total, rows };
}

export async function loadItineraryDetails(L: Loader, ids: number[]): Promise<Map<number, ItineraryDetail>> {
  if (ids.length === 0) return new Map();
  const { list, rows } = await queryItineraries(L.db, [inArray(itineraries.id, ids)]);
  const summaries = await loadOptionSummaryMap(L, rows.flatMap((r) => r.i.days.flatMap((d) => d.optionIds)));
  const byId = new Map(rows.map((r) => [r.i.id, r.i]));
  const out = new Map<number, ItineraryDetail>();
  for (const it of list) {
    const row = byId.get(it.id);
    if (!row) continue;
    out.set(it.id, {
      ...it,
      days: [...row.days]
        .sort((a, b) => a.day - b.day)
        .map((d) => ({ day: d.day, title: d.title, description: d.description, options: inOrder(d.optionIds, summaries) })),
      updatedAt: iso(row.updatedAt),
    });
  }
  return out;
}

export function itinerariesRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/travel_itineraries', async (c) => {
    const q = readQuery(c, ListItinerariesQuery);
    const db = c.var.db;
    const where: SQL[] = [];
    if (q.country !== undefined) where.push(eq(countries.slug, q.country));
    if (q.city !== undefined) where.push(eq(cities.slug, q.city));
    if (q.changedSince) where.push(changedSince(itineraries.id, 'travel_itineraries', q.changedSince));
    const [{ list, total }, extras] = await Promise.all([
      queryItineraries(db, where, { limit: q.per, offset: offsetOf(q) }),
      listChangeExtras(db, 'travel_itineraries', q.changedSince),
    ]);
    return reply(c, { travelItineraries: list, pagination: pageOf(q, total), ...extras });
  });

  app.get('/travel_itineraries/:slug', async (c) => {
    const slug = slugParam(c, 'slug', 'Itinerary');
    const L = loaderOf(c);
    const [row] = await L.db.select({ id: itineraries.id }).from(itineraries).where(and(eq(itineraries.slug, slug), visibleItinerary)).limit(1);
    const d = row ? (await loadItineraryDetails(L, [row.id])).get(row.id) : undefined;
    if (!d) throw notFound('Itinerary');
    return reply(c, d);
  });

  return app;
}

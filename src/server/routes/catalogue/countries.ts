// Countries and cities: lists (with option and order counts), details, batch loaders.
import { Hono } from 'hono';
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Image } from '../../../contract/common.ts';
import { ListCitiesQuery, type City, type CityDetail } from '../../../contract/cities.ts';
import { ListCountriesQuery, type Country, type CountryCity, type CountryDetail } from '../../../contract/countries.ts';
import type { AppEnv } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { cities, countries, optionPlaces, options, placesOfInterest } from '../../db/schema.ts';
import { notFound, readQuery, reply } from '../../http.ts';
import { changedSince, listChangeExtras } from './effective.ts';
import { iso, toCountryRef } from './mappers.ts';
import { visibleOption } from './options.ts';
import { countAll, imageOf, loadImages, loaderOf, offsetOf, pageOf, slugParam, type Loader } from './shared.ts';

// ── Counts (grouped aggregates over visible options) ───────────────────────────────────
const cityCounts = (db: Db) =>
  db
    .select({
      cityId: options.cityId,
      optionsCount: sql<number>`count(*)::int`.as('options_count'),
      ordersCount: sql<number>`coalesce(sum(${options.ordersCount}), 0)::int`.as('orders_count'),
    })
    .from(options)
    .where(visibleOption)
    .groupBy(options.cityId)
    .as('city_counts');

const countryCounts = (db: Db) =>
  db
    .select({
      countryId: cities.countryId,
      optionsCount: sql<number>`count(*)::int`.as('options_count'),
      ordersCount: sql<number>`coalesce(sum(${options.ordersCount}), 0)::int`.as('orders_count'),
    })
    .from(options)
    .innerJoin(cities, eq(cities.id, options.cityId))
    .where(visibleOption)
    .groupBy(cities.countryId)
    .as('country_counts');

// ── Countries ──────────────────────────────────────────────────────────────────────────
export type CountryRow = typeof countries.$inferSelect & { optionsCount: number | null; ordersCount: number | null };

export function toCountry(r: CountryRow, images: Map<number, Image>): Country {
  return {
    id: r.id,
    slug: r.slug,
    code: r.code,
    name: r.name,
    currencyCode: r.currencyCode,
    region: r.region,
    image: imageOf(images, r.imageId),
    optionsCount: Number(r.optionsCount ?? 0),
    ordersCount: Number(r.ordersCount ?? 0),
  };
}

/** Singapore first, then by optionsCount (desc), then name. */
export async function queryCountries(db: Db, where: SQL[], page?: { limit: number; offset: number }) {
  const cc = countryCounts(db);
  const cond = and(isNull(countries.deletedAt), ...where);
  const q = db
    .select({ c: countries, optionsCount: cc.optionsCount, ordersCount: cc.ordersCount })
    .from(countries)
    .leftJoin(cc, eq(cc.countryId, countries.id))
    .where(cond)
    .orderBy(desc(sql`${countries.code} = 'SG'`), sql`${cc.optionsCount} desc nulls last`, asc(countries.name), asc(countries.id));
  const [rows, total] = await Promise.all([
    page ? q.limit(page.limit).offset(page.offset) : q,
    page ? db.select({ n: countAll }).from(countries).where(cond).then((r) => Number(r[0]?.n ?? 0)) : Promise.resolve(-1),
  ]);
  const imgs = await loadImages(db, rows.map((r) => r.c.imageId));
  const list = rows.map((r) => toCountry({ ...r.c, optionsCount: r.optionsCount, ordersCount: r.ordersCount }, imgs));
  return { list, total: total < 0 ? list.length : total };
}

export type CityRow = typeof cities.$inferSelect & {
  countryCode: string;
  countrySlug: string;
  optionsCount: number | null;
  ordersCount: number | null;
};

export function toCity(r: CityRow, images: Map<number, Image>): City {
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    countryId: r.countryId,
    countryCode: r.countryCode.toLowerCase(),
    countrySlug: r.countrySlug,
    featured: r.featured,
    image: imageOf(images, r.imageId),
    optionsCount: Number(r.optionsCount ?? 0),
    ordersCount: Number(r.ordersCount ?? 0),
  };
}

/** Cities by optionsCount (desc), then name. */
export async function queryCities(db: Db, where: SQL[], page?: { limit: number; offset: number }) {
  const cc = cityCounts(db);
  const cond = and(isNull(cities.deletedAt), isNull(countries.deletedAt), ...where);
  const q = db
    .select({ c: cities, countryCode: countries.code, countrySlug: countries.slug, optionsCount: cc.optionsCount, ordersCount: cc.ordersCount })
    .from(cities)
    .innerJoin(countries, eq(countries.id, cities.countryId))
    .leftJoin(cc, eq(cc.cityId, cities.id))
    .where(cond)
    .orderBy(sql`${cc.optionsCount} desc nulls last`, asc(cities.name), asc(cities.id));
  const [rows, total] = await Promise.all([
    page ? q.limit(page.limit).offset(page.offset) : q,
    page
      ? db.select({ n: countAll }).from(cities).innerJoin(countries, eq(countries.id, cities.countryId)).where(cond).then((r) => Number(r[0]?.n ?? 0))
      : Promise.resolve(-1),
  ]);
  const imgs = await loadImages(db, rows.map((r) => r.c.imageId));
  const list = rows.map((r) => toCity({ ...r.c, countryCode: r.countryCode, countrySlug: r.countrySlug, optionsCount: r.optionsCount, ordersCount: r.ordersCount }, imgs));
  return { list, total: total < 0 ? list.length : total };
}

export async function loadCountryDetails(L: Loader, ids: number[]): Promise<Map<number, CountryDetail>> {
  if (ids.length === 0) return new Map();
  const db = L.db;
  const [{ list }, rows, { list: cityList }] = await Promise.all([
    queryCountries(db, [inArray(countries.id, ids)]),
    db.select().from(countries).where(inArray(countries.id, ids)),
    queryCities(db, [inArray(cities.countryId, ids)]),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out = new Map<number, CountryDetail>();
  for (const country of list) {
    const row = byId.get(country.id);
    if (!row) continue;
    const citiesOf: CountryCity[] = cityList
      .filter((c) => c.countryId === country.id)
      .map((c) => ({ id: c.id, slug: c.slug, name: c.name, featured: c.featured, image: c.image, optionsCount: c.optionsCount, ordersCount: c.ordersCount }));
    out.set(country.id, {
      ...country,
      tagline: row.tagline,
      description: row.description,
      facts: row.facts.map((f) => ({ label: f.label, value: f.value })),
      cities: citiesOf,
      updatedAt: iso(row.updatedAt),
    });
  }
  return out;
}

export async function loadCityDetails(L: Loader, ids: number[]): Promise<Map<number, CityDetail>> {
  if (ids.length === 0) return new Map();
  const db = L.db;
  const [{ list }, rows, places] = await Promise.all([
    queryCities(db, [inArray(cities.id, ids)]),
    db
      .select({ c: cities, country: { id: countries.id, slug: countries.slug, name: countries.name, code: countries.code } })
      .from(cities)
      .innerJoin(countries, eq(countries.id, cities.countryId))
      .where(inArray(cities.id, ids)),
    db
      .select({
        p: placesOfInterest,
        optionsCount: sql<number>`(select count(*)::int from ${optionPlaces} join ${options} on ${options.id} = ${optionPlaces.optionId}
          where ${optionPlaces.placeId} = ${placesOfInterest.id} and ${visibleOption})`,
      })
      .from(placesOfInterest)
      .where(and(inArray(placesOfInterest.cityId, ids), isNull(placesOfInterest.deletedAt)))
      .orderBy(asc(placesOfInterest.name)),
  ]);
  const imgs = await loadImages(db, places.map((p) => p.p.imageId));
  const byId = new Map(rows.map((r) => [r.c.id, r]));
  const out = new Map<number, CityDetail>();
  for (const city of list) {
    const row = byId.get(city.id);
    if (!row) continue;
    out.set(city.id, {
      ...city,
      tagline: row.c.tagline,
      description: row.c.description,
      latitude: row.c.latitude,
      longitude: row.c.longitude,
      country: toCountryRef(row.country),
      placesOfInterest: places
        .filter((p) => p.p.cityId === city.id)
        .map((p) => ({
          id: p.p.id,
          slug: p.p.slug,
          name: p.p.name,
          description: p.p.description,
          latitude: p.p.latitude,
          longitude: p.p.longitude,
          image: imageOf(imgs, p.p.imageId),
          optionsCount: Number(p.optionsCount),
        })),
      updatedAt: iso(row.c.updatedAt),
    });
  }
  return out;
}

export async function findCountryId(db: Db, slug: string): Promise<number> {
  const [row] = await db.select({ id: countries.id }).from(countries).where(and(eq(countries.slug, slug), isNull(countries.deletedAt))).limit(1);
  if (!row) throw notFound('Country');
  return row.id;
}

export async function findCityId(db: Db, slug: string): Promise<number> {
  const [row] = await db
    .select({ id: cities.id })
    .from(cities)
    .innerJoin(countries, eq(countries.id, cities.countryId))
    .where(and(eq(cities.slug, slug), isNull(cities.deletedAt), isNull(countries.deletedAt)))
    .limit(1);
  if (!row) throw notFound('City');
  return row.id;
}

export async function getCountryDetail(L: Loader, slug: string): Promise<CountryDetail> {
  const id = await findCountryId(L.db, slug);
  const d = (await loadCountryDetails(L, [id])).get(id);
  if (!d) throw notFound('Country');
  return d;
}

export async function getCityDetail(L: Loader, slug: string): Promise<CityDetail> {
  const id = await findCityId(L.db, slug);
  const d = (await loadCityDetails(L, [id])).get(id);
  if (!d) throw notFound('City');
  return d;
}

export function placesRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/countries', async (c) => {
    const q = readQuery(c, ListCountriesQuery);
    const db = c.var.db;
    const where = q.changedSince ? [changedSince(countries.id, 'countries', q.changedSince)] : [];
    const [{ list, total }, extras] = await Promise.all([
      queryCountries(db, where, { limit: q.per, offset: offsetOf(q) }),
      listChangeExtras(db, 'countries', q.changedSince),
    ]);
    return reply(c, { countries: list, pagination: pageOf(q, total), ...extras });
  });

  app.get('/countries/:slug', async (c) => {
    const slug = slugParam(c, 'slug', 'Country');
    return reply(c, await getCountryDetail(loaderOf(c), slug));
  });

  app.get('/cities', async (c) => {
    const q = readQuery(c, ListCitiesQuery);
    const db = c.var.db;
    const where: SQL[] = [];
    if (q.countryId !== undefined) where.push(eq(cities.countryId, q.countryId));
    if (q.country !== undefined) where.push(eq(countries.slug, q.country));
    if (q.featured !== undefined) where.push(eq(cities.featured, q.featured));
    if (q.changedSince) where.push(changedSince(cities.id, 'cities', q.changedSince));
    const [{ list, total }, extras] = await Promise.all([
      queryCities(db, where, { limit: q.per, offset: offsetOf(q) }),
      listChangeExtras(db, 'cities', q.changedSince),
    ]);
    return reply(c, { cities: list, pagination: pageOf(q, total), ...extras });
  });

  app.get('/cities/:slug', async (c) => {
    const slug = slugParam(c, 'slug', 'City');
    return reply(c, await getCityDetail(loaderOf(c), slug));
  });

  return app;
}


// Page calls: everything one pre-rendered page needs in one answer.
import { Hono } from 'hono';
import { and, asc, eq, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { OptionKind, OptionSummary } from '../../../contract/options.ts';
import type { CityPage, CollectionPage, CountryPage, HomePage, OptionPage, OptionsByKind } from '../../../contract/pages.ts';
import type { AppEnv } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { bestOfLists, cities, collections, countries, itineraries, options, tags } from '../../db/schema.ts';
import { notFound, reply } from '../../http.ts';
import { queryBestOfLists } from './best-of-lists.ts';
import { queryBlogs } from './blogs.ts';
import { collectionConditions, getCollectionDetail, queryCollections } from './collections.ts';
import { getCityDetail, getCountryDetail, queryCities, queryCountries } from './countries.ts';
import { queryFaqs } from './faqs.ts';
import { queryItineraries } from './itineraries.ts';
import { findOptionId, loadOptionDetails, loadOptionSummaries, searchOptionIds, similarOptionIds, visibleOption } from './options.ts';
import { queryOptionReviews, siteReviewsPage } from './reviews.ts';
import { countAll, loaderOf, slugParam, type Loader } from './shared.ts';

const KIND_KEYS: Record<OptionKind, keyof OptionsByKind> = {
  stay: 'stay',
  short_adventure: 'shortAdventure',
  flexible_adventure: 'flexibleAdventure',
  adventure: 'adventure',
};

/** The `n` most booked visible options of each kind (one window query + the summaries). */
export async function optionsByKind(L: Loader, scope: SQL | undefined, n: number): Promise<OptionsByKind> {
  const ranked = L.db
    .select({
      id: options.id,
      kind: options.kind,
      rn: sql<number>`row_number() over (partition by ${options.kind} order by ${options.ordersCount} desc, ${options.id})`.as('rn'),
    })
    .from(options)
    .innerJoin(cities, eq(cities.id, options.cityId))
    .where(and(visibleOption, scope))
    .as('ranked');
  const rows = await L.db.select({ id: ranked.id, kind: ranked.kind }).from(ranked).where(lte(ranked.rn, n)).orderBy(asc(ranked.kind), asc(ranked.rn));
  const summaries = await loadOptionSummaries(L, rows.map((r) => r.id));
  const out: OptionsByKind = { stay: [], shortAdventure: [], flexibleAdventure: [], adventure: [] };
  for (const o of summaries) out[KIND_KEYS[o.kind]].push(o);
  return out;
}

async function activityTypesIn(db: Db, scope: SQL) {
  const rows = await db
    .select({ id: tags.id, slug: tags.slug, kind: tags.kind, name: tags.name, optionsCount: countAll })
    .from(options)
    .innerJoin(cities, eq(cities.id, options.cityId))
    .innerJoin(tags, eq(tags.id, options.activityTypeId))
    .where(and(visibleOption, scope, isNull(tags.deletedAt)))
    .groupBy(tags.id)
    .orderBy(sql`count(*) desc`, asc(tags.name));
  return rows.map((r) => ({ ...r, optionsCount: Number(r.optionsCount) }));
}

async function topOptions(L: Loader, filters: { cityId?: number; countryId?: number }, n: number): Promise<OptionSummary[]> {
  const { ids } = await searchOptionIds(L.db, filters, 'recommended', { limit: n, offset: 0 });
  return loadOptionSummaries(L, ids);
}

const FIRST = (n: number) => ({ limit: n, offset: 0 });

export async function homePage(L: Loader): Promise<HomePage> {
  const db = L.db;
  const [countriesR, citiesR, featured, byKind, blogs, lists, site] = await Promise.all([
    queryCountries(db, []),
    queryCities(db, []),
    queryCollections(db, collectionConditions({ featured: true }), FIRST(8)),
    optionsByKind(L, undefined, 8),
    queryBlogs(db, [], FIRST(6)),
    queryBestOfLists(db, [], FIRST(6)),
    siteReviewsPage(db, FIRST(6)),
  ]);
  const topCities = [...citiesR.list].sort((a, b) => b.ordersCount - a.ordersCount || a.name.localeCompare(b.name)).slice(0, 6);
  return {
    topDestinations: { countries: countriesR.list, cities: topCities },
    featuredCollections: featured.list,
    optionsByKind: byKind,
    magazineHighlights: blogs.list,
    bestOfLists: lists.list,
    siteReviews: site.list,
    siteReviewsAggregate: site.aggregate,
  };
}

export async function cityPage(L: Loader, slug: string): Promise<CityPage> {
  const city = await getCityDetail(L, slug);
  const db = L.db;
  const optionScope = eq(options.cityId, city.id);
  const [cols, top, byKind, types, blogs, lists, its] = await Promise.all([
    queryCollections(db, [eq(collections.cityId, city.id)], FIRST(12)),
    topOptions(L, { cityId: city.id }, 12),
    optionsByKind(L, optionScope, 8),
    activityTypesIn(db, optionScope),
    queryBlogs(db, [eq(cities.id, city.id)], FIRST(6)),
    queryBestOfLists(db, [eq(bestOfLists.cityId, city.id)], FIRST(6)),
    queryItineraries(db, [eq(itineraries.cityId, city.id)], FIRST(6)),
  ]);
  return { city, collections: cols.list, topOptions: top, optionsByKind: byKind, activityTypes: types, blogs: blogs.list, bestOfLists: lists.list, itineraries: its.list };
}

export async function countryPage(L: Loader, slug: string): Promise<CountryPage> {
  const country = await getCountryDetail(L, slug);
  const db = L.db;
  const optionScope = eq(cities.countryId, country.id);
  const [cols, top, byKind, types, blogs, lists, its] = await Promise.all([
    queryCollections(db, [eq(countries.id, country.id)], FIRST(12)),
    topOptions(L, { countryId: country.id }, 12),
    optionsByKind(L, optionScope, 8),
    activityTypesIn(db, optionScope),
    queryBlogs(db, [eq(countries.id, country.id)], FIRST(6)),
    queryBestOfLists(db, [eq(countries.id, country.id)], FIRST(6)),
    queryItineraries(db, [eq(itineraries.countryId, country.id)], FIRST(6)),
  ]);
  return { country, collections: cols.list, topOptions: top, optionsByKind: byKind, activityTypes: types, blogs: blogs.list, bestOfLists: lists.list, itineraries: its.list };
}

export async function optionPage(L: Loader, slugCode: string): Promise<OptionPage> {
  const id = await findOptionId(L.db, slugCode);
  const [option, similarIds, reviews, general] = await Promise.all([
    loadOptionDetails(L, [id]).then((m) => {
      const detail = m.get(id);
      if (!detail) throw notFound('Option');
      return detail;
    }),
    similarOptionIds(L.db, id, 8),
    queryOptionReviews(L.db, id, FIRST(6)),
    queryFaqs(L.db, null, FIRST(50)),
  ]);
  return {
    option,
    similar: await loadOptionSummaries(L, similarIds),
    reviews: reviews.list,
    reviewsSummary: option.rating,
    faqs: [...option.faqs, ...general.list],
  };
}

export async function collectionPage(L: Loader, slug: string): Promise<CollectionPage> {
  const collection = await getCollectionDetail(L, slug);
  const place: SQL[] = [];
  if (collection.cityId !== null) place.push(eq(collections.cityId, collection.cityId));
  if (collection.countryId !== null) place.push(eq(countries.id, collection.countryId));
  const others = ne(collections.id, collection.id);
  let related = (await queryCollections(L.db, [others, place.length ? (or(...place) as SQL) : eq(collections.featured, true)], FIRST(6))).list;
  if (related.length === 0) related = (await queryCollections(L.db, [others, eq(collections.featured, true)], FIRST(6))).list;
  return { collection, relatedCollections: related };
}

export function pagesRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/page/home', async (c) => reply(c, await homePage(loaderOf(c))));
  app.get('/page/cities/:slug', async (c) => reply(c, await cityPage(loaderOf(c), slugParam(c, 'slug', 'City'))));
  app.get('/page/countries/:slug', async (c) => reply(c, await countryPage(loaderOf(c), slugParam(c, 'slug', 'Country'))));
  app.get('/page/options/:slugCode', async (c) => reply(c, await optionPage(loaderOf(c), slugParam(c, 'slugCode', 'Option'))));
  app.get('/page/collections/:slug', async (c) => reply(c, await collectionPage(loaderOf(c), slugParam(c, 'slug', 'Collection'))));
  return app;
}


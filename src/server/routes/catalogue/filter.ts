// GET /filter: the facets of the filter bar (spec §9 filter keys) with counts, for the same
// query GET /options takes. Disjunctive counting: each facet applies every filter but its own,
// so a value's count is what the list shows once that value is chosen too.
import { Hono } from 'hono';
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { ListOptionsQuery, OPTION_KINDS, type FacetValue, type FilterResponse, type ListOptionsQuery as ListOptionsQueryT } from '../../../contract/options.ts';
import type { TagKind } from '../../../contract/tags.ts';
import {
  CHILD_AGES,
  CHILD_AGE_LABELS,
  CHILD_AGE_TOP,
  DURATIONS,
  DURATION_LABELS,
  SORTS,
  SORT_LABELS,
  TABS,
  TAB_LABELS,
  TIME_SLOTS,
  TIME_SLOT_LABELS,
  TIME_SLOT_RANGES,
  TRIP_TYPES,
  TRIP_TYPE_LABELS,
} from '../../../lib/filter-keys.ts';
import { KIND_LABELS } from '../../../lib/format-listing.ts';
import { roundToExponent } from '../../../lib/format-money.ts';
import type { AppEnv } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { cities, countries, optionPlaces, options, optionTags, placesOfInterest, tags } from '../../db/schema.ts';
import { readQuery, reply } from '../../http.ts';
import { DEFAULT_PRICE_CURRENCY, durationBucketSql, filterConditions, fromPriceSgd, resolveFilters, sgdRateOf, type FacetKey, type OptionFilters } from './options.ts';
import { loaderOf, exponentOf } from './shared.ts';

/** How many places of interest and cities a facet lists at most (most options first). */
const MAX_PLACE_VALUES = 30;

const without = (f: OptionFilters, key: FacetKey): OptionFilters => ({ ...f, [key]: undefined });

/** Options matching every filter but `key`'s, joined with their city and country. */
function scoped(db: Db, f: OptionFilters, key: FacetKey | null) {
  const where = and(...filterConditions(key ? without(f, key) : f));
  return { where, from: (fields: Record<string, SQL>) => db.select(fields).from(options).innerJoin(cities, eq(cities.id, options.cityId)).innerJoin(countries, eq(countries.id, cities.countryId)) };
}

const n = (v: unknown) => Number(v ?? 0);

/** A fixed list of values with their counts (zero when none), in the list's order. */
function fixed<T extends string | number>(values: readonly T[], labels: Record<T, string>, counts: Map<string, number>): FacetValue[] {
  return values.map((v) => ({ value: String(v), label: labels[v], count: counts.get(String(v)) ?? 0 }));
}

/** Counts of the tags of one kind (as tags or as the activity type), chosen ones kept even at zero. */
async function tagFacet(db: Db, f: OptionFilters, key: 'activityType' | 'suitableFor' | 'sustainability', kind: TagKind): Promise<FacetValue[]> {
  const { where } = scoped(db, f, key);
  const pairs = sql`(select ${options.id} as option_id, ${options.activityTypeId} as tag_id from ${options} where ${options.activityTypeId} is not null
    union select ${optionTags.optionId}, ${optionTags.tagId} from ${optionTags})`;
  const rows = await db
    .select({ slug: tags.slug, name: tags.name, count: sql<number>`count(distinct ${options.id})` })
    .from(options)
    .innerJoin(cities, eq(cities.id, options.cityId))
    .innerJoin(countries, eq(countries.id, cities.countryId))
    .innerJoin(sql`${pairs} as op`, sql`op.option_id = ${options.id}`)
    .innerJoin(tags, sql`${tags.id} = op.tag_id`)
    .where(and(where, eq(tags.kind, kind), isNull(tags.deletedAt)))
    .groupBy(tags.id, tags.slug, tags.name, tags.position)
    .orderBy(asc(tags.position), asc(tags.name));
  const out = rows.map((r) => ({ value: r.slug, label: r.name, count: n(r.count) }));
  const chosen = f[key] ?? [];
  const missing = chosen.filter((slug) => !out.some((v) => v.value === slug));
  if (missing.length) {
    const named = await db.select({ slug: tags.slug, name: tags.name }).from(tags).where(and(eq(tags.kind, kind), inArray(tags.slug, missing), isNull(tags.deletedAt)));
    for (const t of named) out.push({ value: t.slug, label: t.name, count: 0 });
  }
  return out;
}

async function groupCounts(db: Db, f: OptionFilters, key: FacetKey, expr: SQL): Promise<Map<string, number>> {
  const { where, from } = scoped(db, f, key);
  const rows = (await from({ v: sql`${expr}`, count: sql`count(*)` }).where(where).groupBy(sql`1`)) as { v: unknown; count: unknown }[];
  return new Map(rows.filter((r) => r.v !== null).map((r): [string, number] => [String(r.v), n(r.count)]));
}

async function timeFacet(db: Db, f: OptionFilters): Promise<FacetValue[]> {
  const { where, from } = scoped(db, f, 'time');
  const counts = Object.fromEntries(
    TIME_SLOTS.map((slot) => {
      const [lo, hi] = TIME_SLOT_RANGES[slot];
      return [slot, sql<number>`count(*) filter (where exists (select 1 from jsonb_array_elements_text(${options.startTimes}) as st(t) where st.t >= ${lo} and st.t < ${hi}))`];
    }),
  );
  const [row] = (await from(counts).where(where)) as Record<string, unknown>[];
  return TIME_SLOTS.map((slot) => ({ value: slot, label: TIME_SLOT_LABELS[slot], count: n(row?.[slot]) }));
}

async function childAgeFacet(db: Db, f: OptionFilters): Promise<FacetValue[]> {
  const { where, from } = scoped(db, f, 'childAge');
  const counts = Object.fromEntries(
    CHILD_AGES.map((band) => [band, sql<number>`count(*) filter (where ${options.minAge} is null or ${options.minAge} <= ${CHILD_AGE_TOP[band]})`]),
  );
  const [row] = (await from(counts).where(where)) as Record<string, unknown>[];
  return CHILD_AGES.map((band) => ({ value: band, label: CHILD_AGE_LABELS[band], count: n(row?.[band]) }));
}

async function placeFacet(db: Db, f: OptionFilters): Promise<FacetValue[]> {
  const { where } = scoped(db, f, 'locationIds');
  const rows = await db
    .select({ id: placesOfInterest.id, name: placesOfInterest.name, count: sql<number>`count(distinct ${options.id})` })
    .from(options)
    .innerJoin(cities, eq(cities.id, options.cityId))
    .innerJoin(countries, eq(countries.id, cities.countryId))
    .innerJoin(optionPlaces, eq(optionPlaces.optionId, options.id))
    .innerJoin(placesOfInterest, eq(placesOfInterest.id, optionPlaces.placeId))
    .where(and(where, isNull(placesOfInterest.deletedAt)))
    .groupBy(placesOfInterest.id, placesOfInterest.name)
    .orderBy(sql`count(distinct ${options.id}) desc`, asc(placesOfInterest.name))
    .limit(MAX_PLACE_VALUES);
  const out = rows.map((r) => ({ value: String(r.id), label: r.name, count: n(r.count) }));
  const missing = (f.locationIds ?? []).filter((id) => !out.some((v) => v.value === String(id)));
  if (missing.length) {
    const named = await db.select({ id: placesOfInterest.id, name: placesOfInterest.name }).from(placesOfInterest).where(inArray(placesOfInterest.id, missing));
    for (const p of named) out.push({ value: String(p.id), label: p.name, count: 0 });
  }
  return out;
}

async function cityFacet(db: Db, f: OptionFilters): Promise<FacetValue[]> {
  const { where } = scoped(db, f, 'cityIds');
  const rows = await db
    .select({ id: cities.id, name: cities.name, count: sql<number>`count(*)` })
    .from(options)
    .innerJoin(cities, eq(cities.id, options.cityId))
    .innerJoin(countries, eq(countries.id, cities.countryId))
    .where(where)
    .groupBy(cities.id, cities.name)
    .orderBy(sql`count(*) desc`, asc(cities.name))
    .limit(MAX_PLACE_VALUES);
  const out = rows.map((r) => ({ value: String(r.id), label: r.name, count: n(r.count) }));
  const missing = (f.cityIds ?? []).filter((id) => !out.some((v) => v.value === String(id)));
  if (missing.length) {
    const named = await db.select({ id: cities.id, name: cities.name }).from(cities).where(inArray(cities.id, missing));
    for (const c of named) out.push({ value: String(c.id), label: c.name, count: 0 });
  }
  return out;
}

async function priceBounds(db: Db, f: OptionFilters): Promise<{ min: number | null; max: number | null }> {
  const { where, from } = scoped(db, f, 'priceSgd');
  const [row] = (await from({ min: sql`min(${fromPriceSgd})`, max: sql`max(${fromPriceSgd})` }).where(where)) as { min: unknown; max: unknown }[];
  return { min: row?.min == null ? null : Number(row.min), max: row?.max == null ? null : Number(row.max) };
}

export async function filterFacets(db: Db, query: Omit<ListOptionsQueryT, 'page' | 'per' | 'sort' | 'sortBy'>, exponents: Map<string, number>): Promise<FilterResponse> {
  const f = await resolveFilters(db, query);
  const currency = query.currency ?? DEFAULT_PRICE_CURRENCY;
  const rate = await sgdRateOf(db, currency);
  const all = scoped(db, f, null);
  const [totalRows, tab, kind, activityType, time, locationIds, cityIds, suitableFor, childAge, durations, tripType, sustainability, bounds] = await Promise.all([
    all.from({ count: sql`count(*)` }).where(all.where).then((r) => r as Record<string, unknown>[]),
    groupCounts(db, f, 'tab', sql`case when ${options.kind} = 'stay' then 'stays' else 'experiences' end`),
    groupCounts(db, f, 'kind', sql`${options.kind}`),
    tagFacet(db, f, 'activityType', 'activity_type'),
    timeFacet(db, f),
    placeFacet(db, f),
    cityFacet(db, f),
    tagFacet(db, f, 'suitableFor', 'suitable'),
    childAgeFacet(db, f),
    groupCounts(db, f, 'durations', durationBucketSql),
    groupCounts(db, f, 'tripType', sql`${options.tripType}`),
    tagFacet(db, f, 'sustainability', 'sustainability'),
    priceBounds(db, f),
  ]);
  const tabCounts = new Map(tab);
  tabCounts.set('all', (tab.get('stays') ?? 0) + (tab.get('experiences') ?? 0));
  // The bounds widen to whole units so the cheapest and dearest options stay inside the range.
  const money = (sgd: number | null, code: string, r: number, up: boolean) => {
    if (sgd === null) return null;
    const exp = exponentOf(exponents, code);
    const v = sgd * r;
    return { amount: roundToExponent(up ? Math.ceil(v) : Math.floor(v), exp), currency: code };
  };
  return {
    totalCount: n(totalRows[0]?.count),
    tab: fixed(TABS, TAB_LABELS, tabCounts),
    kind: fixed(OPTION_KINDS, KIND_LABELS, kind),
    activityType,
    time,
    locationIds,
    cityIds,
    suitableFor,
    childAge,
    durations: fixed(DURATIONS, DURATION_LABELS, durations),
    tripType: fixed(TRIP_TYPES, TRIP_TYPE_LABELS, tripType),
    sustainability,
    priceRange: { min: money(bounds.min, currency, rate, false), max: money(bounds.max, currency, rate, true) },
    masterPriceRange: { min: money(bounds.min, 'SGD', 1, false), max: money(bounds.max, 'SGD', 1, true) },
    sorts: SORTS.map((value) => ({ value, label: SORT_LABELS[value] })),
  };
}

export function filterRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/filter', async (c) => {
    const { page: _page, per: _per, sort: _sort, sortBy: _sortBy, ...query } = readQuery(c, ListOptionsQuery);
    const L = loaderOf(c);
    return reply(c, await filterFacets(L.db, query, await L.exponents()));
  });
  return app;
}

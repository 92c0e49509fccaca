// List filters as SQL conditions, and query → filters (prices become an SGD range).
import { and, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ListOptionsQuery as ListOptionsQueryT } from '../../../../contract/options.ts';
import type { TagKind } from '../../../../contract/tags.ts';
import { CHILD_AGE_TOP, DURATIONS, TIME_SLOT_RANGES, type ChildAge, type PriceRange, type Tab, type TimeSlot } from '../../../../lib/filter-keys.ts';
import type { Db } from '../../../db/client.ts';
import { cities, collectionOptions, collections, countries, exchangeRates, operators, optionPlaces, options, optionTags, tags } from '../../../db/schema.ts';
import { HttpError } from '../../../http.ts';
import { normalizeSearchText, optionTextMatch } from '../../../services/search.ts';
import { changedSince } from '../effective.ts';
import { likePattern } from '../shared.ts';
import { fromPriceSgd, visibleOption } from './rows.ts';

/** A tag by slug (optionally of one kind) on the option: as a tag or as its activity type. */
function hasTag(slug: string, kind?: TagKind): SQL {
  const kindCond = kind ? sql` and ${tags.kind} = ${kind}` : sql``;
  return sql`(${options.activityTypeId} in (select ${tags.id} from ${tags} where ${tags.slug} = ${slug}${kindCond} and ${tags.deletedAt} is null)
    or exists (select 1 from ${optionTags} join ${tags} on ${tags.id} = ${optionTags.tagId}
      where ${optionTags.optionId} = ${options.id} and ${tags.slug} = ${slug}${kindCond} and ${tags.deletedAt} is null))`;
}

/** Any of the tags (of one kind). */
const hasAnyTag = (slugs: readonly string[], kind: TagKind): SQL => or(...slugs.map((slug) => hasTag(slug, kind))) as SQL;

/** Whole days an option lasts: its days, a stay's nights + 1, or its minutes in whole days (0: less than a day). */
const dayCountSql = sql`(case when ${options.durationDays} is not null then ${options.durationDays}::int
  when ${options.durationNights} is not null then ${options.durationNights}::int + 1
  when ${options.durationMinutes} is not null then floor(${options.durationMinutes} / 1440.0)::int
  else null end)`;
/** Spec §9 duration filter bucket 0..3 (3: three days or more). */
export const durationBucketSql = sql`least(${dayCountSql}, ${sql.raw(String(DURATIONS[DURATIONS.length - 1]))})`;

/** A start time of the option falls in the slot. */
const startsIn = (slot: TimeSlot): SQL => {
  const [from, to] = TIME_SLOT_RANGES[slot];
  return sql`exists (select 1 from jsonb_array_elements_text(${options.startTimes}) as st(t) where st.t >= ${from} and st.t < ${to})`;
};

/** The option suits a child of the band: no minimum age, or one at most the band's top age. */
const suitsChildOf = (band: ChildAge): SQL => sql`(${options.minAge} is null or ${options.minAge} <= ${CHILD_AGE_TOP[band]})`;

const TAB_CONDITIONS: Record<Tab, SQL | undefined> = {
  all: undefined,
  experiences: ne(options.kind, 'stay'),
  stays: eq(options.kind, 'stay'),
};

/** The filters of a list after `prices` (in a currency) became an SGD range with `masterPrices`. */
export type OptionFilters = Omit<ListOptionsQueryT, 'page' | 'per' | 'sort' | 'sortBy' | 'prices' | 'masterPrices' | 'currency'> & {
  /** The "from" price range in SGD. */
  priceSgd?: PriceRange;
};

/** A filter key the facets leave out one at a time. */
export type FacetKey = 'tab' | 'kind' | 'activityType' | 'time' | 'locationIds' | 'cityIds' | 'suitableFor' | 'childAge' | 'durations' | 'tripType' | 'sustainability' | 'priceSgd';

export function filterConditions(f: OptionFilters): SQL[] {
  const conds: SQL[] = [visibleOption];
  if (f.city) conds.push(eq(cities.slug, f.city));
  if (f.country) conds.push(eq(countries.slug, f.country));
  if (f.cityId) conds.push(eq(options.cityId, f.cityId));
  if (f.countryId) conds.push(eq(cities.countryId, f.countryId));
  const tab = f.tab && TAB_CONDITIONS[f.tab];
  if (tab) conds.push(tab);
  if (f.kind?.length) conds.push(inArray(options.kind, f.kind));
  if (f.activityType?.length) conds.push(hasAnyTag(f.activityType, 'activity_type'));
  if (f.suitableFor?.length) conds.push(hasAnyTag(f.suitableFor, 'suitable'));
  if (f.sustainability?.length) conds.push(hasAnyTag(f.sustainability, 'sustainability'));
  if (f.time?.length) conds.push(or(...f.time.map(startsIn)) as SQL);
  if (f.locationIds?.length) {
    conds.push(sql`exists (select 1 from ${optionPlaces} where ${optionPlaces.optionId} = ${options.id} and ${inArray(optionPlaces.placeId, f.locationIds)})`);
  }
  if (f.cityIds?.length) conds.push(inArray(options.cityId, f.cityIds));
  if (f.childAge?.length) conds.push(or(...f.childAge.map(suitsChildOf)) as SQL);
  if (f.durations?.length) conds.push(sql`${durationBucketSql} in (${sql.join(f.durations.map((d) => sql`${d}`), sql`, `)})`);
  if (f.tripType?.length) conds.push(inArray(options.tripType, f.tripType));
  if (f.priceSgd?.min !== undefined) conds.push(sql`${fromPriceSgd} >= ${f.priceSgd.min}`);
  if (f.priceSgd?.max !== undefined) conds.push(sql`${fromPriceSgd} <= ${f.priceSgd.max}`);
  if (f.specificId) {
    conds.push(sql`exists (select 1 from ${collectionOptions} join ${collections} on ${collections.id} = ${collectionOptions.collectionId}
      where ${collectionOptions.optionId} = ${options.id} and ${collections.id} = ${f.specificId} and ${collections.deletedAt} is null and ${collections.published})`);
  }
  if (f.categoryId) {
    conds.push(sql`exists (select 1 from ${collectionOptions} where ${collectionOptions.optionId} = ${options.id} and ${collectionOptions.categoryId} = ${f.categoryId})`);
  }
  for (const t of f.tags ?? []) conds.push(hasTag(t));
  if (f.collection) {
    conds.push(sql`exists (select 1 from ${collectionOptions} join ${collections} on ${collections.id} = ${collectionOptions.collectionId}
      where ${collectionOptions.optionId} = ${options.id} and ${collections.slug} = ${f.collection} and ${collections.deletedAt} is null and ${collections.published})`);
  }
  if (f.supplier) conds.push(sql`${options.operatorId} in (select ${operators.id} from ${operators} where ${operators.slug} = ${f.supplier} and ${operators.deletedAt} is null)`);
  if (f.slugCodes) conds.push(inArray(options.slugCode, f.slugCodes));
  if (f.q !== undefined) {
    // Typo-tolerant on names and cities (pg_trgm, services/search.ts), plain text in summaries.
    const text = normalizeSearchText(f.q);
    conds.push(text ? (or(optionTextMatch(text).where, ilike(options.summary, likePattern(text))) as SQL) : sql`false`);
  }
  if (f.changedSince) conds.push(changedSince(options.id, 'options', f.changedSince));
  return conds;
}

/** One SGD in `code`, or a 422 naming the currency (spec §8 wording). */
export async function sgdRateOf(db: Db, code: string): Promise<number> {
  if (code === 'SGD') return 1;
  const [row] = await db
    .select({ rate: exchangeRates.rate })
    .from(exchangeRates)
    .where(and(eq(exchangeRates.fromCurrency, 'SGD'), eq(exchangeRates.toCurrency, code)))
    .limit(1);
  const rate = row ? Number(row.rate) : NaN;
  if (!(rate > 0)) throw new HttpError(422, `Encounter unsupported currency: ${code} is not supported`, { fields: { currency: `${code} is not supported` } });
  return rate;
}

/** The storefront's default currency (spec §9), the one `prices` is in when no `currency` is given. */
export const DEFAULT_PRICE_CURRENCY = 'USD';

/** Query → filters: `prices` (in `currency`) and `masterPrices` (SGD) become one SGD range. */
export async function resolveFilters(db: Db, q: Omit<ListOptionsQueryT, 'page' | 'per' | 'sort' | 'sortBy'>): Promise<OptionFilters> {
  const { prices, masterPrices, currency, ...rest } = q;
  const ranges: PriceRange[] = [];
  if (masterPrices) ranges.push(masterPrices);
  if (prices) {
    const rate = await sgdRateOf(db, currency ?? DEFAULT_PRICE_CURRENCY);
    ranges.push({ ...(prices.min !== undefined ? { min: prices.min / rate } : {}), ...(prices.max !== undefined ? { max: prices.max / rate } : {}) });
  } else if (currency) {
    await sgdRateOf(db, currency);
  }
  if (ranges.length === 0) return rest;
  const mins = ranges.flatMap((r) => (r.min === undefined ? [] : [r.min]));
  const maxes = ranges.flatMap((r) => (r.max === undefined ? [] : [r.max]));
  return {
    ...rest,
    priceSgd: { ...(mins.length ? { min: Math.max(...mins) } : {}), ...(maxes.length ? { max: Math.min(...maxes) } : {}) },
  };
}

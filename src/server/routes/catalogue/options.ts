// Options (experiences): list with filters and sorts, detail, similar. Also the batch loaders
// every other resource uses to embed option cards (summaries) without N+1 queries.
import { Hono } from 'hono';
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Image } from '../../../contract/common.ts';
import type { Faq } from '../../../contract/faqs.ts';
import {
  ListOptionsQuery,
  OPTION_DETAIL_REVIEWS,
  SimilarOptionsQuery,
  type ListOptionsQuery as ListOptionsQueryT,
  type OptionDetail,
  type OptionSort,
  type OptionSummary,
} from '../../../contract/options.ts';
import type { TagKind, TagRef } from '../../../contract/tags.ts';
import { CHILD_AGE_TOP, DURATIONS, TIME_SLOT_RANGES, type ChildAge, type PriceRange, type Tab, type TimeSlot } from '../../../lib/filter-keys.ts';
import { transportPer } from '../../../lib/pricing.ts';
import type { AppEnv } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  cities,
  collectionOptions,
  collections,
  countries,
  currencies,
  exchangeRates,
  faqs,
  images,
  operators,
  optionImages,
  optionLocations,
  optionPlaces,
  optionRooms,
  options,
  optionTags,
  placesOfInterest,
  reviews,
  tags,
} from '../../db/schema.ts';
import { HttpError, notFound, readQuery, reply } from '../../http.ts';
import { normalizeSearchText, optionTextMatch } from '../../services/search.ts';
import { changedSince, listChangeExtras } from './effective.ts';
import {
  iso,
  noStars,
  toCityRef,
  toCountryRef,
  toImage,
  toMoney,
  toMoneyOrNull,
  toRatingAggregate,
  toRatingSummary,
  toReview,
  toTagRef,
  type ReviewRow,
  type StarCounts,
} from './mappers.ts';
import {
  countAll,
  exponentOf,
  imageOf,
  inOrder,
  likePattern,
  loadImages,
  loadStarCounts,
  loaderOf,
  offsetOf,
  pageOf,
  slugParam,
  type Loader,
} from './shared.ts';

export const visibleOption = and(eq(options.published, true), isNull(options.deletedAt)) as SQL;

const activityTag = alias(tags, 'activity_tag');

const minRoomPrice = sql<number | null>`(select min(${optionRooms.pricePerNight}) from ${optionRooms} where ${optionRooms.optionId} = ${options.id})`;

/** The "from" price in minor units, as SQL (same rule as fromPriceMinor). */
const fromPriceSql = sql`(case ${options.priceUnit}
  when 'per_person' then coalesce(${options.adultPrice}, ${options.localAdultPrice})
  when 'per_group' then coalesce(${options.groupPrice}, ${options.adultPrice} * greatest(1, coalesce(${options.minPax}, 1)))
  else ${minRoomPrice} end)`;

/** The "from" price in SGD (major units), for sorting options priced in different currencies. */
export const fromPriceSgd = sql`(${fromPriceSql}::numeric
  / power(10, coalesce((select ${currencies.exponent} from ${currencies} where ${currencies.code} = ${options.priceCurrency}), 2))
  / coalesce((select ${exchangeRates.rate} from ${exchangeRates}
      where ${exchangeRates.fromCurrency} = 'SGD' and ${exchangeRates.toCurrency} = ${options.priceCurrency}), 1))`;

/** Base rows: the option with its city, country and activity type (one query for any number). */
function selectOptionRows(db: Db, ids: number[]) {
  return db
    .select({
      o: options,
      minRoomPrice,
      city: { id: cities.id, slug: cities.slug, name: cities.name, countryId: cities.countryId },
      country: { id: countries.id, slug: countries.slug, name: countries.name, code: countries.code },
      activityTagId: activityTag.id,
      activityTagSlug: activityTag.slug,
      activityTagKind: activityTag.kind,
      activityTagName: activityTag.name,
    })
    .from(options)
    .innerJoin(cities, eq(cities.id, options.cityId))
    .innerJoin(countries, eq(countries.id, cities.countryId))
    .leftJoin(activityTag, and(eq(activityTag.id, options.activityTypeId), isNull(activityTag.deletedAt)))
    .where(and(inArray(options.id, ids), visibleOption));
}
export type OptionRow = Awaited<ReturnType<typeof selectOptionRows>>[number];

/** Per person: adult price; per group: group price (min-pax model: per-guest price × min pax); per room: the cheapest room-night. */
export function fromPriceMinor(row: Pick<OptionRow, 'o' | 'minRoomPrice'>): number | null {
  switch (row.o.priceUnit) {
    case 'per_person':
      return row.o.adultPrice ?? row.o.localAdultPrice;
    case 'per_group':
      // min-pax model without a group price: the per-guest price times the minimum group
      return row.o.groupPrice ?? (row.o.adultPrice === null ? null : row.o.adultPrice * Math.max(1, row.o.minPax ?? 1));
    case 'per_room':
      return row.minRoomPrice === null ? null : Number(row.minRoomPrice);
  }
}

export type SummaryExtras = { exponents: Map<string, number>; firstImage: Map<number, Image>; stars: Map<number, StarCounts> };

export function toOptionSummary(row: OptionRow, x: SummaryExtras): OptionSummary {
  const o = row.o;
  const exp = exponentOf(x.exponents, o.priceCurrency);
  return {
    id: o.id,
    slugCode: o.slugCode,
    name: o.name,
    summary: o.summary,
    kind: o.kind,
    priceUnit: o.priceUnit,
    bookType: o.bookType,
    tripType: o.tripType,
    durationMinutes: o.durationMinutes,
    durationDays: o.durationDays,
    durationNights: o.durationNights,
    fromPrice: toMoneyOrNull(fromPriceMinor(row), o.priceCurrency, exp),
    image: x.firstImage.get(o.id) ?? null,
    city: toCityRef(row.city),
    country: toCountryRef(row.country),
    activityType:
      row.activityTagId !== null && row.activityTagSlug !== null && row.activityTagKind !== null && row.activityTagName !== null
        ? { id: row.activityTagId, slug: row.activityTagSlug, kind: row.activityTagKind, name: row.activityTagName }
        : null,
    rating: toRatingAggregate(x.stars.get(o.id) ?? noStars()),
    ordersCount: o.ordersCount,
  };
}

/** Images of options in position order (deleted images left out). */
async function loadOptionImages(db: Db, ids: number[], firstOnly: boolean): Promise<Map<number, Image[]>> {
  const out = new Map<number, Image[]>();
  if (ids.length === 0) return out;
  const base = { optionId: optionImages.optionId, image: images };
  const where = and(inArray(optionImages.optionId, ids), isNull(images.deletedAt));
  const order = [asc(optionImages.optionId), asc(optionImages.position), asc(optionImages.imageId)];
  const rows = firstOnly
    ? await db.selectDistinctOn([optionImages.optionId], base).from(optionImages).innerJoin(images, eq(images.id, optionImages.imageId)).where(where).orderBy(...order)
    : await db.select(base).from(optionImages).innerJoin(images, eq(images.id, optionImages.imageId)).where(where).orderBy(...order);
  for (const r of rows) {
    const list = out.get(r.optionId) ?? [];
    list.push(toImage(r.image));
    out.set(r.optionId, list);
  }
  return out;
}

const firstOf = (m: Map<number, Image[]>) => new Map([...m].flatMap(([id, list]) => (list[0] ? [[id, list[0]] as const] : [])));

/**
 * Option cards for the given ids, in that order; hidden options are left out.
 * Four small queries whatever the number of ids (rows, first images, star counts, currencies).
 */
export async function loadOptionSummaries(L: Loader, ids: number[]): Promise<OptionSummary[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const [rows, imgs, stars, exponents] = await Promise.all([
    selectOptionRows(L.db, wanted),
    loadOptionImages(L.db, wanted, true),
    loadStarCounts(L.db, wanted),
    L.exponents(),
  ]);
  const x: SummaryExtras = { exponents, firstImage: firstOf(imgs), stars };
  return inOrder(wanted, new Map(rows.map((r) => [r.o.id, toOptionSummary(r, x)])));
}

export async function loadOptionSummaryMap(L: Loader, ids: number[]): Promise<Map<number, OptionSummary>> {
  const list = await loadOptionSummaries(L, ids);
  return new Map(list.map((o) => [o.id, o]));
}

type DetailExtras = SummaryExtras & {
  images: Map<number, Image[]>;
  tags: Map<number, TagRef[]>;
  places: Map<number, OptionDetail['placesOfInterest']>;
  locations: Map<number, (typeof optionLocations.$inferSelect)[]>;
  rooms: Map<number, (typeof optionRooms.$inferSelect)[]>;
  operators: Map<number, OptionDetail['operator']>;
  faqs: Map<number, Faq[]>;
  reviews: Map<number, ReviewRow[]>;
};

const groupBy = <T, K>(rows: T[], key: (r: T) => K): Map<K, T[]> => {
  const m = new Map<K, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = m.get(k);
    if (list) list.push(r);
    else m.set(k, [r]);
  }
  return m;
};

export function toOptionDetail(row: OptionRow, x: DetailExtras): OptionDetail {
  const o = row.o;
  const cur = o.priceCurrency;
  const exp = exponentOf(x.exponents, cur);
  const money = (minor: number | null) => toMoneyOrNull(minor, cur, exp);
  const tagList = x.tags.get(o.id) ?? [];
  const summary = toOptionSummary(row, x);
  const activityTypes = tagList.filter((t) => t.kind === 'activity_type');
  if (summary.activityType && !activityTypes.some((t) => t.id === summary.activityType?.id)) activityTypes.unshift(summary.activityType);
  const operator = x.operators.get(o.operatorId);
  if (!operator) throw new Error(`option ${o.id}: operator ${o.operatorId} missing`);
  return {
    ...summary,
    description: o.description,
    images: x.images.get(o.id) ?? [],
    currency: cur,
    groupPriceType: o.groupPriceType,
    useChildPrices: o.useChildPrices,
    hasLocalPrice: o.hasLocalPrice,
    prices: {
      adult: money(o.adultPrice),
      child: money(o.childPrice),
      localAdult: money(o.localAdultPrice),
      localChild: money(o.localChildPrice),
      group: money(o.groupPrice),
      groupIncludedPax: o.groupIncludedPax,
      additionalPax: money(o.additionalPaxPrice),
      minPax: o.minPax,
    },
    cancelType: o.cancelType,
    rescheduleType: o.rescheduleType,
    minQtyForPrice: o.minQtyForPrice,
    maxQtyForPrice: o.maxQtyForPrice,
    yachtTrip: o.yachtTrip,
    capacity: o.capacity,
    startTimes: o.startTimes,
    languages: o.languages,
    minAge: o.minAge,
    difficulty: o.difficulty,
    highlights: o.highlights,
    itinerary: o.itinerary.map((s) => ({ time: s.time ?? null, title: s.title, description: s.description })),
    inclusions: o.inclusions,
    exclusions: o.exclusions,
    transportItems: o.transportItems.map((t) => ({ id: t.id, kind: t.kind, name: t.name, price: toMoney(t.price, cur, exp), per: t.per ?? transportPer(t.name) })),
    locations: (x.locations.get(o.id) ?? []).map((l) => ({
      id: l.id,
      kind: l.kind,
      name: l.name,
      address: l.address,
      note: l.note,
      latitude: l.latitude,
      longitude: l.longitude,
    })),
    rooms: (x.rooms.get(o.id) ?? []).map((r) => ({
      id: r.id,
      roomType: r.roomType,
      privacy: r.privacy,
      name: r.name,
      maxGuests: r.maxGuests,
      pricePerNight: toMoney(r.pricePerNight, cur, exp),
      quantity: r.quantity,
    })),
    tags: {
      activityType: activityTypes,
      suitable: tagList.filter((t) => t.kind === 'suitable'),
      sustainability: tagList.filter((t) => t.kind === 'sustainability'),
      theme: tagList.filter((t) => t.kind === 'theme'),
    },
    placesOfInterest: x.places.get(o.id) ?? [],
    operator,
    rating: toRatingSummary(x.stars.get(o.id) ?? noStars()),
    reviews: (x.reviews.get(o.id) ?? []).map(toReview),
    faqs: x.faqs.get(o.id) ?? [],
    updatedAt: iso(o.updatedAt),
  };
}

/** The newest `n` rated reviews of each option (one query, ranked per option). */
async function newestReviews(db: Db, optionIds: number[], n: number): Promise<ReviewRow[]> {
  const ranked = db
    .select({ id: reviews.id, rank: sql<number>`row_number() over (partition by ${reviews.optionId} order by ${reviews.createdAt} desc, ${reviews.id} desc)`.as('rank') })
    .from(reviews)
    .where(and(inArray(reviews.optionId, optionIds), isNotNull(reviews.rating), isNull(reviews.deletedAt)))
    .as('ranked');
  const rows = await db
    .select({ r: reviews })
    .from(reviews)
    .innerJoin(ranked, eq(ranked.id, reviews.id))
    .where(sql`${ranked.rank} <= ${n}`)
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  return rows.map((row) => row.r);
}

/** Full detail records for the given ids (hidden ones left out): ~11 queries for any number. */
export async function loadOptionDetails(L: Loader, ids: number[]): Promise<Map<number, OptionDetail>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const db = L.db;
  const [rows, imgs, stars, exponents, tagRows, placeRows, locationRows, roomRows, faqRows, reviewRows] = await Promise.all([
    selectOptionRows(db, wanted),
    loadOptionImages(db, wanted, false),
    loadStarCounts(db, wanted),
    L.exponents(),
    db
      .select({ optionId: optionTags.optionId, id: tags.id, slug: tags.slug, kind: tags.kind, name: tags.name })
      .from(optionTags)
      .innerJoin(tags, eq(tags.id, optionTags.tagId))
      .where(and(inArray(optionTags.optionId, wanted), isNull(tags.deletedAt)))
      .orderBy(asc(tags.kind), asc(tags.position), asc(tags.name)),
    db
      .select({ optionId: optionPlaces.optionId, id: placesOfInterest.id, slug: placesOfInterest.slug, name: placesOfInterest.name, imageId: placesOfInterest.imageId })
      .from(optionPlaces)
      .innerJoin(placesOfInterest, eq(placesOfInterest.id, optionPlaces.placeId))
      .where(and(inArray(optionPlaces.optionId, wanted), isNull(placesOfInterest.deletedAt)))
      .orderBy(asc(placesOfInterest.name)),
    db.select().from(optionLocations).where(inArray(optionLocations.optionId, wanted)).orderBy(asc(optionLocations.kind), asc(optionLocations.id)),
    db.select().from(optionRooms).where(inArray(optionRooms.optionId, wanted)).orderBy(asc(optionRooms.pricePerNight), asc(optionRooms.id)),
    db
      .select()
      .from(faqs)
      .where(and(inArray(faqs.optionId, wanted), isNull(faqs.deletedAt)))
      .orderBy(asc(faqs.position), asc(faqs.id)),
    newestReviews(db, wanted, OPTION_DETAIL_REVIEWS),
  ]);
  const operatorIds = [...new Set(rows.map((r) => r.o.operatorId))];
  const operatorRows = operatorIds.length
    ? await db
        .select({
          id: operators.id,
          slug: operators.slug,
          name: operators.name,
          tagline: operators.tagline,
          imageId: operators.imageId,
          languages: operators.languages,
          foundedYear: operators.foundedYear,
        })
        .from(operators)
        .where(inArray(operators.id, operatorIds))
    : [];
  const extraImages = await loadImages(db, [...operatorRows.map((r) => r.imageId), ...placeRows.map((r) => r.imageId)]);

  const x: DetailExtras = {
    exponents,
    stars,
    images: imgs,
    firstImage: firstOf(imgs),
    tags: new Map([...groupBy(tagRows, (r) => r.optionId)].map(([k, v]) => [k, v.map(toTagRef)])),
    places: new Map(
      [...groupBy(placeRows, (r) => r.optionId)].map(([k, v]) => [
        k,
        v.map((p) => ({ id: p.id, slug: p.slug, name: p.name, image: imageOf(extraImages, p.imageId) })),
      ]),
    ),
    locations: groupBy(locationRows, (r) => r.optionId),
    rooms: groupBy(roomRows, (r) => r.optionId),
    operators: new Map(
      operatorRows.map((r) => [
        r.id,
        { id: r.id, slug: r.slug, name: r.name, tagline: r.tagline, image: imageOf(extraImages, r.imageId), languages: r.languages, foundedYear: r.foundedYear },
      ]),
    ),
    reviews: groupBy(reviewRows, (r) => r.optionId),
    faqs: new Map(
      [...groupBy(faqRows, (r) => r.optionId ?? 0)].map(([k, v]) => [k, v.map((f) => ({ id: f.id, question: f.question, answer: f.answer, position: f.position }))]),
    ),
  };
  return new Map(rows.map((r) => [r.o.id, toOptionDetail(r, x)]));
}

/** The visible option's id by slugCode, or 404. */
export async function findOptionId(db: Db, slugCode: string): Promise<number> {
  const [row] = await db.select({ id: options.id }).from(options).where(and(eq(options.slugCode, slugCode), visibleOption)).limit(1);
  if (!row) throw notFound('Option');
  return row.id;
}

export async function getOptionDetail(L: Loader, slugCode: string): Promise<OptionDetail> {
  const id = await findOptionId(L.db, slugCode);
  const detail = (await loadOptionDetails(L, [id])).get(id);
  if (!detail) throw notFound('Option');
  return detail;
}

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
      where ${collectionOptions.optionId} = ${options.id} and ${collections.id} = ${f.specificId} and ${collections.deletedAt} is null)`);
  }
  if (f.categoryId) {
    conds.push(sql`exists (select 1 from ${collectionOptions} where ${collectionOptions.optionId} = ${options.id} and ${collectionOptions.categoryId} = ${f.categoryId})`);
  }
  for (const t of f.tags ?? []) conds.push(hasTag(t));
  if (f.collection) {
    conds.push(sql`exists (select 1 from ${collectionOptions} join ${collections} on ${collections.id} = ${collectionOptions.collectionId}
      where ${collectionOptions.optionId} = ${options.id} and ${collections.slug} = ${f.collection} and ${collections.deletedAt} is null)`);
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

const ratingAgg = (db: Db) =>
  db
    .select({
      optionId: reviews.optionId,
      cnt: sql<number>`count(*)`.as('cnt'),
      avg: sql<number>`avg(${reviews.rating})`.as('avg'),
    })
    .from(reviews)
    .where(and(isNotNull(reviews.rating), isNull(reviews.deletedAt)))
    .groupBy(reviews.optionId)
    .as('ra');

/** Ids of one page of matching options in the asked order, and the total count. */
export async function searchOptionIds(
  db: Db,
  f: OptionFilters,
  sort: OptionSort,
  page: { limit: number; offset: number },
): Promise<{ ids: number[]; total: number }> {
  const where = and(...filterConditions(f));
  const countQuery = db
    .select({ n: countAll })
    .from(options)
    .innerJoin(cities, eq(cities.id, options.cityId))
    .innerJoin(countries, eq(countries.id, cities.countryId))
    .where(where);
  const ra = ratingAgg(db);
  const base = db
    .select({ id: options.id })
    .from(options)
    .innerJoin(cities, eq(cities.id, options.cityId))
    .innerJoin(countries, eq(countries.id, cities.countryId))
    .leftJoin(ra, eq(ra.optionId, options.id))
    .where(where);
  const order: SQL[] = {
    recommended: [desc(sql`coalesce(${ra.avg}, 0) * ln(1 + coalesce(${ra.cnt}, 0)) + ln(1 + ${options.ordersCount})`), asc(options.id)],
    most_popular: [sql`${ra.avg} desc nulls last`, sql`${ra.cnt} desc nulls last`, desc(options.ordersCount), asc(options.id)],
    asc: [sql`${fromPriceSgd} asc nulls last`, asc(options.id)],
    desc: [sql`${fromPriceSgd} desc nulls last`, asc(options.id)],
    latest: [desc(options.createdAt), desc(options.id)],
  }[sort];
  // With a search text, "recommended" puts the best matches first.
  const text = f.q === undefined ? '' : normalizeSearchText(f.q);
  if (sort === 'recommended' && text) order.unshift(sql`${optionTextMatch(text).score} desc`);
  const [countRows, idRows] = await Promise.all([countQuery, base.orderBy(...order).limit(page.limit).offset(page.offset)]);
  return { ids: idRows.map((r) => r.id), total: Number(countRows[0]?.n ?? 0) };
}

/** Same city or same activity type, ranked: both > activity type > city; then kind, popularity. */
export async function similarOptionIds(db: Db, optionId: number, limit: number): Promise<number[]> {
  const [self] = await db
    .select({ id: options.id, cityId: options.cityId, activityTypeId: options.activityTypeId, kind: options.kind })
    .from(options)
    .where(eq(options.id, optionId));
  if (!self) return [];
  const sameCity = eq(options.cityId, self.cityId);
  const sameType = self.activityTypeId === null ? sql`false` : eq(options.activityTypeId, self.activityTypeId);
  const rows = await db
    .select({ id: options.id })
    .from(options)
    .where(and(visibleOption, ne(options.id, self.id), or(sameCity, sameType)))
    .orderBy(
      desc(sql`(case when ${sameType} then 3 else 0 end) + (case when ${sameCity} then 2 else 0 end) + (case when ${options.kind} = ${self.kind} then 1 else 0 end)`),
      desc(options.ordersCount),
      asc(options.id),
    )
    .limit(limit);
  return rows.map((r) => r.id);
}

export function optionsRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/options', async (c) => {
    const q = readQuery(c, ListOptionsQuery);
    const L = loaderOf(c);
    const { page, per, sort, sortBy, ...query } = q;
    const filters = await resolveFilters(L.db, query);
    const { ids, total } = await searchOptionIds(L.db, filters, sortBy ?? sort ?? 'recommended', { limit: per, offset: offsetOf(q) });
    const [list, extras] = await Promise.all([loadOptionSummaries(L, ids), listChangeExtras(L.db, 'options', q.changedSince)]);
    return reply(c, { options: list, pagination: pageOf({ page, per }, total), ...extras });
  });

  app.get('/options/:slugCode/similar', async (c) => {
    const slugCode = slugParam(c, 'slugCode', 'Option');
    const { limit } = readQuery(c, SimilarOptionsQuery);
    const L = loaderOf(c);
    const id = await findOptionId(L.db, slugCode);
    return reply(c, { options: await loadOptionSummaries(L, await similarOptionIds(L.db, id, limit)) });
  });

  app.get('/options/:slugCode', async (c) => {
    const slugCode = slugParam(c, 'slugCode', 'Option');
    return reply(c, await getOptionDetail(loaderOf(c), slugCode));
  });

  return app;
}

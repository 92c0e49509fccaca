// Ids of matching options (one page, in the asked order) and of similar options.
import { and, asc, desc, eq, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { OptionSort } from '../../../../contract/options.ts';
import type { Db } from '../../../db/client.ts';
import { cities, countries, options, reviews } from '../../../db/schema.ts';
import { normalizeSearchText, optionTextMatch } from '../../../services/search.ts';
import { countAll } from '../shared.ts';
import { filterConditions, type OptionFilters } from './filters.ts';
import { fromPriceSgd, visibleOption } from './rows.ts';

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
    footprint: [sql`${options.footprintGrams} asc nulls last`, asc(options.id)],
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

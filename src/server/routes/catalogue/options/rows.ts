// Option base rows (with city, country and activity type), visibility and the "from" price.
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import { cities, countries, currencies, exchangeRates, optionRooms, options, tags } from '../../../db/schema.ts';

export const visibleOption = and(eq(options.published, true), isNull(options.deletedAt)) as SQL;

const activityTag = alias(tags, 'activity_tag');

const minRoomPrice = sql<number | null>`(select min(${optionRooms.pricePerNight}) from ${optionRooms} where ${optionRooms.optionId} = ${options}.id)`;

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
export function selectOptionRows(db: Db, ids: number[]) {
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

// What booking needs to know about an option (prices in minor units, rooms, pickups, its
// availability rule, where and in which time zone it starts) and about money (currencies and
// the current SGD rates). Loaded fresh per call: amounts always use current rates.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Image } from '../../../contract/common.ts';
import { ALL_WEEKDAYS, type AvailabilityRule } from '../../../lib/availability-rules.ts';
import { timeZoneOf } from '../../../lib/local-time.ts';
import type { Season } from '../../../lib/seasons.ts';
import type { CurrencyUnit, RateTable } from '../../../lib/money.ts';
import { transportPer, type PricingOption, type PricingTransport } from '../../../lib/pricing.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  availabilityRules,
  cities,
  countries,
  currencies,
  exchangeRates,
  images,
  optionImages,
  optionLocations,
  optionRooms,
  options,
  optionSeasons,
} from '../../db/schema.ts';
import { HttpError } from '../../http.ts';
import { toImage } from '../../routes/catalogue/mappers.ts';

export type MoneyContext = {
  rates: RateTable;
  units: Map<string, CurrencyUnit & { checkoutSupported: boolean }>;
};

export async function loadMoneyContext(db: Db | Tx): Promise<MoneyContext> {
  const [rateRows, currencyRows] = await Promise.all([
    db.select({ to: exchangeRates.toCurrency, rate: exchangeRates.rate }).from(exchangeRates).where(eq(exchangeRates.fromCurrency, 'SGD')),
    db.select({ code: currencies.code, exponent: currencies.exponent, checkoutSupported: currencies.checkoutSupported }).from(currencies),
  ]);
  const rates: Record<string, string> = {};
  for (const r of rateRows) rates[r.to] = String(r.rate);
  return { rates, units: new Map(currencyRows.map((c) => [c.code, c])) };
}

/** A currency the traveller may pay in, or 422 with the spec's unsupported-currency words. */
export function checkoutUnit(m: MoneyContext, code: string): CurrencyUnit {
  const u = m.units.get(code);
  if (!u || !u.checkoutSupported || (code !== 'SGD' && m.rates[code] === undefined)) {
    throw new HttpError(422, `Encounter unsupported currency: ${code} is not supported`, { fields: { currency: `${code} is not supported` } });
  }
  return { code: u.code, exponent: u.exponent };
}

export function unitOf(m: MoneyContext, code: string): CurrencyUnit {
  const u = m.units.get(code);
  if (!u) throw new Error(`Unknown currency ${code}`);
  return { code: u.code, exponent: u.exponent };
}

export type BookableRoom = PricingOption['rooms'][number] & { roomType: (typeof optionRooms.$inferSelect)['roomType']; privacy: 'private' | 'shared' };

/** What the price rules read of an option (src/lib/pricing.ts), for bookings and gift experiences alike. */
export function pricingOf(o: typeof options.$inferSelect, rooms: PricingOption['rooms'], transportItems: PricingOption['transportItems']): PricingOption {
  return {
    priceUnit: o.priceUnit,
    groupPriceType: o.groupPriceType,
    useChildPrices: o.useChildPrices,
    hasLocalPrice: o.hasLocalPrice,
    adultPrice: o.adultPrice,
    childPrice: o.childPrice,
    localAdultPrice: o.localAdultPrice,
    localChildPrice: o.localChildPrice,
    groupPrice: o.groupPrice,
    groupIncludedPax: o.groupIncludedPax,
    additionalPaxPrice: o.additionalPaxPrice,
    minPax: o.minPax,
    minQtyForPrice: o.minQtyForPrice,
    maxQtyForPrice: o.maxQtyForPrice,
    minNights: o.kind === 'stay' ? Math.max(1, o.durationNights ?? 1) : 1,
    rooms,
    transportItems,
  };
}

export type BookableTransport = PricingTransport;

export type BookableOption = {
  id: number;
  slugCode: string;
  name: string;
  published: boolean;
  deleted: boolean;
  kind: (typeof options.$inferSelect)['kind'];
  priceUnit: PricingOption['priceUnit'];
  groupPriceType: PricingOption['groupPriceType'];
  bookType: 'instant' | 'request_to_book';
  currency: string;
  pricing: PricingOption;
  /** Seasonal prices by start date (src/lib/seasons.ts); priceResolved applies them. */
  seasons: Season[];
  rule: AvailabilityRule;
  startTimes: string[];
  durationMinutes: number | null;
  durationDays: number | null;
  durationNights: number | null;
  cancelType: (typeof options.$inferSelect)['cancelType'];
  rescheduleType: (typeof options.$inferSelect)['rescheduleType'];
  minAge: number | null;
  yachtTrip: boolean;
  rooms: BookableRoom[];
  transportItems: BookableTransport[];
  city: { slug: string; name: string };
  country: { code: string; name: string };
  zone: string;
  meetingPoint: string | null;
  image: Image | null;
};

/** An option's seasonal prices, earliest first. */
export async function seasonsOf(db: Db | Tx, optionId: number): Promise<Season[]> {
  const rows = await db.select().from(optionSeasons).where(eq(optionSeasons.optionId, optionId)).orderBy(asc(optionSeasons.startDate), asc(optionSeasons.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    startDate: r.startDate,
    endDate: r.endDate,
    adultPrice: r.adultPrice,
    childPrice: r.childPrice,
    localAdultPrice: r.localAdultPrice,
    localChildPrice: r.localChildPrice,
    groupPrice: r.groupPrice,
    additionalPaxPrice: r.additionalPaxPrice,
    roomPrices: r.roomPrices,
  }));
}

/** The option by slugCode (or id), visible or not; null when it does not exist. */
export async function loadBookableOption(db: Db, ref: { slugCode: string } | { id: number }): Promise<BookableOption | null> {
  const [row] = await db
    .select({ o: options, rule: availabilityRules, citySlug: cities.slug, cityName: cities.name, countryCode: countries.code, countryName: countries.name })
    .from(options)
    .innerJoin(cities, eq(cities.id, options.cityId))
    .innerJoin(countries, eq(countries.id, cities.countryId))
    .leftJoin(availabilityRules, eq(availabilityRules.optionId, options.id))
    .where('slugCode' in ref ? eq(options.slugCode, ref.slugCode) : eq(options.id, ref.id))
    .limit(1);
  if (!row) return null;
  const o = row.o;
  const [rooms, locations, firstImage, seasons] = await Promise.all([
    db.select().from(optionRooms).where(eq(optionRooms.optionId, o.id)).orderBy(asc(optionRooms.pricePerNight), asc(optionRooms.id)),
    db.select().from(optionLocations).where(and(eq(optionLocations.optionId, o.id), inArray(optionLocations.kind, ['meetup', 'pickup']))).orderBy(asc(optionLocations.id)).limit(1),
    db
      .select({ image: images })
      .from(optionImages)
      .innerJoin(images, eq(images.id, optionImages.imageId))
      .where(eq(optionImages.optionId, o.id))
      .orderBy(asc(optionImages.position), asc(optionImages.imageId))
      .limit(1),
    seasonsOf(db, o.id),
  ]);
  const bookRooms: BookableRoom[] = rooms.map((r) => ({ id: r.id, name: r.name, maxGuests: r.maxGuests, pricePerNight: r.pricePerNight, quantity: r.quantity, roomType: r.roomType, privacy: r.privacy }));
  const transportItems = o.transportItems.map((t) => ({ id: t.id, name: t.name, price: t.price, per: t.per ?? transportPer(t.name) }));
  const rule: AvailabilityRule = row.rule
    ? { weekdays: row.rule.weekdays, closedMonths: row.rule.closedMonths, leadDays: row.rule.leadDays, slotCapacity: row.rule.slotCapacity, externalDemand: row.rule.externalDemand }
    : { weekdays: ALL_WEEKDAYS, closedMonths: [], leadDays: 1, slotCapacity: o.priceUnit === 'per_group' ? 1 : o.capacity, externalDemand: 0 };
  const location = locations[0];
  return {
    id: o.id,
    slugCode: o.slugCode,
    name: o.name,
    published: o.published,
    deleted: o.deletedAt !== null,
    kind: o.kind,
    priceUnit: o.priceUnit,
    groupPriceType: o.groupPriceType,
    bookType: o.bookType,
    currency: o.priceCurrency,
    pricing: pricingOf(o, bookRooms, transportItems),
    seasons,
    rule,
    startTimes: o.startTimes,
    durationMinutes: o.durationMinutes,
    durationDays: o.durationDays,
    durationNights: o.durationNights,
    cancelType: o.cancelType,
    rescheduleType: o.rescheduleType,
    minAge: o.minAge,
    yachtTrip: o.yachtTrip,
    rooms: bookRooms,
    transportItems,
    city: { slug: row.citySlug, name: row.cityName },
    country: { code: row.countryCode, name: row.countryName },
    zone: timeZoneOf(row.countryCode, row.citySlug),
    meetingPoint: location ? (location.address && location.address !== location.name ? `${location.name}, ${location.address}` : location.name) : null,
    image: firstImage[0] ? toImage(firstImage[0].image) : null,
  };
}

export const isBookable = (o: BookableOption) => o.published && !o.deleted;

// GET /initial_data: countries, cities, currencies, rates, gift collections and nav settings.
import type { Context } from 'hono';
import { Hono } from 'hono';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { SETTING_KEYS, type Currency, type InitialData } from '../../../contract/initial-data.ts';
import { camelizeKeys } from '../../../lib/key-case.ts';
import type { AppEnv } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { blogs, collections, currencies, exchangeRates, settings } from '../../db/schema.ts';
import { AffiliateCapSetting, DEFAULT_AFFILIATE_CAP } from '../../services/affiliate-commissions.ts';
import { reply } from '../../http.ts';
import { toMoney } from './mappers.ts';
import { queryCities, queryCountries } from './countries.ts';
import { exponentOf, loaderOf } from './shared.ts';
import { visibleBlog } from './tags.ts';

/** The spec's checkout currency order (§9). */
export const CHECKOUT_ORDER = ['USD', 'EUR', 'SGD', 'GBP', 'AUD', 'MYR', 'VND', 'IDR', 'LKR', 'INR', 'NPR', 'TWD', 'THB', 'CNY', 'JPY', 'NZD', 'CAD', 'CHF'];

export const toCurrency = (r: typeof currencies.$inferSelect): Currency => ({
  code: r.code,
  fullName: r.fullName,
  decimalMark: r.decimalMark,
  exponent: r.exponent,
  prefix: r.prefix,
  suffix: r.suffix,
  symbol: r.symbol,
  thousandsSeparator: r.thousandsSeparator,
  commonGiftAmounts: r.commonGiftAmounts,
});

const GiftGuideNavs = z.array(z.object({ blogId: z.number().int(), title: z.string() }));

const snakeOf = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/** A setting by its camelCase key (snake_case accepted too), parsed; the fallback if absent or malformed. */
function setting<S extends z.ZodType>(rows: Map<string, unknown>, key: string, schema: S, fallback: z.output<S>): z.output<S> {
  const raw = rows.has(key) ? rows.get(key) : rows.get(snakeOf(key));
  if (raw === undefined) return fallback;
  const parsed = schema.safeParse(camelizeKeys(raw));
  return parsed.success ? parsed.data : fallback;
}

/** ISO alpha-2 from the geolocation header; SG when absent or not a country (XX, T1). */
/** The request header initial data varies on (the visitor's country, set by a trusted proxy). */
export const geoHeaderOf = (c: Context<AppEnv>): string => c.var.config.geoCountryHeader;

export function geoCountry(c: Context<AppEnv>): string {
  const value = c.req.header(c.var.config.geoCountryHeader)?.trim().toUpperCase();
  return value && /^[A-Z]{2}$/.test(value) && value !== 'XX' ? value : 'SG';
}

export async function loadInitialData(db: Db, exponents: Map<string, number>, countryCode: string): Promise<InitialData> {
  const keys = Object.values(SETTING_KEYS).flatMap((k) => [k, snakeOf(k)]);
  const [{ list: countryList }, { list: cityList }, settingRows, rates, currencyRows, gifts] = await Promise.all([
    queryCountries(db, []),
    queryCities(db, []),
    db.select().from(settings).where(inArray(settings.key, keys)),
    db.select().from(exchangeRates).where(eq(exchangeRates.fromCurrency, 'SGD')).orderBy(asc(exchangeRates.toCurrency)),
    db
      .select()
      .from(currencies)
      .where(eq(currencies.checkoutSupported, true))
      .orderBy(sql`array_position(array[${sql.join(CHECKOUT_ORDER.map((c) => sql`${c}`), sql`, `)}]::text[], ${currencies.code}) nulls last`, asc(currencies.code)),
    db
      .select({ id: collections.id, name: collections.name, slug: collections.slug, countryId: collections.countryId })
      .from(collections)
      .where(and(eq(collections.isGift, true), isNull(collections.deletedAt), eq(collections.published, true)))
      .orderBy(asc(collections.position), asc(collections.name)),
  ]);
  const values = new Map(settingRows.map((r) => [r.key, r.value as unknown]));
  const cap = setting(values, SETTING_KEYS.affiliateCappedAmount, AffiliateCapSetting, DEFAULT_AFFILIATE_CAP);
  const navs = setting(values, SETTING_KEYS.giftGuideNavs, GiftGuideNavs, []);
  const navBlogs = navs.length
    ? await db.select({ id: blogs.id, slug: blogs.slug }).from(blogs).where(and(inArray(blogs.id, navs.map((n) => n.blogId)), visibleBlog))
    : [];
  const slugs = new Map(navBlogs.map((b) => [b.id, b.slug]));
  return {
    affiliateCappedAmount: toMoney(cap.amount * 10 ** exponentOf(exponents, cap.currency), cap.currency, exponentOf(exponents, cap.currency)),
    giftCollections: gifts.map((g) => ({ id: g.id, name: g.name, slugCode: g.slug, giftCountryId: g.countryId })),
    countries: countryList,
    cities: cityList,
    currentGeolocation: { countryCode },
    exchangeRates: rates.map((r) => ({ fromCurrency: r.fromCurrency, toCurrency: r.toCurrency, rate: Number(r.rate) })),
    checkoutSupportedCurrencies: currencyRows.map(toCurrency),
    settings: {
      giftGuideNavs: navs.map((n) => ({ blogId: n.blogId, title: n.title, slug: slugs.get(n.blogId) ?? null })),
      showBestOfListNav: setting(values, SETTING_KEYS.showBestOfListNav, z.boolean(), false),
    },
  };
}

export function initialDataRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/initial_data', async (c) => {
    const L = loaderOf(c);
    return reply(c, await loadInitialData(L.db, await L.exponents(), geoCountry(c)));
  });
  return app;
}

// Build-time access to the content collections for pages and components: lookups, the
// indexes pages share (experiences by country and city), links that are guaranteed to
// resolve, and price formatting with the currencies of initial-data.
import type { Money } from '../contract/common.ts';
import { BlogDetailSchema, type BlogDetail } from '../contract/blogs.ts';
import { CityDetailSchema, type CityDetail } from '../contract/cities.ts';
import { CountryDetailSchema, type CountryDetail } from '../contract/countries.ts';
import { InitialDataSchema, type Currency, type InitialData } from '../contract/initial-data.ts';
import { HomePageSchema, type HomePage } from '../contract/pages.ts';
import { OptionDetailSchema, type OptionDetail, type OptionSummary } from '../contract/options.ts';
import { byOrders } from '../lib/similar-experiences.ts';
import { convertMoney, formatMoney, sgdRates, type CurrencyFormat, type SgdRates } from '../lib/format-money.ts';
import { once, readRecords, requireSiteFile } from './content-records.ts';

export type OptionEntry = OptionDetail;
export type CountryEntry = CountryDetail;
export type CityEntry = CityDetail;
export type BlogEntry = BlogDetail;

export const getInitialData = once((): Promise<InitialData> => requireSiteFile('initial-data', InitialDataSchema));
export const getHomePage = once((): Promise<HomePage> => requireSiteFile('home', HomePageSchema));


export const getCountries = once(() => readRecords('countries', CountryDetailSchema));
export const getCities = once(() => readRecords('cities', CityDetailSchema));

export const getOptions = once(async () => [...(await readRecords('options', OptionDetailSchema))].sort(byOrders));
/** Newest first. */
export const getBlogs = once(async () => [...(await readRecords('blogs', BlogDetailSchema))].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt)));

type Index = {
  countries: Set<string>;
  cities: Set<string>;
  options: Set<string>;
  blogs: Set<string>;
  optionsByCountry: Map<string, OptionEntry[]>;
  optionsByCity: Map<string, OptionEntry[]>;
};

const getIndex = once(async (): Promise<Index> => {
  const [countries, cities, options, blogs] = await Promise.all([getCountries(), getCities(), getOptions(), getBlogs()]);
  const optionsByCountry = new Map<string, OptionEntry[]>();
  const optionsByCity = new Map<string, OptionEntry[]>();
  const add = (m: Map<string, OptionEntry[]>, key: string, o: OptionEntry) => {
    const list = m.get(key);
    if (list) list.push(o);
    else m.set(key, [o]);
  };
  for (const o of options) {
    add(optionsByCountry, o.country.slug, o);
    add(optionsByCity, o.city.slug, o);
  }
  return {
    countries: new Set(countries.map((c) => c.slug)),
    cities: new Set(cities.map((c) => c.slug)),
    options: new Set(options.map((o) => o.slugCode)),
    blogs: new Set(blogs.map((b) => b.slug)),
    optionsByCountry,
    optionsByCity,
  };
});

/** Experiences of a country or city, most booked first. */
export async function optionsIn(place: { country: string } | { city: string }): Promise<OptionEntry[]> {
  const index = await getIndex();
  return 'country' in place ? (index.optionsByCountry.get(place.country) ?? []) : (index.optionsByCity.get(place.city) ?? []);
}

/** Links to pre-rendered pages: undefined when the page is not built (so no link can 404). */
export type Links = {
  country: (slug: string) => string | undefined;
  city: (slug: string) => string | undefined;
  option: (slugCode: string) => string | undefined;
  blog: (slug: string) => string | undefined;
};

export const getLinks = once(async (): Promise<Links> => {
  const index = await getIndex();
  return {
    country: (slug) => (index.countries.has(slug) ? `/countries/${slug}` : undefined),
    city: (slug) => (index.cities.has(slug) ? `/cities/${slug}` : undefined),
    option: (slugCode) => (index.options.has(slugCode) ? `/experiences/${slugCode}` : undefined),
    blog: (slug) => (index.blogs.has(slug) ? `/magazine/a/${slug}` : undefined),
  };
});

/** Keeps the experience cards whose page exists (a card must never lead to a 404). */
export async function visibleOptions<T extends Pick<OptionSummary, 'slugCode'>>(options: readonly T[]): Promise<T[]> {
  const links = await getLinks();
  return options.filter((o) => links.option(o.slugCode) !== undefined);
}

// ── Money ──────────────────────────────────────────────────────────────────────────────
export type CurrencyData = {
  /** What the currency picker offers and how each formats. */
  currencies: (CurrencyFormat & Pick<Currency, 'fullName' | 'symbol'>)[];
  /** One SGD in each currency. */
  rates: SgdRates;
  /** Shown when the visitor has not chosen (spec §9: USD on the storefront). */
  defaultCurrency: string;
};

export const DEFAULT_CURRENCY = 'USD';

export const getCurrencyData = once(async (): Promise<CurrencyData> => {
  const data = await getInitialData();
  const rates = sgdRates(data.exchangeRates);
  const currencies = data.checkoutSupportedCurrencies
    .filter((c) => rates[c.code] !== undefined)
    .map(({ code, fullName, symbol, exponent, prefix, suffix, decimalMark, thousandsSeparator }) => ({
      code,
      fullName,
      symbol,
      exponent,
      prefix,
      suffix,
      decimalMark,
      thousandsSeparator,
    }));
  const defaultCurrency = currencies.some((c) => c.code === DEFAULT_CURRENCY) ? DEFAULT_CURRENCY : (currencies[0]?.code ?? 'SGD');
  return { currencies, rates, defaultCurrency };
});

/** Formats money in its own currency ("฿1,500", "S$85.50"); unknown currencies as "1,500 XYZ". */
export async function priceText(money: Money): Promise<string> {
  const { currencies } = await getCurrencyData();
  const format = currencies.find((c) => c.code === money.currency);
  if (!format) return `${money.amount.toLocaleString('en-GB')} ${money.currency}`;
  return formatMoney(money, format, { trimWholeDecimals: true });
}

/**
 * A price as the storefront first shows it: converted to the default currency with the rates of
 * the build, so a visitor who never picked a currency sees no text change (and no layout shift)
 * when the boot script runs. `title` says what it was converted from, as the picker does.
 */
export async function displayPrice(money: Money): Promise<{ text: string; title: string | undefined }> {
  const { currencies, rates, defaultCurrency } = await getCurrencyData();
  const target = currencies.find((c) => c.code === defaultCurrency);
  const own = currencies.find((c) => c.code === money.currency);
  if (!target || !own || money.currency === target.code) return { text: await priceText(money), title: undefined };
  try {
    const shown = convertMoney(money, target, rates);
    return {
      text: formatMoney(shown, target, { trimWholeDecimals: true }),
      title: `Approximately; converted from ${formatMoney(money, own, { trimWholeDecimals: true })}`,
    };
  } catch {
    // No rate for this currency: the price stays in its own currency, as the picker does.
    return { text: await priceText(money), title: undefined };
  }
}

export const sortByOrders = byOrders;
export const sortByName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);

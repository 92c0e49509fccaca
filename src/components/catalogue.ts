// Build-time access to the content collections for pages and components: lookups, the
// indexes pages share (experiences by country and city), links that are guaranteed to
// resolve, and price formatting with the currencies of initial-data.
import { statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { getCollection, getEntry, type CollectionEntry } from 'astro:content';
import type { Money } from '../contract/common.ts';
import type { Currency, InitialData } from '../contract/initial-data.ts';
import type { HomePage } from '../contract/pages.ts';
import { OptionDetailSchema, type OptionDetail, type OptionSummary } from '../contract/options.ts';
import { convertMoney, formatMoney, sgdRates, type CurrencyFormat, type SgdRates } from '../lib/format-money.ts';

export type OptionEntry = OptionDetail;
export type CountryEntry = CollectionEntry<'countries'>['data'];
export type CityEntry = CollectionEntry<'cities'>['data'];
export type BlogEntry = CollectionEntry<'blogs'>['data'];

const contentDir = () => resolve(process.env['VERDANT_CONTENT_DIR'] ?? 'content-cache');

/** When the content cache last changed: every pull writes its state file last. */
function pullStamp(): number {
  try {
    return statSync(join(contentDir(), '.pull-state.json')).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * Loads once per build. Under `npm run dev` the cache is also dropped when a pull (a publish
 * from the back-office) has changed the content cache since, so the next page shows it.
 */
const once = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let cached: Promise<T> | undefined;
  let stamp = 0;
  return () => {
    if (import.meta.env.DEV) {
      const now = pullStamp();
      if (now !== stamp) {
        stamp = now;
        cached = undefined;
      }
    }
    return (cached ??= load());
  };
};

function missing(what: string): never {
  throw new Error(`The content cache has no ${what}. Run \`npm run pull\` (or \`npm start\`) before building the storefront.`);
}

export const getInitialData = once(async (): Promise<InitialData> => (await getEntry('initialData', 'initial-data'))?.data ?? missing('site/initial-data.json'));
export const getHomePage = once(async (): Promise<HomePage> => (await getEntry('homePage', 'home'))?.data ?? missing('site/home.json'));

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);
const byOrders = <T extends { ordersCount: number; name: string }>(a: T, b: T) => b.ordersCount - a.ordersCount || byName(a, b);

export const getCountries = once(async () => (await getCollection('countries')).map((e) => e.data));
export const getCities = once(async () => (await getCollection('cities')).map((e) => e.data));

/**
 * The experiences, read from the content cache here rather than through a content collection
 * (ADR 0025): Astro serialises every collection into its data store and inlines that into the
 * build's server bundle, which at 20,000 detail records cost most of a full build. Validated
 * with the contract's schema like the collections are.
 */
async function readOptions(): Promise<OptionEntry[]> {
  const dir = join(contentDir(), 'options');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort();
  const out: OptionEntry[] = new Array(files.length);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const i = next++;
      const file = join(dir, files[i]!);
      const parsed = OptionDetailSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
      if (!parsed.success) {
        throw new Error(`${file} does not match the contract: ${parsed.error.issues.slice(0, 3).map((x) => `${x.path.join('.')}: ${x.message}`).join('; ')}`);
      }
      out[i] = parsed.data;
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return out;
}

export const getOptions = once(async () => (await readOptions()).sort(byOrders));
/** Newest first. */
export const getBlogs = once(async () => (await getCollection('blogs')).map((e) => e.data).sort((a, b) => b.publishedAt.localeCompare(a.publishedAt)));

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
  for (const o of options) {
    optionsByCountry.set(o.country.slug, [...(optionsByCountry.get(o.country.slug) ?? []), o]);
    optionsByCity.set(o.city.slug, [...(optionsByCity.get(o.city.slug) ?? []), o]);
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
export const sortByName = byName;

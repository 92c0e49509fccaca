// Content collections read from the content cache that `npm run pull` writes (see
// scripts/lib/pull-content.ts): `<dir>/<type>/<key>.json` detail records and `<dir>/site/*.json`
// singletons. Every record is validated again here with the contract's schema, so a page
// never renders a shape the contract does not promise.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineCollection } from 'astro:content';
import { z } from 'zod';
import { glob, type Loader } from 'astro/loaders';
import { InfoFrontMatterSchema } from './components/info/info-content.ts';
import { BestOfListDetailSchema } from './contract/best-of-lists.ts';
import { BlogDetailSchema, BlogFilterItemsResponse } from './contract/blogs.ts';
import { CityDetailSchema } from './contract/cities.ts';
import { CollectionDetailSchema } from './contract/collections.ts';
import { CountryDetailSchema } from './contract/countries.ts';
import { FaqSchema } from './contract/faqs.ts';
import { InitialDataSchema } from './contract/initial-data.ts';
import { ItineraryDetailSchema } from './contract/itineraries.ts';
import { HomePageSchema } from './contract/pages.ts';
import { PromotionCodeSchema } from './contract/promotion-codes.ts';
import { ListCustomerReviewsResponse, SiteReviewSchema } from './contract/reviews.ts';
import { SupplierDetailSchema } from './contract/suppliers.ts';
import { TagDetailSchema } from './contract/tags.ts';

const contentDir = resolve(process.env['VERDANT_CONTENT_DIR'] ?? join(import.meta.dirname, '..', 'content-cache'));

/** Every `<type>/*.json` record, keyed by its public address (not a slugified file name). */
function records(type: string, keyOf: (data: Record<string, unknown>) => unknown): Loader {
  return glob({
    base: pathToFileURL(join(contentDir, type) + '/'),
    pattern: '*.json',
    generateId: ({ data }) => String(keyOf(data)),
  });
}

function readSiteFile(name: string, logger: { warn: (msg: string) => void }): unknown {
  const file = join(contentDir, 'site', `${name}.json`);
  if (!existsSync(file)) {
    logger.warn(`${file} is missing: run \`npm run pull\` to fill the content cache`);
    return undefined;
  }
  return JSON.parse(readFileSync(file, 'utf8')) as unknown;
}

/** A single-record file of `site/`, stored as one entry whose id is the file name. */
function siteRecord(name: string): Loader {
  return {
    name: `verdant-site-${name}`,
    load: async ({ store, parseData, generateDigest, logger }) => {
      store.clear();
      const raw = readSiteFile(name, logger);
      if (raw === undefined) return;
      const data = await parseData({ id: name, data: raw as Record<string, unknown> });
      store.set({ id: name, data, digest: generateDigest(data) });
    },
  };
}

/** An array file of `site/`, one entry per element. */
function siteList(name: string, idOf: (item: Record<string, unknown>) => unknown): Loader {
  return {
    name: `verdant-site-${name}`,
    load: async ({ store, parseData, generateDigest, logger }) => {
      store.clear();
      const raw = readSiteFile(name, logger);
      if (raw === undefined) return;
      if (!Array.isArray(raw)) throw new Error(`site/${name}.json must hold an array`);
      for (const item of raw as Record<string, unknown>[]) {
        const id = String(idOf(item));
        const data = await parseData({ id, data: item });
        store.set({ id, data, digest: generateDigest(data) });
      }
    },
  };
}

/**
 * The page files under src/pages, one entry per file (id: its path there), so links and the
 * sitemap can name only pages the build produces, including ones added later.
 */
function pageFiles(): Loader {
  return {
    name: 'verdant-page-files',
    load: async ({ store, parseData, generateDigest }) => {
      store.clear();
      const dir = join(import.meta.dirname, 'pages');
      const files = (readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[])
        .map((f) => f.replace(/\\/g, '/'))
        .filter((f) => /\.(astro|md|mdx|ts|js)$/.test(f) && !/(^|\/)_/.test(f) && !/\.test\.[jt]sx?$/.test(f))
        .sort();
      for (const file of files) {
        const data = await parseData({ id: file, data: { file } });
        store.set({ id: file, data, digest: generateDigest(data) });
      }
    },
  };
}

const bySlug = (d: Record<string, unknown>) => d['slug'];

export const collections = {
  countries: defineCollection({ loader: records('countries', bySlug), schema: CountryDetailSchema }),
  cities: defineCollection({ loader: records('cities', bySlug), schema: CityDetailSchema }),
  // Experiences are read by src/components/catalogue.ts straight from the cache (ADR 0025).
  collections: defineCollection({ loader: records('collections', bySlug), schema: CollectionDetailSchema }),
  blogs: defineCollection({ loader: records('blogs', bySlug), schema: BlogDetailSchema }),
  itineraries: defineCollection({ loader: records('travel_itineraries', bySlug), schema: ItineraryDetailSchema }),
  bestOfLists: defineCollection({ loader: records('best_of_lists', bySlug), schema: BestOfListDetailSchema }),
  suppliers: defineCollection({ loader: records('suppliers', bySlug), schema: SupplierDetailSchema }),
  tags: defineCollection({ loader: records('tags', (d) => `${String(d['kind'])}/${String(d['slug'])}`), schema: TagDetailSchema }),
  initialData: defineCollection({ loader: siteRecord('initial-data'), schema: InitialDataSchema }),
  homePage: defineCollection({ loader: siteRecord('home'), schema: HomePageSchema }),
  blogFilterItems: defineCollection({ loader: siteRecord('blog-filter-items'), schema: BlogFilterItemsResponse }),
  siteReviews: defineCollection({ loader: siteList('site-reviews', (r) => r['id']), schema: SiteReviewSchema }),
  promotionCodes: defineCollection({ loader: siteList('promotion-codes', (p) => p['code']), schema: PromotionCodeSchema }),
  faqs: defineCollection({ loader: siteList('faqs', (f) => f['id']), schema: FaqSchema }),
  customerReviews: defineCollection({ loader: siteRecord('customer-reviews'), schema: ListCustomerReviewsResponse }),
  /** Information pages: `src/content/info/<route>.md` (README.md describes the front matter). */
  info: defineCollection({
    loader: glob({ base: pathToFileURL(join(import.meta.dirname, 'content/info') + '/'), pattern: ['*.md', '!README.md'] }),
    schema: InfoFrontMatterSchema,
  }),
  pageFiles: defineCollection({ loader: pageFiles(), schema: z.object({ file: z.string() }) }),
};

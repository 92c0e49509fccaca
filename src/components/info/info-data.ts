// Build-time data of the information pages: their Markdown entries, the route table links are
// checked against, the hero image pool, reviews and promotion codes.
import { getCollection, getEntry, render } from 'astro:content';
import { z } from 'zod';
import type { Image } from '../../contract/common.ts';
import type { CustomerReview } from '../../contract/reviews.ts';
import { ratingAggregate, type Aggregate } from '../../lib/seo.ts';
import { internalPath, isDynamicRoute, resolvesTo, routeOfPageFile, shellFamilies, type RouteTable } from '../../lib/seo-routes.ts';
import { CollectionDetailSchema } from '../../contract/collections.ts';
import { FaqSchema } from '../../contract/faqs.ts';
import { PromotionCodeSchema } from '../../contract/promotion-codes.ts';
import { ListCustomerReviewsResponse, SiteReviewSchema } from '../../contract/reviews.ts';
import { getHomePage, getLinks, getOptions } from '../catalogue.ts';
import { once, readRecords, readSiteFile } from '../content-records.ts';
import { collectImages, pickHeroImage, type HeroTheme, type InfoFrontMatter, type InfoPageId } from './info-content.ts';

export type InfoEntry = {
  id: InfoPageId | '404';
  data: InfoFrontMatter;
  html: string;
  headings: { depth: number; slug: string; text: string }[];
};

export async function getInfoEntry(id: InfoPageId | '404'): Promise<InfoEntry> {
  const entry = await getEntry('info', id);
  if (!entry) throw new Error(`src/content/info/${id}.md is missing`);
  const { headings } = await render(entry);
  return { id, data: entry.data, html: entry.rendered?.html ?? '', headings };
}

export const getInfoEntries = once(async () => (await getCollection('info')).filter((e) => e.id !== '404'));

/**
 * Built page addresses: every static page file, the shell families and the dynamic routes
 * (whose values the catalogue gives).
 */
export const getRouteTable = once(async (): Promise<RouteTable> => {
  const routes = (await getCollection('pageFiles')).map((e) => routeOfPageFile(e.data.file));
  const pages = new Set(routes.filter((r) => !isDynamicRoute(r) && !r.startsWith('/shells/')));
  return { pages, shells: shellFamilies(routes), dynamic: routes.filter(isDynamicRoute) };
});

/** Collections with a built page (only once the collection page exists). */
export const getCollectionLinks = once(async (): Promise<{ name: string; href: string; tagline: string }[]> => {
  const table = await getRouteTable();
  if (!table.dynamic.includes('/collections/[slug]')) return [];
  return (await readRecords('collections', CollectionDetailSchema))
    .map((c) => ({ name: c.name, href: `/collections/${c.slug}`, tagline: c.tagline }))
    .sort((a, b) => a.name.localeCompare(b.name));
});

/** Whether an internal link leads to a page of this build (catalogue pages through getLinks). */
export const getResolver = once(async (): Promise<(href: string) => boolean> => {
  const [table, links, collections] = await Promise.all([getRouteTable(), getLinks(), getCollectionLinks()]);
  const collectionHrefs = new Set(collections.map((c) => c.href));
  return (href) => {
    if (resolvesTo(table, href)) return true;
    const path = internalPath(href);
    if (path === undefined) return false;
    if (collectionHrefs.has(path)) return true;
    const m = /^\/(countries|cities|experiences|magazine\/a)\/([^/]+)$/.exec(path);
    if (!m) return false;
    const [, kind, slug] = m as unknown as [string, string, string];
    const link = kind === 'countries' ? links.country(slug) : kind === 'cities' ? links.city(slug) : kind === 'experiences' ? links.option(slug) : links.blog(slug);
    return link !== undefined;
  };
});

/** The generated pool images the catalogue uses: collections, the home page and experiences. */
const getPoolImages = once(async (): Promise<Image[]> => {
  const [collections, home, options] = await Promise.all([readRecords('collections', CollectionDetailSchema), getHomePage(), getOptions()]);
  return collectImages<Image>([collections, home, options.map((o) => o.image)]);
});

export async function heroImageFor(theme: HeroTheme): Promise<Image | null> {
  return pickHeroImage(await getPoolImages(), theme);
}

const SiteReviews = z.array(SiteReviewSchema);
const PromotionCodes = z.array(PromotionCodeSchema);
const SiteFaqs = z.array(FaqSchema);

/** The site-wide FAQs of the help centre (site/faqs.json). */
export const getSiteFaqs = once(async () => (await readSiteFile('faqs', SiteFaqs)) ?? []);

/** Reviews of Verdant itself, newest first. */
export const getSiteReviews = once(async () => [...((await readSiteFile('site-reviews', SiteReviews)) ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id));

/** The site-review aggregate, computed from the reviews themselves. */
export const getSiteAggregate = once(async (): Promise<Aggregate | null> => ratingAggregate((await getSiteReviews()).map((r) => r.rating)));

/** Recent reviews of experiences whose page is built, newest first. */
export const getCustomerReviews = once(async (): Promise<(CustomerReview & { href: string })[]> => {
  const [entry, links] = await Promise.all([readSiteFile('customer-reviews', ListCustomerReviewsResponse), getLinks()]);
  return (entry?.reviews ?? []).flatMap((r) => {
    const href = links.option(r.option.slugCode);
    return href ? [{ ...r, href }] : [];
  });
});

/** Public promotion codes, the soonest-ending first. */
export const getPromotionCodes = once(async () =>
  [...((await readSiteFile('promotion-codes', PromotionCodes)) ?? [])].sort((a, b) => (a.endsAt ?? '9999').localeCompare(b.endsAt ?? '9999') || a.code.localeCompare(b.code)),
);

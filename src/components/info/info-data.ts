// Build-time data of the information pages: their Markdown entries, the route table links are
// checked against, the hero image pool, reviews and promotion codes.
import { getCollection, getEntry, render } from 'astro:content';
import type { Image } from '../../contract/common.ts';
import type { CustomerReview } from '../../contract/reviews.ts';
import { ratingAggregate, type Aggregate } from '../../lib/seo.ts';
import { internalPath, isDynamicRoute, resolvesTo, routeOfPageFile, shellFamilies, type RouteTable } from '../../lib/seo-routes.ts';
import { getHomePage, getLinks, getOptions } from '../catalogue.ts';
import { collectImages, pickHeroImage, type HeroTheme, type InfoFrontMatter, type InfoPageId } from './info-content.ts';

const once = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let cached: Promise<T> | undefined;
  return () => (cached ??= load());
};

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
  return (await getCollection('collections'))
    .map((e) => ({ name: e.data.name, href: `/collections/${e.data.slug}`, tagline: e.data.tagline }))
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
  const [collections, home, options] = await Promise.all([getCollection('collections'), getHomePage(), getOptions()]);
  return collectImages<Image>([collections.map((c) => c.data), home, options.map((o) => o.image)]);
});

export async function heroImageFor(theme: HeroTheme): Promise<Image | null> {
  return pickHeroImage(await getPoolImages(), theme);
}

/** Reviews of Verdant itself, newest first. */
export const getSiteReviews = once(async () => (await getCollection('siteReviews')).map((e) => e.data).sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id));

/** The site-review aggregate, computed from the reviews themselves. */
export const getSiteAggregate = once(async (): Promise<Aggregate | null> => ratingAggregate((await getSiteReviews()).map((r) => r.rating)));

/** Recent reviews of experiences whose page is built, newest first. */
export const getCustomerReviews = once(async (): Promise<(CustomerReview & { href: string })[]> => {
  const [entry, links] = await Promise.all([getEntry('customerReviews', 'customer-reviews'), getLinks()]);
  return (entry?.data.reviews ?? []).flatMap((r) => {
    const href = links.option(r.option.slugCode);
    return href ? [{ ...r, href }] : [];
  });
});

/** Public promotion codes, the soonest-ending first. */
export const getPromotionCodes = once(async () =>
  (await getCollection('promotionCodes')).map((e) => e.data).sort((a, b) => (a.endsAt ?? '9999').localeCompare(b.endsAt ?? '9999') || a.code.localeCompare(b.code)),
);

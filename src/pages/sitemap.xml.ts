// /sitemap.xml: every indexable page the build produces, with absolute URLs from the site
// option. Dynamic routes are listed from their own getStaticPaths, so a page family added
// later (collections, gifts, …) appears without editing this file. It asks them `unfiltered`:
// an incremental publish renders some pages (render-only.ts), the sitemap still lists them all.
import type { APIRoute } from 'astro';
import { getInfoEntries } from '../components/info/info-data.ts';
import { fillRoute, isDynamicRoute, isIndexableRoute, routeOfPageFile } from '../lib/seo-routes.ts';
import { sitemapXml, type SitemapEntry } from '../lib/seo-sitemap.ts';

type StaticPath = { params: Record<string, string | number | undefined>; props?: Record<string, unknown> };
type PageModule = {
  getStaticPaths?: (opts: { paginate: () => never; routePattern: string; unfiltered: true }) => StaticPath[] | StaticPath[][] | Promise<StaticPath[] | StaticPath[][]>;
};

const pages = import.meta.glob<PageModule>('./**/*.astro');

/** The record a page was built from, when it says when it last changed. */
function lastmodOf(props: Record<string, unknown> | undefined): string | undefined {
  for (const value of Object.values(props ?? {})) {
    if (value && typeof value === 'object' && 'updatedAt' in value && typeof value.updatedAt === 'string') return value.updatedAt;
  }
  return undefined;
}

/** A page that is a copy of another names it in its props (`canonicalPath`); only the original is listed. */
function isDuplicate(props: Record<string, unknown> | undefined, loc: string, base: URL): boolean {
  const canonical = props?.['canonicalPath'];
  return typeof canonical === 'string' && new URL(canonical, base).href !== loc;
}

export const GET: APIRoute = async ({ site, url }) => {
  const base = site ?? new URL(url.origin);
  const updated = new Map((await getInfoEntries()).map((e) => [`/${e.id}`, e.data.updated]));
  const staticRoutes: SitemapEntry[] = [];
  const dynamicRoutes: SitemapEntry[] = [];
  for (const [file, load] of Object.entries(pages).sort(([a], [b]) => a.localeCompare(b))) {
    const route = routeOfPageFile(file);
    if (!isIndexableRoute(route)) continue;
    if (!isDynamicRoute(route)) {
      staticRoutes.push({ loc: new URL(route, base).href, lastmod: updated.get(route) });
      continue;
    }
    const { getStaticPaths } = await load();
    if (!getStaticPaths) throw new Error(`sitemap.xml: ${file} is dynamic but exports no getStaticPaths`);
    const paginate = (): never => {
      throw new Error(`sitemap.xml: ${file} paginates; list its pages here before using paginate()`);
    };
    for (const path of (await getStaticPaths({ paginate, routePattern: route, unfiltered: true })).flat()) {
      const loc = new URL(fillRoute(route, path.params), base).href;
      if (!isDuplicate(path.props, loc, base)) dynamicRoutes.push({ loc, lastmod: lastmodOf(path.props) });
    }
  }
  staticRoutes.sort((a, b) => (a.loc === new URL('/', base).href ? -1 : b.loc === new URL('/', base).href ? 1 : a.loc.localeCompare(b.loc)));
  return new Response(sitemapXml([...staticRoutes, ...dynamicRoutes]), { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};

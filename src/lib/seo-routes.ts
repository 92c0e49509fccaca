// The site's routes as the build sees them: a page file's route, filling its parameters,
// which routes belong in a sitemap, and whether an internal link points at a built page.

/**
 * The route of a page file under src/pages: `countries/[slug].astro` → `/countries/[slug]`,
 * `magazine/index.astro` → `/magazine`, `index.astro` → `/`. Leading `./`, `/src/pages/` or
 * `../pages/` prefixes are ignored.
 */
export function routeOfPageFile(file: string): string {
  const rel = file
    .replace(/\\/g, '/')
    .replace(/^.*?\/pages\//, '')
    .replace(/^\.\//, '')
    .replace(/\.(astro|md|mdx|ts|js|html)$/, '');
  const route = `/${rel}`.replace(/\/index$/, '') || '/';
  return route === '' ? '/' : route;
}

export const isDynamicRoute = (route: string) => /\[[^\]]+\]/.test(route);

/** A route with its `[param]` and `[...rest]` segments filled in. */
export function fillRoute(route: string, params: Record<string, string | number | undefined>): string {
  const filled = route.replace(/\[(\.\.\.)?([^\]]+)\]/g, (_m, rest: string | undefined, name: string) => {
    const value = params[name];
    if (value === undefined) {
      if (rest) return '';
      throw new Error(`fillRoute: ${route} needs the parameter ${name}`);
    }
    return String(value);
  });
  return filled.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');
}

/** Static shells, error pages and underscore-prefixed files are not for search engines. */
export function isIndexableRoute(route: string): boolean {
  return !/^\/(shells|menu|404|500)(\/|$)/.test(route) && !/\/_/.test(route);
}

/** Route families served by one static shell each (`/shells/account` serves `/account/*`). */
export function shellFamilies(routes: readonly string[]): string[] {
  return routes.flatMap((r) => {
    const m = /^\/shells\/([^/]+)$/.exec(r);
    return m ? [m[1]!] : [];
  });
}

/** The path of an internal link (`/a/b?x#y` → `/a/b`); undefined for anything else. */
export function internalPath(href: string): string | undefined {
  if (!href.startsWith('/') || href.startsWith('//')) return undefined;
  const path = href.split(/[?#]/)[0]!;
  return path.length > 1 ? path.replace(/\/+$/, '') : '/';
}

export type RouteTable = {
  /** Every concrete page address the build produces (no parameters). */
  pages: ReadonlySet<string>;
  /** Families answered by a static shell. */
  shells: readonly string[];
  /** Routes with parameters (`/countries/[slug]`): which values exist is the catalogue's to say. */
  dynamic: readonly string[];
};

/** Whether an internal link lands on a built page or a shell (never on the 404 page). */
export function resolvesTo(table: RouteTable, href: string): boolean {
  const path = internalPath(href);
  if (path === undefined) return false;
  if (table.pages.has(path)) return true;
  const family = path.split('/')[1];
  return family !== undefined && table.shells.includes(family) && path !== `/shells/${family}`;
}

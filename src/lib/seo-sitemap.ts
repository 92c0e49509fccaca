// sitemap.xml (sitemaps.org protocol 0.9) and robots.txt as text.

export type SitemapEntry = {
  /** Absolute URL. */
  loc: string;
  /** Last modification, an ISO date or date-time (written as YYYY-MM-DD). */
  lastmod?: string | undefined;
};

/** A sitemap file holds at most 50,000 URLs (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

/** One `<url>` per distinct address, in the order given; throws past the protocol's limit. */
export function sitemapXml(entries: readonly SitemapEntry[]): string {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const e of entries) {
    if (!/^https?:\/\//.test(e.loc)) throw new Error(`sitemap: not an absolute URL: ${e.loc}`);
    if (seen.has(e.loc)) continue;
    seen.add(e.loc);
    const lastmod = e.lastmod && /^\d{4}-\d{2}-\d{2}/.test(e.lastmod) ? `<lastmod>${e.lastmod.slice(0, 10)}</lastmod>` : '';
    lines.push(`<url><loc>${escapeXml(e.loc)}</loc>${lastmod}</url>`);
  }
  if (lines.length > SITEMAP_MAX_URLS) throw new Error(`sitemap: ${lines.length} URLs, more than the ${SITEMAP_MAX_URLS} one file may hold`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...lines, '</urlset>', ''].join('\n');
}

/** Per-user, transactional and back-office areas, the API and the static shells. */
export const ROBOTS_DISALLOW = ['/account/', '/checkout/', '/users/', '/admin/', '/partner/', '/api/', '/shells/', '/calendar/'] as const;

export function robotsTxt(opts: { sitemapUrl: string; disallow?: readonly string[] }): string {
  const disallow = opts.disallow ?? ROBOTS_DISALLOW;
  return ['User-agent: *', 'Allow: /', ...disallow.map((d) => `Disallow: ${d}`), '', `Sitemap: ${opts.sitemapUrl}`, ''].join('\n');
}

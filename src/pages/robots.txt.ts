// /robots.txt: everything may be crawled except per-user, transactional and back-office
// areas, the API and the static shells; points at the sitemap.
import type { APIRoute } from 'astro';
import { robotsTxt } from '../lib/seo-sitemap.ts';

export const GET: APIRoute = ({ site, url }) =>
  new Response(robotsTxt({ sitemapUrl: new URL('/sitemap.xml', site ?? url.origin).href }), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

// /magazine/rss.xml: every article, newest first (RSS 2.0).
import type { APIRoute } from 'astro';
import { getMagazine } from '../../components/magazine/magazine-data.ts';
import { feedItem } from '../../components/magazine/feed.ts';
import { magazinePaths, rssXml } from '../../lib/magazine.ts';

export const GET: APIRoute = async ({ site, url }) => {
  const base = site ?? new URL(url.origin);
  const { blogs } = await getMagazine();
  const xml = rssXml(
    {
      title: 'Field Notes: the Verdant magazine',
      description: 'Pocket guides, deep dives, itineraries, roundups, first-hand reviews and films for outdoor, wildlife and eco travel in Asia.',
      link: new URL(magazinePaths.home(), base).href,
      self: new URL(magazinePaths.feed(), base).href,
    },
    blogs.map((b) => feedItem(b, base)),
  );
  return new Response(xml, { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } });
};

// /magazine/{cate}/rss.xml: the articles of one section, newest first (RSS 2.0).
import type { APIRoute, GetStaticPaths } from 'astro';
import { renderOnly } from '../../../components/render-only.ts';
import { articlesIn, getMagazine, type MagazineCategory } from '../../../components/magazine/magazine-data.ts';
import { feedItem } from '../../../components/magazine/feed.ts';
import { magazinePaths, rssXml } from '../../../lib/magazine.ts';

export const getStaticPaths = renderOnly(async () => (await getMagazine()).categories.map((category) => ({ params: { cate: category.slug }, props: { category } }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ category: MagazineCategory }> = async ({ site, url, props }) => {
  const base = site ?? new URL(url.origin);
  const { category } = props;
  const xml = rssXml(
    {
      title: `Field Notes: ${category.name}`,
      description: category.description || `${category.name} stories from Field Notes, the Verdant magazine.`,
      link: new URL(magazinePaths.category(category.slug), base).href,
      self: new URL(magazinePaths.categoryFeed(category.slug), base).href,
    },
    articlesIn(await getMagazine(), { category: category.slug }).map((b) => feedItem(b, base)),
  );
  return new Response(xml, { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } });
};

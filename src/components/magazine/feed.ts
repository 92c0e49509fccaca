// An article as an RSS item (absolute canonical link, section and tags as categories).
import type { FeedItem } from '../../lib/magazine.ts';
import { magazinePaths } from '../../lib/magazine.ts';
import type { BlogEntry } from '../catalogue.ts';

export function feedItem(b: BlogEntry, base: URL): FeedItem {
  return {
    title: b.title,
    link: new URL(magazinePaths.article(b.slug), base).href,
    description: b.excerpt,
    publishedAt: b.publishedAt,
    author: b.author.name,
    categories: [b.category.name, b.kindName, ...b.tags.map((t) => t.name)],
  };
}

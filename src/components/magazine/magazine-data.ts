// Build-time view of the magazine: articles newest first, the categories, kinds and tags that
// have articles (names, order and descriptions from /blogs/filter_items, counts from the
// articles this build renders), and the listing pages every route family pre-renders.
import { BLOG_KINDS, BlogFilterItemsResponse, type BlogKind } from '../../contract/blogs.ts';
import type { TagRef } from '../../contract/tags.ts';
import { ARTICLES_PER_PAGE, assertCategorySlugs, kindName, pageChunks, readingMinutes } from '../../lib/magazine.ts';
import { getBlogs, type BlogEntry } from '../catalogue.ts';
import { once, readSiteFile } from '../content-records.ts';

export type MagazineCategory = { id: number; slug: string; name: string; description: string; count: number; kinds: { kind: BlogKind; name: string; count: number }[] };
export type MagazineKind = { kind: BlogKind; name: string; count: number };
export type MagazineTag = TagRef & { count: number };

export type Magazine = {
  /** Every article, newest first. */
  blogs: BlogEntry[];
  /** Categories with at least one article, in the editors' order. */
  categories: MagazineCategory[];
  kinds: MagazineKind[];
  /** Tags on at least one article, most used first. */
  tags: MagazineTag[];
  bySlug: Map<string, BlogEntry>;
  minutes: Map<string, number>;
};

export const getMagazine = once(async (): Promise<Magazine> => {
  const [unordered, filterEntry] = await Promise.all([getBlogs(), readSiteFile('blog-filter-items', BlogFilterItemsResponse)]);
  // Newest first, as GET /blogs orders them (equal dates: the later record first).
  const blogs = [...unordered].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || b.id - a.id);
  const facets = filterEntry;
  const count = <K>(keyOf: (b: BlogEntry) => K[]) => {
    const m = new Map<K, number>();
    for (const b of blogs) for (const k of keyOf(b)) m.set(k, (m.get(k) ?? 0) + 1);
    return m;
  };
  const byCategory = count((b) => [b.category.slug]);
  const byCategoryKind = count((b) => [`${b.category.slug}/${b.kind}`]);
  const byKind = count((b) => [b.kind]);
  const byTag = count((b) => b.tags.map((t) => t.slug));

  // Facets name and order the categories; an article's own category stands in for one the
  // facets lack (a pull between the two files), so no article is left without its page.
  const known = new Map((facets?.categories ?? []).map((c) => [c.slug, c]));
  for (const b of blogs) if (!known.has(b.category.slug)) known.set(b.category.slug, { ...b.category, description: '', count: 0 });
  const categories = [...known.values()]
    .filter((c) => (byCategory.get(c.slug) ?? 0) > 0)
    .map((c) => ({
      id: c.id,
      slug: c.slug,
      name: c.name,
      description: c.description,
      count: byCategory.get(c.slug) ?? 0,
      kinds: BLOG_KINDS.map((kind) => ({ kind, name: kindName(kind), count: byCategoryKind.get(`${c.slug}/${kind}`) ?? 0 })).filter((k) => k.count > 0),
    }));
  assertCategorySlugs(categories.map((c) => c.slug));

  const kinds = BLOG_KINDS.map((kind) => ({ kind, name: kindName(kind), count: byKind.get(kind) ?? 0 })).filter((k) => k.count > 0);

  // A tag slug is unique within its kind only: one page per slug, named by its magazine tag.
  const tagBySlug = new Map<string, TagRef>();
  for (const b of blogs) for (const t of b.tags) if (!tagBySlug.has(t.slug) || t.kind === 'blog') tagBySlug.set(t.slug, t);
  const tags = [...tagBySlug.values()]
    .map((t) => ({ ...t, count: byTag.get(t.slug) ?? 0 }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));

  return {
    blogs,
    categories,
    kinds,
    tags,
    bySlug: new Map(blogs.map((b) => [b.slug, b])),
    minutes: new Map(blogs.map((b) => [b.slug, readingMinutes(b.body)])),
  };
});

/** One listing's pages: `page` 1 is the listing's own address, later ones `…/page/N`. */
export function listingPages(blogs: readonly BlogEntry[]): { page: number; totalPages: number; blogs: BlogEntry[] }[] {
  const chunks = pageChunks(blogs, ARTICLES_PER_PAGE);
  return chunks.map((chunk, i) => ({ page: i + 1, totalPages: chunks.length, blogs: chunk }));
}

/** Page numbers after the first, as static path params (`page: "2"`). */
export const laterPages = <T extends { page: number }>(pages: readonly T[]) => pages.filter((p) => p.page > 1);

export const articlesIn = (m: Magazine, f: { category?: string | undefined; kind?: BlogKind | undefined; tag?: string | undefined }) =>
  m.blogs.filter(
    (b) => (f.category === undefined || b.category.slug === f.category) && (f.kind === undefined || b.kind === f.kind) && (f.tag === undefined || b.tags.some((t) => t.slug === f.tag)),
  );

// Magazine articles: list with filters, facets with counts, detail with resolved body blocks.
import { Hono } from 'hono';
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  BLOG_KIND_NAMES,
  BLOG_KINDS,
  BlogFilterItemsQuery,
  ListBlogsQuery,
  type BlogBlock,
  type BlogDetail,
  type BlogFilterItemsResponse,
  type BlogSummary,
} from '../../../contract/blogs.ts';
import type { Image } from '../../../contract/common.ts';
import type { OptionSummary } from '../../../contract/options.ts';
import type { TagRef } from '../../../contract/tags.ts';
import type { AppEnv } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { blogCategories, blogOptions, blogs, blogTags, cities, countries, tags, type BlogBlock as BlogBlockRow } from '../../db/schema.ts';
import { notFound, readQuery, reply } from '../../http.ts';
import { changedSince, listChangeExtras } from './effective.ts';
import { iso, toCityRef, toCountryRef, toTagRef } from './mappers.ts';
import { loadOptionSummaryMap } from './options.ts';
import { countAll, imageOf, inOrder, loadImages, loaderOf, offsetOf, pageOf, slugParam, type Loader } from './shared.ts';
import { visibleBlog } from './tags.ts';

const blogCountryId = sql`coalesce(${blogs.countryId}, ${cities.countryId})`;

function selectBlogs(db: Db) {
  return db
    .select({
      b: blogs,
      category: { id: blogCategories.id, slug: blogCategories.slug, name: blogCategories.name },
      city: { id: cities.id, slug: cities.slug, name: cities.name, countryId: cities.countryId },
      country: { id: countries.id, slug: countries.slug, name: countries.name, code: countries.code },
    })
    .from(blogs)
    .innerJoin(blogCategories, eq(blogCategories.id, blogs.categoryId))
    .leftJoin(cities, eq(cities.id, blogs.cityId))
    .leftJoin(countries, eq(countries.id, blogCountryId));
}
export type BlogRow = Awaited<ReturnType<ReturnType<typeof selectBlogs>['where']>>[number];

export function toBlogSummary(r: BlogRow, images: Map<number, Image>, tagsByBlog: Map<number, TagRef[]>): BlogSummary {
  const b = r.b;
  return {
    id: b.id,
    slug: b.slug,
    title: b.title,
    kind: b.kind,
    kindName: BLOG_KIND_NAMES[b.kind],
    excerpt: b.excerpt,
    category: { id: r.category.id, slug: r.category.slug, name: r.category.name },
    heroImage: imageOf(images, b.heroImageId),
    authorName: b.authorName,
    videoId: b.videoId,
    country: r.country ? toCountryRef(r.country) : null,
    city: r.city ? toCityRef(r.city) : null,
    tags: tagsByBlog.get(b.id) ?? [],
    publishedAt: iso(b.publishedAt),
  };
}

async function loadBlogTags(db: Db, blogIds: number[]): Promise<Map<number, TagRef[]>> {
  const out = new Map<number, TagRef[]>();
  if (blogIds.length === 0) return out;
  const rows = await db
    .select({ blogId: blogTags.blogId, id: tags.id, slug: tags.slug, kind: tags.kind, name: tags.name })
    .from(blogTags)
    .innerJoin(tags, eq(tags.id, blogTags.tagId))
    .where(and(inArray(blogTags.blogId, blogIds), isNull(tags.deletedAt)))
    .orderBy(asc(tags.position), asc(tags.name));
  for (const r of rows) out.set(r.blogId, [...(out.get(r.blogId) ?? []), toTagRef(r)]);
  return out;
}

export type BlogFilters = { category?: string | undefined; kind?: BlogSummary['kind'] | undefined; tag?: string | undefined; country?: string | undefined; city?: string | undefined };

export function blogConditions(f: BlogFilters): SQL[] {
  const where: SQL[] = [];
  if (f.category !== undefined) where.push(eq(blogCategories.slug, f.category));
  if (f.kind !== undefined) where.push(eq(blogs.kind, f.kind));
  if (f.tag !== undefined) {
    where.push(sql`exists (select 1 from ${blogTags} join ${tags} on ${tags.id} = ${blogTags.tagId}
      where ${blogTags.blogId} = ${blogs.id} and ${tags.slug} = ${f.tag} and ${tags.deletedAt} is null)`);
  }
  if (f.country !== undefined) where.push(eq(countries.slug, f.country));
  if (f.city !== undefined) where.push(eq(cities.slug, f.city));
  return where;
}

/**
 * Visible articles, newest first. `anyDate`: also those dated in the future (published and not
 * deleted): a preview shows a draft as the page will be on its date.
 */
export async function queryBlogs(db: Db, where: SQL[], page?: { limit: number; offset: number }, opts: { anyDate?: boolean } = {}) {
  const cond = and(opts.anyDate ? and(isNull(blogs.deletedAt), eq(blogs.published, true)) : visibleBlog, ...where);
  const q = selectBlogs(db).where(cond).orderBy(desc(blogs.publishedAt), desc(blogs.id));
  const [rows, total] = await Promise.all([
    page ? q.limit(page.limit).offset(page.offset) : q,
    page
      ? db
          .select({ n: countAll })
          .from(blogs)
          .innerJoin(blogCategories, eq(blogCategories.id, blogs.categoryId))
          .leftJoin(cities, eq(cities.id, blogs.cityId))
          .leftJoin(countries, eq(countries.id, blogCountryId))
          .where(cond)
          .then((r) => Number(r[0]?.n ?? 0))
      : Promise.resolve(-1),
  ]);
  const [imgs, tagMap] = await Promise.all([loadImages(db, rows.map((r) => r.b.heroImageId)), loadBlogTags(db, rows.map((r) => r.b.id))]);
  const list = rows.map((r) => toBlogSummary(r, imgs, tagMap));
  return { list, total: total < 0 ? list.length : total, rows };
}

function blockOptionIds(body: BlogBlockRow[]): number[] {
  return body.flatMap((b) => (b.type === 'item' && b.optionId !== undefined ? [b.optionId] : b.type === 'day' ? b.optionIds : []));
}

export function toBlogBlocks(body: BlogBlockRow[], images: Map<number, Image>, options: Map<number, OptionSummary>): BlogBlock[] {
  return body.map((b): BlogBlock => {
    switch (b.type) {
      case 'paragraph':
      case 'heading':
        return { type: b.type, text: b.text };
      case 'rich':
        // Sanitised when it was stored (storedBody, the only writer of rich blocks), and again
        // where a page renders it (BlogBlocks.astro): not on every request here.
        return { type: 'rich', html: b.html };
      case 'quote':
        return { type: 'quote', text: b.text, cite: b.cite ?? null };
      case 'list':
        return { type: 'list', ordered: b.ordered, items: b.items };
      case 'image':
        return { type: 'image', image: imageOf(images, b.imageId), caption: b.caption };
      case 'item':
        return { type: 'item', title: b.title, text: b.text, option: b.optionId === undefined ? null : (options.get(b.optionId) ?? null) };
      case 'day':
        return { type: 'day', day: b.day, title: b.title, text: b.text, options: inOrder(b.optionIds, options) };
    }
  });
}

export async function loadBlogDetails(L: Loader, ids: number[], opts: { anyDate?: boolean } = {}): Promise<Map<number, BlogDetail>> {
  if (ids.length === 0) return new Map();
  const db = L.db;
  const [{ list, rows }, related] = await Promise.all([
    queryBlogs(db, [inArray(blogs.id, ids)], undefined, opts),
    db.select().from(blogOptions).where(inArray(blogOptions.blogId, ids)).orderBy(asc(blogOptions.position), asc(blogOptions.optionId)),
  ]);
  const bodies = new Map(rows.map((r) => [r.b.id, r.b]));
  const allBlocks = rows.flatMap((r) => r.b.body);
  const [imgs, summaries] = await Promise.all([
    loadImages(db, allBlocks.flatMap((b) => (b.type === 'image' ? [b.imageId] : []))),
    loadOptionSummaryMap(L, [...related.map((r) => r.optionId), ...blockOptionIds(allBlocks)]),
  ]);
  const out = new Map<number, BlogDetail>();
  for (const summary of list) {
    const b = bodies.get(summary.id);
    if (!b) continue;
    out.set(summary.id, {
      ...summary,
      body: toBlogBlocks(b.body, imgs, summaries),
      author: { name: b.authorName, bio: b.authorBio },
      verdict: b.verdict,
      relatedOptions: inOrder(related.filter((r) => r.blogId === b.id).map((r) => r.optionId), summaries),
      updatedAt: iso(b.updatedAt),
    });
  }
  return out;
}

/** Facets with counts; each facet's counts apply the other facets' filters (contract BlogFilterItemsQuery). */
export async function blogFilterItems(db: Db, f: BlogFilterItemsQuery = {}): Promise<BlogFilterItemsResponse> {
  const others = (facet: keyof BlogFilterItemsQuery) => and(visibleBlog, ...blogConditions({ ...f, [facet]: undefined }));
  const byCategory = db
    .select({ categoryId: blogs.categoryId, count: countAll })
    .from(blogs)
    .innerJoin(blogCategories, eq(blogCategories.id, blogs.categoryId))
    .where(others('category'))
    .groupBy(blogs.categoryId);
  const [cats, categoryCounts, kinds, tagRows] = await Promise.all([
    db
      .select({ id: blogCategories.id, slug: blogCategories.slug, name: blogCategories.name, description: blogCategories.description })
      .from(blogCategories)
      .where(isNull(blogCategories.deletedAt))
      .orderBy(asc(blogCategories.position), asc(blogCategories.name)),
    byCategory,
    db
      .select({ kind: blogs.kind, count: countAll })
      .from(blogs)
      .innerJoin(blogCategories, eq(blogCategories.id, blogs.categoryId))
      .where(others('kind'))
      .groupBy(blogs.kind),
    // Every tag on a visible article, counted under the category and kind filters.
    db
      .select({
        id: tags.id,
        slug: tags.slug,
        kind: tags.kind,
        name: tags.name,
        count: sql<number>`count(*) filter (where ${and(sql`true`, ...blogConditions({ ...f, tag: undefined }))})::int`,
      })
      .from(blogTags)
      .innerJoin(blogs, eq(blogs.id, blogTags.blogId))
      .innerJoin(blogCategories, eq(blogCategories.id, blogs.categoryId))
      .innerJoin(tags, eq(tags.id, blogTags.tagId))
      .where(and(visibleBlog, isNull(tags.deletedAt)))
      .groupBy(tags.id)
      .orderBy(sql`count(*) desc`, asc(tags.name)),
  ]);
  const catCounts = new Map(categoryCounts.map((c) => [c.categoryId, Number(c.count)]));
  const kindCounts = new Map(kinds.map((k) => [k.kind, Number(k.count)]));
  return {
    categories: cats.map((c) => ({ ...c, count: catCounts.get(c.id) ?? 0 })),
    kinds: BLOG_KINDS.map((kind) => ({ kind, name: BLOG_KIND_NAMES[kind], count: kindCounts.get(kind) ?? 0 })),
    tags: tagRows.map((t) => ({ ...t, count: Number(t.count) })),
  };
}

export async function getBlogDetail(L: Loader, slug: string): Promise<BlogDetail> {
  const [row] = await L.db.select({ id: blogs.id }).from(blogs).where(and(eq(blogs.slug, slug), visibleBlog)).limit(1);
  const d = row ? (await loadBlogDetails(L, [row.id])).get(row.id) : undefined;
  if (!d) throw notFound('Blog');
  return d;
}

export function blogsRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/blogs', async (c) => {
    const q = readQuery(c, ListBlogsQuery);
    const db = c.var.db;
    const where = blogConditions(q);
    if (q.changedSince) where.push(changedSince(blogs.id, 'blogs', q.changedSince));
    const [{ list, total }, extras] = await Promise.all([
      queryBlogs(db, where, { limit: q.per, offset: offsetOf(q) }),
      listChangeExtras(db, 'blogs', q.changedSince),
    ]);
    return reply(c, { blogs: list, pagination: pageOf(q, total), ...extras });
  });

  app.get('/blogs/filter_items', async (c) => reply(c, await blogFilterItems(c.var.db, readQuery(c, BlogFilterItemsQuery))));

  app.get('/blogs/:slug', async (c) => {
    const slug = slugParam(c, 'slug', 'Blog');
    return reply(c, await getBlogDetail(loaderOf(c), slug));
  });

  return app;
}

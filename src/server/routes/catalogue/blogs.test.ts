// The magazine API: GET /blogs (filters, pagination), GET /blogs/{slug}, GET /blogs/filter_items
// (facets with counts, scoped by the other facets' filters). Public content: the storefront's
// guest key is the only credential, and hidden articles never show.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_KINDS, BlogDetailSchema, BlogFilterItemsResponse, ListBlogsResponse, type BlogSummary } from '../../../contract/blogs.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { rowsOf } from './effective.ts';
import { expect404, expect422, getOk } from './test-helpers.ts';

let t: TestApp;
let all: BlogSummary[];
beforeAll(async () => {
  t = await createTestApp();
  all = (await getOk(t, '/blogs?per=100', ListBlogsResponse)).blogs;
});
afterAll(() => t.close());

const count = (pred: (b: BlogSummary) => boolean) => all.filter(pred).length;

describe('GET /blogs', () => {
  it('pages through every visible article, newest first, with the spec pagination record', async () => {
    const first = await getOk(t, '/blogs?per=10&page=1', ListBlogsResponse);
    const second = await getOk(t, '/blogs?per=10&page=2', ListBlogsResponse);
    expect(first.pagination).toMatchObject({ currentPage: 1, totalCount: all.length, limitValue: 10, offset: 0, isFirstPage: true, nextPage: 2 });
    expect(second.pagination).toMatchObject({ currentPage: 2, prevPage: 1, offset: 10 });
    expect([...first.blogs, ...second.blogs].map((b) => b.slug)).toEqual(all.slice(0, 20).map((b) => b.slug));
    expect(all.length).toBeGreaterThanOrEqual(60);
    expect(new Set(all.map((b) => b.kind))).toEqual(new Set(BLOG_KINDS));
  });

  it('combines the category, kind and tag filters', async () => {
    const sample = all.find((b) => b.tags.length > 0)!;
    const tag = sample.tags[0]!.slug;
    const q = `/blogs?per=100&category=${sample.category.slug}&kind=${sample.kind}&tag=${tag}`;
    const { blogs, pagination } = await getOk(t, q, ListBlogsResponse);
    expect(blogs.map((b) => b.slug)).toContain(sample.slug);
    for (const b of blogs) {
      expect(b.category.slug).toBe(sample.category.slug);
      expect(b.kind).toBe(sample.kind);
      expect(b.tags.map((x) => x.slug)).toContain(tag);
    }
    expect(pagination.totalCount).toBe(count((b) => b.category.slug === sample.category.slug && b.kind === sample.kind && b.tags.some((x) => x.slug === tag)));
  });

  it('answers an empty page for a filter value nothing has', async () => {
    const { blogs, pagination } = await getOk(t, '/blogs?category=no-such-section', ListBlogsResponse);
    expect(blogs).toEqual([]);
    expect(pagination.totalCount).toBe(0);
  });

  it.each([
    ['/blogs?kind=essay', 'kind'],
    ['/blogs?category=not%20a%20slug', 'category'],
    ['/blogs?tag=%3Cscript%3E', 'tag'],
    ['/blogs?per=0', 'per'],
    ['/blogs?per=101', 'per'],
    ['/blogs?page=0', 'page'],
    ['/blogs?page=two', 'page'],
  ])('refuses %s with 422 naming %s', async (path, field) => expect422(t, path, field));

  it('needs the storefront key', async () => {
    const answer = await t.get('/api/v1/blogs', { auth: false });
    expect(answer.status).toBe(401);
    expect(answer.raw).toHaveProperty('error');
  });
});

describe('GET /blogs/{slug}', () => {
  it('answers the article of every kind with its body, author, verdict and video id', async () => {
    for (const kind of BLOG_KINDS) {
      const summary = all.find((b) => b.kind === kind)!;
      const d = await getOk(t, `/blogs/${summary.slug}`, BlogDetailSchema);
      expect(d).toMatchObject({ slug: summary.slug, kind, title: summary.title, authorName: d.author.name });
      expect(d.body.length).toBeGreaterThan(0);
      expect(d.updatedAt >= d.publishedAt).toBe(true);
      if (kind === 'tried_and_tested') expect(d.verdict?.length).toBeGreaterThan(10);
      if (kind === 'video') expect(d.videoId).toMatch(/^[A-Za-z0-9_-]{11}$/);
      if (kind === 'itinerary') expect(d.body.some((b) => b.type === 'day')).toBe(true);
    }
  });

  it('answers 404 for an unknown or malformed slug', async () => {
    await expect404(t, '/blogs/no-such-article', 'Blog not found');
    await expect404(t, '/blogs/..%2Fetc', 'Blog not found');
  });

  it('hides a deleted article from the list, its page and the facet counts', async () => {
    const victim = all.find((b) => b.kind === 'video')!;
    const before = await getOk(t, '/blogs/filter_items', BlogFilterItemsResponse);
    await t.db.execute(sql`update blogs set deleted_at = now() where slug = ${victim.slug}`);
    try {
      await expect404(t, `/blogs/${victim.slug}`, 'Blog not found');
      expect((await getOk(t, '/blogs?per=100', ListBlogsResponse)).blogs.map((b) => b.slug)).not.toContain(victim.slug);
      const after = await getOk(t, '/blogs/filter_items', BlogFilterItemsResponse);
      const n = (items: typeof before, kind: string) => items.kinds.find((k) => k.kind === kind)?.count;
      expect(n(after, 'video')).toBe(n(before, 'video')! - 1);
    } finally {
      await t.db.execute(sql`update blogs set deleted_at = null where slug = ${victim.slug}`);
    }
  });
});

describe('GET /blogs/filter_items', () => {
  it('counts every facet over the visible articles', async () => {
    const items = await getOk(t, '/blogs/filter_items', BlogFilterItemsResponse);
    for (const c of items.categories) expect(c.count, c.slug).toBe(count((b) => b.category.slug === c.slug));
    for (const k of items.kinds) expect(k.count, k.kind).toBe(count((b) => b.kind === k.kind));
    for (const tag of items.tags) expect(tag.count, tag.slug).toBe(count((b) => b.tags.some((x) => x.id === tag.id)));
    const onArticles = new Set(all.flatMap((b) => b.tags.map((x) => x.id)));
    expect(new Set(items.tags.map((x) => x.id))).toEqual(onArticles);
    const totals = items.tags.map((x) => x.count);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
  });

  it('scopes each facet by the other facets, keeping every entry listed', async () => {
    const sample = all.find((b) => b.tags.length > 0 && b.kind === 'tried_and_tested')!;
    const category = sample.category.slug;
    const tag = sample.tags[0]!.slug;
    const base = await getOk(t, '/blogs/filter_items', BlogFilterItemsResponse);
    const scoped = await getOk(t, `/blogs/filter_items?category=${category}&kind=tried_and_tested&tag=${tag}`, BlogFilterItemsResponse);
    // The lists are the same; only the counts change.
    expect(scoped.categories.map((c) => c.slug)).toEqual(base.categories.map((c) => c.slug));
    expect(scoped.kinds.map((k) => k.kind)).toEqual(base.kinds.map((k) => k.kind));
    expect(scoped.tags.map((x) => x.id)).toEqual(base.tags.map((x) => x.id));
    const hasTag = (b: BlogSummary, slug: string) => b.tags.some((x) => x.slug === slug);
    for (const c of scoped.categories) expect(c.count, c.slug).toBe(count((b) => b.category.slug === c.slug && b.kind === 'tried_and_tested' && hasTag(b, tag)));
    for (const k of scoped.kinds) expect(k.count, k.kind).toBe(count((b) => b.kind === k.kind && b.category.slug === category && hasTag(b, tag)));
    for (const x of scoped.tags) expect(x.count, x.slug).toBe(count((b) => hasTag(b, x.slug) && b.category.slug === category && b.kind === 'tried_and_tested'));
    // The choice itself counts the article it came from.
    expect(scoped.kinds.find((k) => k.kind === 'tried_and_tested')!.count).toBeGreaterThanOrEqual(1);
  });

  it('agrees with GET /blogs for each filter', async () => {
    const items = await getOk(t, '/blogs/filter_items?kind=list', BlogFilterItemsResponse);
    for (const c of items.categories.filter((x) => x.count > 0).slice(0, 3)) {
      const { pagination } = await getOk(t, `/blogs?kind=list&category=${c.slug}&per=1`, ListBlogsResponse);
      expect(pagination.totalCount, c.slug).toBe(c.count);
    }
  });

  it('counts nothing for a value no article has, without failing', async () => {
    const items = await getOk(t, '/blogs/filter_items?category=no-such-section', BlogFilterItemsResponse);
    expect(items.kinds.every((k) => k.count === 0)).toBe(true);
    expect(items.tags.every((x) => x.count === 0)).toBe(true);
    expect(items.categories.some((c) => c.count > 0)).toBe(true);
  });

  it('leaves out a deleted tag and a deleted category', async () => {
    const tag = (await getOk(t, '/blogs/filter_items', BlogFilterItemsResponse)).tags[0]!;
    const [cat] = rowsOf<{ id: number; slug: string }>(await t.db.execute(sql`select id, slug from blog_categories order by position desc limit 1`));
    await t.db.execute(sql`update tags set deleted_at = now() where id = ${tag.id}`);
    await t.db.execute(sql`update blog_categories set deleted_at = now() where id = ${cat!.id}`);
    try {
      const items = await getOk(t, '/blogs/filter_items', BlogFilterItemsResponse);
      expect(items.tags.map((x) => x.id)).not.toContain(tag.id);
      expect(items.categories.map((c) => c.slug)).not.toContain(cat!.slug);
    } finally {
      await t.db.execute(sql`update tags set deleted_at = null where id = ${tag.id}`);
      await t.db.execute(sql`update blog_categories set deleted_at = null where id = ${cat!.id}`);
    }
  });

  it.each([
    ['/blogs/filter_items?kind=essay', 'kind'],
    ['/blogs/filter_items?category=a%20b', 'category'],
    ['/blogs/filter_items?tag=%22%3E', 'tag'],
  ])('refuses %s with 422 naming %s', async (path, field) => expect422(t, path, field));
});

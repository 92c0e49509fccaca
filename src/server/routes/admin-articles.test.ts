import { asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminArticleListSchema, AdminArticleReferencesSchema, AdminArticleSchema, RevisionListSchema, type AdminArticle, type ArticleDraft } from '../../contract/admin.ts';
import { BlogDetailSchema } from '../../contract/blogs.ts';
import pino from 'pino';
import { blogs } from '../db/schema.ts';
import { QUEUES } from '../jobs/queue.ts';
import { scheduledPublishHandler } from '../jobs/workers.ts';
import type { Agent } from '../testing/agent.ts';
import { backOfficeAgents, recordingSite } from '../testing/back-office.ts';
import { expectStatus } from '../testing/booking.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let admin: Agent;
let admin2: Agent;
let traveller: Agent;
let partner: Agent;
let guest: Agent;
let blog: { id: number; slug: string; title: string };

const { built, runPipeline } = recordingSite(() => t);

beforeAll(async () => {
  t = await createTestApp();
  [blog] = await t.db.select({ id: blogs.id, slug: blogs.slug, title: blogs.title }).from(blogs).where(isNull(blogs.deletedAt)).orderBy(asc(blogs.id)).limit(1) as [typeof blog];
  ({ admin, admin2, traveller, partner, guest } = await backOfficeAgents(t, (n) => `198.51.100.${80 + n}`));
});
afterAll(() => t.close());

const wireFields = (r: { raw: unknown }) => (r.raw as { fields?: Record<string, string> }).fields ?? {};
const put = (a: Agent, path: string, body: unknown) => a.call('PUT', path, { body });
const A = (id = blog.id) => `/api/v1/admin/articles/${id}`;

async function open(a: Agent, id = blog.id): Promise<AdminArticle> {
  const r = await a.get(A(id));
  expectStatus(r, 200);
  return AdminArticleSchema.parse(r.body);
}

const HOSTILE = [
  '<p>Kept text<script>window.__pwned=1</script></p>',
  '<img src="x" onerror="window.__pwned=1">',
  '<p><a href="javascript:window.__pwned=1">a link</a> and <a href="https://example.org/" onclick="window.__pwned=1">a good one</a></p>',
  '<svg onload="window.__pwned=1"><script>window.__pwned=1</script></svg>',
  '<iframe src="https://evil.example/"></iframe><p style="background:url(javascript:x)">styled</p>',
].join('');

describe('admin only', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/v1/admin/articles'],
    ['GET', '/api/v1/admin/article_references'],
    ['GET', '/api/v1/admin/articles/1'],
    ['PUT', '/api/v1/admin/articles/1/draft', { version: 0, draft: {} }],
    ['POST', '/api/v1/admin/articles/1/publish', { version: 0 }],
    ['POST', '/api/v1/admin/articles/1/unpublish', { version: 0 }],
    ['DELETE', '/api/v1/admin/articles/1/schedule'],
    ['GET', '/api/v1/admin/articles/1/revisions'],
    ['POST', '/api/v1/admin/articles/1/revisions/1/restore', { version: 0 }],
    ['POST', '/api/v1/admin/articles/1/preview', {}],
  ];
  it.each(calls)('%s %s: 403 for a traveller and a partner, 401 for a guest', async (method, path, body) => {
    for (const a of [traveller, partner]) {
      const r = await a.call(method, path, body === undefined ? {} : { body });
      expectStatus(r, 403);
      expect(r.body.error).toBe('Only Verdant admins can do this');
    }
    expectStatus(await guest.call(method, path, body === undefined ? {} : { body }), 401);
  });
});

describe('article list', () => {
  it('searches, filters by kind, category and status, sorts and pages', async () => {
    const all = AdminArticleListSchema.parse((await admin.get('/api/v1/admin/articles?per=5')).body);
    expect(all.items).toHaveLength(5);
    expect(all.total).toBeGreaterThan(5);
    const page2 = AdminArticleListSchema.parse((await admin.get('/api/v1/admin/articles?per=5&page=2')).body);
    expect(page2.items.map((i) => i.id)).not.toContain(all.items[0]!.id);

    const found = AdminArticleListSchema.parse((await admin.get(`/api/v1/admin/articles?q=${encodeURIComponent(blog.title.slice(0, 12))}`)).body);
    expect(found.items.map((i) => i.id)).toContain(blog.id);

    const refs = AdminArticleReferencesSchema.parse((await admin.get('/api/v1/admin/article_references')).body);
    const first = all.items[0]!;
    const cat = refs.categories.find((c) => c.name === first.category)!;
    const filtered = AdminArticleListSchema.parse((await admin.get(`/api/v1/admin/articles?kind=${first.kind}&category_id=${cat.id}&status=published`)).body);
    expect(filtered.items.length).toBeGreaterThan(0);
    expect(filtered.items.every((i) => i.kind === first.kind && i.category === first.category && i.status === 'published')).toBe(true);

    const byTitle = AdminArticleListSchema.parse((await admin.get('/api/v1/admin/articles?sort=title_asc&per=100')).body);
    const titles = byTitle.items.map((i) => i.title);
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('422 for bad filters', async () => {
    const r = await admin.get('/api/v1/admin/articles?kind=poem&sort=sideways');
    expectStatus(r, 422);
    expect(Object.keys(wireFields(r))).toEqual(expect.arrayContaining(['kind', 'sort']));
  });
});

describe('drafts, versions and publishing', () => {
  it('saves a rich-text draft sanitised, leaves live alone, and publishes it through the pipeline', async () => {
    const x = await open(admin);
    expect(x.version).toBe(0);
    expect(x.status).toBe('published');
    expect(x.draft.title).toBe(blog.title);
    expect(x.draft.body.some((b) => b.type === 'rich')).toBe(true);

    const body: ArticleDraft['body'] = [{ type: 'rich', html: `<h2>A new chapter</h2><p>Plain words.</p><p>With <strong>bold</strong> words.</p>${HOSTILE}` }, ...x.draft.body];
    const saved = await put(admin, `${A()}/draft`, { version: 0, draft: { ...x.draft, title: `${blog.title}, revised`, body } });
    expectStatus(saved, 200);
    const s = AdminArticleSchema.parse(saved.body);
    expect(s.version).toBe(1);
    expect(s.status).toBe('changed');
    const html = (s.draft.body[0] as { html: string }).html;
    expect(html).toContain('Kept text');
    expect(html).toContain('<a href="https://example.org/" rel="noopener noreferrer">a good one</a>');
    for (const bad of ['<script', '__pwned', 'onerror', 'onclick', 'onload', 'javascript:', '<svg', '<iframe', '<img', 'style=']) expect(html).not.toContain(bad);

    // Live and the public API are untouched until publish.
    expect((await t.get(`/api/v1/blogs/${blog.slug}`)).body).toMatchObject({ title: blog.title });

    const published = await admin.post(`${A()}/publish`, { version: 1 });
    expectStatus(published, 202);
    const p = AdminArticleSchema.parse(published.body);
    expect(p).toMatchObject({ status: 'published', version: 2 });
    expect(p.lastRun?.state).toBe('queued');
    const detail = BlogDetailSchema.parse((await t.get(`/api/v1/blogs/${blog.slug}`)).body);
    expect(detail.title).toBe(`${blog.title}, revised`);
    // Plain prose stays the page's own blocks (the heading feeds the table of contents); formatting is rich text.
    expect(detail.body.slice(0, 6)).toEqual([
      { type: 'heading', text: 'A new chapter' },
      { type: 'paragraph', text: 'Plain words.' },
      { type: 'rich', html: '<p>With <strong>bold</strong> words.</p>' },
      { type: 'paragraph', text: 'Kept text' },
      { type: 'rich', html: '<p><a rel="noopener noreferrer">a link</a> and <a href="https://example.org/" rel="noopener noreferrer">a good one</a></p>' },
      { type: 'paragraph', text: 'styled' },
    ]);
    expect(JSON.stringify(detail.body)).not.toMatch(/script|__pwned|onerror|javascript:/);

    expect(await runPipeline()).toBeGreaterThan(0);
    expect(built.at(-1)).toEqual([{ type: 'blogs', key: blog.slug }]);
    const answer = await admin.get(`/api/v1/admin/publish_runs/${p.lastRun!.id}`);
    expect(answer.body).toMatchObject({ state: 'live' });
    expect(Object.keys(answer.body as object)).not.toContain('error');
  });

  it('two editors on one article: the second save is refused with a clear message, and its work is kept', async () => {
    const a = await open(admin);
    const b = await open(admin2);
    expectStatus(await put(admin, `${A()}/draft`, { version: a.version, draft: { ...a.draft, excerpt: 'Editor A’s excerpt, long enough.' } }), 200);
    const refused = await put(admin2, `${A()}/draft`, { version: b.version, draft: { ...b.draft, excerpt: 'Editor B’s excerpt, long enough.' } });
    expectStatus(refused, 409);
    expect(refused.body.error).toMatch(/^Ada Admin saved this article at .* after you opened it\. Your changes were not saved over theirs; they are kept in the revision history\./);
    expect(refused.body).toMatchObject({ code: 'version_conflict', currentVersion: a.version + 1 });
    expect((await open(admin)).draft.excerpt).toBe('Editor A’s excerpt, long enough.');
    const revs = RevisionListSchema.parse((await admin.get(`${A()}/revisions`)).body).revisions;
    expect(revs.find((r) => r.action === 'refused')?.id).toBe((refused.body as { refusedRevisionId: number }).refusedRevisionId);
    expectStatus(await admin2.post(`${A()}/publish`, { version: b.version }), 409);
  });

  it('revision history and restore bring the old text back as a new draft', async () => {
    const x = await open(admin);
    const s1 = AdminArticleSchema.parse((await put(admin, `${A()}/draft`, { version: x.version, draft: { ...x.draft, authorBio: 'A new bio.' } })).body);
    const revs = RevisionListSchema.parse((await admin.get(`${A()}/revisions`)).body).revisions;
    expect(revs[0]).toMatchObject({ version: s1.version, action: 'save', changedFields: ['authorBio'], by: { name: 'Ada Admin' } });
    expect(revs[0]!.name).toBe(x.draft.title);
    const old = revs.find((r) => r.version < s1.version && r.action !== 'refused')!;
    const restored = AdminArticleSchema.parse((await admin.post(`${A()}/revisions/${old.id}/restore`, { version: s1.version })).body);
    expect(restored.draft.authorBio).toBe(x.draft.authorBio);
    expect(restored.version).toBe(s1.version + 1);
  });

  it('422 with field messages for a bad draft', async () => {
    const x = await open(admin);
    const bad = await put(admin, `${A()}/draft`, { version: x.version, draft: { ...x.draft, title: 'x', slug: 'Not A Slug', kind: 'poem', excerpt: '', videoId: 'short' } });
    expectStatus(bad, 422);
    expect(wireFields(bad)).toMatchObject({
      'draft.title': 'Give the article a title of at least 3 characters',
      'draft.slug': expect.stringContaining('lower-case'),
      'draft.kind': expect.any(String),
      'draft.excerpt': expect.any(String),
      'draft.video_id': expect.any(String),
    });
    const [other] = await t.db.select({ slug: blogs.slug }).from(blogs).where(isNull(blogs.deletedAt)).orderBy(asc(blogs.id)).limit(1).offset(1);
    const taken = await put(admin, `${A()}/draft`, { version: x.version, draft: { ...x.draft, slug: other!.slug } });
    expectStatus(taken, 422);
    expect(wireFields(taken)).toEqual({ 'draft.slug': 'Another article already uses this address' });
    const noCategory = await put(admin, `${A()}/draft`, { version: x.version, draft: { ...x.draft, categoryId: 999_999 } });
    expect(wireFields(noCategory)).toEqual({ 'draft.category_id': 'Choose a category from the list' });
    const onlyScript = await put(admin, `${A()}/draft`, { version: x.version, draft: { ...x.draft, body: [{ type: 'rich', html: '<script>alert(1)</script>' }] } });
    expect(wireFields(onlyScript)).toEqual({ 'draft.body': 'Write the article' });
    expect((await open(admin)).version).toBe(x.version);
  });

  it('unpublish takes the article off the public API; a slug change redirects', async () => {
    const x = await open(admin);
    const un = await admin.post(`${A()}/unpublish`, { version: x.version });
    expectStatus(un, 202);
    expect(AdminArticleSchema.parse(un.body).status).toBe('unpublished');
    expectStatus(await t.get(`/api/v1/blogs/${blog.slug}`), 404);
    const [row] = await t.db.select({ published: blogs.published }).from(blogs).where(eq(blogs.id, blog.id));
    expect(row!.published).toBe(false);

    const y = await open(admin);
    const renamed = await put(admin, `${A()}/draft`, { version: y.version, draft: { ...y.draft, slug: `${blog.slug}-renamed` } });
    expectStatus(renamed, 200);
    const back = await admin.post(`${A()}/publish`, { version: AdminArticleSchema.parse(renamed.body).version });
    expectStatus(back, 202);
    expect(AdminArticleSchema.parse(back.body)).toMatchObject({ status: 'published', liveSlug: `${blog.slug}-renamed`, redirectsFrom: [blog.slug] });
    expectStatus(await t.get(`/api/v1/blogs/${blog.slug}-renamed`), 200);
    const old = await t.app.request(`/magazine/a/${blog.slug}`);
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe(`/magazine/a/${blog.slug}-renamed`);
  });

  it('preview renders the draft through the pipeline without touching live', async () => {
    const x = await open(admin);
    expectStatus(await put(admin, `${A()}/draft`, { version: x.version, draft: { ...x.draft, title: 'A previewed title' } }), 200);
    const r = await admin.post(`${A()}/preview`, {});
    expectStatus(r, 202);
    expect((r.body as { run: { kind: string } }).run.kind).toBe('preview');
    const [live] = await t.db.select({ title: blogs.title }).from(blogs).where(eq(blogs.id, blog.id));
    expect(live!.title).not.toBe('A previewed title');
  });

  it('a draft dated in the future previews as it will be on its date (not as an unknown article)', async () => {
    const x = await open(admin);
    const later = new Date(Date.now() + 400 * 86400_000).toISOString();
    expectStatus(await put(admin, `${A()}/draft`, { version: x.version, draft: { ...x.draft, publishedAt: later } }), 200);
    const r = await admin.post(`${A()}/preview`, {});
    expectStatus(r, 202);
    expect((r.body as { run: { kind: string } }).run.kind).toBe('preview');
  });
});

describe('a scheduled article', () => {
  it('goes live at its time through the queue (test clock), and a cancelled one does not', async () => {
    const work = scheduledPublishHandler({ db: t.db, jobs: t.jobs, log: pino({ level: 'silent' }) });
    const x = await open(admin);
    const saved = AdminArticleSchema.parse((await put(admin, `${A()}/draft`, { version: x.version, draft: { ...x.draft, title: 'A title for next week' } })).body);
    const at = new Date(Date.now() + 7 * 86400_000);
    const sch = AdminArticleSchema.parse((await admin.post(`${A()}/publish`, { version: saved.version, at: at.toISOString() })).body);
    expect(sch).toMatchObject({ scheduledAt: at.toISOString(), status: 'changed' });
    expect(await t.jobs.runDue(QUEUES.scheduledPublish.name, work)).toBe(0);
    const [before] = await t.db.select({ title: blogs.title }).from(blogs).where(eq(blogs.id, blog.id));
    expect(before!.title).not.toBe('A title for next week');
    expect((await admin.post('/api/v1/admin/test-clock', { at: new Date(at.getTime() + 60_000).toISOString() })).body).toEqual({ due: 1 });
    expect(await t.jobs.runDue(QUEUES.scheduledPublish.name, work)).toBe(1);
    const [after] = await t.db.select({ title: blogs.title }).from(blogs).where(eq(blogs.id, blog.id));
    expect(after!.title).toBe('A title for next week');
    expect(await open(admin)).toMatchObject({ status: 'published', scheduledAt: null });
    await runPipeline();

    // Scheduled, then cancelled: when the job comes due, nothing moves.
    const y = await open(admin);
    const later = AdminArticleSchema.parse((await put(admin, `${A()}/draft`, { version: y.version, draft: { ...y.draft, title: 'A title that never goes live' } })).body);
    const at2 = new Date(Date.now() + 86400_000);
    AdminArticleSchema.parse((await admin.post(`${A()}/publish`, { version: later.version, at: at2.toISOString() })).body);
    expect(AdminArticleSchema.parse((await admin.delete(`${A()}/schedule`)).body).scheduledAt).toBeNull();
    await admin.post('/api/v1/admin/test-clock', { at: new Date(at2.getTime() + 60_000).toISOString() });
    await t.jobs.runDue(QUEUES.scheduledPublish.name, work);
    const [still] = await t.db.select({ title: blogs.title }).from(blogs).where(eq(blogs.id, blog.id));
    expect(still!.title).toBe('A title for next week');
  });
});

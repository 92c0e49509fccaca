// The back-office's best-of lists (ADR 0035): admin-only calls, the list, the document with its
// ranked picks, drafts and publish through the pipeline, 422 field messages, the 409 of a second
// editor, a slug change's redirect, preview, scheduled publish and unpublish.
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminBestOfListListSchema, AdminBestOfListSchema, RevisionListSchema, type AdminBestOfList } from '../../contract/admin.ts';
import { BestOfListDetailSchema, ListBestOfListsResponse } from '../../contract/best-of-lists.ts';
import { HomePageSchema } from '../../contract/pages.ts';
import { bestOfListItems, bestOfLists, cities, options } from '../db/schema.ts';
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
let list: { id: number; slug: string; title: string };
let spare: { id: number; slugCode: string }[];

const { built, log, runPipeline } = recordingSite(() => t);

beforeAll(async () => {
  t = await createTestApp();
  [list] = (await t.db.select({ id: bestOfLists.id, slug: bestOfLists.slug, title: bestOfLists.title }).from(bestOfLists).where(isNull(bestOfLists.deletedAt)).orderBy(asc(bestOfLists.id)).limit(1)) as [typeof list];
  spare = await t.db
    .select({ id: options.id, slugCode: options.slugCode })
    .from(options)
    .where(and(isNull(options.deletedAt), eq(options.published, true), sql`${options.id} not in (select option_id from ${bestOfListItems} where list_id = ${list.id})`))
    .orderBy(asc(options.id))
    .limit(2);
  ({ admin, admin2, traveller, partner, guest } = await backOfficeAgents(t, (n) => `198.51.100.${180 + n}`));
});
afterAll(() => t.close());

const wireFields = (r: { raw: unknown }) => (r.raw as { fields?: Record<string, string> }).fields ?? {};
const put = (a: Agent, path: string, body: unknown) => a.call('PUT', path, { body });
const L = (id = list.id) => `/api/v1/admin/best_of_lists/${id}`;

async function open(a: Agent): Promise<AdminBestOfList> {
  const r = await a.get(L());
  expectStatus(r, 200);
  return AdminBestOfListSchema.parse(r.body);
}
async function save(a: Agent, draft: AdminBestOfList['draft'], version: number): Promise<AdminBestOfList> {
  const r = await put(a, `${L()}/draft`, { version, draft });
  expectStatus(r, 200);
  return AdminBestOfListSchema.parse(r.body);
}

describe('admin only', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/v1/admin/best_of_lists'],
    ['GET', '/api/v1/admin/best_of_lists/1'],
    ['PUT', '/api/v1/admin/best_of_lists/1/draft', { version: 0, draft: {} }],
    ['POST', '/api/v1/admin/best_of_lists/1/publish', { version: 0 }],
    ['POST', '/api/v1/admin/best_of_lists/1/unpublish', { version: 0 }],
    ['DELETE', '/api/v1/admin/best_of_lists/1/schedule'],
    ['GET', '/api/v1/admin/best_of_lists/1/revisions'],
    ['POST', '/api/v1/admin/best_of_lists/1/revisions/1/restore', { version: 0 }],
    ['POST', '/api/v1/admin/best_of_lists/1/preview', {}],
  ];
  it.each(calls)('%s %s: 403 for a traveller and a partner, 401 for a guest', async (method, path, body) => {
    for (const a of [traveller, partner]) {
      const r = await a.call(method, path, body === undefined ? {} : { body });
      expectStatus(r, 403);
      expect(r.body.error).toBe('Only Verdant admins can do this');
    }
    expectStatus(await guest.call(method, path, body === undefined ? {} : { body }), 401);
  });

  it('an unknown list answers 404, an id that cannot be one 422', async () => {
    expectStatus(await admin.get(L(999_999)), 404);
    const bad = await admin.get('/api/v1/admin/best_of_lists/abc');
    expectStatus(bad, 422);
    expect(wireFields(bad)).toEqual({ id: 'Unknown best-of list' });
  });
});

describe('the list', () => {
  it('search, status, country, sort by picks and pages', async () => {
    const all = AdminBestOfListListSchema.parse((await admin.get('/api/v1/admin/best_of_lists?per=3')).body);
    expect(all.items).toHaveLength(3);
    expect(all.total).toBeGreaterThan(3);
    const last = Math.ceil(all.total / 3);
    const end = AdminBestOfListListSchema.parse((await admin.get(`/api/v1/admin/best_of_lists?per=3&page=${last}`)).body);
    expect(end.items.map((i) => i.id)).not.toContain(all.items[0]!.id);
    // A page past the end is empty and still knows the total.
    expect(AdminBestOfListListSchema.parse((await admin.get(`/api/v1/admin/best_of_lists?per=3&page=${last + 1}`)).body)).toMatchObject({ items: [], total: all.total });
    const found = AdminBestOfListListSchema.parse((await admin.get(`/api/v1/admin/best_of_lists?q=${encodeURIComponent(list.title.slice(4, 20))}`)).body);
    const mine = found.items.find((i) => i.id === list.id)!;
    expect(mine).toMatchObject({ slug: list.slug, status: 'published', published: true });
    expect(mine.itemsCount).toBeGreaterThan(0);
    const [row] = await t.db.select({ countryId: bestOfLists.countryId }).from(bestOfLists).where(eq(bestOfLists.id, list.id));
    const inCountry = AdminBestOfListListSchema.parse((await admin.get(`/api/v1/admin/best_of_lists?country_id=${row!.countryId}&per=100`)).body);
    expect(inCountry.items.map((i) => i.id)).toContain(list.id);
    expect(inCountry.total).toBeLessThan(all.total);
    const byPicks = AdminBestOfListListSchema.parse((await admin.get('/api/v1/admin/best_of_lists?sort=picks_desc&per=100')).body).items.map((i) => i.itemsCount);
    expect(byPicks).toEqual([...byPicks].sort((a, b) => b - a));
    const bad = await admin.get('/api/v1/admin/best_of_lists?status=gone&sort=price_asc&per=0');
    expectStatus(bad, 422);
    expect(Object.keys(wireFields(bad))).toEqual(expect.arrayContaining(['status', 'sort', 'per']));
  });
});

describe('editing a best-of list', () => {
  it('opens the live list as a document with its picks in rank order', async () => {
    const x = await open(admin);
    expect(x).toMatchObject({ version: 0, status: 'published', liveSlug: list.slug });
    expect(x.draft.title).toBe(list.title);
    const live = BestOfListDetailSchema.parse((await t.get(`/api/v1/best_of_lists/${list.slug}`)).body);
    expect(x.draft.items.map((i) => i.blurb)).toEqual(live.items.map((i) => i.blurb));
    for (const i of x.draft.items) expect(x.optionNames[String(i.optionId)]).toBeTruthy();
    expect(x.draft.image?.alt.length).toBeGreaterThanOrEqual(3);
  });

  it('saves a draft without touching live, then publishes it through the pipeline naming the list', async () => {
    const x = await open(admin);
    const before = BestOfListDetailSchema.parse((await t.get(`/api/v1/best_of_lists/${list.slug}`)).body);
    const draft = {
      ...x.draft,
      intro: 'A new intro, rewritten by the editors.',
      // A new number one, the old last pick second, and the rest.
      items: [{ optionId: spare[0]!.id, blurb: 'Our new number one, for the light on the water.' }, x.draft.items.at(-1)!, ...x.draft.items.slice(0, -1)],
    };
    const s = await save(admin, draft, 0);
    expect(s).toMatchObject({ version: 1, status: 'changed', hasUnpublishedChanges: true });
    expect(s.optionNames[String(spare[0]!.id)]).toBeTruthy();
    expect(BestOfListDetailSchema.parse((await t.get(`/api/v1/best_of_lists/${list.slug}`)).body).intro).toBe(before.intro);
    const revs = RevisionListSchema.parse((await admin.get(`${L()}/revisions`)).body).revisions;
    expect(revs[0]).toMatchObject({ action: 'save', changedFields: ['intro', 'items'], by: { name: 'Ada Admin' }, name: list.title });

    const published = await admin.post(`${L()}/publish`, { version: 1 });
    expectStatus(published, 202);
    const p = AdminBestOfListSchema.parse(published.body);
    expect(p).toMatchObject({ status: 'published', version: 2 });
    expect(p.lastRun?.state).toBe('queued');
    const after = BestOfListDetailSchema.parse((await t.get(`/api/v1/best_of_lists/${list.slug}`)).body);
    expect(after.intro).toBe(draft.intro);
    expect(after.items.map((i) => [i.position, i.option.slugCode])).toEqual(
      draft.items.map((i, n) => [n, n === 0 ? spare[0]!.slugCode : before.items.find((b) => b.blurb === i.blurb)!.option.slugCode]),
    );
    expect(after.items[0]!.blurb).toBe('Our new number one, for the light on the water.');

    expect(await runPipeline()).toBeGreaterThan(0);
    expect(built.at(-1)).toEqual([{ type: 'best_of_lists', key: list.slug }]);
    expect((await admin.get(`/api/v1/admin/publish_runs/${p.lastRun!.id}`)).body).toMatchObject({ state: 'live' });
    const feed = (await t.get('/api/v1/content/changes?type=best_of_lists&per=100')).body as { changes: { key: string; record?: { intro: string } }[] };
    expect(feed.changes.find((c) => c.key === list.slug)?.record?.intro).toBe(draft.intro);
  });

  it('422 with field messages: an unknown or repeated pick, no picks, a city outside the country, a taken address, a gone image', async () => {
    const x = await open(admin);
    const at = (draft: unknown) => put(admin, `${L()}/draft`, { version: x.version, draft });
    const n = x.draft.items.length;
    const missing = await at({ ...x.draft, items: [...x.draft.items, { optionId: 999_999, blurb: 'A pick that is not there.' }] });
    expectStatus(missing, 422);
    expect(wireFields(missing)).toEqual({ [`draft.items.${n}.option_id`]: 'That experience does not exist' });
    const twice = await at({ ...x.draft, items: [...x.draft.items, x.draft.items[0]!] });
    expect(wireFields(twice)).toEqual({ [`draft.items.${n}.option_id`]: 'This experience is listed twice' });
    expect(wireFields(await at({ ...x.draft, items: [] }))).toEqual({ 'draft.items': 'Add at least one experience' });
    const [elsewhere] = await t.db.select({ id: cities.id }).from(cities).where(ne(cities.countryId, x.draft.countryId!)).limit(1);
    expect(wireFields(await at({ ...x.draft, cityId: elsewhere!.id }))).toEqual({ 'draft.city_id': 'This city is not in the chosen country' });
    const [other] = await t.db.select({ slug: bestOfLists.slug }).from(bestOfLists).where(ne(bestOfLists.id, list.id)).limit(1);
    expect(wireFields(await at({ ...x.draft, slug: other!.slug }))).toEqual({ 'draft.slug': 'Another best-of list already uses this address' });
    expect(wireFields(await at({ ...x.draft, image: { id: 999_999, alt: 'A photo that is gone' } }))).toEqual({ 'draft.image.id': 'That image no longer exists' });
    const shape = await at({ ...x.draft, title: 'x', slug: 'Not A Slug', intro: 'short', image: { id: x.draft.image!.id, alt: '' }, items: [{ ...x.draft.items[0]!, blurb: '' }] });
    expectStatus(shape, 422);
    expect(wireFields(shape)).toMatchObject({
      'draft.title': 'Give the list a title of at least 3 characters',
      'draft.slug': expect.stringContaining('lower-case'),
      'draft.intro': 'Write the intro (at least 10 characters)',
      'draft.image.alt': expect.stringContaining('alt text'),
      'draft.items.0.blurb': 'Say why it made the list (at least 10 characters)',
    });
    expect((await open(admin)).version).toBe(x.version);
  });

  it('two editors: the stale save is refused with 409, the refused document is kept and can be restored', async () => {
    const a = await open(admin);
    const b = await open(admin2);
    await save(admin, { ...a.draft, title: 'Editor A’s title' }, a.version);
    const refused = await put(admin2, `${L()}/draft`, { version: b.version, draft: { ...b.draft, title: 'Editor B’s title' } });
    expectStatus(refused, 409);
    expect(refused.body.error).toMatch(/^Ada Admin saved this best-of list at .* after you opened it\. Your changes were not saved over theirs; they are kept in the revision history\./);
    expect(refused.body).toMatchObject({ code: 'version_conflict', currentVersion: a.version + 1 });
    // A stale publish is refused too.
    expectStatus(await admin2.post(`${L()}/publish`, { version: b.version }), 409);
    expect((await open(admin)).draft.title).toBe('Editor A’s title');
    const kept = RevisionListSchema.parse((await admin.get(`${L()}/revisions`)).body).revisions.find((r) => r.id === (refused.body as { refusedRevisionId: number }).refusedRevisionId);
    expect(kept).toMatchObject({ action: 'refused', name: 'Editor B’s title' });
    const restored = AdminBestOfListSchema.parse((await admin2.post(`${L()}/revisions/${kept!.id}/restore`, { version: a.version + 1 })).body);
    expect(restored.draft.title).toBe('Editor B’s title');
  });

  it('a slug change keeps a permanent redirect from the old page and its picks’ pages', async () => {
    const x = await open(admin);
    const s = await save(admin, { ...x.draft, slug: `${list.slug}-ranked` }, x.version);
    const pub = await admin.post(`${L()}/publish`, { version: s.version });
    expectStatus(pub, 202);
    expect(AdminBestOfListSchema.parse(pub.body)).toMatchObject({ liveSlug: `${list.slug}-ranked`, redirectsFrom: [list.slug] });
    await runPipeline();
    expect(built.at(-1)).toEqual([
      { type: 'best_of_lists', key: `${list.slug}-ranked` },
      { type: 'best_of_lists', key: list.slug },
    ]);
    expectStatus(await t.get(`/api/v1/best_of_lists/${list.slug}`), 404);
    for (const [from, to] of [
      [`/best-of/${list.slug}`, `/best-of/${list.slug}-ranked`],
      [`/best-of/${list.slug}/${spare[0]!.slugCode}?ref=x`, `/best-of/${list.slug}-ranked/${spare[0]!.slugCode}?ref=x`],
    ]) {
      const old = await t.app.request(from!);
      expect(old.status).toBe(301);
      expect(old.headers.get('location')).toBe(to);
    }
  });

  it('preview renders the draft through the pipeline without touching live', async () => {
    const x = await open(admin);
    await save(admin, { ...x.draft, title: 'A previewed list' }, x.version);
    const r = await admin.post(`${L()}/preview`, {});
    expectStatus(r, 202);
    expect((r.body as { run: { kind: string } }).run.kind).toBe('preview');
    const [live] = await t.db.select({ title: bestOfLists.title }).from(bestOfLists).where(eq(bestOfLists.id, list.id));
    expect(live!.title).not.toBe('A previewed list');
  });

  it('scheduled publish goes live at its time (test clock)', async () => {
    const x = await open(admin);
    const s = await save(admin, { ...x.draft, title: 'A scheduled list' }, x.version);
    const at = new Date(Date.now() + 2 * 86400_000);
    expectStatus(await admin.post(`${L()}/publish`, { version: s.version, at: at.toISOString() }), 200);
    expect(await open(admin)).toMatchObject({ scheduledAt: at.toISOString() });
    const work = scheduledPublishHandler({ db: t.db, jobs: t.jobs, log });
    expect(await t.jobs.runDue(QUEUES.scheduledPublish.name, work)).toBe(0);
    expect((await admin.post('/api/v1/admin/test-clock', { at: new Date(at.getTime() + 60_000).toISOString() })).body).toEqual({ due: 1 });
    expect(await t.jobs.runDue(QUEUES.scheduledPublish.name, work)).toBe(1);
    const [live] = await t.db.select({ title: bestOfLists.title }).from(bestOfLists).where(eq(bestOfLists.id, list.id));
    expect(live!.title).toBe('A scheduled list');
    expect(await open(admin)).toMatchObject({ status: 'published', scheduledAt: null });
    await runPipeline();
  });

  it('unpublish takes it off the public API, the home page and the content feed (tombstone); publish brings it back', async () => {
    const x = await open(admin);
    const slug = x.liveSlug;
    const mark = new Date(Date.now() - 1000).toISOString();
    const un = await admin.post(`${L()}/unpublish`, { version: x.version });
    expectStatus(un, 202);
    const u = AdminBestOfListSchema.parse(un.body);
    expect(u).toMatchObject({ status: 'unpublished', published: false });
    await runPipeline();
    expect(built.at(-1)).toEqual([{ type: 'best_of_lists', key: slug }]);
    expectStatus(await t.get(`/api/v1/best_of_lists/${slug}`), 404);
    const listed = ListBestOfListsResponse.parse((await t.get('/api/v1/best_of_lists?per=100')).body);
    expect(listed.bestOfLists.map((l) => l.id)).not.toContain(list.id);
    expect(HomePageSchema.parse((await t.get('/api/v1/page/home')).body).bestOfLists.map((l) => l.id)).not.toContain(list.id);
    const feed = (await t.get(`/api/v1/content/changes?type=best_of_lists&changed_since=${encodeURIComponent(mark)}`)).body as { changes: { key: string; deleted: boolean }[] };
    expect(feed.changes).toContainEqual(expect.objectContaining({ key: slug, deleted: true }));
    expect(AdminBestOfListListSchema.parse((await admin.get('/api/v1/admin/best_of_lists?status=unpublished')).body).items.map((i) => i.id)).toEqual([list.id]);
    // Its old address does not redirect to a page that is not there; a second unpublish is refused.
    expect((await t.app.request(`/best-of/${list.slug}`)).status).not.toBe(301);
    expectStatus(await admin.post(`${L()}/unpublish`, { version: u.version }), 422);

    const back = await admin.post(`${L()}/publish`, { version: u.version });
    expectStatus(back, 202);
    expect(AdminBestOfListSchema.parse(back.body)).toMatchObject({ status: 'published', published: true });
    expectStatus(await t.get(`/api/v1/best_of_lists/${slug}`), 200);
    await runPipeline();
  });
});

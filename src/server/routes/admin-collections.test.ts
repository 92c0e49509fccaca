import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminCollectionListSchema,
  AdminCollectionSchema,
  AdminItineraryListSchema,
  AdminItinerarySchema,
  RevisionListSchema,
  type AdminCollection,
  type AdminItinerary,
} from '../../contract/admin.ts';
import { CollectionDetailSchema } from '../../contract/collections.ts';
import { ItineraryDetailSchema } from '../../contract/itineraries.ts';
import { cities, collectionCategories, collectionOptions, collections, itineraries, options } from '../db/schema.ts';
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
let col: { id: number; slug: string; name: string };
let itin: { id: number; slug: string; title: string };
let spare: { id: number; slugCode: string }[];

const { built, log, runPipeline } = recordingSite(() => t);

beforeAll(async () => {
  t = await createTestApp();
  // The collection with the most categories and experiences: every part of the form is used.
  [col] = (await t.db
    .select({ id: collections.id, slug: collections.slug, name: collections.name })
    .from(collections)
    .where(and(isNull(collections.deletedAt), sql`exists (select 1 from ${collectionCategories} k where k.collection_id = ${collections.id})`))
    .orderBy(asc(collections.id))
    .limit(1)) as [typeof col];
  [itin] = (await t.db.select({ id: itineraries.id, slug: itineraries.slug, title: itineraries.title }).from(itineraries).where(isNull(itineraries.deletedAt)).orderBy(asc(itineraries.id)).limit(1)) as [typeof itin];
  spare = await t.db
    .select({ id: options.id, slugCode: options.slugCode })
    .from(options)
    .where(and(isNull(options.deletedAt), eq(options.published, true), sql`${options.id} not in (select option_id from ${collectionOptions} where collection_id = ${col.id})`))
    .orderBy(asc(options.id))
    .limit(2);
  ({ admin, admin2, traveller, partner, guest } = await backOfficeAgents(t, (n) => `198.51.100.${120 + n}`));
});
afterAll(() => t.close());

const wireFields = (r: { raw: unknown }) => (r.raw as { fields?: Record<string, string> }).fields ?? {};
const put = (a: Agent, path: string, body: unknown) => a.call('PUT', path, { body });
const C = (id = col.id) => `/api/v1/admin/collections/${id}`;
const I = (id = itin.id) => `/api/v1/admin/itineraries/${id}`;

async function openCollection(a: Agent): Promise<AdminCollection> {
  const r = await a.get(C());
  expectStatus(r, 200);
  return AdminCollectionSchema.parse(r.body);
}
async function openItinerary(a: Agent): Promise<AdminItinerary> {
  const r = await a.get(I());
  expectStatus(r, 200);
  return AdminItinerarySchema.parse(r.body);
}

describe('admin only', () => {
  const calls: [string, string, unknown?][] = [];
  for (const kind of ['collections', 'itineraries']) {
    calls.push(
      ['GET', `/api/v1/admin/${kind}`],
      ['GET', `/api/v1/admin/${kind}/1`],
      ['PUT', `/api/v1/admin/${kind}/1/draft`, { version: 0, draft: {} }],
      ['POST', `/api/v1/admin/${kind}/1/publish`, { version: 0 }],
      ['POST', `/api/v1/admin/${kind}/1/unpublish`, { version: 0 }],
      ['DELETE', `/api/v1/admin/${kind}/1/schedule`],
      ['GET', `/api/v1/admin/${kind}/1/revisions`],
      ['POST', `/api/v1/admin/${kind}/1/revisions/1/restore`, { version: 0 }],
      ['POST', `/api/v1/admin/${kind}/1/preview`, {}],
    );
  }
  it.each(calls)('%s %s: 403 for a traveller and a partner, 401 for a guest', async (method, path, body) => {
    for (const a of [traveller, partner]) {
      const r = await a.call(method, path, body === undefined ? {} : { body });
      expectStatus(r, 403);
      expect(r.body.error).toBe('Only Verdant admins can do this');
    }
    expectStatus(await guest.call(method, path, body === undefined ? {} : { body }), 401);
  });
});

describe('lists', () => {
  it('collections: search, status, sort and pages', async () => {
    const all = AdminCollectionListSchema.parse((await admin.get('/api/v1/admin/collections?per=3')).body);
    expect(all.items).toHaveLength(3);
    expect(all.total).toBeGreaterThan(3);
    const page2 = AdminCollectionListSchema.parse((await admin.get('/api/v1/admin/collections?per=3&page=2')).body);
    expect(page2.items.map((i) => i.id)).not.toContain(all.items[0]!.id);
    const found = AdminCollectionListSchema.parse((await admin.get(`/api/v1/admin/collections?q=${encodeURIComponent(col.name.slice(0, 10))}`)).body);
    expect(found.items.map((i) => i.id)).toContain(col.id);
    const byTitle = AdminCollectionListSchema.parse((await admin.get('/api/v1/admin/collections?sort=title_asc&per=100')).body).items.map((i) => i.title);
    expect(byTitle).toEqual([...byTitle].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const mine = found.items.find((i) => i.id === col.id)!;
    expect(mine.optionsCount).toBeGreaterThan(0);
    expect(mine.status).toBe('published');
    const bad = await admin.get('/api/v1/admin/collections?status=gone&sort=price_asc');
    expectStatus(bad, 422);
    expect(Object.keys(wireFields(bad))).toEqual(expect.arrayContaining(['status', 'sort']));
  });

  it('itineraries: search and pages', async () => {
    const all = AdminItineraryListSchema.parse((await admin.get('/api/v1/admin/itineraries?per=2')).body);
    expect(all.items.length).toBeGreaterThan(0);
    const found = AdminItineraryListSchema.parse((await admin.get(`/api/v1/admin/itineraries?q=${encodeURIComponent(itin.title.slice(0, 10))}`)).body);
    expect(found.items.find((i) => i.id === itin.id)?.daysCount).toBeGreaterThan(0);
  });
});

describe('collections', () => {
  it('opens the live collection as a document with its categories, tips and experiences in order', async () => {
    const x = await openCollection(admin);
    expect(x).toMatchObject({ version: 0, status: 'published', liveSlug: col.slug });
    expect(x.draft.name).toBe(col.name);
    expect(x.draft.categories.length).toBeGreaterThan(0);
    expect(x.draft.options.length).toBeGreaterThan(0);
    for (const o of x.draft.options) expect(x.optionNames[String(o.optionId)]).toBeTruthy();
  });

  it('saves a draft without touching live, publishes through the pipeline naming the collection', async () => {
    const x = await openCollection(admin);
    const before = CollectionDetailSchema.parse((await t.get(`/api/v1/collections/${col.slug}`)).body);
    const [first, ...rest] = x.draft.categories;
    const draft = {
      ...x.draft,
      description: 'A new intro for the collection.\n\nIn two paragraphs.',
      // The last category first, a new one, and two experiences added at the top (one under the new category).
      categories: [...rest, first!, { id: null, slug: 'new-picks', name: 'New picks', description: 'Fresh from the editors.' }],
      tips: [{ title: 'Go early', body: 'Mornings are cooler.' }, ...x.draft.tips],
      options: [{ optionId: spare[0]!.id, category: 'new-picks' }, { optionId: spare[1]!.id, category: null }, ...x.draft.options],
    };
    const saved = await put(admin, `${C()}/draft`, { version: 0, draft });
    expectStatus(saved, 200);
    const s = AdminCollectionSchema.parse(saved.body);
    expect(s).toMatchObject({ version: 1, status: 'changed', hasUnpublishedChanges: true });
    expect(CollectionDetailSchema.parse((await t.get(`/api/v1/collections/${col.slug}`)).body).description).toBe(before.description);
    const revs = RevisionListSchema.parse((await admin.get(`${C()}/revisions`)).body).revisions;
    expect(revs[0]).toMatchObject({ action: 'save', changedFields: ['description', 'categories', 'tips', 'options'], by: { name: 'Ada Admin' } });

    const published = await admin.post(`${C()}/publish`, { version: 1 });
    expectStatus(published, 202);
    const p = AdminCollectionSchema.parse(published.body);
    expect(p).toMatchObject({ status: 'published', version: 2 });
    expect(p.lastRun?.state).toBe('queued');
    const after = CollectionDetailSchema.parse((await t.get(`/api/v1/collections/${col.slug}`)).body);
    expect(after.description).toBe(draft.description);
    expect(after.categories.map((k) => k.slug)).toEqual(draft.categories.map((k) => k.slug));
    // The categories the draft kept keep their ids (their /categories/{id} address).
    expect(after.categories.find((k) => k.slug === first!.slug)?.id).toBe(first!.id);
    expect(after.categories.at(-1)?.optionSlugCodes).toEqual([spare[0]!.slugCode]);
    expect(after.tips[0]).toMatchObject({ title: 'Go early', position: 0 });
    expect(after.options.slice(0, 2).map((o) => o.slugCode)).toEqual([spare[0]!.slugCode, spare[1]!.slugCode]);

    expect(await runPipeline()).toBeGreaterThan(0);
    expect(built.at(-1)).toEqual([{ type: 'collections', key: col.slug }]);
    expect((await admin.get(`/api/v1/admin/publish_runs/${p.lastRun!.id}`)).body).toMatchObject({ state: 'live' });
    // The content feed sends it with its new intro.
    const feed = await t.get(`/api/v1/content/changes?type=collections&per=100`);
    const entry = (feed.body as { changes: { key: string; record?: { description: string } }[] }).changes.find((c) => c.key === col.slug);
    expect(entry?.record?.description).toBe(draft.description);
  });

  it('422 with field messages: an experience that does not exist, one listed twice, a duplicate category, a taken address', async () => {
    const x = await openCollection(admin);
    const at = (draft: unknown) => put(admin, `${C()}/draft`, { version: x.version, draft });
    const missing = await at({ ...x.draft, options: [...x.draft.options, { optionId: 999_999, category: null }] });
    expectStatus(missing, 422);
    expect(wireFields(missing)).toEqual({ [`draft.options.${x.draft.options.length}.option_id`]: 'That experience does not exist' });
    const twice = await at({ ...x.draft, options: [...x.draft.options, x.draft.options[0]!] });
    expect(wireFields(twice)).toEqual({ [`draft.options.${x.draft.options.length}.option_id`]: 'This experience is listed twice' });
    const dupCat = await at({ ...x.draft, categories: [...x.draft.categories, { ...x.draft.categories[0]!, id: null }] });
    expect(wireFields(dupCat)).toEqual({ [`draft.categories.${x.draft.categories.length}.slug`]: 'Another category of this collection uses this address' });
    const orphan = await at({ ...x.draft, options: [{ optionId: x.draft.options[0]!.optionId, category: 'no-such-category' }, ...x.draft.options.slice(1)] });
    expect(wireFields(orphan)).toEqual({ 'draft.options.0.category': 'Choose one of the collection’s categories' });
    const [other] = await t.db.select({ slug: collections.slug }).from(collections).where(ne(collections.id, col.id)).limit(1);
    const taken = await at({ ...x.draft, slug: other!.slug });
    expect(wireFields(taken)).toEqual({ 'draft.slug': 'Another collection already uses this address' });
    const shape = await at({ ...x.draft, name: 'x', slug: 'Not A Slug', description: '', image: { id: x.draft.image?.id ?? 1, alt: '' } });
    expectStatus(shape, 422);
    expect(wireFields(shape)).toMatchObject({
      'draft.name': 'Give the collection a title of at least 3 characters',
      'draft.slug': expect.stringContaining('lower-case'),
      'draft.description': 'Write the intro',
      'draft.image.alt': expect.stringContaining('alt text'),
    });
    const badImage = await at({ ...x.draft, image: { id: 999_999, alt: 'A photo that is gone' } });
    expect(wireFields(badImage)).toEqual({ 'draft.image.id': 'That image no longer exists' });
    expect((await openCollection(admin)).version).toBe(x.version);
  });

  it('two editors: the stale save is refused with 409, and the refused document is kept as a revision', async () => {
    const a = await openCollection(admin);
    const b = await openCollection(admin2);
    expectStatus(await put(admin, `${C()}/draft`, { version: a.version, draft: { ...a.draft, tagline: 'Editor A’s tagline' } }), 200);
    const refused = await put(admin2, `${C()}/draft`, { version: b.version, draft: { ...b.draft, tagline: 'Editor B’s tagline' } });
    expectStatus(refused, 409);
    expect(refused.body.error).toMatch(/^Ada Admin saved this collection at .* after you opened it\. Your changes were not saved over theirs; they are kept in the revision history\./);
    expect(refused.body).toMatchObject({ code: 'version_conflict', currentVersion: a.version + 1 });
    expect((await openCollection(admin)).draft.tagline).toBe('Editor A’s tagline');
    const revs = RevisionListSchema.parse((await admin.get(`${C()}/revisions`)).body).revisions;
    const kept = revs.find((r) => r.id === (refused.body as { refusedRevisionId: number }).refusedRevisionId);
    expect(kept).toMatchObject({ action: 'refused' });
    // The refused work can be restored on top of the winner's.
    const restored = AdminCollectionSchema.parse((await admin2.post(`${C()}/revisions/${kept!.id}/restore`, { version: a.version + 1 })).body);
    expect(restored.draft.tagline).toBe('Editor B’s tagline');
  });

  it('a slug change keeps a permanent redirect from the old address and its sub-pages', async () => {
    const x = await openCollection(admin);
    const renamed = await put(admin, `${C()}/draft`, { version: x.version, draft: { ...x.draft, slug: `${col.slug}-renamed` } });
    expectStatus(renamed, 200);
    const pub = await admin.post(`${C()}/publish`, { version: AdminCollectionSchema.parse(renamed.body).version });
    expectStatus(pub, 202);
    expect(AdminCollectionSchema.parse(pub.body)).toMatchObject({ liveSlug: `${col.slug}-renamed`, redirectsFrom: [col.slug] });
    await runPipeline();
    expect(built.at(-1)).toEqual([
      { type: 'collections', key: `${col.slug}-renamed` },
      { type: 'collections', key: col.slug },
    ]);
    expectStatus(await t.get(`/api/v1/collections/${col.slug}-renamed`), 200);
    expectStatus(await t.get(`/api/v1/collections/${col.slug}`), 404);
    for (const [from, to] of [
      [`/collections/${col.slug}`, `/collections/${col.slug}-renamed`],
      [`/collections/${col.slug}/tips?ref=x`, `/collections/${col.slug}-renamed/tips?ref=x`],
    ]) {
      const old = await t.app.request(from!);
      expect(old.status).toBe(301);
      expect(old.headers.get('location')).toBe(to);
    }
  });

  it('preview renders the draft through the pipeline without touching live', async () => {
    const x = await openCollection(admin);
    expectStatus(await put(admin, `${C()}/draft`, { version: x.version, draft: { ...x.draft, name: 'A previewed collection' } }), 200);
    const r = await admin.post(`${C()}/preview`, {});
    expectStatus(r, 202);
    expect((r.body as { run: { kind: string } }).run.kind).toBe('preview');
    const [live] = await t.db.select({ name: collections.name }).from(collections).where(eq(collections.id, col.id));
    expect(live!.name).not.toBe('A previewed collection');
  });

  it('scheduled publish goes live at its time (test clock)', async () => {
    const x = await openCollection(admin);
    const s = AdminCollectionSchema.parse((await put(admin, `${C()}/draft`, { version: x.version, draft: { ...x.draft, name: 'A scheduled collection' } })).body);
    const at = new Date(Date.now() + 2 * 86400_000);
    expectStatus(await admin.post(`${C()}/publish`, { version: s.version, at: at.toISOString() }), 200);
    const work = scheduledPublishHandler({ db: t.db, jobs: t.jobs, log });
    expect(await t.jobs.runDue(QUEUES.scheduledPublish.name, work)).toBe(0);
    expect((await admin.post('/api/v1/admin/test-clock', { at: new Date(at.getTime() + 60_000).toISOString() })).body).toEqual({ due: 1 });
    expect(await t.jobs.runDue(QUEUES.scheduledPublish.name, work)).toBe(1);
    const [live] = await t.db.select({ name: collections.name }).from(collections).where(eq(collections.id, col.id));
    expect(live!.name).toBe('A scheduled collection');
    expect(await openCollection(admin)).toMatchObject({ status: 'published', scheduledAt: null });
    await runPipeline();
    expect(built.at(-1)).toContainEqual({ type: 'collections', key: `${col.slug}-renamed` });
  });
  it('unpublish takes it off the public API, the gift options, search and the content feed (tombstone); publish brings it back', async () => {
    const x = await openCollection(admin);
    const slug = x.liveSlug;
    const detail = CollectionDetailSchema.parse((await t.get(`/api/v1/collections/${slug}`)).body);
    const category = detail.categories[0]!;
    const mark = new Date(Date.now() - 1000).toISOString();
    const un = await admin.post(`${C()}/unpublish`, { version: x.version });
    expectStatus(un, 202);
    expect(AdminCollectionSchema.parse(un.body)).toMatchObject({ status: 'unpublished', published: false });
    await runPipeline();
    expect(built.at(-1)).toEqual([{ type: 'collections', key: slug }]);
    expectStatus(await t.get(`/api/v1/collections/${slug}`), 404);
    expectStatus(await t.get(`/api/v1/categories/${category.id}`), 404);
    expectStatus(await t.get(`/api/v1/collections/${col.id}/gift-options`), 404);
    const listed = (await t.get('/api/v1/collections?per=100')).body as { collections: { id: number }[] };
    expect(listed.collections.map((c) => c.id)).not.toContain(col.id);
    const feed = (await t.get(`/api/v1/content/changes?type=collections&changed_since=${encodeURIComponent(mark)}`)).body as { changes: { key: string; deleted: boolean }[] };
    expect(feed.changes).toContainEqual(expect.objectContaining({ key: slug, deleted: true }));
    const inList = AdminCollectionListSchema.parse((await admin.get('/api/v1/admin/collections?status=unpublished')).body);
    expect(inList.items.map((i) => i.id)).toEqual([col.id]);
    // Its old addresses do not redirect to a page that is not there.
    expect((await t.app.request(`/collections/${col.slug}`)).status).not.toBe(301);

    const back = await admin.post(`${C()}/publish`, { version: AdminCollectionSchema.parse(un.body).version });
    expectStatus(back, 202);
    expect(AdminCollectionSchema.parse(back.body)).toMatchObject({ status: 'published', published: true });
    expectStatus(await t.get(`/api/v1/collections/${slug}`), 200);
    expectStatus(await t.get(`/api/v1/categories/${category.id}`), 200);
    await runPipeline();
  });
});

describe('itineraries', () => {
  it('saves days with their experiences, publishes them, and refuses a stale version with 409', async () => {
    const x = await openItinerary(admin);
    expect(x).toMatchObject({ version: 0, status: 'published', liveSlug: itin.slug });
    expect(x.draft.days.length).toBeGreaterThan(0);
    const draft = {
      ...x.draft,
      summary: 'A new summary for the whole trip, day by day.',
      days: [...x.draft.days, { title: 'A last slow day', description: 'Nothing planned before noon.', optionIds: [spare[0]!.id] }],
    };
    const b = await openItinerary(admin2);
    const saved = AdminItinerarySchema.parse((await put(admin, `${I()}/draft`, { version: 0, draft })).body);
    expect(saved.optionNames[String(spare[0]!.id)]).toBeTruthy();
    const refused = await put(admin2, `${I()}/draft`, { version: b.version, draft: { ...b.draft, summary: 'Editor B’s summary, long enough.' } });
    expectStatus(refused, 409);
    expect(refused.body.error).toMatch(/^Ada Admin saved this itinerary at /);
    const pub = await admin.post(`${I()}/publish`, { version: saved.version });
    expectStatus(pub, 202);
    const detail = ItineraryDetailSchema.parse((await t.get(`/api/v1/travel_itineraries/${itin.slug}`)).body);
    expect(detail.summary).toBe(draft.summary);
    expect(detail.daysCount).toBe(draft.days.length);
    expect(detail.days.at(-1)).toMatchObject({ day: draft.days.length, title: 'A last slow day', options: [{ slugCode: spare[0]!.slugCode }] });
    await runPipeline();
    expect(built.at(-1)).toEqual([{ type: 'travel_itineraries', key: itin.slug }]);
  });

  it('422 with field messages: an unknown experience, one twice in a day, a city outside the country, no days', async () => {
    const x = await openItinerary(admin);
    const at = (draft: unknown) => put(admin, `${I()}/draft`, { version: x.version, draft });
    const day0 = x.draft.days[0]!;
    const missing = await at({ ...x.draft, days: [{ ...day0, optionIds: [999_999] }, ...x.draft.days.slice(1)] });
    expectStatus(missing, 422);
    expect(wireFields(missing)).toEqual({ 'draft.days.0.option_ids.0': 'That experience does not exist' });
    const twice = await at({ ...x.draft, days: [{ ...day0, optionIds: [spare[0]!.id, spare[0]!.id] }, ...x.draft.days.slice(1)] });
    expect(wireFields(twice)).toEqual({ 'draft.days.0.option_ids.1': 'This experience is listed twice' });
    const none = await at({ ...x.draft, days: [] });
    expect(wireFields(none)).toEqual({ 'draft.days': 'Add at least one day' });
    const [otherCountry] = await t.db.select({ id: cities.id }).from(cities).where(ne(cities.countryId, x.draft.countryId)).limit(1);
    const city = await at({ ...x.draft, cityId: otherCountry!.id });
    expect(wireFields(city)).toEqual({ 'draft.city_id': 'This city is not in the chosen country' });
  });

  it('a slug change redirects the old address', async () => {
    const x = await openItinerary(admin);
    const s = AdminItinerarySchema.parse((await put(admin, `${I()}/draft`, { version: x.version, draft: { ...x.draft, slug: `${itin.slug}-v2` } })).body);
    expectStatus(await admin.post(`${I()}/publish`, { version: s.version }), 202);
    const old = await t.app.request(`/itineraries/${itin.slug}`);
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe(`/itineraries/${itin.slug}-v2`);
  });
  it('unpublish answers 404 and sends a tombstone; publish brings it back', async () => {
    const x = await openItinerary(admin);
    const mark = new Date(Date.now() - 1000).toISOString();
    const un = await admin.post(`${I()}/unpublish`, { version: x.version });
    expectStatus(un, 202);
    expect(AdminItinerarySchema.parse(un.body).status).toBe('unpublished');
    expectStatus(await t.get(`/api/v1/travel_itineraries/${x.liveSlug}`), 404);
    const feed = (await t.get(`/api/v1/content/changes?type=travel_itineraries&changed_since=${encodeURIComponent(mark)}`)).body as { changes: { key: string; deleted: boolean }[] };
    expect(feed.changes).toContainEqual(expect.objectContaining({ key: x.liveSlug, deleted: true }));
    expectStatus(await admin.post(`${I()}/unpublish`, { version: AdminItinerarySchema.parse(un.body).version }), 422);
    expectStatus(await admin.post(`${I()}/publish`, { version: AdminItinerarySchema.parse(un.body).version }), 202);
    expectStatus(await t.get(`/api/v1/travel_itineraries/${x.liveSlug}`), 200);
  });
});

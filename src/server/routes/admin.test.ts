import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminExperienceListSchema,
  AdminExperienceSchema,
  AdminReferencesSchema,
  PublishRunViewSchema,
  RevisionListSchema,
  SiteSettingsResponseSchema,
  type AdminExperience,
  type ExperienceDraft,
} from '../../contract/admin.ts';
import { contentDrafts, faqs, options, publishRuns, settings, users } from '../db/schema.ts';
import { QUEUES } from '../jobs/queue.ts';
import { scheduledPublishHandler } from '../jobs/workers.ts';
import * as editing from '../services/admin/editing.ts';
import { pipelinePublisher } from '../services/admin/publisher.ts';
import type { Agent } from '../testing/agent.ts';
import { backOfficeAgents, recordingSite } from '../testing/back-office.ts';
import { expectStatus, instantSgd, type OptionPick } from '../testing/booking.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let admin: Agent;
let admin2: Agent;
let traveller: Agent;
let partner: Agent;
let guest: Agent;
let pick: OptionPick;

const { built, log, runPipeline } = recordingSite(() => t);

beforeAll(async () => {
  t = await createTestApp();
  pick = await instantSgd(t.db);
  ({ admin, admin2, traveller, partner, guest } = await backOfficeAgents(t, (n) => `198.51.100.${70 + n}`));
});
afterAll(() => t.close());

/** Field messages as the wire names them (snake_case paths). */
const wireFields = (r: { raw: unknown }) => (r.raw as { fields?: Record<string, string> }).fields ?? {};
const put = (a: Agent, path: string, body: unknown) => a.call('PUT', path, { body });
const E = (id = pick.id) => `/api/v1/admin/experiences/${id}`;

async function open(a: Agent, id = pick.id): Promise<AdminExperience> {
  const r = await a.get(E(id));
  expectStatus(r, 200);
  return AdminExperienceSchema.parse(r.body);
}

describe('admin only', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/v1/admin/experiences'],
    ['GET', '/api/v1/admin/references'],
    ['GET', '/api/v1/admin/experiences/1'],
    ['PUT', '/api/v1/admin/experiences/1/draft', { version: 0, draft: {} }],
    ['POST', '/api/v1/admin/experiences/1/publish', { version: 0 }],
    ['POST', '/api/v1/admin/experiences/1/unpublish', { version: 0 }],
    ['DELETE', '/api/v1/admin/experiences/1/schedule'],
    ['GET', '/api/v1/admin/experiences/1/revisions'],
    ['POST', '/api/v1/admin/experiences/1/revisions/1/restore', { version: 0 }],
    ['POST', '/api/v1/admin/experiences/1/preview', {}],
    ['GET', '/api/v1/admin/publish_runs/abc'],
    ['GET', '/api/v1/admin/site_settings'],
    ['PUT', '/api/v1/admin/site_settings', { showBestOfListNav: true, giftGuideNavs: [] }],
    ['POST', '/api/v1/admin/test-clock', { at: new Date().toISOString() }],
    ['GET', '/api/v1/admin/ambassador_applications'],
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

describe('experience list', () => {
  it('searches, filters, sorts and pages', async () => {
    const all = AdminExperienceListSchema.parse((await admin.get('/api/v1/admin/experiences?per=5')).body);
    expect(all.items).toHaveLength(5);
    expect(all.total).toBeGreaterThan(5);
    const page2 = AdminExperienceListSchema.parse((await admin.get('/api/v1/admin/experiences?per=5&page=2')).body);
    expect(page2.items.map((i) => i.id)).not.toContain(all.items[0]!.id);

    const [row] = await t.db.select({ name: options.name }).from(options).where(eq(options.id, pick.id));
    const word = row!.name.split(' ').slice(0, 2).join(' ');
    const found = AdminExperienceListSchema.parse((await admin.get(`/api/v1/admin/experiences?q=${encodeURIComponent(word)}`)).body);
    expect(found.items.map((i) => i.id)).toContain(pick.id);
    expect(found.items.every((i) => `${i.name} ${i.slugCode} ${i.city}`.toLowerCase().includes(word.toLowerCase()))).toBe(true);

    const stays = AdminExperienceListSchema.parse((await admin.get('/api/v1/admin/experiences?kind=stay&per=100')).body);
    expect(stays.items.length).toBeGreaterThan(0);
    expect(stays.items.every((i) => i.kind === 'stay')).toBe(true);

    const asc = AdminExperienceListSchema.parse((await admin.get('/api/v1/admin/experiences?kind=stay&sort=name_asc&per=100')).body).items.map((i) => i.id);
    const desc = AdminExperienceListSchema.parse((await admin.get('/api/v1/admin/experiences?kind=stay&sort=name_desc&per=100')).body).items.map((i) => i.id);
    expect(asc).toEqual([...desc].reverse());
    const cheap = AdminExperienceListSchema.parse((await admin.get('/api/v1/admin/experiences?kind=stay&sort=price_asc&per=100')).body).items;
    const dear = AdminExperienceListSchema.parse((await admin.get('/api/v1/admin/experiences?kind=stay&sort=price_desc&per=100')).body).items;
    expect(cheap[0]!.id).toBe(dear.at(-1)!.id);

    const refs = AdminReferencesSchema.parse((await admin.get('/api/v1/admin/references')).body);
    const country = refs.countries[0]!;
    const inCountry = AdminExperienceListSchema.parse((await admin.get(`/api/v1/admin/experiences?country_id=${country.id}&per=100`)).body);
    expect(inCountry.items.every((i) => i.country === country.name)).toBe(true);
  });

  it('422 for bad filters', async () => {
    const r = await admin.get('/api/v1/admin/experiences?sort=best&per=1000&status=nope');
    expectStatus(r, 422);
    expect(Object.keys(r.body.fields ?? {})).toEqual(expect.arrayContaining(['sort', 'per', 'status']));
  });
});

describe('drafts, versions and publishing', () => {
  it('a saved draft leaves live alone until it is published; publishing goes through the pipeline', async () => {
    const x = await open(admin);
    expect(x.version).toBe(0);
    expect(x.status).toBe('published');
    const [liveBefore] = await t.db.select({ name: options.name, adult: options.adultPrice }).from(options).where(eq(options.id, pick.id));
    expect(x.draft.name).toBe(liveBefore!.name);

    const draft: ExperienceDraft = { ...x.draft, name: 'Sunrise Kayak, edited', prices: { ...x.draft.prices, adult: 12345 }, faqs: [...x.draft.faqs, { question: 'Can I bring my dog?', answer: 'Sadly not on the water.' }] };
    const saved = await put(admin, `${E()}/draft`, { version: 0, draft });
    expectStatus(saved, 200);
    const s = AdminExperienceSchema.parse(saved.body);
    expect(s.version).toBe(1);
    expect(s.status).toBe('changed');
    expect(s.draft.name).toBe('Sunrise Kayak, edited');
    const [liveAfterSave] = await t.db.select({ name: options.name, adult: options.adultPrice }).from(options).where(eq(options.id, pick.id));
    expect(liveAfterSave).toEqual(liveBefore);
    // The public API still shows the live record.
    const pub = await t.get(`/api/v1/options/${pick.slugCode}`);
    expect((pub.body as { name: string }).name).toBe(liveBefore!.name);

    const published = await admin.post(`${E()}/publish`, { version: 1 });
    expectStatus(published, 202);
    const p = AdminExperienceSchema.parse(published.body);
    expect(p.status).toBe('published');
    expect(p.version).toBe(2);
    expect(p.lastRun?.state).toBe('queued');
    const [live] = await t.db.select({ name: options.name, adult: options.adultPrice, updatedAt: options.updatedAt }).from(options).where(eq(options.id, pick.id));
    expect(live).toMatchObject({ name: 'Sunrise Kayak, edited', adult: 12345 });
    const faqRows = await t.db.select().from(faqs).where(eq(faqs.optionId, pick.id));
    expect(faqRows.map((f) => f.question)).toContain('Can I bring my dog?');

    // The pipeline builds it; the run says live.
    expect(await runPipeline()).toBeGreaterThan(0);
    expect(built.at(-1)).toEqual([{ type: 'options', key: pick.slugCode }]);
    const answer = await admin.get(`/api/v1/admin/publish_runs/${p.lastRun!.id}`);
    const run = PublishRunViewSchema.parse(answer.body);
    expect(run.state).toBe('live');
    // No top-level `error`: the API client reads that as a failure, even with 200 (the island's
    // poll then never saw the run go live).
    expect(Object.keys(answer.body as object)).not.toContain('error');
    expect((await open(admin)).lastRun?.state).toBe('live');
  });

  it('publish is all or nothing: with no queue to build it, 503 and the live record, the draft and the runs stay as they were', async () => {
    const [other] = await t.db.select({ id: options.id, name: options.name }).from(options).where(and(eq(options.published, true), ne(options.id, pick.id))).limit(1);
    const x = await open(admin, other!.id);
    const saved = await put(admin, `${E(other!.id)}/draft`, { version: x.version, draft: { ...x.draft, name: `${other!.name}, never live` } });
    expectStatus(saved, 200);
    const version = AdminExperienceSchema.parse(saved.body).version;
    const [me] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@verdant.test'));
    const runsBefore = (await t.db.select({ id: publishRuns.id }).from(publishRuns)).length;
    const noQueue = { db: t.db, jobs: null, publisher: pipelinePublisher(null) };
    await expect(editing.publishNow(noQueue, other!.id, version, { id: me!.id, name: 'Ada Admin' })).rejects.toMatchObject({ status: 503 });
    const [live] = await t.db.select({ name: options.name }).from(options).where(eq(options.id, other!.id));
    expect(live!.name).toBe(other!.name);
    expect((await open(admin, other!.id)).version).toBe(version);
    expect((await t.db.select({ id: publishRuns.id }).from(publishRuns)).length).toBe(runsBefore);
  });

  it('two editors on one record: the second save is refused with a clear message, and its work is kept', async () => {
    const a = await open(admin);
    const b = await open(admin2);
    expect(a.version).toBe(b.version);
    expectStatus(await put(admin, `${E()}/draft`, { version: a.version, draft: { ...a.draft, summary: 'Editor A’s summary' } }), 200);
    const refused = await put(admin2, `${E()}/draft`, { version: b.version, draft: { ...b.draft, summary: 'Editor B’s summary' } });
    expectStatus(refused, 409);
    expect(refused.body.error).toMatch(/^Ada Admin saved this experience at .* after you opened it\. Your changes were not saved over theirs; they are kept in the revision history\./);
    expect(refused.body).toMatchObject({ code: 'version_conflict', currentVersion: a.version + 1 });
    const now = await open(admin);
    expect(now.draft.summary).toBe('Editor A’s summary');
    // B's work is in the history, and can be restored on top of A's.
    const revs = RevisionListSchema.parse((await admin.get(`${E()}/revisions`)).body).revisions;
    const refusedRev = revs.find((r) => r.action === 'refused')!;
    expect(refusedRev).toBeDefined();
    expect(refusedRev.id).toBe((refused.body as { refusedRevisionId: number }).refusedRevisionId);
    const restored = await admin2.post(`${E()}/revisions/${refusedRev.id}/restore`, { version: now.version });
    expectStatus(restored, 200);
    expect(AdminExperienceSchema.parse(restored.body).draft.summary).toBe('Editor B’s summary');
    // A stale publish is refused too.
    expectStatus(await admin.post(`${E()}/publish`, { version: now.version }), 409);
  });

  it('two first saves of a record at once: one is saved, the other refused (409) and kept', async () => {
    const other = await instantSgd(t.db, 1);
    const [a, b] = [await open(admin, other.id), await open(admin2, other.id)];
    expect(a.version).toBe(b.version);
    const answers = await Promise.all([
      put(admin, `${E(other.id)}/draft`, { version: a.version, draft: { ...a.draft, summary: 'First at once, A' } }),
      put(admin2, `${E(other.id)}/draft`, { version: b.version, draft: { ...b.draft, summary: 'First at once, B' } }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const revs = RevisionListSchema.parse((await admin.get(`${E(other.id)}/revisions`)).body).revisions;
    expect(revs.filter((r) => r.action === 'refused')).toHaveLength(1);
  });

  it('revision history says who changed what, and restore brings old text back as a new draft', async () => {
    const x = await open(admin);
    const original = x.draft.description;
    const s1 = AdminExperienceSchema.parse((await put(admin, `${E()}/draft`, { version: x.version, draft: { ...x.draft, description: 'A wholly new description.' } })).body);
    const revs = RevisionListSchema.parse((await admin.get(`${E()}/revisions`)).body).revisions;
    expect(revs[0]).toMatchObject({ version: s1.version, action: 'save', changedFields: ['description'], by: { name: 'Ada Admin' } });
    const old = revs.find((r) => r.version < s1.version && r.action !== 'refused')!;
    const restored = AdminExperienceSchema.parse((await admin.post(`${E()}/revisions/${old.id}/restore`, { version: s1.version })).body);
    expect(restored.draft.description).toBe(original);
    expect(restored.version).toBe(s1.version + 1);
    const after = RevisionListSchema.parse((await admin.get(`${E()}/revisions`)).body).revisions;
    expect(after[0]).toMatchObject({ action: 'restore', changedFields: ['description'] });
    expectStatus(await admin.post(`${E()}/revisions/999999/restore`, { version: restored.version }), 404);
    expectStatus(await admin.post(`${E()}/revisions/abc/restore`, { version: restored.version }), 422);
  });

  it('422 with field messages for a bad draft', async () => {
    const x = await open(admin);
    const bad = await put(admin, `${E()}/draft`, {
      version: x.version,
      draft: { ...x.draft, name: 'x', slugCode: 'Not A Slug', prices: { ...x.draft.prices, adult: -5 }, images: x.draft.images.map((i) => ({ ...i, alt: '' })), startTimes: ['25:00'] },
    });
    expectStatus(bad, 422);
    expect(wireFields(bad)).toMatchObject({
      'draft.name': 'Give the experience a name of at least 3 characters',
      'draft.slug_code': expect.stringContaining('lower-case'),
      'draft.prices.adult': 'Must not be negative',
      'draft.start_times.0': 'Use 24-hour times like 07:30',
    });
    if (x.draft.images.length) expect(wireFields(bad)['draft.images.0.alt']).toMatch(/alt text/);
    const noPrice = await put(admin, `${E()}/draft`, { version: x.version, draft: { ...x.draft, prices: { ...x.draft.prices, adult: null, localAdult: null } } });
    expectStatus(noPrice, 422);
    expect(noPrice.body.fields).toEqual({ 'draft.prices.adult': 'A per-person experience needs an adult price' });
    const [other] = await t.db.select({ slug: options.slugCode }).from(options).where(and(eq(options.published, true))).limit(2).offset(1);
    const taken = await put(admin, `${E()}/draft`, { version: x.version, draft: { ...x.draft, slugCode: other!.slug === x.draft.slugCode ? 'x' : other!.slug } });
    expectStatus(taken, 422);
    expect(wireFields(taken)['draft.slug_code']).toBe('Another experience already uses this address');
    expectStatus(await put(admin, `${E()}/draft`, { draft: x.draft }), 422);
    // Amounts in minor units of rupiah or dong run to hundreds of millions; the column's limit is the bound.
    const huge = await put(admin, `${E()}/draft`, { version: x.version, draft: { ...x.draft, prices: { ...x.draft.prices, adult: 2_100_000_000 } } });
    expect(wireFields(huge)).toEqual({ 'draft.prices.adult': 'That price is too high for one amount' });
    expectStatus(await admin.get('/api/v1/admin/experiences/99999999'), 404);
    expectStatus(await admin.get('/api/v1/admin/experiences/nope'), 422);
    // Nothing was saved.
    expect((await open(admin)).version).toBe(x.version);
  });

  it('a slug change keeps a permanent redirect from the old address', async () => {
    const x = await open(admin);
    const oldSlug = x.liveSlugCode;
    const newSlug = `${oldSlug}-renamed`;
    const s = AdminExperienceSchema.parse((await put(admin, `${E()}/draft`, { version: x.version, draft: { ...x.draft, slugCode: newSlug } })).body);
    // Not yet: the draft is not live.
    expect((await t.app.request(`/experiences/${oldSlug}`)).status).not.toBe(301);
    const p = AdminExperienceSchema.parse((await admin.post(`${E()}/publish`, { version: s.version })).body);
    expect(p.liveSlugCode).toBe(newSlug);
    expect(p.redirectsFrom).toEqual([oldSlug]);
    for (const prefix of ['experiences', 'options', 'events']) {
      const r = await t.app.request(`/${prefix}/${oldSlug}`);
      expect(r.status).toBe(301);
      expect(r.headers.get('location')).toBe(`/experiences/${newSlug}`);
    }
    await runPipeline();
    expect(built.at(-1)).toEqual([{ type: 'options', key: newSlug }, { type: 'options', key: oldSlug }]);
    // Renaming back removes the redirect from the address that is live again.
    const back = AdminExperienceSchema.parse((await put(admin, `${E()}/draft`, { version: p.version, draft: { ...p.draft, slugCode: oldSlug } })).body);
    const p2 = AdminExperienceSchema.parse((await admin.post(`${E()}/publish`, { version: back.version })).body);
    expect(p2.redirectsFrom).toEqual([newSlug]);
    expect((await t.app.request(`/experiences/${oldSlug}`)).status).not.toBe(301);
    expect((await t.app.request(`/experiences/${newSlug}`)).headers.get('location')).toBe(`/experiences/${oldSlug}`);
    await runPipeline();
  });

  it('unpublish takes the experience off the public API and publishes again on request', async () => {
    const x = await open(admin);
    const r = await admin.post(`${E()}/unpublish`, { version: x.version });
    expectStatus(r, 202);
    const u = AdminExperienceSchema.parse(r.body);
    expect(u.status).toBe('unpublished');
    expectStatus(await t.get(`/api/v1/options/${x.liveSlugCode}`), 404);
    expectStatus(await admin.post(`${E()}/unpublish`, { version: u.version }), 422);
    await runPipeline();
    expect(built.at(-1)).toEqual([{ type: 'options', key: x.liveSlugCode }]);
    const back = AdminExperienceSchema.parse((await admin.post(`${E()}/publish`, { version: u.version })).body);
    expect(back.status).toBe('published');
    expectStatus(await t.get(`/api/v1/options/${x.liveSlugCode}`), 200);
    await runPipeline();
  });

  it('scheduled publish goes live at its time (test clock), through the queue', async () => {
    const x = await open(admin);
    const s = AdminExperienceSchema.parse((await put(admin, `${E()}/draft`, { version: x.version, draft: { ...x.draft, name: 'Scheduled name' } })).body);
    expectStatus(await admin.post(`${E()}/publish`, { version: s.version, at: new Date(Date.now() - 60_000).toISOString() }), 422);
    expectStatus(await admin.post(`${E()}/publish`, { version: s.version, at: 'tomorrow' }), 422);
    const at = new Date(Date.now() + 3 * 86400_000);
    const sch = await admin.post(`${E()}/publish`, { version: s.version, at: at.toISOString() });
    expectStatus(sch, 200);
    const scheduled = AdminExperienceSchema.parse(sch.body);
    expect(scheduled.scheduledAt).toBe(at.toISOString());
    expect(scheduled.status).toBe('changed');
    const work = scheduledPublishHandler({ db: t.db, jobs: t.jobs, log });
    // Not due yet.
    expect(await t.jobs.runDue(QUEUES.scheduledPublish.name, work)).toBe(0);
    // An hour before: still not due.
    expect((await admin.post('/api/v1/admin/test-clock', { at: new Date(at.getTime() - 3600_000).toISOString() })).body).toEqual({ due: 0 });
    const clock = await admin.post('/api/v1/admin/test-clock', { at: new Date(at.getTime() + 60_000).toISOString() });
    expectStatus(clock, 200);
    expect(clock.body).toEqual({ due: 1 });
    expect(await t.jobs.runDue(QUEUES.scheduledPublish.name, work)).toBe(1);
    const [live] = await t.db.select({ name: options.name }).from(options).where(eq(options.id, pick.id));
    expect(live!.name).toBe('Scheduled name');
    const after = await open(admin);
    expect(after).toMatchObject({ status: 'published', scheduledAt: null });
    expect(after.lastRun?.state).toBe('queued');
    await runPipeline();
    expect((await open(admin)).lastRun?.state).toBe('live');
  });

  it('a cancelled schedule does nothing when its job comes due', async () => {
    const x = await open(admin);
    const at = new Date(Date.now() + 86400_000);
    AdminExperienceSchema.parse((await admin.post(`${E()}/publish`, { version: x.version, at: at.toISOString() })).body);
    const c = AdminExperienceSchema.parse((await admin.delete(`${E()}/schedule`)).body);
    expect(c.scheduledAt).toBeNull();
    const [d] = await t.db.select().from(contentDrafts).where(eq(contentDrafts.key, String(pick.id)));
    expect(d!.scheduledAt).toBeNull();
    // Nothing is scheduled now (or the publish won the race): a clear refusal, not a silent 200.
    const again = await admin.delete(`${E()}/schedule`);
    expectStatus(again, 409);
    expect(again.body).toMatchObject({ error: expect.stringContaining('Nothing is scheduled for this experience any more') });
  });

  it('a scheduled draft that can no longer go live is not retried: the schedule is cleared and the history says why', async () => {
    const rows = await t.db.select({ id: options.id, slug: options.slugCode, name: options.name }).from(options).where(and(eq(options.published, true), ne(options.id, pick.id))).orderBy(options.id).limit(3);
    const [target, squatter] = [rows[1]!, rows[2]!];
    const x = await open(admin, target.id);
    const wanted = `${target.slug}-autumn`;
    const s = AdminExperienceSchema.parse((await put(admin, `${E(target.id)}/draft`, { version: x.version, draft: { ...x.draft, name: 'Autumn name', slugCode: wanted } })).body);
    const at = new Date(Date.now() + 2 * 86400_000);
    expectStatus(await admin.post(`${E(target.id)}/publish`, { version: s.version, at: at.toISOString() }), 200);
    // Meanwhile another experience takes the address.
    await t.db.update(options).set({ slugCode: wanted }).where(eq(options.id, squatter.id));
    try {
      expect((await admin.post('/api/v1/admin/test-clock', { at: new Date(at.getTime() + 60_000).toISOString() })).body).toEqual({ due: 1 });
      const work = scheduledPublishHandler({ db: t.db, jobs: t.jobs, log });
      expect(await t.jobs.runDue(QUEUES.scheduledPublish.name, work)).toBe(1);
      const [live] = await t.db.select({ name: options.name }).from(options).where(eq(options.id, target.id));
      expect(live!.name).toBe(target.name);
      const after = await open(admin, target.id);
      expect(after.scheduledAt).toBeNull();
      expect(after.draft.name).toBe('Autumn name');
      const history = RevisionListSchema.parse((await admin.get(`${E(target.id)}/revisions`)).body).revisions;
      expect(history[0]).toMatchObject({ action: 'schedule_failed', by: { name: 'Ada Admin' } });
      expect(history[0]!.note).toContain('Another experience already uses this address');
      // Done with: a second run of the same job finds no schedule.
      expect(await editing.runScheduledPublish({ db: t.db, jobs: t.jobs, publisher: pipelinePublisher(t.jobs) }, { type: 'options', id: target.id, at: at.toISOString(), by: history[0]!.by.id! })).toBe('stale');
    } finally {
      await t.db.update(options).set({ slugCode: squatter.slug }).where(eq(options.id, squatter.id));
    }
  });

  it('preview renders the draft through the pipeline without touching live', async () => {
    const x = await open(admin);
    const s = AdminExperienceSchema.parse((await put(admin, `${E()}/draft`, { version: x.version, draft: { ...x.draft, name: 'Preview only name' } })).body);
    const r = await admin.post(`${E()}/preview`, {});
    expectStatus(r, 202);
    const run = PublishRunViewSchema.parse((r.body as { run: unknown }).run);
    expect(run).toMatchObject({ kind: 'preview', state: 'queued' });
    const [row] = await t.db.select().from(publishRuns).where(eq(publishRuns.id, run.id));
    expect((row!.previewRecord as { name: string }).name).toBe('Preview only name');
    const [live] = await t.db.select({ name: options.name }).from(options).where(eq(options.id, pick.id));
    expect(live!.name).not.toBe('Preview only name');
    await runPipeline();
    const done = PublishRunViewSchema.parse((await admin.get(`/api/v1/admin/publish_runs/${run.id}`)).body);
    expect(done).toMatchObject({ state: 'live', url: `/preview/${run.id}/` });
    expect(s.status).toBe('changed');
    expectStatus(await admin.get('/api/v1/admin/publish_runs/no-such-run'), 404);
  });
});

describe('site settings', () => {
  it('reads and saves the navigation flags, and publishes them', async () => {
    const r = SiteSettingsResponseSchema.parse((await admin.get('/api/v1/admin/site_settings')).body);
    const article = r.articles[0]!;
    const saved = await put(admin, '/api/v1/admin/site_settings', { showBestOfListNav: !r.settings.showBestOfListNav, giftGuideNavs: [{ blogId: article.id, title: 'Gifts for walkers' }] });
    expectStatus(saved, 200);
    const s = SiteSettingsResponseSchema.parse(saved.body);
    expect(s.settings).toEqual({ showBestOfListNav: !r.settings.showBestOfListNav, giftGuideNavs: [{ blogId: article.id, title: 'Gifts for walkers' }] });
    expect(s.lastRun?.state).toBe('queued');
    const [row] = await t.db.select().from(settings).where(eq(settings.key, 'showBestOfListNav'));
    expect(row!.value).toBe(!r.settings.showBestOfListNav);
    const bad = await put(admin, '/api/v1/admin/site_settings', { showBestOfListNav: 'yes', giftGuideNavs: [{ blogId: 99999999, title: '' }] });
    expectStatus(bad, 422);
    expect(wireFields(bad)).toMatchObject({ show_best_of_list_nav: expect.any(String), 'gift_guide_navs.0.title': 'Give the link a title' });
    const missing = await put(admin, '/api/v1/admin/site_settings', { showBestOfListNav: true, giftGuideNavs: [{ blogId: 99999999, title: 'Nope' }] });
    expectStatus(missing, 422);
    expect(wireFields(missing)).toEqual({ 'gift_guide_navs.0.blog_id': 'Choose an article from the list' });
  });
});

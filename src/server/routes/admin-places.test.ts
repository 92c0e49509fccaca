// Countries, cities and tags in the back-office (ADR 0034): the same editing calls as experiences
// and articles, admins only.
import { asc, eq, isNull } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RevisionListSchema } from '../../contract/admin.ts';
import { AdminCitySchema, AdminCountrySchema, AdminPlaceListSchema, AdminTagListSchema, AdminTagSchema, type AdminCity } from '../../contract/admin-places.ts';
import { CityDetailSchema } from '../../contract/cities.ts';
import { CountryDetailSchema } from '../../contract/countries.ts';
import { cities, countries, images, tags } from '../db/schema.ts';
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
let city: { id: number; slug: string; name: string; countryId: number };
let country: { id: number; slug: string; name: string; code: string };
let blogTag: { id: number; slug: string };

const { built, runPipeline } = recordingSite(() => t);
const log = pino({ level: 'silent' });

beforeAll(async () => {
  t = await createTestApp();
  [city] = (await t.db.select({ id: cities.id, slug: cities.slug, name: cities.name, countryId: cities.countryId }).from(cities).where(isNull(cities.deletedAt)).orderBy(asc(cities.id)).limit(1)) as [typeof city];
  [country] = (await t.db.select({ id: countries.id, slug: countries.slug, name: countries.name, code: countries.code }).from(countries).where(eq(countries.id, city.countryId))) as [typeof country];
  [blogTag] = (await t.db.select({ id: tags.id, slug: tags.slug }).from(tags).where(eq(tags.kind, 'blog')).orderBy(asc(tags.id)).limit(1)) as [typeof blogTag];
  ({ admin, admin2, traveller, partner, guest } = await backOfficeAgents(t, (n) => `198.51.100.${120 + n}`));
});
afterAll(() => t.close());

const wireFields = (r: { raw: unknown }) => (r.raw as { fields?: Record<string, string> }).fields ?? {};
const put = (a: Agent, path: string, body: unknown) => a.call('PUT', path, { body });
const C = (id = city.id) => `/api/v1/admin/cities/${id}`;
const K = (id = country.id) => `/api/v1/admin/countries/${id}`;
const T = (id = blogTag.id) => `/api/v1/admin/tags/${id}`;

async function openCity(a: Agent, id = city.id): Promise<AdminCity> {
  const r = await a.get(C(id));
  expectStatus(r, 200);
  return AdminCitySchema.parse(r.body);
}

describe('admin only', () => {
  const record = (path: string): [string, string, unknown?][] => [
    ['GET', `/api/v1/admin/${path}/1`],
    ['PUT', `/api/v1/admin/${path}/1/draft`, { version: 0, draft: {} }],
    ['POST', `/api/v1/admin/${path}/1/publish`, { version: 0 }],
    ['POST', `/api/v1/admin/${path}/1/unpublish`, { version: 0 }],
    ['DELETE', `/api/v1/admin/${path}/1/schedule`],
    ['GET', `/api/v1/admin/${path}/1/revisions`],
    ['POST', `/api/v1/admin/${path}/1/revisions/1/restore`, { version: 0 }],
    ['POST', `/api/v1/admin/${path}/1/preview`, {}],
  ];
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/v1/admin/places'],
    ['GET', '/api/v1/admin/tags'],
    ...record('countries'),
    ...record('cities'),
    ...record('tags'),
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

describe('lists', () => {
  it('countries and cities in one list: search, kind, country, featured, sort and pages', async () => {
    const all = AdminPlaceListSchema.parse((await admin.get('/api/v1/admin/places?per=5')).body);
    expect(all.items).toHaveLength(5);
    const [nc, ny] = await Promise.all([t.db.$count(countries, isNull(countries.deletedAt)), t.db.$count(cities, isNull(cities.deletedAt))]);
    expect(all.total).toBe(nc + ny);
    const names = all.items.map((i) => i.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const page2 = AdminPlaceListSchema.parse((await admin.get('/api/v1/admin/places?per=5&page=2')).body);
    expect(page2.items.map((i) => `${i.kind}${i.id}`)).not.toContain(`${all.items[0]!.kind}${all.items[0]!.id}`);

    const found = AdminPlaceListSchema.parse((await admin.get(`/api/v1/admin/places?q=${encodeURIComponent(city.name)}&kind=city`)).body);
    expect(found.items.map((i) => i.id)).toContain(city.id);
    expect(found.items.every((i) => i.kind === 'city')).toBe(true);

    const inCountry = AdminPlaceListSchema.parse((await admin.get(`/api/v1/admin/places?country_id=${country.id}&per=100`)).body);
    expect(inCountry.items.find((i) => i.kind === 'country')?.id).toBe(country.id);
    expect(inCountry.items.filter((i) => i.kind === 'city').every((i) => i.country === country.name)).toBe(true);

    const featured = AdminPlaceListSchema.parse((await admin.get('/api/v1/admin/places?featured=true&per=100')).body);
    expect(featured.items.length).toBeGreaterThan(0);
    expect(featured.items.every((i) => i.kind === 'city' && i.featured)).toBe(true);

    const busiest = AdminPlaceListSchema.parse((await admin.get('/api/v1/admin/places?kind=country&sort=experiences_desc&per=100')).body);
    const counts = busiest.items.map((i) => i.optionsCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(counts[0]).toBeGreaterThan(0);
  });

  it('tags: search, kind and pages', async () => {
    const all = AdminTagListSchema.parse((await admin.get('/api/v1/admin/tags?per=10')).body);
    expect(all.items).toHaveLength(10);
    expect(all.total).toBe(await t.db.$count(tags, isNull(tags.deletedAt)));
    const blog = AdminTagListSchema.parse((await admin.get('/api/v1/admin/tags?kind=blog&per=100')).body);
    expect(blog.items.length).toBeGreaterThan(0);
    expect(blog.items.every((i) => i.kind === 'blog')).toBe(true);
    const found = AdminTagListSchema.parse((await admin.get(`/api/v1/admin/tags?q=${blogTag.slug}`)).body);
    expect(found.items.map((i) => i.id)).toContain(blogTag.id);
  });

  it('422 for bad filters', async () => {
    const r = await admin.get('/api/v1/admin/places?kind=planet&sort=sideways&status=unpublished');
    expectStatus(r, 422);
    expect(Object.keys(wireFields(r))).toEqual(expect.arrayContaining(['kind', 'sort', 'status']));
    expectStatus(await admin.get('/api/v1/admin/tags?kind=colour'), 422);
  });
});

describe('cities', () => {
  it('saves a draft beside live, publishes it, and the run names the city', async () => {
    const x = await openCity(admin);
    expect(x).toMatchObject({ version: 0, status: 'published', liveSlug: city.slug, country: { id: country.id, code: country.code.toLowerCase() } });
    expect(x.draft.name).toBe(city.name);
    const intro = `A new introduction to ${city.name}, written in the back-office.\n\nA second paragraph.`;
    const saved = await put(admin, `${C()}/draft`, { version: 0, draft: { ...x.draft, description: intro, featured: !x.draft.featured } });
    expectStatus(saved, 200);
    const s = AdminCitySchema.parse(saved.body);
    expect(s).toMatchObject({ version: 1, status: 'changed' });
    // Live and the public API are untouched until publish.
    expect(CityDetailSchema.parse((await t.get(`/api/v1/cities/${city.slug}`)).body).description).not.toBe(intro);

    const published = await admin.post(`${C()}/publish`, { version: 1 });
    expectStatus(published, 202);
    const p = AdminCitySchema.parse(published.body);
    expect(p).toMatchObject({ status: 'published', version: 2 });
    expect(p.lastRun?.state).toBe('queued');
    const detail = CityDetailSchema.parse((await t.get(`/api/v1/cities/${city.slug}`)).body);
    expect(detail.description).toBe(intro);
    expect(detail.featured).toBe(!x.draft.featured);
    expect(await runPipeline()).toBeGreaterThan(0);
    expect(built.at(-1)).toEqual([{ type: 'cities', key: city.slug }]);
    expect((await admin.get(`/api/v1/admin/publish_runs/${p.lastRun!.id}`)).body).toMatchObject({ state: 'live' });

    const revs = RevisionListSchema.parse((await admin.get(`${C()}/revisions`)).body).revisions;
    expect(revs.map((r) => r.action).slice(0, 2)).toEqual(['publish', 'save']);
    expect(revs[1]).toMatchObject({ changedFields: ['featured', 'description'], by: { name: 'Ada Admin' }, name: city.name });
  });

  it('two editors on one city: the second save is refused with 409 and its document is kept', async () => {
    const a = await openCity(admin);
    const b = await openCity(admin2);
    expectStatus(await put(admin, `${C()}/draft`, { version: a.version, draft: { ...a.draft, tagline: 'Editor A’s tagline' } }), 200);
    const refused = await put(admin2, `${C()}/draft`, { version: b.version, draft: { ...b.draft, tagline: 'Editor B’s tagline' } });
    expectStatus(refused, 409);
    expect(refused.body.error).toMatch(/^Ada Admin saved this city at .* after you opened it\. Your changes were not saved over theirs; they are kept in the revision history\./);
    expect(refused.body).toMatchObject({ code: 'version_conflict', currentVersion: a.version + 1 });
    expect((await openCity(admin)).draft.tagline).toBe('Editor A’s tagline');
    const revs = RevisionListSchema.parse((await admin.get(`${C()}/revisions`)).body).revisions;
    const kept = revs.find((r) => r.id === (refused.body as { refusedRevisionId: number }).refusedRevisionId);
    expect(kept).toMatchObject({ action: 'refused', by: { name: 'Ada Admin' } });
    // The refused work can be restored on top of the winner's.
    const restored = await admin2.post(`${C()}/revisions/${kept!.id}/restore`, { version: a.version + 1 });
    expectStatus(restored, 200);
    expect(AdminCitySchema.parse(restored.body).draft.tagline).toBe('Editor B’s tagline');
    expectStatus(await admin2.post(`${C()}/publish`, { version: b.version }), 409);
  });

  it('422 with field messages for a bad draft; nothing is saved', async () => {
    const x = await openCity(admin);
    const bad = await put(admin, `${C()}/draft`, { version: x.version, draft: { ...x.draft, name: 'x', slug: 'Not A Slug', tagline: '', description: 'short', latitude: 123, images: [{ id: 1, alt: 'x' }] } });
    expectStatus(bad, 422);
    expect(wireFields(bad)).toMatchObject({
      'draft.name': 'Name the city (at least 2 characters)',
      'draft.slug': expect.stringContaining('lower-case'),
      'draft.tagline': expect.any(String),
      'draft.description': 'Write an introduction of at least 20 characters',
      'draft.latitude': 'Between -90 and 90',
      'draft.images.0.alt': expect.stringContaining('alt text'),
    });
    const [other] = await t.db.select({ slug: cities.slug }).from(cities).where(isNull(cities.deletedAt)).orderBy(asc(cities.id)).limit(1).offset(1);
    const taken = await put(admin, `${C()}/draft`, { version: x.version, draft: { ...x.draft, slug: other!.slug } });
    expectStatus(taken, 422);
    expect(wireFields(taken)).toEqual({ 'draft.slug': 'Another city already uses this address' });
    const half = await put(admin, `${C()}/draft`, { version: x.version, draft: { ...x.draft, latitude: 1.5, longitude: null } });
    expect(wireFields(half)).toEqual({ 'draft.longitude': 'Give both latitude and longitude, or neither' });
    const noImage = await put(admin, `${C()}/draft`, { version: x.version, draft: { ...x.draft, images: [{ id: 999_999, alt: 'A missing photo' }] } });
    expect(wireFields(noImage)).toEqual({ 'draft.images.0.id': 'That image no longer exists' });
    expect((await openCity(admin)).version).toBe(x.version);
  });

  it('the hero image and its alt text are edited with the city', async () => {
    const [img] = await t.db.select({ id: images.id }).from(images).orderBy(asc(images.id)).limit(1);
    const x = await openCity(admin);
    const s = AdminCitySchema.parse((await put(admin, `${C()}/draft`, { version: x.version, draft: { ...x.draft, images: [{ id: img!.id, alt: 'Mangroves at low tide, seen from a boardwalk' }] } })).body);
    expect(s.imageUrls[String(img!.id)]).toMatch(/^\/storage\//);
    expectStatus(await admin.post(`${C()}/publish`, { version: s.version }), 202);
    const detail = CityDetailSchema.parse((await t.get(`/api/v1/cities/${city.slug}`)).body);
    expect(detail.image).toMatchObject({ alt: 'Mangroves at low tide, seen from a boardwalk' });
  });

  it('cannot be unpublished: 422 with the reason, and nothing changes', async () => {
    const x = await openCity(admin);
    const r = await admin.post(`${C()}/unpublish`, { version: x.version });
    expectStatus(r, 422);
    expect(r.body.error).toMatch(/^Cities cannot be taken off the site/);
    expect((await openCity(admin)).version).toBe(x.version);
    expectStatus(await t.get(`/api/v1/cities/${city.slug}`), 200);
  });

  it('a slug change redirects its page, sub-pages and landing pages permanently', async () => {
    const x = await openCity(admin);
    const renamed = `${city.slug}-renamed`;
    const s = AdminCitySchema.parse((await put(admin, `${C()}/draft`, { version: x.version, draft: { ...x.draft, slug: renamed } })).body);
    // Not before it is published.
    expect((await t.app.request(`/cities/${city.slug}`)).status).not.toBe(301);
    const p = await admin.post(`${C()}/publish`, { version: s.version });
    expectStatus(p, 202);
    expect(AdminCitySchema.parse(p.body)).toMatchObject({ liveSlug: renamed, redirectsFrom: [city.slug] });
    await runPipeline();
    expect(built.at(-1)).toEqual(expect.arrayContaining([{ type: 'cities', key: renamed }, { type: 'cities', key: city.slug }]));
    expectStatus(await t.get(`/api/v1/cities/${renamed}`), 200);
    const cc = country.code.toLowerCase();
    for (const [from, to] of [
      [`/cities/${city.slug}`, `/cities/${renamed}`],
      [`/cities/${city.slug}/activities?x=1`, `/cities/${renamed}/activities?x=1`],
      [`/${cc}/${city.slug}/12`, `/${cc}/${renamed}/12`],
    ] as const) {
      const r = await t.app.request(from);
      expect(r.status, from).toBe(301);
      expect(r.headers.get('location')).toBe(to);
    }
    // Renaming back: the address is live again and redirects nowhere.
    const y = await openCity(admin);
    const back = AdminCitySchema.parse((await put(admin, `${C()}/draft`, { version: y.version, draft: { ...y.draft, slug: city.slug } })).body);
    expect(AdminCitySchema.parse((await admin.post(`${C()}/publish`, { version: back.version })).body).redirectsFrom).toEqual([renamed]);
    expect((await t.app.request(`/cities/${city.slug}`)).status).not.toBe(301);
  });

  it('scheduled publish goes live at its time (test clock)', async () => {
    const x = await openCity(admin);
    const s = AdminCitySchema.parse((await put(admin, `${C()}/draft`, { version: x.version, draft: { ...x.draft, tagline: 'A scheduled tagline' } })).body);
    const at = new Date(Date.now() + 2 * 86400_000);
    expectStatus(await admin.post(`${C()}/publish`, { version: s.version, at: at.toISOString() }), 200);
    expect((await admin.post('/api/v1/admin/test-clock', { at: new Date(at.getTime() + 60_000).toISOString() })).body).toEqual({ due: 1 });
    expect(await t.jobs.runDue(QUEUES.scheduledPublish.name, scheduledPublishHandler({ db: t.db, jobs: t.jobs, log }))).toBe(1);
    expect(CityDetailSchema.parse((await t.get(`/api/v1/cities/${city.slug}`)).body).tagline).toBe('A scheduled tagline');
    expect(await openCity(admin)).toMatchObject({ status: 'published', scheduledAt: null });
  });

  it('preview renders the draft through the pipeline without touching live', async () => {
    const x = await openCity(admin);
    expectStatus(await put(admin, `${C()}/draft`, { version: x.version, draft: { ...x.draft, name: 'A previewed name' } }), 200);
    const r = await admin.post(`${C()}/preview`, {});
    expectStatus(r, 202);
    expect((r.body as { run: { kind: string } }).run.kind).toBe('preview');
    const [live] = await t.db.select({ name: cities.name }).from(cities).where(eq(cities.id, city.id));
    expect(live!.name).toBe(city.name);
  });
});

describe('countries', () => {
  it('edits the copy and the quick facts, publishes, and a slug change redirects', async () => {
    const r = await admin.get(K());
    expectStatus(r, 200);
    const x = AdminCountrySchema.parse(r.body);
    expect(x).toMatchObject({ code: country.code, liveSlug: country.slug });
    const facts = [{ label: 'Capital', value: 'Somewhere green' }];
    const bad = await put(admin, `${K()}/draft`, { version: x.version, draft: { ...x.draft, region: '', facts: [{ label: '', value: 'x' }] } });
    expect(wireFields(bad)).toMatchObject({ 'draft.region': expect.any(String), 'draft.facts.0.label': 'Name the fact' });
    const renamed = `${country.slug}-renamed`;
    const s = AdminCountrySchema.parse((await put(admin, `${K()}/draft`, { version: x.version, draft: { ...x.draft, tagline: 'A country of forests and reefs', facts, slug: renamed } })).body);
    expectStatus(await admin.post(`${K()}/publish`, { version: s.version }), 202);
    const detail = CountryDetailSchema.parse((await t.get(`/api/v1/countries/${renamed}`)).body);
    expect(detail).toMatchObject({ tagline: 'A country of forests and reefs', facts });
    await runPipeline();
    expect(built.at(-1)).toEqual(expect.arrayContaining([{ type: 'countries', key: renamed }, { type: 'countries', key: country.slug }]));
    const old = await t.app.request(`/countries/${country.slug}/collections`);
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe(`/countries/${renamed}/collections`);
    expectStatus(await admin.post(`${K()}/unpublish`, { version: s.version + 1 }), 422);
  });
});

describe('tags', () => {
  it('edits a magazine tag; its kind is fixed; a slug change redirects its listing', async () => {
    const r = await admin.get(T());
    expectStatus(r, 200);
    const x = AdminTagSchema.parse(r.body);
    expect(x).toMatchObject({ kind: 'blog', liveSlug: blogTag.slug });
    const kind = await put(admin, `${T()}/draft`, { version: x.version, draft: { ...x.draft, kind: 'theme' } });
    expect(wireFields(kind)).toEqual({ 'draft.kind': expect.stringContaining('cannot be changed') });
    const reserved = await put(admin, `${T()}/draft`, { version: x.version, draft: { ...x.draft, slug: 'collections' } });
    expect(wireFields(reserved)).toEqual({ 'draft.slug': expect.stringContaining('part of the site') });
    const bad = await put(admin, `${T()}/draft`, { version: x.version, draft: { ...x.draft, name: '', position: -1 } });
    expect(wireFields(bad)).toMatchObject({ 'draft.name': expect.any(String), 'draft.position': 'Must not be negative' });

    const renamed = `${blogTag.slug}-renamed`;
    const s = AdminTagSchema.parse((await put(admin, `${T()}/draft`, { version: x.version, draft: { ...x.draft, name: 'Renamed tag', slug: renamed, description: 'Stories about it.' } })).body);
    expectStatus(await admin.post(`${T()}/publish`, { version: s.version }), 202);
    await runPipeline();
    expect(built.at(-1)).toEqual([{ type: 'tags', key: `blog/${renamed}` }, { type: 'tags', key: `blog/${blogTag.slug}` }]);
    expect((await t.get(`/api/v1/tags/${renamed}?kind=blog`)).body).toMatchObject({ name: 'Renamed tag', description: 'Stories about it.' });
    for (const [from, to] of [
      [`/magazine/tags/${blogTag.slug}`, `/magazine/tags/${renamed}`],
      [`/magazine/tags/${blogTag.slug}/page/2`, `/magazine/tags/${renamed}/page/2`],
    ] as const) {
      const res = await t.app.request(from);
      expect(res.status, from).toBe(301);
      expect(res.headers.get('location')).toBe(to);
    }
    const after = AdminTagSchema.parse((await admin.get(T())).body);
    expect(after).toMatchObject({ liveSlug: renamed, redirectsFrom: [`blog/${blogTag.slug}`] });
    expectStatus(await admin.post(`${T()}/unpublish`, { version: after.version }), 422);
  });

  it('a place tag page redirects after its tag is renamed', async () => {
    const [theme] = await t.db.select({ id: tags.id, slug: tags.slug }).from(tags).where(eq(tags.kind, 'theme')).orderBy(asc(tags.id)).limit(1);
    const x = AdminTagSchema.parse((await admin.get(T(theme!.id))).body);
    const s = AdminTagSchema.parse((await put(admin, `${T(theme!.id)}/draft`, { version: x.version, draft: { ...x.draft, slug: `${theme!.slug}-new` } })).body);
    expectStatus(await admin.post(`${T(theme!.id)}/publish`, { version: s.version }), 202);
    const res = await t.app.request(`/cities/${city.slug}/tags/${theme!.slug}`);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`/cities/${city.slug}/tags/${theme!.slug}-new`);
  });

  it('preview: a magazine tag has its listing to preview; other tags have no page of their own (422)', async () => {
    const [theme] = await t.db.select({ id: tags.id }).from(tags).where(eq(tags.kind, 'theme')).orderBy(asc(tags.id)).limit(1);
    const refused = await admin.post(`${T(theme!.id)}/preview`, {});
    expectStatus(refused, 422);
    expect(refused.body).toMatchObject({ code: 'no_preview', error: expect.stringContaining('no page of its own') });
    const ok = await admin.post(`${T()}/preview`, {});
    expectStatus(ok, 202);
    expect((ok.body as { run: { kind: string } }).run.kind).toBe('preview');
  });
});

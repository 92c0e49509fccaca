// Operators in the back-office (issue 14): admin only; the list; a draft that is not live until
// published; publish through the pipeline; the second of two editors refused with their work kept;
// field messages for bad input; a slug change that redirects; no unpublishing an operator's page.
import { asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminOperatorListSchema, AdminOperatorSchema, RevisionListSchema, type AdminOperator } from '../../contract/admin.ts';
import { operators } from '../db/schema.ts';
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
let op: { id: number; slug: string; name: string };

const { built, runPipeline } = recordingSite(() => t);

beforeAll(async () => {
  t = await createTestApp();
  // Not the partner's own operator (other tests read its name): the second by id.
  [op] = (await t.db.select({ id: operators.id, slug: operators.slug, name: operators.name }).from(operators).where(isNull(operators.deletedAt)).orderBy(asc(operators.id)).offset(1).limit(1)) as [typeof op];
  ({ admin, admin2, traveller, partner, guest } = await backOfficeAgents(t, (n) => `198.51.100.${160 + n}`));
});
afterAll(() => t.close());

const put = (a: Agent, path: string, body: unknown) => a.call('PUT', path, { body });
const O = (id = op.id) => `/api/v1/admin/operators/${id}`;

async function open(a: Agent, id = op.id): Promise<AdminOperator> {
  const r = await a.get(O(id));
  expectStatus(r, 200);
  return AdminOperatorSchema.parse(r.body);
}

describe('admin only', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/v1/admin/operators'],
    ['GET', '/api/v1/admin/operators/1'],
    ['PUT', '/api/v1/admin/operators/1/draft', { version: 0, draft: {} }],
    ['POST', '/api/v1/admin/operators/1/publish', { version: 0 }],
    ['POST', '/api/v1/admin/operators/1/unpublish', { version: 0 }],
    ['DELETE', '/api/v1/admin/operators/1/schedule'],
    ['GET', '/api/v1/admin/operators/1/revisions'],
    ['POST', '/api/v1/admin/operators/1/revisions/1/restore', { version: 0 }],
    ['POST', '/api/v1/admin/operators/1/preview', {}],
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

describe('operators', () => {
  it('lists, searches and pages, with each operator’s city and published experiences', async () => {
    const all = AdminOperatorListSchema.parse((await admin.get('/api/v1/admin/operators?per=5')).body);
    expect(all.items).toHaveLength(5);
    expect(all.total).toBeGreaterThan(5);
    expect(all.items.map((o) => o.name)).toEqual([...all.items.map((o) => o.name)].sort((a, b) => a.localeCompare(b, 'en')));
    const found = AdminOperatorListSchema.parse((await admin.get(`/api/v1/admin/operators?q=${encodeURIComponent(op.slug)}`)).body);
    expect(found.items.map((o) => o.id)).toContain(op.id);
    expect(found.items.find((o) => o.id === op.id)!.experiences).toBeGreaterThan(0);
    expectStatus(await admin.get('/api/v1/admin/operators?sort=cheapest'), 422);
  });

  it('keeps a draft off the site until it is published, then publishes through the pipeline', async () => {
    const x = await open(admin);
    expect(x.draft.name).toBe(op.name);
    const saved = AdminOperatorSchema.parse((await put(admin, `${O()}/draft`, { version: x.version, draft: { ...x.draft, tagline: 'Small boats, big skies' } })).body);
    expect(saved.status).toBe('changed');
    expect(((await t.get(`/api/v1/suppliers/${op.slug}`)).body as { tagline: string }).tagline).not.toBe('Small boats, big skies');
    const pub = await admin.post(`${O()}/publish`, { version: saved.version });
    expectStatus(pub, 202);
    expect(AdminOperatorSchema.parse(pub.body).status).toBe('published');
    expect(((await t.get(`/api/v1/suppliers/${op.slug}`)).body as { tagline: string }).tagline).toBe('Small boats, big skies');
    await runPipeline();
    expect(built.at(-1)).toEqual(expect.arrayContaining([{ type: 'suppliers', key: op.slug }]));
    const revs = RevisionListSchema.parse((await admin.get(`${O()}/revisions`)).body).revisions;
    expect(revs[0]!.action).toBe('publish');
    expect(revs.find((r) => r.action === 'save')!.changedFields).toEqual(['tagline']);
  });

  it('refuses the second of two editors and keeps their work as a revision', async () => {
    const a = await open(admin);
    const b = await open(admin2);
    expectStatus(await put(admin, `${O()}/draft`, { version: a.version, draft: { ...a.draft, description: 'Editor A’s story.' } }), 200);
    const refused = await put(admin2, `${O()}/draft`, { version: b.version, draft: { ...b.draft, description: 'Editor B’s story.' } });
    expectStatus(refused, 409);
    expect(refused.body.error).toContain('after you opened it');
    const revs = RevisionListSchema.parse((await admin.get(`${O()}/revisions`)).body).revisions;
    expect(revs[0]!.action).toBe('refused');
  });

  it('answers bad input with field messages, and cannot unpublish an operator', async () => {
    const x = await open(admin);
    const bad = await put(admin, `${O()}/draft`, { version: x.version, draft: { ...x.draft, name: '', slug: 'Not A Slug', contactEmail: 'nobody', website: 'ftp://x', foundedYear: 1200, images: [{ id: 1, alt: 'x' }] } });
    expectStatus(bad, 422);
    expect(Object.keys(bad.body.fields ?? {})).toEqual(expect.arrayContaining(['draft.name', 'draft.slug', 'draft.contactEmail', 'draft.website', 'draft.foundedYear', 'draft.images.0.alt']));
    const [other] = await t.db.select({ slug: operators.slug }).from(operators).where(eq(operators.id, op.id + 1));
    const taken = await put(admin, `${O()}/draft`, { version: x.version, draft: { ...x.draft, slug: other!.slug } });
    expectStatus(taken, 422);
    expect(taken.body.fields).toEqual({ 'draft.slug': 'Another operator already uses this address' });
    const un = await admin.post(`${O()}/unpublish`, { version: x.version });
    expectStatus(un, 422);
    expect(un.body.error).toContain('can’t be unpublished on its own');
  });

  it('a slug change redirects the old address permanently', async () => {
    const x = await open(admin);
    const renamed = AdminOperatorSchema.parse((await put(admin, `${O()}/draft`, { version: x.version, draft: { ...x.draft, slug: `${op.slug}-renamed` } })).body);
    const pub = AdminOperatorSchema.parse((await admin.post(`${O()}/publish`, { version: renamed.version })).body);
    expect(pub).toMatchObject({ liveSlug: `${op.slug}-renamed`, redirectsFrom: [op.slug] });
    const old = await t.app.request(`/operators/${op.slug}`);
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe(`/operators/${op.slug}-renamed`);
    expectStatus(await t.get(`/api/v1/suppliers/${op.slug}-renamed`), 200);
  });
});

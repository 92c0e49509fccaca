// Regression tests for what the reliability harness found (npm run test:reliability): each of these
// answered 500, a text error, or let a hostile body through before its fix.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { camelizeKeys, snakeizeKeys } from '../../lib/key-case.ts';
import { Agent } from '../testing/agent.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { castOf, ensurePartnerB, send } from './harness.ts';

let t: TestApp;
let admin: Agent;
let traveller: Agent;

beforeAll(async () => {
  t = await createTestApp();
  admin = new Agent(t, '198.51.100.201');
  await admin.login('admin@verdant.test');
  traveller = new Agent(t, '198.51.100.202');
  await traveller.login('traveller@verdant.test');
});

afterAll(async () => {
  await t.close();
});

describe('numbers past PostgreSQL integer are refused, not sent to the database', () => {
  it('back-office list filters: an id past int4 is 422, a long number as search text is a search', async () => {
    for (const path of ['/api/v1/admin/experiences?country_id=9007199254740991', '/api/v1/admin/articles?category_id=9007199254740991', '/api/v1/admin/places?country_id=9007199254740991']) {
      const r = await admin.get(path);
      expect(r.status, path).toBe(422);
      expect(r.body.error).toMatch(/Invalid query/);
    }
    for (const path of ['/api/v1/admin/experiences?q=111835482234207512687', '/api/v1/admin/articles?q=111835482234207512687']) {
      expect((await admin.get(path)).status, path).toBe(200);
    }
  });

  it("a collection's gift options by an id past int4: 422", async () => {
    const r = await t.get('/api/v1/collections/9007199254740991/gift-options');
    expect(r.status).toBe(422);
  });

  it('site settings: a gift-guide link to an article id past int4 is a field error', async () => {
    const r = await admin.call('PUT', '/api/v1/admin/site_settings', { body: { show_best_of_list_nav: true, gift_guide_navs: [{ blog_id: 9007199254740991, title: 'Gifts' }] } });
    expect(r.status).toBe(422);
    expect(r.raw).toMatchObject({ fields: { 'gift_guide_navs.0.blog_id': 'Choose an article' } });
  });
});

describe('ids in bodies past int4', () => {
  it("an operator's proposed listing with a photo id past int4: a field error, not a 500", async () => {
    const { opA } = await ensurePartnerB(t);
    const cast = await castOf(t);
    const base = `/api/v1/partner/operators/${opA.slug}/listings`;
    const list = await send(t, cast.partner, { method: 'GET', url: base });
    const optionId = (list.json as { listings: { id: number }[] }).listings[0]!.id;
    const current = (await send(t, cast.partner, { method: 'GET', url: `${base}/${optionId}` })).json as { listing: { content: Record<string, unknown> } };
    const content = { ...current.listing.content, images: [{ id: 9007199254740991, alt: 'A kayak at dawn' }] };
    const r = await send(t, cast.partner, { method: 'POST', url: `${base}/${optionId}/changes`, body: JSON.stringify({ content }) });
    expect(r.status).toBe(422);
    expect(r.json).toMatchObject({ fields: { 'content.images.0.id': expect.any(String) } });
  });
  it('a corporate event naming an experience number past int4: 422, not a 500 (fuzz seed 1788544320)', async () => {
    const r = await admin.post('/api/v1/admin/corporate-events', {
      company_name: 'Harbourline',
      title: 'Offsite',
      option_ids: [2147483648],
      start_date: '2027-03-01',
      end_date: '2027-03-02',
    });
    expect(r.status).toBe(422);
    expect(Object.keys((r.raw as { fields?: Record<string, string> }).fields ?? {}).some((k) => k.startsWith('option_ids'))).toBe(true);
  });
});

describe('hostile bodies', () => {
  it('a body nested deeper than any contract is 422, not a stack overflow', async () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const list = await traveller.post('/api/v1/bucket_lists', { name: 'Mine' });
    for (const [method, path] of [['PATCH', `/api/v1/bucket_lists/${String(list.body['id'])}`], ['POST', '/api/v1/trips/add-guests'], ['POST', '/api/v1/checkouts/pay']] as const) {
      const r = await traveller.call(method, path, { rawBody: deep });
      expect(r.status, path).toBe(422);
      expect(r.body.error).toBe('Body is nested too deeply');
    }
  });

  it('a `__proto__` key stays an own key through the key conversions (it never becomes the prototype)', () => {
    // camelCase renames it (`_Proto__`); snake_case keeps the name, so an answer echoing stored
    // JSON with such a key used to set the answer object's prototype instead.
    const inbound = camelizeKeys<Record<string, unknown>>(JSON.parse('{"__proto__":{"is_admin":true}}'));
    expect(Object.getPrototypeOf(inbound)).toBe(Object.prototype);
    expect((inbound as { isAdmin?: unknown }).isAdmin).toBeUndefined();
    const outbound = snakeizeKeys<Record<string, unknown>>(JSON.parse('{"__proto__":{"isAdmin":true},"note":"x"}'));
    expect(Object.getPrototypeOf(outbound)).toBe(Object.prototype);
    expect(Object.hasOwn(outbound, '__proto__')).toBe(true);
    expect(JSON.stringify(outbound)).toBe('{"__proto__":{"is_admin":true},"note":"x"}');
  });

  it('a `__proto__` key is an ordinary key: its fields are not read as if sent', async () => {
    const r = await traveller.call('POST', '/api/v1/bucket_lists', { rawBody: '{"__proto__":{"name":"Smuggled"}}' });
    expect(r.status).toBe(422);
    expect(r.body.fields?.['name']).toBeDefined();
  });

  it('a NUL in any text is a 422 naming the field (PostgreSQL text cannot hold it)', async () => {
    const r = await traveller.call('PATCH', '/api/v1/me', { body: { name: 'Tess\u0000Traveller' } });
    expect(r.status).toBe(422);
    expect(r.body.fields).toEqual({ name: 'Contains a character that is not allowed' });
    const q = await t.get('/api/v1/countries?per=%00');
    expect(q.status).toBe(422);
  });
});

describe('raw path segments', () => {
  it("the last log-in method of an address with '%' or a NUL: 404 / 422, not 500", async () => {
    expect((await t.get('/api/v1/last_login_methods/50%25off%40example.com')).status).toBe(404);
    expect((await t.get('/api/v1/last_login_methods/a%00b%40example.com')).status).toBe(422);
    const known = await t.get('/api/v1/last_login_methods/traveller%40verdant.test');
    expect(known.status).toBe(200);
  });

  it("the test gateway's GrabPay page for a ref no payment can have: its 404 page", async () => {
    const r = await t.app.request('/test-gateway/grabpay/%07%00x');
    expect(r.status).toBe(404);
    expect(await r.text()).toContain('Payment not found');
  });

  it('an account path nobody serves answers JSON 404 like /api/v1', async () => {
    const r = await traveller.main('PATCH', '/users', {});
    expect(r.status).toBe(404);
    expect(r.raw).toEqual({ error: 'Not found' });
  });
});

describe("another operator's back-office", () => {
  it('a partner of another operator gets 404 before any input is read (not a 422 about its body)', async () => {
    const { opA } = await ensurePartnerB(t);
    const cast = await castOf(t);
    for (const [method, path] of [
      ['POST', `/api/v1/partner/operators/${opA.slug}/options/1/seasons`],
      ['PUT', `/api/v1/partner/operators/${opA.slug}/options/1/rule`],
      ['POST', `/api/v1/partner/operators/${opA.slug}/team/invitations`],
      ['GET', `/api/v1/partner/operators/${opA.slug}/options/1/departures`],
    ] as const) {
      const r = await send(t, cast.partnerB, { method, url: path, body: method === 'GET' ? undefined : '{}' });
      expect(r.status, path).toBe(404);
      expect(r.json).toEqual({ error: 'Operator not found' });
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireCsrf } from './middleware.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';

let t: TestApp;
let slugCode: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '40', RATE_LIMIT_WHITELIST_SECRET: 'trusted-caller-secret' }, (app) => {
    app.post('/users/probe', requireCsrf, (c) => c.json({ ok: true }));
    app.get('/users/__boom', () => {
      throw new Error('secret internals at /srv/app.ts:42');
    });
  });
  const row = await t.db.query.options.findFirst({ columns: { slugCode: true }, where: (o, { eq }) => eq(o.published, true) });
  slugCode = row!.slugCode;
});
afterAll(() => t.close());

describe('guest bearer', () => {
  it('answers 401 JSON without the key', async () => {
    const r = await t.get('/api/v1/csrf-token', { auth: false, ip: '198.51.100.1' });
    expect(r.status).toBe(401);
    expect(r.body.error).toMatch(/API key/);
    expect(r.res.headers.get('www-authenticate')).toBe('Bearer');
  });
  it('answers 401 with a wrong key', async () => {
    const r = await t.get('/api/v1/csrf-token', { auth: false, ip: '198.51.100.1', headers: { authorization: 'Bearer nope' } });
    expect(r.status).toBe(401);
  });
  it('lets /healthz through without a key', async () => {
    const r = await t.get('/healthz', { auth: false });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'ok' });
  });
});

describe('errors', () => {
  it('answers unknown API paths with 404 JSON', async () => {
    const r = await t.get('/api/v1/no-such-thing', { ip: '198.51.100.2' });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: 'Not found' });
  });
  it('answers 422 for broken JSON', async () => {
    const r = await t.call('POST', '/api/v1/view-count', { rawBody: '{"slug_code": ', ip: '198.51.100.2' });
    expect(r.status).toBe(422);
    expect(r.body.error).toBe('Malformed JSON body');
  });
  it('answers 422 with field errors in wire names', async () => {
    const r = await t.post('/api/v1/view-count', { slug_code: 42 }, { ip: '198.51.100.2' });
    expect(r.status).toBe(422);
    expect(Object.keys(r.raw as object)).toEqual(['error', 'fields']);
    expect((r.raw as { fields: Record<string, string> }).fields).toHaveProperty('slug_code');
  });
  it('answers 422 for a JSON body that is not an object', async () => {
    const r = await t.call('POST', '/api/v1/view-count', { rawBody: '[1,2]', ip: '198.51.100.2' });
    expect(r.status).toBe(422);
  });
  it('answers 404 JSON for an unknown slug', async () => {
    const r = await t.post('/api/v1/view-count', { slug_code: 'no-such-experience' }, { ip: '198.51.100.2' });
    expect(r.status).toBe(404);
    expect(r.body.error).toBe('Option not found');
  });
  it('never shows a stack trace for an internal error', async () => {
    const r = await t.get('/users/__boom', { ip: '198.51.100.2' });
    expect(r.status).toBe(500);
    expect(r.body.error).toBe('An internal error occurred');
    expect(JSON.stringify(r.raw)).not.toMatch(/secret internals|\.ts:/);
    expect(r.body['requestId']).toBe(r.res.headers.get('x-request-id'));
  });
  it('refuses an oversized body with 413 JSON', async () => {
    const r = await t.call('POST', '/api/v1/view-count', { rawBody: JSON.stringify({ slug_code: 'x'.repeat(1_100_000) }), ip: '198.51.100.2' });
    expect(r.status).toBe(413);
    expect(r.body.error).toMatch(/too large/);
  });
});

describe('writes through the API', () => {
  it('counts a view with snake_case answer keys', async () => {
    // Two visitors (one view each a day: src/server/routes/tracking.test.ts).
    const first = await t.post('/api/v1/view-count', { slug_code: slugCode }, { ip: '198.51.100.3' });
    const second = await t.post('/api/v1/view-count', { slug_code: slugCode }, { ip: '198.51.100.4' });
    expect(first.status).toBe(200);
    expect(first.raw).toHaveProperty('views_count');
    expect(second.body['viewsCount']).toBe((first.body['viewsCount'] as number) + 1);
  });
});

describe('rate limiting', () => {
  it('answers 429 with Retry-After past the per-IP limit, and other IPs are unaffected', async () => {
    const ip = '192.0.2.50';
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 42; i++) {
      last = await t.get('/api/v1/csrf-token', { ip });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 40).every((s) => s === 200)).toBe(true);
    expect(last!.status).toBe(429);
    expect(Number(last!.res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last!.body.error).toBe('You are browsing the site too quick. Please try again after a few minutes');
    expect((await t.get('/api/v1/csrf-token', { ip: '192.0.2.51' })).status).toBe(200);
  });
  it('lets trusted callers with the whitelist secret through', async () => {
    const ip = '192.0.2.60';
    for (let i = 0; i < 41; i++) await t.get('/api/v1/csrf-token', { ip });
    expect((await t.get('/api/v1/csrf-token', { ip })).status).toBe(429);
    const trusted = await t.get('/api/v1/csrf-token', { ip, headers: { 'x-rate-limit-whitelist': 'trusted-caller-secret' } });
    expect(trusted.status).toBe(200);
    const wrong = await t.get('/api/v1/csrf-token', { ip, headers: { 'x-rate-limit-whitelist': 'guess' } });
    expect(wrong.status).toBe(429);
  });
});

describe('CSRF', () => {
  it('issues a token in a cookie and refuses main-host calls without it', async () => {
    const issued = await t.get('/api/v1/csrf-token', { ip: '198.51.100.9' });
    const token = issued.body['token'] as string;
    expect(token.length).toBeGreaterThanOrEqual(22);
    const cookie = issued.res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const cookiePair = cookie.split(';')[0]!;

    expect((await t.call('POST', '/users/probe', { auth: false })).status).toBe(403);
    expect((await t.call('POST', '/users/probe', { auth: false, headers: { cookie: cookiePair } })).status).toBe(403);
    expect((await t.call('POST', '/users/probe', { auth: false, headers: { 'x-csrf-token': token } })).status).toBe(403);
    const wrong = await t.call('POST', '/users/probe', { auth: false, headers: { cookie: cookiePair, 'x-csrf-token': `${token}x` } });
    expect(wrong.status).toBe(403);
    const ok = await t.call('POST', '/users/probe', { auth: false, headers: { cookie: cookiePair, 'x-csrf-token': token } });
    expect(ok.status).toBe(200);
  });
});

describe('security headers', () => {
  it('sets CSP, nosniff, frame-ancestors and referrer policy on API answers', async () => {
    const r = await t.get('/api/v1/csrf-token', { ip: '198.51.100.10' });
    expect(r.res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    expect(r.res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(r.res.headers.get('strict-transport-security')).toBeNull();
  });
});

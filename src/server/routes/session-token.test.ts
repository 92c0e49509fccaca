// The session's two browser-side halves (ADR 0003): the readable `signed_in` hint set and cleared
// with the httpOnly cookie, and POST /users/token, which gives a live session a new payment
// token only to a same-origin caller (CSRF double submit + session cookie).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserTokenResponse } from '../../contract/accounts.ts';
import { SIGNED_IN_COOKIE } from '../../lib/session-hint.ts';
import { sessions } from '../db/schema.ts';
import { reply } from '../http.ts';
import { CSRF_COOKIE } from '../middleware.ts';
import { requireUserToken, sessionMiddleware } from '../session.ts';
import { sha256 } from '../services/secrets.ts';
import { SESSION_COOKIE } from '../services/sessions.ts';
import { Agent } from '../testing/agent.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let ipSeq = 0;
const agent = () => new Agent(t, `198.18.7.${++ipSeq}`);
/** A payment call stand-in: session cookie plus X-User-Token, like /checkouts/pay. */
const pays = async (a: Agent, token: string | undefined) => (await a.post('/probe/pay', {}, { headers: token ? { 'x-user-token': token } : {} })).status;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '300' }, (app) => {
    app.post('/probe/pay', sessionMiddleware, requireUserToken, (c) => reply(c, { ok: true }));
  });
});
afterAll(() => t.close());

const setCookieLine = (res: Response, name: string) => res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
const expiresOf = (line: string | undefined) => /Expires=([^;]+)/i.exec(line ?? '')?.[1];

describe('the signed_in hint cookie', () => {
  it('is set readable beside the session cookie at log-in, with the same path and expiry', async () => {
    const r = await agent().login('traveller@verdant.test');
    const session = setCookieLine(r.res, SESSION_COOKIE);
    const hint = setCookieLine(r.res, SIGNED_IN_COOKIE);
    expect(hint).toMatch(new RegExp(`^${SIGNED_IN_COOKIE}=1;`));
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(hint).toMatch(/SameSite=Lax/i);
    expect(hint).toMatch(/Path=\//);
    expect(expiresOf(hint)).toBeDefined();
    expect(expiresOf(hint)).toBe(expiresOf(session));
  });

  it('is cleared with the session at log-out', async () => {
    const a = agent();
    await a.login('traveller@verdant.test');
    expect(a.cookies.get(SIGNED_IN_COOKIE)).toBe('1');
    expect((await a.main('DELETE', '/users/logout')).status).toBe(200);
    expect(a.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(a.cookies.has(SIGNED_IN_COOKIE)).toBe(false);
  });

  it('is cleared with a session that ended on the server, and alone when there is no session', async () => {
    const a = agent();
    await a.login('traveller@verdant.test');
    await t.db.delete(sessions).where(eq(sessions.id, sha256(a.cookies.get(SESSION_COOKIE)!)));
    expect((await a.get('/api/v1/me')).status).toBe(401);
    expect(a.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(a.cookies.has(SIGNED_IN_COOKIE)).toBe(false);

    const b = agent();
    b.cookies.set(SIGNED_IN_COOKIE, '1');
    await b.get('/api/v1/csrf-token');
    expect(b.cookies.has(SIGNED_IN_COOKIE)).toBe(false);
  });

  it('comes back for a live session whose browser lost it', async () => {
    const a = agent();
    await a.login('traveller@verdant.test');
    a.cookies.delete(SIGNED_IN_COOKIE);
    expect((await a.get('/api/v1/me')).status).toBe(200);
    expect(a.cookies.get(SIGNED_IN_COOKIE)).toBe('1');
  });
});

describe('POST /users/token', () => {
  it('gives a live session a new payment token; the old one stops paying', async () => {
    const a = agent();
    await a.login('traveller@verdant.test');
    const old = a.token!;
    const r = await a.main('POST', '/users/token');
    expect(r.status).toBe(200);
    const { token } = UserTokenResponse.parse(r.body);
    expect(token).not.toBe(old);
    expect(r.res.headers.get('cache-control')).toBe('no-store');
    expect(await pays(a, token)).toBe(200);
    expect(await pays(a, old)).toBe(401);
  });

  it('refuses a cross-site request that rides the cookies without the CSRF token', async () => {
    const a = agent();
    await a.login('traveller@verdant.test');
    await a.csrf();
    expect(a.cookies.has(CSRF_COOKIE)).toBe(true);
    const crossSite = { origin: 'https://elsewhere.example', referer: 'https://elsewhere.example/page' };
    const none = await a.post('/users/token', {}, { headers: crossSite });
    expect(none.status).toBe(403);
    expect(none.body.error).toMatch(/CSRF/);
    expect(none.raw).not.toHaveProperty('token');
    const guessed = await a.post('/users/token', {}, { headers: { ...crossSite, 'x-csrf-token': 'guessed-token-guessed-token-guess' } });
    expect(guessed.status).toBe(403);
    // Another browser's CSRF token does not match this browser's cookie either.
    const foreign = await agent().csrf();
    expect((await a.post('/users/token', {}, { headers: { ...crossSite, 'x-csrf-token': foreign } })).status).toBe(403);
    // Nothing changed: the token from log-in still pays.
    expect(await pays(a, a.token)).toBe(200);
  });

  it('answers 401 without a session, and for a session that ended', async () => {
    const guest = await agent().main('POST', '/users/token');
    expect(guest.status).toBe(401);
    expect(guest.body.error).toBe('Please log in to continue.');

    const a = agent();
    await a.login('traveller@verdant.test');
    await t.db.delete(sessions).where(eq(sessions.id, sha256(a.cookies.get(SESSION_COOKIE)!)));
    const ended = await a.main('POST', '/users/token');
    expect(ended.status).toBe(401);
    expect(a.cookies.has(SIGNED_IN_COOKIE)).toBe(false);
  });
});

import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthResponse } from '../../contract/accounts.ts';
import { outbox, passwordTokens, sessions, users } from '../db/schema.ts';
import { DEV_PASSWORD } from '../db/seed/users.ts';
import { Agent } from '../testing/agent.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { LOCKOUT, RESET_TTL_MS, TEXT } from '../services/auth.ts';
import { SESSION_COOKIE } from '../services/sessions.ts';
import { sha256 } from '../services/secrets.ts';
import { ACCOUNT_LIMITS } from './account-limits.ts';

let t: TestApp;
let ipSeq = 0;
const agent = () => new Agent(t, `198.19.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`);
let issueCaptcha: () => Promise<string>;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '300' });
  issueCaptcha = async () => ((await agent().get('/api/v1/captcha/challenge')).body as { token: string }).token;
});
afterAll(() => t.close());

async function lastMailTo(email: string) {
  const [row] = await t.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(desc(outbox.id)).limit(1);
  return row;
}

describe('POST /users/login', () => {
  it('logs in with email and password: token, full user, httpOnly session cookie', async () => {
    const a = agent();
    const r = await a.login('traveller@verdant.test');
    const body = AuthResponse.parse(r.body);
    expect(body.user.email).toBe('traveller@verdant.test');
    expect(body.user.lastLoginMethod).toBe('email');
    const cookie = r.res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    // Stored hashed: the cookie value is not in the table.
    const token = a.cookies.get(SESSION_COOKIE)!;
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, sha256(token)));
    expect(row).toBeDefined();
    expect(row!.absoluteExpiresAt.getTime() - row!.createdAt.getTime()).toBe(90 * 24 * 3600 * 1000);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(30 * 24 * 3600 * 1000);
    const me = await a.get('/api/v1/me');
    expect(me.status).toBe(200);
    expect(me.body['email']).toBe('traveller@verdant.test');
  });

  it('rotates the session at log-in: the previous cookie no longer works', async () => {
    const a = agent();
    await a.login('traveller@verdant.test');
    const first = a.cookies.get(SESSION_COOKIE)!;
    await a.login('traveller@verdant.test');
    const second = a.cookies.get(SESSION_COOKIE)!;
    expect(second).not.toBe(first);
    const stale = await t.get('/api/v1/me', { headers: { cookie: `${SESSION_COOKIE}=${first}` } });
    expect(stale.status).toBe(401);
    expect(stale.body.error).toBe('Please log in to continue.');
    expect((await a.get('/api/v1/me')).status).toBe(200);
    expect(await t.db.select().from(sessions).where(eq(sessions.id, sha256(first)))).toHaveLength(0);
  });

  it('refuses a wrong password with the same words as an unknown email', async () => {
    const wrong = await agent().main('POST', '/users/login', { user: { email: 'traveller@verdant.test', password: 'not-it' } });
    const unknown = await agent().main('POST', '/users/login', { user: { email: 'nobody@verdant.test', password: 'not-it' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error).toBe(TEXT.badCredentials);
    expect(unknown.body.error).toBe(TEXT.badCredentials);
  });

  it.each([
    [{ user: { email: '', password: 'x' } }, 'user.email', 'Please enter email'],
    [{ user: { email: 42, password: 'x' } }, 'user.email', 'Please enter email'],
    [{ user: { email: 'nope@', password: 'x' } }, 'user.email', 'Email is invalid'],
    [{ user: { email: 'a@b.co', password: '' } }, 'user.password', 'Please enter your password'],
  ])('answers 422 with the spec text for %j', async (body, field, text) => {
    const r = await agent().main('POST', '/users/login', body);
    expect(r.status).toBe(422);
    expect((r.raw as { fields: Record<string, string> }).fields[field]).toBe(text);
  });

  it('refuses without the CSRF token, with a stale one, and with one from another browser', async () => {
    const a = agent();
    const body = { user: { email: 'traveller@verdant.test', password: DEV_PASSWORD } };
    expect((await a.post('/users/login', body)).status).toBe(403);
    await a.csrf();
    expect((await a.post('/users/login', body, { headers: { 'x-csrf-token': 'forged-token-forged-token-forged' } })).status).toBe(403);
    const other = agent();
    const foreign = await other.csrf();
    const r = await a.post('/users/login', body, { headers: { 'x-csrf-token': foreign } });
    expect(r.status).toBe(403);
    expect(r.body.error).toMatch(/CSRF/);
    expect(a.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it(`locks the account after ${LOCKOUT.maxFailures} wrong passwords in 15 minutes: 403, even with the right one; a reset unlocks`, async () => {
    const email = 'lock.me@verdant.test';
    const s = agent();
    const signup = await s.main('POST', '/users', { user: { name: 'Lee Lock', email, password: 'right-password', passwordConfirmation: 'right-password' }, captcha: await issueCaptcha() });
    expect(signup.status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < LOCKOUT.maxFailures; i++) {
      // From different addresses: the lock is per account, not per IP.
      statuses.push((await agent().main('POST', '/users/login', { user: { email, password: `wrong-${i}` } })).status);
    }
    expect(statuses.slice(0, -1).every((x) => x === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(403);
    const locked = await agent().main('POST', '/users/login', { user: { email, password: 'right-password' } });
    expect(locked.status).toBe(403);
    expect(locked.body.error).toBe(TEXT.locked);
    // Reset → unlocked.
    await agent().main('POST', '/users/password', { user: { email } });
    const mail = await lastMailTo(email);
    const token = /reset_password_token=([\w-]+)/.exec(mail!.body)![1]!;
    const reset = await agent().main('PATCH', '/users/password', { user: { reset_password_token: token, password: 'new-password', password_confirmation: 'new-password' } });
    expect(reset.status).toBe(200);
    expect((await agent().main('POST', '/users/login', { user: { email, password: 'new-password' } })).status).toBe(200);
  });

  it(`answers 429 with Retry-After after ${ACCOUNT_LIMITS.login} log-ins a minute from one address`, async () => {
    const a = agent();
    const statuses: number[] = [];
    for (let i = 0; i <= ACCOUNT_LIMITS.login; i++) statuses.push((await a.main('POST', '/users/login', { user: { email: `flood${i}@verdant.test`, password: 'x' } })).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, ACCOUNT_LIMITS.login).every((s) => s === 401)).toBe(true);
    const r = await a.main('POST', '/users/login', { user: { email: 'traveller@verdant.test', password: DEV_PASSWORD } });
    expect(r.status).toBe(429);
    expect(Number(r.res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('a deleted account answers 403 with the support text', async () => {
    const a = agent();
    await a.main('POST', '/users', { user: { name: 'Gone Soon', email: 'gone@verdant.test', password: 'secret-1', passwordConfirmation: 'secret-1' }, captcha: await issueCaptcha() });
    await t.db.update(users).set({ discardedAt: new Date() }).where(eq(users.email, 'gone@verdant.test'));
    const r = await agent().main('POST', '/users/login', { user: { email: 'gone@verdant.test', password: 'secret-1' } });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('Account deleted with owner’s permission. For recovery, contact support@verdant.example');
    // …and its session stops working.
    expect((await a.get('/api/v1/me')).status).toBe(401);
  });
});

describe('POST /users (sign-up)', () => {
  const valid = async (over: Record<string, unknown> = {}) => ({
    user: { name: 'Nadia Rahman', email: `nadia.${++ipSeq}@example.com`, password: 'kinabalu', passwordConfirmation: 'kinabalu', receiveNewletters: true, ...over },
    captcha: await issueCaptcha(),
  });

  it('creates the user, logs them in, subscribes the newsletter when asked and keeps osc', async () => {
    const a = agent();
    const body = await valid();
    const r = await a.main('POST', '/users', { ...body, osc: 'spring-campaign' }, { headers: { 'cf-ipcountry': 'MY' } });
    expect(r.status).toBe(200);
    const parsed = AuthResponse.parse(r.body);
    expect(parsed.user).toMatchObject({ name: 'Nadia Rahman', country: 'MY', shouldCreatePassword: false, isPartner: false });
    expect((await a.get('/api/v1/me')).status).toBe(200);
    const [row] = await t.db.execute<{ signup_source: string }>(sql`SELECT signup_source FROM user_security WHERE user_id = ${parsed.user.id}`).then((x) => (x as unknown as { rows: { signup_source: string }[] }).rows);
    expect(row!.signup_source).toBe('spring-campaign');
  });

  it.each([
    ['name', { name: '' }, 'user.name', 'Please enter your name'],
    ['email empty', { email: '' }, 'user.email', 'Please enter your email'],
    ['email invalid', { email: 'nadia@' }, 'user.email', 'Invalid email'],
    ['password empty', { password: '', passwordConfirmation: '' }, 'user.password', 'Please enter password'],
    ['password short', { password: 'abc', passwordConfirmation: 'abc' }, 'user.password', 'Minimum 6 characters for password.'],
    ['confirmation', { passwordConfirmation: 'kinabalu!' }, 'user.password_confirmation', 'Password confirmation does not match password'],
  ])('refuses a bad %s with the spec text', async (_what, over, field, text) => {
    const r = await agent().main('POST', '/users', await valid(over));
    expect(r.status).toBe(422);
    expect((r.raw as { fields: Record<string, string> }).fields[field]).toBe(text);
  });

  it('needs a captcha, a valid one, and only once', async () => {
    const body = await valid();
    const none = await agent().main('POST', '/users', { user: body.user, captcha: '' });
    expect((none.raw as { fields: Record<string, string> }).fields['captcha']).toBe('Please complete captcha challenge');
    const forged = await agent().main('POST', '/users', { user: body.user, captcha: 'abc.123.def' });
    expect(forged.status).toBe(422);
    expect(forged.body.error).toBe(TEXT.captchaFailed);
    expect((await agent().main('POST', '/users', body)).status).toBe(200);
    const again = await agent().main('POST', '/users', { ...(await valid()), captcha: body.captcha });
    expect(again.body.error).toBe(TEXT.captchaFailed);
  });

  it("refuses an email already taken, also by a deleted account ('Email has already been taken')", async () => {
    const r = await agent().main('POST', '/users', await valid({ email: 'TRAVELLER@verdant.test' }));
    expect(r.status).toBe(422);
    expect((r.raw as { fields: Record<string, string> }).fields['user.email']).toBe('Email has already been taken');
    await t.db.update(users).set({ discardedAt: new Date() }).where(eq(users.email, 'ambassador.rejected@verdant.test'));
    const d = await agent().main('POST', '/users', await valid({ email: 'ambassador.rejected@verdant.test' }));
    expect(d.body.error).toBe('Email has already been taken');
    await t.db.update(users).set({ discardedAt: null }).where(eq(users.email, 'ambassador.rejected@verdant.test'));
  });

  it('a supplier invitation: fetched by code, locks the email, makes the user a partner, works once', async () => {
    const inv = await agent().get('/api/v1/supplier_invitations/sukau-riverkeepers-invite');
    expect(inv.status).toBe(200);
    expect(inv.body).toEqual({ id: 'sukau-riverkeepers-invite', email: 'hello@sukau-riverkeepers.example', operator: expect.any(String), role: 'owner' });
    const other = await agent().main('POST', '/users', { ...(await valid()), code: 'sukau-riverkeepers-invite' });
    expect(other.status).toBe(422);
    expect(other.body.error).toBe(TEXT.invitationEmail);
    const ok = await agent().main('POST', '/users', { ...(await valid({ email: 'hello@sukau-riverkeepers.example' })), code: 'sukau-riverkeepers-invite' });
    expect(ok.status).toBe(200);
    expect((ok.body as { user: { isPartner: boolean } }).user.isPartner).toBe(true);
    expect((await agent().get('/api/v1/supplier_invitations/sukau-riverkeepers-invite')).status).toBe(404);
    expect((await agent().get('/api/v1/supplier_invitations/no-such-code')).status).toBe(404);
  });

  it(`answers 429 after ${ACCOUNT_LIMITS.signup} sign-ups a minute from one address`, async () => {
    const a = agent();
    const statuses: number[] = [];
    for (let i = 0; i <= ACCOUNT_LIMITS.signup; i++) statuses.push((await a.main('POST', '/users', { user: { name: '', email: '' }, captcha: '' })).status);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('DELETE /users/logout', () => {
  it('needs CSRF, deletes the session and clears the cookie', async () => {
    const a = agent();
    await a.login('traveller@verdant.test');
    const token = a.cookies.get(SESSION_COOKIE)!;
    expect((await a.delete('/users/logout')).status).toBe(403);
    const r = await a.main('DELETE', '/users/logout');
    expect(r.status).toBe(200);
    expect(a.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await t.get('/api/v1/me', { headers: { cookie: `${SESSION_COOKIE}=${token}` } })).status).toBe(401);
  });
});

describe('password reset and change', () => {
  it('emails a single-use link valid 6 hours; answers the same for unknown emails', async () => {
    const unknown = await agent().main('POST', '/users/password', { user: { email: 'nobody.here@verdant.test' } });
    expect(unknown.raw).toEqual({ sent: true });
    expect(await lastMailTo('nobody.here@verdant.test')).toBeUndefined();

    const email = 'reset.me@verdant.test';
    await agent().main('POST', '/users', { user: { name: 'Rae Set', email, password: 'first-pass', passwordConfirmation: 'first-pass' }, captcha: await issueCaptcha() });
    const old = agent();
    await old.login(email, 'first-pass');
    expect((await agent().main('POST', '/users/password', { user: { email } })).raw).toEqual({ sent: true });
    const mail = await lastMailTo(email);
    expect(mail!.subject).toBe('Reset your Verdant password');
    const token = /reset_password_token=([\w-]+)/.exec(mail!.body)![1]!;
    const [row] = await t.db.select().from(passwordTokens).where(eq(passwordTokens.tokenHash, sha256(token)));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(RESET_TTL_MS);

    const mismatch = await agent().main('PATCH', '/users/password', { user: { reset_password_token: token, password: 'second-pass', password_confirmation: 'other' } });
    expect((mismatch.raw as { fields: Record<string, string> }).fields['user.password_confirmation']).toBe('Password confirmation does not match password');

    const b = agent();
    const ok = await b.main('PATCH', '/users/password', { user: { reset_password_token: token, password: 'second-pass', password_confirmation: 'second-pass' } });
    expect(ok.status).toBe(200);
    AuthResponse.parse(ok.body);
    expect((await b.get('/api/v1/me')).status).toBe(200);
    // The old session ended; the old password is gone; the link works once.
    expect((await old.get('/api/v1/me')).status).toBe(401);
    expect((await agent().main('POST', '/users/login', { user: { email, password: 'first-pass' } })).status).toBe(401);
    const reused = await agent().main('PATCH', '/users/password', { user: { reset_password_token: token, password: 'third-pass', password_confirmation: 'third-pass' } });
    expect(reused.status).toBe(422);
    expect(reused.body.error).toBe(TEXT.resetInvalid);
  });

  it('refuses an expired link', async () => {
    const email = 'expired.link@verdant.test';
    await agent().main('POST', '/users', { user: { name: 'Ex Pired', email, password: 'first-pass', passwordConfirmation: 'first-pass' }, captcha: await issueCaptcha() });
    await agent().main('POST', '/users/password', { user: { email } });
    const token = /reset_password_token=([\w-]+)/.exec((await lastMailTo(email))!.body)![1]!;
    await t.db.update(passwordTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordTokens.tokenHash, sha256(token)));
    const r = await agent().main('PATCH', '/users/password', { user: { reset_password_token: token, password: 'x-second', password_confirmation: 'x-second' } });
    expect(r.status).toBe(422);
  });

  it('a user with no password yet is sent a creation link when logging in', async () => {
    await t.db.update(users).set({ passwordHash: null }).where(eq(users.email, 'ambassador.applied@verdant.test'));
    const look = await agent().get('/api/v1/last_login_methods/ambassador.applied%40verdant.test');
    expect(look.body).toMatchObject({ shouldCreatePassword: true, isEmailOwnedByDiscardedUser: false });
    const r = await agent().main('POST', '/users/login', { user: { email: 'ambassador.applied@verdant.test', password: 'anything' } });
    expect(r.status).toBe(422);
    expect(r.body.error).toBe(TEXT.noPasswordYet);
    expect((await lastMailTo('ambassador.applied@verdant.test'))!.subject).toBe('Create your Verdant password');
  });

  it('changing the password signed in needs the current one and ends the other sessions', async () => {
    const email = 'change.me@verdant.test';
    const a = agent();
    await a.main('POST', '/users', { user: { name: 'Chan Ge', email, password: 'first-pass', passwordConfirmation: 'first-pass' }, captcha: await issueCaptcha() });
    const other = agent();
    await other.login(email, 'first-pass');
    const wrong = await a.main('PATCH', '/users/password', { user: { current_password: 'nope', password: 'second-pass', password_confirmation: 'second-pass' } });
    expect(wrong.status).toBe(422);
    expect((wrong.raw as { fields: Record<string, string> }).fields['user.current_password']).toBe(TEXT.currentPasswordWrong);
    const ok = await a.main('PATCH', '/users/password', { user: { current_password: 'first-pass', password: 'second-pass', password_confirmation: 'second-pass' } });
    expect(ok.status).toBe(200);
    expect((await a.get('/api/v1/me')).status).toBe(200);
    expect((await other.get('/api/v1/me')).status).toBe(401);
  });
});

describe('GET /last_login_methods/{email}', () => {
  it('answers the method for a known email, 404 for an unknown one, and the deleted flag', async () => {
    const r = await agent().get('/api/v1/last_login_methods/traveller%40verdant.test');
    expect(r.raw).toEqual({ last_login_method: 'email', is_email_owned_by_discarded_user: false, should_create_password: false, first_name: 'Tess', support_email: 'support@verdant.example' });
    expect((await agent().get('/api/v1/last_login_methods/who%40verdant.test')).status).toBe(404);
  });

  it(`answers 429 after ${ACCOUNT_LIMITS.emailLookup} look-ups a minute from one address`, async () => {
    const a = agent();
    let last = 0;
    for (let i = 0; i <= ACCOUNT_LIMITS.emailLookup; i++) last = (await a.get(`/api/v1/last_login_methods/x${i}%40verdant.test`)).status;
    expect(last).toBe(429);
  });
});

describe('payment token (X-User-Token)', () => {
  it('is checked against the session it was issued with', async () => {
    const { requireUserToken, sessionMiddleware } = await import('../session.ts');
    const { reply } = await import('../http.ts');
    const probe = await createTestApp({}, (app) => {
      app.post('/probe/pay', sessionMiddleware, requireUserToken, (c) => reply(c, { ok: true }));
    });
    try {
      const a = new Agent(probe);
      await a.login('traveller@verdant.test');
      expect((await a.post('/probe/pay', {})).status).toBe(401);
      expect((await a.post('/probe/pay', {}, { headers: { 'x-user-token': 'wrong' } })).status).toBe(401);
      expect((await a.post('/probe/pay', {}, { headers: { 'x-user-token': a.token! } })).status).toBe(200);
      const b = new Agent(probe, '198.51.100.99');
      await b.login('admin@verdant.test');
      // Another session's token does not pay for this one.
      expect((await b.post('/probe/pay', {}, { headers: { 'x-user-token': a.token! } })).status).toBe(401);
    } finally {
      await probe.close();
    }
  });
});

import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthResponse } from '../../contract/accounts.ts';
import { otpCodes, outbox } from '../db/schema.ts';
import { Agent } from '../testing/agent.ts';
import { createTestApp, createTestAppWithProviders, type TestApp } from '../testing/test-app.ts';
import { OTP, TEXT } from '../services/auth.ts';
import { OtpDeliveryError, OtpSender } from '../providers/otp.ts';
import { ArcticProvider } from '../providers/oauth.ts';
import { TestIdentityProvider } from '../providers/oauth-test-idp.ts';
import { MESSAGES } from '../../lib/auth-validation.ts';
import pino from 'pino';

let t: TestApp;
let seq = 0;
const agent = () => new Agent(t, `198.20.${Math.floor(++seq / 250)}.${(seq % 250) + 1}`);
/** A fresh Singapore mobile number per test. */
const phone = () => `+6581${String(100000 + ++seq).padStart(6, '0')}`;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '300' });
});
afterAll(() => t.close());

async function codeFor(phoneNumber: string) {
  const [row] = await t.db.select().from(outbox).where(eq(outbox.recipient, phoneNumber)).orderBy(desc(outbox.id)).limit(1);
  return /\b(\d{6})\b/.exec(row!.body)![1]!;
}

describe('WhatsApp log-in', () => {
  it('sends a 6-digit code (hashed at rest) and logs a known number in', async () => {
    const a = agent();
    const r = await a.post('/api/v1/whatsapp_authentications/send_code', { phone_number: '+65 9123 4567' });
    expect(r.status).toBe(200);
    const expiredAt = new Date((r.body as { expiredAt: string }).expiredAt).getTime();
    expect(expiredAt - Date.now()).toBeGreaterThan(OTP.ttlMs - 5000);
    const code = await codeFor('+6591234567');
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await t.db.select().from(otpCodes).where(eq(otpCodes.phoneNumber, '+6591234567')).orderBy(desc(otpCodes.id)).limit(1);
    expect(row!.codeHash).not.toContain(code);
    const login = await a.post('/api/v1/whatsapp_authentications/login', { whatsapp_code: code, phone_number: '+6591234567' });
    expect(login.status).toBe(200);
    expect(AuthResponse.parse(login.body).user.email).toBe('wei.ling@verdant.test');
    expect((AuthResponse.parse(login.body).user).lastLoginMethod).toBe('whatsapp');
    // Used once.
    const again = await agent().post('/api/v1/whatsapp_authentications/login', { whatsapp_code: code, phone_number: '+6591234567' });
    expect(again.status).toBe(422);
    expect(again.body.error).toBe(TEXT.codeExpired);
  });

  it('refuses an invalid number and an empty code with the spec texts', async () => {
    const bad = await agent().post('/api/v1/whatsapp_authentications/send_code', { phone_number: '+65 123' });
    expect(bad.status).toBe(422);
    expect(bad.body.error).toBe(MESSAGES.phoneInvalid);
    const empty = await agent().post('/api/v1/whatsapp_authentications/login', { whatsapp_code: '', phone_number: '+6591234567' });
    expect((empty.raw as { fields: Record<string, string> }).fields['whatsapp_code']).toBe(MESSAGES.codeRequired);
  });

  it('an expired code is refused', async () => {
    const p = phone();
    await agent().post('/api/v1/whatsapp_authentications/send_code', { phone_number: p });
    const code = await codeFor(p);
    await t.db.update(otpCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(otpCodes.phoneNumber, p));
    const r = await agent().post('/api/v1/whatsapp_authentications/login', { whatsapp_code: code, phone_number: p });
    expect(r.status).toBe(422);
    expect(r.body.error).toBe(TEXT.codeExpired);
  });

  it(`allows ${OTP.maxAttempts} tries, then the code is dead even when right`, async () => {
    const p = phone();
    await agent().post('/api/v1/whatsapp_authentications/send_code', { phone_number: p });
    const code = await codeFor(p);
    const wrong = code === '000000' ? '111111' : '000000';
    const errors: string[] = [];
    for (let i = 0; i < OTP.maxAttempts; i++) errors.push((await agent().post('/api/v1/whatsapp_authentications/login', { whatsapp_code: wrong, phone_number: p })).body.error!);
    expect(errors.slice(0, -1).every((e) => e === TEXT.codeWrong)).toBe(true);
    expect(errors.at(-1)).toBe(TEXT.codeTooManyTries);
    const right = await agent().post('/api/v1/whatsapp_authentications/login', { whatsapp_code: code, phone_number: p });
    expect(right.body.error).toBe(TEXT.codeTooManyTries);
  });

  it('throttles resends: a second code within 30 s is refused with 429 and Retry-After; a new code replaces the old', async () => {
    const p = phone();
    const a = agent();
    expect((await a.post('/api/v1/whatsapp_authentications/send_code', { phone_number: p })).status).toBe(200);
    const first = await codeFor(p);
    const soon = await a.post('/api/v1/whatsapp_authentications/send_code', { phone_number: p });
    expect(soon.status).toBe(429);
    expect(soon.body.error).toBe(TEXT.codeWait);
    expect(Number(soon.res.headers.get('retry-after'))).toBeGreaterThan(0);
    // Pretend 31 s passed: the resend works and the first code dies.
    await t.db.update(otpCodes).set({ createdAt: new Date(Date.now() - 31_000) }).where(eq(otpCodes.phoneNumber, p));
    expect((await a.post('/api/v1/whatsapp_authentications/send_code', { phone_number: p })).status).toBe(200);
    const second = await codeFor(p);
    if (second !== first) expect((await a.post('/api/v1/whatsapp_authentications/login', { whatsapp_code: first, phone_number: p })).status).toBe(422);
  });

  it('a new number answers {} and the sign-up that follows (no password) uses the verified number once', async () => {
    const p = phone();
    const a = agent();
    await a.post('/api/v1/whatsapp_authentications/send_code', { phone_number: p });
    const r = await a.post('/api/v1/whatsapp_authentications/login', { whatsapp_code: await codeFor(p), phone_number: p });
    expect(r.status).toBe(200);
    expect(r.raw).toEqual({});
    expect(a.cookies.has('verdant_phone_ticket')).toBe(true);
    const captcha = ((await a.get('/api/v1/captcha/challenge')).body as { token: string }).token;
    // Another browser cannot use this number without the ticket.
    const thief = await agent().main('POST', '/users', { user: { name: 'Thief', email: 'thief@example.com', phone_number: p }, captcha: ((await agent().get('/api/v1/captcha/challenge')).body as { token: string }).token });
    expect(thief.status).toBe(422);
    const signup = await a.main('POST', '/users', { user: { name: 'Arjun Menon', email: 'arjun.menon@example.com', phone_number: p }, captcha });
    expect(signup.status).toBe(200);
    const user = AuthResponse.parse(signup.body).user;
    expect(user).toMatchObject({ phoneNumber: p, lastLoginMethod: 'whatsapp', shouldCreatePassword: true });
  });

  it("a number WhatsApp refuses answers the spec's text", async () => {
    {
      // Replace the OTP sender with one whose transport refuses the number.
      const sender = new OtpSender({ log: pino({ level: 'silent' }), transport: { name: 'refusing', send: async () => { throw new OtpDeliveryError('not on WhatsApp'); } } });
      const custom = await createTestAppWith({ otp: sender });
      try {
        const r = await new Agent(custom).post('/api/v1/whatsapp_authentications/send_code', { phone_number: '+6581239999' });
        expect(r.status).toBe(422);
        expect(r.body.error).toBe('Looks like your number isn’t linked to WhatsApp. Please use a valid WhatsApp number');
      } finally {
        await custom.close();
      }
    }
  });

  it(`answers 429 after ${5} code requests a minute from one address`, async () => {
    const a = agent();
    let last = 0;
    for (let i = 0; i < 6; i++) last = (await a.post('/api/v1/whatsapp_authentications/send_code', { phone_number: phone() })).status;
    expect(last).toBe(429);
  });
});

const createTestAppWith = (providers: Parameters<typeof createTestAppWithProviders>[0]) => createTestAppWithProviders(providers);

describe('social log-in through the test identity provider', () => {
  async function popupFlow(a: Agent, provider: 'google' | 'facebook', who: { email: string; name: string }) {
    const start = await a.get(`/api/v1/oauth/${provider}/authorize`);
    expect(start.status).toBe(200);
    const url = new URL((start.body as { url: string }).url);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    // The popup: the provider's page, the person continues, the provider redirects back.
    const page = await t.app.request(`${url.pathname}${url.search}`);
    expect(page.status).toBe(200);
    const form = new URLSearchParams(url.searchParams);
    form.set('email', who.email);
    form.set('name', who.name);
    form.set('decision', 'allow');
    const decided = await t.app.request(url.pathname, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(decided.status).toBe(302);
    const back = new URL(decided.headers.get('location')!);
    expect(back.pathname).toBe(`/api/v1/oauth/${provider}/return`);
    const ret = await t.app.request(`${back.pathname}${back.search}`);
    expect(ret.status).toBe(200);
    expect(ret.headers.get('cross-origin-opener-policy')).toBeNull();
    expect(await ret.text()).toContain('verdant:oauth');
    return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
  }

  it('creates an account on first use, logs the same person in later, and never twice with one code', async () => {
    const a = agent();
    const { code, state } = await popupFlow(a, 'google', { email: 'kai.explorer@example.com', name: 'Kai Explorer' });
    const r = await a.main('POST', '/users/auth/google/callback', { code, state, cart_id: null, osc: null });
    expect(r.status).toBe(200);
    const user = AuthResponse.parse(r.body).user;
    expect(user).toMatchObject({ email: 'kai.explorer@example.com', name: 'Kai Explorer', lastLoginMethod: 'google', shouldCreatePassword: true });
    const replay = await a.main('POST', '/users/auth/google/callback', { code, state });
    expect(replay.status).toBe(422);
    expect(replay.body.error).toBe('Unable to connect with Google');

    const b = agent();
    const second = await popupFlow(b, 'google', { email: 'kai.explorer@example.com', name: 'Kai Explorer' });
    const again = await b.main('POST', '/users/auth/google/callback', second);
    expect(AuthResponse.parse(again.body).user.id).toBe(user.id);
    const look = await agent().get('/api/v1/last_login_methods/kai.explorer%40example.com');
    expect((look.body as { lastLoginMethod: string }).lastLoginMethod).toBe('google');
  });

  it('links Facebook to an existing account with the same verified email', async () => {
    const a = agent();
    const flow = await popupFlow(a, 'facebook', { email: 'traveller@verdant.test', name: 'Tess' });
    const r = await a.main('POST', '/users/auth/facebook/callback', flow);
    expect(AuthResponse.parse(r.body).user.email).toBe('traveller@verdant.test');
  });

  it('refuses a state that does not match the one this browser started with', async () => {
    const a = agent();
    const flow = await popupFlow(a, 'google', { email: 'state.check@example.com', name: 'State Check' });
    const other = agent();
    await other.get('/api/v1/oauth/google/authorize');
    const r = await other.main('POST', '/users/auth/google/callback', flow);
    expect(r.status).toBe(422);
    expect(r.body.error).toBe('Unable to connect with Google');
    const forged = await a.main('POST', '/users/auth/google/callback', { ...flow, state: 'forged' });
    expect(forged.body.error).toBe('Unable to connect with Google');
  });

  it('a cancelled popup returns an error, and the callback needs CSRF', async () => {
    const ret = await t.app.request('/api/v1/oauth/google/return?error=access_denied&state=x');
    expect(await ret.text()).toContain('access_denied');
    const r = await agent().post('/users/auth/google/callback', { code: 'x', state: 'y' });
    expect(r.status).toBe(403);
  });

  it('the arctic adapter speaks the same protocol: PKCE verifier in the token request, user info with the token', async () => {
    const idp = new TestIdentityProvider('http://localhost:4321');
    const routes = idp.routes();
    const provider = new ArcticProvider('google', { clientId: idp.clientId('google'), clientSecret: 'secret' }, 'http://localhost:4321/api/v1/oauth/google/return', {
      endpoints: { authorize: 'http://idp.test/google/authorize', token: 'http://idp.test/google/token', userinfo: 'http://idp.test/google/userinfo', scopes: ['openid', 'email'] },
      fetch: async (input, init) => routes.request(new Request(input, init)),
    });
    const verifier = 'v'.repeat(50);
    const url = provider.authorizationUrl('state-1', verifier);
    const code = idp.authorize({ provider: 'google', clientId: url.searchParams.get('client_id')!, redirectUri: url.searchParams.get('redirect_uri')!, challenge: url.searchParams.get('code_challenge')!, email: 'arc@example.com', name: 'Arc Tic' });
    const original = globalThis.fetch;
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => routes.request(new Request(input, init))) as typeof fetch;
    try {
      await expect(provider.exchange(code, 'w'.repeat(50))).rejects.toThrow(/refused/);
      const code2 = idp.authorize({ provider: 'google', clientId: url.searchParams.get('client_id')!, redirectUri: url.searchParams.get('redirect_uri')!, challenge: url.searchParams.get('code_challenge')!, email: 'arc@example.com', name: 'Arc Tic' });
      expect(await provider.exchange(code2, verifier)).toMatchObject({ email: 'arc@example.com', emailVerified: true, name: 'Arc Tic' });
    } finally {
      globalThis.fetch = original;
    }
  });
});

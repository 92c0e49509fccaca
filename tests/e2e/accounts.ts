// Shared helpers of the account journeys: log in through the API (cookie in the browser
// context, token in localStorage), sign up fresh users, and read the development outbox.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { API_KEY } from './fixtures.ts';

export const DEV_PASSWORD = 'verdant-dev-password';
const auth = { authorization: `Bearer ${API_KEY}` };

export async function csrf(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/v1/csrf-token', { headers: auth });
  return ((await res.json()) as { token: string }).token;
}

/** Logs the browser context in as `email` and stores the login token like the storefront does. */
export async function loginAs(page: Page, email: string, password = DEV_PASSWORD) {
  const token = await csrf(page.request);
  const res = await page.request.post('/users/login', { headers: { 'x-csrf-token': token }, data: { user: { email, password } } });
  expect(res.status(), `log in ${email}`).toBe(200);
  const body = (await res.json()) as { token: string; user: { id: string } };
  await page.addInitScript((t) => localStorage.setItem('access_token', t), body.token);
  return body;
}

let seq = 0;
/** A unique address per call (tests run in parallel on one database). */
export const freshEmail = (tag: string) => `${tag}.${Date.now().toString(36)}${(++seq).toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@example.com`;

/** Signs up a new user through the API (the test captcha challenge included). */
export async function signUpViaApi(request: APIRequestContext, user: { name: string; email: string; password: string }, opts: { ref?: string; country?: string } = {}) {
  const challenge = await request.get('/api/v1/captcha/challenge', { headers: auth });
  const captcha = ((await challenge.json()) as { token: string }).token;
  const token = await csrf(request);
  // `ref` and `country` (the geolocation header): signed up through a friend's invite, from there.
  const headers = { 'x-csrf-token': token, ...(opts.country ? { 'cf-ipcountry': opts.country } : {}) };
  const res = await request.post('/users', { headers, data: { user: { ...user, password_confirmation: user.password }, captcha, ...(opts.ref ? { ref: opts.ref } : {}) } });
  expect(res.status(), `sign up ${user.email}`).toBe(200);
  return (await res.json()) as { token: string; user: { id: string } };
}

/**
 * The newest outbox message to `recipient` (the development outbox at /dev/outbox). Polled for up
 * to 30 s: on a loaded 2-core machine one read of the page has taken 6 s (npm run
 * test:early-input, ten throttled pages side by side), and the default 10 s allowed one try.
 */
export async function lastOutboxMessage(request: APIRequestContext, recipient: string): Promise<string> {
  let found = '';
  await expect
    .poll(async () => {
      const html = await (await request.get('/dev/outbox')).text();
      const articles = html.split('<article>').slice(1);
      found = articles.find((a) => a.includes(`<b>To:</b> ${recipient.replace(/\+/g, '+')} `)) ?? '';
      return found;
    }, { timeout: 30_000 })
    .not.toBe('');
  return found;
}

export async function lastCode(request: APIRequestContext, phone: string): Promise<string> {
  const message = await lastOutboxMessage(request, phone);
  return /\b(\d{6})\b/.exec(message)![1]!;
}

/** A fresh Singapore mobile number (8 digits starting 8). */
export const freshPhone = () => `8${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;

/** Ticks the built-in test captcha and waits for its signed answer. */
export async function passCaptcha(scope: Page | Locator) {
  await scope.getByLabel('I’m not a robot').check();
  await expect(scope.locator('[data-captcha][data-state="done"]')).toBeVisible();
}

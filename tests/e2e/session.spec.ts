// One answer to "who is logged in" (issue 23, ADR 0003): the browser learns its session from the
// server through the readable `signed_in` hint, not from localStorage alone. A session whose
// storage was emptied stays logged in through paying; a token whose session ended is a guest with
// no error; a log-out shows in the other tabs; a guest's content page makes no account call.
import type { Page, PlaywrightWorkerArgs, Request } from '@playwright/test';
import { expect, test, API_KEY } from './fixtures.ts';
import { freshEmail, signUpViaApi } from './accounts.ts';
import { bookFromWidget, fillCheckout, payButton, pickExperience } from './booking.ts';

const accountButton = (page: Page) => page.getByRole('button', { name: /Your account/ });
const loginLink = (page: Page) => page.getByRole('link', { name: 'Log in', exact: true }).first();

/** Account calls a page can make: who is logged in, a payment token, a CSRF token, member data. */
const ACCOUNT_CALL = /\/api\/v1\/(me|csrf-token|credits|referral|gift_codes|bucket_lists)\b|\/users\//;

/** Alerts with words in them (the page keeps an empty live region for announcements). */
const shownAlerts = (page: Page) => page.getByRole('alert').filter({ hasText: /\S/ });

// Cookie consent given, so the banner stays out of the way (it lives in localStorage too, and
// clearing storage would bring it back).
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() =>
    localStorage.setItem('consentMode', JSON.stringify({ necessaryCookie: true, performanceCookie: true, functionalCookie: true, targetingCookie: true })),
  );
});

/** A fresh member logged in in `page`'s context, with the token in storage as after log-in. */
async function member(page: Page, tag: string) {
  const name = `Sasha ${tag[0]!.toUpperCase()}${tag.slice(1)}`;
  const email = freshEmail(tag);
  const { token } = await signUpViaApi(page.request, { name, email, password: 'a-long-password-1' });
  await page.goto('/about');
  await page.evaluate((t) => localStorage.setItem('access_token', t), token);
  await page.reload();
  await expect(accountButton(page)).toBeVisible();
  return { name, email, token };
}

/** Every request the page sends from now on. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r: Request) => urls.push(r.url()));
  return urls;
}

test('a session whose storage was emptied stays logged in: header, checkout prefilled with credits, paying with 4242', async ({ page, api }) => {
  const me = await member(page, 'wiped');
  // Safari's 7-day rule or "clear site data" for storage only: the cookies stay.
  await page.evaluate(() => localStorage.clear());
  const option = await pickExperience(api, { currency: 'SGD', skip: 0 });
  await page.goto(`/experiences/${option.slugCode}`);
  await expect(accountButton(page)).toBeVisible();
  // The boot fetched a new payment token for the session (CSRF-checked), without any log-in.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('access_token'))).not.toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).not.toBe(me.token);

  await page.evaluate(() => (document.cookie = 'currency=SGD; Path=/'));
  await bookFromWidget(page, option.slugCode);
  await expect(page.getByLabel('Full name', { exact: true })).toHaveValue(me.name);
  await expect(page.getByLabel('Email')).toHaveValue(me.email);
  await expect(page.getByLabel('Use my Verdant credits')).toBeVisible();
  await expect(page.getByText('Booking as a guest')).toHaveCount(0);
  await fillCheckout(page, '4242 4242 4242 4242', { keepContact: true });
  await payButton(page).click();
  await page.waitForURL(/\/checkout\/confirmation\?order=/);
  await expect(page.getByTestId('confirmation-title')).toHaveText('You’re booked!');
  await expect(page.getByTestId('account-offer')).toContainText('It’s in your account');
  await page.goto('/account/trips');
  await expect(page.locator('.trip-card', { hasText: option.name })).toBeVisible();
  await expect(shownAlerts(page)).toHaveCount(0);
});

test('storage emptied before paying: the pay call fetches the token itself, no log-in asked', async ({ page, api }) => {
  const me = await member(page, 'paylate');
  const option = await pickExperience(api, { currency: 'SGD', skip: 1 });
  await page.evaluate(() => (document.cookie = 'currency=SGD; Path=/'));
  await bookFromWidget(page, option.slugCode);
  await expect(page.getByLabel('Email')).toHaveValue(me.email);
  await fillCheckout(page, '4242 4242 4242 4242', { keepContact: true });
  // Storage lost while the form was open (another tab's "clear site data", a privacy extension).
  await page.evaluate(() => localStorage.removeItem('access_token'));
  await payButton(page).click();
  await page.waitForURL(/\/checkout\/confirmation\?order=/);
  await expect(page.getByTestId('account-offer')).toContainText('It’s in your account');
});

test('a token kept in storage whose session ended on the server is a guest, with no error', async ({ page, api, playwright, baseURL }) => {
  await member(page, 'ended');
  await endSessionElsewhere(page, playwright, baseURL!);

  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const option = await pickExperience(api, { currency: 'SGD', skip: 2 });
  await page.goto(`/experiences/${option.slugCode}`);
  await expect(loginLink(page)).toBeVisible();
  await expect(accountButton(page)).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  expect(await page.evaluate(() => document.cookie)).not.toContain('signed_in=');

  await page.evaluate(() => (document.cookie = 'currency=SGD; Path=/'));
  await bookFromWidget(page, option.slugCode);
  await expect(page.getByText('Booking as a guest')).toBeVisible();
  await expect(page.getByLabel('Full name', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Use my Verdant credits')).toHaveCount(0);
  await expect(shownAlerts(page)).toHaveCount(0);
  await fillCheckout(page, '4242 4242 4242 4242');
  await payButton(page).click();
  await page.waitForURL(/\/checkout\/confirmation\?order=/);
  await expect(page.getByTestId('confirmation-title')).toHaveText('You’re booked!');
  expect(errors).toEqual([]);
});

/** Ends the session on the server from another client holding the same cookies: this browser keeps its cookies and token. */
async function endSessionElsewhere(page: Page, playwright: PlaywrightWorkerArgs['playwright'], baseURL: string) {
  const other = await playwright.request.newContext({ baseURL, storageState: await page.context().storageState() });
  const csrf = ((await (await other.get('/api/v1/csrf-token', { headers: { authorization: `Bearer ${API_KEY}` } })).json()) as { token: string }).token;
  expect((await other.delete('/users/logout', { headers: { 'x-csrf-token': csrf } })).status()).toBe(200);
  await other.dispose();
}

/** Logs in through the login modal (email, then password). */
async function logInInModal(page: Page, email: string) {
  const dialog = page.locator('[data-login-modal]');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email', { exact: true }).fill(email);
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
  await dialog.getByLabel('Password', { exact: true }).fill('a-long-password-1');
  await dialog.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('a session that ended is told at checkout before the form, and logging in brings the bag back', async ({ page, api, playwright, baseURL }) => {
  const me = await member(page, 'relogin');
  const option = await pickExperience(api, { currency: 'SGD', skip: 3 });
  await page.evaluate(() => (document.cookie = 'currency=SGD; Path=/'));
  await bookFromWidget(page, option.slugCode);
  // The session ends while the traveller is away; they come back to checkout.
  await endSessionElsewhere(page, playwright, baseURL!);
  await page.reload();
  const ended = page.getByTestId('session-ended');
  await expect(ended.getByRole('heading', { level: 1 })).toHaveText('You’ve been logged out');
  await expect(page.getByLabel('Full name', { exact: true })).toHaveCount(0);
  await expect(shownAlerts(page)).toHaveCount(0);
  await ended.getByRole('link', { name: 'Log in' }).click();
  await logInInModal(page, me.email);
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.locator('.summary')).toContainText(option.name);
  await expect(page.getByLabel('Email')).toHaveValue(me.email);
  await expect(page.getByLabel('Use my Verdant credits')).toBeVisible();
});

test('what a guest typed at checkout stays when they log in there', async ({ page, api }) => {
  const me = await member(page, 'typed');
  // Now a guest in this browser (cookies and storage gone), who has an account.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  const option = await pickExperience(api, { currency: 'SGD', skip: 4 });
  await page.goto('/');
  await page.evaluate(() => (document.cookie = 'currency=SGD; Path=/'));
  await bookFromWidget(page, option.slugCode);
  await page.getByLabel('Full name', { exact: true }).fill('Sasha T. Typed');
  await page.getByLabel('Mobile number').fill('+65 9876 5432');
  await page.locator('.checkout__guest').getByRole('link', { name: 'Log in' }).click();
  await logInInModal(page, me.email);
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByLabel('Use my Verdant credits')).toBeVisible();
  await expect(page.getByLabel('Full name', { exact: true })).toHaveValue('Sasha T. Typed');
  await expect(page.getByLabel('Mobile number')).toHaveValue('+65 9876 5432');
  await expect(page.getByLabel('Email')).toHaveValue(me.email);
});

test('a log-out in one tab shows in the other tab at its next interaction', async ({ page, context }) => {
  await member(page, 'twotabs');
  const other = await context.newPage();
  await other.goto('/our-mission');
  await expect(accountButton(other)).toBeVisible();
  await page.bringToFront();
  await accountButton(page).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(loginLink(page)).toBeVisible();
  await other.bringToFront();
  await other.locator('main').click({ position: { x: 5, y: 5 } });
  await expect(loginLink(other)).toBeVisible();
  await expect(accountButton(other)).toHaveCount(0);
});

test('a tab follows a log-out it was not told about when it is focused again', async ({ page, context }) => {
  await member(page, 'focus');
  // The cookies went away without any message between tabs (a log-out through another client,
  // cleared cookies): this tab agrees with them as soon as it is used again.
  await context.clearCookies({ name: 'signed_in' });
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(loginLink(page)).toBeVisible();
  await expect(accountButton(page)).toHaveCount(0);
});

test('a guest’s content pages make no account call at load', async ({ page }) => {
  const urls = recordRequests(page);
  for (const path of ['/', '/about', '/magazine']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(urls.filter((u) => ACCOUNT_CALL.test(u))).toEqual([]);
});

test('a member whose storage was emptied asks who is logged in once, and not again on the next page', async ({ page }) => {
  await member(page, 'calls');
  await page.evaluate(() => localStorage.clear());
  const urls = recordRequests(page);
  await page.goto('/about');
  await expect(accountButton(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(urls.filter((u) => /\/api\/v1\/me\b/.test(u))).toHaveLength(1);
  expect(urls.filter((u) => /\/users\/token$/.test(u))).toHaveLength(1);
  urls.length = 0;
  await page.goto('/our-mission');
  await expect(accountButton(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(urls.filter((u) => /\/users\/token$/.test(u))).toEqual([]);
});

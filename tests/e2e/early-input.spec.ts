// What a visitor types or autofills before an island wakes is never lost (docs/decisions/0017):
// on the built site with the CPU throttled 4×, each form is filled right after navigation (no
// wait for the page or its scripts) and submitted at once, ten times, and must keep every value
// and reach its next step. The autofill variant sets the fields' values from a script before
// any event, as a password manager does, then submits. `npm test` runs each form three times
// (typed, autofilled, and the third variant some forms have); `npm run test:early-input` runs
// the ten the issue asks for (ADR 0017).
import type { APIRequestContext, Browser, BrowserContext, CDPSession, Locator, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { camelizeKeys } from '../../src/lib/key-case.ts';
import { CUSTOMER_FIELD_LABELS, type CustomerField } from '../../src/lib/required-info.ts';
import { API_KEY, expect, test as base } from './fixtures.ts';
import { DEV_PASSWORD, csrf, freshEmail, freshPhone, lastCode, passCaptcha, signUpViaApi } from './accounts.ts';
import { GUEST, bookFromWidget, payButton, pickExperience } from './booking.ts';

/**
 * Whether the test's own `page` is throttled. Chromium throttles a page by spinning its main
 * thread (the renderer's CPU throttler busy-waits in a signal handler), so a throttled page burns
 * three quarters of a core for as long as it is open, busy or idle: two idle throttled pages used
 * 15.4 s of CPU in 10 s (2026-11-28). The batched forms below run on pages of their own and only
 * use `page` for its context, so theirs stays unthrottled.
 */
const test = base.extend<{ throttlePage: boolean }>({ throttlePage: [true, { option: true }] });

const RUNS = Number(process.env['EARLY_INPUT_RUNS'] ?? 3);
/**
 * Runs of the island forms below go this many at a time, each on its own page opened cold (its
 * island wakes on that page alone). Each throttled page spins its main thread (see throttlePage),
 * so pages side by side load the machine, and a busier machine only wakes the islands later,
 * which is the race under test.
 */
const BATCH = Number(process.env['EARLY_BATCH'] ?? 5);
/**
 * The time limits below are set for `npm test`'s three runs (one batch of three pages); the ten
 * runs of `npm run test:early-input` take two batches of five, so each limit grows with the runs
 * (limits only: speed is measured by the benchmarks).
 */
const SCALE = Math.max(1, RUNS / 3);
const limit = (ms: number) => Math.round(ms * SCALE);

async function throttle(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return cdp;
}

/** Opens a page without waiting for anything but the first bytes. */
const open = (page: Page, path: string) => page.goto(path, { waitUntil: 'commit' });

/**
 * Sets field values the way autofill does: no focus, no key. The browser's own input and change
 * events reach nobody while the field is server-rendered HTML waiting for its island (the case
 * under test: adopt-fields.ts), so none are sent then. A field React already renders (a live
 * island, or a client-only one such as the checkout) hears them in a real browser: without them
 * React's next render would put its own empty value back, which no visitor's autofill ever
 * meets (a cold run in three once "never sent" its codes that way, 2026-11-29).
 */
async function autofill(field: Locator, value: string) {
  await field.waitFor({ state: 'attached' });
  await field.evaluate((el, v) => {
    const input = el as HTMLInputElement;
    if (!Object.keys(input).some((k) => k.startsWith('__reactProps$'))) {
      input.value = v;
      return;
    }
    // As the browser writes it: past the value React last saw on the element, then announced.
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input) as object, 'value')?.set?.call(input, v);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }, value);
}

test.describe.configure({ timeout: limit(120_000) });

/** Consent given and the newsletter pop-up seen, so neither covers the forms. */
const consent = (target: Page | BrowserContext) =>
  target.addInitScript(() => {
    localStorage.setItem('consentMode', JSON.stringify({ necessaryCookie: true, performanceCookie: true, functionalCookie: true, targetingCookie: true }));
    localStorage.setItem('hidden_subscription_poup', 'true');
  });

test.beforeEach(async ({ page, throttlePage }) => {
  await consent(page.context());
  if (throttlePage) await throttle(page);
});

/** A throttled page of `context`, for one run. */
async function coldPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await throttle(page);
  return page;
}

const ownContexts = new WeakSet<BrowserContext>();

/** A throttled page in a context of its own (its own storage: a bag, a session), for one run. */
async function ownPage(browser: Browser, setup?: (context: BrowserContext) => Promise<void>): Promise<Page> {
  const context = await browser.newContext();
  ownContexts.add(context);
  await consent(context);
  await setup?.(context);
  return coldPage(context);
}

/** RUNS runs of `run`, BATCH at a time, each on the page `pageFor` opens for it (closed after). */
async function runs(pageFor: (i: number) => Promise<Page>, run: (page: Page, i: number) => Promise<void>, count = RUNS) {
  for (let first = 0; first < count; first += BATCH) {
    await Promise.all(
      Array.from({ length: Math.min(BATCH, count - first) }, async (_, k) => {
        const page = await pageFor(first + k);
        try {
          await run(page, first + k);
        } finally {
          // Bounded: once, under heavy load, a throttled page's close hung for minutes after its
          // run had passed every check (the test's own context closes it at the end anyway).
          const closing = (ownContexts.has(page.context()) ? page.context() : page).close().catch(() => {});
          await Promise.race([closing, new Promise((done) => setTimeout(done, 15_000))]);
        }
      }),
    );
  }
}

test.describe('log in', () => {
  const email = (page: Page) => page.getByRole('main').getByLabel('Email', { exact: true });
  const heading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });

  test('typed at once: an unknown email reaches sign-up with it, a known one the password step', async ({ page }) => {
    for (let i = 0; i < RUNS; i++) {
      const unknown = i % 2 === 0;
      const address = unknown ? `early-${Date.now()}-${i}@example.test` : 'traveller@verdant.test';
      await open(page, '/users/login');
      await email(page).fill(address);
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      if (unknown) {
        await expect(page, `run ${i}`).toHaveURL(`/users/signup?email=${encodeURIComponent(address)}`);
        await expect(page.getByRole('main').getByLabel('Email', { exact: true }), `run ${i}`).toHaveValue(address);
      } else {
        await expect(heading(page), `run ${i}`).toHaveText('Log In');
        await expect(page.getByRole('main').getByText(`Enter the password for ${address}`), `run ${i}`).toBeVisible();
      }
    }
  });

  test('autofilled email and password log in', async ({ page }) => {
    for (let i = 0; i < 2; i++) {
      await open(page, '/users/login?redirect_path=/gifts');
      await autofill(email(page), 'traveller@verdant.test');
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      const password = page.getByRole('main').getByLabel('Password', { exact: true });
      await autofill(password, DEV_PASSWORD);
      await page.getByRole('button', { name: 'Log In', exact: true }).click();
      await expect(page, `run ${i}`).toHaveURL('/gifts');
      await page.evaluate(() => localStorage.removeItem('access_token'));
      await page.context().clearCookies();
    }
  });

  test('the WhatsApp number, autofilled, is kept and asks for the code', async ({ page }) => {
    await open(page, '/users/login/whatsapp');
    await autofill(page.getByLabel('Phone number'), '9123 4567');
    await page.getByRole('button', { name: 'Send Code', exact: true }).click();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Enter Code');
    await expect(page.getByRole('main').getByText('+65 9123 4567')).toBeVisible();
  });
});

test.describe('password reset', () => {
  test('typed or autofilled at once, the email gets the link', async ({ page }) => {
    for (let i = 0; i < RUNS; i++) {
      await open(page, '/users/password/new');
      const field = page.getByRole('main').getByLabel('Email', { exact: true });
      if (i % 2) await autofill(field, 'traveller@verdant.test');
      else await field.fill('traveller@verdant.test');
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await expect(page.getByRole('main').getByRole('status'), `run ${i}`).toContainText('traveller@verdant.test');
    }
  });
});

test('search: typed and submitted at once, or autofilled, in the hero and the header bar goes to /search?q=…', async ({ page }) => {
  for (let i = 0; i < RUNS; i++) {
    // The home page's hero bar, then the header's bar of another page.
    await open(page, i % 2 ? '/contact' : '/');
    const bar = page.getByRole('search', { name: 'Search experiences' }).first();
    const field = bar.getByRole('combobox');
    const q = `borneo ${i}`;
    if (i % 3 === 2) await autofill(field, q);
    else await field.fill(q);
    if (i % 4 < 2) await bar.getByRole('button', { name: 'Search' }).click();
    else await field.press('Enter');
    await expect(page, `run ${i}`).toHaveURL((url) => url.pathname === '/search' && url.searchParams.get('q') === q);
  }
});

test.describe('contact and corporate forms', () => {
  test('the contact form keeps every field typed or autofilled at once and sends', async ({ page }) => {
    for (let i = 0; i < RUNS; i++) {
      await open(page, '/contact');
      const form = page.locator('form.api-form');
      const name = `Mei Lin ${i}`;
      if (i % 2) {
        await autofill(form.getByLabel('Your name'), name);
        await autofill(form.getByLabel('Email'), 'meilin@example.com');
        await form.getByLabel('What is it about?').evaluate((el) => ((el as HTMLSelectElement).value = 'booking'));
        await autofill(form.getByLabel('Your message'), 'Can we bring our own snorkelling masks?');
      } else {
        await form.getByLabel('Your name').fill(name);
        await form.getByLabel('Email').fill('meilin@example.com');
        await form.getByLabel('What is it about?').selectOption('booking');
        await form.getByLabel('Your message').fill('Can we bring our own snorkelling masks?');
      }
      await form.getByRole('button', { name: 'Send message' }).click();
      const done = page.getByRole('status').filter({ hasText: 'Thank you, we have your message' });
      await expect(done, `run ${i}`).toContainText('meilin@example.com');
    }
  });

  test('the corporate inquiry form keeps its fields and ticks and sends', async ({ page }) => {
    for (let i = 0; i < RUNS; i++) {
      await open(page, '/corporate-experiences');
      const form = page.locator('form.api-form');
      const fields: [string, string][] = [
        ['Your name', `Arun ${i}`],
        ['Work email', 'arun@example.com'],
        ['Company', 'Kite Labs'],
        ['Group size', '24'],
      ];
      for (const [label, value] of fields) {
        if (i % 2) await autofill(form.getByLabel(label, { exact: true }), value);
        else await form.getByLabel(label, { exact: true }).fill(value);
      }
      const chip = form.locator('.api-form__chip input[type=checkbox]').first();
      if (i % 2) await chip.evaluate((el) => ((el as HTMLInputElement).checked = true));
      else await form.locator('.api-form__chip').first().click();
      const request = page.waitForRequest((r) => r.url().endsWith('/api/v1/corporate-inquiries'));
      await form.getByRole('button', { name: 'Send inquiry' }).click();
      const body = (await request).postDataJSON() as Record<string, unknown>;
      expect(body, `run ${i}`).toMatchObject({ name: `Arun ${i}`, email: 'arun@example.com', company: 'Kite Labs', group_size: 24 });
      expect(body['destinations'], `run ${i}`).toHaveLength(1);
      await expect(page.getByRole('status').filter({ hasText: /CI-\d{6}/ }), `run ${i}`).toBeVisible();
    }
  });
});

test.describe('newsletter', () => {
  test('the footer form keeps the email typed or autofilled at once and subscribes', async ({ page }) => {
    for (let i = 0; i < RUNS; i++) {
      await open(page, '/about');
      const form = page.locator('form[data-subscribe-form]');
      const address = `early-news-${Date.now()}-${i}@example.test`;
      if (i % 2) await autofill(form.getByLabel('Email address'), address);
      else await form.getByLabel('Email address').fill(address);
      await form.getByRole('button', { name: 'Subscribe' }).click();
      await expect(form.getByRole('status'), `run ${i}`).not.toBeEmpty();
      await expect(form.locator('[data-subscribe-message]'), `run ${i}`).toHaveAttribute('data-tone', 'subscribed');
    }
  });
});

test.describe('checkout', () => {
  test('customer details and card autofilled without an event are kept and pay', async ({ page, api }) => {
    const option = await pickExperience(api, { currency: 'SGD' });
    await bookFromWidget(page, option.slugCode);
    const fills: [Locator, string][] = [
      [page.getByLabel('Full name', { exact: true }), GUEST.name],
      [page.getByLabel('Email'), GUEST.email],
      [page.getByLabel('Mobile number'), GUEST.phone],
      [page.getByLabel('Card number'), '4242 4242 4242 4242'],
      [page.getByLabel('Expiry'), '12 / 30'],
      [page.getByLabel('Security code'), '123'],
    ];
    const guests = page.locator('.checkout__guest-card');
    for (let i = 0; i < (await guests.count()); i++) {
      const g = guests.nth(i);
      fills.push([g.getByLabel('Full name (as on ID)'), i === 0 ? GUEST.name : `Guest Number ${i + 1}`]);
      if (await g.getByLabel('Date of birth').count()) fills.push([g.getByLabel('Date of birth'), '1990-04-02']);
      if (await g.getByLabel('Nationality').count()) fills.push([g.getByLabel('Nationality'), 'Singaporean']);
      if (await g.getByLabel('Passport number').count()) fills.push([g.getByLabel('Passport number'), 'K1234567A']);
    }
    if (await page.getByLabel('Pick me up from').count()) fills.push([page.getByLabel('Pick me up from'), 'Hotel Jen Tanglin, 1A Cuscaden Road']);
    for (const [field, value] of fills) await autofill(field, value);
    await payButton(page).click();
    await page.waitForURL(/\/checkout\/confirmation\?order=/);
    // A 4x-throttled page on a loaded machine can take longer than 10 s to load the order.
    await expect(page.getByTestId('confirmation-title')).toHaveText('You’re booked!', { timeout: 30_000 });
    // The contact e-mail the form sent (a guest is offered an account with it).
    await expect(page.getByRole('link', { name: `Create an account with ${GUEST.email}` })).toBeVisible();
  });
});

// ── Island forms, RUNS runs BATCH at a time ──────────────────────────────────────────────────
// Even runs type, odd runs autofill; each run opens its page cold and submits at once.
// What the runs need (users, bags, a booked trip) is made through the API, never the UI.

const auth = { authorization: `Bearer ${API_KEY}` };
/** Pages side by side on a throttled CPU answer slower than one: the steps get more time. */
const settles = expect.configure({ timeout: Math.round((20_000 * Math.max(3, Math.min(RUNS, BATCH))) / 3) });
const typed = (i: number) => i % 2 === 0;

/** Types (even runs) or autofills (odd runs) each field, in order, as soon as it is there. */
async function enter(i: number, fills: [Locator, string][]) {
  for (const [field, value] of fills) {
    if (typed(i)) await field.fill(value);
    else await autofill(field, value);
  }
}

/** Ticks or unticks a box by a click (typed runs) or by a script with no event (autofill). */
async function tick(i: number, box: Locator, on: boolean) {
  if (typed(i)) await box.setChecked(on);
  else {
    await box.waitFor({ state: 'attached' });
    await box.evaluate((el, v) => ((el as HTMLInputElement).checked = v), on);
  }
}

async function getJson<T>(request: APIRequestContext, path: string, headers: Record<string, string> = {}): Promise<T> {
  const res = await request.get(`/api/v1${path}`, { headers: { ...auth, ...headers } });
  expect(res.status(), `GET ${path}`).toBe(200);
  return camelizeKeys<T>(await res.json());
}

async function postJson<T>(request: APIRequestContext, path: string, data: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await request.post(`/api/v1${path}`, { headers: { ...auth, ...headers }, data });
  expect(res.status(), `POST ${path}: ${await res.text()}`).toBeLessThan(300);
  return camelizeKeys<T>(await res.json());
}

/** The sent request's JSON body, camelCased. */
const sent = async <T = Record<string, unknown>>(request: Promise<{ postDataJSON: () => unknown }>): Promise<T> => camelizeKeys<T>((await request).postDataJSON());

const post = (page: Page, path: string) => page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === path);

type Departure = { slugCode: string; date: string; timeslotId: string };

/** An open departure of an instant SGD experience with room for `guests` (a few days ahead). */
async function departure(request: APIRequestContext, slugCode: string, guests: number): Promise<Departure> {
  const { dates } = await getJson<{ dates: { date: string; unitsLeft: number }[] }>(request, `/available-dates?option_id=${slugCode}`);
  const soon = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  for (const d of dates.filter((x) => x.unitsLeft >= guests + 2 && x.date >= soon).slice(0, 6)) {
    const { timeslots } = await getJson<{ timeslots: { id: string; unitsLeft: number }[] }>(request, `/detailed-timeslots?option_id=${slugCode}&date=${d.date}`);
    const slot = timeslots.find((s) => s.unitsLeft >= guests + 2);
    if (slot) return { slugCode, date: d.date, timeslotId: slot.id };
  }
  throw new Error(`no open departure of ${slugCode}`);
}

type CartAnswer = { id: string; exchangedTotalAmountWithConversionFee: { amount: number; currency: string }; orderItem: { requiredCustomerInfos: CustomerField[] } };

/** A bag holding `guests` places on `dep`, made through the API (as the session of `request`). */
const bagFor = (request: APIRequestContext, dep: Departure, guests: number) =>
  postJson<CartAnswer>(request, '/cart', { currency: 'SGD', order_item: { option_id: dep.slugCode, start_date: dep.date, detailed_timeslot_id: dep.timeslotId, quantity: guests } });

/** Keeps `cartId` as this context's bag. */
const holdBag = (context: BrowserContext, cartId: string) => context.addInitScript((id) => localStorage.setItem('cartId', id), cartId);

/** Signs a fresh user up as the session of `context` (cookie and stored token). */
async function signedIn(context: BrowserContext, name = 'Rosa Fernandes'): Promise<{ email: string; token: string }> {
  const email = freshEmail('early');
  const { token } = await signUpViaApi(context.request, { name, email, password: DEV_PASSWORD });
  await context.addInitScript((t) => localStorage.setItem('access_token', t), token);
  return { email, token };
}

/** A guest's values for each detail the operator asks for. */
function guestValues(fields: CustomerField[], tag: string): Record<string, string> {
  const all: Record<CustomerField, string> = { fullName: `Guest ${tag}`, dateOfBirth: '1990-04-02', nationality: 'Singaporean', passportNumber: `K${tag.replace(/\D/g, '')}A` };
  return Object.fromEntries(fields.map((f) => [f, all[f]]));
}

test.describe('account forms', () => {
  test.use({ throttlePage: false }); // each run throttles its own page (coldPage)
  // Ten runs of one or two steps each: on a loaded machine this takes minutes, not seconds.
  test.describe.configure({ timeout: limit(240_000) });

  test('sign-up: every field typed or autofilled at once is sent and the account is made', async ({ browser }) => {
    // A context per run: a signed-up browser is sent on from the sign-up page.
    await runs(
      () => ownPage(browser),
      async (page, i) => {
        await open(page, '/users/signup');
        const main = page.getByRole('main');
        const user = { name: `Nadia Rahman ${i}`, email: freshEmail('early-signup'), password: 'kinabalu-trail' };
        await enter(i, [
          [main.getByLabel('Name', { exact: true }), user.name],
          [main.getByLabel('Email', { exact: true }), user.email],
          [main.getByLabel('Password', { exact: true }), user.password],
          [main.getByLabel('Confirm password', { exact: true }), user.password],
        ]);
        const news = i % 4 < 2;
        await tick(i, main.getByLabel('Send me trip ideas'), news);
        await passCaptcha(main);
        const request = post(page, '/users');
        await main.getByRole('button', { name: 'Create Account' }).click();
        const body = await sent<{ user: Record<string, unknown> }>(request);
        expect(body.user, `run ${i}`).toMatchObject({ ...user, passwordConfirmation: user.password, receiveNewletters: news });
        await page.waitForURL(/\/account\/phone-number\?add_phone=true$/, { waitUntil: 'commit' });
      },
    );
  });

  test('WhatsApp log-in: the number, then the code, typed or autofilled at once, reach the next step', async ({ page }) => {
    await runs(
      () => coldPage(page.context()),
      async (p, i) => {
        await open(p, '/users/login/whatsapp');
        const main = p.getByRole('main');
        const phone = freshPhone();
        await enter(i, [[main.getByLabel('Phone number', { exact: true }), phone]]);
        const spaced = `+65 ${phone.slice(0, 4)} ${phone.slice(4)}`;
        await main.getByRole('button', { name: 'Send Code', exact: true }).click();
        await settles(main.getByRole('heading', { level: 1 }), `run ${i}`).toHaveText('Enter Code');
        await settles(main.getByText(spaced), `run ${i}`).toBeVisible();
        const code = await lastCode(p.request, `+65${phone}`);
        await enter(i, [[main.getByLabel('Code', { exact: true }), code]]);
        await main.getByRole('button', { name: 'Verify', exact: true }).click();
        // A new number: it is verified and the sign-up finishes with it.
        await settles(main.getByRole('heading', { level: 1 }), `run ${i}`).toHaveText('Finishing Signing Up');
        await settles(main.getByText(`${spaced} is verified`), `run ${i}`).toBeVisible();
      },
    );
  });

  test('profile: the name and the newsletter box, typed or autofilled at once, are saved', async ({ page }) => {
    await signedIn(page.context(), 'Rosa Fernandes');
    await runs(
      () => coldPage(page.context()),
      async (p, i) => {
        await open(p, '/account/profile');
        const form = p.locator('form', { has: p.getByRole('button', { name: 'Save details' }) });
        const name = `Rosa Fernandes ${i}`;
        const news = i % 4 < 2;
        await enter(i, [[form.getByLabel('Name', { exact: true }), name]]);
        await tick(i, form.getByRole('checkbox'), news);
        const request = p.waitForRequest((r) => r.method() === 'PATCH' && r.url().endsWith('/api/v1/me'));
        await form.getByRole('button', { name: 'Save details' }).click();
        expect(await sent(request), `run ${i}`).toEqual({ name, receiveNewsletters: news });
        await settles(form.getByRole('status'), `run ${i}`).toHaveText('Your details are saved.');
        await settles(form.getByLabel('Name', { exact: true }), `run ${i}`).toHaveValue(name);
      },
    );
  });

  test('phone number: the number and the code, typed or autofilled at once, become the account’s', async ({ browser }) => {
    // A user per run: a verified number changes what the page offers next time.
    await runs(
      () => ownPage(browser, (context) => signedIn(context).then(() => undefined)),
      async (page, i) => {
        await open(page, '/account/phone-number');
        const panel = page.getByRole('region', { name: 'WhatsApp number' });
        const phone = freshPhone();
        const spaced = `+65 ${phone.slice(0, 4)} ${phone.slice(4)}`;
        await enter(i, [[panel.getByLabel('Phone number', { exact: true }), phone]]);
        await panel.getByRole('button', { name: 'Send Code', exact: true }).click();
        await settles(panel.getByText(`We sent a 6-digit code to the WhatsApp of ${spaced}`), `run ${i}`).toBeVisible();
        const code = await lastCode(page.request, `+65${phone}`);
        await enter(i, [[panel.getByLabel('Code', { exact: true }), code]]);
        await panel.getByRole('button', { name: 'Verify', exact: true }).click();
        await settles(panel.getByRole('status'), `run ${i}`).toHaveText(`${spaced} is now your WhatsApp number.`);
      },
    );
  });

  test('bucket lists: a new list’s name typed or autofilled at once makes that list', async ({ page }) => {
    await signedIn(page.context());
    await runs(
      () => coldPage(page.context()),
      async (p, i) => {
        await open(p, '/account/bucket-list');
        const name = `Borneo next spring ${i}`;
        const field = p.getByLabel('New list', { exact: true });
        await enter(i, [[field, name]]);
        if (i % 4 < 2) await p.getByRole('button', { name: 'Create list' }).click();
        else await field.press('Enter');
        await settles(p.getByRole('article', { name, exact: true }), `run ${i}`).toBeVisible();
      },
    );
  });

  test('reviews: the stars, title and text, typed or autofilled at once, are published', async ({ page }) => {
    const context = page.context();
    const token = await csrf(context.request);
    const login = await context.request.post('/users/login', { headers: { 'x-csrf-token': token }, data: { user: { email: 'traveller@verdant.test', password: DEV_PASSWORD } } });
    expect(login.status()).toBe(200);
    const { token: userToken } = (await login.json()) as { token: string };
    await context.addInitScript((t) => localStorage.setItem('access_token', t), userToken);
    const { trips } = await getJson<{ trips: { id: string; status: string; actions: string[] }[] }>(context.request, '/trips');
    const trip = trips.find((t) => t.status === 'completed' && t.actions.includes('review'));
    expect(trip, 'a seeded trip inside its review window').toBeTruthy();
    // The seed has one trip to review, and a review is written once (trips.spec.ts writes it):
    // here the server's answer to the publish is the trip as it reads now, so no run writes it.
    const answer = await (await context.request.get(`/api/v1/trips/${trip!.id}`, { headers: auth })).json();
    await context.route('**/api/v1/reviews', (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 201, json: answer }) : route.fallback()));
    await runs(
      () => coldPage(context),
      async (p, i) => {
        await open(p, `/reviews/new?trip=${trip!.id}`);
        const review = { rating: 5 - (i % 3), title: `Hornbills at first light ${i}`, body: `Our guide found three hornbills before breakfast, run ${i}.` };
        await enter(i, [
          [p.getByLabel('Title', { exact: true }), review.title],
          [p.getByLabel('Your review', { exact: true }), review.body],
        ]);
        await p.locator('.trip-rating__stars label').nth(review.rating - 1).click();
        const request = post(p, '/api/v1/reviews');
        await p.getByRole('button', { name: 'Publish review' }).click();
        expect(await sent(request), `run ${i}`).toEqual({ orderItemId: trip!.id, ...review });
        await settles(p.getByRole('heading', { level: 1 }), `run ${i}`).toHaveText('Thank you for your review');
      },
    );
  });
});

test.describe('booking forms', () => {
  test.use({ throttlePage: false }); // each run throttles its own page (coldPage)
  // Ten runs of one or two steps each: on a loaded machine this takes minutes, not seconds.
  test.describe.configure({ timeout: limit(240_000) });

  test('checkout: customer details, promotion and gift codes typed or autofilled at once are sent and stay', async ({ page, api }) => {
    // Three steps a run (two codes, a payment) on the heaviest page.
    test.setTimeout(limit(360_000));
    // One member (the gift code field is for members) and one bag for every run: the codes tried
    // are refused and the card declined, so no run changes the bag another run shows.
    const context = page.context();
    const option = await pickExperience(api, { currency: 'SGD' });
    const dep = await departure(context.request, option.slugCode, 2);
    await signedIn(context);
    const bag = await bagFor(context.request, dep, 2);
    await holdBag(context, bag.id);
    await runs(
      () => coldPage(context),
      async (p, i) => {
        await open(p, '/checkout');
        const summary = p.locator('.summary');
        const promo = summary.getByLabel('Promotion code', { exact: true });
        const gift = summary.getByLabel('Gift code', { exact: true });
        const contact = { name: `Mei Ling Tan ${i}`, email: `mei.ling.${i}@example.com`, phone: '+65 9123 4567' };
        const customers = [0, 1].map((g) => guestValues(bag.orderItem.requiredCustomerInfos, `${i}0${g}`));
        const codes = { promo: `nope${i}`, gift: `not-a-gift-${i}` };
        const fills: [Locator, string][] = [
          [p.getByLabel('Full name', { exact: true }), contact.name],
          [p.getByLabel('Email', { exact: true }), contact.email],
          [p.getByLabel('Mobile number'), contact.phone],
        ];
        const guests = p.locator('.checkout__guest-card');
        customers.forEach((c, g) => {
          for (const [f, v] of Object.entries(c)) fills.push([guests.nth(g).getByLabel(CUSTOMER_FIELD_LABELS[f as CustomerField], { exact: true }), v]);
        });
        fills.push([promo, codes.promo], [gift, codes.gift], [p.getByLabel('Card number'), '4000 0000 0000 9995'], [p.getByLabel('Expiry'), '12 / 30'], [p.getByLabel('Security code'), '123']);
        await enter(i, fills);

        // The codes: applied by the button or Enter, answered with the server's words.
        const promoSent = post(p, '/api/v1/promotion-code-redemptions');
        const giftSent = post(p, '/api/v1/gift-card-redemptions');
        if (i % 4 === 2) await promo.press('Enter');
        else await summary.locator('.promo', { has: p.getByLabel('Promotion code', { exact: true }) }).getByRole('button', { name: 'Apply' }).click();
        await summary.locator('.promo', { has: p.getByLabel('Gift code', { exact: true }) }).getByRole('button', { name: 'Apply' }).click();
        expect((await sent<{ code: string }>(promoSent)).code, `run ${i}`).toBe(codes.promo.toUpperCase());
        expect((await sent<{ code: string }>(giftSent)).code, `run ${i}`).toBe(codes.gift.toUpperCase());
        await settles(summary.getByRole('alert').filter({ hasText: 'promotion' }), `run ${i}`).toHaveText('This promotion code does not exist');
        await settles(summary.getByRole('alert').filter({ hasText: 'gift' }), `run ${i}`).toHaveText('This gift code is not valid');
        await settles(promo, `run ${i}`).toHaveValue(codes.promo.toUpperCase());
        await settles(gift, `run ${i}`).toHaveValue(codes.gift.toUpperCase());

        // The details: sent with the payment; the test gateway declines this card, the answer is
        // shown and every field keeps its value.
        const paySent = post(p, '/api/v1/checkouts/pay');
        await payButton(p).click();
        const body = await sent<{ contact: unknown; customers: unknown }>(paySent);
        expect(body.contact, `run ${i}`).toEqual(contact);
        expect(body.customers, `run ${i}`).toEqual(customers);
        await settles(p.locator('.checkout__message'), `run ${i}`).toHaveText('Your card has insufficient funds. You have not been charged; please try another card or pay with PayNow.');
        for (const [field, value] of fills.slice(0, -5)) await settles(field, `run ${i}`).toHaveValue(value);
      },
    );
  });

  // Was fixme (one cold run in three once never sent, root cause not found). Since then: 10 of 10
  // runs alone (EARLY_INPUT_RUNS=10) and 3 of 3 inside the whole suite on a load-25 machine.
  test('required info: the guests’ details typed or autofilled at once reach the operator', async ({ page, api }) => {
    // One trip booked and paid through the API by this browser's member (only they may read it);
    // every run sends its guests' details for it.
    const context = page.context();
    const option = await pickExperience(api, { currency: 'SGD' });
    const dep = await departure(context.request, option.slugCode, 2);
    const member = await signedIn(context);
    const bag = await bagFor(context.request, dep, 2);
    const card = await postJson<{ token: string }>(context.request, '/test-gateway/tokens', { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' });
    const fields = bag.orderItem.requiredCustomerInfos;
    const snake = (c: Record<string, string>) => Object.fromEntries(Object.entries(c).map(([k, v]) => [k.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`), v]));
    const paid = await postJson<{ order: { orderItem: { id: string } } }>(
      context.request,
      '/checkouts/pay',
      {
        cart_id: bag.id,
        currency: 'SGD',
        expected_total: bag.exchangedTotalAmountWithConversionFee,
        contact: { name: 'Rosa Fernandes', email: member.email },
        customers: [0, 1].map((g) => snake(guestValues(fields, `9${g}`))),
        payment_method: 'card',
        card_token: card.token,
      },
      { 'idempotency-key': randomUUID(), 'x-user-token': member.token },
    );
    const itemId = paid.order.orderItem.id;
    await runs(
      () => coldPage(context),
      async (p, i) => {
        await open(p, `/trips/${itemId}/required_info`);
        const guests = p.locator('.checkout__guest-card');
        const customers = [0, 1].map((g) => guestValues(fields, `${i}1${g}`));
        const fills: [Locator, string][] = [];
        customers.forEach((c, g) => {
          for (const [f, v] of Object.entries(c)) fills.push([guests.nth(g).getByLabel(CUSTOMER_FIELD_LABELS[f as CustomerField], { exact: true }), v]);
        });
        await enter(i, fills);
        const request = post(p, '/api/v1/required-infos');
        await p.getByRole('button', { name: 'Send to the operator' }).click();
        expect(await sent(request), `run ${i}`).toEqual({ orderItemId: itemId, customers });
        await p.waitForURL(/\/required_info\/submit$/, { waitUntil: 'commit' });
      },
    );
  });
});

test.describe('gift forms', () => {
  test.use({ throttlePage: false }); // each run throttles its own page (coldPage)
  test.describe.configure({ timeout: limit(240_000) });

  test('gift card: the recipient, sender and message typed or autofilled at once are sent, and still there after going back from payment', async ({ page }) => {
    // A member: the form is sent before this page has asked who is logged in.
    await signedIn(page.context(), 'Maya Giver');
    await runs(
      () => coldPage(page.context()),
      async (p, i) => {
        await open(p, '/gifts/send?design=reef');
        const form = p.locator('form.gift-form');
        const values = { recipientName: `Tess Taker ${i}`, recipientEmail: `tess.${i}@example.test`, senderName: `Maya ${i}`, message: `Go and find those hornbills, ${i}.` };
        await enter(i, [
          [form.getByLabel("Recipient's name"), values.recipientName],
          [form.getByLabel("Recipient's e-mail"), values.recipientEmail],
          [form.getByLabel('From', { exact: true }), values.senderName],
          [form.getByLabel('Your message'), values.message],
        ]);
        const request = post(p, '/api/v1/gifts');
        await form.getByRole('button', { name: 'Continue to payment' }).click();
        expect(await sent(request), `run ${i}`).toMatchObject({ ...values, kind: 'card', design: 'reef' });
        await settles(p.getByRole('heading', { name: 'Pay for your gift' }), `run ${i}`).toBeVisible();
        // Back to the form: it is as the buyer left it.
        await p.getByRole('button', { name: 'Change', exact: true }).click();
        await settles(form.getByLabel("Recipient's name"), `run ${i}`).toHaveValue(values.recipientName);
        await expect(form.getByLabel('From', { exact: true }), `run ${i}`).toHaveValue(values.senderName);
        await expect(form.getByLabel('Your message'), `run ${i}`).toHaveValue(values.message);
      },
    );
  });

  test('gift experience: the code typed or autofilled at once is looked up for the member', async ({ page }) => {
    await signedIn(page.context(), 'Ezra Taker');
    await runs(
      () => coldPage(page.context()),
      async (p, i) => {
        await open(p, '/redeem-gift-experiences');
        const code = `GX-NOPE${i % 10}-NOPE0-NOPE0-NOPE0`;
        await enter(i, [[p.getByRole('textbox', { name: 'Gift code' }), code]]);
        const lookUp = p.waitForRequest((r) => new URL(r.url()).pathname === `/api/v1/gift-experience-codes/${code}`);
        await p.getByRole('button', { name: 'Find my gift' }).click();
        await lookUp;
        // An unknown code gets the API's answer, not the guests' 'Please log in'.
        await settles(p.getByText('This gift code is not valid'), `run ${i}`).toBeVisible();
      },
    );
  });
});

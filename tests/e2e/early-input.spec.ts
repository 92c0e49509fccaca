// What a visitor types or autofills before an island wakes is never lost (docs/decisions/0017):
// on the built site with the CPU throttled 4×, each form is filled right after navigation (no
// wait for the page or its scripts) and submitted at once, ten times, and must keep every value
// and reach its next step. The autofill variant sets the fields' values from a script before
// any event, as a password manager does, then submits.
import type { CDPSession, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEV_PASSWORD } from './accounts.ts';
import { GUEST, bookFromWidget, payButton, pickExperience } from './booking.ts';

const RUNS = 10;

async function throttle(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return cdp;
}

/** Opens a page without waiting for anything but the first bytes. */
const open = (page: Page, path: string) => page.goto(path, { waitUntil: 'commit' });

/** Sets field values the way autofill does: no focus, no key, no input event. */
async function autofill(field: Locator, value: string) {
  await field.waitFor({ state: 'attached' });
  await field.evaluate((el, v) => {
    (el as HTMLInputElement).value = v;
  }, value);
}

test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  // Consent given, so the cookie banner does not cover the forms.
  await page.addInitScript(() =>
    localStorage.setItem('consentMode', JSON.stringify({ necessaryCookie: true, performanceCookie: true, functionalCookie: true, targetingCookie: true })),
  );
  await throttle(page);
});

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
    await expect(page.getByTestId('confirmation-title')).toHaveText('You’re booked!');
    // The contact e-mail the form sent (a guest is offered an account with it).
    await expect(page.getByRole('link', { name: `Create an account with ${GUEST.email}` })).toBeVisible();
  });
});

// The site footer: links, destinations by number of experiences, newsletter sign-up, cookie
// settings and the licence line.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

type Place = { id: number; name: string; slug: string; options_count: number; country_id?: number };

const footer = (page: Page) => page.getByRole('contentinfo');
const withConsent = (page: Page) =>
  page.addInitScript(() =>
    localStorage.setItem('consentMode', JSON.stringify({ necessaryCookie: true, performanceCookie: true, functionalCookie: true, targetingCookie: true })),
  );

test.beforeEach(async ({ page }) => {
  await withConsent(page);
});

test('shows the about, discover and contact links, social links, legal links and the licence line @mobile', async ({ page, axe }) => {
  await page.goto('/');
  const f = footer(page);
  const expectLink = async (nav: string, name: string, href: string) =>
    expect(f.getByRole('navigation', { name: nav }).getByRole('link', { name, exact: true })).toHaveAttribute('href', href);

  for (const [name, href] of [
    ['About us', '/about'],
    ['Our mission', '/our-mission'],
    ['Our curation', '/our-curation'],
    ['Sustainability', '/sustainability'],
    ['Our carbon commitment', '/our-carbon-commitment'],
    ['Our quality promise', '/our-quality'],
    ['Tried and tested', '/tried-and-tested'],
  ]) await expectLink('About', name!, href!);
  await expectLink('Discover', 'Corporate Experiences', '/corporate-experiences');
  await expectLink('Discover', 'Invite a Friend', '/invite');
  await expectLink('Discover', 'Current Promotions', '/promotions');
  await expectLink('Contact', 'Contact Us', '/contact');
  await expectLink('Contact', 'Help centre', '/help');
  await expectLink('Contact', 'Creators community', '/creators-community');
  await expect(f.getByRole('navigation', { name: 'Contact' }).getByRole('link', { name: 'Become an ambassador' })).toHaveAttribute('href', /^\/(ambassador|creators-community)$/);

  for (const network of ['Instagram', 'Facebook', 'TikTok', 'YouTube']) {
    const link = f.getByRole('link', { name: `Verdant on ${network} (opens in a new tab)` });
    await expect(link).toHaveAttribute('href', /^https:\/\/www\.[a-z]+\.com\/@?verdant$/);
    await expect(link).toHaveAttribute('rel', /noopener/);
  }
  await expect(f.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
  await expect(f.getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', '/terms');
  await expect(f.getByText('Verdant Pte. Ltd. · Licensed by the Singapore Tourism Board · Travel agent licence TA03317')).toBeVisible();

  // Every footer link leads to a page that exists.
  const hrefs = await f.locator('a[href^="/"]').evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute('href')!))]);
  for (const href of hrefs) expect((await page.request.get(href)).status(), href).toBe(200);

  await f.scrollIntoViewIfNeeded();
  await axe('footer');
});

test('lists the destinations by number of experiences, each country with its top cities', async ({ page, api }) => {
  const data = await api<{ countries: Place[]; cities: Place[] }>('/initial_data');
  await page.goto('/');
  const nav = footer(page).getByRole('navigation', { name: 'Destinations' });
  const countries = await nav.locator('.site-footer__country').allTextContents();
  const counts = countries.map((name) => data.countries.find((c) => c.name === name.trim())!.options_count);
  expect(countries.length).toBeGreaterThan(5);
  expect([...counts].sort((a, b) => b - a)).toEqual(counts);

  const top = data.countries.find((c) => c.name === countries[0]!.trim())!;
  const expected = data.cities
    .filter((c) => c.country_id === top.id && c.name !== top.name)
    .sort((a, b) => b.options_count - a.options_count || a.name.localeCompare(b.name))
    .slice(0, 3)
    .map((c) => c.name);
  const cities = nav.locator('li', { has: page.locator('.site-footer__country', { hasText: top.name }) }).locator('.site-footer__cities a');
  await expect(cities).toHaveText(expected);
  await expect(nav.getByRole('link', { name: top.name, exact: true })).toHaveAttribute('href', `/countries/${top.slug}`);
});

test.describe('newsletter sign-up', () => {
  test("subscribes, disables the button while sending, and says so; a repeat says You're already a subscriber @mobile", async ({ page }) => {
    await page.goto('/');
    const form = page.locator('form[data-subscribe-form]');
    const input = form.getByLabel('Email address');
    const button = form.getByRole('button', { name: 'Subscribe' });
    const message = form.locator('[data-subscribe-message]');
    const email = `footer.${Date.now()}@example.com`;

    await button.click();
    await expect(message).toHaveText('Please enter email');
    await expect(message).toHaveAttribute('data-tone', 'error');
    await input.fill('footer@example');
    await button.click();
    await expect(message).toHaveText('Email is invalid');
    await expect(message).toHaveCSS('color', 'rgb(255, 180, 168)');

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/subscribes', async (route) => {
      await held;
      await route.continue();
    });
    await input.fill(email);
    await button.click();
    await expect(button).toBeDisabled();
    release();
    await expect(message).toHaveText('Successfully subscribed!');
    await expect(button).toBeEnabled();
    await expect(input).toHaveValue('');

    await input.fill(email.toUpperCase());
    await button.click();
    await expect(message).toHaveText("You're already a subscriber");
  });

  test('shows the server error in red', async ({ page }) => {
    await page.route('**/api/v1/subscribes', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"Sign-ups are paused for maintenance"}' }));
    await page.goto('/');
    const form = page.locator('form[data-subscribe-form]');
    await form.getByLabel('Email address').fill('paused@example.com');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.locator('[data-subscribe-message]')).toHaveText('Sign-ups are paused for maintenance');
    await expect(form.locator('[data-subscribe-message]')).toHaveAttribute('data-tone', 'error');
  });
});

test('Cookie settings reopens the preference centre', async ({ page }) => {
  await page.goto('/magazine');
  await footer(page).getByRole('button', { name: 'Cookie settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Your cookie preferences' })).toBeVisible();
});

// The first tap on a control whose island has not woken yet opens what it should, once
// (docs/decisions/0027): on a cold page the panel opens from the plain HTML, React takes it over
// when the replayed tap arrives, and it is still open then (a tap counted twice would close it).
// Not timed: `npm run bench:first-tap` measures how soon. Each check starts on a fresh page.
import type { Locator, Page } from '@playwright/test';
import { pickExperience } from './booking.ts';
import { expect, test } from './fixtures.ts';

/** The island around `inner`, still asleep (server-rendered, not hydrated). */
async function asleep(page: Page, inner: string): Promise<Locator> {
  const island = page.locator(`astro-island:has(${inner})`).first();
  await expect(island).toHaveAttribute('ssr', '');
  return island;
}

/** Waits until the island has hydrated and the directive has replayed the held tap. */
async function taken(page: Page, island: Locator) {
  await expect(island).not.toHaveAttribute('ssr', /.*/);
  // The replay runs a frame and a task after hydration (src/directives/interaction.ts).
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(() => setTimeout(done, 50)))));
}

test.beforeEach(async ({ page }) => {
  // Consent given, so the cookie banner does not cover the controls.
  await page.addInitScript(() =>
    localStorage.setItem('consentMode', JSON.stringify({ necessaryCookie: true, performanceCookie: true, functionalCookie: true, targetingCookie: true })),
  );
});

test.describe('first tap on wide screens', () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 992, 'the desktop header');

  test('a header menu and the bag open at once and stay open once React takes over', async ({ page }) => {
    await page.goto('/');
    const island = await asleep(page, '#nav-destinations-trigger');
    const trigger = page.locator('#nav-destinations-trigger');
    await trigger.click();
    await expect(page.locator('#nav-destinations-menu')).toBeVisible();
    await taken(page, island);
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('#nav-destinations-menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('#nav-destinations-menu')).toBeHidden();

    await page.goto('/');
    const bagIsland = await asleep(page, '.hcart__trigger');
    await page.getByRole('button', { name: /^Your bag/ }).click();
    const bag = page.getByRole('dialog', { name: 'Your bag' });
    await expect(bag).toBeVisible();
    await expect(bag.getByText('Bag whispers: "Fill me!"')).toBeVisible();
    await taken(page, bagIsland);
    await expect(bag.getByText('Bag whispers: "Fill me!"')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Your bag/ })).toHaveAttribute('aria-expanded', 'true');
  });

  test('Escape before React closes a header menu and puts focus back on its trigger', async ({ page }) => {
    // The menu's code is held, so everything here happens before the island wakes.
    let release = () => {};
    const held = new Promise<void>((done) => (release = done));
    await page.route(/\/_astro\/HeaderNav\.[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    const island = await asleep(page, '#nav-about-trigger');
    const trigger = page.locator('#nav-about-trigger');
    await trigger.click();
    const menu = page.locator('#nav-about-menu');
    await expect(menu).toBeVisible();
    await menu.getByRole('link').first().focus();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    // Once the island is live, nothing is replayed: the menu stays closed.
    release();
    await taken(page, island);
    await expect(menu).toBeHidden();
  });

  test('the search box shows its suggestions on the first focus, and Escape before React closes them for good', async ({ page }) => {
    await page.goto('/');
    const island = await asleep(page, '.sb--hero');
    const field = page.locator('.sb--hero').getByRole('combobox', { name: 'Search destination or experience' });
    await field.click();
    await expect(page.locator('.sb--hero').getByRole('group', { name: 'Top Cities' })).toBeVisible();
    await taken(page, island);
    await expect(page.getByTestId('search-suggestions')).toBeVisible();
    await expect(field).toHaveAttribute('aria-expanded', 'true');

    await page.goto('/');
    const again = await asleep(page, '.sb--hero');
    await field.focus();
    await page.keyboard.press('Escape');
    await taken(page, again);
    await expect(field).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('.sb--hero .sb-panel')).toBeHidden();
  });

  test('the currency picker opens on the first click', async ({ page, api }) => {
    const option = await pickExperience(api);
    await page.goto(`/experiences/${option.slugCode}`);
    const island = await asleep(page, '.currency-picker');
    await page.locator('.currency-picker__trigger').click();
    await expect(page.getByText('Choose a currency')).toBeVisible();
    await taken(page, island);
    await expect(page.getByText('Choose a currency')).toBeVisible();
  });
});

test.describe('first tap @mobile', () => {
  test('the booking widget’s date and guest pickers open once', async ({ page, api }) => {
    const option = await pickExperience(api);
    await page.goto(`/experiences/${option.slugCode}`);
    const widget = page.locator('[data-booking-widget]');
    const island = await asleep(page, '[data-booking-widget]');
    const dates = widget.locator('.bw__field').first();
    await dates.click();
    await expect(dates).toHaveAttribute('aria-expanded', 'true');
    await expect(widget.locator('.bw__drop').first()).toBeVisible();
    await taken(page, island);
    await expect(widget.locator('.cal__day').first()).toBeVisible();
    await expect(dates).toHaveAttribute('aria-expanded', 'true');

    await page.goto(`/experiences/${option.slugCode}`);
    const again = await asleep(page, '[data-booking-widget]');
    const guests = widget.locator('.bw__field', { hasText: 'Guests' });
    await guests.click();
    await expect(widget.getByRole('button', { name: 'Done' })).toBeVisible();
    await taken(page, again);
    await expect(guests).toHaveAttribute('aria-expanded', 'true');
    await widget.getByRole('button', { name: 'One more: adults' }).click();
    await expect(widget.locator('.stepper output').first()).toHaveText('3');
  });
});

test.describe('first tap on small screens @mobile', () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) > 768, 'the phone header');

  test('the side menu, the bag and the search modal open once', async ({ page, api }) => {
    await page.goto('/');
    const island = await asleep(page, '.mnav-toggle');
    await page.getByRole('button', { name: 'Menu', exact: true }).tap();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await taken(page, island);
    await expect(menu.getByRole('link', { name: 'Back to Home', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu', exact: true })).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    await page.goto('/');
    const bagIsland = await asleep(page, '.hcart__trigger');
    await page.getByRole('button', { name: /^Your bag/ }).tap();
    await expect(page.getByRole('dialog', { name: 'Your bag' })).toBeVisible();
    await taken(page, bagIsland);
    await expect(page.getByRole('dialog', { name: 'Your bag' }).getByText('Bag whispers: "Fill me!"')).toBeVisible();

    const option = await pickExperience(api);
    await page.goto(`/experiences/${option.slugCode}`);
    const searchIsland = await asleep(page, '.sb--header');
    await page.locator('.sb--header').getByRole('button', { name: 'Search destination or experience' }).tap();
    const modal = page.getByRole('dialog', { name: 'Search' });
    await expect(modal).toBeVisible();
    await taken(page, searchIsland);
    await expect(modal.getByRole('combobox', { name: 'Search destination or experience' })).toBeFocused();
    await expect(modal.getByRole('group', { name: 'Top Cities' })).toBeVisible();
  });
});

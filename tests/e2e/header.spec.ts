// The desktop header (spec §2 Header, §4 Header and pickers): menus that are in the HTML from
// the build and open on the very first hover or click, close on outside click, Escape and
// navigation, and work from the keyboard; the login link; the bag; the locked currency.
import type { Locator, Page } from '@playwright/test';
import { expect, expectOnlyPrefetched, test } from './fixtures.ts';

const trigger = (page: Page, name: 'Destinations' | 'Gifts' | 'About') => page.getByRole('button', { name, exact: true });
const panel = (page: Page, id: 'destinations' | 'gifts' | 'about') => page.locator(`#nav-${id}-menu`);

/**
 * Island code loaded before any interaction (client:interaction runs none; it may prefetch).
 * React itself is the react.*.js chunk (Astro's renderer imports it); `client.*.js` is not a
 * sign of React, since the storefront's API client (src/api-client/client.ts) has that name too.
 */
function watchIslandScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script' && /HeaderNav|MobileMenu|AccountMenu|CartButton|react/i.test(r.url())) scripts.push(r.url());
  });
  return scripts;
}

/** Waits until the island has hydrated and the directive has replayed any held click. */
async function live(page: Page, island: Locator) {
  await expect(island).not.toHaveAttribute('ssr', /.*/);
  // The replay runs a frame and a task after hydration (src/directives/interaction.ts).
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(() => setTimeout(done, 50)))));
}

test.describe('header menus', () => {
  test('the mega-menu comes from its own cached file once a visitor shows up, and opens on the first hover', async ({ page, request }) => {
    const scripts = watchIslandScripts(page);
    const menuRequests: string[] = [];
    page.on('request', (r) => {
      if (/\/menu\/\w+\/$/.test(new URL(r.url()).pathname)) menuRequests.push(r.url());
    });
    const response = await page.goto('/');
    // Not in the page's HTML (docs/decisions/0048): its closed panel holds a placeholder and the
    // header names the menus' file, fetched at the first sign of a visitor and cached for good.
    await page.waitForLoadState('load');
    await page.evaluate(() => new Promise((done) => setTimeout(done, 500)));
    expect(menuRequests).toEqual([]);
    const html = (await response?.text()) ?? '';
    expect(html).not.toContain('mega__countries');
    const src = await page.locator('header[data-menu-src]').getAttribute('data-menu-src');
    expect(src).toMatch(/^\/menu\/\w+\/$/);
    const file = await request.get(src!);
    expect(file.headers()['cache-control']).toContain('immutable');
    expect(await file.text()).toContain('data-menu-panel="destinations"');
    await expect(panel(page, 'destinations')).toBeHidden();
    await page.mouse.move(640, 500);
    await expect.poll(() => panel(page, 'destinations').locator('a[href^="/countries/"], a[href^="/cities/"]').count()).toBeGreaterThan(10);
    expect(menuRequests).toHaveLength(1);
    // Island code may be prefetched (at idle, once a visitor shows up) as modulepreload hints (docs/decisions/0027, 0048): none runs.
    await expectOnlyPrefetched(page, scripts, /./);
    await expect(page.locator('astro-island:has(#nav-destinations-trigger)')).toHaveAttribute('ssr', '');

    await trigger(page, 'Destinations').hover();
    await expect(panel(page, 'destinations')).toBeVisible();
    await expect(trigger(page, 'Destinations')).toHaveAttribute('aria-expanded', 'true');

    // Escape closes it even though focus never went into it.
    await page.keyboard.press('Escape');
    await expect(panel(page, 'destinations')).toBeHidden();

    // Hover-opened: it closes when the pointer leaves for the page.
    await page.mouse.move(640, 400);
    await trigger(page, 'Destinations').hover();
    await expect(panel(page, 'destinations')).toBeVisible();
    await page.mouse.move(640, 760);
    await expect(panel(page, 'destinations')).toBeHidden();
    await expect(trigger(page, 'Destinations')).toHaveAttribute('aria-expanded', 'false');
  });

  test('the first click opens the menu even while the island is still loading', async ({ page }) => {
    // The island's code is held back until the test lets it through, so the clicks surely land
    // before hydration; the directive opens the menu at once and replays the click once live.
    let release = () => {};
    const gate = new Promise<void>((done) => (release = done));
    await page.route(/\/_astro\/HeaderNav\.[\w-]+\.js$/, async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto('/');
    const island = page.locator('astro-island:has(#nav-gifts-trigger)');
    await trigger(page, 'Gifts').click();
    await expect(panel(page, 'gifts')).toBeVisible();
    await expect(trigger(page, 'Gifts')).toHaveAttribute('aria-expanded', 'true');
    await expect(island).toHaveAttribute('ssr', '');
    release();
    await live(page, island);
    // React has it now, opened by the replayed click, once: the pointer resting on the trigger
    // does not make it a hover-opened menu, which would close when the hover delay runs out.
    await expect(panel(page, 'gifts')).toBeVisible();
    await expect(trigger(page, 'Gifts')).toHaveAttribute('aria-expanded', 'true');
    // A second click closes it.
    await trigger(page, 'Gifts').click();
    await expect(panel(page, 'gifts')).toBeHidden();
  });

  test('a second click while the island still loads closes the menu for good', async ({ page }) => {
    let release = () => {};
    const gate = new Promise<void>((done) => (release = done));
    await page.route(/\/_astro\/HeaderNav\.[\w-]+\.js$/, async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto('/');
    const island = page.locator('astro-island:has(#nav-gifts-trigger)');
    await trigger(page, 'Gifts').click();
    await expect(panel(page, 'gifts')).toBeVisible();
    await trigger(page, 'Gifts').click();
    await expect(panel(page, 'gifts')).toBeHidden();
    await expect(island).toHaveAttribute('ssr', '');
    release();
    await live(page, island);
    // The pointer still rests on the trigger, and the island woke under it: the visitor's
    // clicks decide, so the menu is not reopened as if hovered.
    await page.evaluate(() => new Promise((done) => setTimeout(done, 300))); // past the hover-open delay (120 ms)
    await expect(panel(page, 'gifts')).toBeHidden();
    await expect(trigger(page, 'Gifts')).toHaveAttribute('aria-expanded', 'false');
  });

  test('a menus file that cannot be fetched says so in the open panel, and the next opening tries again', async ({ page }) => {
    let fail = true;
    await page.route(/\/menu\/\w+\/$/, (route) => (fail ? route.abort() : route.continue()));
    await page.goto('/');
    await trigger(page, 'Destinations').click();
    await expect(panel(page, 'destinations')).toContainText('The menu could not be loaded. Check your connection, then open it again.');
    fail = false;
    await page.keyboard.press('Escape');
    await trigger(page, 'Destinations').click();
    await expect(panel(page, 'destinations').locator('[data-menu-country="singapore"]')).toBeVisible();
  });

  test('Singapore goes straight to its city page; countries list their cities', async ({ page }) => {
    await page.goto('/');
    await trigger(page, 'Destinations').click();
    const menu = panel(page, 'destinations');
    const countries = menu.locator('[data-menu-country]');
    await expect(countries.first()).toHaveText('Singapore');
    await expect(countries.first()).toHaveAttribute('href', '/cities/singapore');
    await expect(menu.locator('a[href^="/countries/"]').first()).toBeVisible();
    await expect(menu.locator('.mega__cities a[href^="/cities/"]').first()).toBeVisible();

    await countries.first().click();
    await expect(page).toHaveURL(/\/cities\/singapore$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Singapore');
    // Navigation closes the menu, also when the page comes back from the history.
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(panel(page, 'destinations')).toBeHidden();
  });

  test('closes on an outside click, and on Escape with focus back on its trigger', async ({ page }) => {
    await page.goto('/');
    await trigger(page, 'Destinations').click();
    await expect(panel(page, 'destinations')).toBeVisible();
    await page.mouse.click(900, 36); // the header, outside the menu
    await expect(panel(page, 'destinations')).toBeHidden();

    await trigger(page, 'About').click();
    await expect(panel(page, 'about')).toBeVisible();
    await panel(page, 'about').getByRole('link').first().focus();
    await page.keyboard.press('Escape');
    await expect(panel(page, 'about')).toBeHidden();
    await expect(trigger(page, 'About')).toBeFocused();
  });

  test('works from the keyboard: Tab to Destinations, Enter opens, Tab walks into the links', async ({ page }) => {
    await page.goto('/');
    await page.locator('.site-header__home').focus();
    await page.keyboard.press('Tab');
    await expect(trigger(page, 'Destinations')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(panel(page, 'destinations')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(panel(page, 'destinations').locator('[data-menu-country="singapore"]')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(panel(page, 'destinations').locator('a:focus')).toHaveCount(1);

    await page.keyboard.press('Escape');
    await expect(panel(page, 'destinations')).toBeHidden();
    await expect(trigger(page, 'Destinations')).toBeFocused();
    // Tab past a closed menu goes to the next one.
    await page.keyboard.press('Tab');
    await expect(trigger(page, 'Gifts')).toBeFocused();
  });

  test('is accessible with the mega-menu open', async ({ page, axe }) => {
    await page.goto('/');
    await trigger(page, 'Destinations').click();
    await expect(panel(page, 'destinations')).toBeVisible();
    await axe('.site-header');
    await trigger(page, 'Gifts').click();
    await expect(panel(page, 'gifts')).toBeVisible();
    await axe('.site-header');
  });
});

test.describe('header links', () => {
  test('the About menu lists the four pages, and each resolves', async ({ page, request }) => {
    await page.goto('/');
    await trigger(page, 'About').click();
    const links = panel(page, 'about').getByRole('link');
    await expect(links).toHaveCount(4);
    const expected = [
      ['Our Story', '/about'],
      ['Our Mission', '/our-mission'],
      ['Curation Process', '/our-curation'],
      ['Sustainability 101', '/sustainability'],
    ];
    for (const [i, [name, href]] of expected.entries()) {
      await expect(links.nth(i)).toHaveAttribute('href', href!);
      await expect(links.nth(i)).toContainText(name!);
      expect((await request.get(href!)).status(), href).toBe(200);
    }
  });

  test('the Gifts menu lists the gift collections, whose pages load, and leads to all gifts', async ({ page, api }) => {
    const initial = await api<{ gift_collections: { name: string; slug_code: string }[] }>('/initial_data');
    expect(initial.gift_collections.length).toBeGreaterThan(0);
    await page.goto('/');
    await trigger(page, 'Gifts').click();
    for (const g of initial.gift_collections) {
      await expect(panel(page, 'gifts').locator(`a[href="/collections/${g.slug_code}"]`)).toContainText(g.name);
    }
    const first = initial.gift_collections[0]!;
    await panel(page, 'gifts').locator(`a[href="/collections/${first.slug_code}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/collections/${first.slug_code}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.name);
    await expect(page.locator('.option-card').first()).toBeVisible();

    await trigger(page, 'Gifts').click();
    await panel(page, 'gifts').getByRole('link', { name: /All gifts/ }).click();
    await expect(page).toHaveURL(/\/gifts$/);
    await expect(page).toHaveTitle(/^Gifts \| Verdant$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gifts');
    await expect(page.locator('main a[href^="/collections/"]')).toHaveCount(initial.gift_collections.length);
  });

  test('the login link carries the current path and query, before any interaction', async ({ page }) => {
    await page.goto('/cities/singapore?ref=newsletter&tag=a&tag=b');
    const href = await page.getByRole('link', { name: 'Log in', exact: true }).getAttribute('href');
    const url = new URL(href!, 'http://x');
    expect(url.pathname).toBe('/users/login');
    expect(url.searchParams.get('redirect_path')).toBe('/cities/singapore');
    expect(JSON.parse(url.searchParams.get('redirect_path_query')!)).toEqual({ ref: 'newsletter', tag: ['a', 'b'] });
  });

  test('a shell page gets its real path in the login link, not the shell’s', async ({ page }) => {
    await page.goto('/account/trips');
    const href = await page.getByRole('link', { name: 'Log in', exact: true }).getAttribute('href');
    expect(new URL(href!, 'http://x').searchParams.get('redirect_path')).toBe('/account/trips');
  });
});

test.describe('header tools', () => {
  test('the bag shows no badge without a cart and says it is empty', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('cartId', 'unknown-cart'));
    await page.goto('/');
    const bag = page.getByRole('button', { name: /^Your bag/ });
    await expect(bag).toBeVisible();
    await expect(page.locator('.hcart__badge')).toBeHidden();
    await bag.click();
    await expect(page.getByText('Bag whispers: "Fill me!"')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByText('Bag whispers: "Fill me!"')).toBeHidden();
    await expect(bag).toBeFocused();
  });

  test('the currency picker is static text with the reason on a trip’s change-date page', async ({ page }) => {
    await page.goto('/account/trips/some-trip/change-date');
    await expect(page.locator('.currency-picker__trigger')).toBeHidden();
    const locked = page.locator('.header-currency__locked');
    await expect(locked).toBeVisible();
    await expect(locked).toContainText('USD');
    await locked.hover();
    await expect(page.getByRole('tooltip')).toBeVisible();
    await expect(page.getByRole('tooltip')).toContainText('fixed on this page');

    await page.goto('/account/trips/some-trip');
    await expect(page.locator('.currency-picker__trigger')).toBeVisible();
    await expect(page.locator('.header-currency__locked')).toBeHidden();
  });
});

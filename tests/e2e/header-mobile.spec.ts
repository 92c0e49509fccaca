// The mobile side menu (spec §2 Header: it mirrors the header with sub-panels and 'Back to
// Home'): a modal panel that keeps focus, locks the page's scroll and closes on Escape.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

test.describe('mobile side menu @mobile', () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) >= 992, 'the side menu replaces the navigation below 992 px');

  const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu', exact: true });
  const menu = (page: Page) => page.getByRole('dialog', { name: 'Menu' });
  /** Presses Tab `forward` times, then Shift+Tab `back` times: focus is in the menu after each. */
  const expectTabStaysInMenu = async (page: Page, forward: number, back: number) => {
    for (const [key, times] of [['Tab', forward], ['Shift+Tab', back]] as const) {
      for (let i = 0; i < times; i++) {
        await page.keyboard.press(key);
        expect(await page.evaluate(() => !!document.activeElement?.closest('#mobile-menu'))).toBe(true);
      }
    }
  };

  test('opens on the first tap, walks through sub-panels and back, and closes with Escape', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('.site-header__nav')).toBeHidden();
    await menuButton(page).click();
    await expect(menu(page)).toBeVisible();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(menu(page).getByRole('link', { name: 'Back to Home', exact: true })).toHaveAttribute('href', '/');
    await expect(menu(page).getByRole('link', { name: 'Field Notes' })).toHaveAttribute('href', '/magazine');
    await expect(menu(page).getByRole('link', { name: 'Log in', exact: true })).toHaveAttribute('href', /^\/users\/login\?redirect_path=%2F&/);
    // The page behind does not scroll while the menu is open (the island locks it once live;
    // the first tap may be answered by the plain-HTML menu before that).
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');

    // Destinations → a country → its cities, with a back control at each level.
    await menu(page).getByRole('button', { name: 'Destinations' }).click();
    await expect(menu(page).getByText('Back to Home')).toBeHidden();
    const back = menu(page).getByRole('button', { name: 'Back', exact: true });
    await expect(back).toBeFocused();
    await expect(menu(page).getByRole('link', { name: 'Singapore', exact: true })).toHaveAttribute('href', '/cities/singapore');
    const country = menu(page).locator('[data-mnav-open^="country-"]').first();
    const countryName = (await country.textContent())!.trim();
    await country.click();
    await expect(menu(page).locator('.mnav__title:visible')).toHaveText(countryName);
    await expect(menu(page).getByRole('link', { name: `All of ${countryName}` })).toHaveAttribute('href', /^\/countries\//);
    await expect(menu(page).locator('[data-mnav-panel^="country-"]:visible a[href^="/cities/"]').first()).toBeVisible();
    await menu(page).getByRole('button', { name: 'Back', exact: true }).click();
    await expect(menu(page).getByRole('button', { name: countryName })).toBeFocused();
    await menu(page).getByRole('button', { name: 'Back', exact: true }).click();
    await expect(menu(page).getByRole('link', { name: 'Back to Home', exact: true })).toBeVisible();
    await expect(menu(page).getByRole('button', { name: 'Destinations' })).toBeFocused();

    // Gifts and About mirror the desktop menus.
    await menu(page).getByRole('button', { name: 'Gifts' }).click();
    await expect(menu(page).getByRole('link', { name: 'All gifts' })).toHaveAttribute('href', '/gifts');
    await expect(menu(page).locator('a[href^="/collections/"]:visible').first()).toBeVisible();
    await menu(page).getByRole('button', { name: 'Back', exact: true }).click();
    await menu(page).getByRole('button', { name: 'About' }).click();
    await expect(menu(page).getByRole('link', { name: 'Sustainability 101' })).toHaveAttribute('href', '/sustainability');

    await page.keyboard.press('Escape');
    await expect(menu(page)).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
  });

  test('keeps focus inside while open', async ({ page }) => {
    await page.goto('/');
    await menuButton(page).click();
    await expect(menu(page)).toBeVisible();
    // From the first tap: before the island is live the plain-HTML menu keeps Tab inside too
    // (the directive's early opening), so the check holds whichever comes first.
    await expectTabStaysInMenu(page, 12, 4);
    await menu(page).getByRole('button', { name: 'Close menu' }).click();
    await expect(menu(page)).toBeHidden();
  });

  test('opened by the first tap before its code is there, the menu keeps Tab inside and closes with Escape', async ({ page }) => {
    // The island's code never arrives: what is on screen is the directive's plain-HTML opening.
    await page.route(/\/_astro\/MobileMenu\.[\w-]+\.js$/, (route) => route.abort());
    await page.goto('/');
    await menuButton(page).click();
    await expect(menu(page)).toBeVisible();
    await expectTabStaysInMenu(page, 8, 3);
    await page.keyboard.press('Escape');
    await expect(menu(page)).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
  });

  test('is accessible while open, on the top level and in a sub-panel', async ({ page, axe }) => {
    await page.goto('/');
    await menuButton(page).click();
    await expect(menu(page)).toBeVisible();
    await axe('#mobile-menu');
    await menu(page).getByRole('button', { name: 'Destinations' }).click();
    await expect(menu(page).getByRole('button', { name: 'Back', exact: true })).toBeVisible();
    await axe('#mobile-menu');
  });
});

// The global search bar (spec §2 Search bar, §4 Search, §5, §8, §9): suggestions after a
// 400 ms debounce, history (8 at most, deduplicated, 'clear all'), keyboard use, popovers for
// dates and guests, failures, and the small-screen modal titled 'Search'.
import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const FIELD = 'Search destination or experience';
const heroField = (page: Page) => page.locator('.sb--hero').getByRole('combobox', { name: FIELD });
const panel = (page: Page) => page.getByTestId('search-suggestions');
const isSearchCall = (r: Request) => new URL(r.url()).pathname === '/api/v1/search';

/** Focus hydrates the island (client:interaction); wait until it is live. */
async function focusHero(page: Page) {
  await heroField(page).focus();
  await expect(page.locator('astro-island:has(.sb--hero)')).not.toHaveAttribute('ssr', /.*/);
}

test.describe('search bar on wide screens', () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 769, 'the bar with popovers is for wide screens');

  test('the closed bar is static HTML: a GET form to /search', async ({ page }) => {
    await page.goto('/');
    const form = page.locator('.sb--hero form[role="search"]');
    await expect(form).toHaveAttribute('action', '/search');
    await expect(form).toHaveAttribute('method', 'get');
    await expect(heroField(page)).toHaveAttribute('placeholder', FIELD);
    await expect(page.locator('astro-island:has(.sb--hero)')).toHaveAttribute('client', 'interaction');
  });

  test('shows Top Countries (Singapore first) and six Top Cities before typing', async ({ page, axe }) => {
    await page.goto('/');
    await focusHero(page);
    await expect(panel(page)).toBeVisible();
    const countries = page.getByRole('group', { name: 'Top Countries' }).getByRole('option');
    await expect(countries.first()).toHaveText('Singapore');
    await expect(page.getByRole('group', { name: 'Top Cities' }).getByRole('option')).toHaveCount(6);
    await expect(page.getByRole('group', { name: 'Search History' })).toHaveCount(0);
    await axe('.sb--hero');
  });

  test('fetches suggestions 400 ms after the last keystroke, places first, names highlighted', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await focusHero(page);
    // From here on, time moves only when the test says so.
    await page.clock.pauseAt(new Date(Date.now() + 5_000));
    const calls: string[] = [];
    page.on('request', (r) => {
      if (isSearchCall(r)) calls.push(new URL(r.url()).searchParams.get('q') ?? '');
    });
    await heroField(page).pressSequentially('singapor');
    await page.clock.runFor(399);
    expect(calls).toEqual([]);
    await heroField(page).press('e');
    await page.clock.runFor(399);
    expect(calls).toEqual([]);
    const answer = page.waitForResponse((r) => isSearchCall(r.request()));
    await page.clock.runFor(1);
    await answer;
    expect(calls).toEqual(['singapore']);
    const options = page.getByRole('listbox', { name: 'Search results' }).getByRole('option');
    await expect(options.first()).toContainText('Country');
    await expect(options.first().locator('mark')).toHaveText('Singapore');
    const subtitles = await options.locator('.sb-result__sub').allTextContents();
    const firstOther = subtitles.findIndex((s) => !/^(Country|City)/.test(s));
    expect(firstOther).toBeGreaterThan(0);
    for (const s of subtitles.slice(firstOther)) expect(s).toMatch(/^(Activity|Collection) · /);
    await expect(options.first().locator('img')).toHaveAttribute('src', /^\/_image\?url=/);
  });

  test("says 'Oops! No results found.' when nothing matches", async ({ page }) => {
    await page.goto('/');
    await focusHero(page);
    await heroField(page).fill('zzqxjw');
    await expect(page.getByText('Oops! No results found.')).toBeVisible();
  });

  test("says 'Couldn't search with …' when the call fails", async ({ page }) => {
    await page.route('**/api/v1/search?**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }));
    await page.goto('/');
    await focusHero(page);
    await heroField(page).fill('kayak');
    await expect(page.getByText("Couldn't search with kayak")).toBeVisible();
  });

  test('Enter commits: stores the history and goes to /search by GET; empty text does nothing', async ({ page }) => {
    await page.goto('/');
    await focusHero(page);
    await heroField(page).fill('   ');
    await heroField(page).press('Enter');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/');

    await heroField(page).fill('  sea   kayak ');
    await heroField(page).press('Enter');
    await page.waitForURL(/\/search\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('q')).toBe('sea kayak');
    expect(url.searchParams.get('prev_path')).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('searchHistory'))).toBe('["sea kayak"]');
  });

  test('history: at most 8 chips, deduplicated, newest first, and clear all', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('searchHistory', JSON.stringify(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'h7', 'h8'])));
    await page.reload();
    await focusHero(page);
    const chips = page.getByRole('group', { name: 'Search History' }).getByRole('option');
    await expect(chips).toHaveText(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'h7', 'h8']);

    // A repeated entry moves to the front instead of appearing twice.
    await heroField(page).fill('H5');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/\/search\?q=H5/);
    // A new one pushes the oldest out.
    await page.goto('/');
    await focusHero(page);
    await heroField(page).fill('kayak');
    await heroField(page).press('Enter');
    await page.waitForURL(/\/search\?q=kayak/);

    await page.goto('/');
    await focusHero(page);
    await expect(chips).toHaveText(['kayak', 'H5', 'h1', 'h2', 'h3', 'h4', 'h6', 'h7']);
    // A chip searches for its text.
    await chips.nth(2).click();
    await page.waitForURL(/\/search\?q=h1/);

    await page.goto('/');
    await focusHero(page);
    await page.getByRole('button', { name: 'clear all' }).click();
    await expect(chips).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('searchHistory'))).toBeNull();
  });

  test('keyboard: arrows move through suggestions, Escape closes, a picked place becomes the record', async ({ page }) => {
    await page.goto('/');
    await focusHero(page);
    const field = heroField(page);
    await expect(field).toHaveAttribute('aria-expanded', 'true');
    await field.press('Escape');
    await expect(field).toHaveAttribute('aria-expanded', 'false');
    await expect(panel(page)).toHaveCount(0);
    await field.press('ArrowDown');
    await expect(field).toHaveAttribute('aria-expanded', 'true');

    await field.fill('singapore');
    const options = page.getByRole('listbox', { name: 'Search results' }).getByRole('option');
    await expect(options.first()).toBeVisible();
    await field.press('ArrowDown');
    const first = await options.nth(0).getAttribute('id');
    await expect(field).toHaveAttribute('aria-activedescendant', first!);
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
    await field.press('ArrowDown');
    await expect(field).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id'))!);
    await field.press('ArrowUp');
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
    await field.press('Enter'); // the country Singapore
    await expect(field).toHaveValue('Singapore');
    await expect(field).toHaveAttribute('aria-expanded', 'false');
    await field.press('Enter');
    await page.waitForURL(/\/search\?/);
    const p = new URL(page.url()).searchParams;
    expect([p.get('q'), p.get('record_type'), p.get('record_name'), p.get('prev_path')]).toEqual(['Singapore', 'Country', 'Singapore', '/']);
    expect(p.get('record_id')).toMatch(/^\d+$/);
    expect(p.get('country_id')).toBe(p.get('record_id'));
  });

  test('an activity suggestion opens its experience page', async ({ page }) => {
    await page.goto('/');
    await focusHero(page);
    await heroField(page).fill('kayak');
    const activity = page.getByRole('option').filter({ hasText: /Activity · / }).first();
    await expect(activity).toBeVisible();
    await activity.click();
    await page.waitForURL(/\/experiences\/[\w-]+$/);
  });

  test('dates and guests popovers: range from today, day-month-year, adults + children', async ({ page, axe }) => {
    await page.goto('/');
    await focusHero(page);
    const bar = page.locator('.sb--hero');
    await bar.getByRole('button', { name: /Dates/ }).click();
    const dates = page.getByRole('dialog', { name: 'Choose dates' });
    await expect(dates).toBeVisible();
    // Days before today cannot be picked (today is the first enabled day).
    const enabled = dates.locator('.sb-cal__day:not([disabled])');
    const firstDay = await enabled.first().getAttribute('data-date');
    const today = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    expect(firstDay).toBe(today);
    await dates.getByRole('button', { name: 'Next month' }).click();
    await dates.locator('[data-date$="-10"]').click();
    await dates.locator('[data-date$="-14"]').click();
    await axe('.sb--hero');
    await dates.getByRole('button', { name: 'Done' }).click();
    await expect(bar.getByRole('button', { name: /Dates/ })).toContainText(/^Dates10 \w{3} \d{4} – 14 \w{3} \d{4}$/);

    await bar.getByRole('button', { name: /Guests/ }).click();
    const guests = page.getByRole('dialog', { name: 'Choose guests' });
    await guests.getByRole('button', { name: 'Add an adult' }).click();
    await guests.getByRole('button', { name: 'Add an adult' }).click();
    await guests.getByRole('button', { name: 'Add a child' }).click();
    await expect(guests.getByLabel(/Adults/)).toHaveValue('2');
    // Down to 1, then empty.
    await guests.getByRole('button', { name: 'Remove a child' }).click();
    await expect(guests.getByLabel(/Children/)).toHaveValue('');
    await expect(guests.getByRole('button', { name: 'Remove a child' })).toBeDisabled();
    await guests.getByRole('button', { name: 'Add a child' }).click();
    await page.keyboard.press('Escape');
    await expect(guests).toBeHidden();
    await expect(bar.getByRole('button', { name: /Guests/ })).toContainText('3 guests');

    await heroField(page).fill('kayak');
    await heroField(page).press('Enter');
    await page.waitForURL(/\/search\?/);
    const p = new URL(page.url()).searchParams;
    expect([p.get('num_guest'), p.get('num_adult'), p.get('num_child')]).toEqual(['3', '2', '1']);
    const [start, end] = p.getAll('dates[]');
    expect(start).toMatch(/^\d{4}-\d{2}-10$/);
    expect(end).toMatch(/^\d{4}-\d{2}-14$/);
  });

  test('the header bar on other pages searches from there', async ({ page, viewport }) => {
    test.skip((viewport?.width ?? 0) < 1200, 'the whole bar fits the header from 1200 px');
    await page.goto('/about');
    const field = page.locator('.sb--header').getByRole('combobox', { name: FIELD });
    await field.focus();
    await expect(page.locator('astro-island:has(.sb--header)')).not.toHaveAttribute('ssr', /.*/);
    await field.fill('forest');
    await expect(page.getByRole('listbox', { name: 'Search results' }).getByRole('option').first()).toBeVisible();
    await field.press('Enter');
    await page.waitForURL(/\/search\?/);
    expect(new URL(page.url()).searchParams.get('prev_path')).toBe('/about');
  });
});

test.describe('search modal on small screens @mobile', () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) > 768, 'the modal is the small-screen search');

  test("opens the modal titled 'Search', truncates names to 38 characters, and 'Clear All' empties it", async ({ page, axe }) => {
    await page.goto('/');
    await expect(page.locator('.sb--hero form[role="search"]')).toBeHidden();
    await page.locator('.sb--hero').getByRole('button', { name: FIELD }).click();
    const modal = page.getByRole('dialog', { name: 'Search' });
    await expect(modal).toBeVisible();
    const field = modal.getByRole('combobox', { name: FIELD });
    await expect(field).toBeFocused();
    // Desktop only: no Top Countries here.
    await expect(modal.getByRole('group', { name: 'Top Cities' })).toBeVisible();
    await expect(modal.getByRole('group', { name: 'Top Countries' })).toHaveCount(0);
    await axe('.sb-modal');

    await field.fill('trek');
    const names = modal.locator('.sb-result__name > [aria-hidden], .sb-result__name:not(:has([aria-hidden]))');
    await expect(names.first()).toBeVisible();
    for (const n of await names.allTextContents()) expect([...n].length).toBeLessThanOrEqual(38);

    await modal.getByRole('button', { name: 'Guests' }).click();
    await modal.getByRole('button', { name: 'Add an adult' }).click();
    await expect(modal.getByRole('button', { name: 'Guests' })).toContainText('1 guest');
    await modal.getByRole('button', { name: 'Clear All' }).click();
    await expect(field).toHaveValue('');
    await expect(modal.getByRole('button', { name: 'Guests' })).toContainText('Add guests');

    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();

    // And it searches.
    await page.locator('.sb--hero').getByRole('button', { name: FIELD }).click();
    await modal.getByRole('combobox', { name: FIELD }).fill('kayak');
    await modal.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/\/search\?q=kayak/);
  });

  test('the header offers the modal on other pages', async ({ page }) => {
    await page.goto('/about');
    await page.locator('.sb--header').getByRole('button', { name: FIELD }).click();
    await expect(page.getByRole('dialog', { name: 'Search' })).toBeVisible();
  });
});

// /search: the static shell whose island reads the URL. Filters change the results and survive a
// reload, sort, pagination, prices follow the chosen currency, and the spec's no-results text.
import type { FilterResponse, OptionSummary } from '../../src/contract/options.ts';
import type { Pagination } from '../../src/contract/common.ts';
import { camelizeKeys } from '../../src/lib/key-case.ts';
import { expect, expectIconsDrawn, test } from './fixtures.ts';

type List = { options: OptionSummary[]; pagination: Pagination };

test.describe('/search results page', () => {
  test('filters change the results, live in the URL and survive a reload', async ({ page, api }) => {
    await page.goto('/search');
    const status = page.locator('[data-status]');
    const all = camelizeKeys<List>(await api('/options?per=1'));
    await expect(status).toHaveText(`${all.pagination.totalCount} experiences`);
    await expect(page.locator('[data-list] .option-card')).toHaveCount(24);

    const facets = camelizeKeys<FilterResponse>(await api('/filter'));
    const morning = facets.time.find((v) => v.value === 'morning')!;
    await page.locator('[data-group="time"] summary').click();
    const box = page.getByRole('checkbox', { name: /Morning \(before 12pm\)/ });
    await box.check();
    await expect(page).toHaveURL(/[?&]time=morning/);
    await expect(status).toHaveText(`${morning.count} experiences`);
    await expect(page.locator('[data-group="time"] [data-badge]')).toHaveText(' (1)');
    await expectIconsDrawn(page, '[data-list]');

    // A second filter of another kind narrows; the count matches the API.
    const privateTrips = camelizeKeys<List>(await api('/options?per=1&time=morning&trip_type=private'));
    await page.locator('[data-group="trip_type"] summary').click();
    await page.getByRole('checkbox', { name: /^Private/ }).check();
    await expect(page).toHaveURL(/trip_type=private/);
    await expect(status).toHaveText(`${privateTrips.pagination.totalCount} experience${privateTrips.pagination.totalCount === 1 ? '' : 's'}`);

    await page.reload();
    await expect(status).toHaveText(`${privateTrips.pagination.totalCount} experience${privateTrips.pagination.totalCount === 1 ? '' : 's'}`);
    await page.locator('[data-group="time"] summary').click();
    await expect(page.getByRole('checkbox', { name: /Morning \(before 12pm\)/ })).toBeChecked();

    // Back goes to the previous filter set; Clear all empties them.
    await page.goBack();
    await expect(status).toHaveText(`${morning.count} experiences`);
    // A click outside closes the open panel.
    await page.getByRole('heading', { level: 1 }).click();
    await expect(page.locator('details[open]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Clear all' }).click();
    await expect(status).toHaveText(`${all.pagination.totalCount} experiences`);
    await expect(page).toHaveURL(/\/search$/);
  });

  test('tabs, price range and sort: cheapest first after sorting by price', async ({ page, api }) => {
    await page.goto('/search?tab=stays');
    const stays = camelizeKeys<List>(await api('/options?per=1&tab=stays'));
    await expect(page.locator('[data-status]')).toHaveText(`${stays.pagination.totalCount} experience${stays.pagination.totalCount === 1 ? '' : 's'}`);
    await expect(page.getByRole('button', { name: /^Stays/ })).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/search');
    await page.getByLabel('Sort by').selectOption('asc');
    await expect(page).toHaveURL(/sort_by=asc/);
    const cheapest = camelizeKeys<List>(await api('/options?per=3&sort_by=asc')).options;
    await expect(page.locator('[data-list] .option-card__name').first()).toHaveText(cheapest[0]!.name);
    await page.getByLabel('Sort by').selectOption('desc');
    const dearest = camelizeKeys<List>(await api('/options?per=3&sort_by=desc')).options;
    await expect(page.locator('[data-list] .option-card__name').first()).toHaveText(dearest[0]!.name);

    await page.locator('[data-group="prices"] summary').click();
    await page.getByLabel('Max (USD)').fill('40');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/prices=-40&currency=USD/);
    const capped = camelizeKeys<List>(await api('/options?per=1&prices=-40&currency=USD'));
    await expect(page.locator('[data-status]')).toHaveText(`${capped.pagination.totalCount} experiences`);
  });

  test('pagination moves through pages and keeps the filters', async ({ page, api }) => {
    await page.goto('/search?tab=experiences');
    const p2 = camelizeKeys<List>(await api('/options?per=24&page=2&tab=experiences'));
    await page.locator('[data-pager]').getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/tab=experiences&page=2/);
    await expect(page.locator('[data-pager] [aria-current="page"]')).toHaveText('2');
    await expect(page.locator('[data-list] .option-card__name').first()).toHaveText(p2.options[0]!.name);
    await page.reload();
    await expect(page.locator('[data-list] .option-card__name').first()).toHaveText(p2.options[0]!.name);
    await page.locator('[data-pager]').getByRole('link', { name: 'Previous' }).click();
    await expect(page.locator('[data-pager] [aria-current="page"]')).toHaveText('1');
  });

  test('prices show in the chosen currency and change with the picker', async ({ page }) => {
    await page.goto('/search?sort_by=asc');
    const price = page.locator('[data-list] [data-price-amount]').first();
    await expect(price).toHaveAttribute('data-price-shown', 'USD');
    const before = await price.textContent();
    await page.locator('.currency-picker__trigger').click();
    await page.locator('[data-currency-choice="EUR"]').click();
    await expect(price).toHaveAttribute('data-price-shown', 'EUR');
    await expect(price).toContainText('€');
    expect(await price.textContent()).not.toBe(before);
    // Cards drawn later (another page) come in the chosen currency too.
    await page.locator('[data-pager]').getByRole('link', { name: 'Next' }).click();
    await expect(page.locator('[data-pager] [aria-current="page"]')).toHaveText('2');
    await expect(page.locator('[data-list] [data-price-amount]').first()).toHaveAttribute('data-price-shown', 'EUR');
  });

  test('shows the spec text when nothing matches, and the search text in the title', async ({ page, axe }) => {
    await page.goto('/search?q=zzqqxxnothing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “zzqqxxnothing”');
    await expect(page.getByText('Oops! No results found.')).toBeVisible();
    await expect(page.locator('[data-list] .option-card')).toHaveCount(0);
    await axe('[data-results-root]');
  });

  test('the search bar record filters by city, and bad URL values are ignored without a crash', async ({ page, api }) => {
    const { cities } = camelizeKeys<{ cities: { id: number; name: string; slug: string; optionsCount: number }[] }>(await api('/cities?per=50'));
    const city = cities.find((c) => c.optionsCount > 0)!;
    const inCity = camelizeKeys<List>(await api(`/options?per=1&city_id=${city.id}`));
    await page.goto(`/search?q=${encodeURIComponent(city.name)}&record_type=City&record_id=${city.id}&record_name=${encodeURIComponent(city.name)}&prev_path=%2F&time=noon&page=abc`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for “${city.name}”`);
    await expect(page.locator('[data-status]')).toContainText(`${inCity.pagination.totalCount} experience`);
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/');
  });

  test('the full-text results find an experience by what it is, not by what its reviews say', async ({ page }) => {
    // Its name and description are indexed: a search for them finds its page.
    await page.goto(`/search?q=${encodeURIComponent('Angkor sunrise bicycle')}`);
    const hits = page.locator('[data-pages-list]');
    await expect(hits.getByRole('link', { name: 'Angkor Sunrise by Bicycle' })).toHaveAttribute('href', /^\/experiences\/angkor-sunrise-by-bicycle-/);
    // "knowledgeable" is in the reviews of 172 demo experiences and in no experience's own text:
    // reviews, the booking panel and the policies every page repeats are left out of the index.
    await page.goto('/search?q=knowledgeable');
    await expect(page.locator('[data-pages-status]')).toContainText('mention “knowledgeable”');
    await expect(hits.locator('a[href^="/experiences/"]')).toHaveCount(0);
  });
});

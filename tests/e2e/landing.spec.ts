// Landing pages /{countryCode}/{citySlug}/{id}(/{cateId}): one city's experiences for one theme,
// the first page pre-rendered (no script before interaction), the filter bar narrowing it.
import type { Pagination } from '../../src/contract/common.ts';
import type { OptionSummary } from '../../src/contract/options.ts';
import { camelizeKeys } from '../../src/lib/key-case.ts';
import { expect, expectIconsDrawn, test } from './fixtures.ts';

type List = { options: OptionSummary[]; pagination: Pagination };

/** A city and activity type with several experiences, read through the API. */
async function busyTheme(api: <T>(path: string) => Promise<T>) {
  const { options } = camelizeKeys<List>(await api('/options?per=100&sort_by=most_popular'));
  const counts = new Map<string, { o: OptionSummary; n: number }>();
  for (const o of options) {
    if (!o.activityType) continue;
    const key = `${o.city.id}/${o.activityType.slug}`;
    counts.set(key, { o, n: (counts.get(key)?.n ?? 0) + 1 });
  }
  const best = [...counts.values()].sort((a, b) => b.n - a.n)[0]!.o;
  const all = camelizeKeys<List>(await api(`/options?per=100&city_id=${best.city.id}&activity_type=${best.activityType!.slug}`));
  return { city: best.city, country: best.country, type: best.activityType!, all };
}

test.describe('landing pages', () => {
  test('render a city and theme with the filter bar, and filter', async ({ page, api, axe }) => {
    const { city, country, type, all } = await busyTheme(api);
    const path = `/${country.code.toLowerCase()}/${city.slug}/${type.slug}`;
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${type.name} in ${city.name}`);
    await expect(page.locator('[data-status]')).toHaveText(`${all.pagination.totalCount} experience${all.pagination.totalCount === 1 ? '' : 's'}`);
    const names = await page.locator('[data-list] .option-card__name').allTextContents();
    if (all.pagination.totalCount <= 24) expect(new Set(names.map((n) => n.trim()))).toEqual(new Set(all.options.map((o) => o.name)));
    else expect(names).toHaveLength(24);
    // The page's own city and activity type are not offered as filters.
    await expect(page.locator('[data-group="city_ids"]')).toHaveCount(0);
    await expect(page.locator('[data-group="activity_type"]')).toHaveCount(0);
    expect(scripts.some((s) => s.includes('results'))).toBe(false);
    await axe('main');

    // Choosing a duration loads the filter code and narrows the list to what the API says.
    await page.locator('[data-group="durations"] summary').click();
    const first = page.locator('[data-group="durations"] input:not([disabled])').first();
    await expect(first).toBeVisible();
    const value = await first.getAttribute('value');
    await first.check();
    await expect(page).toHaveURL(new RegExp(`durations=${value}`));
    const narrowed = camelizeKeys<List>(await api(`/options?per=100&city_id=${city.id}&activity_type=${type.slug}&durations=${value}`));
    await expect(page.locator('[data-status]')).toHaveText(`${narrowed.pagination.totalCount} experience${narrowed.pagination.totalCount === 1 ? '' : 's'}`);
    await expect(page.locator('[data-list] .option-card')).toHaveCount(Math.min(24, narrowed.pagination.totalCount));
    await expectIconsDrawn(page, '[data-list]');

    // A shared filtered address shows the filtered view straight away.
    await page.reload();
    await expect(page.locator('[data-status]')).toHaveText(`${narrowed.pagination.totalCount} experience${narrowed.pagination.totalCount === 1 ? '' : 's'}`);
    await expect(page.locator('[data-list] .option-card')).toHaveCount(Math.min(24, narrowed.pagination.totalCount));
  });

  test('a collection landing page and its category sub-page render; unknown ids are the 404 page', async ({ page, request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    const landings = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+(\/[a-z]{2}\/[^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(landings.length).toBeGreaterThan(10);
    const sub = landings.find((p) => p.split('/').length === 5)!;
    await page.goto(sub);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[data-list] .option-card').first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link')).toHaveCount(4);

    const [, cc, citySlug] = sub.split('/');
    for (const missing of [`/${cc}/${citySlug}/no-such-theme`, `/${cc}/${citySlug}/no-such-theme/x`, `/zz/${citySlug}/cycling`]) {
      const res = await page.goto(missing);
      expect(res?.status(), missing).toBe(404);
    }
  });
});

test.describe('landing page filters on a phone @mobile', () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test('the filter row swipes, a panel opens full width and a tick narrows the list', async ({ page, api }) => {
    const { city, country, type, all } = await busyTheme(api);
    await page.goto(`/${country.code.toLowerCase()}/${city.slug}/${type.slug}`);
    const row = page.locator('.filter-bar__groups');
    expect(await row.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await page.locator('[data-group="trip_type"] summary').click();
    const panel = page.locator('[data-group="trip_type"] [data-panel]');
    await expect(panel).toBeVisible();
    const box = await panel.boundingBox();
    expect(box!.width).toBeGreaterThan(300);
    const option = panel.locator('input:not([disabled])').first();
    await expect(option).toBeVisible();
    const value = await option.getAttribute('value');
    await option.check();
    const narrowed = camelizeKeys<List>(await api(`/options?per=1&city_id=${city.id}&activity_type=${type.slug}&trip_type=${value}`));
    const n = narrowed.pagination.totalCount;
    await expect(page.locator('[data-status]')).toHaveText(`${n} experience${n === 1 ? '' : 's'}`);
    expect(n).toBeLessThanOrEqual(all.pagination.totalCount);
  });
});

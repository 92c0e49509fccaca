import { expect, test } from './fixtures.ts';

test.describe('home @mobile', () => {
  test('loads and leads to a country, a city and an experience that load', async ({ page, axe }) => {
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle(/ \| Verdant$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const hrefs: string[] = [];
    for (const prefix of ['/countries/', '/cities/', '/experiences/']) {
      const href = await page.locator(`main a[href^="${prefix}"]`).first().getAttribute('href');
      expect(href, `a link to ${prefix}…`).toBeTruthy();
      hrefs.push(href!);
    }
    await axe();

    for (const href of hrefs) {
      const r = await page.goto(href);
      expect(r?.status(), href).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page).toHaveTitle(/ \| Verdant$/);
    }
  });

  test('shows reviews of Verdant and the licence line', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'What travellers say about Verdant' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(/Travel agent licence TA03317/);
  });
});

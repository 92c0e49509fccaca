import { expect, test } from './fixtures.ts';

for (const path of ['/experiences/no-such-experience-x1', '/countries/atlantis', '/magazine/a/never-written', '/no/such/page']) {
  test(`${path} answers the 404 page with status 404`, async ({ page }) => {
    const res = await page.goto(path);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This trail has gone cold');
    await expect(page.getByRole('link', { name: 'Back to the homepage' })).toHaveAttribute('href', '/');
  });
}

test('the 404 page is accessible', async ({ page, axe }) => {
  await page.goto('/no-such-page');
  await axe();
});

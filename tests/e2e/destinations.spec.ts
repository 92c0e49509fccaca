import { firstCity, firstCountry } from './catalogue.ts';
import { expect, test } from './fixtures.ts';

test('a country page shows its facts, cities and experiences', async ({ page, api, axe }) => {
  const country = await firstCountry(api);
  const res = await page.goto(`/countries/${country.slug}`);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(country.name);
  await expect(page).toHaveTitle(new RegExp(`^${country.name}.* \\| Verdant$`));
  await expect(page.getByRole('heading', { name: 'Quick facts' })).toBeVisible();
  await expect(page.locator('main a[href^="/cities/"]').first()).toBeVisible();
  await expect(page.locator('.option-card').first()).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/countries/${country.slug}$`));
  await axe();
});

test('a city page shows its experiences and places of interest', async ({ page, api, axe }) => {
  const city = await firstCity(api);
  const res = await page.goto(`/cities/${city.slug}`);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(city.name);
  await expect(page.getByRole('heading', { name: `Experiences in ${city.name}` })).toBeVisible();
  await expect(page.locator('.option-card').first()).toBeVisible();
  if (city.placesOfInterest.length > 0) {
    await expect(page.getByRole('heading', { name: city.placesOfInterest[0]!.name, exact: true })).toBeVisible();
  }
  await axe();
});

import { expect, test } from './fixtures.ts';

test('/account/anything answers 200 with the account shell', async ({ page, axe }) => {
  const res = await page.goto('/account/anything');
  expect(res?.status()).toBe(200);
  await expect(page).toHaveTitle('Your account | Verdant');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page isn’t part of your account');
  await axe();
});

test('an account section asks the visitor to log in', async ({ page, axe }) => {
  const res = await page.goto('/account/trips');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in to see your bookings');
  await expect(page.getByRole('main').getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  await axe();
});

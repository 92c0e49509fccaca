// Saved payment cards (issue 24 item 1, ADR 0038): a member ticks "Save this card" at checkout,
// pays the next booking with it without typing the number, sees it in the account and removes it.
import type { Page } from '@playwright/test';
import { freshEmail, signUpViaApi } from './accounts.ts';
import { bookFromWidget, fillCheckout, payButton, pickExperience } from './booking.ts';
import { expect, test } from './fixtures.ts';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() =>
    localStorage.setItem('consentMode', JSON.stringify({ necessaryCookie: true, performanceCookie: true, functionalCookie: true, targetingCookie: true })),
  );
});

async function member(page: Page) {
  const email = freshEmail('cards');
  const { token } = await signUpViaApi(page.request, { name: 'Ana Cardoso', email, password: 'a-long-password-1' });
  await page.goto('/about');
  await page.evaluate((t) => localStorage.setItem('access_token', t), token);
  await page.reload();
  await expect(page.getByRole('button', { name: /Your account/ })).toBeVisible();
  await page.evaluate(() => (document.cookie = 'currency=SGD; Path=/'));
  return { email };
}

async function paid(page: Page) {
  await payButton(page).click();
  await page.waitForURL(/\/checkout\/confirmation\?order=/, { timeout: 30_000 });
  await expect(page.getByTestId('confirmation-title')).toHaveText('You’re booked!');
}

test('save a card at checkout, pay the next booking with it without typing it, remove it in the account', async ({ page, api, axe }) => {
  // Three checkouts in one journey: each took 20-35 s on CI's loaded machine (limits only).
  test.setTimeout(180_000);
  await member(page);
  const first = await pickExperience(api, { currency: 'SGD', skip: 1 });

  // First booking: a new card, and the box ticked.
  await bookFromWidget(page, first.slugCode);
  await expect(page.getByText('Your saved cards')).toHaveCount(0);
  await fillCheckout(page, '4242 4242 4242 4242', { keepContact: true });
  await page.getByLabel('Save this card for next time').check();
  await paid(page);

  // Next booking: the saved card is chosen already; no card fields to type into.
  await bookFromWidget(page, first.slugCode);
  const saved = page.getByRole('group', { name: 'Your saved cards' });
  await expect(saved.getByRole('radio', { name: /Visa •••• 4242/ })).toBeChecked();
  await expect(saved).toContainText('Expires 12/30');
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await axe('.checkout');
  await fillCheckout(page, undefined, { keepContact: true });
  await paid(page);
  await expect(page.getByText(/Visa •••• 4242/).first()).toBeVisible();

  // The account lists it (brand, last four, expiry; never the number) and removes it.
  await page.goto('/account/payment-cards');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment cards' })).toBeVisible();
  const card = page.getByTestId('payment-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Visa •••• 4242');
  await expect(card).toContainText('Expires 12/30');
  await expect(card).toContainText('Default');
  await expect(page.locator('body')).not.toContainText('4242 4242 4242 4242');
  await axe('.acct');
  await card.getByRole('button', { name: 'Remove Visa ending in 4242' }).click();
  await page.getByRole('group', { name: 'Confirm removing Visa ending in 4242' }).getByRole('button', { name: 'Yes, remove' }).click();
  await expect(page.getByText('Visa ending in 4242 was removed.')).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(page.getByText('No saved cards')).toBeVisible();

  // Checkout asks for a card again.
  await bookFromWidget(page, first.slugCode);
  await expect(page.getByText('Your saved cards')).toHaveCount(0);
  await expect(page.getByLabel('Card number')).toBeVisible();
});

test('a saved card that asks the bank for a code asks again when it is reused', async ({ page, api }) => {
  await member(page);
  const option = await pickExperience(api, { currency: 'SGD', skip: 2 });
  await bookFromWidget(page, option.slugCode);
  await fillCheckout(page, '4000 0025 0000 3155', { keepContact: true });
  await page.getByLabel('Save this card for next time').check();
  await payButton(page).click();
  const otp = page.getByRole('dialog', { name: 'Approve this payment' });
  await otp.getByLabel('One-time code').fill('123456');
  await otp.getByRole('button', { name: 'Verify and pay' }).click();
  await page.waitForURL(/\/checkout\/confirmation\?order=/, { timeout: 30_000 });

  await bookFromWidget(page, option.slugCode);
  await expect(page.getByRole('radio', { name: /Visa •••• 3155/ })).toBeChecked();
  await fillCheckout(page, undefined, { keepContact: true });
  await payButton(page).click();
  await expect(otp).toContainText('visa •••• 3155');
  await otp.getByLabel('One-time code').fill('000000');
  await otp.getByRole('button', { name: 'Verify and pay' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The provided payment method has failed authentication' })).toBeVisible();
});

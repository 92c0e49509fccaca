// Wallet payments (issue 29) on the test gateway, as a guest pays: the simulated Google Pay
// sheet (cancel keeps everything, approve books), and GrabPay's page (decline, abandon until
// the hold lapses on the test gateway's clock, approve). Two deep journeys, each on its own
// experience because they count seats. Screenshots: SCREENSHOTS=1 (see the last test).
import type { Page } from '@playwright/test';
import { bookFromWidget, fillCheckout, GUEST, payButton, pickExperience, unitsLeft } from './booking.ts';
import { API_KEY, expect, test } from './fixtures.ts';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('consentMode', JSON.stringify({ necessaryCookie: true, performanceCookie: true, functionalCookie: true, targetingCookie: true }));
  });
});

/** The bag's departure (its detailed timeslot id) and guests, read as the checkout does. */
async function bagSlot(page: Page): Promise<{ slot: string; guests: number }> {
  return page.evaluate(async (key) => {
    const id = localStorage.getItem('cartId');
    const r = await fetch(`/api/v1/cart?cart_id=${id}&view=with_order_item`, { headers: { authorization: `Bearer ${key}` } });
    const item = ((await r.json()) as { order_item: { detailed_timeslot_id: string; total_quantity: number } }).order_item;
    return { slot: item.detailed_timeslot_id, guests: item.total_quantity };
  }, API_KEY);
}

async function inSgd(page: Page) {
  await page.goto('/');
  await page.evaluate(() => (document.cookie = 'currency=SGD; Path=/'));
}

test.describe('wallets at checkout', () => {
  test('Google Pay: the sheet shows the all-in total; cancel charges nothing and keeps the form; approve books @mobile', async ({ page, api, axe }) => {
    test.setTimeout(60_000);
    const option = await pickExperience(api, { currency: 'SGD', skip: 3 });
    await inSgd(page);
    await bookFromWidget(page, option.slugCode, { adults: 2 });
    const { slot } = await bagSlot(page);
    const before = await unitsLeft(api, option.slugCode, slot);
    await fillCheckout(page);
    const total = (await page.getByTestId('summary-total').textContent()) ?? '';

    // Chromium has the Payment Request API (Google Pay) but no ApplePaySession: Apple Pay is not offered.
    const wallets = page.getByTestId('wallet-buttons');
    await expect(wallets.getByRole('button', { name: 'Pay with Google Pay' })).toBeVisible();
    await expect(wallets.getByRole('button', { name: 'Pay with Apple Pay' })).toHaveCount(0);

    await wallets.getByRole('button', { name: 'Pay with Google Pay' }).click();
    const sheet = page.getByRole('dialog', { name: 'Google Pay' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByTestId('wallet-sheet-amount')).toHaveText(total);
    await axe('.wallet-sheet');
    await sheet.getByRole('button', { name: 'Cancel' }).click();
    await expect(sheet).toBeHidden();
    await expect(page.locator('.checkout__message')).toHaveText('You closed Google Pay: nothing was charged. Your details are still here.');
    await expect(page.getByLabel('Full name', { exact: true })).toHaveValue(GUEST.name);
    await expect(page.getByLabel('Email')).toHaveValue(GUEST.email);
    expect(await unitsLeft(api, option.slugCode, slot)).toBe(before);
    expect(page.url()).toMatch(/\/checkout$/);

    // Escape closes it the same way; then approve.
    await wallets.getByRole('button', { name: 'Pay with Google Pay' }).click();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await wallets.getByRole('button', { name: 'Pay with Google Pay' }).click();
    await sheet.getByRole('button', { name: `Pay ${total}` }).click();
    await page.waitForURL(/\/checkout\/confirmation\?order=/);
    await expect(page.getByTestId('confirmation-title')).toHaveText('You’re booked!');
    await expect(page.getByTestId('confirmation-paid')).toContainText(`${total} · Google Pay · Visa •••• 4242`);
    expect(await unitsLeft(api, option.slugCode, slot)).toBe(before - 2);
  });

  test('GrabPay: decline says so; an abandoned payment holds the seats until the hold lapses (test clock); approve books', async ({ page, api }) => {
    test.setTimeout(90_000);
    const option = await pickExperience(api, { currency: 'SGD', skip: 4 });
    await inSgd(page);
    await bookFromWidget(page, option.slugCode);
    const { slot, guests } = await bagSlot(page);
    const before = await unitsLeft(api, option.slugCode, slot);
    await fillCheckout(page);
    const grab = page.getByLabel(/GrabPay/);
    await expect(page.locator('.choice', { has: grab })).toContainText('Approve in your Grab app');

    // 1. Decline on GrabPay's page: back on /checkout/finalizing with a clear message; nothing held.
    await grab.check();
    await expect(payButton(page)).toHaveText(/^Continue to GrabPay to pay S\$/);
    await payButton(page).click();
    await page.waitForURL(/\/test-gateway\/grabpay\/pi_test_/);
    await expect(page.getByRole('heading', { name: 'Pay Verdant Travel' })).toBeVisible();
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL(/\/checkout\/finalizing\?order=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your payment did not go through' })).toBeVisible();
    await expect(page.locator('.checkout-empty [role="alert"]')).toHaveText('GrabPay declined this payment, so nothing was charged. Please try again or choose another way to pay.');
    expect(await unitsLeft(api, option.slugCode, slot)).toBe(before);

    // 2. Abandon: GrabPay's page is left alone. The seats stay held until the hold lapses.
    await page.getByRole('link', { name: 'Back to checkout' }).click();
    await fillCheckout(page);
    await page.getByLabel(/GrabPay/).check();
    // The pay call's answer names the order (the page leaves for GrabPay at once, so read it on the way).
    let orderId = '';
    await page.route('**/api/v1/checkouts/pay', async (route) => {
      const res = await route.fetch();
      orderId = ((await res.json()) as { order: { id: string } }).order.id;
      await route.fulfill({ response: res });
    });
    await payButton(page).click();
    await page.waitForURL(/\/test-gateway\/grabpay\//);
    const grabPage = page.url();
    await page.unroute('**/api/v1/checkouts/pay');
    expect(orderId).not.toBe('');
    await page.goto(`/experiences/${option.slugCode}`);
    expect(await unitsLeft(api, option.slugCode, slot)).toBe(before - guests);
    const clock = async (minutes: number) => {
      const order = await api<{ hold_expires_at: string | null }>(`/orders/${orderId}`);
      const at = new Date(Date.parse(order.hold_expires_at ?? new Date().toISOString()) + minutes * 60_000).toISOString();
      const r = await page.request.post('/api/v1/test-gateway/clock', { headers: { authorization: `Bearer ${API_KEY}` }, data: { order_id: orderId, at } });
      expect(r.status()).toBe(200);
      return (await r.json()) as { expired: number };
    };
    expect((await clock(-1)).expired).toBe(0);
    expect(await unitsLeft(api, option.slugCode, slot)).toBe(before - guests);
    expect((await clock(1)).expired).toBe(1);
    expect(await unitsLeft(api, option.slugCode, slot)).toBe(before);
    await page.goto(grabPage);
    await expect(page.getByRole('heading', { name: 'This payment request is closed: nothing was charged.' })).toBeVisible();

    // 3. Approve: back through /checkout/finalizing to the same confirmation as a card.
    await page.goto('/checkout');
    await fillCheckout(page);
    await page.getByLabel(/GrabPay/).check();
    await payButton(page).click();
    await page.waitForURL(/\/test-gateway\/grabpay\//);
    await page.getByRole('button', { name: /^Pay S\$/ }).click();
    await page.waitForURL(/\/checkout\/confirmation\?order=/);
    await expect(page.getByTestId('confirmation-title')).toHaveText('You’re booked!');
    await expect(page.getByTestId('confirmation-paid')).toContainText('GrabPay');
    expect(await unitsLeft(api, option.slugCode, slot)).toBe(before - guests);
  });

  test('GrabPay takes SGD or MYR only, said up front', async ({ page, api }) => {
    const option = await pickExperience(api, { currency: 'SGD' });
    await page.goto('/');
    await page.evaluate(() => (document.cookie = 'currency=USD; Path=/'));
    await bookFromWidget(page, option.slugCode);
    const grab = page.getByLabel(/GrabPay/);
    await expect(grab).toBeDisabled();
    await expect(page.locator('.choice', { has: grab })).toContainText('GrabPay takes Singapore dollars or Malaysian ringgit: switch the currency to SGD or MYR');
  });
});

// Screenshots for a visual review (SCREENSHOTS=1): wallet buttons (Apple Pay shown as on a device
// that has it), the sheet, and GrabPay's page, at 375 and 1280 px.
for (const width of [375, 1280]) {
  test(`wallet screens at ${width} px`, async ({ page, api }) => {
    test.skip(!process.env['SCREENSHOTS'], 'screenshots are taken on request (SCREENSHOTS=1)');
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
    await page.addInitScript(() => Object.assign(window, { ApplePaySession: { canMakePayments: () => true } }));
    const dir = `test-results/screens/${width}`;
    const option = await pickExperience(api, { currency: 'SGD' });
    await inSgd(page);
    await bookFromWidget(page, option.slugCode);
    await fillCheckout(page);
    await page.locator('#co-pay').scrollIntoViewIfNeeded();
    await page.locator('.checkout__section', { has: page.locator('#co-pay') }).screenshot({ path: `${dir}/wallet-01-buttons.png` });
    await page.getByRole('button', { name: 'Pay with Google Pay' }).click();
    await page.screenshot({ path: `${dir}/wallet-02-google-pay-sheet.png` });
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Pay with Apple Pay' }).click();
    await page.screenshot({ path: `${dir}/wallet-03-apple-pay-sheet.png` });
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByLabel(/GrabPay/).check();
    await payButton(page).click();
    await page.waitForURL(/\/test-gateway\/grabpay\//);
    await page.screenshot({ path: `${dir}/wallet-04-grabpay-page.png` });
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL(/\/checkout\/finalizing/);
    await expect(page.locator('.checkout-empty [role="alert"]')).toBeVisible();
    await page.screenshot({ path: `${dir}/wallet-05-grabpay-declined.png` });
  });
}

// Booking journeys of a guest (issue 7): widget → bag → checkout → payment → confirmation.
import { amountOf, bookFromWidget, chooseInWidget, fillCheckout, GUEST, payButton, pickExperience, unitsLeft } from './booking.ts';
import { expect, test } from './fixtures.ts';
import { freshEmail, loginAs, signUpViaApi } from './accounts.ts';

// The cookie banner is answered: these journeys are about booking.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() =>
    localStorage.setItem('consentMode', JSON.stringify({ necessaryCookie: true, performanceCookie: true, functionalCookie: true, targetingCookie: true })),
  );
});

test.describe('booking widget and bag @mobile', () => {
  test('the widget shows only open dates, prices live, and the bag shows the item per the spec', async ({ page, api, axe }) => {
    const option = await pickExperience(api, { currency: 'SGD' });
    await chooseInWidget(page, option.slugCode);
    // Days it does not run are not offered.
    await expect(page.locator('#availability .cal__day:not([data-status]):not([disabled])')).toHaveCount(0);
    const total = page.locator('#availability').getByTestId('widget-total');
    await expect(total).toContainText('S$');
    await axe('#availability');

    await page.locator('#availability').getByRole('button', { name: 'Add to bag' }).click();
    const bag = page.locator('.hcart__panel');
    await expect(bag).toBeVisible();
    await expect(page.locator('.hcart__badge')).toBeVisible();
    await expect(page.locator('.hcart__badge')).toHaveText('1');
    await expect(bag.getByText('Your bag')).toBeVisible();
    const name = await bag.locator('.hcart__name').textContent();
    expect([...(name ?? '')].length).toBeLessThanOrEqual(42);
    await expect(bag.locator('.hcart__item img')).toHaveCount(1);
    await expect(bag.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', new RegExp(`/experiences/${option.slugCode}\\?edit=1`));
    await expect(bag.getByTestId('bag-total')).toHaveText((await total.textContent()) ?? '');
    await expect(bag.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
    await axe('.hcart__panel');

    // The badge survives a reload before any interaction; remove empties the bag.
    await page.reload();
    await expect(page.locator('.hcart__badge')).toBeVisible();
    await page.locator('.hcart__trigger').click();
    await bag.getByRole('button', { name: 'Remove' }).click();
    await expect(bag.getByText('Bag whispers: "Fill me!"')).toBeVisible();
    await expect(page.locator('.hcart__badge')).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('cartId'))).toBeNull();
  });
});

test.describe('checkout journeys', () => {
  test('instant booking paid with 4242 lands on the confirmation page @mobile', async ({ page, api, axe }) => {
    const option = await pickExperience(api, { currency: 'SGD' });
    await bookFromWidget(page, option.slugCode, { adults: 2 });
    await axe();
    await fillCheckout(page, '4242 4242 4242 4242');
    // The test gateway: no third-party script on checkout, and a CSP that allows none.
    await expect(page.locator('script[src*="stripe"]')).toHaveCount(0);
    const csp = (await page.request.get('/checkout')).headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')*;/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).not.toContain('stripe');
    const total = await page.getByTestId('summary-total').textContent();
    await payButton(page).click();
    await page.waitForURL(/\/checkout\/confirmation\?order=/);
    await expect(page.getByTestId('confirmation-title')).toHaveText('You’re booked!');
    await expect(page.getByTestId('order-number')).toHaveText(/^VRD-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    await expect(page.getByTestId('confirmation-paid')).toContainText(total ?? '');
    await expect(page.getByTestId('confirmation-paid')).toContainText('4242');
    // Guests are offered an account with the same e-mail, coming back to this booking.
    const offer = page.getByRole('link', { name: `Create an account with ${GUEST.email}` });
    const href = new URL((await offer.getAttribute('href')) ?? '', 'http://x');
    expect(href.pathname).toBe('/users/signup');
    expect(href.searchParams.get('email')).toBe(GUEST.email);
    expect(href.searchParams.get('redirect_path')).toBe('/checkout/confirmation');
    await axe();
    // The bag is empty now.
    expect(await page.evaluate(() => localStorage.getItem('cartId'))).toBeNull();

    // Guests' details can be completed later at /trips/{id}/required_info.
    const orderId = new URL(page.url()).searchParams.get('order');
    const order = await api<{ order_item: { id: string } }>(`/orders/${orderId}`);
    await page.goto(`/trips/${order.order_item.id}/required_info`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Who’s going on');
    const first = page.locator('.checkout__guest-card').first().getByLabel('Full name (as on ID)');
    await expect(first).toHaveValue(GUEST.name);
    await first.fill('Tan Mei Ling');
    await page.getByRole('button', { name: 'Send to the operator' }).click();
    await page.waitForURL(/\/required_info\/submit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you' })).toBeVisible();
  });

  test('3-D Secure card: the bank’s challenge, then confirmed', async ({ page, api }) => {
    const option = await pickExperience(api, { currency: 'SGD' });
    await bookFromWidget(page, option.slugCode);
    await fillCheckout(page, '4000 0025 0000 3155');
    await payButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Approve this payment' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('One-time code').fill('123456');
    await dialog.getByRole('button', { name: 'Verify and pay' }).click();
    await page.waitForURL(/\/checkout\/confirmation/);
    await expect(page.getByTestId('confirmation-title')).toHaveText('You’re booked!');
  });

  test('a failed challenge shows the spec’s words and books nothing', async ({ page, api }) => {
    // Its own experience: journeys run in parallel and this one counts seats.
    const option = await pickExperience(api, { currency: 'SGD', skip: 2 });
    await bookFromWidget(page, option.slugCode);
    const slot = await page.evaluate(async () => {
      const id = localStorage.getItem('cartId');
      const r = await fetch(`/api/v1/cart?cart_id=${id}&view=with_order_item`, { headers: { authorization: 'Bearer verdant-dev-public-key' } });
      return ((await r.json()) as { order_item: { detailed_timeslot_id: string } }).order_item.detailed_timeslot_id;
    });
    const before = await unitsLeft(api, option.slugCode, slot);
    await fillCheckout(page, '4000002500003155');
    await payButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Approve this payment' });
    await dialog.getByLabel('One-time code').fill('000000');
    await dialog.getByRole('button', { name: 'Verify and pay' }).click();
    await expect(page.locator('.checkout__message')).toHaveText('The provided payment method has failed authentication');
    await expect(dialog).toBeHidden();
    expect(page.url()).toMatch(/\/checkout$/);
    expect(await unitsLeft(api, option.slugCode, slot)).toBe(before);
  });

  test('a declined card: a clear message, nothing booked, seats unchanged @mobile', async ({ page, api }) => {
    const option = await pickExperience(api, { currency: 'SGD', skip: 1 });
    await bookFromWidget(page, option.slugCode);
    const slot = await page.evaluate(async () => {
      const id = localStorage.getItem('cartId');
      const r = await fetch(`/api/v1/cart?cart_id=${id}&view=with_order_item`, { headers: { authorization: 'Bearer verdant-dev-public-key' } });
      return ((await r.json()) as { order_item: { detailed_timeslot_id: string } }).order_item.detailed_timeslot_id;
    });
    const before = await unitsLeft(api, option.slugCode, slot);
    await fillCheckout(page, '4000 0000 0000 9995');
    await payButton(page).click();
    await expect(page.locator('.checkout__message')).toHaveText('Your card has insufficient funds. You have not been charged; please try another card or pay with PayNow.');
    expect(await unitsLeft(api, option.slugCode, slot)).toBe(before);
    await expect(page.locator('.hcart__badge')).toBeVisible(); // still in the bag
  });

  test('a promotion code is applied (subtotal struck through) and removed', async ({ page, api }) => {
    const option = await pickExperience(api, { currency: 'SGD' });
    await bookFromWidget(page, option.slugCode, { adults: 2 });
    const summary = page.locator('.summary');
    const before = amountOf((await summary.getByTestId('summary-total').textContent()) ?? '');
    await summary.getByLabel('Promotion code').fill('NOSUCHCODE');
    await summary.getByRole('button', { name: 'Apply' }).click();
    await expect(summary.getByRole('alert')).toHaveText('This promotion code does not exist');
    await summary.getByLabel('Promotion code').fill('welcome10');
    await summary.getByRole('button', { name: 'Apply' }).click();
    await expect(summary.locator('.promo__code')).toHaveText('WELCOME10');
    await expect(summary.locator('.summary__sub s')).toBeVisible();
    const after = amountOf((await summary.getByTestId('summary-total').textContent()) ?? '');
    expect(after).toBeCloseTo(before - Math.round(before * 10) / 100, 2);
    // The bag shows the struck-through subtotal too.
    await page.goto('/');
    await page.locator('.hcart__trigger').click();
    await expect(page.locator('.hcart__totals s')).toBeVisible();
    await page.goto('/checkout');
    await summary.getByRole('button', { name: 'Remove' }).click();
    await expect(summary.locator('.summary__sub')).toHaveCount(0);
    expect(amountOf((await summary.getByTestId('summary-total').textContent()) ?? '')).toBeCloseTo(before, 2);
  });

  test('PayNow: the QR is shown, and the booking settles when paid', async ({ page, api }) => {
    const option = await pickExperience(api, { currency: 'SGD' });
    await page.goto('/');
    await page.evaluate(() => (document.cookie = 'currency=SGD; Path=/'));
    await bookFromWidget(page, option.slugCode);
    await fillCheckout(page);
    await page.getByLabel(/PayNow/).check();
    await payButton(page).click();
    const qr = page.getByRole('img', { name: /PayNow QR code for S\$/ });
    await expect(qr).toBeVisible();
    await page.getByRole('button', { name: 'Simulate payment (development)' }).click();
    await page.waitForURL(/\/checkout\/confirmation/);
    await expect(page.getByTestId('confirmation-title')).toHaveText('You’re booked!');
    await expect(page.getByTestId('confirmation-paid')).toContainText('PayNow');
  });

  test('request to book lands in processing', async ({ page, api }) => {
    const option = await pickExperience(api, { bookType: 'request_to_book' });
    await bookFromWidget(page, option.slugCode, { adults: 1 });
    await fillCheckout(page, '4242424242424242');
    await payButton(page).click();
    await page.waitForURL(/\/checkout\/confirmation/);
    await expect(page.getByTestId('confirmation-title')).toHaveText('Request sent');
    const orderId = new URL(page.url()).searchParams.get('order');
    const order = await api<{ order_item: { status: string } }>(`/orders/${orderId}`);
    expect(order.order_item.status).toBe('processing');
  });

  test('a currency switch changes every bag and checkout amount consistently', async ({ page, api }) => {
    const option = await pickExperience(api, { currency: 'SGD' });
    await page.goto('/');
    await page.evaluate(() => (document.cookie = 'currency=SGD; Path=/'));
    await bookFromWidget(page, option.slugCode, { adults: 2 });
    const summary = page.locator('.summary');
    await expect(summary.getByTestId('summary-total')).toContainText('S$');
    await expect(summary.getByTestId('summary-fx')).toHaveCount(0);

    await page.locator('.currency-picker__trigger').click();
    await page.locator('[data-currency-choice="EUR"]').click();
    await expect(summary.getByTestId('summary-total')).toContainText('€');
    await expect(summary.getByTestId('summary-fx')).toContainText('1 SGD =');
    await expect(summary.getByTestId('summary-fx')).toContainText('2% currency conversion fee');
    // Every line is in euros and the lines add up to the total.
    const lines = await summary.locator('.summary__lines > div:not(.summary__total) dd').allTextContents();
    expect(lines.every((l) => l.includes('€'))).toBe(true);
    const sum = lines.reduce((a, l) => a + amountOf(l), 0);
    expect(amountOf((await summary.getByTestId('summary-total').textContent()) ?? '')).toBeCloseTo(sum, 2);
    await expect(payButton(page)).toContainText('€');
    // The bag agrees with the checkout.
    await page.goto('/');
    await page.locator('.hcart__trigger').click();
    const bagTotal = await page.getByTestId('bag-total').textContent();
    await page.goto('/checkout');
    await expect(summary.getByTestId('summary-total')).toHaveText(bagTotal ?? '');
  });
});

// A member's stored value (spec §3 Cart, §9): the seeded explorer holds S$610 of credits and the
// gift code EZRA-TRAIL-30. Serial: both journeys use the explorer's one bag.
test.describe('paying with what a member holds', () => {
  test.describe.configure({ mode: 'serial' });

  test('a gift code is applied to the bag and removed', async ({ page, api }) => {
    await loginAs(page, 'explorer@verdant.test');
    const option = await pickExperience(api, { currency: 'SGD' });
    await page.goto('/');
    await page.evaluate(() => (document.cookie = 'currency=SGD; Path=/'));
    await bookFromWidget(page, option.slugCode, { adults: 2 });
    const summary = page.locator('.summary');
    const before = amountOf((await summary.getByTestId('summary-total').textContent()) ?? '');
    await expect(page.getByText('Booking as a guest')).toHaveCount(0);
    await summary.getByLabel('Gift code').fill('NOT-A-GIFT');
    await summary.getByRole('button', { name: 'Apply' }).nth(1).click();
    await expect(summary.getByRole('alert')).toHaveText('This gift code is not valid');
    await summary.getByLabel('Gift code').fill('ezra-trail-30');
    await summary.getByRole('button', { name: 'Apply' }).nth(1).click();
    await expect(summary.getByTestId('gift-code-applied')).toContainText('EZRA-TRAIL-30');
    await expect(summary.getByTestId('summary-gift-code')).toHaveText('−S$30.00');
    expect(amountOf((await summary.getByTestId('summary-total').textContent()) ?? '')).toBeCloseTo(before - 30, 2);
    await expect(payButton(page)).toContainText(`S$${(before - 30).toFixed(2)}`);
    await summary.getByRole('button', { name: 'Remove gift code' }).click();
    await expect(summary.getByTestId('summary-gift-code')).toHaveCount(0);
    await expect(summary.getByLabel('Gift code')).toBeVisible();
    expect(amountOf((await summary.getByTestId('summary-total').textContent()) ?? '')).toBeCloseTo(before, 2);
  });

  test('credits pay the whole booking, without a card', async ({ page, api }) => {
    await loginAs(page, 'explorer@verdant.test');
    const option = await pickExperience(api, { currency: 'SGD' });
    await page.goto('/');
    await page.evaluate(() => (document.cookie = 'currency=SGD; Path=/'));
    await bookFromWidget(page, option.slugCode, { adults: 1 });
    const summary = page.locator('.summary');
    const price = (await summary.getByTestId('summary-total').textContent()) ?? '';
    await page.getByLabel('Use my Verdant credits').check();
    await expect(summary.getByTestId('summary-credits')).toHaveText(`−${price}`);
    await expect(summary.getByTestId('summary-total')).toHaveText('S$0.00');
    await expect(page.getByTestId('settled-by-stored-value')).toHaveText('Nothing left to pay: your credits cover this booking.');
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    await fillCheckout(page);
    await payButton(page).click();
    await page.waitForURL(/\/checkout\/confirmation\?order=/);
    await expect(page.getByTestId('confirmation-title')).toHaveText('You’re booked!');
    await expect(page.getByTestId('order-number')).toHaveText(/^VRD-/);
    await expect(page.getByTestId('account-offer')).toContainText('It’s in your account');
    const orderId = new URL(page.url()).searchParams.get('order') ?? '';
    const order = await page.evaluate(async (id) => {
      const r = await fetch(`/api/v1/orders/${id}`, { headers: { authorization: 'Bearer verdant-dev-public-key' }, credentials: 'include' });
      return (await r.json()) as { status: string; payment_method: string; payment: unknown; deducted_credit_amount: { amount: number } };
    }, orderId);
    expect(order).toMatchObject({ status: 'placed', payment_method: 'credit', payment: null });
    expect(order.deducted_credit_amount.amount).toBeCloseTo(amountOf(price), 2);
  });
});

test.describe('the bag at log-in', () => {
  test('a guest’s bag becomes theirs when they log in', async ({ page, api, request }) => {
    // A member of its own (tests run in parallel on one database); signing up logs the browser
    // in, so its cookies are dropped to shop as a guest first.
    const email = freshEmail('bag.owner');
    await signUpViaApi(page.request, { name: 'Bea Bagwell', email, password: 'a-long-password-1' });
    await page.context().clearCookies();
    const option = await pickExperience(api, { currency: 'SGD', skip: 3 });
    await chooseInWidget(page, option.slugCode);
    await page.locator('#availability').getByRole('button', { name: 'Add to bag' }).click();
    await expect(page.locator('.hcart__badge')).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('cartId'))).not.toBeNull();
    const cartId = await page.evaluate(() => localStorage.getItem('cartId'));
    await page.goto('/users/login?redirect_path=%2Fcheckout');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByLabel('Password', { exact: true }).fill('a-long-password-1');
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await page.waitForURL('**/checkout');
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm and pay' })).toBeVisible();
    await expect(page.getByText('Booking as a guest')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('cartId'))).toBe(cartId);
    // The bag is the member's now: a guest holding its id no longer reads it.
    const guest = await request.get(`/api/v1/cart?cart_id=${cartId}`, { headers: { authorization: 'Bearer verdant-dev-public-key' } });
    expect(guest.status()).toBe(404);
  });
});

test.describe('sold out', () => {
  test('a sold-out date offers the waitlist', async ({ page, api }) => {
    // Find a date the catalogue has sold out (other channels' demand), and book its waitlist.
    const { options } = await api<{ options: { slug_code: string; book_type: string; price_unit: string }[] }>('/options?per=100');
    let target: { slug: string; date: string } | undefined;
    for (const o of options.filter((x) => x.price_unit === 'per_person')) {
      const d = await api<{ dates: { date: string; status: string }[] }>(`/available-dates?option_id=${o.slug_code}`);
      const sold = d.dates.find((x) => x.status === 'sold_out');
      if (sold) {
        target = { slug: o.slug_code, date: sold.date };
        break;
      }
    }
    if (!target) throw new Error('no sold-out date in the demo catalogue');
    await page.goto(`/experiences/${target.slug}`);
    const panel = page.locator('#availability');
    await panel.getByRole('button', { name: 'Check availability' }).click();
    await expect(panel.locator('.cal__day').first()).toBeVisible();
    const previous = panel.getByRole('button', { name: 'Previous month' });
    while (await previous.isEnabled()) await previous.click();
    for (let i = 0; i < 14; i++) {
      if (await panel.locator(`.cal__day[data-date="${target.date}"]`).count()) break;
      await panel.getByRole('button', { name: 'Next month' }).click();
    }
    await panel.locator(`.cal__day[data-date="${target.date}"]`).click();
    await expect(panel.getByText(/is sold out$/)).toBeVisible();
    await panel.getByLabel('Name').fill(GUEST.name);
    await panel.getByLabel('Email').fill(GUEST.email);
    await panel.getByRole('button', { name: 'Join the waitlist' }).click();
    await expect(panel.getByRole('status')).toContainText('You’re on the waitlist');
  });
});

test.describe('a member’s booking', () => {
  test('paid with 4242, the trip is in the account', async ({ page, api }) => {
    const email = freshEmail('trip.owner');
    const { token } = await signUpViaApi(page.request, { name: 'Tomas Trailwood', email, password: 'a-long-password-1' });
    await page.addInitScript((t) => localStorage.setItem('access_token', t), token);
    const option = await pickExperience(api, { currency: 'SGD', skip: 4 });
    await bookFromWidget(page, option.slugCode, { adults: 1 });
    await expect(page.getByText('Booking as a guest')).toHaveCount(0);
    await fillCheckout(page, '4242 4242 4242 4242');
    await payButton(page).click();
    await page.waitForURL(/\/checkout\/confirmation\?order=/);
    await expect(page.getByTestId('confirmation-title')).toHaveText('You’re booked!');
    const orderId = new URL(page.url()).searchParams.get('order') ?? '';
    const order = await page.evaluate(async (id) => {
      const r = await fetch(`/api/v1/orders/${id}`, { headers: { authorization: 'Bearer verdant-dev-public-key' }, credentials: 'include' });
      return (await r.json()) as { order_item: { id: string } };
    }, orderId);

    await page.goto('/account/trips');
    const upcoming = page.getByRole('region', { name: 'Upcoming' });
    await expect(upcoming.locator(`a[href="/account/trips/${order.order_item.id}"]`).first()).toBeVisible();
    await expect(upcoming).toContainText(option.name);
  });
});

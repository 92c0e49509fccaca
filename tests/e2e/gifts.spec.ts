// Gifts (issue 16): a gift card, its design picked on /gifts, bought for next week, is not sent
// until its date, then reaches the recipient, who sees it converted into their credit currency
// via SGD, adds it to their credit and spends it on part of a booking. A gift experience chosen
// from a gift collection's gift options is redeemed for a date. The buyer sees the gifts under
// Bookings, non-refundable and without actions.
import { API_KEY, expect, test } from './fixtures.ts';
import { freshEmail, lastOutboxMessage, loginAs, signUpViaApi } from './accounts.ts';
import { amountOf, bookFromWidget, fillCheckout, payButton, pickExperience } from './booking.ts';
import type { CreditsResponse, GiftCode } from '../../src/contract/accounts.ts';
import type { GiftOptionsResponse } from '../../src/contract/collections.ts';
import { conversionParts } from '../../src/lib/account-format.ts';
import { camelizeKeys } from '../../src/lib/key-case.ts';

const auth = { authorization: `Bearer ${API_KEY}` };
/** A date `days` from today in Singapore (the shop's send-date calendar). */
const inDays = (days: number) => new Date(Date.now() + days * 86400_000 + 8 * 3600_000).toISOString().slice(0, 10);

test('a gift card: bought for next week, sent on its date, redeemed, and spent on part of a booking', async ({ page, api, axe, browser }) => {
  test.setTimeout(240_000);
  const buyerEmail = freshEmail('gift.buyer');
  const password = 'a-long-password-1';
  await signUpViaApi(page.request, { name: 'Maya Giver', email: buyerEmail, password });
  await loginAs(page, buyerEmail, password);
  const recipientEmail = freshEmail('gift.recipient');
  const sendDate = inDays(7);

  await page.goto('/');
  await page.evaluate(() => (document.cookie = 'currency=SGD; Path=/'));
  // The designs on /gifts: the one picked is chosen on /gifts/send.
  await page.goto('/gifts');
  await expect(page.locator('[data-gift-design]')).toHaveCount(4);
  await page.getByRole('link', { name: /^Reef gift card/ }).click();
  await page.waitForURL(/\/gifts\/send\?design=reef$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Send a gift card' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Reef' })).toBeChecked();
  await axe();
  await page.getByLabel("Recipient's name").fill('Tess Taker');
  await page.getByLabel("Recipient's e-mail").fill(recipientEmail);
  await page.getByLabel('Your message').fill('Happy birthday! Go and find those hornbills.');
  await page.getByLabel('Send on').fill(sendDate);
  await page.locator('.gift-amount', { hasText: /^100$/ }).click();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('heading', { name: 'Pay for your gift' })).toBeVisible();
  await expect(page.getByText('Gifts are non-refundable').first()).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12 / 30');
  await page.getByLabel('Security code').fill('123');
  await expect(page.locator('.checkout__pay')).toHaveText('Pay S$100.00');
  await page.locator('.checkout__pay').click();
  await expect(page.getByRole('heading', { name: 'Your gift is on its way' })).toBeVisible();
  await axe();

  // Nothing goes to the recipient before the send date; the buyer has their receipt.
  await lastOutboxMessage(page.request, buyerEmail);
  expect(await (await page.request.get('/dev/outbox')).text()).not.toContain(`<b>To:</b> ${recipientEmail}`);

  // Under Bookings: the gift, non-refundable, with no action to take.
  await page.goto('/account/trips');
  const gift = page.locator('.trip-card--gift');
  await expect(gift).toHaveCount(1);
  await expect(gift).toContainText('Tess Taker');
  await expect(gift).toContainText('Gifts are non-refundable');
  await expect(gift).toContainText('Scheduled');
  await expect(gift.getByRole('button')).toHaveCount(0);
  await expect(gift.getByRole('link')).toHaveCount(0);
  await axe();

  // The test clock passes the send date: the queue's worker sends the e-mail.
  const mine = (await (await page.request.get('/api/v1/gifts', { headers: auth })).json()) as { gifts: { order_id: string; design: string }[] };
  expect(mine.gifts[0]?.design).toBe('reef');
  const orderId = mine.gifts[0]?.order_id ?? '';
  const clock = await page.request.post('/api/v1/test-gateway/clock', { headers: auth, data: { order_id: orderId, at: new Date(Date.now() + 8 * 86400_000).toISOString() } });
  expect(clock.status()).toBe(200);
  const mail = await lastOutboxMessage(page.request, recipientEmail);
  expect(mail).toContain('Maya Giver sent you a gift on Verdant');
  const code = /Your gift code: (GC-[0-9A-Z-]+)/.exec(mail)?.[1] ?? '';
  expect(code).not.toBe('');
  // The e-mail's link carries the card's key (the gift id alone shows nothing).
  const printable = /(\/gift-cards\/print\/[\w-]+\?key=[\w-]+)/.exec(mail)?.[1] ?? '';
  expect(printable).not.toBe('');
  const card = await page.request.get(printable);
  expect(await card.text()).toContain(code);

  // The recipient signs up, adds the code, and turns it into credit.
  const context = await browser.newContext();
  const them = await context.newPage();
  // The cookie banner is answered: this journey is about the gift.
  await them.addInitScript(() => localStorage.setItem('consentMode', JSON.stringify({ necessaryCookie: true, performanceCookie: true, functionalCookie: true, targetingCookie: true })));
  // Invited by a friend from Malaysia: their welcome credit is in MYR, so the SGD code is shown
  // converted via SGD into MYR with the rate used.
  await signUpViaApi(them.request, { name: 'Tess Taker', email: recipientEmail, password }, { ref: 'TESSGOES', country: 'MY' });
  await loginAs(them, recipientEmail, password);
  const credits = async () => camelizeKeys<CreditsResponse>(await (await them.request.get('/api/v1/credits', { headers: auth })).json()).balances;
  expect(await credits()).toEqual([{ amount: 30, currency: 'MYR' }]);
  await them.goto('/account/gift-codes');
  await them.getByRole('textbox', { name: 'Gift code' }).fill(code);
  await them.getByRole('button', { name: 'Add code' }).click();
  const line = them.locator(`[data-gift-code="${code}"]`);
  await expect(line).toBeVisible();
  // What the line says is the API's conversion (field `converted`), at the SGD→MYR rate of the day.
  const held = camelizeKeys<{ giftCodes: GiftCode[] }>(await (await them.request.get('/api/v1/gift_codes', { headers: auth })).json()).giftCodes.find((g) => g.code === code);
  const conversion = held?.converted;
  if (!held || !conversion) throw new Error(`the SGD code is not converted for a MYR credit: ${JSON.stringify(held)}`);
  const rates = camelizeKeys<{ exchangeRates: { fromCurrency: string; toCurrency: string; rate: number }[] }>(await api('/initial_data')).exchangeRates;
  const myr = Number(rates.find((r) => r.fromCurrency === 'SGD' && r.toCurrency === 'MYR')?.rate);
  expect(conversion.rate).toBeCloseTo(myr, 4);
  expect(conversion.amount).toEqual({ amount: expect.closeTo(100 * myr, 1), currency: 'MYR' });
  const parts = conversionParts(held.amount, conversion);
  await expect(line.locator('[data-gift-converted-amount]')).toHaveText(`≈ ${parts.amount}`);
  await expect(line.locator('[data-gift-converted-rate]')).toHaveText(`at ${parts.rate}`);
  await axe();
  await line.click();
  await expect(them.locator('dd [data-gift-converted-amount]')).toHaveText(`≈ ${parts.amount}`);
  await expect(them.locator('dd [data-gift-converted-rate]')).toHaveText(`at ${parts.rate}`);
  await them.getByRole('button', { name: 'Add to my credit' }).click();
  await expect(them.getByText('Added to your credit. Your balance is SGD 100.00.')).toBeVisible();

  // The credit pays part of a booking; the card pays the rest.
  const option = await pickExperience(api, { currency: 'SGD' });
  await them.goto('/');
  await them.evaluate(() => (document.cookie = 'currency=SGD; Path=/'));
  await bookFromWidget(them, option.slugCode, { adults: 4 });
  const summary = them.locator('.summary');
  const before = amountOf((await summary.getByTestId('summary-total').textContent()) ?? '');
  expect(before).toBeGreaterThan(100);
  await them.getByLabel('Use my Verdant credits').check();
  // The gift's S$100 and the MYR 30 welcome credit (converted into the booking's currency).
  await expect(summary.getByTestId('summary-credits')).toHaveText(/^−S\$1\d\d\.\d\d$/);
  const used = amountOf((await summary.getByTestId('summary-credits').textContent()) ?? '');
  expect(used).toBeCloseTo(100 + 30 / myr, 0);
  expect(amountOf((await summary.getByTestId('summary-total').textContent()) ?? '')).toBeCloseTo(before - used, 2);
  await fillCheckout(them, '4242 4242 4242 4242', { keepContact: true });
  await payButton(them).click();
  await them.waitForURL(/\/checkout\/confirmation\?order=/);
  await expect(them.getByTestId('confirmation-title')).toHaveText('You’re booked!');
  await context.close();
});

test('a gift experience: chosen from a gift collection’s gift options, redeemed for a date, and a trip in the recipient’s account', async ({ page, api, axe, browser }) => {
  test.setTimeout(240_000);
  const password = 'a-long-password-1';
  const buyerEmail = freshEmail('gx.buyer');
  await signUpViaApi(page.request, { name: 'Noor Giver', email: buyerEmail, password });
  await loginAs(page, buyerEmail, password);
  // A gift collection with an instant experience among its gift options (open dates to redeem).
  const { collections } = camelizeKeys<{ collections: { id: number; slug: string; name: string }[] }>(await api('/collections?is_gift=true&per=50'));
  let pick: { collection: { id: number; slug: string; name: string }; option: GiftOptionsResponse['giftOptions'][number]['option'] } | null = null;
  for (const collection of collections) {
    const { giftOptions } = camelizeKeys<GiftOptionsResponse>(await api(`/collections/${collection.id}/gift-options`));
    const option = giftOptions.find((g) => g.option.bookType === 'instant' && g.option.kind !== 'adventure')?.option;
    if (option) {
      pick = { collection, option };
      break;
    }
  }
  if (!pick) throw new Error('no gift collection has an instant experience to give');
  const option = pick.option;
  const recipientEmail = freshEmail('gx.recipient');
  await page.goto('/');
  await page.evaluate(() => (document.cookie = 'currency=SGD; Path=/'));
  // /gifts → the gift collection → "Give one as a gift" → the experience's "Give as a gift".
  await page.goto('/gifts');
  await page.getByRole('link', { name: new RegExp(`^${pick.collection.name}`) }).click();
  await page.waitForURL(`**/collections/${pick.collection.slug}`);
  await page.getByRole('button', { name: 'Give one as a gift' }).click();
  const list = page.getByRole('list', { name: `Gift experiences in ${pick.collection.name}` });
  await expect(list).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hide the gift options' })).toHaveAttribute('aria-expanded', 'true');
  await axe();
  await list.getByRole('link', { name: `Give ${option.name} as a gift` }).click();
  await page.waitForURL(`**/gifts/send?experience=${option.slugCode}`);
  await expect(page.locator('.gift-experience-name')).toHaveText(option.name);
  await page.getByLabel('Guests').fill('2');
  await page.getByLabel("Recipient's name").fill('Ezra Taker');
  await page.getByLabel("Recipient's e-mail").fill(recipientEmail);
  await page.getByLabel('Send on').fill(inDays(0));
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('heading', { name: 'Pay for your gift' })).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12 / 30');
  await page.getByLabel('Security code').fill('123');
  await page.locator('.checkout__pay').click();
  await expect(page.getByRole('heading', { name: 'Your gift is on its way' })).toBeVisible();

  // Dated today: the queue sends it at once.
  const mail = await lastOutboxMessage(page.request, recipientEmail);
  const code = /Your gift code: (GX-[0-9A-Z-]+)/.exec(mail)?.[1] ?? '';
  expect(code).not.toBe('');

  const context = await browser.newContext();
  const them = await context.newPage();
  // The cookie banner is answered: this journey is about the gift.
  await them.addInitScript(() => localStorage.setItem('consentMode', JSON.stringify({ necessaryCookie: true, performanceCookie: true, functionalCookie: true, targetingCookie: true })));
  await signUpViaApi(them.request, { name: 'Ezra Taker', email: recipientEmail, password });
  await loginAs(them, recipientEmail, password);
  await them.goto(`/redeem-gift-experiences?code=${code}`);
  await expect(them.getByRole('heading', { level: 1, name: 'Redeem your gift experience' })).toBeVisible();
  await expect(them.getByRole('textbox', { name: 'Gift code' })).toHaveValue(code);
  await axe();
  await them.getByRole('button', { name: 'Find my gift' }).click();
  await expect(them.getByRole('heading', { name: option.name })).toBeVisible();
  await them.getByLabel('Date').selectOption({ index: 1 });
  await them.getByRole('button', { name: 'Book this date' }).click();
  await expect(them.getByRole('heading', { name: 'You’re booked!' })).toBeVisible();
  await them.getByRole('link', { name: 'See your trip' }).click();
  // The trip page is an account shell that loads its trip after the session (slow on a busy machine).
  await expect(them.getByText(option.name).first()).toBeVisible({ timeout: 15_000 });
  await expect(them.getByText('Gifts are non-refundable').first()).toBeVisible();
  await expect(them.getByRole('link', { name: /Cancel|Change date|Add guests/ })).toHaveCount(0);
  await expect(them.getByRole('button', { name: /Cancel|Change date|Add guests/ })).toHaveCount(0);
  // The same code again: a clear message.
  await them.goto(`/redeem-gift-experiences?code=${code}`);
  await them.getByRole('button', { name: 'Find my gift' }).click();
  await expect(them.getByText('This gift experience has already been used')).toBeVisible();
  await context.close();

  // The buyer sees it redeemed, non-refundable, without actions.
  await page.goto('/account/trips');
  const gift = page.locator('.trip-card--gift');
  await expect(gift).toContainText('Redeemed');
  await expect(gift).toContainText('Gifts are non-refundable');
  await expect(gift.getByRole('button')).toHaveCount(0);
});

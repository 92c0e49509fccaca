// Trip notices on WhatsApp (issue 25; ADR 0046): a traveller adds and verifies their WhatsApp
// number, opts in on /account/phone-number, books with 4242 → the confirmation is in the outbox; the
// test clock reaches the day before → the reminder with the meeting point is there, once, however
// often the clock moves; after opting out, a booking's reminder is not sent.
import type { APIRequestContext, Page } from '@playwright/test';
import { API_KEY, expect, test } from './fixtures.ts';
import { freshEmail, freshPhone, lastCode, loginAs, signUpViaApi } from './accounts.ts';
import { fillCheckout, payButton, pickExperience } from './booking.ts';

const auth = { authorization: `Bearer ${API_KEY}` };

// The browser's time zone sets the quiet hours (21:00–08:00): one where it is daytime now, so the
// confirmation is not held until the morning.
const ZONES = ['Asia/Singapore', 'Europe/London', 'America/New_York', 'America/Los_Angeles', 'Pacific/Auckland', 'Asia/Tokyo'];
const hourIn = (zone: string) => Number(new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
const ZONE = ZONES.find((z) => hourIn(z) >= 9 && hourIn(z) < 19) ?? 'Asia/Singapore';
test.use({ timezoneId: ZONE });
// The cookie banner is answered: this journey is about notices.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('consentMode', JSON.stringify({ necessaryCookie: true, performanceCookie: false, functionalCookie: false, targetingCookie: false })));
});

/** The WhatsApp notices in the development outbox to `phone` whose subject starts with `subject`. */
async function notices(request: APIRequestContext, phone: string, subject: string): Promise<string[]> {
  const html = await (await request.get('/dev/outbox')).text();
  return html
    .split('<article>')
    .slice(1)
    .filter((a) => a.includes(`<b>To:</b> ${phone} `) && a.includes(`<h2>${subject}`));
}

/** Books the first open date at least three days out (so "the day before" is still ahead) from the widget. */
async function chooseLaterDate(page: Page, slugCode: string) {
  await page.goto(`/experiences/${slugCode}`);
  const panel = page.locator('#availability');
  await panel.getByRole('button', { name: 'Check availability' }).click();
  await expect(panel.locator('.cal__day').first()).toBeVisible();
  const earliest = new Date(Date.now() + 3 * 86400_000).toISOString().slice(0, 10);
  for (let month = 0; month < 3; month++) {
    const dates = await panel.locator('.cal__day[data-status="available"]:not([disabled])').evaluateAll((els) => els.map((e) => e.getAttribute('data-date') ?? ''));
    const date = dates.find((d) => d >= earliest);
    if (date) {
      await panel.locator(`.cal__day[data-date="${date}"]`).click();
      break;
    }
    await panel.getByRole('button', { name: 'Next month' }).click();
  }
  if (!(await panel.locator('.bw__chip input:checked').count())) await panel.locator('.bw__chip input:not([disabled])').first().check();
  await expect(panel.getByTestId('widget-total')).toBeVisible();
  await panel.locator('[data-booking-cta]').click();
  await page.waitForURL('**/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm and pay' })).toBeVisible({ timeout: 30_000 });
}

async function bookWith4242(page: Page, slugCode: string): Promise<{ orderId: string; date: string; number: string }> {
  await chooseLaterDate(page, slugCode);
  await fillCheckout(page, '4242 4242 4242 4242', { keepContact: true });
  await payButton(page).click();
  await page.waitForURL(/\/checkout\/confirmation\?order=/, { timeout: 60_000 });
  await expect(page.getByTestId('confirmation-title')).toHaveText('You’re booked!');
  const orderId = new URL(page.url()).searchParams.get('order')!;
  const order = (await (await page.request.get(`/api/v1/orders/${orderId}`, { headers: auth })).json()) as { number: string; order_item: { start_date: string } };
  return { orderId, date: order.order_item.start_date, number: order.number };
}

/** "It is now the day before the trip" (15:00 UTC: after 09:00 there, wherever the trip is in Asia). */
const moveClockToDayBefore = async (page: Page, orderId: string, date: string) => {
  const dayBefore = new Date(Date.parse(`${date}T15:00:00Z`) - 86400_000).toISOString();
  const r = await page.request.post('/api/v1/test-gateway/clock', { headers: auth, data: { order_id: orderId, at: dayBefore } });
  expect(r.status()).toBe(200);
  return ((await r.json()) as { notices_due: number }).notices_due;
};

const shot = async (page: Page, name: string) => {
  if (!process.env['SHOTS_DIR']) return;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${process.env['SHOTS_DIR']}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
};

test('trip notices on WhatsApp: opt in, confirmation, the day-before reminder once, nothing after opting out', async ({ page, api, axe }) => {
  test.setTimeout(300_000);
  const email = freshEmail('notices');
  await signUpViaApi(page.request, { name: 'Wan Notices', email, password: 'notice-pass-1' });
  await loginAs(page, email, 'notice-pass-1');

  // No number yet: the choice waits for one.
  await page.goto('/account/phone-number');
  // The account shell loads the session first: slow on a loaded machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Phone number' })).toBeVisible({ timeout: 30_000 });
  const panel = page.getByRole('region', { name: 'Trip notices on WhatsApp' });
  const optIn = panel.getByLabel('Send me trip notices on WhatsApp');
  await expect(optIn).toBeDisabled();
  await expect(panel).toContainText('Add and verify your WhatsApp number above to get trip notices.');
  await shot(page, 'trip-notices-no-phone');

  // Add and verify the number, then opt in.
  const local = freshPhone();
  const phone = `+65${local}`;
  await page.getByLabel('Phone number', { exact: true }).fill(local);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await page.getByLabel('Code', { exact: true }).fill(await lastCode(page.request, phone));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.locator('[data-phone]')).toHaveText(/^\+65 /);
  await expect(optIn).toBeEnabled();
  // The box shows the saved choice: it turns on when the server has kept it.
  await optIn.click();
  await expect(optIn).toBeChecked();
  await expect(panel.getByRole('status')).toHaveText('Trip notices on WhatsApp are on.');
  await expect(panel).toContainText(`We never message between 21:00 and 08:00 your time (${ZONE.replace(/_/g, ' ')})`);
  await axe();
  await shot(page, 'trip-notices-on');

  // Book with 4242: the WhatsApp confirmation is in the outbox.
  const walk = await pickExperience(api, { currency: 'SGD' });
  const first = await bookWith4242(page, walk.slugCode);
  await expect.poll(async () => (await notices(page.request, phone, `WhatsApp: booking confirmed (${first.number})`)).length, { timeout: 30_000 }).toBe(1);
  const [confirmation] = await notices(page.request, phone, `WhatsApp: booking confirmed (${first.number})`);
  expect(confirmation).toContain('is confirmed');

  // No reminder before the day before; the clock reaches it → the reminder, once.
  expect(await notices(page.request, phone, `WhatsApp: trip reminder (${first.number})`)).toHaveLength(0);
  expect(await moveClockToDayBefore(page, first.orderId, first.date)).toBe(1);
  await expect.poll(async () => (await notices(page.request, phone, `WhatsApp: trip reminder (${first.number})`)).length, { timeout: 30_000 }).toBe(1);
  const [reminder] = await notices(page.request, phone, `WhatsApp: trip reminder (${first.number})`);
  expect(reminder).toContain('Meeting point:');
  expect(await moveClockToDayBefore(page, first.orderId, first.date)).toBe(0);
  // Longer than the worker's poll (2 s): a second send would be there by now.
  await page.waitForTimeout(5_000);
  expect(await notices(page.request, phone, `WhatsApp: trip reminder (${first.number})`)).toHaveLength(1);

  // A second booking while opted in, then opting out: its reminder is never sent.
  const other = await pickExperience(api, { currency: 'SGD', skip: 1 });
  const second = await bookWith4242(page, other.slugCode);
  await expect.poll(async () => (await notices(page.request, phone, `WhatsApp: booking confirmed (${second.number})`)).length, { timeout: 30_000 }).toBe(1);
  await page.goto('/account/phone-number');
  await expect(optIn).toBeChecked({ timeout: 30_000 });
  await optIn.click();
  await expect(optIn).not.toBeChecked();
  await expect(panel.getByRole('status')).toHaveText('Trip notices on WhatsApp are off. We will not send any more.');
  expect(await moveClockToDayBefore(page, second.orderId, second.date)).toBe(1);
  await page.waitForTimeout(5_000);
  expect(await notices(page.request, phone, `WhatsApp: trip reminder (${second.number})`)).toHaveLength(0);
  // And a reload shows the choice as it is kept.
  await page.reload();
  await expect(optIn).not.toBeChecked({ timeout: 30_000 });
});

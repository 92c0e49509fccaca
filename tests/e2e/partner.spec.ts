// The operators' back-office (issue 15) as partner@verdant.test (a member of Ubin Paddle Co.): a
// traveller's request to book appears in the inbox and is confirmed (the trip becomes confirmed
// and the e-mails land in the outbox); a date change is accepted; a traveller at /partner is
// refused, by the screen and by the API. Each journey books its own trip for a fresh traveller.
import type { Page } from '@playwright/test';
import { camelizeKeys } from '../../src/lib/key-case.ts';
import { lastOutboxMessage, loginAs } from './accounts.ts';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures.ts';
import { auth, departures, flexibleExperience, getJson, postJson, travellerWithTrip, type Api } from './trips.ts';

const OPERATOR = 'ubin-paddle-co';
const shots = process.env['SCREENSHOTS'] ? 'test-results/partner-screens' : null;

/** A request-to-book per-person SGD experience of the partner's operator. */
async function requestToBook(api: Api): Promise<{ slugCode: string; name: string }> {
  const { options } = camelizeKeys<{ options: { slugCode: string; name: string; bookType: string; priceUnit: string; fromPrice?: { currency: string } }[] }>(await api(`/options?per=100&supplier=${OPERATOR}`));
  const found = options.find((o) => o.bookType === 'request_to_book' && o.priceUnit === 'per_person' && o.fromPrice?.currency === 'SGD');
  if (!found) throw new Error(`${OPERATOR} has no request-to-book experience in the demo catalogue`);
  return found;
}

async function shoot(page: Page, name: string) {
  if (!shots) return;
  const width = page.viewportSize()?.width ?? 0;
  const consent = page.getByRole('button', { name: 'Accept all cookies' });
  if (await consent.isVisible()) await consent.click();
  await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
}

test.describe('partner back-office', () => {
  // Each journey signs up, books through the API and walks the back-office: longer than the default.
  test.setTimeout(120_000);

  test('a request to book appears in the inbox and is confirmed @mobile', async ({ page, api, browser }) => {
    const option = await requestToBook(api);
    const trip = await travellerWithTrip(page, option, 2);
    const context = await browser.newContext({ viewport: page.viewportSize()! });
    const partner = await context.newPage();
    await loginAs(partner, 'partner@verdant.test');
    const { operators } = await getJson<{ operators: { slug: string; email: string }[] }>(partner.request, '/partner/operators');
    expect(operators.map((o) => o.slug)).toEqual([OPERATOR]);
    // The operator was told of the request, with a link to it in the back-office.
    await expect.poll(async () => (await (await partner.request.get('/dev/outbox')).text()).includes(`/partner/bookings/${trip.itemId}?operator=${OPERATOR}`)).toBe(true);
    await partner.goto('/partner');
    await expect(partner.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
    await expect(partner.getByRole('navigation', { name: 'Back-office' })).toBeVisible();
    // A fresh browser: the cookie banner asks first, and on a phone it covers the inbox's rows.
    await partner.getByRole('button', { name: 'Accept all cookies' }).click();
    await partner.getByRole('button', { name: /need(s)? your answer/ }).click();
    await expect(partner).toHaveURL(/\/partner\?status=needs_action$/);
    const row = partner.locator(`tr[data-booking-id="${trip.itemId}"]`);
    await expect(row).toContainText('Request to book');
    await expect(row).toContainText(option.name);
    await expectNoSeriousA11yViolations(partner);
    await shoot(partner, 'inbox');
    await row.getByRole('link').click();
    await partner.waitForURL(`**/partner/bookings/${trip.itemId}`);
    await expect(partner.getByRole('heading', { level: 1, name: option.name })).toBeVisible();
    await expect(partner.getByRole('region', { name: 'Guest list' })).toContainText('Guest Number 2');
    await expect(partner.getByRole('region', { name: 'Lead traveller' })).toContainText(trip.email);
    await expectNoSeriousA11yViolations(partner);
    await shoot(partner, 'request');
    await partner.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(partner.getByRole('status').filter({ hasText: 'Confirmed. We e-mailed Rosa Fernandes their confirmation.' })).toBeVisible();
    await expect(partner.locator('.adm-pagehead .adm-badge')).toHaveText('Confirmed');
    await shoot(partner, 'confirmed');
    await context.close();

    // The traveller's trip is confirmed, and the e-mail is in the outbox.
    await page.goto(`/account/trips/${trip.itemId}`);
    await expect(page.locator('.trip-badge')).toHaveText('Confirmed');
    expect(await lastOutboxMessage(page.request, trip.email)).toContain('Booking confirmed');
  });

  test('a date change is accepted from the booking page, and the CSV of the list parses', async ({ page, api, browser }) => {
    const option = await flexibleExperience(api, 0, OPERATOR);
    const trip = await travellerWithTrip(page, option, 2);
    const target = (await departures(page.request, option.slugCode, 2)).find((d) => d.date !== trip.date)!;
    const asked = await postJson(page.request, '/order_item_change_requests', { order_item_id: trip.itemId, start_date: target.date, detailed_timeslot_id: target.timeslotId, note: 'Rain forecast on our date' });
    expect(asked.status).toBe(201);

    const context = await browser.newContext();
    const partner = await context.newPage();
    await loginAs(partner, 'partner@verdant.test');
    await partner.goto(`/partner/bookings/${trip.itemId}`);
    await expect(partner.getByRole('note')).toContainText('Rain forecast on our date');
    await partner.getByLabel('Note to the traveller (optional)').fill('See you then!');
    await partner.getByRole('button', { name: 'Accept new date' }).click();
    await expect(partner.getByRole('status').filter({ hasText: /^The booking now runs on / })).toBeVisible();
    await expect(partner.locator('.adm-pagehead .adm-badge')).toHaveText('Confirmed');

    // The list shows it on its new date; the CSV of that day parses and holds it.
    await partner.goto(`/partner?from=${target.date}&to=${target.date}`);
    const row = partner.locator(`tr[data-booking-id="${trip.itemId}"]`);
    await expect(row).toContainText('Confirmed');
    const [download] = await Promise.all([partner.waitForEvent('download'), partner.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^ubin-paddle-co-bookings-\d{4}-\d{2}-\d{2}\.csv$/);
    const { parseCsv } = await import('../../src/lib/csv.ts');
    const text = (await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const [header, ...records] = parseCsv(text);
    expect(header).toContain('Guest details');
    const mine = records.find((r) => r[header!.indexOf('Email')] === trip.email);
    expect(mine?.[header!.indexOf('Date')]).toBe(target.date);
    expect(records.every((r) => r[header!.indexOf('Date')] === target.date)).toBe(true);
    await context.close();

    await page.goto(`/account/trips/${trip.itemId}`);
    await expect(page.locator('.trip-badge')).toHaveText('Confirmed');
    expect(await lastOutboxMessage(page.request, trip.email)).toContain('Date changed');
  });

  test('a traveller at /partner is refused, and by its API @mobile', async ({ page, axe }) => {
    await loginAs(page, 'traveller@verdant.test');
    await page.goto('/partner');
    await expect(page.getByRole('heading', { name: 'The partner back-office is for operators' })).toBeVisible();
    await expect(page.getByText('traveller@verdant.test, which is not a member of any operator')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Back-office' })).toHaveCount(0);
    await axe();
    await shoot(page, 'refused');
    const res = await page.request.get(`/api/v1/partner/operators/${OPERATOR}/bookings`, { headers: auth });
    expect(res.status()).toBe(403);
  });
});

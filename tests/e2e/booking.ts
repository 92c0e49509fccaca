// Helpers of the booking journeys: pick demo experiences through the API, book them through
// the widget, fill the checkout like a traveller.
import { expect, type Page } from '@playwright/test';
import type { OptionSummary } from '../../src/contract/options.ts';
import { camelizeKeys } from '../../src/lib/key-case.ts';

type Api = <T = Record<string, unknown>>(path: string) => Promise<T>;

export const GUEST = { name: 'Mei Ling Tan', email: 'mei.ling.tan@example.com', phone: '+65 9123 4567' };

/** A published experience by traits (instant per-person SGD by default), with open dates. */
export async function pickExperience(api: Api, want: Partial<Pick<OptionSummary, 'bookType' | 'priceUnit'>> & { currency?: string; skip?: number } = {}): Promise<OptionSummary> {
  const { options } = camelizeKeys<{ options: OptionSummary[] }>(await api('/options?per=100'));
  const matches = options.filter(
    (o) =>
      o.bookType === (want.bookType ?? 'instant') &&
      o.priceUnit === (want.priceUnit ?? 'per_person') &&
      (want.currency === undefined || o.fromPrice?.currency === want.currency) &&
      o.kind !== 'adventure',
  );
  const found = matches[want.skip ?? 0];
  if (!found) throw new Error(`no experience matches ${JSON.stringify(want)}`);
  return found;
}

export async function unitsLeft(api: Api, slugCode: string, timeslotId: string): Promise<number> {
  const date = timeslotId.slice(0, 10);
  const r = camelizeKeys<{ timeslots: { id: string; unitsLeft: number }[] }>(await api(`/detailed-timeslots?option_id=${slugCode}&date=${date}`));
  return r.timeslots.find((t) => t.id === timeslotId)?.unitsLeft ?? -1;
}

/** Opens the widget, picks the first open date (and start time) and the guests; returns the chosen date. */
export async function chooseInWidget(page: Page, slugCode: string, opts: { adults?: number } = {}): Promise<void> {
  await page.goto(`/experiences/${slugCode}`);
  const panel = page.locator('#availability');
  await panel.getByRole('button', { name: 'Check availability' }).click();
  // The month of the first open date is shown; late in a month its few days may all be nearly
  // full (other journeys book the same departures), so the next month is the fallback.
  await expect(panel.locator('.cal__day').first()).toBeVisible();
  const day = panel.locator('.cal__day[data-status="available"]:not([disabled])').first();
  if (!(await day.count())) await panel.getByRole('button', { name: 'Next month' }).click();
  await expect(day).toBeVisible();
  await day.click();
  const time = panel.locator('.bw__chip input:not([disabled])').first();
  if (!(await panel.locator('.bw__chip input:checked').count())) await time.check();
  if (opts.adults !== undefined) {
    await panel.locator('.bw__field', { hasText: 'Guests' }).click();
    const value = panel.locator('.stepper').first().locator('output');
    for (let i = 0; i < 10 && Number(await value.textContent()) !== opts.adults; i++) {
      const n = Number(await value.textContent());
      await panel.getByRole('button', { name: n > opts.adults ? 'One fewer: adults' : 'One more: adults' }).click();
    }
    await panel.getByRole('button', { name: 'Done' }).click();
  }
  await expect(panel.getByTestId('widget-total')).toBeVisible();
}

export async function bookFromWidget(page: Page, slugCode: string, opts: { adults?: number } = {}) {
  await chooseInWidget(page, slugCode, opts);
  await page.locator('#availability [data-booking-cta]').click();
  await page.waitForURL('**/checkout');
  // The checkout island loads the bag first; a 4x-throttled page on a loaded machine (the
  // early-input runs) can take longer than the default 10 s for that.
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm and pay' })).toBeVisible({ timeout: 30_000 });
}

/**
 * Fills contact and guest details (whatever the experience asks for) and, when given, the card.
 * `keepContact`: leaves the name and e-mail as checkout filled them (a signed-in member's).
 */
export async function fillCheckout(page: Page, card?: string, opts: { keepContact?: boolean } = {}) {
  if (!opts.keepContact) {
    await page.getByLabel('Full name', { exact: true }).fill(GUEST.name);
    await page.getByLabel('Email').fill(GUEST.email);
  }
  await page.getByLabel('Mobile number').fill(GUEST.phone);
  const guests = page.locator('.checkout__guest-card');
  const n = await guests.count();
  for (let i = 0; i < n; i++) {
    const g = guests.nth(i);
    await g.getByLabel('Full name (as on ID)').fill(i === 0 ? GUEST.name : `Guest Number ${i + 1}`);
    if (await g.getByLabel('Date of birth').count()) await g.getByLabel('Date of birth').fill('1990-04-02');
    if (await g.getByLabel('Nationality').count()) await g.getByLabel('Nationality').fill('Singaporean');
    if (await g.getByLabel('Passport number').count()) await g.getByLabel('Passport number').fill('K1234567A');
  }
  if (await page.getByLabel('Pick me up from').count()) await page.getByLabel('Pick me up from').fill('Hotel Jen Tanglin, 1A Cuscaden Road');
  if (card) {
    await page.getByLabel('Card number').fill(card);
    await page.getByLabel('Expiry').fill('12 / 30');
    await page.getByLabel('Security code').fill('123');
  }
}

export const payButton = (page: Page) => page.locator('.checkout__pay');

/** Money text → number (e.g. "S$1,234.50" → 1234.5, "1.250.000 ₫" → 1250000). */
export function amountOf(text: string, decimalMark = '.'): number {
  const cleaned = text.replace(/[^\d.,-]/g, '');
  const normalised = decimalMark === ',' ? cleaned.replace(/\./g, '').replace(',', '.') : cleaned.replace(/,/g, '');
  return Number(normalised);
}

// The operators' availability (issue 15, item 3) as partner@verdant.test (Ubin Paddle Co.): a
// traveller books two seats; the partner raises that departure's capacity, which the booking
// widget's departures call shows at once, then tries to lower it below the seats sold and is
// refused beside the field; the iCal download parses and holds the booked departure.
import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { parseIcal } from '../../src/lib/ical.ts';
import { loginAs } from './accounts.ts';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures.ts';
import { flexibleExperience, getJson, travellerWithTrip } from './trips.ts';

const OPERATOR = 'ubin-paddle-co';
const shots = process.env['SCREENSHOTS'] ? 'test-results/partner-screens' : null;

async function shoot(page: Page, name: string, fullPage = true) {
  if (!shots) return;
  await page.screenshot({ path: `${shots}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage });
}

const monthsBetween = (a: string, b: string) => (Number(b.slice(0, 4)) - Number(a.slice(0, 4))) * 12 + Number(b.slice(5, 7)) - Number(a.slice(5, 7));

test.describe('partner availability', () => {
  test.setTimeout(120_000);

  test('a departure’s capacity is raised (live in the widget at once), a lowering below the seats sold is refused, and the iCal parses', async ({ page, api, browser }) => {
    const option = await flexibleExperience(api, 0, OPERATOR);
    const { name } = await api<{ name: string }>(`/options/${option.slugCode}`);
    const trip = await travellerWithTrip(page, option, 2);
    const slot = trip.timeslotId.slice(11);
    const widget = async () => (await getJson<{ timeslots: { id: string; capacity: number; unitsLeft: number }[] }>(page.request, `/detailed-timeslots?option_id=${option.slugCode}&date=${trip.date}`)).timeslots.find((s) => s.id === trip.timeslotId)!;
    const before = await widget();
    const sold = before.capacity - before.unitsLeft;
    expect(sold).toBeGreaterThanOrEqual(2);

    const context = await browser.newContext({ viewport: page.viewportSize()! });
    const partner = await context.newPage();
    await loginAs(partner, 'partner@verdant.test');
    await partner.goto('/partner/availability');
    await expect(partner.getByRole('heading', { level: 1, name: 'Availability' })).toBeVisible();
    // A fresh browser: the cookie banner asks first (on a phone it covers the rows).
    await partner.getByRole('button', { name: 'Accept all cookies' }).click();
    await partner.getByRole('combobox', { name: 'Experience', exact: true }).selectOption({ label: name });
    for (let i = monthsBetween(new Date().toISOString().slice(0, 7), trip.date.slice(0, 7)); i > 0; i--) await partner.getByRole('button', { name: /^Next month/ }).click();

    const row = partner.locator(`tr[data-departure="${trip.date}T${slot}"]`);
    await expect(row).toContainText(`${sold} / ${before.capacity}`);
    const field = row.getByRole('spinbutton', { name: /^Capacity on / });
    await expectNoSeriousA11yViolations(partner);

    // Raise by 3: saved, and the widget's departures call shows it at once.
    await field.fill(String(before.capacity + 3));
    await row.getByRole('button', { name: /^Save capacity on / }).click();
    await expect(row.getByRole('status')).toHaveText('Saved: live on Verdant now.');
    await expect(row).toContainText(`${sold} / ${before.capacity + 3}`);
    expect(await widget()).toMatchObject({ capacity: before.capacity + 3, unitsLeft: before.capacity + 3 - sold });
    await shoot(partner, 'availability');

    // Lower below the seats sold: refused beside the field, nothing changes.
    await field.fill(String(sold - 1));
    await row.getByRole('button', { name: /^Save capacity on / }).click();
    await expect(row.getByRole('alert')).toHaveText(`${sold} seats are already sold on this departure; capacity can't be lower than ${sold}.`);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    expect((await widget()).capacity).toBe(before.capacity + 3);
    await shoot(partner, 'availability-refused');
    await partner.setViewportSize({ width: 375, height: 800 });
    await row.scrollIntoViewIfNeeded();
    // The screen as the phone shows it (a month of rows is too long for a full-page look).
    await shoot(partner, 'availability-refused', false);
    await partner.setViewportSize(page.viewportSize()!);

    // Lower to exactly the seats sold: the departure is sold out in the widget.
    await field.fill(String(sold));
    await row.getByRole('button', { name: /^Save capacity on / }).click();
    await expect(row.getByRole('status')).toHaveText('Saved: live on Verdant now.');
    expect(await widget()).toMatchObject({ capacity: sold, unitsLeft: 0 });

    // The iCal download parses and holds this departure with its seats.
    const { options } = await getJson<{ options: { id: number; slugCode: string }[] }>(partner.request, `/partner/operators/${OPERATOR}/options`);
    const optionId = options.find((o) => o.slugCode === option.slugCode)!.id;
    const [download] = await Promise.all([partner.waitForEvent('download'), partner.getByRole('button', { name: 'Download calendar (iCal)' }).click()]);
    expect(download.suggestedFilename()).toBe(`${OPERATOR}-departures.ics`);
    const text = await readFile((await download.path())!, 'utf8');
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    const event = parseIcal(text).events.find((e) => e['UID'] === `${optionId}-${trip.date}-${slot.replace(':', '')}@verdant.travel`);
    expect(event?.['SUMMARY']).toBe(`${name} — ${sold}/${sold} seats sold`);

    // The same calendar as a subscription: a secret address a calendar app polls without a session.
    const feed = partner.getByRole('region', { name: 'Calendar subscription' });
    await feed.getByRole('button', { name: 'Turn on calendar subscription' }).click();
    const address = await feed.getByRole('textbox', { name: 'Calendar address' }).inputValue();
    expect(address).toMatch(/\/calendar\/[\w-]{32}\.ics$/);
    const polled = await browser.newContext();
    const res = await polled.request.get(new URL(address).pathname);
    expect(res.status()).toBe(200);
    expect(parseIcal(await res.text()).events.map((e) => e['UID'])).toContain(event!['UID']);
    await feed.getByRole('button', { name: 'Turn off' }).click();
    await expect(feed.getByRole('button', { name: 'Turn on calendar subscription' })).toBeVisible();
    expect((await polled.request.get(new URL(address).pathname)).status()).toBe(404);
    await polled.close();
    await context.close();
  });
});

// The operators' back-office (issue 15) as partner@verdant.test (a member of Ubin Paddle Co.): a
// traveller's request to book appears in the inbox and is confirmed (the trip becomes confirmed
// and the e-mails land in the outbox); a date change is accepted; a traveller at /partner is
// refused, by the screen and by the API. Each journey books its own trip for a fresh traveller.
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { camelizeKeys } from '../../src/lib/key-case.ts';
import { DEV_PASSWORD, freshEmail, lastOutboxMessage, loginAs, passCaptcha } from './accounts.ts';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures.ts';
import { chooseInWidget } from './booking.ts';
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

/**
 * Instant per-person SGD experiences of the operator that the booking journeys leave alone (they
 * take its request-to-book one and its first flexible one): the seasons journey takes the last,
 * the listings journey the one before, so no two journeys change the same experience.
 */
async function spareExperiences(api: Api): Promise<{ slugCode: string; name: string }[]> {
  const busy = [(await flexibleExperience(api, 0, OPERATOR)).slugCode, (await requestToBook(api)).slugCode];
  const { options } = camelizeKeys<{ options: { slugCode: string; name: string; bookType: string; priceUnit: string; kind: string; fromPrice?: { currency: string } }[] }>(await api(`/options?per=100&supplier=${OPERATOR}`));
  const spare = options.filter((o) => o.bookType === 'instant' && o.priceUnit === 'per_person' && o.kind !== 'adventure' && o.fromPrice?.currency === 'SGD' && !busy.includes(o.slugCode));
  if (spare.length < 2) throw new Error(`${OPERATOR} needs two instant experiences besides the booked ones in the demo catalogue`);
  return spare;
}

/** A plain 1200 × 900 photo to upload (made here: nothing is downloaded). */
const testPhoto = () => sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 52, g: 120, b: 96 } } }).png().toBuffer();

/** Screenshots at the desktop width and at a phone's (375 px), for the screens only desktop journeys reach. */
async function shootBoth(page: Page, name: string) {
  if (!shots) return;
  const size = page.viewportSize()!;
  await shoot(page, name);
  await page.setViewportSize({ width: 375, height: 740 });
  await shoot(page, name);
  await page.setViewportSize(size);
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
    // Nine days ahead: the operator's first flexible experience has a moderate policy (free
    // cancellation, and so date changes, until 3 days before 08:30 Singapore time); three days
    // ahead by the UTC date was past that deadline for most of the day (409).
    const trip = await travellerWithTrip(page, option, 2, 0, 9);
    const target = (await departures(page.request, option.slugCode, 2, 9)).find((d) => d.date !== trip.date)!;
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

  test('the payout statement lists a paid booking and its CSV parses; an admin records a due month’s transfer', async ({ page, api, browser }) => {
    const option = await flexibleExperience(api, 0, OPERATOR);
    const trip = await travellerWithTrip(page, option, 2);
    const month = trip.date.slice(0, 7);

    const context = await browser.newContext();
    const partner = await context.newPage();
    await loginAs(partner, 'partner@verdant.test');
    await partner.goto('/partner/payouts');
    await partner.getByRole('button', { name: 'Accept all cookies' }).click();
    await expect(partner.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
    await expect(partner.getByText('Verdant’s commission is 20%')).toBeVisible();
    // The demo's past months are paid; the trip's month still has trips to run.
    await expect(partner.locator('tr[data-month="2026-09"]')).toContainText('Paid');
    const row = partner.locator(`tr[data-month="${month}"]`);
    await expect(row).toContainText('Trips running');
    await expectNoSeriousA11yViolations(partner);
    await shootBoth(partner, 'payouts');
    await row.getByRole('link').click();
    await partner.waitForURL(`**/partner/payouts/${month}`);
    const line = partner.locator(`tr[data-booking-id="${trip.itemId}"]`);
    await expect(line).toContainText('Rosa Fernandes');
    await expect(line).toContainText('Confirmed');
    await expect(partner.getByRole('region', { name: 'Totals' })).toContainText('You receive');
    await expectNoSeriousA11yViolations(partner);
    await shootBoth(partner, 'payout-statement');
    const [download] = await Promise.all([partner.waitForEvent('download'), partner.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`${OPERATOR}-payout-${month}.csv`);
    const { parseCsv } = await import('../../src/lib/csv.ts');
    const [header, ...records] = parseCsv((await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, ''));
    expect(header).toEqual(['Booking', 'Experience', 'Trip date', 'Customer', 'Status', 'Value', 'Refunded', 'Commission', 'Net', 'Currency']);
    expect(records.find((r) => r[3] === 'Rosa Fernandes' && r[2] === trip.date)?.[4]).toBe('confirmed');
    expect(records.at(-1)?.[0]).toBe('Total');
    // The operator's members cannot record a transfer: the form is not there.
    await expect(partner.getByRole('button', { name: 'Record transfer' })).toHaveCount(0);
    await context.close();

    // An admin opens the operator whose October statement is due and records its transfer.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await loginAs(admin, 'admin@verdant.test');
    const { operators } = await getJson<{ operators: { slug: string }[] }>(admin.request, '/partner/operators');
    let due: string | null = null;
    for (const o of operators) {
      const { statements } = await getJson<{ statements: { month: string; status: string }[] }>(admin.request, `/partner/operators/${o.slug}/payouts`);
      if (statements.some((x) => x.month === '2026-10' && x.status !== 'open' && o.slug !== OPERATOR)) {
        due = o.slug;
        break;
      }
    }
    expect(due, 'the demo has an operator with October due').not.toBeNull();
    await admin.goto(`/partner/payouts/2026-10?operator=${due}`);
    await admin.getByRole('button', { name: 'Accept all cookies' }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Trips in Oct 2026' })).toBeVisible();
    // On a retry the month may already be paid by the first try; otherwise it is recorded now.
    if (await admin.getByRole('button', { name: 'Record transfer' }).isVisible()) {
      await admin.getByRole('button', { name: 'Record transfer' }).click();
      await expect(admin.getByText('Enter the transfer’s reference')).toBeVisible();
      await admin.getByLabel('Bank reference').fill('DBS-20261127-E2E');
      await shootBoth(admin, 'payout-record');
      await admin.getByRole('button', { name: 'Record transfer' }).click();
      await expect(admin.getByRole('status').filter({ hasText: /^Recorded\. .* now sees Oct 2026 as paid\.$/ })).toBeVisible();
    }
    await expect(admin.locator('.adm-pagehead .adm-badge')).toHaveText('Paid');
    await expect(admin.getByText(/^Reference /)).toBeVisible();
    await adminContext.close();
  });

  test('an owner invites a colleague, who signs up from the e-mail and lands in the back-office as staff; the owner removes them', async ({ browser }) => {
    const email = freshEmail('colleague');
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await loginAs(owner, 'partner@verdant.test');
    await owner.goto('/partner/team');
    await owner.getByRole('button', { name: 'Accept all cookies' }).click();
    await expect(owner.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
    await expect(owner.locator('tr[data-email="partner@verdant.test"]')).toContainText('(you)');
    await owner.getByRole('button', { name: 'Send invitation' }).click();
    await expect(owner.getByText('Please enter email')).toBeVisible();
    await owner.getByLabel('Email', { exact: true }).fill(email);
    await owner.getByRole('button', { name: 'Send invitation' }).click();
    await expect(owner.getByRole('status').filter({ hasText: 'Invitation sent to' })).toHaveText(`Invitation sent to ${email}. The link works for 14 days.`);
    await expect(owner.getByRole('region', { name: 'Invited' })).toContainText(email);
    await expectNoSeriousA11yViolations(owner);
    await shootBoth(owner, 'team');

    // The colleague follows the e-mail's link, signs up and lands in the back-office.
    const mail = await lastOutboxMessage(owner.request, email);
    const code = /\/users\/signup\?code=([\w-]+)/.exec(mail)?.[1];
    expect(code, 'the e-mail links to sign-up with the invitation').toBeTruthy();
    const colleagueContext = await browser.newContext();
    const colleague = await colleagueContext.newPage();
    await colleague.goto(`/users/signup?code=${code}&redirect_path=%2Fpartner`);
    await colleague.getByRole('button', { name: 'Accept all cookies' }).click();
    await expect(colleague.getByText('You were invited to join Ubin Paddle Co.’s team on Verdant.')).toBeVisible();
    await expect(colleague.getByLabel('Email', { exact: true })).toHaveValue(email);
    await colleague.getByLabel('Name', { exact: true }).fill('Aisyah Colleague');
    await colleague.getByLabel('Password', { exact: true }).fill(DEV_PASSWORD);
    await colleague.getByLabel('Confirm password', { exact: true }).fill(DEV_PASSWORD);
    await passCaptcha(colleague);
    await colleague.getByRole('button', { name: 'Create Account' }).click();
    await expect(colleague).toHaveURL(/\/account\/phone-number\?.*add_phone=true/);
    await colleague.getByRole('link', { name: 'Skip for now' }).click();
    await expect(colleague).toHaveURL(/\/partner$/);
    await expect(colleague.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
    await colleague.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Team' }).click();
    await expect(colleague.locator(`tr[data-email="${email}"]`)).toContainText('Staff');
    await expect(colleague.getByRole('button', { name: 'Send invitation' })).toHaveCount(0);
    await expect(colleague.getByRole('button', { name: 'Remove' })).toHaveCount(0);

    // The owner removes them, with a second tap to confirm.
    await owner.reload();
    const row = owner.locator(`tr[data-email="${email}"]`);
    await row.getByRole('button', { name: 'Remove' }).click();
    await row.getByRole('button', { name: 'Remove Aisyah Colleague' }).click();
    await expect(owner.getByRole('status').filter({ hasText: 'no longer in the team' })).toHaveText('Aisyah Colleague is no longer in the team.');
    await expect(row).toHaveCount(0);
    await colleague.reload();
    await expect(colleague.getByRole('heading', { name: 'The partner back-office is for operators' })).toBeVisible();
    await ownerContext.close();
    await colleagueContext.close();
  });

  // Waits for the approved change's publish to go live (a filtered build, a minute or more).
  test('a price edit changes the quote at once; a content edit goes through an admin’s approval to the public page', async ({ page, api, browser }) => {
    test.setTimeout(600_000);
    const x = (await spareExperiences(api)).at(-2)!;
    const quote = async () => (await api<{ subtotal: { amount: number } }>(`/options/${x.slugCode}/prices?quantity=2`)).subtotal.amount;
    const before = await quote();

    await loginAs(page, 'partner@verdant.test');
    await page.goto('/partner');
    await page.getByRole('button', { name: 'Accept all cookies' }).click();
    await page.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Listings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Listings' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shootBoth(page, 'listings');
    await page.getByRole('link', { name: x.name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: x.name })).toBeVisible();

    // Prices: live at once.
    const prices = page.getByRole('form', { name: 'Prices' });
    const adult = prices.getByRole('textbox', { name: 'Adult price', exact: true });
    const newAdult = Number(await adult.inputValue()) + 7;
    await adult.fill(String(newAdult));
    await prices.getByRole('button', { name: 'Save prices' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'New prices are live' })).toBeVisible();
    expect(await quote()).toBeCloseTo(before + 14, 2);

    // Content: sent for review, not public until approved.
    const newName = `${x.name} at dawn`;
    const content = page.getByRole('form', { name: 'What the page says' });
    await content.getByRole('group', { name: 'Basics' }).getByLabel('Name', { exact: true }).fill(newName);
    const included = content.getByRole('textbox', { name: /^Included/ });
    await included.fill(`${await included.inputValue()}\nDry bag for your phone`);
    // A new photo goes with the change: uploaded (re-encoded on the server), then listed with its alt text.
    const photos = content.getByRole('group', { name: 'Photos' });
    await photos.getByLabel(/^Add a photo/).setInputFiles({ name: 'dawn-paddle.png', mimeType: 'image/png', buffer: await testPhoto() });
    await photos.getByLabel('Its alt text').fill('Paddlers leaving the jetty at dawn');
    await photos.getByRole('button', { name: 'Upload photo' }).click();
    await expect(photos.getByRole('textbox', { name: /^Alt text/ }).last()).toHaveValue('Paddlers leaving the jetty at dawn');
    await content.getByRole('button', { name: 'Send for review' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Sent to Verdant for review' })).toBeVisible();
    const review = page.locator('.ptn-review--pending');
    await expect(review.getByRole('heading', { name: 'Waiting for Verdant’s review' })).toBeVisible();
    await expect(review.locator('.adm-changes__after').first()).toHaveText(`After${newName}`);
    await expectNoSeriousA11yViolations(page);
    await shootBoth(page, 'listing');
    expect((await api<{ name: string }>(`/options/${x.slugCode}`)).name).toBe(x.name);

    // An admin approves it in the back-office, and the publish goes live.
    const context = await browser.newContext();
    const admin = await context.newPage();
    await loginAs(admin, 'admin@verdant.test');
    await admin.goto('/admin');
    await admin.getByRole('button', { name: 'Accept all cookies' }).click();
    await admin.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Operator changes' }).click();
    const card = admin.getByRole('article', { name: x.name });
    await expect(card).toContainText('Ubin Paddle Co');
    await expect(card.locator('.adm-changes__row')).toHaveCount(3);
    await expect(card).toContainText('Dry bag for your phone');
    await expect(card.locator('.adm-changes__after').last()).toContainText('Paddlers leaving the jetty at dawn');
    await expectNoSeriousA11yViolations(admin);
    await shootBoth(admin, 'listing-review');
    await card.getByRole('button', { name: 'Approve and publish' }).click();
    await expect(card).toContainText('Approved by Ada Admin');
    await expect(card.locator('[data-run-state]')).toHaveAttribute('data-run-state', 'live', { timeout: 540_000 });
    await context.close();

    await page.goto(`/experiences/${x.slugCode}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(newName);
    await expect(page.getByRole('main').getByText('Dry bag for your phone')).toBeVisible();
    const published = camelizeKeys<{ images: { alt: string; url: string }[] }>(await api(`/options/${x.slugCode}`));
    expect(published.images.map((i) => i.alt)).toContain('Paddlers leaving the jetty at dawn');
    // The operator heard, and the listing says so.
    await expect.poll(async () => (await (await page.request.get('/dev/outbox')).text()).includes(`Your change to ${newName} is live`)).toBe(true);
    await page.goto(`/partner/listings`);
    await page.getByRole('link', { name: newName, exact: true }).click();
    await expect(page.getByText('Your last change was approved')).toBeVisible();
  });

  test('an operator sets a seasonal price (the widget quotes it), closes a date (the widget shows it sold out) and changes when it runs', async ({ api, browser }) => {
    const { slugCode, name } = (await spareExperiences(api)).at(-1)!;

    const context = await browser.newContext();
    const partner = await context.newPage();
    await loginAs(partner, 'partner@verdant.test');
    const mine = await getJson<{ options: { id: number; slugCode: string }[] }>(partner.request, `/partner/operators/${OPERATOR}/options`);
    const optionId = mine.options.find((o) => o.slugCode === slugCode)!.id;
    const base = `/api/v1/partner/operators/${OPERATOR}/options/${optionId}`;
    const { rule: before } = await getJson<{ rule: { weekdays: number[]; closedMonths: number[]; leadDays: number; slotCapacity: number } }>(partner.request, `/partner/operators/${OPERATOR}/options/${optionId}/rule`);
    const { priceFields } = await getJson<{ priceFields: { key: string; label: string; standard: { amount: number } }[] }>(partner.request, `/partner/operators/${OPERATOR}/options/${optionId}/seasons`);
    const adult = priceFields.find((f) => f.key === 'adult')!;
    const peak = Math.round(adult.standard.amount) + 17;
    const today = new Date().toISOString().slice(0, 10);
    const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

    try {
      await partner.goto('/partner/availability');
      await partner.getByRole('button', { name: 'Accept all cookies' }).click();
      await partner.getByRole('combobox', { name: 'Experience', exact: true }).selectOption({ label: name });
      const seasons = partner.getByRole('region', { name: 'Seasonal prices' });
      await expect(seasons.getByText('No seasons yet')).toBeVisible();

      // A season over the next three months, with a clear message for a missing price first.
      await seasons.getByLabel('Name').fill('Peak season');
      await seasons.getByLabel('First date').fill(today);
      await seasons.getByLabel('Last date (included)').fill(inDays(90));
      await seasons.getByRole('button', { name: 'Add season' }).click();
      await expect(seasons.getByText(`Enter the ${adult.label.toLowerCase()} price`)).toBeVisible();
      for (const f of priceFields) await seasons.getByLabel(f.label, { exact: true }).fill(String(f.key === 'adult' ? peak : f.standard.amount));
      await seasons.getByRole('button', { name: 'Add season' }).click();
      await expect(seasons.getByRole('status')).toContainText('Added “Peak season”');
      await expect(seasons.locator('tr[data-season="Peak season"]')).toContainText(`SGD ${peak}`);

      // The booking widget quotes the season's price at once: two adults at the peak price.
      const traveller = await browser.newPage();
      // Consent answered, and prices in the experience's own currency (a new visitor sees US$).
      await traveller.addInitScript(() => {
        localStorage.setItem('consentMode', JSON.stringify({ necessaryCookie: true, performanceCookie: true, functionalCookie: true, targetingCookie: true }));
        document.cookie = 'currency=SGD; path=/';
      });
      await chooseInWidget(traveller, slugCode, { adults: 2 });
      await expect(traveller.locator('#availability').getByTestId('widget-total')).toContainText(`S$${(2 * peak).toLocaleString('en-GB')}`);

      // Close one date with nothing sold on it; the widget then shows it sold out.
      const month = await getJson<{ departures: { date: string; sold: number; editable: boolean }[] }>(partner.request, `/partner/operators/${OPERATOR}/options/${optionId}/departures?from=${inDays(8)}&to=${inDays(30)}`);
      const dates0 = [...new Set(month.departures.map((d) => d.date))];
      const closing = dates0.find((date) => month.departures.filter((d) => d.date === date).every((d) => d.sold === 0 && d.editable));
      expect(closing, 'a date with nothing sold').toBeDefined();
      const block = partner.getByRole('form', { name: 'Close dates' });
      await block.getByLabel('From').fill(closing!);
      await block.getByRole('button', { name: 'Close these dates' }).click();
      await expect(block.getByRole('status')).toContainText(/^Closed \d{2} \w{3} \d{4}: \d+ departures? no longer on sale\.$/);
      await traveller.reload();
      const panel = traveller.locator('#availability');
      await panel.getByRole('button', { name: 'Check availability' }).click();
      const day = panel.locator(`.cal__day[data-date="${closing}"]`);
      for (let i = 0; i < 3 && !(await day.count()); i++) await panel.getByRole('button', { name: 'Next month' }).click();
      await expect(day).toHaveAttribute('data-status', 'sold_out');
      await expect(day).toHaveAttribute('aria-label', /, sold out$/);

      // When it runs: not on Wednesdays, bookable until four days before.
      const rule = partner.getByRole('form', { name: 'When it runs' });
      const wednesday = rule.getByRole('checkbox', { name: 'Wednesday' });
      if (!(await wednesday.isChecked())) await wednesday.check();
      await wednesday.uncheck();
      await rule.getByLabel('Booking cut-off (days before)').fill('4');
      await rule.getByRole('button', { name: 'Save when it runs' }).click();
      await expect(rule.getByRole('status')).toContainText('Saved: travellers can now book from');
      await expectNoSeriousA11yViolations(partner);
      await shootBoth(partner, 'availability-settings');
      const dates = await getJson<{ firstDate: string; dates: { date: string }[] }>(traveller.request, `/available-dates?option_id=${slugCode}`);
      expect(dates.firstDate >= inDays(4)).toBe(true);
      expect(dates.dates.length).toBeGreaterThan(0);
      expect(dates.dates.filter((d) => new Date(`${d.date}T00:00:00Z`).getUTCDay() === 3)).toEqual([]);
      await traveller.close();
    } finally {
      // Leave the experience as it was for the other journeys (and a retry).
      const call = (method: string, path: string, data?: unknown) => partner.request.fetch(`${base}${path}`, { method, headers: auth, ...(data ? { data } : {}) });
      expect((await call('PUT', '/rule', { weekdays: before.weekdays, closed_months: before.closedMonths, lead_days: before.leadDays, slot_capacity: before.slotCapacity })).status()).toBe(200);
      expect((await call('POST', '/dates/reopen', { from: inDays(8), to: inDays(30) })).status()).toBe(200);
      const left = await getJson<{ seasons: { id: number }[] }>(partner.request, `/partner/operators/${OPERATOR}/options/${optionId}/seasons`);
      for (const s of left.seasons) expect((await call('DELETE', `/seasons/${s.id}`)).status()).toBe(200);
      await context.close();
    }
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

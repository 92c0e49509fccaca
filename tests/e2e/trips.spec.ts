// Trips journeys: a traveller manages a booking after purchase — cancel with a refund, add a
// guest and pay, change the date through to the operator's acceptance, review within and after
// the two-month window, share the trip and a friend joins. Each journey books its own trip for
// a fresh user through the real cart and pay calls (tests run in parallel on one database).
import { DEV_PASSWORD, freshEmail, loginAs, signUpViaApi } from './accounts.ts';
import { expect, test } from './fixtures.ts';
import { departures, flexibleExperience, getJson, postJson, travellerWithTrip } from './trips.ts';

test.describe('trips: manage a booking after purchase', () => {
  // Each journey signs up, books through the API and walks several pages: longer than the default.
  test.setTimeout(90_000);

  test('cancel with a refund: the refund page, its confirmation and the cancelled list @mobile', async ({ page, api, axe }) => {
    const trip = await travellerWithTrip(page, await flexibleExperience(api));
    await page.goto('/account/trips');
    const card = page.locator('.trip-card').filter({ has: page.locator(`a[href="/account/trips/${trip.itemId}"]`) });
    await expect(page.getByRole('heading', { name: /Upcoming/ })).toBeVisible();
    await expect(card).toContainText('Confirmed');
    await card.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/^Free cancellation before /)).toBeVisible();
    await axe();
    await page.getByRole('link', { name: 'Cancel and refund' }).click();
    await page.waitForURL(`**/account/trips/${trip.itemId}/refund`);
    const refund = await page.locator('.trip-refund strong').textContent();
    await page.getByRole('button', { name: /^Cancel and refund / }).click();
    await page.waitForURL(`**/account/trips/${trip.itemId}/refund/confirmation`);
    await expect(page.getByRole('heading', { level: 1, name: 'Refund on its way' })).toBeVisible();
    await expect(page.locator('.lead strong')).toHaveText(refund!);
    await page.goto('/account/trips');
    await expect(page.locator('section', { has: page.getByRole('heading', { name: /Cancelled/ }) }).locator(`a[href="/account/trips/${trip.itemId}"]`)).toBeVisible();
  });

  test('add a guest and pay with 4242 4242 4242 4242', async ({ page, api, axe }) => {
    const trip = await travellerWithTrip(page, await flexibleExperience(api, 1));
    await page.goto(`/account/trips/${trip.itemId}`);
    await expect(page.locator('.trip-row', { hasText: 'Guests' })).toContainText('2 people');
    await page.getByRole('link', { name: 'Add guests' }).click();
    await page.waitForURL('**/add-guest');
    await expect(page.locator('.trip-refund strong')).not.toHaveText('…');
    await axe();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry').fill('12 / 30');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: /^Pay .* and add guest$/ }).click();
    await page.waitForURL('**/add-guest/success');
    await expect(page.getByRole('heading', { level: 1, name: 'Guests added' })).toBeVisible();
    await expect(page.locator('.lead')).toContainText('3 people');
    await page.getByRole('link', { name: 'View your trip' }).click();
    await expect(page.locator('.trip-row', { hasText: 'Guests' })).toContainText('3 people');
  });

  test('change the date, then the operator accepts it', async ({ page, api, browser, axe }) => {
    const option = await flexibleExperience(api, 2);
    const trip = await travellerWithTrip(page, option);
    const target = (await departures(page.request, option.slugCode, 2)).find((d) => d.date !== trip.date)!;
    await page.goto(`/account/trips/${trip.itemId}`);
    await page.getByRole('link', { name: 'Change date' }).click();
    await page.waitForURL('**/change-date');
    await page.getByLabel('New date').fill(target.date);
    const slot = page.locator(`input[name="slot"][value="${target.timeslotId}"]`);
    await expect(slot).toBeVisible();
    await axe();
    await slot.check();
    await page.getByLabel('Note for the operator (optional)').fill('The forecast says rain on our date.');
    await page.getByRole('button', { name: 'Request the new date' }).click();
    await page.waitForURL('**/change-date/success');
    await expect(page.getByRole('heading', { level: 1, name: 'Date change requested' })).toBeVisible();
    await page.getByRole('link', { name: 'View your trip' }).click();
    await expect(page.locator('.trip-badge')).toHaveText('Date change requested');
    await expect(page.getByRole('link', { name: 'Cancel booking' })).toHaveCount(0);

    // The operator accepts (their screens come later: an API call as the admin).
    const operator = await browser.newContext();
    const op = await operator.newPage();
    await loginAs(op, 'admin@verdant.test');
    const accepted = await postJson<{ status: string }>(op.request, `/operator/order-items/${trip.itemId}/change-request/accept`, {});
    expect(accepted.status).toBe(200);
    await operator.close();

    await page.reload();
    await expect(page.locator('.trip-badge')).toHaveText('Confirmed');
    const when = await page.locator('.trip-row', { hasText: 'Date' }).first().textContent();
    const [y, m, d] = target.date.split('-').map(Number) as [number, number, number];
    expect(when).toContain(new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' }));
  });

  test('review a completed trip within the window; after two months the page says reviews closed', async ({ page, axe }) => {
    await loginAs(page, 'traveller@verdant.test');
    const { trips } = await getJson<{ trips: { id: string; status: string; actions: string[]; review: { rating: number | null } | null }[] }>(page.request, '/trips');
    const completed = trips.filter((x) => x.status === 'completed' && x.review?.rating === null);
    const open = completed.find((x) => x.actions.includes('review'));
    const closed = completed.find((x) => !x.actions.includes('review'));
    expect(open, 'a seeded trip inside its review window').toBeTruthy();
    expect(closed, 'a seeded trip past its review window').toBeTruthy();

    await page.goto(`/account/trips/${open!.id}`);
    await page.getByRole('link', { name: 'Leave a review' }).click();
    await page.waitForURL(`**/reviews/new?trip=${open!.id}`);
    await page.getByRole('button', { name: 'Publish review' }).click();
    await expect(page.getByText('Please choose a rating')).toBeVisible();
    await axe();
    await page.locator('.trip-rating__stars label').nth(4).click();
    await page.getByLabel('Title').fill('Hornbills at first light');
    await page.getByLabel('Your review').fill('Our guide found three hornbills before breakfast. Quiet, careful and kind to the forest.');
    await page.getByRole('button', { name: 'Publish review' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your review' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to your trip' }).click();
    await expect(page.getByRole('heading', { name: 'Your review' })).toBeVisible();
    await expect(page.getByText('Hornbills at first light')).toBeVisible();

    await page.goto(`/reviews/new?trip=${closed!.id}`);
    await expect(page.locator('.trip-note[role="status"]')).toContainText(/^Reviews for this trip closed on /);
    await expect(page.getByRole('button', { name: 'Publish review' })).toHaveCount(0);
  });

  test('share the trip and a friend joins @mobile', async ({ page, api, browser, axe }) => {
    const trip = await travellerWithTrip(page, await flexibleExperience(api));
    await page.goto(`/account/trips/${trip.itemId}`);
    await page.getByRole('button', { name: 'Get a share link' }).click();
    const link = await page.getByLabel('Share link').inputValue();
    expect(link).toMatch(/\/s\/[\w-]+$/);

    const friendContext = await browser.newContext();
    const friend = await friendContext.newPage();
    const path = new URL(link).pathname;
    await friend.goto(path);
    await expect(friend.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(friend.getByText('Rosa invites you')).toBeVisible();
    await expect(friend.getByRole('button', { name: 'Log in to join' })).toBeVisible();
    const { token } = await signUpViaApi(friend.request, { name: 'Kenji Watanabe', email: freshEmail('friend'), password: DEV_PASSWORD });
    await friend.addInitScript((t) => localStorage.setItem('access_token', t), token);
    await friend.reload();
    await friend.getByRole('button', { name: 'Join the trip' }).click();
    await expect(friend.locator('.trip-note[role="status"]')).toContainText('You’re in!');
    await expect(friend.getByText('Coming: Rosa, Kenji.')).toBeVisible();
    await friendContext.close();

    await page.reload();
    await expect(page.locator('.trip-members')).toContainText('Kenji Watanabe');
    await expect(page.locator('.trip-members')).toContainText('Coming');
    await axe();
  });

  test('the receipt prints as a clean document and the trip downloads as a calendar file', async ({ page, axe }) => {
    await loginAs(page, 'traveller@verdant.test');
    const { trips } = await getJson<{ trips: { id: string; status: string; isGift: boolean; order: { number: string } }[] }>(page.request, '/trips');
    const upcoming = trips.find((x) => x.status === 'confirmed' && !x.isGift)!;
    await page.goto(`/account/trips/${upcoming.id}`);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Add to calendar (.ics)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`verdant-${upcoming.order.number}.ics`);
    const ics = (await (await import('node:fs/promises')).readFile((await file.path())!)).toString('utf8');
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toMatch(/DTSTART;TZID=Asia\/\w+:\d{8}T\d{6}/);

    await page.getByRole('link', { name: 'Receipt' }).click();
    await page.waitForURL(`**/account/trips/${upcoming.id}/receipt`);
    await expect(page.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
    await expect(page.locator('.receipt__doc')).toContainText(upcoming.order.number);
    await axe();
    await page.emulateMedia({ media: 'print' });
    for (const hidden of ['.site-header', '.site-footer', '.acct-nav', '.receipt__noprint']) await expect(page.locator(hidden).first()).toBeHidden();
    await expect(page.locator('.receipt__doc')).toBeVisible();
  });
});

// Corporate experiences, static maps, required-info refresh and the purchase conversion (issue 24
// items 3, 5, 6, 7; ADR 0040): an employee books from their company's event page with the
// company's code and no card; /corporate-experiences finds the seeded event by its code; an
// admin creates an event and a code in the back-office; an experience's meeting point shows its
// map; a trip asks for a guest detail its experience began to require after booking.
import type { Browser, Page, Response } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { camelizeKeys } from '../../src/lib/key-case.ts';
import { DEV_PASSWORD, freshEmail, loginAs, signUpViaApi } from './accounts.ts';
import { bookFromWidget, fillCheckout, payButton, pickExperience } from './booking.ts';
import { API_KEY, expect, test } from './fixtures.ts';
import { departures, postJson } from './trips.ts';

const auth = { authorization: `Bearer ${API_KEY}` };
const today = () => new Date().toISOString().slice(0, 10);
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** A page logged in as the admin, in its own browser context (its cookies are not the visitor's). */
async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await loginAs(page, 'admin@verdant.test');
  return page;
}

async function adminPost<T>(page: Page, path: string, data: unknown): Promise<T> {
  const res = await page.request.post(`/api/v1${path}`, { headers: auth, data });
  expect(res.status(), `POST ${path}: ${await res.text()}`).toBe(201);
  return camelizeKeys<T>(await res.json());
}

test.describe('corporate experiences', () => {
  test('an employee books from the event page with the company code and no card; the purchase conversion is sent once', async ({ page, api, browser, axe, request }) => {
    test.setTimeout(120_000);
    const option = await pickExperience(api, { currency: 'SGD' });
    const admin = await adminPage(browser);
    const company = `Tidewater Studio ${randomUUID().slice(0, 6)}`;
    const event = await adminPost<{ id: string; title: string }>(admin, '/admin/corporate-events', {
      company_name: company,
      title: 'Tidewater quarterly day out',
      description: 'One experience each, on the company.',
      option_ids: [option.slugCode],
      start_date: today(),
      end_date: inDays(150),
    });
    const code = `TIDE-${randomUUID().slice(0, 8).toUpperCase()}`;
    await adminPost(admin, `/admin/corporate-events/${event.id}/codes`, { code, max_uses: 20, max_guests: 2 });
    await admin.context().close();

    // The employee has an account (not logged in in this browser yet).
    const email = freshEmail('employee');
    await signUpViaApi(request, { name: 'Priya Raman', email, password: DEV_PASSWORD });
    const conversions: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/facebook_pixel_event')) conversions.push(r.postData() ?? '');
    });

    await page.goto(`/corporate-events/${event.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Tidewater quarterly day out' })).toBeVisible();
    await expect(page.getByText(`${company} pays: no card needed.`)).toBeVisible();
    await page.getByRole('button', { name: 'Accept all cookies' }).click();
    await axe();
    await expect(page.getByRole('link', { name: option.name })).toHaveAttribute('href', `/experiences/${option.slugCode}`);

    await bookFromWidget(page, option.slugCode, { adults: 1 });
    // The company code is for members: log in from the checkout's note, and the form stays.
    await page.locator('.checkout__guest').getByRole('link', { name: 'Log in' }).click();
    const modal = page.locator('[data-login-modal]');
    await modal.getByLabel('Email', { exact: true }).fill(email);
    await modal.getByRole('button', { name: 'Continue', exact: true }).click();
    await modal.getByLabel('Password', { exact: true }).fill(DEV_PASSWORD);
    await modal.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(modal).toBeHidden();

    const field = page.getByLabel('Company code');
    await field.fill('NOT-A-REAL-CODE');
    await field.press('Enter');
    await expect(page.getByText('This company code does not exist')).toBeVisible();
    await field.fill(code.toLowerCase());
    await page.locator('.promo', { has: field }).getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('corporate-applied')).toContainText(`Paid by ${company}`);
    await expect(page.getByTestId('settled-by-stored-value')).toHaveText(`Nothing to pay: ${company} pays for this booking. No card needed.`);
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    await fillCheckout(page, undefined, { keepContact: true });
    await expect(payButton(page)).toHaveText(`Book, paid by ${company}`);
    await payButton(page).click();

    await page.waitForURL(/\/checkout\/confirmation\?order=/);
    await expect(page.getByTestId('confirmation-title')).toHaveText('You’re booked!');
    const orderId = new URL(page.url()).searchParams.get('order')!;
    // Consent to targeting was given: the server copy of the pixel's Purchase, once, with the order.
    await expect.poll(() => conversions.length).toBe(1);
    const sent = JSON.parse(conversions[0]!) as { event_name: string; event_id: string; custom_data: { order_id: string } };
    expect(sent).toMatchObject({ event_name: 'Purchase', event_id: `purchase.${orderId}`, custom_data: { order_id: orderId } });

    // The trip exists, paid by the company.
    const order = camelizeKeys<{ status: string; paymentMethod: string; paidByCompany: string; totalAmount: { amount: number } }>(await (await page.request.get(`/api/v1/orders/${orderId}`, { headers: auth })).json());
    expect(order).toMatchObject({ status: 'placed', paymentMethod: 'corporate', paidByCompany: company, totalAmount: { amount: 0 } });
    await page.goto('/account/trips');
    await expect(page.getByText(option.name).first()).toBeVisible();
    expect(conversions).toHaveLength(1);
  });

  test('without consent to targeting cookies, the confirmation sends no conversion', async ({ page, api, browser }) => {
    test.setTimeout(90_000);
    const option = await pickExperience(api, { currency: 'SGD', skip: 1 });
    const admin = await adminPage(browser);
    const event = await adminPost<{ id: string }>(admin, '/admin/corporate-events', { company_name: 'Quiet Co', title: 'Quiet day', option_ids: [option.slugCode], start_date: today(), end_date: inDays(150) });
    const code = `QUIET-${randomUUID().slice(0, 8).toUpperCase()}`;
    await adminPost(admin, `/admin/corporate-events/${event.id}/codes`, { code, max_guests: 2 });
    await admin.context().close();
    const email = freshEmail('quiet');
    const { token } = await signUpViaApi(page.request, { name: 'Quinn Quiet', email, password: DEV_PASSWORD });
    await page.addInitScript((t) => localStorage.setItem('access_token', t), token);
    // Only necessary and performance cookies.
    await page.addInitScript(() => localStorage.setItem('consentMode', JSON.stringify({ necessaryCookie: true, performanceCookie: true, functionalCookie: true, targetingCookie: false })));
    const conversions: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/facebook_pixel_event')) conversions.push(r.url());
    });
    const dep = (await departures(page.request, option.slugCode, 1))[0]!;
    const cart = await postJson<{ id: string }>(page.request, '/cart', { currency: 'SGD', order_item: { option_id: option.slugCode, start_date: dep.date, detailed_timeslot_id: dep.timeslotId, quantity: 1 } });
    expect(cart.status).toBe(201);
    expect((await postJson(page.request, '/promotion-code-redemptions/corporate-redeem', { cart_id: cart.body.id, code })).status).toBe(201);
    const paid = await postJson<{ order: { id: string } }>(
      page.request,
      '/checkouts/pay',
      { cart_id: cart.body.id, currency: 'SGD', expected_total: { amount: 0, currency: 'SGD' }, contact: { name: 'Quinn Quiet', email, phone: '+65 9123 4567' }, customers: [{ full_name: 'Quinn Quiet', date_of_birth: '1990-01-01', nationality: 'Irish', passport_number: 'P1234567' }], payment_method: 'corporate' },
      { 'idempotency-key': randomUUID(), 'x-user-token': token },
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    await page.goto(`/checkout/confirmation?order=${paid.body.order.id}`);
    await expect(page.getByTestId('confirmation-title')).toHaveText('You’re booked!');
    await page.waitForLoadState('networkidle');
    expect(conversions).toEqual([]);
  });

  test('“Have a company code?” on /corporate-experiences opens the seeded event @mobile', async ({ page, axe }) => {
    await page.goto('/corporate-experiences');
    const form = page.getByRole('form', { name: 'Have a company code?' });
    await expect(form).toBeVisible();
    await form.getByLabel('Event link or company code').fill('harbourline-2027');
    await form.getByRole('button', { name: 'Find my event' }).click();
    await expect(page).toHaveURL(/\/corporate-events\/harbourline-team-day-2027$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Harbourline team day outdoors' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'How to book' })).toContainText('HARBOURLINE-2027');
    await expect(page.getByRole('link', { name: 'MacRitchie TreeTop Walk & Rainforest Trail' })).toBeVisible();
    await axe();
    // A pasted event link works too; an unknown code says so.
    await page.goto(`/corporate-events?event=${encodeURIComponent('https://example.com/corporate-events/harbourline-team-day-2027')}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Harbourline team day outdoors' })).toBeVisible();
    await page.goto('/corporate-events?event=NOBODY-HAS-THIS');
    await expect(page.getByRole('heading', { level: 1, name: 'Event not found' })).toBeVisible();
    await expect(page.getByText('We can’t find this event. Check the link or code your company sent you.')).toBeVisible();
  });

  test('an admin lists events, creates one with an experience and adds a code @mobile', async ({ page, api, axe }) => {
    const option = await pickExperience(api, { currency: 'SGD', skip: 2 });
    await loginAs(page, 'admin@verdant.test');
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Corporate events' }).click();
    await expect(page).toHaveURL(/\/admin\/corporate-events$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Corporate events' })).toBeVisible();
    const seeded = page.getByRole('article', { name: 'Harbourline team day outdoors' });
    await expect(seeded.getByText('HARBOURLINE-2027')).toBeVisible();

    await page.getByRole('button', { name: 'New event' }).click();
    const form = page.getByRole('form', { name: 'New corporate event' });
    await form.getByRole('button', { name: 'Create event' }).click();
    // A publish from another journey may be rendering beside this one: answers can be slow.
    await expect(form.getByText('Please enter the company name')).toBeVisible({ timeout: 30_000 });
    await expect(form.getByText('Choose at least one experience')).toBeVisible();
    const title = `Riverbend retreat ${randomUUID().slice(0, 6)}`;
    await form.getByLabel('Company', { exact: true }).fill('Riverbend Partners');
    await form.getByLabel('Event title').fill(title);
    await form.getByLabel('First trip day').fill(inDays(10));
    await form.getByLabel('Last trip day').fill(inDays(90));
    await form.getByLabel('Add an experience').fill(option.slugCode);
    await form.getByRole('list', { name: 'Matching experiences' }).getByRole('button', { name: 'Add' }).first().click();
    await expect(form.locator('.adm-picker__list').getByText(option.name)).toBeVisible();
    await axe();
    await form.getByRole('button', { name: 'Create event' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Created ${title}.` })).toBeVisible({ timeout: 30_000 });

    const card = page.getByRole('article', { name: title });
    await expect(card.getByText('No codes yet: add one below.')).toBeVisible();
    const code = `RB-${randomUUID().slice(0, 8).toUpperCase()}`;
    await card.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
    await card.getByLabel('Bookings in all').fill('25');
    await card.getByRole('button', { name: 'Add code' }).click();
    await expect(card.getByRole('row').filter({ hasText: code })).toContainText('0 of 25', { timeout: 30_000 });
    // The same code again is refused with the reason.
    await card.getByLabel('Code', { exact: true }).fill(code);
    await card.getByRole('button', { name: 'Add code' }).click();
    await expect(card.getByText('This code is already taken').first()).toBeVisible({ timeout: 30_000 });
    // The event page it links to shows the experience.
    const href = await card.getByRole('link', { name: /\/corporate-events\// }).getAttribute('href');
    await page.goto(href!);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('link', { name: option.name })).toBeVisible();
  });
});

test.describe('static maps', () => {
  test('the meeting point shows its map image: a WebP answered 200, with alt text @mobile', async ({ page, api }) => {
    const option = await pickExperience(api, { currency: 'SGD' });
    // Every map answer from the start: a lazy image near the first screen may load before the
    // test reads its address (the headless shell lays out and fetches sooner than the browser).
    const maps: Response[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.startsWith('/maps/')) maps.push(r);
    });
    await page.goto(`/experiences/${option.slugCode}`);
    const map = page.getByTestId('meeting-map');
    const src = await map.getAttribute('src');
    expect(src).toMatch(/^\/maps\/-?[\d.]+,-?[\d.]+,\d+\/\d+x\d+\.webp$/);
    expect((await map.getAttribute('alt'))?.length).toBeGreaterThan(10);
    await map.scrollIntoViewIfNeeded();
    const answer = () => maps.find((r) => r.url().endsWith(src!));
    await expect.poll(() => answer()?.status()).toBe(200);
    expect(answer()!.headers()['content-type']).toBe('image/webp');
    await expect.poll(() => map.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
  });
});

test.describe('required-info refresh', () => {
  test('a trip asks for a guest detail the experience began to require, and the traveller gives it', async ({ page, browser }) => {
    test.setTimeout(120_000);
    // A one-day instant experience that asks only for names (no age limit, no yacht).
    type Detail = { id: number; slugCode: string; name: string; kind: string; bookType: string; priceUnit: string; minAge: number | null; minPax?: number | null; minQtyForPrice?: number | null; yachtTrip: boolean; durationDays: number | null; fromPrice?: { currency: string } };
    const list = camelizeKeys<{ options: Detail[] }>(await (await page.request.get('/api/v1/options?per=100', { headers: auth })).json()).options;
    let option: Detail | undefined;
    // From the end of the list: the booking journeys take the first ones.
    for (const o of [...list].reverse()) {
      if (o.bookType !== 'instant' || o.priceUnit !== 'per_person' || o.kind === 'adventure' || o.fromPrice?.currency !== 'SGD') continue;
      const d = camelizeKeys<Detail>(await (await page.request.get(`/api/v1/options/${o.slugCode}`, { headers: auth })).json());
      if (d.minAge === null && !d.yachtTrip && (d.durationDays ?? 1) <= 1 && (d.minPax ?? 1) <= 1 && (d.minQtyForPrice ?? 1) <= 1 && (await departures(page.request, o.slugCode, 1)).length) {
        option = { ...d, id: o.id };
        break;
      }
    }
    expect(option, 'an experience that needs names only').toBeTruthy();
    const x = option!;

    const email = freshEmail('refresh');
    const { token } = await signUpViaApi(page.request, { name: 'Ravi Menon', email, password: DEV_PASSWORD });
    await page.addInitScript((t) => localStorage.setItem('access_token', t), token);
    const dep = (await departures(page.request, x.slugCode, 1))[0]!;
    const cart = await postJson<{ id: string; exchangedTotalAmountWithConversionFee: { amount: number; currency: string } }>(page.request, '/cart', { currency: 'SGD', order_item: { option_id: x.slugCode, start_date: dep.date, detailed_timeslot_id: dep.timeslotId, quantity: 1 } });
    expect(cart.status, JSON.stringify(cart.body)).toBe(201);
    const card = await postJson<{ token: string }>(page.request, '/test-gateway/tokens', { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' });
    const paid = await postJson<{ order: { orderItem: { id: string } } }>(
      page.request,
      '/checkouts/pay',
      { cart_id: cart.body.id, currency: 'SGD', expected_total: cart.body.exchangedTotalAmountWithConversionFee, contact: { name: 'Ravi Menon', email, phone: '+65 9123 4567' }, customers: [{ full_name: 'Ravi Menon' }], payment_method: 'card', card_token: card.body.token },
      { 'idempotency-key': randomUUID(), 'x-user-token': token },
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const itemId = paid.body.order.orderItem.id;

    await page.goto(`/account/trips/${itemId}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('new-requirements')).toHaveCount(0);

    // The operator's change is approved: the experience now has an age limit (through the back-office API).
    const admin = await adminPage(browser);
    const view = (await (await admin.request.get(`/api/v1/admin/experiences/${x.id}`, { headers: auth })).json()) as { version: number; draft: Record<string, unknown> };
    const saved = await admin.request.put(`/api/v1/admin/experiences/${x.id}/draft`, { headers: auth, data: { version: view.version, draft: { ...view.draft, min_age: 12 } } });
    expect(saved.status(), await saved.text()).toBe(200);
    const published = await admin.request.post(`/api/v1/admin/experiences/${x.id}/publish`, { headers: auth, data: { version: ((await saved.json()) as { version: number }).version } });
    expect(published.status(), await published.text()).toBeLessThan(300);
    await admin.context().close();

    await page.reload();
    const note = page.getByTestId('new-requirements');
    await expect(note).toHaveText(/The operator now also needs each guest’s date of birth\./);
    await note.getByRole('link', { name: 'Add them now' }).click();
    await page.waitForURL(new RegExp(`/trips/${itemId}/required_info$`));
    const guest = page.locator('.checkout__guest-card').first();
    await expect(guest.getByLabel('Full name (as on ID)')).toHaveValue('Ravi Menon');
    await guest.getByLabel('Date of birth').fill('1988-06-15');
    await page.getByRole('button', { name: 'Send to the operator' }).click();
    await page.waitForURL(/\/required_info\/submit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you' })).toBeVisible();
    await page.goto(`/account/trips/${itemId}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('new-requirements')).toHaveCount(0);
  });
});

// The ambassador programme end to end (issue 18): a traveller applies, sees 'applied' and no
// Ambassador Dashboard link; an admin approves in the back-office (/admin/ambassadors); the link
// appears; the ambassador creates an affiliate link; a new visitor follows /a/{id} and books with
// 4242; the ambassador's last_7_days performance shows the click, the booking and the commission;
// the visitor cancels with a refund and the commission is reversed. Plus the public pages.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { camelizeKeys } from '../../src/lib/key-case.ts';
import { csrf, DEV_PASSWORD, freshEmail, lastOutboxMessage, loginAs, signUpViaApi } from './accounts.ts';
import { fillCheckout, payButton } from './booking.ts';
import { API_KEY, expect, expectNoSeriousA11yViolations, test } from './fixtures.ts';

const auth = { authorization: `Bearer ${API_KEY}` };
type Api = <T = Record<string, unknown>>(path: string) => Promise<T>;

/** An instant per-person SGD experience whose policy allows free cancellation. */
async function flexibleExperience(api: Api): Promise<string> {
  const { options } = camelizeKeys<{ options: { slugCode: string; bookType: string; priceUnit: string; kind: string; fromPrice?: { currency: string } }[] }>(await api('/options?per=100'));
  for (const o of options) {
    if (o.bookType !== 'instant' || o.priceUnit !== 'per_person' || o.kind === 'adventure' || o.fromPrice?.currency !== 'SGD') continue;
    const detail = camelizeKeys<{ cancelType: string; rescheduleType: string }>(await api(`/options/${o.slugCode}`));
    if (detail.cancelType !== 'all_sales_final' && detail.rescheduleType === 'allow_reschedule_cancel') return o.slugCode;
  }
  throw new Error('no flexible experience in the demo catalogue');
}

async function approveAsAdmin(request: APIRequestContext, userId: string) {
  const token = await csrf(request);
  const login = await request.post('/users/login', { headers: { 'x-csrf-token': token }, data: { user: { email: 'admin@verdant.test', password: DEV_PASSWORD } } });
  expect(login.status()).toBe(200);
  const res = await request.post(`/api/v1/admin/ambassador_applications/${userId}`, { headers: auth, data: { decision: 'approve' } });
  expect(res.status(), await res.text()).toBe(200);
}

/** A new traveller who has applied (through the API, in a context of their own); their user id. */
async function applicant(browser: Browser, name: string, email: string): Promise<string> {
  const context = await browser.newContext();
  const me = await signUpViaApi(context.request, { name, email, password: DEV_PASSWORD });
  const res = await context.request.post('/api/v1/ambassador_profile', { headers: auth, data: { channels: ['blog', 'other'], audience_links: ['https://example.com/trail-notes'], pitch: 'Long walks in quiet places, written up slowly for readers who plan ahead.', accept_terms: true } });
  expect(res.status(), await res.text()).toBe(201);
  await context.close();
  return me.user.id;
}

async function accountEntries(page: Page) {
  await page.getByRole('button', { name: /Your account/ }).click();
  const entries = await page.locator('.hacct__list [data-account-entry]').allTextContents();
  await page.keyboard.press('Escape');
  return entries;
}

/** Picks a departure at least three days ahead (inside free cancellation) in the widget, then checks out. */
async function bookAhead(page: Page) {
  const panel = page.locator('#availability');
  await panel.getByRole('button', { name: 'Check availability' }).click();
  const soon = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  for (let i = 0; i < 4; i++) {
    const days = panel.locator('.cal__day[data-status="available"]:not([disabled])');
    await expect(days.first()).toBeVisible();
    const dates = await days.evaluateAll((els) => els.map((e) => e.getAttribute('data-date') ?? ''));
    const pick = dates.find((d) => d >= soon);
    if (pick) {
      await panel.locator(`.cal__day[data-date="${pick}"]`).click();
      break;
    }
    await panel.getByRole('button', { name: 'Next month' }).click();
  }
  if (!(await panel.locator('.bw__chip input:checked').count())) await panel.locator('.bw__chip input:not([disabled])').first().check();
  await expect(panel.getByTestId('widget-total')).toBeVisible();
  await panel.locator('[data-booking-cta]').click();
  await page.waitForURL('**/checkout');
  await fillCheckout(page, '4242 4242 4242 4242');
  await payButton(page).click();
  await page.waitForURL(/\/checkout\/confirmation\?order=/);
  await expect(page.getByTestId('confirmation-title')).toHaveText('You’re booked!');
}

const answerConsent = () => localStorage.setItem('consentMode', JSON.stringify({ necessaryCookie: true, performanceCookie: true, functionalCookie: true, targetingCookie: true }));

test.describe('ambassador programme', () => {
  test.setTimeout(180_000);
  // The cookie banner is answered: these journeys are about the programme.
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(answerConsent);
  });

  test('apply → approved → link → a visitor books with 4242 → performance → refund reverses the commission', async ({ page, api, axe, browser }) => {
    // 1. A traveller applies.
    const email = freshEmail('amb');
    const me = await signUpViaApi(page.request, { name: 'Iris Trailwood', email, password: DEV_PASSWORD });
    await page.addInitScript((t) => localStorage.setItem('access_token', t), me.token);
    await page.goto('/ambassador/signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Apply to become an ambassador' })).toBeVisible();
    await page.getByRole('button', { name: 'Send application' }).click();
    await expect(page.getByText('Choose at least one channel you share on')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Instagram' }).check();
    await page.getByRole('checkbox', { name: 'Blog' }).check();
    await page.getByLabel('Link to your audience').fill('https://instagram.com/iris.trailwood');
    await page.getByLabel('Tell us about what you create').fill('Slow hikes and wildlife in Sabah and Sarawak for 25k followers who travel light.');
    await page.getByLabel('I accept the ambassador terms').check();
    await axe();
    await page.getByRole('button', { name: 'Send application' }).click();
    await page.waitForURL('**/ambassador/status');
    await expect(page.getByRole('heading', { level: 1, name: 'Your application is being reviewed' })).toBeVisible();
    await expect(page.locator('.amb-status')).toHaveText('Applied');
    await axe();
    expect(await accountEntries(page)).not.toContain('Ambassador Dashboard');

    // 2. An admin approves it in the back-office, with a note.
    const adminContext = await browser.newContext();
    await adminContext.addInitScript(answerConsent);
    const admin = await adminContext.newPage();
    await loginAs(admin, 'admin@verdant.test');
    await admin.goto('/admin');
    await admin.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Ambassadors' }).click();
    await expect(admin).toHaveURL(/\/admin\/ambassadors$/);
    await expect(admin.getByRole('heading', { level: 1, name: 'Ambassador applications' })).toBeVisible();
    await expect(admin.getByRole('combobox', { name: 'Status' })).toHaveValue('applied');
    const card = admin.getByRole('article').filter({ hasText: email });
    await expect(card.getByRole('heading', { level: 2, name: 'Iris Trailwood' })).toBeVisible();
    await expect(card).toContainText('Instagram, Blog');
    await expect(card).toContainText('Slow hikes and wildlife in Sabah and Sarawak');
    const audience = card.getByRole('link', { name: 'https://instagram.com/iris.trailwood' });
    await expect(audience).toHaveAttribute('rel', 'noopener nofollow ugc');
    await expect(audience).toHaveAttribute('target', '_blank');
    await card.getByLabel('Note to the applicant (optional)').fill('Welcome aboard: we loved the Sabah wildlife posts.');
    await expectNoSeriousA11yViolations(admin);
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'Approved:' })).toHaveText('Approved: Iris Trailwood can now use the Ambassador Dashboard. We e-mailed them.');
    await expect(card).toHaveCount(0);
    await adminContext.close();

    // 3. The Ambassador Dashboard link appears; the ambassador creates a link.
    await page.reload();
    await expect(page.locator('.amb-status')).toHaveText('Approved');
    expect(await accountEntries(page)).toContain('Ambassador Dashboard');
    await page.getByRole('button', { name: /Your account/ }).click();
    await page.locator('.hacct__list').getByRole('link', { name: 'Ambassador Dashboard' }).click();
    await page.waitForURL('**/ambassador/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Your ambassador dashboard' })).toBeVisible();
    const slug = await flexibleExperience(api);
    await page.getByLabel('Page on Verdant').fill('https://elsewhere.example/x');
    await page.getByRole('button', { name: 'Create link' }).click();
    await expect(page.getByText('Paste the address of a page on Verdant, like /experiences/… or the full link')).toBeVisible();
    await page.getByLabel('Page on Verdant').fill(`/experiences/${slug}`);
    await page.getByRole('button', { name: 'Create link' }).click();
    await expect(page.locator('.acct-ok')).toContainText('Your link is ready');
    const row = page.locator('.amb-link').first();
    const linkUrl = (await row.locator('.amb-link__url a').textContent())!;
    expect(linkUrl).toMatch(/\/a\/[\w-]+$/);
    await row.getByRole('button', { name: 'QR code' }).click();
    await expect(row.getByRole('img', { name: /^QR code for / })).toBeVisible();
    await axe();

    // 4. A new visitor follows the link and books with 4242.
    const visitorContext = await browser.newContext();
    await visitorContext.addInitScript(answerConsent);
    const visitor = await visitorContext.newPage();
    const vEmail = freshEmail('amb.visitor');
    const v = await signUpViaApi(visitor.request, { name: 'Theo Visitor', email: vEmail, password: DEV_PASSWORD });
    await visitor.addInitScript((t) => localStorage.setItem('access_token', t), v.token);
    await visitor.goto(new URL(linkUrl).pathname);
    await visitor.waitForURL(`**/experiences/${slug}`);
    await bookAhead(visitor);

    // 5. The ambassador's last 7 days show the click, the booking and the commission.
    await page.goto('/ambassador/performance?period=last_7_days');
    await expect(page.locator('#amb-period')).toHaveValue('last_7_days');
    await expect(page.locator('[data-figure="clicks"]')).toHaveText('1');
    await expect(page.locator('[data-figure="bookings"]')).toHaveText('1');
    await expect(page.locator('[data-figure="conversion"]')).toHaveText('100.0%');
    const earned = (await page.locator('[data-figure="earnings"]').textContent())!;
    expect(earned).toMatch(/^SGD [1-9]/);
    await expect(page.locator('.amb-recent li[data-kind="earned"]')).toHaveCount(1);
    await expect(page.getByRole('img', { name: /Clicks and bookings, last 7 days/ })).toBeVisible();
    await page.getByText('Show the data as a table').click();
    await expect(page.locator('.amb-chart__data tbody tr')).toHaveCount(7);
    await axe();
    await page.goto('/ambassador/popular-products?period=last_7_days');
    await expect(page.locator('.amb-table tbody tr')).toHaveCount(1);

    // 6. The visitor cancels with a refund; the commission is reversed.
    await visitor.goto('/account/trips');
    await visitor.locator('.trip-card').first().getByRole('link').first().click();
    await visitor.getByRole('link', { name: 'Cancel and refund' }).click();
    await visitor.getByRole('button', { name: /^Cancel and refund / }).click();
    await expect(visitor.getByRole('heading', { level: 1, name: 'Refund on its way' })).toBeVisible();
    await visitorContext.close();

    await page.goto('/ambassador/performance?period=last_7_days');
    await expect(page.locator('[data-figure="bookings"]')).toHaveText('1');
    await expect(page.locator('[data-figure="earnings"]')).toHaveText('SGD 0.00');
    await expect(page.locator('[data-figure="reversed"]')).toContainText('1 reversed commission');
    await expect(page.locator('.amb-recent li[data-kind="reversed"]')).toHaveCount(1);
    await page.goto('/ambassador/popular-products?period=last_7_days');
    await expect(page.getByText('No bookings through your links in this period')).toBeVisible();
  });

  test('bank details: validated by country, shown masked, deleted; payouts show the minimum @mobile', async ({ page, browser, axe }) => {
    const email = freshEmail('amb.bank');
    const me = await signUpViaApi(page.request, { name: 'Bo Banks', email, password: DEV_PASSWORD });
    await page.addInitScript((t) => localStorage.setItem('access_token', t), me.token);
    const apply = await page.request.post('/api/v1/ambassador_profile', { headers: auth, data: { channels: ['tiktok'], audience_links: ['https://tiktok.com/@bobanks'], pitch: 'Reef and river trips on a budget, short videos.', accept_terms: true } });
    expect(apply.status()).toBe(201);
    const adminContext = await browser.newContext();
    await approveAsAdmin(adminContext.request, me.user.id);
    await adminContext.close();

    await page.goto('/ambassador/payouts');
    await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
    await expect(page.getByText('No statements yet')).toBeVisible();
    await page.getByRole('link', { name: 'Add bank details' }).click();
    await page.waitForURL('**/ambassador/bank-details/add');
    await page.getByLabel("Bank's country").selectOption('AU');
    await page.getByLabel('Name on the account').fill('Bo Banks');
    await page.getByLabel('Bank name').fill('ANZ');
    await page.getByLabel('Account number').fill('12');
    await page.getByLabel('BSB').fill('0620');
    await page.getByRole('button', { name: 'Save bank details' }).click();
    await expect(page.getByText('Account number for Australia: 5 to 9 digits')).toBeVisible();
    await expect(page.getByText('BSB for Australia: 6 digits')).toBeVisible();
    await axe();
    await page.getByLabel('Account number').fill('12345678');
    await page.getByLabel('BSB').fill('062-000');
    await page.getByRole('button', { name: 'Save bank details' }).click();
    await page.waitForURL('**/ambassador/bank-details');
    const acc = page.locator('.amb-bank');
    await expect(acc).toHaveCount(1);
    await expect(acc.locator('.amb-bank__number')).toHaveText('•••• 5678');
    await expect(page.getByText('12345678')).toHaveCount(0);
    await axe();
    await acc.getByRole('button', { name: /Delete the account ending 5678/ }).click();
    await acc.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page.getByText('No bank details yet')).toBeVisible();
  });

  test('an admin rejects with a note; an application reviewed meanwhile keeps its card and says why; the filter is in the address @mobile', async ({ page, browser, axe }) => {
    const rejectEmail = freshEmail('amb.reject');
    const raceEmail = freshEmail('amb.race');
    await applicant(browser, 'Rae Declined', rejectEmail);
    const raceId = await applicant(browser, 'Cy Meanwhile', raceEmail);
    await loginAs(page, 'admin@verdant.test');
    await page.goto('/admin/ambassadors');
    await expect(page.getByRole('heading', { level: 1, name: 'Ambassador applications' })).toBeVisible();

    // Rejected with a note: the notice, the card leaves, and the e-mail carries the note.
    const rejected = page.getByRole('article').filter({ hasText: rejectEmail });
    await expect(rejected).toContainText('Blog, Other');
    await rejected.getByLabel('Note to the applicant (optional)').fill('We look for at least a year of regular posts.');
    await rejected.getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Rejected:' })).toHaveText('Rejected: we e-mailed Rae Declined.');
    await expect(rejected).toHaveCount(0);
    expect(await lastOutboxMessage(page.request, rejectEmail)).toContain('We look for at least a year of regular posts.');

    // Another admin approves while this screen still shows the application: the API's refusal, the card stays.
    const race = page.getByRole('article').filter({ hasText: raceEmail });
    await expect(race).toBeVisible();
    const other = await browser.newContext();
    await approveAsAdmin(other.request, raceId);
    await other.close();
    await race.getByRole('button', { name: 'Reject' }).click();
    await expect(race.getByRole('alert')).toHaveText('This application was already approved');
    await expect(race.getByRole('button', { name: 'Approve' })).toBeEnabled();
    await axe();

    // The filter lives in the address and survives a reload.
    await page.getByRole('combobox', { name: 'Status' }).selectOption('rejected');
    await expect(page).toHaveURL(/\/admin\/ambassadors\?status=rejected$/);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('rejected');
    const done = page.getByRole('article').filter({ hasText: rejectEmail });
    await expect(done).toContainText('Reviewed');
    await expect(done.getByRole('button')).toHaveCount(0);
    await axe();
  });

  test('public pages: landing, get started, FAQs and terms are pre-rendered with the programme figures', async ({ page, axe }) => {
    for (const [path, h1] of [
      ['/ambassador', 'Share the places you love. Earn when your audience books.'],
      ['/ambassador/get-started', 'Get started in four steps'],
      ['/ambassador/faqs', 'Questions ambassadors ask'],
      ['/ambassador/terms', 'Ambassador programme terms'],
    ] as const) {
      const html = await (await page.request.get(path)).text();
      expect(html, path).toContain(h1.replace(/'/g, '&#39;'));
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: h1 })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Ambassador programme' }).locator('a[aria-current="page"]')).toHaveCount(1);
      await axe();
    }
    await expect(page.getByText(/S\$200/).first()).toBeVisible();
    await page.goto('/ambassador/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in to see your ambassador account' })).toBeVisible();
    await page.goto('/ambassador/nowhere');
    await expect(page.getByRole('heading', { level: 1, name: 'This page isn’t part of the ambassador programme' })).toBeVisible();
  });
});

// Issue 24 items 2, 4, 8, 9 (ADR 39): a traveller asks a question on an experience page, the
// operator answers it in /partner, and the answer is published on the page; a visitor reports a
// problem and an admin sees it in /admin and resolves it; sharing an itinerary counts the share;
// an admin picks a photo from the image library. SCREENSHOTS=1 keeps screenshots at 1280 and 375 px.
import type { Page } from '@playwright/test';
import { camelizeKeys } from '../../src/lib/key-case.ts';
import { freshEmail, loginAs, signUpViaApi } from './accounts.ts';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures.ts';

const OPERATOR = 'ubin-paddle-co';
const shots = process.env['SCREENSHOTS'] ? 'test-results/faqs-screens' : null;

async function shootBoth(page: Page, name: string, target?: string) {
  if (!shots) return;
  const size = page.viewportSize()!;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    if (target) await page.locator(target).first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: !target });
  }
  await page.setViewportSize(size);
}

const acceptCookies = async (page: Page) => {
  const consent = page.getByRole('button', { name: 'Accept all cookies' });
  if (await consent.isVisible()) await consent.click();
};

test.describe('questions, problem reports, shares and the image library', () => {
  // The answer reaches the static page through a publish (a filtered build: a minute or more).
  test('a traveller asks, the operator answers in /partner, and the answer is on the experience page', async ({ page, api, browser }) => {
    test.setTimeout(600_000);
    const { options } = camelizeKeys<{ options: { slugCode: string; name: string }[] }>(await api(`/options?per=100&supplier=${OPERATOR}`));
    const x = options[0]!;
    const email = freshEmail('asker');
    await signUpViaApi(page.request, { name: 'Quinn Asker', email, password: 'mangrove-trail' });
    await loginAs(page, email, 'mangrove-trail');
    const words = `Can we bring our own snorkel masks on ${Date.now().toString(36)}?`;

    await page.goto(`/experiences/${x.slugCode}`);
    await acceptCookies(page);
    const section = page.locator('#questions');
    await section.getByLabel('Your question').fill('Too short');
    await section.getByRole('button', { name: 'Ask the operator' }).click();
    await expect(section.getByRole('alert')).toContainText('at least 10 characters');
    await section.getByLabel('Your question').fill(words.replace('masks', 'gear'));
    await section.getByLabel('Topic').selectOption('what_to_bring');
    await section.getByRole('button', { name: 'Ask the operator' }).click();
    await expect(section.getByRole('status')).toHaveText('Thank you: your question is with the operator.');
    const mine = section.locator('.faq-mine__item').first();
    await expect(mine).toContainText('Waiting for the operator’s answer');
    // The asker corrects the question while it waits.
    await mine.getByRole('button', { name: 'Edit' }).click();
    await mine.getByLabel('Your question').fill(words);
    await mine.getByRole('button', { name: 'Save question' }).click();
    await expect(mine).toContainText(words);
    await expectNoSeriousA11yViolations(page, '#questions');
    await shootBoth(page, 'ask-question', '#questions');

    // The operator answers in the partner back-office.
    const context = await browser.newContext();
    const partner = await context.newPage();
    await loginAs(partner, 'partner@verdant.test');
    await partner.goto('/partner');
    await acceptCookies(partner);
    await partner.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Questions' }).click();
    await expect(partner.getByRole('heading', { level: 1, name: 'Questions' })).toBeVisible();
    const card = partner.locator('.ptn-question').filter({ hasText: words });
    await expect(card).toContainText('Quinn asked');
    await expectNoSeriousA11yViolations(partner);
    await shootBoth(partner, 'partner-questions');
    await card.getByRole('button', { name: 'Publish answer' }).click();
    await expect(card.getByText('Please write the answer')).toBeVisible();
    await card.getByLabel('Your answer').fill('Yes, and we rinse them for you after the trip.');
    await card.getByRole('button', { name: 'Publish answer' }).click();
    await expect(partner.getByRole('status').filter({ hasText: 'Answer published' })).toBeVisible();
    await context.close();

    // The asker sees it answered at once; every visitor once the page is published again.
    await page.reload();
    await expect(page.locator('.faq-mine__item').filter({ hasText: words })).toContainText('Yes, and we rinse them for you after the trip.');
    const guestContext = await browser.newContext();
    const guest = await guestContext.newPage();
    await expect
      .poll(
        async () => {
          await guest.goto(`/experiences/${x.slugCode}`);
          return guest.locator('#questions details').filter({ hasText: words }).count();
        },
        { timeout: 540_000, intervals: [5_000] },
      )
      .toBe(1);
    const answered = guest.locator('#questions details').filter({ hasText: words });
    await answered.locator('summary').click();
    await expect(answered).toContainText('Yes, and we rinse them for you after the trip.');
    await expect(answered).toContainText('Asked by a traveller · answered by Ubin Paddle Co');
    await expectNoSeriousA11yViolations(guest, '#questions');
    await acceptCookies(guest);
    await shootBoth(guest, 'answered-question', '#questions');
    await guestContext.close();
  });

  test('a visitor reports a problem with a listing; an admin sees it and marks it resolved', async ({ page, api, browser }) => {
    test.setTimeout(120_000);
    const { options } = camelizeKeys<{ options: { slugCode: string; name: string }[] }>(await api('/options?per=5'));
    const x = options.at(-1)!;
    const detail = `The price on the page is ${Date.now().toString(36)} off.`;
    await page.goto(`/experiences/${x.slugCode}`);
    await acceptCookies(page);
    const report = page.locator('details.report');
    await report.getByText('Report a problem with this listing').click();
    await report.getByRole('button', { name: 'Send report' }).click();
    await expect(report.getByText('Please choose what is wrong')).toBeVisible();
    await report.getByRole('radio', { name: 'Something else' }).check();
    await report.getByRole('button', { name: 'Send report' }).click();
    await expect(report.getByText('Please tell us what is wrong')).toBeVisible();
    await report.getByRole('radio', { name: 'The price is wrong' }).check();
    await report.getByLabel(/Tell us more/).fill(detail);
    await shootBoth(page, 'report-problem', 'details.report');
    await report.getByRole('button', { name: 'Send report' }).click();
    await expect(report.getByRole('status')).toContainText(/yours is PR-\d{6}/);
    const reference = /PR-\d{6}/.exec((await report.getByRole('status').textContent()) ?? '')![0];
    await expectNoSeriousA11yViolations(page, 'details.report');

    const context = await browser.newContext();
    const admin = await context.newPage();
    await loginAs(admin, 'admin@verdant.test');
    await admin.goto('/admin');
    await acceptCookies(admin);
    await admin.getByRole('navigation', { name: 'Back-office' }).getByRole('link', { name: 'Reported problems' }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Reported problems' })).toBeVisible();
    const card = admin.locator(`[data-report="${reference}"]`);
    await expect(card).toContainText('The price is wrong');
    await expect(card).toContainText(detail);
    await expect(card).toContainText(x.name);
    await expect(card).toContainText('Reported by a visitor who was not logged in');
    await expectNoSeriousA11yViolations(admin);
    await shootBoth(admin, 'admin-reports');
    await card.getByRole('button', { name: 'Mark resolved' }).click();
    await expect(card.getByRole('button', { name: 'Reopen' })).toBeVisible();
    await expect(card).toContainText('resolved');
    await context.close();
  });

  test('sharing an itinerary counts the share once', async ({ page, api }) => {
    const { travelItineraries } = camelizeKeys<{ travelItineraries: { slug: string; shareCount: number }[] }>(await api('/travel_itineraries?per=1'));
    const it = travelItineraries[0]!;
    await page.goto(`/itineraries/${it.slug}`);
    await acceptCookies(page);
    const share = page.locator('[data-share-itinerary]');
    await expect(share.getByText('Share this itinerary')).toBeVisible();
    await shootBoth(page, 'itinerary-share', '[data-share-itinerary]');
    const counted = page.waitForResponse((r) => r.url().includes('/increase_share_count'));
    await share.getByRole('link', { name: 'Email' }).evaluate((a) => a.addEventListener('click', (e) => e.preventDefault()));
    await share.getByRole('link', { name: 'Email' }).click();
    const answer = (await (await counted).json()) as { counted: boolean; share_count: number };
    expect(answer.counted).toBe(true);
    expect(answer.share_count).toBeGreaterThan(it.shareCount);
  });

  test('an admin adds a photo from the image library to an experience', async ({ page }) => {
    await loginAs(page, 'admin@verdant.test');
    await page.goto('/admin/experiences');
    await acceptCookies(page);
    await page.locator('.adm-list a[href^="/admin/experiences/"]').first().click();
    const images = page.getByRole('group', { name: 'Images' });
    await expect(images.getByRole('textbox', { name: /^Alt text/ }).first()).toBeVisible();
    const before = await images.getByRole('textbox', { name: /^Alt text/ }).count();
    await images.getByRole('button', { name: 'Choose from the library' }).click();
    const first = images.locator('.adm-library__pick:not([disabled])').first();
    await expect(first).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shootBoth(page, 'image-library', '.adm-library');
    await first.click();
    await expect(images.getByRole('textbox', { name: /^Alt text/ })).toHaveCount(before + 1);
    await expect(images.getByRole('status').filter({ hasText: 'Added from the library' })).toBeVisible();
  });
});

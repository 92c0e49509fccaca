// The account area (spec §2 Account): every page works for a logged-in traveller at 1280 px and
// 375 px (@mobile) with no serious axe violation; profile, phone, gift codes and bucket lists
// do what they say; the Save button on experience pages and the shared list page.
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures.ts';
import { freshEmail, freshPhone, lastCode, loginAs, signUpViaApi } from './accounts.ts';

const heading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });

const PAGES: [string, string][] = [
  ['/account/profile', 'Your profile'],
  ['/account/phone-number', 'Phone number'],
  ['/account/credits', 'Credits'],
  ['/account/referral', 'Invite friends'],
  ['/account/bucket-list', 'Bucket lists'],
  ['/account/gift-codes', 'Your gifts'],
  ['/account/trips', 'Bookings'],
];

test.describe('account pages for the seeded traveller', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('consentMode', JSON.stringify({ necessaryCookie: true, performanceCookie: false, functionalCookie: false, targetingCookie: false })));
    await loginAs(page, 'traveller@verdant.test');
  });

  for (const [path, title] of PAGES) {
    test(`${path} shows "${title}" and passes axe @mobile`, async ({ page, axe }) => {
      await page.goto(path);
      await expect(heading(page)).toHaveText(title);
      // The page's own content has loaded (closed header panels keep their placeholders, ADR 0027).
      await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await axe();
    });
  }

  test('the seeded data reads as real: balances, ledger, gift, referral', async ({ page }) => {
    await page.goto('/account/credits');
    await expect(page.locator('[data-balance="SGD"]')).toHaveText('SGD 20.00');
    await expect(page.getByText('Used on Pulau Ubin mangrove kayak at dawn')).toBeVisible();
    await page.goto('/account/gift-codes');
    await page.locator('[data-gift-code="TESS-BIRTHDAY-50"]').click();
    await expect(heading(page)).toHaveText('SGD 50.00 gift');
    await expect(page.getByText('Happy birthday, Tess!')).toBeVisible();
    await page.goto('/account/referral');
    await expect(page.locator('[data-invite-url]')).toHaveValue(/\/invite\?ref=TESSGOES$/);
  });

  test('/account goes to the profile; an unknown account page says so', async ({ page }) => {
    await page.goto('/account');
    await expect(page).toHaveURL(/\/account\/profile$/);
    await page.goto('/account/nowhere');
    await expect(heading(page)).toHaveText('This page isn’t part of your account');
  });
});

test('profile: name, photo, email with the current password', async ({ page }) => {
  const email = freshEmail('profile');
  await signUpViaApi(page.request, { name: 'Paula Profile', email, password: 'profile-pass' });
  await loginAs(page, email, 'profile-pass');
  await page.goto('/account/profile');
  await page.getByLabel('Name', { exact: true }).fill('Paula Pereira');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Your details are saved.')).toBeVisible();
  await expect(page.locator('.hacct__name')).toHaveText('Paula');

  const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#4e7a55' } }).png().toBuffer();
  await page.locator('#acct-photo-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Your photo is updated.')).toBeVisible();
  await expect(page.locator('.acct-avatar img')).toHaveAttribute('src', /^\/storage\/avatars\/.+\.webp$/);

  const next = freshEmail('profile.new');
  await page.getByLabel('New email', { exact: true }).fill(next);
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByText('Your current password is incorrect').first()).toBeVisible();
  await page.getByRole('region', { name: 'Email' }).getByLabel('Current password', { exact: true }).fill('profile-pass');
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByText(`Your email is now ${next}.`)).toBeVisible();
});

test('phone number: added with a WhatsApp code from the outbox', async ({ page }) => {
  const email = freshEmail('phone');
  await signUpViaApi(page.request, { name: 'Pham Phone', email, password: 'phone-pass' });
  await loginAs(page, email, 'phone-pass');
  await page.goto('/account/phone-number?add_phone=true');
  await expect(heading(page)).toHaveText('Welcome to Verdant!');
  const phone = freshPhone();
  await page.getByLabel('Phone number', { exact: true }).fill(phone);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await page.getByLabel('Code', { exact: true }).fill(await lastCode(page.request, `+65${phone}`));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.locator('[data-phone]')).toHaveText(/^\+65 /);
  await expect(page.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/');
});

test('gift codes: add by code, then turn it into credit', async ({ page }) => {
  const email = freshEmail('gift');
  await signUpViaApi(page.request, { name: 'Gita Gift', email, password: 'gift-pass' });
  await loginAs(page, email, 'gift-pass');
  await page.goto('/account/gift-codes');
  await page.getByRole('button', { name: 'Add code' }).click();
  await expect(page.getByText('Please enter your gift code')).toBeVisible();
  await page.getByLabel('Gift code', { exact: true }).fill('NOT-A-CODE');
  await page.getByRole('button', { name: 'Add code' }).click();
  await expect(page.getByText('This gift code is not valid')).toBeVisible();
  // The seeded unclaimed code can be claimed once in a whole run; other runs see it used.
  await page.getByLabel('Gift code', { exact: true }).fill('RIVER-WELCOME-25');
  await page.getByRole('button', { name: 'Add code' }).click();
  const card = page.locator('[data-gift-code="RIVER-WELCOME-25"]');
  const used = page.getByText('This gift code has already been used');
  await expect(card.or(used)).toBeVisible();
  test.skip(await used.isVisible(), 'the demo code was claimed earlier in this run');
  await card.click();
  await page.getByRole('button', { name: 'Add to my credit' }).click();
  await expect(page.getByText('Added to your credit. Your balance is SGD 25.00.')).toBeVisible();
  await expect(page.locator('[data-gift-status]')).toHaveText('Added to your credit');
});

test('bucket lists: save from an experience page, manage in the account, share a read-only page', async ({ page, api, browser }) => {
  const email = freshEmail('lists');
  await signUpViaApi(page.request, { name: 'Lia Lists', email, password: 'lists-pass' });
  await loginAs(page, email, 'lists-pass');
  const { options } = await api<{ options: { slug_code: string; name: string }[] }>('/options?per=3');
  const option = options[2]!;
  await page.goto(`/experiences/${option.slug_code}`);
  const save = page.getByRole('button', { name: /^Save/ });
  await expect(save).toHaveAttribute('aria-pressed', 'false');
  await save.click();
  // No list yet: the first one is made for you.
  await expect(page.getByRole('button', { name: /^Saved/ })).toHaveAttribute('aria-pressed', 'true');
  const picker = page.getByRole('group', { name: 'Your bucket lists' });
  await expect(picker.getByLabel('My bucket list')).toBeChecked();
  await picker.getByLabel('New list name').fill('Rainy season');
  await picker.getByRole('button', { name: 'Create' }).click();
  await expect(picker.getByLabel('Rainy season')).toBeChecked();
  await picker.getByLabel('My bucket list').uncheck();
  await expect(picker.getByLabel('My bucket list')).not.toBeChecked();

  await page.goto('/account/bucket-list');
  const list = page.getByRole('article', { name: 'Rainy season' });
  await expect(list.getByRole('link', { name: option.name })).toBeVisible();
  await list.getByRole('button', { name: 'Rename' }).click();
  await list.getByLabel('List name').fill('Monsoon escapes');
  await list.getByRole('button', { name: 'Save' }).click();
  const renamed = page.getByRole('article', { name: 'Monsoon escapes' });
  await renamed.getByRole('button', { name: 'Share' }).click();
  const shareUrl = await renamed.getByLabel(/Share link/).inputValue();

  // Someone else, not logged in, opens the shared page: read-only.
  const guest = await browser.newPage();
  await guest.goto(new URL(shareUrl).pathname);
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText('Monsoon escapes');
  await expect(guest.getByText('A bucket list by Lia')).toBeVisible();
  await expect(guest.getByRole('link', { name: new RegExp(option.name) })).toBeVisible();
  await expect(guest.getByText('Edit in your account')).toHaveCount(0);

  await renamed.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(renamed.getByText('· Private')).toBeVisible();
  await guest.reload();
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText('This bucket list isn’t available');
  await guest.close();

  const other = page.getByRole('article', { name: 'My bucket list' });
  await other.getByRole('button', { name: 'Delete' }).click();
  await other.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.getByRole('article', { name: 'My bucket list' })).toHaveCount(0);
});

test('the invite page keeps a friend’s code and shows the welcome discount', async ({ page }) => {
  await page.goto('/invite?ref=TESSGOES');
  await expect(page.getByText('A friend invited you to Verdant.')).toBeVisible();
  await expect(page.locator('[data-welcome-amount]')).toHaveText('USD 10.00');
  expect(await page.evaluate(() => localStorage.getItem('referralCode'))).toBe('TESSGOES');
});

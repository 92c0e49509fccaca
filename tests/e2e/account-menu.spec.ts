// The header account menu (spec §2 Header, §4, §6) with real users of each role from the demo
// catalogue: exactly the spec's entries, in order.
import { expect, test } from './fixtures.ts';
import { loginAs } from './accounts.ts';

const BASE = ['Messages', 'Bookings', 'Bucket Lists', 'Your Gifts', 'Credits & Referrals'];
const TAIL = ['Manage Account', 'Logout'];

const cases: [string, string, string[]][] = [
  ['a traveller', 'traveller@verdant.test', [...BASE, ...TAIL]],
  ['a partner', 'partner@verdant.test', [...BASE, 'Partner Dashboard', ...TAIL]],
  ['an admin', 'admin@verdant.test', [...BASE, 'Admin Dashboard', ...TAIL]],
  ['an approved ambassador', 'ambassador@verdant.test', [...BASE, 'Ambassador Dashboard', ...TAIL]],
  ['an applied ambassador', 'ambassador.applied@verdant.test', [...BASE, ...TAIL]],
  ['a rejected ambassador', 'ambassador.rejected@verdant.test', [...BASE, ...TAIL]],
];

for (const [who, email, entries] of cases) {
  test(`the account menu of ${who} shows exactly the spec's entries`, async ({ page }) => {
    await loginAs(page, email);
    await page.goto('/');
    await page.getByRole('button', { name: /Your account/ }).click();
    const items = page.locator('.hacct__list [data-account-entry]');
    await expect(items).toHaveText(entries);
  });
}

test('the mobile side menu mirrors the account entries @mobile', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'mobile layout only');
  await loginAs(page, 'partner@verdant.test');
  await page.goto('/');
  await page.waitForFunction(() => document.querySelector('.hacct__trigger') !== null);
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await menu.getByRole('button', { name: /Your account/ }).click();
  await expect(menu.locator('[data-account-entry]')).toHaveText([...BASE, 'Partner Dashboard', ...TAIL]);
});

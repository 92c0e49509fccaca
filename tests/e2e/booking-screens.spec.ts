// Screenshots of the booking surfaces at 375 and 1280 px for a visual review
// (SCREENSHOTS=1 npx playwright test tests/e2e/booking-screens.spec.ts). Not part of npm test.
import { bookFromWidget, chooseInWidget, fillCheckout, payButton, pickExperience } from './booking.ts';
import { test } from './fixtures.ts';

test.skip(!process.env['SCREENSHOTS'], 'screenshots are taken on request (SCREENSHOTS=1)');
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() =>
    localStorage.setItem('consentMode', JSON.stringify({ necessaryCookie: true, performanceCookie: true, functionalCookie: true, targetingCookie: true })),
  );
});

for (const width of [375, 1280]) {
  test(`booking screens at ${width} px`, async ({ page, api }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
    const dir = `test-results/screens/${width}`;
    const option = await pickExperience(api, { currency: 'SGD' });
    await page.goto(`/experiences/${option.slugCode}`);
    await page.screenshot({ path: `${dir}/01-experience.png` });
    await chooseInWidget(page, option.slugCode, { adults: 2 });
    await page.locator('#availability').getByRole('button', { name: 'Check availability' }).or(page.locator('#availability .bw__field').first()).first().click();
    await page.locator('#availability').screenshot({ path: `${dir}/02-widget-calendar.png` });
    await page.locator('#availability .bw__field').first().click();
    await page.locator('#availability').screenshot({ path: `${dir}/03-widget-priced.png` });
    await page.locator('#availability').getByRole('button', { name: 'Add to bag' }).click();
    await page.waitForTimeout(600);
    await page.screenshot({ path: `${dir}/04-bag.png` });
    await bookFromWidget(page, option.slugCode, { adults: 2 });
    await page.screenshot({ path: `${dir}/05-checkout.png`, fullPage: true });
    await fillCheckout(page, '4000 0025 0000 3155');
    await payButton(page).click();
    await page.getByRole('dialog').waitFor();
    await page.screenshot({ path: `${dir}/06-otp.png` });
    await page.getByLabel('One-time code').fill('123456');
    await page.getByRole('button', { name: 'Verify and pay' }).click();
    await page.waitForURL(/confirmation/);
    await page.getByTestId('confirmation-title').waitFor();
    await page.screenshot({ path: `${dir}/07-confirmation.png`, fullPage: true });
  });
}

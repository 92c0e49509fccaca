// ADR 0052: a visitor's first page stays in the metric-matched local faces and fetches the web
// fonts only after its load event; every later page shows them from its first paint.
import { expect, test } from './fixtures.ts';

const fontFiles = /\/_astro\/(inter|fraunces)-latin-wght-normal\.[\w-]+\.woff2$/;

test('the first page fetches the fonts after it has loaded, and the next page shows them from the start', async ({ page }) => {
  const fetched: Array<{ url: string; afterLoad: boolean }> = [];
  let loaded = false;
  page.on('load', () => (loaded = true));
  page.on('request', (r) => {
    if (fontFiles.test(new URL(r.url()).pathname)) fetched.push({ url: r.url(), afterLoad: loaded });
  });

  await page.goto('/about');
  const root = page.locator('html');
  await expect(root).not.toHaveClass(/\bwf\b/);
  await expect.poll(() => fetched.length).toBe(2);
  expect(fetched.every((f) => f.afterLoad)).toBe(true);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('verdant-fonts'))).toBe('1');
  // This page keeps its fallback faces: nothing moves once the fonts are in.
  await expect(root).not.toHaveClass(/\bwf\b/);
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"Inter Fallback"/);
  expect(await page.evaluate(() => getComputedStyle(document.querySelector('h1')!).fontFamily)).toMatch(/^"Fraunces Fallback"/);

  // The next page: the class is on before any script of the page's bundle runs.
  await page.goto('/privacy', { waitUntil: 'commit' });
  await page.waitForSelector('h1', { state: 'attached' });
  await expect(root).toHaveClass(/\bwf\b/);
  await page.waitForLoadState('load');
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"Inter Variable"/);
  expect(await page.evaluate(() => getComputedStyle(document.querySelector('h1')!).fontFamily)).toMatch(/^"Fraunces Variable"/);
  await expect.poll(() => page.evaluate(async () => (await document.fonts.ready, document.fonts.check('500 1em "Fraunces Variable"') && document.fonts.check('1em "Inter Variable"')))).toBe(true);
});

test('without JavaScript the web fonts are named at once', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/about');
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"Inter Variable"/);
  await context.close();
});

import { firstOption } from './catalogue.ts';
import { expect, expectOnlyPrefetched, test } from './fixtures.ts';

test.describe('currency picker @mobile', () => {
  test('converts the prices on the first click, without a reload, and remembers the choice', async ({ page, api, context }) => {
    const option = await firstOption(api);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`/experiences/${option.slugCode}`);
    const price = page.locator('#availability [data-price-amount]').first();
    await expect(price).toHaveAttribute('data-price-shown', 'USD');
    // Before any interaction no island code has run (client:interaction): at most it is
    // prefetched at idle, as modulepreload hints (docs/decisions/0027).
    await expect(page.locator('astro-island:has(.currency-picker)')).toHaveAttribute('ssr', '');
    await expectOnlyPrefetched(page, scripts, /CurrencyPicker|react/i);
    const before = await price.textContent();
    await page.evaluate(() => ((window as unknown as Record<string, unknown>)['__sameDocument'] = true));

    // The first click opens the list at once (a native disclosure) and starts hydration.
    await page.locator('.currency-picker__trigger').click();
    await expect(page.locator('[data-currency-choice="EUR"]')).toBeVisible();
    await expect(page.locator('astro-island:has(.currency-picker)')).not.toHaveAttribute('ssr');
    await page.locator('[data-currency-choice="EUR"]').click();

    await expect(price).toHaveAttribute('data-price-shown', 'EUR');
    await expect(price).toContainText('€');
    expect(await price.textContent()).not.toBe(before);
    await expect(page.locator('.currency-picker__trigger')).toContainText('EUR');
    expect(await page.evaluate(() => (window as unknown as Record<string, unknown>)['__sameDocument'])).toBe(true);
    expect((await context.cookies()).find((c) => c.name === 'currency')?.value).toBe('EUR');

    await page.goto('/');
    const homePrice = page.locator('[data-price-amount]').first();
    await expect(homePrice).toHaveAttribute('data-price-shown', 'EUR');
    await expect(page.locator('.currency-picker__trigger')).toContainText('EUR');
  });

  test('static pages are rendered in USD, so a first visit changes no price text', async ({ page, request }) => {
    const html = await (await request.get('/')).text();
    const spans = [...html.matchAll(/<span class="price[^"]*" data-price-amount="[^"]+" data-price-currency="([A-Z]{3})"[^>]*>([^<]+)</g)];
    expect(spans.length).toBeGreaterThan(0);
    // Prices set in another currency (yen, rupees …) are converted at build, with the original in the title.
    expect(spans.some(([, currency]) => currency !== 'USD')).toBe(true);
    for (const [, , text] of spans) expect(text).toMatch(/^US\$/);
    await page.goto('/');
    const first = page.locator('[data-price-amount]').first();
    await expect(first).toHaveAttribute('data-price-shown', 'USD');
    expect(spans[0]?.[2]).toBe(await first.textContent());
  });
});

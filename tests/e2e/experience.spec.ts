import { firstOption } from './catalogue.ts';
import { expect, test } from './fixtures.ts';

const FREE_DAYS = { standard: '24 hours', moderate: '3 days', strict: '7 days' } as const;

test.describe('experience page @mobile', () => {
  test('shows the name, a price, the cancellation policy and images through /_image', async ({ page, api, axe }) => {
    const option = await firstOption(api);
    const res = await page.goto(`/experiences/${option.slugCode}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(option.name);

    const price = page.locator('#availability [data-price-amount]').first();
    await expect(price).toBeVisible();
    await expect(price).toHaveText(/\d/);

    const policy = option.cancelType === 'all_sales_final'
      ? 'This booking is non-refundable or cancellable'
      : `Free cancellation before the final ${FREE_DAYS[option.cancelType]}`;
    await expect(page.getByText(policy).first()).toBeVisible();

    // The first image is the largest paint: eager and high priority; all go through /_image.
    const images = page.locator('.gallery img');
    await expect(images.first()).toHaveAttribute('fetchpriority', 'high');
    const count = await images.count();
    expect(count).toBe(Math.max(option.images.length, 1));
    for (let i = 0; i < Math.min(count, 5); i++) {
      const img = images.nth(i);
      if (!(await img.isVisible())) continue;
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), { message: `image ${i} loads` }).toBeGreaterThan(0);
      expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).toContain('/_image?url=');
      await expect(img).toHaveAttribute('width', /\d+/);
      await expect(img).toHaveAttribute('height', /\d+/);
    }
    await axe();
  });

  test('describes itself to search engines with its real rating', async ({ page, api }) => {
    const option = await firstOption(api);
    await page.goto(`/experiences/${option.slugCode}`);
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const product = blocks.map((b) => JSON.parse(b) as Record<string, unknown>).find((d) => JSON.stringify(d['@type']).includes('Product'));
    expect(product?.['name']).toBe(option.name);
    const rating = product?.['aggregateRating'] as { reviewCount: number; ratingValue: number } | undefined;
    if (option.rating.count > 0) expect(rating).toMatchObject({ reviewCount: option.rating.count, ratingValue: option.rating.average });
    else expect(rating).toBeUndefined();
  });
});

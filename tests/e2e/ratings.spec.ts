// Star ratings are read as words by assistive technology: one element with role="img" named
// "4.7 out of 5 stars, 25 reviews" (an average) or "4 out of 5 stars" (one review), the stars
// inside hidden. Checked on cards (built and drawn by the search island), reviews, an
// experience page and an operator page, against the catalogue's numbers.
import type { Locator } from '@playwright/test';
import type { OptionDetail, OptionSummary } from '../../src/contract/options.ts';
import type { Supplier } from '../../src/contract/suppliers.ts';
import { camelizeKeys } from '../../src/lib/key-case.ts';
import { expect, test } from './fixtures.ts';

type Api = <T = Record<string, unknown>>(path: string) => Promise<T>;
const get = async <T,>(api: Api, path: string) => camelizeKeys<T>(await api(path));

const averageName = (average: number, count: number) => `${average.toFixed(1)} out of 5 stars, ${count.toLocaleString('en-GB')} review${count === 1 ? '' : 's'}`;
const AVERAGE = /^\d\.\d out of 5 stars, [\d,]+ reviews?$/;

/** The card's rating names the experience's own average and count. */
async function expectCardRating(api: Api, card: Locator) {
  const href = await card.locator('.option-card__name a').getAttribute('href');
  const option = await get<OptionDetail>(api, `/options/${href!.split('/').pop()}`);
  await expect(card.getByRole('img', { name: AVERAGE })).toHaveAccessibleName(averageName(option.rating.average!, option.rating.count));
}

test.describe('star ratings read as words', () => {
  test('on an experience page: its average, each review, and its similar experiences’ cards', async ({ page, api }) => {
    const { options } = await get<{ options: OptionSummary[] }>(api, '/options?per=24&sort_by=most_popular');
    const summary = options.find((o) => o.rating.count > 1)!;
    const option = await get<OptionDetail>(api, `/options/${summary.slugCode}`);
    await page.goto(`/experiences/${option.slugCode}`);

    await expect(page.locator('.exp-head').getByRole('img', { name: averageName(option.rating.average!, option.rating.count) })).toBeVisible();
    // The stars are hidden: the name is the only thing read.
    const shown = page.locator('.exp-head .rating__shown');
    await expect(shown).toHaveAttribute('aria-hidden', 'true');
    await expect(shown).toContainText(option.rating.average!.toFixed(1));

    const reviews = page.locator('.review-list > li');
    await expect(reviews).toHaveCount(option.reviews.length);
    for (const [i, review] of option.reviews.entries()) {
      const stars = reviews.nth(i).getByRole('img');
      await expect(stars).toHaveAccessibleName(`${review.rating} out of 5 stars`);
      await expect(stars.locator('[aria-hidden="true"]')).toHaveText('★★★★★');
    }

    const card = page.locator('.option-card').filter({ has: page.getByRole('img', { name: AVERAGE }) }).first();
    await expectCardRating(api, card);
  });

  test('on the home page: cards and reviews of Verdant', async ({ page, api }) => {
    await page.goto('/');
    const card = page.locator('.option-card').filter({ has: page.getByRole('img', { name: AVERAGE }) }).first();
    await expectCardRating(api, card);

    const reviews = page.locator('.reviews > li');
    await expect(reviews.first()).toBeVisible();
    for (const review of await reviews.all()) await expect(review.getByRole('img')).toHaveAccessibleName(/^[1-5] out of 5 stars$/);
    await expect(page.locator('.reviews-summary').getByRole('img')).toHaveAccessibleName(AVERAGE);
  });

  test('on cards the search page draws in the browser', async ({ page, api }) => {
    await page.goto('/search?sort_by=most_popular');
    const cards = page.locator('[data-list] .option-card');
    await expect(cards).toHaveCount(24);
    const card = cards.filter({ has: page.getByRole('img', { name: AVERAGE }) }).nth(1);
    await expectCardRating(api, card);
  });

  test('on an operator page', async ({ page, api }) => {
    const { suppliers } = await get<{ suppliers: Supplier[] }>(api, '/suppliers?per=20');
    const operator = suppliers.find((s) => s.rating.count > 0)!;
    await page.goto(`/operators/${operator.slug}`);
    await expect(page.locator('.operator-rating').getByRole('img')).toHaveAccessibleName(averageName(operator.rating.average!, operator.rating.count));
  });
});

import { richestArticle } from './catalogue.ts';
import { expect, test } from './fixtures.ts';

const SELECTOR = {
  paragraph: '.blocks > p',
  heading: '.blocks > h2',
  rich: '.blocks > .blocks__rich',
  quote: '.blocks blockquote',
  list: '.blocks > ul, .blocks > ol',
  image: '.blocks figure img',
  item: '.blocks__item',
  day: '.blocks__day',
} as const;

test('an article renders its blocks, author and dates', async ({ page, api, axe }) => {
  const blog = await richestArticle(api);
  const res = await page.goto(`/magazine/a/${blog.slug}`);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(blog.title);
  await expect(page.locator('.byline')).toContainText(blog.author.name);
  await expect(page.locator('.byline time').first()).toHaveText(/^\d{2} [A-Z][a-z]{2} \d{4}$/);

  for (const type of new Set(blog.body.map((b) => b.type))) {
    if (type === 'image' && !blog.body.some((b) => b.type === 'image' && b.image)) continue;
    await expect(page.locator(SELECTOR[type]).first(), `a ${type} block`).toBeAttached();
  }
  const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t) as Record<string, unknown>);
  expect(ld.find((d) => d['@type'] === 'Article')?.['headline']).toBe(blog.title);
  await axe();
});

test('the magazine lists the article', async ({ page, api }) => {
  const blog = await richestArticle(api);
  await page.goto('/magazine');
  await page.locator(`a[href="/magazine/a/${blog.slug}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/magazine/a/${blog.slug}/?$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(blog.title);
});

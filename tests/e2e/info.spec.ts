import { allItems, INFO_PAGES, infoCopy, meanRating } from './info-pages.ts';
import { expect, test } from './fixtures.ts';

const DD_MMM_YYYY = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' }).replace('Sept', 'Sep');

test.describe('information pages', () => {
  for (const info of INFO_PAGES) {
    test(`${info.path} renders its copy, breadcrumbs and last-updated date, accessibly`, async ({ page, axe }) => {
      // axe over the sitemap's several hundred links takes a while.
      test.setTimeout(90_000);
      const res = await page.goto(info.path);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(info.title);
      await expect(page.getByText(info.lede, { exact: true })).toBeVisible();
      if (info.firstHeading) await expect(page.getByRole('heading', { level: 2, name: info.firstHeading }).first()).toBeVisible();
      await expect(page.locator('.info__updated')).toHaveText(`Last updated ${DD_MMM_YYYY(info.updated)}`);
      await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
      // The hero comes from the generated pool through the image route.
      const hero = page.locator('.info__hero img');
      await expect(hero).toHaveAttribute('src', /^\/_image\?url=/);
      await expect(hero).toHaveAttribute('srcset', / 640w/);
      await expect(page.locator('main')).not.toContainText('dynamic:');
      await axe();
    });
  }
});

test('the long legal pages have a table of contents that leads to each section', async ({ page }) => {
  for (const path of ['/privacy', '/terms', '/host-tnc', '/creator-tnc']) {
    await page.goto(path);
    const toc = page.getByRole('navigation', { name: 'On this page' });
    const links = toc.getByRole('link');
    expect(await links.count(), path).toBeGreaterThan(5);
    const href = await links.nth(2).getAttribute('href');
    expect(href).toMatch(/^#/);
    await expect(page.locator(`[id="${href!.slice(1)}"]`)).toHaveCount(1);
  }
});

test('/promotions lists every public promotion code with its terms', async ({ page, api }) => {
  const codes = await allItems<{ code: string; title: string; min_spend: unknown }>(api, '/promotion-codes', 'promotion_codes');
  expect(codes.length).toBeGreaterThan(0);
  await page.goto('/promotions');
  const cards = page.locator('.promo');
  await expect(cards).toHaveCount(codes.length);
  for (const c of codes) {
    const card = cards.filter({ hasText: c.code });
    await expect(card.locator('code')).toHaveText(c.code);
    await expect(card.getByRole('heading', { name: c.title })).toBeVisible();
    await expect(card).toContainText('Minimum spend');
    await expect(card).toContainText('Valid');
  }
});

test('/customer-reviews shows every site review with their real aggregate, and reviews of experiences', async ({ page, api, request }) => {
  const { site_reviews: reviews } = await api<{ site_reviews: { title: string; rating: number }[] }>('/site-reviews?per=100');
  expect(reviews.length).toBeGreaterThan(0);
  await page.goto('/customer-reviews');
  await expect(page.getByTestId('site-rating-average')).toHaveText(meanRating(reviews.map((r) => r.rating)).toFixed(1));
  await expect(page.getByTestId('site-rating-count')).toHaveText(reviews.length.toLocaleString('en-GB'));

  const site = page.getByTestId('site-reviews');
  await expect(site.getByText(reviews[0]!.title, { exact: true })).toBeVisible();
  // The rest are one plain <details> away, no script needed.
  const more = site.locator('details > summary');
  await expect(more).toContainText(`Show all ${reviews.length} reviews of Verdant`);
  await more.click();
  await expect(site.locator('.review')).toHaveCount(reviews.length);
  await expect(site.getByText(reviews.at(-1)!.title, { exact: true }).first()).toBeVisible();

  const experiences = page.getByTestId('experience-reviews');
  const links = experiences.locator('a[href^="/experiences/"]');
  expect(await links.count()).toBeGreaterThan(0);
  const href = await links.first().getAttribute('href');
  expect((await request.get(href!)).status()).toBe(200);

  const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t) as Record<string, unknown>);
  const org = ld.find((d) => d['@type'] === 'Organization');
  expect(org?.['aggregateRating']).toMatchObject({ ratingValue: meanRating(reviews.map((r) => r.rating)), reviewCount: reviews.length });
});

test('/sitemap lists every country, city and article, and the experiences of each city, and every link resolves', async ({ page, api, request }) => {
  test.setTimeout(120_000);
  await page.goto('/sitemap');
  const hrefs = [...new Set(await page.locator('main a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!.split('#')[0]!)))];
  const countries = await allItems<{ slug: string }>(api, '/countries', 'countries');
  const blogs = await allItems<{ slug: string }>(api, '/blogs', 'blogs');
  for (const c of countries) expect(hrefs, `country ${c.slug}`).toContain(`/countries/${c.slug}`);
  for (const b of blogs) expect(hrefs, `article ${b.slug}`).toContain(`/magazine/a/${b.slug}`);
  expect(hrefs.filter((h) => h.startsWith('/cities/')).length).toBeGreaterThan(0);
  expect(hrefs.filter((h) => h.startsWith('/experiences/')).length).toBeGreaterThan(countries.length);
  for (const info of INFO_PAGES) expect(hrefs, info.path).toContain(info.path);

  const broken: string[] = [];
  for (let i = 0; i < hrefs.length; i += 20) {
    const batch = hrefs.slice(i, i + 20);
    const statuses = await Promise.all(batch.map(async (h) => (await request.get(h, { maxRedirects: 0 })).status()));
    batch.forEach((h, j) => statuses[j] !== 200 && broken.push(`${h} → ${statuses[j]}`));
  }
  expect(broken).toEqual([]);
});

test('every internal link in the information pages\' content resolves', async ({ page, request }) => {
  test.setTimeout(120_000);
  const links = new Set<string>();
  for (const info of [...INFO_PAGES.filter((p) => p.id !== 'sitemap'), infoCopy('404')]) {
    await page.goto(info.id === '404' ? '/no-such-page-at-all' : info.path);
    // The header and footer are checked by links.spec.ts; this covers the pages' own content.
    for (const href of await page.locator('main a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))) links.add(href.split('#')[0]!);
  }
  const broken: string[] = [];
  for (const href of links) {
    if (!href) continue;
    const res = await request.get(href, { maxRedirects: 0 });
    if (res.status() !== 200) broken.push(`${href} → ${res.status()}`);
  }
  expect(broken).toEqual([]);
});

test('/invite explains referrals without a made-up link', async ({ page }) => {
  await page.goto('/invite');
  await expect(page.getByText('Your link appears here when you are logged in.', { exact: false })).toBeVisible();
  await expect(page.locator('main')).not.toContainText(/https?:\/\/\S+\/a\//);
});

test('the 404 page uses its copy, answers 404 and is not indexed', async ({ page, axe }) => {
  const copy = infoCopy('404');
  const res = await page.goto('/no/such/trail');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(copy.title);
  await expect(page).toHaveTitle(`${copy.seoTitle} | Verdant`);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByRole('link', { name: 'Back to the homepage' })).toHaveAttribute('href', '/');
  await axe();
});

test.describe('information pages on a phone @mobile', () => {
  test('/privacy reads without sideways scrolling', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

import type { Page } from '@playwright/test';
import { firstCity, firstCountry, firstOption, richestArticle } from './catalogue.ts';
import { expect, test } from './fixtures.ts';
import { allItems, INFO_PAGES, meanRating } from './info-pages.ts';

type JsonLd = Record<string, unknown>;

async function jsonLd(page: Page): Promise<JsonLd[]> {
  return (await page.locator('script[type="application/ld+json"]').allTextContents()).flatMap((t) => {
    const data = JSON.parse(t) as JsonLd | JsonLd[];
    return Array.isArray(data) ? data : [data];
  });
}

/** One URL of every page template (and every information page's own template). */
async function templates(api: Parameters<typeof firstCountry>[0]) {
  const [country, city, option, blog] = await Promise.all([firstCountry(api), firstCity(api), firstOption(api), richestArticle(api)]);
  return [
    { path: '/', deep: false },
    { path: `/countries/${country.slug}`, deep: true },
    { path: `/cities/${city.slug}`, deep: true },
    { path: `/experiences/${option.slugCode}`, deep: true },
    { path: '/magazine', deep: false },
    { path: `/magazine/a/${blog.slug}`, deep: true },
    ...INFO_PAGES.map((p) => ({ path: p.path, deep: true })),
  ];
}

test('every page template has a title, description, canonical URL, Open Graph image and Twitter card', async ({ page, api, baseURL }) => {
  test.setTimeout(120_000);
  for (const { path } of await templates(api)) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    const title = await page.title();
    expect(title, path).toMatch(/^.+ \| Verdant$/);
    if (INFO_PAGES.some((p) => p.path === path)) expect(title.length, `${path}: "${title}"`).toBeLessThanOrEqual(65);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length ?? 0, `${path} description`).toBeGreaterThan(50);
    await expect(page.locator('link[rel="canonical"]'), path).toHaveAttribute('href', new URL(path, baseURL).href);
    const ogImage = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(ogImage, `${path} og:image`).toMatch(/^https?:\/\//);
    await expect(page.locator('meta[property="og:title"]'), path).toHaveAttribute('content', /\S/);
    await expect(page.locator('meta[name="twitter:card"]'), path).toHaveAttribute('content', 'summary_large_image');
    await expect(page.locator('meta[name="robots"]'), path).toHaveCount(0);
  }
});

test('the home page describes Verdant as an Organization rated from its real reviews', async ({ page, api, baseURL }) => {
  const { site_reviews: reviews } = await api<{ site_reviews: { rating: number }[] }>('/site-reviews?per=100');
  await page.goto('/');
  const org = (await jsonLd(page)).find((d) => d['@type'] === 'Organization');
  expect(org).toBeDefined();
  expect(org).toMatchObject({
    name: 'Verdant',
    url: new URL('/', baseURL).href,
    logo: expect.stringMatching(/^https?:\/\//) as unknown,
    contactPoint: { '@type': 'ContactPoint' },
    address: { '@type': 'PostalAddress', addressCountry: 'SG' },
    sameAs: expect.arrayContaining([expect.stringMatching(/^https:\/\//)]) as unknown,
    aggregateRating: { '@type': 'AggregateRating', ratingValue: meanRating(reviews.map((r) => r.rating)), reviewCount: reviews.length },
  });
});

test('deep pages describe their breadcrumb trail as a BreadcrumbList', async ({ page, api, baseURL }) => {
  test.setTimeout(120_000);
  for (const { path } of (await templates(api)).filter((t) => t.deep)) {
    await page.goto(path);
    const list = (await jsonLd(page)).find((d) => d['@type'] === 'BreadcrumbList');
    expect(list, `${path} BreadcrumbList`).toBeDefined();
    const items = list!['itemListElement'] as { position: number; name: string; item?: string }[];
    expect(items.length, path).toBeGreaterThanOrEqual(2);
    expect(items[0]).toMatchObject({ position: 1, name: 'Home', item: new URL('/', baseURL).href });
    items.forEach((it, i) => expect(it.position).toBe(i + 1));
    // The trail in the markup and in the data agree.
    const shown = await page.getByRole('navigation', { name: 'Breadcrumb' }).first().locator('li').allTextContents();
    expect(shown.map((s) => s.trim())).toEqual(items.map((it) => it.name));
  }
});

test('/sitemap.xml is valid XML listing every content page with absolute URLs', async ({ page, request, api, baseURL }) => {
  const res = await request.get('/sitemap.xml');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/xml/);
  const xml = await res.text();
  const locs = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    if (doc.getElementsByTagName('parsererror').length > 0) throw new Error('sitemap.xml is not well-formed XML');
    if (doc.documentElement.namespaceURI !== 'http://www.sitemaps.org/schemas/sitemap/0.9') throw new Error('not a sitemaps.org urlset');
    return [...doc.getElementsByTagName('loc')].map((l) => l.textContent ?? '');
  }, xml);
  const origin = new URL(baseURL!).origin;
  for (const loc of locs) expect(loc.startsWith(`${origin}/`), loc).toBe(true);
  const paths = new Set(locs.map((l) => new URL(l).pathname));
  expect(locs.length).toBe(paths.size);

  const [countries, cities, options, blogs] = await Promise.all([
    allItems<{ slug: string }>(api, '/countries', 'countries'),
    allItems<{ slug: string }>(api, '/cities', 'cities'),
    allItems<{ slug_code: string }>(api, '/options', 'options'),
    allItems<{ slug: string }>(api, '/blogs', 'blogs'),
  ]);
  const expected = [
    '/',
    '/magazine',
    ...INFO_PAGES.map((p) => p.path),
    ...countries.map((c) => `/countries/${c.slug}`),
    ...cities.map((c) => `/cities/${c.slug}`),
    ...options.map((o) => `/experiences/${o.slug_code}`),
    ...blogs.map((b) => `/magazine/a/${b.slug}`),
  ];
  expect(expected.filter((p) => !paths.has(p))).toEqual([]);
  for (const p of paths) expect(p, 'no shells, 404 or private areas').not.toMatch(/^\/(shells|404|account|checkout|users|admin|partner|api)(\/|$)/);

  // Every address in it answers 200 (a sample across the file keeps this quick).
  const sample = [...paths].filter((_, i) => i % Math.max(1, Math.floor(paths.size / 40)) === 0);
  for (const p of sample) expect((await request.get(p, { maxRedirects: 0 })).status(), p).toBe(200);
});

test('/robots.txt allows crawling, keeps private areas out and points to the sitemap', async ({ request, baseURL }) => {
  const res = await request.get('/robots.txt');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^text\/plain/);
  const text = await res.text();
  expect(text).toMatch(/^User-agent: \*$/m);
  expect(text).toMatch(/^Allow: \/$/m);
  for (const path of ['/account/', '/checkout/', '/users/', '/admin/', '/partner/', '/api/', '/shells/']) expect(text).toContain(`\nDisallow: ${path}\n`);
  expect(text).toContain(`Sitemap: ${new URL('/sitemap.xml', baseURL).href}`);
});

test('shells and the 404 page are not indexed', async ({ page }) => {
  for (const path of ['/account', '/no-such-page']) {
    await page.goto(path);
    await expect(page.locator('meta[name="robots"]'), path).toHaveAttribute('content', /noindex/);
    await expect(page.locator('link[rel="canonical"]'), path).toHaveCount(0);
    await expect(page).toHaveTitle(/ \| Verdant$/);
  }
});

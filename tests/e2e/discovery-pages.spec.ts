// Every discovery route renders from the demo catalogue; unknown ids give the 404 page; the
// experience page has all its sections and counts one view per visit.
import type { Page } from '@playwright/test';
import type { BestOfListDetail } from '../../src/contract/best-of-lists.ts';
import type { CityDetail } from '../../src/contract/cities.ts';
import type { CollectionDetail } from '../../src/contract/collections.ts';
import type { ItineraryDetail } from '../../src/contract/itineraries.ts';
import type { OptionDetail, OptionSummary } from '../../src/contract/options.ts';
import type { Supplier } from '../../src/contract/suppliers.ts';
import { camelizeKeys } from '../../src/lib/key-case.ts';
import { expect, test } from './fixtures.ts';

type Api = <T = Record<string, unknown>>(path: string) => Promise<T>;
const get = async <T,>(api: Api, path: string) => camelizeKeys<T>(await api(path));

const NOT_FOUND = 'This trail has gone cold';

/** A city with experiences, collections and places of interest, and a tag two of its experiences share. */
async function richCity(api: Api) {
  const city = await get<CityDetail>(api, '/cities/singapore');
  const { options } = await get<{ options: OptionSummary[] }>(api, `/options?city=${city.slug}&per=100`);
  const counts = new Map<string, number>();
  for (const o of options) if (o.activityType) counts.set(o.activityType.slug, (counts.get(o.activityType.slug) ?? 0) + 1);
  const tag = [...counts].find(([, n]) => n >= 2)?.[0];
  if (!tag) throw new Error(`no activity type shared by two experiences in ${city.slug}`);
  return { city, tag, options };
}

async function expectPage(page: Page, path: string, heading: string | RegExp) {
  const res = await page.goto(path);
  expect(res?.status(), path).toBe(200);
  await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
}

test.describe('discovery pages', () => {
  test('the home page shows every content section, each leading somewhere real @mobile', async ({ page, api }) => {
    const { collections } = await get<{ collections: { name: string; slug: string }[] }>(api, '/collections?featured=true&per=1');
    await page.goto('/');
    for (const name of [
      'Top destinations',
      'Hand-picked by our curators',
      'Experiences travellers love',
      'A day, a week, or a night somewhere wild',
      'Travel that leaves places better',
      'Our favourites, ranked',
      'Stories from the trail',
      'What travellers say about Verdant',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name }), name).toBeVisible();
    }
    for (const kind of ['Day adventures', 'Multi-day journeys', 'Eco-stays']) await expect(page.getByRole('heading', { level: 3, name: kind })).toBeVisible();
    for (const badge of ['Wildlife Safe', 'Low Carbon', 'Women Owned']) await expect(page.getByRole('heading', { level: 3, name: badge })).toBeVisible();
    await page.locator(`a.place-card[href="/collections/${collections[0]!.slug}"]`).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(collections[0]!.name);
  });

  test('countries and cities with their sub-pages and tag pages', async ({ page, api }) => {
    const { city, tag } = await richCity(api);
    const country = city.country;
    const tagName = (await get<{ name: string }>(api, `/tags/${tag}?kind=activity_type`)).name;

    await expectPage(page, `/cities/${city.slug}`, city.name);
    await expect(page.getByRole('navigation', { name: `${city.name} pages` }).getByRole('link', { name: /Experiences/ })).toHaveAttribute('href', `/cities/${city.slug}/activities`);
    await expectPage(page, `/cities/${city.slug}/activities`, `Things to do in ${city.name}`);
    await expect(page.locator('.option-card').first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: `${city.name} pages` }).getByRole('link', { name: /Experiences/ })).toHaveAttribute('aria-current', 'page');
    await expectPage(page, `/cities/${city.slug}/collections`, `Collections in ${city.name}`);
    await expect(page.locator('a.place-card').first()).toHaveAttribute('href', /^\/collections\//);
    await expectPage(page, `/cities/${city.slug}/places-of-interest`, `Places of interest in ${city.name}`);
    await expect(page.getByRole('heading', { level: 3, name: city.placesOfInterest[0]!.name })).toBeVisible();
    await expectPage(page, `/cities/${city.slug}/tags/${tag}`, `${tagName} in ${city.name}`);
    expect(await page.locator('.option-card').count()).toBeGreaterThanOrEqual(2);

    await expectPage(page, `/countries/${country.slug}`, country.name);
    await expectPage(page, `/countries/${country.slug}/activities`, `Things to do in ${country.name}`);
    await expectPage(page, `/countries/${country.slug}/collections`, `Collections in ${country.name}`);
    await expectPage(page, `/countries/${country.slug}/places-of-interest`, `Places of interest in ${country.name}`);
    await expectPage(page, `/countries/${country.slug}/tags/${tag}`, `${tagName} in ${country.name}`);

    // Each page names its trail to search engines.
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const trail = blocks.map((b) => JSON.parse(b) as Record<string, unknown>).find((d) => d['@type'] === 'BreadcrumbList');
    expect((trail?.['itemListElement'] as { name: string }[]).map((c) => c.name)).toEqual(['Home', country.name, tagName]);
  });

  test('a city page, its activities page and its country page link to built landing pages', async ({ page, api }) => {
    const { city } = await richCity(api);
    for (const [path, title] of [
      [`/cities/${city.slug}`, `Things to do in ${city.name}`],
      [`/cities/${city.slug}/activities`, `Guides to ${city.name} by theme`],
    ] as const) {
      await expectPage(page, path, path.endsWith('/activities') ? `Things to do in ${city.name}` : city.name);
      const chips = page.getByRole('navigation', { name: title }).getByRole('link');
      expect(await chips.count(), path).toBeGreaterThan(0);
      // The busiest theme comes first; its chip names it and counts its experiences.
      const chip = chips.first();
      const name = (await chip.evaluate((a) => a.firstChild?.textContent ?? '')).trim();
      const count = Number(await chip.locator('span').first().evaluate((s) => s.firstChild?.textContent ?? ''));
      const href = (await chip.getAttribute('href'))!;
      expect(href).toMatch(new RegExp(`^/${city.country.code.toLowerCase()}/${city.slug}/[^/]+$`));
      await chip.click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${name} in ${city.name}`);
      await expect(page.locator('[data-status]')).toHaveText(`${count} experience${count === 1 ? '' : 's'}`);
      await expectPage(page, href, `${name} in ${city.name}`);
    }

    await expectPage(page, `/countries/${city.country.slug}`, city.country.name);
    const themed = page.getByRole('navigation', { name: 'Popular things to do' }).getByRole('link');
    expect(await themed.count()).toBeGreaterThan(0);
    const text = (await themed.first().textContent())!.trim();
    await themed.first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text);
  });

  test('collections, their categories and tips', async ({ page, api }) => {
    const collection = await get<CollectionDetail>(api, '/collections/wild-singapore');
    const category = collection.categories.find((c) => c.optionSlugCodes.length > 0)!;
    await expectPage(page, `/collections/${collection.slug}`, collection.name);
    const tabs = page.getByRole('navigation', { name: `${collection.name} pages` });
    await tabs.getByRole('link', { name: category.name }).click();
    await expect(page).toHaveURL(new RegExp(`/collections/${collection.slug}/${category.slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(category.name);
    await expect(page.locator('.option-card')).toHaveCount(category.optionSlugCodes.length);
    await tabs.getByRole('link', { name: 'Tips' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Tips for ${collection.name}`);
    await expect(page.getByRole('heading', { level: 2, name: collection.tips[0]!.title })).toBeVisible();
  });

  test('operators, itineraries and best-of lists', async ({ page, api }) => {
    const { suppliers } = await get<{ suppliers: Supplier[] }>(api, '/suppliers?per=5');
    const operator = suppliers.find((s) => s.optionsCount > 0)!;
    await expectPage(page, `/operators/${operator.slug}`, operator.name);
    await expect(page.locator('.option-card').first()).toBeVisible();

    const { travelItineraries } = await get<{ travelItineraries: { slug: string }[] }>(api, '/travel_itineraries?per=1');
    const itinerary = await get<ItineraryDetail>(api, `/travel_itineraries/${travelItineraries[0]!.slug}`);
    await expectPage(page, `/itineraries/${itinerary.slug}`, itinerary.title);
    await expect(page.getByRole('heading', { level: 2, name: itinerary.days[0]!.title })).toBeVisible();

    const { bestOfLists } = await get<{ bestOfLists: { slug: string }[] }>(api, '/best_of_lists?per=1');
    const list = await get<BestOfListDetail>(api, `/best_of_lists/${bestOfLists[0]!.slug}`);
    await expectPage(page, `/best-of/${list.slug}`, list.title);
    const second = [...list.items].sort((a, b) => a.position - b.position)[1]!;
    await page.getByRole('link', { name: `Why we chose ${second.option.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/best-of/${list.slug}/${second.option.slugCode}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(second.option.name);
    await expect(page.getByText(`#2 in ${list.title}`)).toBeVisible();
  });

  test('/options and /events show the experience page with its canonical address', async ({ page, api }) => {
    const { options } = await get<{ options: OptionSummary[] }>(api, '/options?per=3');
    const option = options[2]!;
    for (const path of [`/options/${option.slugCode}`, `/events/${option.slugCode}`]) {
      await expectPage(page, path, option.name);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/experiences/${option.slugCode}$`));
    }
  });

  const unknown = [
    '/cities/atlantis/activities',
    '/cities/singapore/tags/no-such-tag',
    '/countries/atlantis/collections',
    '/countries/singapore/tags/no-such-tag',
    '/collections/no-such-collection',
    '/collections/no-such-collection/tips',
    '/collections/wild-singapore/no-such-category',
    '/operators/no-such-operator',
    '/itineraries/no-such-trip',
    '/best-of/no-such-list',
    '/best-of/best-treks-in-nepal/no-such-experience',
    '/options/no-such-option',
    '/events/no-such-event',
  ];
  test('unknown ids on every route answer the 404 page', async ({ page }) => {
    for (const path of unknown) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(NOT_FOUND);
    }
  });

  test('a city page and its sub-page are accessible', async ({ page, axe }) => {
    await page.goto('/cities/singapore');
    await axe();
    await page.goto('/cities/singapore/places-of-interest');
    await axe();
  });
});

test.describe('experience page', () => {
  /** The most reviewed of the first experiences, so every section has something to show. */
  async function reviewedOption(api: Api): Promise<OptionDetail> {
    const { options } = await get<{ options: OptionSummary[] }>(api, '/options?per=24&sort_by=most_popular');
    const summary = options.find((o) => o.rating.count > 6 && o.image) ?? options[0]!;
    return get<OptionDetail>(api, `/options/${summary.slugCode}`);
  }

  test('shows every section, its reviews and their structured data', async ({ page, api, axe }) => {
    const option = await reviewedOption(api);
    await expectPage(page, `/experiences/${option.slugCode}`, option.name);
    for (const name of ['Highlights', 'About this experience', 'What’s included', 'Where you’ll meet', 'Good to know', 'Cancellation and changes', 'Your operator', 'Reviews']) {
      await expect(page.getByRole('heading', { level: 2, name, exact: true }), name).toBeVisible();
    }
    if (option.itinerary.length > 0) await expect(page.getByRole('heading', { level: 2, name: 'Itinerary' })).toBeVisible();
    if (option.faqs.length > 0) await expect(page.getByRole('heading', { level: 2, name: 'Questions travellers ask' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /^Similar experiences in / })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Changing your date' })).toBeVisible();
    await expect(page.locator('#availability [data-price-amount]').first()).toHaveText(/\d/);
    for (const tag of option.tags.sustainability) await expect(page.locator('.exp-tags').getByText(tag.name)).toBeVisible();
    await expect(page.getByRole('link', { name: option.operator.name })).toHaveAttribute('href', `/operators/${option.operator.slug}`);

    const reviews = page.locator('.review-list > li');
    await expect(reviews).toHaveCount(option.reviews.length);
    await expect(reviews.first()).toContainText(option.reviews[0]!.title);

    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const product = blocks.map((b) => JSON.parse(b) as Record<string, unknown>).find((d) => JSON.stringify(d['@type']).includes('TouristTrip'));
    expect(product?.['aggregateRating']).toMatchObject({ ratingValue: option.rating.average, reviewCount: option.rating.count });
    const ld = product?.['review'] as { reviewRating: { ratingValue: number }; author: { name: string } }[];
    expect(ld.map((r) => [r.author.name, r.reviewRating.ratingValue])).toEqual(option.reviews.map((r) => [r.authorName, r.rating]));

    // The booking widget and the bucket-list button are mounted.
    await expect(page.locator('#availability')).toBeVisible();
    await expect(page.locator('.exp-head').getByRole('button', { name: /bucket list/i })).toBeVisible();
    await axe();
  });

  test('links to the landing page of its city and activity type', async ({ page, api }) => {
    // An experience whose city has another of the same activity type.
    const { options } = await get<{ options: OptionSummary[] }>(api, '/options?per=100&sort_by=most_popular');
    const key = (o: OptionSummary) => `${o.city.slug}/${o.activityType?.slug}`;
    const option = options.find((o) => o.activityType && options.some((x) => x.slugCode !== o.slugCode && key(x) === key(o)))!;
    const type = option.activityType!;
    await expectPage(page, `/experiences/${option.slugCode}`, option.name);
    const link = page.getByRole('link', { name: `More ${type.name.toLowerCase()} in ${option.city.name}` });
    const href = `/${option.country.code.toLowerCase()}/${option.city.slug}/${type.slug}`;
    await expect(link).toHaveAttribute('href', href);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${type.name} in ${option.city.name}`);
    await expectPage(page, href, `${type.name} in ${option.city.name}`);
  });

  test('says when it is being chosen as a gift', async ({ page, api }) => {
    const option = await reviewedOption(api);
    await page.goto(`/experiences/${option.slugCode}`);
    await expect(page.getByText('You are choosing this experience as a gift.')).toBeHidden();
    await page.goto(`/experiences/${option.slugCode}?gift_experience=true`);
    await expect(page.getByText('You are choosing this experience as a gift. Gifts are non-refundable.')).toBeVisible();
  });

  test('counts one view per visit: a reload does not post again', async ({ page, api, browser, baseURL }) => {
    const { options } = await get<{ options: OptionSummary[] }>(api, '/options?per=12&sort_by=latest');
    const option = options[11] ?? options[0]!;
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/v1/view-count')) posts.push(r.postData() ?? '');
    });
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/view-count'));
    await page.goto(`/experiences/${option.slugCode}`);
    const first = await answer;
    expect(first.status()).toBe(200);
    const counted = (await first.json()) as { counted: boolean; views_count: number };
    expect(JSON.parse(posts[0]!)).toEqual({ slug_code: option.slugCode });
    await page.reload();
    await page.waitForTimeout(2500);
    expect(posts).toHaveLength(1);

    // A new session of the same browser posts again; the server still counts it only once today.
    const other = await browser.newPage({ ...(baseURL ? { baseURL } : {}), userAgent: await page.evaluate(() => navigator.userAgent) });
    const again = other.waitForResponse((r) => r.url().endsWith('/api/v1/view-count'));
    await other.goto(`/experiences/${option.slugCode}`);
    const second = (await (await again).json()) as { counted: boolean; views_count: number };
    expect(second).toEqual({ counted: false, views_count: counted.views_count });
    await other.close();
  });
});

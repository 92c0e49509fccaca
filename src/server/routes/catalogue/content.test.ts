// Collections, magazine, operators, itineraries, best-of lists, tags, FAQs, reviews,
// promotion codes and the page calls.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BestOfListDetailSchema, ListBestOfListsResponse } from '../../../contract/best-of-lists.ts';
import { BLOG_KIND_NAMES, BlogDetailSchema, BlogFilterItemsResponse, ListBlogsResponse } from '../../../contract/blogs.ts';
import { ListCitiesResponse } from '../../../contract/cities.ts';
import { CategoryDetailSchema, CollectionDetailSchema, ListCollectionsResponse } from '../../../contract/collections.ts';
import { FAQ_TOPICS, FaqFilterResponse, ListFaqsResponse } from '../../../contract/faqs.ts';
import { ItineraryDetailSchema, ListItinerariesResponse } from '../../../contract/itineraries.ts';
import { ListOptionsResponse } from '../../../contract/options.ts';
import { CityPageSchema, CollectionPageSchema, CountryPageSchema, HomePageSchema } from '../../../contract/pages.ts';
import { ListPromotionCodesResponse } from '../../../contract/promotion-codes.ts';
import { ListCustomerReviewsResponse, ListReviewsResponse, ListSiteReviewsResponse } from '../../../contract/reviews.ts';
import { ListSuppliersResponse, SupplierDetailSchema } from '../../../contract/suppliers.ts';
import { ListTagsResponse, TagDetailSchema } from '../../../contract/tags.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { rowsOf } from './effective.ts';
import { countQueries, expect404, expect422, getOk } from './test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const count = async (query: ReturnType<typeof sql>) => rowsOf<{ n: number }>(await t.db.execute(query))[0]?.n ?? -1;

describe('collections and categories', () => {
  it('lists collections with filters', async () => {
    const { collections, pagination } = await getOk(t, '/collections?per=100', ListCollectionsResponse);
    expect(collections.length).toBeGreaterThan(0);
    expect(pagination.totalCount).toBe(await count(sql`select count(*)::int as n from collections where deleted_at is null`));
    const gifts = await getOk(t, '/collections?is_gift=true&per=100', ListCollectionsResponse);
    expect(gifts.collections.every((c) => c.isGift)).toBe(true);
    const featured = await getOk(t, '/collections?featured=1&per=100', ListCollectionsResponse);
    expect(featured.collections.every((c) => c.featured)).toBe(true);
    const withCity = collections.find((c) => c.city);
    if (withCity?.city) {
      const inCity = await getOk(t, `/collections?city=${withCity.city.slug}&per=100`, ListCollectionsResponse);
      expect(inCity.collections.every((c) => c.city?.slug === withCity.city?.slug)).toBe(true);
    }
    const sg = await getOk(t, '/collections?country=singapore&per=100', ListCollectionsResponse);
    expect(sg.collections.every((c) => c.country?.slug === 'singapore')).toBe(true);
    await expect422(t, '/collections?is_gift=yes', 'is_gift');
  });

  it('answers a collection with categories, tips and option cards', async () => {
    const { collections } = await getOk(t, '/collections?per=100', ListCollectionsResponse);
    const col = collections.find((c) => c.optionsCount > 0);
    if (!col) throw new Error('no collection with options');
    const detail = await getOk(t, `/collections/${col.slug}`, CollectionDetailSchema);
    expect(detail.options.length).toBe(col.optionsCount);
    const slugs = new Set(detail.options.map((o) => o.slugCode));
    for (const k of detail.categories) for (const s of k.optionSlugCodes) expect(slugs.has(s)).toBe(true);
    await expect404(t, '/collections/no-such-collection', 'Collection not found');
  });

  it('answers a category by id or by collection and category slugs', async () => {
    const { collections } = await getOk(t, '/collections?per=100', ListCollectionsResponse);
    for (const col of collections) {
      const detail = await getOk(t, `/collections/${col.slug}`, CollectionDetailSchema);
      const k = detail.categories[0];
      if (!k) continue;
      const byId = await getOk(t, `/categories/${k.id}`, CategoryDetailSchema);
      const bySlug = await getOk(t, `/categories/${col.slug}/${k.slug}`, CategoryDetailSchema);
      expect(byId).toEqual(bySlug);
      expect(byId.collection.slug).toBe(col.slug);
      expect(byId.options.map((o) => o.slugCode)).toEqual(k.optionSlugCodes);
      break;
    }
    await expect404(t, '/categories/999999', 'Category not found');
    await expect404(t, '/categories/nope/nothing', 'Category not found');
    await expect404(t, '/categories/not-a-number', 'Category not found');
  });
});

describe('magazine', () => {
  it('lists visible articles newest first, with filters', async () => {
    const { blogs, pagination } = await getOk(t, '/blogs?per=100', ListBlogsResponse);
    expect(blogs.length).toBeGreaterThan(0);
    expect(pagination.totalCount).toBe(await count(sql`select count(*)::int as n from blogs where deleted_at is null and published_at <= now()`));
    const dates = blogs.map((b) => b.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const b of blogs) expect(b.kindName).toBe(BLOG_KIND_NAMES[b.kind]);
    const first = blogs[0];
    if (!first) throw new Error('no blog');
    const byKind = await getOk(t, `/blogs?kind=${first.kind}&per=100`, ListBlogsResponse);
    expect(byKind.blogs.every((b) => b.kind === first.kind)).toBe(true);
    const byCat = await getOk(t, `/blogs?category=${first.category.slug}&per=100`, ListBlogsResponse);
    expect(byCat.blogs.every((b) => b.category.slug === first.category.slug)).toBe(true);
    const tagged = blogs.find((b) => b.tags.length > 0);
    if (tagged?.tags[0]) {
      const byTag = await getOk(t, `/blogs?tag=${tagged.tags[0].slug}&per=100`, ListBlogsResponse);
      expect(byTag.blogs.map((b) => b.slug)).toContain(tagged.slug);
    }
    const placed = blogs.find((b) => b.city);
    if (placed?.city) {
      const byCity = await getOk(t, `/blogs?city=${placed.city.slug}&per=100`, ListBlogsResponse);
      expect(byCity.blogs.every((b) => b.city?.slug === placed.city?.slug)).toBe(true);
    }
    await expect422(t, '/blogs?kind=essay', 'kind');
  });

  it('answers an article with resolved body blocks', async () => {
    const { blogs } = await getOk(t, '/blogs?per=100', ListBlogsResponse);
    for (const b of blogs.slice(0, 10)) {
      const d = await getOk(t, `/blogs/${b.slug}`, BlogDetailSchema);
      expect(d.slug).toBe(b.slug);
      expect(d.author.name).toBe(b.authorName);
    }
    await expect404(t, '/blogs/no-such-article', 'Blog not found');
  });

  it('hides articles published in the future', async () => {
    const [b] = (await getOk(t, '/blogs?per=1', ListBlogsResponse)).blogs;
    if (!b) throw new Error('no blog');
    await t.db.execute(sql`update blogs set published_at = now() + interval '10 days' where slug = ${b.slug}`);
    await expect404(t, `/blogs/${b.slug}`, 'Blog not found');
    const { blogs } = await getOk(t, '/blogs?per=100', ListBlogsResponse);
    expect(blogs.map((x) => x.slug)).not.toContain(b.slug);
    await t.db.execute(sql`update blogs set published_at = ${b.publishedAt}::timestamptz where slug = ${b.slug}`);
  });

  it('answers the filter items with counts and display names', async () => {
    const items = await getOk(t, '/blogs/filter_items', BlogFilterItemsResponse);
    expect(items.kinds.map((k) => [k.kind, k.name])).toEqual([
      ['quick_read', 'Pocket Guide'],
      ['complete_guide', 'Deep Dive'],
      ['itinerary', 'Itinerary'],
      ['list', 'The Roundup'],
      ['tried_and_tested', 'Secret Find'],
      ['video', 'Video'],
    ]);
    const { pagination } = await getOk(t, '/blogs?per=1', ListBlogsResponse);
    expect(items.kinds.reduce((a, k) => a + k.count, 0)).toBe(pagination.totalCount);
    expect(items.categories.reduce((a, k) => a + k.count, 0)).toBe(pagination.totalCount);
    for (const tag of items.tags.slice(0, 3)) {
      const byTag = await getOk(t, `/blogs?tag=${tag.slug}&per=1`, ListBlogsResponse);
      expect(byTag.pagination.totalCount).toBe(tag.count);
    }
  });
});

describe('suppliers, itineraries, best-of lists', () => {
  it('lists and answers suppliers with their options', async () => {
    const { suppliers, pagination } = await getOk(t, '/suppliers?per=100', ListSuppliersResponse);
    expect(suppliers.length).toBeGreaterThan(0);
    expect(pagination.totalCount).toBe(await count(sql`select count(*)::int as n from operators where deleted_at is null`));
    const s = suppliers.find((x) => x.optionsCount > 0) ?? suppliers[0];
    if (!s) throw new Error('no supplier');
    const d = await getOk(t, `/suppliers/${s.slug}`, SupplierDetailSchema);
    expect(d.options.length).toBe(s.optionsCount);
    const viaOptions = await getOk(t, `/options?supplier=${s.slug}&per=100`, ListOptionsResponse);
    expect(viaOptions.pagination.totalCount).toBe(s.optionsCount);
    const inCity = await getOk(t, `/suppliers?city=${s.city.slug}&per=100`, ListSuppliersResponse);
    expect(inCity.suppliers.every((x) => x.city.slug === s.city.slug)).toBe(true);
    await expect404(t, '/suppliers/nobody', 'Supplier not found');
  });

  it('lists and answers itineraries', async () => {
    const { travelItineraries } = await getOk(t, '/travel_itineraries?per=100', ListItinerariesResponse);
    const it0 = travelItineraries[0];
    if (it0) {
      const d = await getOk(t, `/travel_itineraries/${it0.slug}`, ItineraryDetailSchema);
      expect(d.days.length).toBe(it0.daysCount);
      const byCountry = await getOk(t, `/travel_itineraries?country=${it0.country.slug}&per=100`, ListItinerariesResponse);
      expect(byCountry.travelItineraries.every((x) => x.country.slug === it0.country.slug)).toBe(true);
    }
    await expect404(t, '/travel_itineraries/nowhere', 'Itinerary not found');
  });

  it('lists and answers best-of lists with blurbs', async () => {
    const { bestOfLists } = await getOk(t, '/best_of_lists?per=100', ListBestOfListsResponse);
    const l = bestOfLists[0];
    if (l) {
      const d = await getOk(t, `/best_of_lists/${l.slug}`, BestOfListDetailSchema);
      expect(d.items.length).toBe(l.itemsCount);
      const positions = d.items.map((i) => i.position);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    }
    await expect404(t, '/best_of_lists/nothing-here', 'Best-of list not found');
  });
});

describe('tags', () => {
  it('lists tags by kind with counts and answers one', async () => {
    const { tags } = await getOk(t, '/tags?per=100', ListTagsResponse);
    expect(tags.length).toBeGreaterThan(0);
    const sustain = await getOk(t, '/tags?kind=sustainability&per=100', ListTagsResponse);
    expect(sustain.tags.every((x) => x.kind === 'sustainability')).toBe(true);
    const used = tags.find((x) => x.optionsCount > 0 && x.kind !== 'blog');
    if (!used) throw new Error('no used tag');
    const byTag = await getOk(t, `/options?tags[]=${used.slug}&per=1`, ListOptionsResponse);
    expect(byTag.pagination.totalCount).toBe(used.optionsCount);
    const d = await getOk(t, `/tags/${used.slug}`, TagDetailSchema);
    expect(d).toMatchObject({ slug: used.slug, optionsCount: used.optionsCount });
    expect((await getOk(t, `/tags/${used.slug}?kind=${used.kind}`, TagDetailSchema)).id).toBe(used.id);
    await expect404(t, '/tags/no-such-tag', 'Tag not found');
    await expect422(t, '/tags?kind=colour', 'kind');
  });
});

describe('FAQs and reviews', () => {
  it('answers general FAQs, and an option’s FAQs', async () => {
    const general = await getOk(t, '/faqs?per=100', ListFaqsResponse);
    expect(general.pagination.totalCount).toBe(await count(sql`select count(*)::int as n from faqs where option_id is null and deleted_at is null`));
    const [row] = rowsOf<{ slug_code: string; n: number }>(
      await t.db.execute(sql`select o.slug_code, count(*)::int as n from faqs f join options o on o.id = f.option_id
        where o.published and o.deleted_at is null and f.deleted_at is null group by o.slug_code order by o.slug_code limit 1`),
    );
    if (row) {
      const mine = await getOk(t, `/faqs?option=${row.slug_code}`, ListFaqsResponse);
      expect(mine.faqs.length).toBe(row.n);
    }
    await expect404(t, '/faqs?option=no-such-option', 'Option not found');
  });

  it('filters the seeded general FAQs (the help centre) by topic and words, with every topic counted', async () => {
    const all = await getOk(t, '/faqs/filter?per=100', FaqFilterResponse);
    expect(all.pagination.totalCount).toBeGreaterThanOrEqual(15);
    expect(all.faqs.every((f) => !f.fromTraveller)).toBe(true);
    expect(all.topics.map((x) => x.topic)).toEqual([...FAQ_TOPICS]);
    expect(all.topics.reduce((n, x) => n + x.count, 0)).toBe(all.pagination.totalCount);
    const safety = await getOk(t, '/faqs/filter?topic=safety&per=100', FaqFilterResponse);
    expect(safety.faqs.length).toBe(all.topics.find((x) => x.topic === 'safety')?.count);
    expect(safety.faqs.every((f) => f.topic === 'safety')).toBe(true);
    expect(safety.topics).toEqual(all.topics);
    const words = await getOk(t, '/faqs/filter?q=WEATHER%20refund', FaqFilterResponse);
    expect(words.faqs.map((f) => f.question)).toContain('What happens if the weather is bad?');
    const none = await getOk(t, '/faqs/filter?topic=booking&q=weather', FaqFilterResponse);
    expect(none.faqs).toEqual([]);
    expect(none.pagination.totalCount).toBe(0);
  });

  it('answers an option’s rated reviews, newest first', async () => {
    const [row] = rowsOf<{ slug_code: string; n: number }>(
      await t.db.execute(sql`select o.slug_code, count(*)::int as n from reviews r join options o on o.id = r.option_id
        where o.published and o.deleted_at is null and r.rating is not null and r.deleted_at is null
        group by o.slug_code order by count(*) desc, o.slug_code limit 1`),
    );
    if (!row) throw new Error('no reviewed option');
    const { reviews, pagination, summary } = await getOk(t, `/reviews?option=${row.slug_code}&per=100`, ListReviewsResponse);
    expect(pagination.totalCount).toBe(row.n);
    expect(summary.count).toBe(row.n);
    expect(reviews.every((r) => r.rating >= 1 && r.rating <= 5)).toBe(true);
    const dates = reviews.map((r) => r.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    await expect422(t, '/reviews', 'option');
    await expect404(t, '/reviews?option=no-such-option', 'Option not found');
  });

  it('answers recent customer reviews with option cards, and site reviews with an aggregate', async () => {
    const customer = await getOk(t, '/customer-reviews?per=10', ListCustomerReviewsResponse);
    expect(customer.reviews.length).toBeGreaterThan(0);
    expect(customer.pagination.totalCount).toBe(customer.aggregate.count);
    const site = await getOk(t, '/site-reviews?per=5&page=2', ListSiteReviewsResponse);
    expect(site.pagination).toMatchObject({ currentPage: 2, limitValue: 5, totalCount: site.aggregate.count });
    expect(site.aggregate.count).toBe(await count(sql`select count(*)::int as n from site_reviews where deleted_at is null`));
    if (site.aggregate.count > 0) expect(site.aggregate.average).toBeGreaterThanOrEqual(1);
  });
});

describe('promotion codes', () => {
  it('answers only public, active, current codes', async () => {
    await t.db.execute(sql`insert into promotion_codes (code, title, discount_type, percent_off, ends_at)
      values ('TEST-EXPIRED', 'Expired', 'percent', 10, now() - interval '1 day'),
             ('TEST-FUTURE', 'Future', 'percent', 10, null)`);
    await t.db.execute(sql`update promotion_codes set starts_at = now() + interval '1 day' where code = 'TEST-FUTURE'`);
    await t.db.execute(sql`insert into promotion_codes (code, title, discount_type, amount_off, currency_code, min_spend, is_public)
      values ('TEST-PRIVATE', 'Private', 'fixed', 500, 'SGD', 0, false), ('TEST-LIVE', 'Live', 'fixed', 1050, 'SGD', 5000, true)`);
    const { promotionCodes } = await getOk(t, '/promotion-codes?per=100', ListPromotionCodesResponse);
    const codes = promotionCodes.map((p) => p.code);
    expect(codes).toContain('TEST-LIVE');
    for (const hidden of ['TEST-EXPIRED', 'TEST-FUTURE', 'TEST-PRIVATE']) expect(codes).not.toContain(hidden);
    expect(promotionCodes.find((p) => p.code === 'TEST-LIVE')).toMatchObject({ amountOff: { amount: 10.5, currency: 'SGD' }, minSpend: { amount: 50, currency: 'SGD' } });
  });
});

describe('page calls', () => {
  it('answers the home page in few queries', async () => {
    const { result, queries } = await countQueries(t, () => t.get('/api/v1/page/home'));
    expect(result.status).toBe(200);
    const home = HomePageSchema.parse(result.body);
    expect(home.topDestinations.countries[0]?.code).toBe('SG');
    expect(home.topDestinations.cities.length).toBeLessThanOrEqual(6);
    const orders = home.topDestinations.cities.map((c) => c.ordersCount);
    expect(orders).toEqual([...orders].sort((a, b) => b - a));
    expect(home.featuredCollections.every((c) => c.featured)).toBe(true);
    expect(home.optionsByKind.stay.every((o) => o.kind === 'stay')).toBe(true);
    expect(home.optionsByKind.adventure.every((o) => o.kind === 'adventure')).toBe(true);
    expect(home.siteReviews.length).toBeLessThanOrEqual(6);
    expect(queries).toBeLessThanOrEqual(40);
  });

  it('answers city, country and collection pages', async () => {
    const { cities } = await getOk(t, '/cities?per=1', ListCitiesResponse);
    const city = cities[0];
    if (!city) throw new Error('no city');
    const cp = await getOk(t, `/page/cities/${city.slug}`, CityPageSchema);
    expect(cp.city.slug).toBe(city.slug);
    expect(cp.topOptions.every((o) => o.city.id === city.id)).toBe(true);
    expect(cp.activityTypes.reduce((a, x) => a + x.optionsCount, 0)).toBeLessThanOrEqual(city.optionsCount);
    const kp = await getOk(t, `/page/countries/${city.countrySlug}`, CountryPageSchema);
    expect(kp.country.slug).toBe(city.countrySlug);
    expect(kp.topOptions.every((o) => o.country.slug === city.countrySlug)).toBe(true);
    const { collections } = await getOk(t, '/collections?per=1', ListCollectionsResponse);
    if (collections[0]) {
      const colp = await getOk(t, `/page/collections/${collections[0].slug}`, CollectionPageSchema);
      expect(colp.relatedCollections.map((c) => c.slug)).not.toContain(collections[0].slug);
    }
    await expect404(t, '/page/cities/nowhere', 'City not found');
    await expect404(t, '/page/countries/nowhere', 'Country not found');
    await expect404(t, '/page/collections/nothing', 'Collection not found');
  });
});

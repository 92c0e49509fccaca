// The spec §9 filters on GET /options and the facets of GET /filter: every key filters, every
// facet count is exactly what GET /options answers once that value is chosen, sorts, the
// pagination record, and 422 (never a 5xx) for bad values.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InitialDataSchema } from '../../../contract/initial-data.ts';
import { FilterResponse, ListOptionsResponse, OptionDetailSchema, type OptionSummary } from '../../../contract/options.ts';
import { SORTS, SUSTAINABILITY_SLUGS } from '../../../lib/filter-keys.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { rowsOf } from './effective.ts';
import { expect422, getOk } from './test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => rowsOf<T>(await t.db.execute(query));
const visible = sql`o.published and o.deleted_at is null`;
const countWhere = async (where: ReturnType<typeof sql>) =>
  (await rows<{ n: number }>(sql`select count(*)::int as n from options o where ${visible} and ${where}`))[0]?.n ?? -1;
const list = (query: string) => getOk(t, `/options?per=100${query}`, ListOptionsResponse);
const total = async (query: string) => (await list(query)).pagination.totalCount;
const facets = (query = '') => getOk(t, `/filter${query ? `?${query}` : ''}`, FilterResponse);
const FACET_WIRE: Record<string, string> = {
  tab: 'tab',
  kind: 'kind',
  activityType: 'activity_type',
  time: 'time',
  locationIds: 'location_ids',
  cityIds: 'city_ids',
  suitableFor: 'suitable_for',
  childAge: 'child_age',
  durations: 'durations',
  tripType: 'trip_type',
  sustainability: 'sustainability',
};

describe('GET /filter', () => {
  it('answers every facet of spec §9 with counts and the sort options', async () => {
    const f = await facets();
    const all = await total('');
    expect(f.totalCount).toBe(all);
    expect(f.tab.map((v) => v.value)).toEqual(['all', 'experiences', 'stays']);
    expect(f.tab[0]?.count).toBe(all);
    expect(f.time.map((v) => v.value)).toEqual(['morning', 'afternoon', 'evening']);
    expect(f.childAge.map((v) => v.value)).toEqual(['0_3', '4_7', '8_12']);
    expect(f.durations.map((v) => v.value)).toEqual(['0', '1', '2', '3']);
    expect(f.tripType.map((v) => v.value)).toEqual(['private', 'join_in']);
    expect(f.sustainability.map((v) => v.value).every((s) => (SUSTAINABILITY_SLUGS as readonly string[]).includes(s))).toBe(true);
    expect(f.sustainability.length).toBeGreaterThan(0);
    expect(f.activityType.length).toBeGreaterThan(0);
    expect(f.cityIds.length).toBeGreaterThan(0);
    expect(f.sorts.map((s) => s.value)).toEqual([...SORTS]);
    expect(f.sorts.find((s) => s.value === 'most_popular')?.label).toBe('Top Rated');
    expect(f.priceRange.min?.currency).toBe('USD');
    expect(f.masterPriceRange.max?.currency).toBe('SGD');
  });

  it('counts each value as GET /options answers with that value chosen (every facet)', async () => {
    const scope = 'tab=experiences';
    const f = await facets(scope);
    for (const [key, wire] of Object.entries(FACET_WIRE)) {
      const values = (f[key as keyof typeof FACET_WIRE & keyof typeof f] as { value: string; count: number }[]).filter((v) => v.count > 0).slice(0, 3);
      expect(values.length, key).toBeGreaterThan(0);
      for (const v of values) {
        const q = key === 'tab' ? `&tab=${v.value}` : `&${scope}&${wire}=${v.value}`;
        expect(await total(q), `${wire}=${v.value}`).toBe(v.count);
      }
    }
  });

  it('applies the other filters but not its own (choosing more values widens)', async () => {
    const base = await facets('time=morning');
    const again = await facets('time=morning,evening');
    expect(again.time).toEqual(base.time);
    const narrowed = await facets('time=morning&trip_type=private');
    const morning = narrowed.time.find((v) => v.value === 'morning')?.count;
    expect(morning).toBe(await total('&time=morning&trip_type=private'));
    expect(narrowed.totalCount).toBe(morning);
  });

  it('keeps chosen values listed even when nothing matches', async () => {
    const f = await facets('sustainability=women_owned&city_ids=1&location_ids=999999');
    expect(f.sustainability.some((v) => v.value === 'women_owned')).toBe(true);
    expect(f.cityIds.some((v) => v.value === '1')).toBe(true);
  });

  it('answers the price range in the asked currency and in SGD', async () => {
    const sgd = await facets('currency=SGD');
    const usd = await facets('currency=USD');
    expect(sgd.priceRange.min?.currency).toBe('SGD');
    expect(usd.priceRange.max?.currency).toBe('USD');
    expect(sgd.priceRange.max?.amount).toBe(sgd.masterPriceRange.max?.amount);
  });

  it('answers 422 with fields for bad input, never a 5xx', async () => {
    await expect422(t, '/filter?tab=cheap', 'tab');
    await expect422(t, '/filter?time=midnight', 'time');
    await expect422(t, '/filter?child_age=13_18', 'child_age');
    await expect422(t, '/filter?durations=9', 'durations');
    await expect422(t, '/filter?currency=XXX&prices=1-2', 'currency');
    for (const path of ['/filter?city_ids[]=a&city_ids[]=b', '/filter?prices=%00', '/filter?location_ids=' + '1,'.repeat(500)]) {
      const answer = await t.get(`/api/v1${path}`);
      expect(answer.status, path).toBe(422);
    }
  });
});

describe('GET /options with the spec §9 filters', () => {
  it('tab: experiences leaves stays out, stays keeps only them', async () => {
    expect(await total('&tab=stays')).toBe(await countWhere(sql`o.kind = 'stay'`));
    expect(await total('&tab=experiences')).toBe(await countWhere(sql`o.kind <> 'stay'`));
    expect(await total('&tab=all')).toBe(await countWhere(sql`true`));
  });

  it('kind and trip_type take several values (any may match)', async () => {
    expect(await total('&kind=stay,adventure')).toBe(await countWhere(sql`o.kind in ('stay', 'adventure')`));
    expect(await total('&kind[]=stay&kind[]=adventure')).toBe(await total('&kind=stay,adventure'));
    const privateTrips = await list('&trip_type=private');
    expect(privateTrips.pagination.totalCount).toBe(await countWhere(sql`o.trip_type = 'private'`));
  });

  it('time: by start times before 12:00, from 12:00 and from 17:00', async () => {
    expect(await total('&time=morning')).toBe(await countWhere(sql`exists (select 1 from jsonb_array_elements_text(o.start_times) s(t) where s.t < '12:00')`));
    expect(await total('&time=afternoon')).toBe(await countWhere(sql`exists (select 1 from jsonb_array_elements_text(o.start_times) s(t) where s.t >= '12:00' and s.t < '17:00')`));
    expect(await total('&time=evening')).toBe(await countWhere(sql`exists (select 1 from jsonb_array_elements_text(o.start_times) s(t) where s.t >= '17:00')`));
  });

  it('child_age: the minimum age is at most the top age of a chosen band', async () => {
    expect(await total('&child_age=0_3')).toBe(await countWhere(sql`(o.min_age is null or o.min_age <= 3)`));
    expect(await total('&child_age=0_3,8_12')).toBe(await countWhere(sql`(o.min_age is null or o.min_age <= 12)`));
  });

  it('durations: less than a day, 1, 2, 3+ days (stays: nights + 1)', async () => {
    const days = sql`(case when o.duration_days is not null then o.duration_days when o.duration_nights is not null then o.duration_nights + 1 else floor(o.duration_minutes / 1440.0) end)`;
    expect(await total('&durations=0')).toBe(await countWhere(sql`${days} = 0`));
    expect(await total('&durations=3')).toBe(await countWhere(sql`${days} >= 3`));
    const longOnes = await list('&durations=3&kind=adventure');
    expect(longOnes.options.every((o) => (o.durationDays ?? 0) >= 3 || (o.durationNights ?? 0) >= 2)).toBe(true);
  });

  it('activity_type, suitable_for and sustainability: tag slugs of their kind', async () => {
    const [withTags] = (await list('&sustainability=low_carbon')).options;
    if (!withTags) throw new Error('no low-carbon option');
    const detail = await getOk(t, `/options/${withTags.slugCode}`, OptionDetailSchema);
    expect(detail.tags.sustainability.map((s) => s.slug)).toContain('low_carbon');
    const suitable = detail.tags.suitable[0];
    if (suitable) expect((await list(`&suitable_for=${suitable.slug}&sustainability=low_carbon`)).options.map((o) => o.slugCode)).toContain(withTags.slugCode);
    const type = detail.tags.activityType[0];
    if (type) expect((await list(`&activity_type=${type.slug}`)).options.map((o) => o.slugCode)).toContain(withTags.slugCode);
    // A suitable-for slug is not an activity type.
    if (suitable) expect(await total(`&activity_type=${suitable.slug}`)).toBe(0);
  });

  it('city_ids, city_id, country_id, location_ids', async () => {
    const f = await facets();
    const [a, b] = f.cityIds;
    if (!a || !b) throw new Error('need two cities');
    expect(await total(`&city_ids=${a.value},${b.value}`)).toBe(a.count + b.count);
    expect(await total(`&city_id=${a.value}`)).toBe(a.count);
    const place = f.locationIds[0];
    if (!place) throw new Error('no place of interest with options');
    const atPlace = await list(`&location_ids=${place.value}`);
    expect(atPlace.pagination.totalCount).toBe(place.count);
    const { options } = await getOk(t, `/options?per=1&city_id=${a.value}`, ListOptionsResponse);
    const countryId = options[0]?.country.id;
    expect(await total(`&country_id=${countryId}`)).toBeGreaterThanOrEqual(a.count);
  });

  it('specific_id and category_id: the experiences of a collection (and of one category)', async () => {
    const [col] = await rows<{ id: number; n: number }>(sql`select co.collection_id as id, count(*)::int as n from collection_options co
      join options o on o.id = co.option_id where ${visible} group by co.collection_id order by n desc limit 1`);
    if (!col) throw new Error('no collection');
    expect(await total(`&specific_id=${col.id}`)).toBe(col.n);
    const [cat] = await rows<{ id: number; n: number }>(sql`select co.category_id as id, count(*)::int as n from collection_options co
      join options o on o.id = co.option_id where ${visible} and co.category_id is not null group by co.category_id limit 1`);
    if (cat) expect(await total(`&category_id=${cat.id}`)).toBe(cat.n);
  });

  it('prices in a currency and master_prices in SGD bound the "from" price', async () => {
    const { exchangeRates } = await getOk(t, '/initial_data', InitialDataSchema);
    const rate = new Map(exchangeRates.map((r) => [r.toCurrency, r.rate]));
    const inSgd = (o: OptionSummary) => (o.fromPrice ? o.fromPrice.amount / (o.fromPrice.currency === 'SGD' ? 1 : (rate.get(o.fromPrice.currency) ?? NaN)) : NaN);
    const cheap = await list('&master_prices=0-100');
    expect(cheap.options.length).toBeGreaterThan(0);
    expect(cheap.options.every((o) => inSgd(o) <= 100.01)).toBe(true);
    const dear = await list('&master_prices=300-');
    expect(dear.options.every((o) => inSgd(o) >= 299.99)).toBe(true);
    const usd = rate.get('USD') ?? 1;
    const inUsd = await list('&prices=0-100&currency=USD');
    expect(inUsd.options.every((o) => inSgd(o) * usd <= 100.01)).toBe(true);
    // Default currency of `prices` is USD.
    expect(await total('&prices=0-100')).toBe(inUsd.pagination.totalCount);
    // Both ranges apply.
    expect(await total('&prices=0-100&currency=SGD&master_prices=50-')).toBe(await total('&master_prices=50-100'));
  });

  it('sorts with every sort option and pages with the pagination record', async () => {
    for (const sort of SORTS) {
      const p1 = await getOk(t, `/options?per=7&sort_by=${sort}&tab=experiences`, ListOptionsResponse);
      const p2 = await getOk(t, `/options?per=7&page=2&sort_by=${sort}&tab=experiences`, ListOptionsResponse);
      expect(p1.pagination).toMatchObject({ currentPage: 1, limitValue: 7, offset: 0, isFirstPage: true, nextPage: 2 });
      expect(p2.pagination).toMatchObject({ currentPage: 2, prevPage: 1, offset: 7 });
      const first = new Set(p1.options.map((o) => o.slugCode));
      expect(p2.options.some((o) => first.has(o.slugCode)), sort).toBe(false);
    }
    const asc = (await list('&sort_by=asc&kind=short_adventure&currency=SGD')).options;
    const desc = (await list('&sort_by=desc&kind=short_adventure&currency=SGD')).options;
    expect(asc[0]?.slugCode).not.toBe(desc[0]?.slugCode);
  });

  it('answers 422 with the field for every bad filter value, never a 5xx', async () => {
    await expect422(t, '/options?tab=everything', 'tab');
    await expect422(t, '/options?kind=stay,cruise', 'kind');
    await expect422(t, '/options?time=noon', 'time');
    await expect422(t, '/options?location_ids=abc', 'location_ids');
    await expect422(t, '/options?city_ids=1,-2', 'city_ids');
    await expect422(t, '/options?suitable_for=%3Cb%3E', 'suitable_for');
    await expect422(t, '/options?prices=abc', 'prices');
    await expect422(t, '/options?prices=200-100', 'prices');
    await expect422(t, '/options?master_prices=1-2-3', 'master_prices');
    await expect422(t, '/options?child_age=2', 'child_age');
    await expect422(t, '/options?durations=4', 'durations');
    await expect422(t, '/options?trip_type=solo', 'trip_type');
    await expect422(t, '/options?country_id=0', 'country_id');
    await expect422(t, '/options?specific_id=x', 'specific_id');
    await expect422(t, '/options?sustainability=green', 'sustainability');
    await expect422(t, '/options?currency=usd', 'currency');
    await expect422(t, '/options?prices=1-2&currency=ZZZ', 'currency');
    const answer = await t.get('/api/v1/options?time=noon');
    expect((answer.raw as { error: string }).error).toMatch(/time .*noon.*morning, afternoon, evening/);
  });
});

describe('GET /options?q= (typo-tolerant, services/search.ts)', () => {
  it('finds names with a typo and ranks the best match first', async () => {
    const [o] = (await list('&sort_by=most_popular')).options;
    if (!o) throw new Error('no option');
    const word = o.name.split(/\s+/).filter((w) => /^[A-Za-z]{6,}$/.test(w))[0];
    if (!word) return;
    // One letter left out, as in the search bar's own tests ('kayk').
    const typo = word.slice(0, 3) + word.slice(4);
    const found = await list(`&q=${encodeURIComponent(typo.toLowerCase())}`);
    expect(found.options.map((x) => x.slugCode)).toContain(o.slugCode);
    const exact = await list(`&q=${encodeURIComponent(o.name)}`);
    expect(exact.options[0]?.slugCode).toBe(o.slugCode);
    const f = await facets(`q=${encodeURIComponent(o.name)}`);
    expect(f.totalCount).toBe(exact.pagination.totalCount);
    expect(await total('&q=%20%20')).toBe(0);
  });
});

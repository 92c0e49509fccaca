import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CityDetailSchema, ListCitiesResponse } from '../../../contract/cities.ts';
import { CountryDetailSchema, ListCountriesResponse } from '../../../contract/countries.ts';
import { InitialDataSchema } from '../../../contract/initial-data.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { rowsOf } from './effective.ts';
import { expect404, expect422, expectOk, getOk } from './test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const one = async <T>(query: ReturnType<typeof sql>): Promise<T> => {
  const row = rowsOf<T>(await t.db.execute(query))[0];
  if (row === undefined) throw new Error('no row');
  return row;
};

describe('GET /initial_data', () => {
  it('answers every field of the initial data', async () => {
    const data = await getOk(t, '/initial_data', InitialDataSchema);
    expect(data.countries.length).toBeGreaterThan(0);
    expect(data.countries[0]?.code).toBe('SG');
    expect(data.cities.length).toBeGreaterThan(0);
    expect(data.currentGeolocation.countryCode).toBe('SG');
    expect(data.exchangeRates.length).toBeGreaterThan(0);
    expect(data.exchangeRates.every((r) => r.fromCurrency === 'SGD' && r.rate > 0)).toBe(true);
    const codes = data.checkoutSupportedCurrencies.map((c) => c.code);
    expect(codes).toContain('SGD');
    const jpy = data.checkoutSupportedCurrencies.find((c) => c.code === 'JPY');
    if (jpy) expect(jpy.exponent).toBe(0);
    expect(typeof data.settings.showBestOfListNav).toBe('boolean');
    expect(data.affiliateCappedAmount.amount).toBeGreaterThan(0);
    for (const g of data.giftCollections) expect(g.slugCode).toMatch(/^[\w-]+$/);
  });

  it('takes the country from the geolocation header', async () => {
    const header = t.config.geoCountryHeader;
    const my = expectOk(await t.get('/api/v1/initial_data', { headers: { [header]: 'my' } }), InitialDataSchema);
    expect(my.currentGeolocation.countryCode).toBe('MY');
    const junk = expectOk(await t.get('/api/v1/initial_data', { headers: { [header]: 'XX' } }), InitialDataSchema);
    expect(junk.currentGeolocation.countryCode).toBe('SG');
  });
});

describe('GET /countries', () => {
  it('lists Singapore first, then by optionsCount', async () => {
    const { countries, pagination } = await getOk(t, '/countries?per=100', ListCountriesResponse);
    expect(countries[0]?.slug).toBe('singapore');
    const rest = countries.slice(1).map((c) => c.optionsCount);
    expect(rest).toEqual([...rest].sort((a, b) => b - a));
    const { n } = await one<{ n: number }>(sql`select count(*)::int as n from countries where deleted_at is null`);
    expect(pagination.totalCount).toBe(n);
    expect(countries.length).toBe(Math.min(n, 100));
  });

  it('counts the published options of each country', async () => {
    const { countries } = await getOk(t, '/countries?per=100', ListCountriesResponse);
    const sg = countries.find((c) => c.code === 'SG');
    const { n } = await one<{ n: number }>(sql`select count(*)::int as n from options o join cities c on c.id = o.city_id
      join countries k on k.id = c.country_id where k.code = 'SG' and o.published and o.deleted_at is null`);
    expect(sg?.optionsCount).toBe(n);
  });

  it('paginates', async () => {
    const { countries, pagination } = await getOk(t, '/countries?per=2&page=2', ListCountriesResponse);
    expect(countries.length).toBeLessThanOrEqual(2);
    expect(pagination).toMatchObject({ currentPage: 2, limitValue: 2, offset: 2, prevPage: 1, isFirstPage: false });
    expect(pagination.totalPages).toBe(Math.ceil(pagination.totalCount / 2));
  });

  it('answers a country by slug', async () => {
    const sg = await getOk(t, '/countries/singapore', CountryDetailSchema);
    expect(sg.code).toBe('SG');
    expect(sg.cities.length).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown slug', async () => {
    await expect404(t, '/countries/atlantis', 'Country not found');
    await expect404(t, '/countries/%27%20or%201%3D1--', 'Country not found');
  });

  it('refuses bad pagination with 422', async () => {
    await expect422(t, '/countries?page=abc', 'page');
    await expect422(t, '/countries?page=0', 'page');
    await expect422(t, '/countries?per=0', 'per');
    await expect422(t, '/countries?per=100000', 'per');
    await expect422(t, '/countries?changed_since=not-a-date', 'changed_since');
  });
});

describe('GET /cities', () => {
  it('lists cities with counts', async () => {
    const { cities, pagination } = await getOk(t, '/cities?per=100', ListCitiesResponse);
    expect(cities.length).toBeGreaterThan(0);
    expect(pagination.totalCount).toBeGreaterThanOrEqual(cities.length);
    const counts = cities.map((c) => c.optionsCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('filters by country slug or id, and by featured', async () => {
    const my = await getOk(t, '/countries/malaysia', CountryDetailSchema);
    const bySlug = await getOk(t, '/cities?country=malaysia&per=100', ListCitiesResponse);
    expect(bySlug.cities.length).toBeGreaterThan(0);
    expect(bySlug.cities.every((c) => c.countryId === my.id && c.countryCode === 'my')).toBe(true);
    const byId = await getOk(t, `/cities?country_id=${my.id}&per=100`, ListCitiesResponse);
    expect(byId.cities.map((c) => c.slug)).toEqual(bySlug.cities.map((c) => c.slug));
    const featured = await getOk(t, '/cities?featured=true&per=100', ListCitiesResponse);
    expect(featured.cities.every((c) => c.featured)).toBe(true);
    const notFeatured = await getOk(t, '/cities?featured=false&per=100', ListCitiesResponse);
    expect(notFeatured.cities.every((c) => !c.featured)).toBe(true);
  });

  it('answers a city by slug with its places of interest', async () => {
    const { cities } = await getOk(t, '/cities?per=1', ListCitiesResponse);
    const first = cities[0];
    if (!first) throw new Error('no city');
    const city = await getOk(t, `/cities/${first.slug}`, CityDetailSchema);
    expect(city.slug).toBe(first.slug);
    expect(city.country.id).toBe(first.countryId);
  });

  it('answers 404 for an unknown slug, 422 for bad filters', async () => {
    await expect404(t, '/cities/nowhere-at-all', 'City not found');
    await expect422(t, '/cities?featured=maybe', 'featured');
    await expect422(t, '/cities?country_id=abc', 'country_id');
    await expect422(t, '/cities?country_id=99999999999', 'country_id');
  });
});

import { describe, expect, it } from 'vitest';
import { bestOfPromoLists, destinationsMenu, popularCities, type MenuCityInput, type MenuCountryInput, type MenuLinks } from './header-destinations.ts';

const country = (id: number, code: string, slug: string, optionsCount: number): MenuCountryInput => ({
  id,
  code,
  slug,
  name: slug[0]!.toUpperCase() + slug.slice(1),
  optionsCount,
  ordersCount: 0,
});
const city = (countryId: number, slug: string, optionsCount: number, ordersCount = 0): MenuCityInput => ({
  countryId,
  slug,
  name: slug,
  optionsCount,
  ordersCount,
});

const countries = [country(2, 'MY', 'malaysia', 38), country(3, 'ID', 'indonesia', 40), country(1, 'SG', 'singapore', 16), country(4, 'LA', 'laos', 0)];
const cities = [
  city(1, 'singapore', 16, 900),
  city(2, 'penang', 5, 50),
  city(2, 'borneo', 20, 300),
  city(2, 'ghost-town', 0),
  city(3, 'bali', 30, 1200),
  city(3, 'flores', 10, 400),
];
const built = new Set(['/countries/singapore', '/countries/malaysia', '/countries/indonesia', '/cities/singapore', '/cities/penang', '/cities/borneo', '/cities/bali', '/cities/flores']);
const links: MenuLinks = {
  country: (slug) => (built.has(`/countries/${slug}`) ? `/countries/${slug}` : undefined),
  city: (slug) => (built.has(`/cities/${slug}`) ? `/cities/${slug}` : undefined),
};

describe('destinationsMenu', () => {
  const menu = destinationsMenu(countries, cities, links);

  it('puts Singapore first, then countries by number of experiences', () => {
    expect(menu.map((c) => c.slug)).toEqual(['singapore', 'indonesia', 'malaysia']);
  });

  it('links Singapore straight to its city page, with no city list', () => {
    expect(menu[0]).toEqual({ slug: 'singapore', name: 'Singapore', href: '/cities/singapore', cities: [] });
  });

  it('lists each country’s cities with pages, most experiences first', () => {
    expect(menu.find((c) => c.slug === 'malaysia')?.cities).toEqual([
      { slug: 'borneo', name: 'borneo', href: '/cities/borneo' },
      { slug: 'penang', name: 'penang', href: '/cities/penang' },
    ]);
  });

  it('leaves out countries without a page', () => expect(menu.some((c) => c.slug === 'laos')).toBe(false));

  it('falls back to the country page when Singapore has no city page', () => {
    const noCity: MenuLinks = { ...links, city: () => undefined };
    expect(destinationsMenu(countries, cities, noCity)[0]).toMatchObject({ slug: 'singapore', href: '/countries/singapore' });
  });
});

describe('popularCities', () => {
  it('takes the three cities with the most orders that have a page', () => {
    expect(popularCities(cities, links).map((c) => c.slug)).toEqual(['bali', 'singapore', 'flores']);
  });
  it('adds the link', () => expect(popularCities(cities, links, 1)[0]?.href).toBe('/cities/bali'));
});

describe('bestOfPromoLists', () => {
  it('the newest three lists that have picks, newest first', () => {
    const lists = [1, 2, 3, 4, 5].map((id) => ({ id, itemsCount: id === 4 ? 0 : 3 }));
    expect(bestOfPromoLists(lists).map((l) => l.id)).toEqual([5, 3, 2]);
    expect(bestOfPromoLists([])).toEqual([]);
  });
});

// The header's Destinations menu (spec §2 Header, §9): countries with their cities, Singapore
// first then by number of experiences; Singapore, a city-state, links straight to its city
// page. Pure: the build passes in the catalogue and which pages exist.

type Place = { slug: string; name: string; optionsCount: number; ordersCount: number };
export type MenuCountryInput = Place & { id: number; code: string };
export type MenuCityInput = Place & { countryId: number };
/** Page addresses that resolve, or undefined when the page is not built. */
export type MenuLinks = { country: (slug: string) => string | undefined; city: (slug: string) => string | undefined };

export type MenuCity = { slug: string; name: string; href: string };
export type MenuCountry = {
  slug: string;
  name: string;
  href: string;
  /** Empty for a city-state, whose own link is already the city page. */
  cities: MenuCity[];
};

/** Countries whose menu entry is their single city (spec: Singapore links to its city page). */
export const CITY_STATES: readonly string[] = ['SG'];

const byOptions = <T extends Place>(a: T, b: T) => b.optionsCount - a.optionsCount || a.name.localeCompare(b.name);

export function sortMenuCountries<T extends Pick<MenuCountryInput, 'code' | 'name' | 'optionsCount' | 'ordersCount' | 'slug'>>(countries: readonly T[]): T[] {
  return [...countries].sort((a, b) => Number(b.code === 'SG') - Number(a.code === 'SG') || byOptions(a, b));
}

export function destinationsMenu(countries: readonly MenuCountryInput[], cities: readonly MenuCityInput[], links: MenuLinks): MenuCountry[] {
  return sortMenuCountries(countries).flatMap((country): MenuCountry[] => {
    const own = cities
      .filter((c) => c.countryId === country.id)
      .sort(byOptions)
      .flatMap((c) => {
        const href = links.city(c.slug);
        return href ? [{ slug: c.slug, name: c.name, href }] : [];
      });
    if (CITY_STATES.includes(country.code)) {
      const city = own.find((c) => c.slug === country.slug) ?? own[0];
      const href = city?.href ?? links.country(country.slug);
      return href ? [{ slug: country.slug, name: country.name, href, cities: [] }] : [];
    }
    const href = links.country(country.slug);
    return href ? [{ slug: country.slug, name: country.name, href, cities: own }] : [];
  });
}

/** Spec §2: without a Best-of promo the menu shows the most popular cities (by orders). */
export function popularCities<T extends MenuCityInput>(cities: readonly T[], links: MenuLinks, count = 3): (T & { href: string })[] {
  return [...cities]
    .sort((a, b) => b.ordersCount - a.ordersCount || a.name.localeCompare(b.name))
    .flatMap((c) => {
      const href = links.city(c.slug);
      return href ? [{ ...c, href }] : [];
    })
    .slice(0, count);
}

/** Spec §2: the lists of the Best-of promo: the newest `count` that have picks (newest: highest id). */
export function bestOfPromoLists<T extends { id: number; itemsCount: number }>(lists: readonly T[], count = 3): T[] {
  return lists
    .filter((l) => l.itemsCount > 0)
    .sort((a, b) => b.id - a.id)
    .slice(0, count);
}

// Build-time data of the search bar's suggestion panel (spec §9): 'Top Countries' (Singapore
// first, then by option count) and 'Top Cities' (six, by orders), from the initial data, in the
// compact form the island takes as its one prop (encodeTopPlaces).
import { encodeTopPlaces, topCities, topCountries } from '../../lib/search-bar.ts';
import { getInitialData } from '../catalogue.ts';
import { once } from '../content-records.ts';

export type SearchBarData = { places: string };

export const getSearchBarData = once((): Promise<SearchBarData> =>
  getInitialData().then((initial) => {
    const countryNames = new Map(initial.countries.map((c) => [c.id, c.name]));
    return {
      places: encodeTopPlaces(
        topCountries(initial.countries),
        topCities(initial.cities).map((c) => ({ name: c.name, slug: c.slug, country: countryNames.get(c.countryId) ?? '', imageUrl: c.image?.url ?? null })),
      ),
    };
  }),
);

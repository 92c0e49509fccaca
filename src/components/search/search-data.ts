// Build-time data of the search bar's suggestion panel (spec §9): 'Top Countries' (Singapore
// first, then by option count) and 'Top Cities' (six, by orders), from the initial data.
import type { Image } from '../../contract/common.ts';
import { topCountries, topCities } from '../../lib/search-bar.ts';
import type { PlaceLink } from '../../islands/search-bar/SearchBar.tsx';
import { getInitialData } from '../catalogue.ts';
import { once } from '../content-records.ts';

const thumb = (image: Image | null): string | null => (image ? `/_image?url=${encodeURIComponent(image.url)}&w=128&f=webp` : null);

export type SearchBarData = { topCountries: PlaceLink[]; topCities: PlaceLink[] };

export const getSearchBarData = once((): Promise<SearchBarData> =>
  getInitialData().then((initial) => {
    const countryNames = new Map(initial.countries.map((c) => [c.id, c.name]));
    return {
      topCountries: topCountries(initial.countries).map((c) => ({ name: c.name, href: c.href, imageUrl: thumb(c.image) })),
      topCities: topCities(initial.cities).map((c) => ({ name: c.name, href: `/cities/${c.slug}`, imageUrl: thumb(c.image), detail: countryNames.get(c.countryId) ?? '' })),
    };
  }),
);

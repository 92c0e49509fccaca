// Build-time data of the discovery pages: a country or city with everything its sub-pages list
// (experiences, collections, places of interest, the tags its experiences carry), and the
// collections, operators, itineraries and best-of lists with links that always resolve.
import type { Image } from '../contract/common.ts';
import type { PlaceOfInterest } from '../contract/cities.ts';
import type { Collection } from '../contract/collections.ts';
import { tagIndex, type PlaceTag } from '../lib/discovery.ts';
import { BestOfListDetailSchema } from '../contract/best-of-lists.ts';
import { CollectionDetailSchema } from '../contract/collections.ts';
import { ItineraryDetailSchema } from '../contract/itineraries.ts';
import { SupplierDetailSchema } from '../contract/suppliers.ts';
import { TagDetailSchema } from '../contract/tags.ts';
import { getCities, getCountries, getLinks, optionsIn, type CityEntry, type CountryEntry, type OptionEntry } from './catalogue.ts';
import { once, readRecords } from './content-records.ts';

export { RESERVED_SLUGS, byActivityType, placeTabs, type PlaceTag } from '../lib/discovery.ts';

export const getCollections = once(async () =>
  [...(await readRecords('collections', CollectionDetailSchema))].sort((a, b) => a.position - b.position || a.name.localeCompare(b.name)),
);
export const getSuppliers = once(async () => [...(await readRecords('suppliers', SupplierDetailSchema))].sort((a, b) => a.name.localeCompare(b.name)));
export const getItineraries = once(() => readRecords('travel_itineraries', ItineraryDetailSchema));
export const getBestOfLists = once(() => readRecords('best_of_lists', BestOfListDetailSchema));
export const getTags = once(() => readRecords('tags', TagDetailSchema));

/** Links to the pages of this module's families: undefined when the page is not built. */
export type DiscoveryLinks = {
  collection: (slug: string) => string | undefined;
  operator: (slug: string) => string | undefined;
  itinerary: (slug: string) => string | undefined;
  bestOf: (slug: string) => string | undefined;
};

export const getDiscoveryLinks = once(async (): Promise<DiscoveryLinks> => {
  const [collections, suppliers, itineraries, lists] = await Promise.all([getCollections(), getSuppliers(), getItineraries(), getBestOfLists()]);
  const has = (records: { slug: string }[]) => new Set(records.map((r) => r.slug));
  const c = has(collections);
  const s = has(suppliers);
  const i = has(itineraries);
  const b = has(lists);
  return {
    collection: (slug) => (c.has(slug) ? `/collections/${slug}` : undefined),
    operator: (slug) => (s.has(slug) ? `/operators/${slug}` : undefined),
    itinerary: (slug) => (i.has(slug) ? `/itineraries/${slug}` : undefined),
    bestOf: (slug) => (b.has(slug) ? `/best-of/${slug}` : undefined),
  };
});

export type PlaceKind = 'country' | 'city';

export type Place = {
  kind: PlaceKind;
  slug: string;
  name: string;
  tagline: string;
  image: Image | null;
  /** `/countries/{slug}` or `/cities/{slug}`. */
  href: string;
  /** The trail above the place's own crumb: Home, and the country for a city. */
  parents: { name: string; href?: string | undefined }[];
  options: OptionEntry[];
  collections: Collection[];
  places: (PlaceOfInterest & { cityName: string })[];
  /** Tags its experiences carry (activity types, who it suits, sustainability, themes), most used first. */
  tags: PlaceTag[];
  /** Each tag's experiences here, by tag slug (tags without a page included). */
  optionsByTag: Map<string, OptionEntry[]>;
};

const getTagDetails = once(async () => new Map((await getTags()).map((t) => [`${t.kind}/${t.slug}`, t])));

async function countryPlace(country: CountryEntry): Promise<Place> {
  const [options, collections, cities, details] = await Promise.all([optionsIn({ country: country.slug }), getCollections(), getCities(), getTagDetails()]);
  const cityIds = new Set(cities.filter((c) => c.countryId === country.id).map((c) => c.id));
  const places = cities
    .filter((c) => c.countryId === country.id)
    .sort((a, b) => b.optionsCount - a.optionsCount || a.name.localeCompare(b.name))
    .flatMap((c) => c.placesOfInterest.map((p) => ({ ...p, cityName: c.name })));
  return {
    kind: 'country',
    slug: country.slug,
    name: country.name,
    tagline: country.tagline,
    image: country.image,
    href: `/countries/${country.slug}`,
    parents: [{ name: 'Home', href: '/' }],
    options,
    // Collections set in the country, then the ones that include some of its experiences.
    collections: collections.filter(
      (c) => !c.isGift && (c.countryId === country.id || (c.cityId !== null && cityIds.has(c.cityId)) || c.options.some((o) => o.country.slug === country.slug)),
    ),
    places,
    ...tagIndex(options, (t) => details.get(`${t.kind}/${t.slug}`)?.description ?? ''),
  };
}

async function cityPlace(city: CityEntry): Promise<Place> {
  const [options, collections, details, links] = await Promise.all([optionsIn({ city: city.slug }), getCollections(), getTagDetails(), getLinks()]);
  return {
    kind: 'city',
    slug: city.slug,
    name: city.name,
    tagline: city.tagline,
    image: city.image,
    href: `/cities/${city.slug}`,
    parents: [
      { name: 'Home', href: '/' },
      { name: city.country.name, href: links.country(city.country.slug) },
    ],
    options,
    collections: collections.filter((c) => !c.isGift && (c.cityId === city.id || c.options.some((o) => o.city.slug === city.slug))),
    places: city.placesOfInterest.map((p) => ({ ...p, cityName: city.name })),
    ...tagIndex(options, (t) => details.get(`${t.kind}/${t.slug}`)?.description ?? ''),
  };
}

/** Every country and city as a Place (built once per build). */
export const getPlaces = once(async (): Promise<Place[]> => {
  const [countries, cities] = await Promise.all([getCountries(), getCities()]);
  return [...(await Promise.all(countries.map(countryPlace))), ...(await Promise.all(cities.map(cityPlace)))];
});

export async function placesOf(kind: PlaceKind): Promise<Place[]> {
  return (await getPlaces()).filter((p) => p.kind === kind);
}

// Build-time data of the discovery pages: a country or city with everything its sub-pages list
// (experiences, collections, places of interest, the tags its experiences carry), and the
// collections, operators, itineraries and best-of lists with links that always resolve.
import { getCollection } from 'astro:content';
import type { Image } from '../contract/common.ts';
import type { PlaceOfInterest } from '../contract/cities.ts';
import type { Collection } from '../contract/collections.ts';
import { TAG_KINDS, type TagDetail, type TagRef } from '../contract/tags.ts';
import { getCities, getCountries, getLinks, optionsIn, type CityEntry, type CountryEntry, type OptionEntry } from './catalogue.ts';

const once = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let cached: Promise<T> | undefined;
  return () => (cached ??= load());
};

/** Reserved path words (architecture: no slug may take them); a record that does gets no page. */
export const RESERVED_SLUGS = new Set(['tags', 'tips', 'a', 'collections', 'activities', 'places-of-interest']);

export const getCollections = once(async () =>
  (await getCollection('collections')).map((e) => e.data).sort((a, b) => a.position - b.position || a.name.localeCompare(b.name)),
);
export const getSuppliers = once(async () => (await getCollection('suppliers')).map((e) => e.data).sort((a, b) => a.name.localeCompare(b.name)));
export const getItineraries = once(async () => (await getCollection('itineraries')).map((e) => e.data));
export const getBestOfLists = once(async () => (await getCollection('bestOfLists')).map((e) => e.data));
export const getTags = once(async () => (await getCollection('tags')).map((e) => e.data));

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

export type PlaceTag = TagRef & { description: string; optionsCount: number };

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

/** Every tag of an experience, its activity type included, one per slug (first kind wins). */
function tagsOf(o: OptionEntry): TagRef[] {
  const all = [...(o.activityType ? [o.activityType] : []), ...o.tags.activityType, ...o.tags.suitable, ...o.tags.sustainability, ...o.tags.theme];
  const seen = new Set<string>();
  return all.filter((t) => !seen.has(t.slug) && seen.add(t.slug));
}

/** Fewest experiences a place's tag page lists. */
export const MIN_TAG_OPTIONS = 2;

const kindRank = (k: TagRef['kind']) => TAG_KINDS.indexOf(k);

function tagIndex(options: OptionEntry[], details: Map<string, TagDetail>) {
  const byTag = new Map<string, OptionEntry[]>();
  const refs = new Map<string, TagRef>();
  for (const o of options) {
    for (const t of tagsOf(o)) {
      if (RESERVED_SLUGS.has(t.slug)) continue;
      byTag.set(t.slug, [...(byTag.get(t.slug) ?? []), o]);
      const prev = refs.get(t.slug);
      if (!prev || kindRank(t.kind) < kindRank(prev.kind)) refs.set(t.slug, t);
    }
  }
  // A tag page lists at least two experiences: one alone is better found on its own page.
  const tags: PlaceTag[] = [...refs.values()]
    .filter((t) => (byTag.get(t.slug)?.length ?? 0) >= MIN_TAG_OPTIONS)
    .map((t) => ({ ...t, description: details.get(`${t.kind}/${t.slug}`)?.description ?? '', optionsCount: byTag.get(t.slug)?.length ?? 0 }))
    .sort((a, b) => kindRank(a.kind) - kindRank(b.kind) || b.optionsCount - a.optionsCount || a.name.localeCompare(b.name));
  return { tags, optionsByTag: byTag };
}

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
    ...tagIndex(options, details),
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
    ...tagIndex(options, details),
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

/** The sub-pages a place has, in tab order; a sub-page with nothing to list is not built. */
export function placeTabs(place: Place): { key: 'overview' | 'activities' | 'collections' | 'places-of-interest'; name: string; href: string; count?: number }[] {
  return [
    { key: 'overview' as const, name: 'Overview', href: place.href },
    ...(place.options.length > 0 ? [{ key: 'activities' as const, name: 'Experiences', href: `${place.href}/activities`, count: place.options.length }] : []),
    ...(place.collections.length > 0 ? [{ key: 'collections' as const, name: 'Collections', href: `${place.href}/collections`, count: place.collections.length }] : []),
    ...(place.places.length > 0 ? [{ key: 'places-of-interest' as const, name: 'Places of interest', href: `${place.href}/places-of-interest`, count: place.places.length }] : []),
  ];
}

/** Experiences grouped by activity type (most used first); those without one last. */
export function byActivityType(options: OptionEntry[]): { tag: TagRef | null; options: OptionEntry[] }[] {
  const groups = new Map<string, { tag: TagRef | null; options: OptionEntry[] }>();
  for (const o of options) {
    const key = o.activityType?.slug ?? '';
    const g = groups.get(key) ?? { tag: o.activityType, options: [] };
    g.options.push(o);
    groups.set(key, g);
  }
  return [...groups.values()].sort((a, b) => (a.tag ? 0 : 1) - (b.tag ? 0 : 1) || b.options.length - a.options.length || (a.tag?.name ?? '').localeCompare(b.tag?.name ?? ''));
}

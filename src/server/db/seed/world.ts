// The "world" of the catalogue: countries, cities, places, tags and operators with their ids.
import type { Theme } from '../../images/pool.ts';
import { loadCountries } from './content-seed.ts';
import type { ImagePicker } from './images.ts';
import { OPERATORS, type OperatorSeed, operatorDescription } from './operators.ts';
import { createRng, must } from './prng.ts';
import { ACT_TO_SLUG, ACTIVITY_TAGS, BLOG_TAGS, RESERVED_SLUGS, SUITABLE_TAGS, SUSTAINABILITY_TAGS, THEME_TAGS } from './tags.ts';
import type { Act, CitySeed, CountrySeed, PoiSeed } from './types.ts';

/** Singapore first, as the storefront lists it. */
/** Countries, cities and places of interest (content-seed/places.yaml), numbered in file order. */
export const COUNTRIES: CountrySeed[] = loadCountries();

export type CountryBuilt = { id: number; seed: CountrySeed; imageId: number };
export type CityBuilt = { id: number; seed: CitySeed; country: CountryBuilt; imageId: number; pois: PoiBuilt[]; operators: OperatorBuilt[] };
export type PoiBuilt = { id: number; seed: PoiSeed; city: CityBuilt; imageId: number };
export type OperatorBuilt = { id: number; seed: OperatorSeed; city: CityBuilt; imageId: number; description: string; phone: string };
export type TagBuilt = { id: number; kind: 'activity_type' | 'suitable' | 'sustainability' | 'theme' | 'blog'; slug: string; name: string; description: string; position: number };

export type World = {
  countries: CountryBuilt[];
  cities: CityBuilt[];
  pois: PoiBuilt[];
  operators: OperatorBuilt[];
  tags: TagBuilt[];
  countryBySlug: Map<string, CountryBuilt>;
  cityBySlug: Map<string, CityBuilt>;
  poiBySlug: Map<string, PoiBuilt>;
  operatorBySlug: Map<string, OperatorBuilt>;
  tagBySlug: Map<string, TagBuilt>;
  actTagId: (act: Act) => number;
};

export const ACT_THEMES = new Map<Act, Theme[]>(ACTIVITY_TAGS.map((t) => [t.act, t.themes]));

/** Themes for something in a city doing an activity: the overlap first, then the rest. */
export function themesFor(city: CitySeed, acts: readonly Act[]): Theme[] {
  const actThemes = acts.flatMap((a) => ACT_THEMES.get(a) ?? []);
  const overlap = actThemes.filter((t) => city.themes.includes(t));
  return [...new Set([...overlap, ...city.themes, ...actThemes])];
}

export function buildWorld(picker: ImagePicker): World {
  const countries: CountryBuilt[] = [];
  const cities: CityBuilt[] = [];
  const pois: PoiBuilt[] = [];
  for (const seed of COUNTRIES) {
    const rng = createRng(`country:${seed.slug}`);
    const firstCity = seed.cities[0];
    const country: CountryBuilt = { id: countries.length + 1, seed, imageId: picker.one(rng, firstCity?.themes ?? ['mountain']) };
    countries.push(country);
    for (const citySeed of seed.cities) {
      const crng = createRng(`city:${citySeed.slug}`);
      const city: CityBuilt = { id: cities.length + 1, seed: citySeed, country, imageId: picker.one(crng, citySeed.themes), pois: [], operators: [] };
      cities.push(city);
      for (const poiSeed of citySeed.pois) {
        const prng = createRng(`poi:${poiSeed.slug}`);
        const built: PoiBuilt = { id: pois.length + 1, seed: poiSeed, city, imageId: picker.one(prng, themesFor(citySeed, poiSeed.acts)) };
        pois.push(built);
        city.pois.push(built);
      }
    }
  }
  const cityBySlug = new Map(cities.map((c) => [c.seed.slug, c]));

  const operators: OperatorBuilt[] = OPERATORS.map((seed, i) => {
    const city = must(cityBySlug, seed.city, 'operator city');
    const rng = createRng(`operator:${seed.slug}`);
    const activities = seed.acts.map((a) => ACTIVITY_TAGS.find((t) => t.act === a)?.name ?? a);
    const digits = Array.from({ length: 8 }, () => rng.int(0, 9)).join('');
    const op: OperatorBuilt = {
      id: i + 1,
      seed,
      city,
      imageId: picker.one(rng, themesFor(city.seed, seed.acts)),
      description: operatorDescription(seed, city.seed.name, activities),
      phone: `${city.country.seed.dial} ${digits.slice(0, 4)} ${digits.slice(4)}`,
    };
    city.operators.push(op);
    return op;
  });
  for (const city of cities) {
    if (city.operators.length === 0) throw new Error(`city ${city.seed.slug} has no operator`);
  }

  const tags: TagBuilt[] = [];
  const addTags = (kind: TagBuilt['kind'], list: readonly { slug: string; name: string; description: string }[]) =>
    list.forEach((t, i) => tags.push({ id: tags.length + 1, kind, slug: t.slug, name: t.name, description: t.description, position: i }));
  addTags('activity_type', ACTIVITY_TAGS);
  addTags('suitable', SUITABLE_TAGS);
  addTags('sustainability', SUSTAINABILITY_TAGS);
  addTags('theme', THEME_TAGS);
  addTags('blog', BLOG_TAGS);
  const tagBySlug = new Map(tags.map((t) => [t.slug, t]));
  if (tagBySlug.size !== tags.length) throw new Error('tag slugs must be unique across kinds');
  for (const r of RESERVED_SLUGS) if (tagBySlug.has(r)) throw new Error(`reserved slug used by a tag: ${r}`);

  const poiBySlug = new Map<string, PoiBuilt>();
  for (const p of pois) {
    if (poiBySlug.has(p.seed.slug)) throw new Error(`duplicate place slug ${p.seed.slug}`);
    poiBySlug.set(p.seed.slug, p);
  }
  if (cityBySlug.size !== cities.length) throw new Error('duplicate city slug');

  return {
    countries,
    cities,
    pois,
    operators,
    tags,
    countryBySlug: new Map(countries.map((c) => [c.seed.slug, c])),
    cityBySlug,
    poiBySlug,
    operatorBySlug: new Map(operators.map((o) => [o.seed.slug, o])),
    tagBySlug,
    actTagId: (act) => must(tagBySlug, must(ACT_TO_SLUG, act, 'activity'), 'tag').id,
  };
}

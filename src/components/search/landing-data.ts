// Landing pages `/{countryCode}/{citySlug}/{id}` and `/{countryCode}/{citySlug}/{id}/{cateId}`
// (architecture: one city's experiences for one theme). `id` is an activity type, a theme tag
// or a collection (slugs are unique across them); `cateId` narrows a collection to one of its
// categories, or an activity type to a "suitable for" tag. A page exists when its
// city has experiences for it (a sub-page: at least two), so no landing link can 404.
import type { OptionSummary } from '../../contract/options.ts';
import type { ListKey } from '../../lib/filter-keys.ts';
import { getCities, getOptions, type CityEntry, type OptionEntry } from '../catalogue.ts';
import { once, readRecords } from '../content-records.ts';
import { CollectionDetailSchema } from '../../contract/collections.ts';
import { TagDetailSchema } from '../../contract/tags.ts';

export const LANDING_PER_PAGE = 24;
/** A collection-category sub-page needs at least this many experiences; a "suitable for" one more. */
const MIN_SUB_PAGE = 2;
const MIN_SUITABLE_PAGE = 3;

export type Landing = {
  path: string;
  params: { countryCode: string; citySlug: string; id: string; cateId?: string };
  city: CityEntry;
  /** The theme's name and words: "Hiking & Trekking", "Families". */
  theme: { name: string; description: string; kind: 'activity_type' | 'theme' | 'collection' };
  sub?: { name: string; description: string; kind: 'suitable' | 'category' };
  /** Experiences in recommended order (the API's rule: rating weighted by reviews, then bookings). */
  options: OptionEntry[];
  /** The page's fixed API filters. */
  scope: Record<string, string>;
  /** Filter groups the page hides (its own city and theme). */
  hide: ListKey[];
  updatedAt: string;
};

/** Same order as GET /options?sort_by=recommended. */
export function recommendedOrder<T extends Pick<OptionSummary, 'id' | 'rating' | 'ordersCount'>>(list: readonly T[]): T[] {
  const score = (o: T) => (o.rating.average ?? 0) * Math.log(1 + o.rating.count) + Math.log(1 + o.ordersCount);
  return [...list].sort((a, b) => score(b) - score(a) || a.id - b.id);
}

const latest = (dates: string[]) => dates.reduce((a, b) => (a > b ? a : b), '');

export const getLandings = once(async (): Promise<Landing[]> => {
  const [cities, options, collections, tags] = await Promise.all([
    getCities(),
    getOptions(),
    readRecords('collections', CollectionDetailSchema),
    readRecords('tags', TagDetailSchema),
  ]);
  const tagBySlug = new Map(tags.map((t) => [`${t.kind}/${t.slug}`, t]));
  const byCity = new Map<string, OptionEntry[]>();
  for (const o of options) byCity.set(o.city.slug, [...(byCity.get(o.city.slug) ?? []), o]);
  const out: Landing[] = [];
  const seen = new Set<string>();

  for (const city of cities) {
    const inCity = byCity.get(city.slug) ?? [];
    if (inCity.length === 0) continue;
    const countryCode = city.country.code.toLowerCase();
    const base = (id: string, cateId?: string) => `/${countryCode}/${city.slug}/${id}${cateId ? `/${cateId}` : ''}`;
    const add = (l: Omit<Landing, 'path' | 'city' | 'updatedAt'>) => {
      const path = base(l.params.id, l.params.cateId);
      if (seen.has(path)) return;
      seen.add(path);
      out.push({ ...l, path, city, options: recommendedOrder(l.options), updatedAt: latest([city.updatedAt, ...l.options.map((o) => o.updatedAt)]) });
    };

    // Activity types and themes, and each with a "suitable for" tag.
    const themes = new Map<string, { kind: 'activity_type' | 'theme'; name: string; options: OptionEntry[] }>();
    for (const o of inCity) {
      for (const t of [...o.tags.activityType, ...o.tags.theme]) {
        if (t.kind !== 'activity_type' && t.kind !== 'theme') continue;
        const entry = themes.get(t.slug) ?? { kind: t.kind, name: t.name, options: [] };
        if (!entry.options.includes(o)) entry.options.push(o);
        themes.set(t.slug, entry);
      }
    }
    for (const [slug, theme] of themes) {
      const description = tagBySlug.get(`${theme.kind}/${slug}`)?.description ?? '';
      const scope: Record<string, string> = { city_id: String(city.id), ...(theme.kind === 'activity_type' ? { activity_type: slug } : { tags: slug }) };
      const hide: ListKey[] = theme.kind === 'activity_type' ? ['city_ids', 'activity_type'] : ['city_ids'];
      add({ params: { countryCode, citySlug: city.slug, id: slug }, theme: { name: theme.name, description, kind: theme.kind }, options: theme.options, scope, hide });
      const suitable = new Map<string, { name: string; options: OptionEntry[] }>();
      // Sub-pages by "suitable for" under activity types only (themes × audiences would be
      // hundreds of thin pages); the filter bar offers the rest.
      if (theme.kind === 'activity_type') for (const o of theme.options) {
        for (const s of o.tags.suitable) suitable.set(s.slug, { name: s.name, options: [...(suitable.get(s.slug)?.options ?? []), o] });
      }
      for (const [sSlug, s] of suitable) {
        if (s.options.length < MIN_SUITABLE_PAGE) continue;
        add({
          params: { countryCode, citySlug: city.slug, id: slug, cateId: sSlug },
          theme: { name: theme.name, description, kind: theme.kind },
          sub: { name: s.name, description: tagBySlug.get(`suitable/${sSlug}`)?.description ?? '', kind: 'suitable' },
          options: s.options,
          scope: { ...scope, suitable_for: sSlug },
          hide: [...hide, 'suitable_for'],
        });
      }
    }

    // Collections, and each with one of its categories.
    const ids = new Set(inCity.map((o) => o.slugCode));
    const bySlugCode = new Map(inCity.map((o) => [o.slugCode, o]));
    for (const c of collections) {
      const here = c.options.filter((o) => ids.has(o.slugCode)).map((o) => bySlugCode.get(o.slugCode)!);
      if (here.length === 0) continue;
      const scope = { city_id: String(city.id), specific_id: String(c.id) };
      const theme = { name: c.name, description: c.tagline || c.description.split('\n')[0] || '', kind: 'collection' as const };
      add({ params: { countryCode, citySlug: city.slug, id: c.slug }, theme, options: here, scope, hide: ['city_ids'] });
      for (const cat of c.categories) {
        const inCat = cat.optionSlugCodes.filter((s) => ids.has(s)).map((s) => bySlugCode.get(s)!);
        if (inCat.length < MIN_SUB_PAGE) continue;
        add({
          params: { countryCode, citySlug: city.slug, id: c.slug, cateId: cat.slug },
          theme,
          sub: { name: cat.name, description: cat.description, kind: 'category' },
          options: inCat,
          scope: { ...scope, category_id: String(cat.id) },
          hide: ['city_ids'],
        });
      }
    }
  }
  return out;
});

/** The landing page of a city for a theme, if it is built (for links from other pages). */
export async function landingPath(citySlug: string, id: string, cateId?: string): Promise<string | undefined> {
  const l = (await getLandings()).find((x) => x.params.citySlug === citySlug && x.params.id === id && x.params.cateId === cateId);
  return l?.path;
}

export type LandingLink = { path: string; name: string; kind: Landing['theme']['kind']; count: number };

/**
 * A city's top-level landing pages (activity types, themes and collections, no sub-pages), the
 * busiest first, for "Things to do in …" links. Built from the same list as the pages, so every
 * link resolves.
 */
export async function cityLandings(citySlug: string): Promise<LandingLink[]> {
  return (await getLandings())
    .filter((l) => l.params.citySlug === citySlug && !l.params.cateId)
    .map((l) => ({ path: l.path, name: l.theme.name, kind: l.theme.kind, count: l.options.length }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

// Pure rules of the discovery pages: which tags a place's experiences share (and so which tag
// pages exist), experiences grouped by activity type, and a place's tabs.
import { TAG_KINDS, type TagRef } from '../contract/tags.ts';

/** Reserved path words (architecture: no slug may take them); a record that does gets no page. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set(['tags', 'tips', 'a', 'collections', 'activities', 'places-of-interest']);

/** Fewest experiences a place's tag page lists: one alone is better found on its own page. */
export const MIN_TAG_OPTIONS = 2;

export type TaggedOption = {
  activityType: TagRef | null;
  tags: { activityType: TagRef[]; suitable: TagRef[]; sustainability: TagRef[]; theme: TagRef[] };
};

export type PlaceTag = TagRef & { description: string; optionsCount: number };

const kindRank = (k: TagRef['kind']) => TAG_KINDS.indexOf(k);

/** Every tag of an experience, its activity type included, one per slug (first seen wins). */
export function tagsOf(o: TaggedOption): TagRef[] {
  const all = [...(o.activityType ? [o.activityType] : []), ...o.tags.activityType, ...o.tags.suitable, ...o.tags.sustainability, ...o.tags.theme];
  const seen = new Set<string>();
  return all.filter((t) => !seen.has(t.slug) && seen.add(t.slug));
}

/**
 * The tags shared by at least MIN_TAG_OPTIONS of the experiences (the place's tag pages), in
 * kind order then most used first, and every tag's experiences by slug. A slug used by two kinds
 * is one page, named after the kind that comes first in TAG_KINDS.
 */
export function tagIndex<O extends TaggedOption>(options: readonly O[], descriptionOf: (tag: TagRef) => string = () => '') {
  const byTag = new Map<string, O[]>();
  const refs = new Map<string, TagRef>();
  for (const o of options) {
    for (const t of tagsOf(o)) {
      if (RESERVED_SLUGS.has(t.slug)) continue;
      const list = byTag.get(t.slug);
      if (list) list.push(o);
      else byTag.set(t.slug, [o]);
      const prev = refs.get(t.slug);
      if (!prev || kindRank(t.kind) < kindRank(prev.kind)) refs.set(t.slug, t);
    }
  }
  const tags: PlaceTag[] = [...refs.values()]
    .map((t) => ({ ...t, description: descriptionOf(t), optionsCount: byTag.get(t.slug)?.length ?? 0 }))
    .filter((t) => t.optionsCount >= MIN_TAG_OPTIONS)
    .sort((a, b) => kindRank(a.kind) - kindRank(b.kind) || b.optionsCount - a.optionsCount || a.name.localeCompare(b.name));
  return { tags, optionsByTag: byTag };
}

/** Experiences grouped by activity type, the biggest group first; those without one last. */
export function byActivityType<O extends Pick<TaggedOption, 'activityType'>>(options: readonly O[]): { tag: TagRef | null; options: O[] }[] {
  const groups = new Map<string, { tag: TagRef | null; options: O[] }>();
  for (const o of options) {
    const key = o.activityType?.slug ?? '';
    const g = groups.get(key) ?? { tag: o.activityType, options: [] };
    g.options.push(o);
    groups.set(key, g);
  }
  return [...groups.values()].sort(
    (a, b) => (a.tag ? 0 : 1) - (b.tag ? 0 : 1) || b.options.length - a.options.length || (a.tag?.name ?? '').localeCompare(b.tag?.name ?? ''),
  );
}

export type PlaceTabKey = 'overview' | 'activities' | 'collections' | 'places-of-interest';

/** The sub-pages a place has, in tab order; a sub-page with nothing to list is not built. */
export function placeTabs(place: { href: string; options: readonly unknown[]; collections: readonly unknown[]; places: readonly unknown[] }) {
  const tabs: { key: PlaceTabKey; name: string; href: string; count?: number }[] = [{ key: 'overview', name: 'Overview', href: place.href }];
  if (place.options.length > 0) tabs.push({ key: 'activities', name: 'Experiences', href: `${place.href}/activities`, count: place.options.length });
  if (place.collections.length > 0) tabs.push({ key: 'collections', name: 'Collections', href: `${place.href}/collections`, count: place.collections.length });
  if (place.places.length > 0) tabs.push({ key: 'places-of-interest', name: 'Places of interest', href: `${place.href}/places-of-interest`, count: place.places.length });
  return tabs;
}

// Builds collection, itinerary and best-of rows from their seeds and the option catalogue.
import type { ItineraryDay } from '../schema.ts';
import { COLLECTIONS } from './collections.ts';
import type { ImagePicker } from './images.ts';
import { BEST_OF, ITINERARIES } from './itineraries.ts';
import type { OptionDraft } from './option-model.ts';
import { createRng, must } from './prng.ts';
import { themesFor, type World } from './world.ts';

export type Catalogue = {
  options: OptionDraft[];
  byId: Map<number, OptionDraft>;
  coreIds: Map<string, number>;
  /** Published options, best first (core, then most booked). */
  ranked: OptionDraft[];
};

export function catalogue(options: OptionDraft[], coreIds: Map<string, number>): Catalogue {
  const ranked = options
    .filter((o) => o.published)
    .sort((a, b) => Number(b.core) - Number(a.core) || b.ordersCount - a.ordersCount || a.id - b.id);
  return { options, byId: new Map(options.map((o) => [o.id, o])), coreIds, ranked };
}

/** "core-key" or "city/act" (falls back to any option in the city); skips ids already used. */
export function resolveRef(cat: Catalogue, ref: string, used: Set<number>): number | null {
  if (!ref.includes('/')) {
    const id = must(cat.coreIds, ref, 'core option');
    used.add(id);
    return id;
  }
  const [city, act] = ref.split('/');
  const hit = cat.ranked.find((o) => o.citySlug === city && o.act === act && !used.has(o.id))
    ?? cat.ranked.find((o) => o.citySlug === city && !used.has(o.id));
  if (!hit) return null;
  used.add(hit.id);
  return hit.id;
}

export type CollectionRows = {
  collections: { id: number; slug: string; name: string; tagline: string; description: string; countryId: number | null; cityId: number | null; isGift: boolean; featured: boolean; position: number; imageId: number }[];
  categories: { id: number; collectionId: number; slug: string; name: string; description: string; position: number }[];
  tips: { collectionId: number; title: string; body: string; position: number }[];
  options: { collectionId: number; optionId: number; categoryId: number | null; position: number }[];
};

export function buildCollections(world: World, cat: Catalogue): CollectionRows {
  const out: CollectionRows = { collections: [], categories: [], tips: [], options: [] };
  COLLECTIONS.forEach((c, i) => {
    const id = i + 1;
    const country = c.country ? must(world.countryBySlug, c.country, 'country') : null;
    const city = c.city ? must(world.cityBySlug, c.city, 'city') : null;
    const picked = cat.ranked.filter(c.rule).slice(0, c.max);
    const first = picked[0];
    out.collections.push({
      id, slug: c.slug, name: c.name, tagline: c.tagline, description: c.description,
      countryId: country?.id ?? city?.country.id ?? null, cityId: city?.id ?? null,
      isGift: c.isGift ?? false, featured: c.featured ?? false, position: i,
      imageId: first?.imageIds[0] ?? city?.imageId ?? country?.imageId ?? 1,
    });
    const catIds = c.categories.map((k, j) => {
      const catId = out.categories.length + 1;
      out.categories.push({ id: catId, collectionId: id, slug: k.slug, name: k.name, description: k.description, position: j });
      return catId;
    });
    c.tips.forEach(([title, body], j) => out.tips.push({ collectionId: id, title, body, position: j }));
    picked.forEach((o, j) => {
      const k = c.categories.findIndex((x) => x.rule(o));
      out.options.push({ collectionId: id, optionId: o.id, categoryId: k >= 0 ? (catIds[k] ?? null) : null, position: j });
    });
  });
  return out;
}

export type ItineraryRow = { id: number; slug: string; title: string; summary: string; countryId: number; cityId: number | null; days: ItineraryDay[]; shareCount: number; imageId: number };

export function buildItineraries(world: World, cat: Catalogue, picker: ImagePicker): ItineraryRow[] {
  return ITINERARIES.map((it, i) => {
    const rng = createRng(`itinerary:${it.slug}`);
    const country = must(world.countryBySlug, it.country, 'country');
    const city = it.city ? must(world.cityBySlug, it.city, 'city') : null;
    const used = new Set<number>();
    const days: ItineraryDay[] = it.days.map(([title, description, refs], d) => ({
      day: d + 1,
      title,
      description,
      optionIds: refs.map((r) => resolveRef(cat, r, used)).filter((x): x is number => x !== null),
    }));
    return {
      id: i + 1, slug: it.slug, title: it.title, summary: it.summary, countryId: country.id, cityId: city?.id ?? null, days,
      shareCount: rng.int(3, 240),
      imageId: picker.one(rng, themesFor((city ?? world.cities.find((c) => c.country === country) ?? must(world.cityBySlug, 'singapore')).seed, ['hike'])),
    };
  });
}

const BLURB_LEADS: [(o: OptionDraft) => boolean, string[]][] = [
  [(o) => o.difficulty === 'challenging', ['Best for a real challenge.', 'For the fit and the fearless.']],
  [(o) => o.suitable.includes('families') && o.useChildPrices, ['Best for families.', 'Our pick for travelling with kids.']],
  [(o) => o.kind === 'stay', ['Best place to wake up.', 'The stay we recommend most.']],
  [(o) => o.tripType === 'private', ['Best for a private day.', 'Ideal for couples and small groups.']],
  [(o) => (o.durationMinutes ?? 9999) <= 240, ['Best if you only have half a day.', 'Short, sweet and unforgettable.']],
  [(o) => o.fromSgd < 60, ['Best value on the list.', 'Brilliant value.']],
  [() => true, ['A favourite of our team.', 'The one we tell friends about.', 'Hard to beat.']],
];

function blurb(o: OptionDraft, cityName: string, rank: number): string {
  const rng = createRng(`blurb:${o.slugCode}:${rank}`);
  const lead = rank === 0 ? 'Our number one.' : rng.pick(BLURB_LEADS.find(([t]) => t(o))?.[1] ?? ['Hard to beat.']);
  return `${lead} ${o.summary} Run by a local team in ${cityName}.`;
}

export type BestOfRows = {
  lists: { id: number; slug: string; title: string; intro: string; countryId: number | null; cityId: number | null; imageId: number }[];
  items: { listId: number; optionId: number; position: number; blurb: string }[];
};

export function buildBestOf(world: World, cat: Catalogue): BestOfRows {
  const out: BestOfRows = { lists: [], items: [] };
  BEST_OF.forEach((b, i) => {
    const id = i + 1;
    const country = b.country ? must(world.countryBySlug, b.country, 'country') : null;
    const city = b.city ? must(world.cityBySlug, b.city, 'city') : null;
    const acts = b.acts;
    const rule = (o: OptionDraft): boolean => {
      if (country && o.countrySlug !== country.seed.slug) return false;
      if (city && o.citySlug !== city.seed.slug) return false;
      if (acts && b.rule !== 'families' && b.rule !== 'stay' && b.rule !== 'city' && !acts.includes(o.act)) return false;
      if (b.rule === 'theme' && b.themeTag && !o.themeTags.includes(b.themeTag)) return false;
      if (b.rule === 'stay' && o.kind !== 'stay') return false;
      if (b.rule === 'families' && !o.suitable.includes('families')) return false;
      return true;
    };
    // One per operator where possible, so a list is not five trips by one company.
    const picked: OptionDraft[] = [];
    const ops = new Set<string>();
    for (const o of cat.ranked) if (rule(o) && !ops.has(o.operatorSlug) && picked.length < b.max) { picked.push(o); ops.add(o.operatorSlug); }
    // Small catalogues: top up to five from the same place (or theme), any activity.
    const broad = (o: OptionDraft): boolean =>
      (!country || o.countrySlug === country.seed.slug) && (!city || o.citySlug === city.seed.slug) &&
      (b.rule !== 'theme' || !b.themeTag || o.themeTags.includes(b.themeTag)) && (b.rule !== 'stay' || o.kind === 'stay');
    for (const o of cat.ranked) if (rule(o) && !picked.includes(o) && picked.length < b.max) picked.push(o);
    for (const o of cat.ranked) if (broad(o) && !picked.includes(o) && picked.length < 5) picked.push(o);
    out.lists.push({ id, slug: b.slug, title: b.title, intro: b.intro, countryId: country?.id ?? city?.country.id ?? null, cityId: city?.id ?? null, imageId: picked[0]?.imageIds[0] ?? 1 });
    picked.forEach((o, j) => out.items.push({ listId: id, optionId: o.id, position: j, blurb: blurb(o, must(world.cityBySlug, o.citySlug).seed.name, j) }));
  });
  return out;
}

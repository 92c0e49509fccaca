// Which pages a publish must render again (ADR 0025): a record's own pages, the pages of the
// records that embed it (collections, best-of lists, articles, itineraries, operators, the home
// page's sections — found in the content cache), and the pages that list it by place or
// operator (its city, country, landing pages, operator page), for the record as it was and as
// it is now (a moved experience leaves its old city's listings). Static routes (home, sitemap,
// info pages) always render in an incremental build and are merged whole.
import type { ContentType } from '../../src/contract/content-changes.ts';
import { tagsOf, type TaggedOption } from '../../src/lib/discovery.ts';
import { bestOfPromoLists } from '../../src/lib/header-destinations.ts';
import type { PageSelection } from '../../src/lib/page-selection.ts';

type Rec = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const slugOf = (v: unknown) => (v && typeof v === 'object' ? str((v as Rec)['slug']) : undefined);

/** The pages of one record of a type: exact pages and trees (the record's page and its sub-pages). */
export function ownPages(type: ContentType, key: string, record?: Rec): PageSelection {
  switch (type) {
    case 'options':
      return { pages: [`/experiences/${key}`], trees: [] };
    case 'cities': {
      const code = str((record?.['country'] as Rec | undefined)?.['code'])?.toLowerCase();
      return { pages: [], trees: [`/cities/${key}`, ...(code ? [`/${code}/${key}`] : [])] };
    }
    case 'countries': {
      const code = str(record?.['code'])?.toLowerCase();
      return { pages: [], trees: [`/countries/${key}`, ...(code ? [`/${code}`] : [])] };
    }
    case 'collections':
      return { pages: [], trees: [`/collections/${key}`] };
    case 'blogs':
      // Listings paginate newest first: one article moves every page of its listings.
      return { pages: [], trees: ['/magazine'] };
    case 'travel_itineraries':
      return { pages: [`/itineraries/${key}`], trees: [] };
    case 'best_of_lists':
      return { pages: [], trees: [`/best-of/${key}`] };
    case 'suppliers':
      return { pages: [`/operators/${key}`], trees: [] };
    case 'tags': {
      // A magazine tag has its listing `/magazine/tags/{tag}` (its articles are found as referrers);
      // other tag pages live under every place: `/countries/{c}/tags/{tag}`, `/cities/{c}/tags/{tag}`.
      const [kind, slug] = key.split('/');
      return kind === 'blog' && slug ? { pages: [], trees: [`/magazine/tags/${slug}`] } : { pages: [], trees: ['/countries', '/cities'] };
    }
  }
}

/** The pages that list a record by what it belongs to (its place, its operator, its experiences' places). */
export function listingPages(type: ContentType, record: Rec | undefined): PageSelection {
  if (!record) return { pages: [], trees: [] };
  const trees: string[] = [];
  const pages: string[] = [];
  const city = record['city'] as Rec | undefined;
  const country = record['country'] as Rec | undefined;
  const code = str(country?.['code'])?.toLowerCase();
  if (type === 'options') {
    if (slugOf(city)) trees.push(`/cities/${slugOf(city)}`);
    if (slugOf(country)) trees.push(`/countries/${slugOf(country)}`);
    if (code && slugOf(city)) trees.push(`/${code}/${slugOf(city)}`);
    if (slugOf(record['operator'])) pages.push(`/operators/${slugOf(record['operator'])}`);
  }
  if (type === 'cities' && slugOf(country)) trees.push(`/countries/${slugOf(country)}`);
  if (type === 'collections') {
    // Its place's pages list it, and so do the places of its experiences (their city and country
    // pages, and the city's landing pages, one of which is the collection's own).
    if (slugOf(city)) trees.push(`/cities/${slugOf(city)}`);
    if (slugOf(country)) trees.push(`/countries/${slugOf(country)}`);
    const held = Array.isArray(record['options']) ? (record['options'] as Rec[]) : [];
    for (const o of held) {
      const oc = slugOf(o['city']);
      const on = o['country'] as Rec | undefined;
      if (oc) trees.push(`/cities/${oc}`);
      if (slugOf(on)) trees.push(`/countries/${slugOf(on)}`);
      const ocode = str(on?.['code'])?.toLowerCase();
      if (ocode && oc) trees.push(`/${ocode}/${oc}`);
    }
  }
  return { pages, trees };
}

/** A place's pages that list all its experiences, whatever their tags (besides its tag pages). */
const PLACE_PAGES = ['', '/activities', '/collections', '/places-of-interest'];

/**
 * An experience's tags as its places' tag pages count them (tagsOf, src/lib/discovery.ts: its
 * activity type and every tag, one per slug), as `kind/slug`, sorted.
 */
const tagKeys = (record: Rec): string[] => tagsOf(record as unknown as TaggedOption).map((t) => `${t.kind}/${t.slug}`).sort();

/**
 * Whether an experience's change leaves every listing of its places holding the same
 * experiences: it was and is published, in the same city, country and kind of activity, with
 * the same tags and operator. Then each listing shows it where it showed it before, and no
 * listing that does not show it changes (their counts and tag lists are the same), so only those
 * that show it need rendering (listingsShowing) instead of its places' whole trees (at 20,000
 * experiences a city, its country and its landing pages are about 140 pages, issue 14).
 */
export function keepsListings(before: Rec | undefined, after: Rec | undefined): boolean {
  if (!before || !after) return false;
  const place = (r: Rec) => [slugOf(r['city']), slugOf(r['country']), str((r['country'] as Rec | undefined)?.['code']), slugOf(r['activityType']), slugOf(r['operator'])];
  const a = place(before);
  const b = place(after);
  if (a.some((x, i) => x !== b[i]) || a[0] === undefined || a[1] === undefined) return false;
  return JSON.stringify(tagKeys(before)) === JSON.stringify(tagKeys(after));
}

/**
 * The listings that show an experience kept in its listings (keepsListings): its places' pages
 * that list every experience, the tag pages of its tags, and its city's landing pages of its
 * activity types, themes and the collections that hold it (`collections`, their sub-pages
 * included: src/components/search/landing-data.ts), and its operator's page.
 */
export function listingsShowing(record: Rec, collections: string[]): PageSelection {
  const city = slugOf(record['city'])!;
  const country = slugOf(record['country'])!;
  const code = str((record['country'] as Rec | undefined)?.['code'])?.toLowerCase();
  const slugs = tagKeys(record).map((k) => k.slice(k.indexOf('/') + 1));
  const pages = [...PLACE_PAGES.map((p) => `/cities/${city}${p}`), ...PLACE_PAGES.map((p) => `/countries/${country}${p}`)];
  if (slugOf(record['operator'])) pages.push(`/operators/${slugOf(record['operator'])}`);
  const trees = slugs.flatMap((t) => [`/cities/${city}/tags/${t}`, `/countries/${country}/tags/${t}`]);
  if (code) trees.push(...[...slugs, ...collections].map((id) => `/${code}/${city}/${id}`));
  return { pages, trees };
}

/**
 * How a record is named inside another record's JSON (the content cache's stable JSON): an
 * experience by `"slugCode": "<key>"`, anything else by `"slug": "<key>"` (a city and a tag of
 * the same slug both match: rendering one page too many is harmless, one too few is not).
 */
export function referenceNeedle(type: ContentType, key: string): string {
  const k = JSON.stringify(type === 'tags' ? key.split('/').pop()! : key);
  return type === 'options' ? `"slugCode": ${k}` : `"slug": ${k}`;
}

/**
 * Types whose records no other page reads except to know that they exist: an operator's record
 * is read by its own page, and by its experiences' pages only for whether to link that page
 * (getDiscoveryLinks, src/components/places.ts). What other pages show of an operator is their
 * own record's copy, which the content feed sends as a change of its own (an experience's
 * effective time reads its operator's). An operator's record lists its experiences, so it
 * changes with every rename of one: at 20,000 experiences that rendered all ~450 of its
 * experience pages again (issue 14).
 */
const READ_ELSEWHERE_FOR_EXISTENCE_ONLY: ReadonlySet<ContentType> = new Set(['suppliers']);

/**
 * Types whose records can embed a record of `type` (experiences embed places, operators, tags),
 * and so whose pages may show its change; none for a record read elsewhere only for its existence
 * while it `stays` (it was there before the change and is after).
 */
export function embeddingTypes(type: ContentType, stays = false): ContentType[] {
  if (stays && READ_ELSEWHERE_FOR_EXISTENCE_ONLY.has(type)) return [];
  const containers: ContentType[] = ['collections', 'best_of_lists', 'blogs', 'travel_itineraries', 'suppliers'];
  if (type === 'options') return containers;
  return [...containers, 'options', 'cities', 'countries'];
}

export function mergeSelections(list: PageSelection[]): PageSelection {
  const trees = [...new Set(list.flatMap((s) => s.trees))].sort();
  // A tree inside another tree adds nothing.
  const minimal = trees.filter((t) => !trees.some((o) => o !== t && (o === '/' || t.startsWith(`${o}/`))));
  const pages = [...new Set(list.flatMap((s) => s.pages))].filter((p) => !minimal.some((t) => t === '/' || p === t || p.startsWith(`${t}/`))).sort();
  return { pages, trees: minimal };
}

export type ImpactInput = {
  type: ContentType;
  key: string;
  /** The record before the publish (from the live build's cache); undefined when it is new. */
  before?: Rec | undefined;
  /** The record after it; undefined when it was unpublished or deleted. */
  after?: Rec | undefined;
  /** Records of other types that name it (found by referenceNeedle), as before or after. */
  referrers: { type: ContentType; key: string; record?: Rec }[];
};

/** Every page one change touches (besides the static routes). */
export function affectedPages(change: ImpactInput): PageSelection {
  const kept = change.type === 'options' && keepsListings(change.before, change.after);
  const collections = change.referrers.filter((r) => r.type === 'collections').map((r) => r.key);
  return mergeSelections([
    ownPages(change.type, change.key, change.after ?? change.before),
    ...(kept ? [listingsShowing(change.after!, collections)] : [listingPages(change.type, change.before), listingPages(change.type, change.after)]),
    ...change.referrers.map((r) => ownPages(r.type, r.key, r.record)),
  ]);
}

/**
 * Whether the header's Best-of promo (on every page, while the `showBestOfListNav` setting is on;
 * src/components/header/header-data.ts) differs between two sets of best-of list records: then
 * every page must be built again, as for a change of the site settings.
 */
export function bestOfPromoChanged(before: Rec[], after: Rec[]): boolean {
  const cards = (lists: Rec[]) =>
    JSON.stringify(
      bestOfPromoLists(lists.map((rec) => ({ rec, id: Number(rec['id']), itemsCount: Number(rec['itemsCount']) }))).map((l) => [l.id, l.rec['slug'], l.rec['title'], l.itemsCount, l.rec['image']]),
    );
  return cards(before) !== cards(after);
}

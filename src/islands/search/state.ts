// The state of a filtered list lives in the URL, so a view can be shared and reloaded:
// the search bar's q, prev_path, record_id, record_type, record_name, the spec §9 filter keys
// (lists as `a,b`), the price currency and the page. Pure: parse, print, and the API query.
import {
  CHILD_AGES,
  DURATIONS,
  FILTER_KEYS,
  LIST_KEYS,
  SORTS,
  SUSTAINABILITY_SLUGS,
  TABS,
  TIME_SLOTS,
  TRIP_TYPES,
  parsePriceRange,
  priceRangeText,
  type FilterKey,
  type ListKey,
} from '../../lib/filter-keys.ts';

/** Search-bar keys (spec §2) carried along but not filters themselves. */
export const SEARCH_KEYS = ['q', 'prev_path', 'record_id', 'record_type', 'record_name'] as const;
export type SearchKey = (typeof SEARCH_KEYS)[number];

export type ListState = Record<ListKey, string[]>;
export type SearchState = {
  search: Partial<Record<SearchKey, string>>;
  lists: ListState;
  /** Single-value filters (tab, sort_by, prices, master_prices, city_id, country_id, specific_id). */
  single: Partial<Record<Exclude<FilterKey, ListKey>, string>>;
  /** The currency `prices` is in. */
  currency?: string;
  page: number;
};

const KIND_VALUES = ['stay', 'short_adventure', 'flexible_adventure', 'adventure'];
const SLUG = /^[A-Za-z0-9][A-Za-z0-9_-]{0,199}$/;
const ID = /^[1-9]\d{0,9}$/;

/** Values the browser keeps for each list key (the server checks again and says why). */
const LIST_CHECK: Record<ListKey, (v: string) => boolean> = {
  kind: (v) => KIND_VALUES.includes(v),
  activity_type: (v) => SLUG.test(v),
  time: (v) => (TIME_SLOTS as readonly string[]).includes(v),
  location_ids: (v) => ID.test(v),
  city_ids: (v) => ID.test(v),
  suitable_for: (v) => SLUG.test(v),
  child_age: (v) => (CHILD_AGES as readonly string[]).includes(v),
  durations: (v) => (DURATIONS as readonly number[]).map(String).includes(v),
  trip_type: (v) => (TRIP_TYPES as readonly string[]).includes(v),
  sustainability: (v) => (SUSTAINABILITY_SLUGS as readonly string[]).includes(v),
};

const SINGLE_CHECK: Record<Exclude<FilterKey, ListKey>, (v: string) => boolean> = {
  tab: (v) => (TABS as readonly string[]).includes(v) && v !== 'all',
  sort_by: (v) => (SORTS as readonly string[]).includes(v) && v !== 'recommended',
  prices: (v) => parsePriceRange(v) !== undefined,
  master_prices: (v) => parsePriceRange(v) !== undefined,
  city_id: (v) => ID.test(v),
  country_id: (v) => ID.test(v),
  specific_id: (v) => ID.test(v),
};

export const emptyLists = (): ListState => Object.fromEntries(LIST_KEYS.map((k) => [k, []])) as unknown as ListState;

export function readState(query: string | URLSearchParams): SearchState {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const get = (key: string) => params.getAll(key).concat(params.getAll(`${key}[]`));
  const state: SearchState = { search: {}, lists: emptyLists(), single: {}, page: 1 };
  for (const key of SEARCH_KEYS) {
    const v = params.get(key)?.trim();
    if (v) state.search[key] = v.slice(0, 200);
  }
  for (const key of LIST_KEYS) {
    const values = get(key).flatMap((v) => v.split(',')).map((v) => v.trim());
    state.lists[key] = [...new Set(values.filter((v) => v !== '' && LIST_CHECK[key](v)))];
  }
  for (const key of Object.keys(SINGLE_CHECK) as (keyof typeof SINGLE_CHECK)[]) {
    const v = params.get(key)?.trim();
    if (v && SINGLE_CHECK[key](v)) state.single[key] = key === 'prices' || key === 'master_prices' ? priceRangeText(parsePriceRange(v)!) : v;
  }
  const currency = params.get('currency')?.trim().toUpperCase();
  if (currency && /^[A-Z]{3}$/.test(currency)) state.currency = currency;
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page > 1 && page <= 100_000) state.page = page;
  return state;
}

/** The page's query string for a state: search keys, filters in spec order, currency with prices, page. */
export function stateQuery(state: SearchState): string {
  const out = new URLSearchParams();
  for (const key of SEARCH_KEYS) if (state.search[key]) out.set(key, state.search[key]);
  for (const key of FILTER_KEYS) {
    if ((LIST_KEYS as readonly string[]).includes(key)) {
      const values = state.lists[key as ListKey];
      if (values.length) out.set(key, values.join(','));
    } else {
      const v = state.single[key as keyof SearchState['single']];
      if (v) out.set(key, v);
    }
  }
  if (state.single.prices && state.currency) out.set('currency', state.currency);
  if (state.page > 1) out.set('page', String(state.page));
  // Commas stay readable in shared links.
  return out.toString().replace(/%2C/g, ',');
}

/** Whether the URL asks for anything the pre-rendered first page does not show. */
export function hasFilters(state: SearchState): boolean {
  return LIST_KEYS.some((k) => state.lists[k].length > 0) || Object.keys(state.single).length > 0 || state.page > 1 || Boolean(state.search.q);
}

/** How many filters are chosen (the "Clear all" control shows with one or more). */
export function filterCount(state: SearchState): number {
  return LIST_KEYS.reduce((n, k) => n + state.lists[k].length, 0) + (state.single.prices || state.single.master_prices ? 1 : 0) + (state.single.tab ? 1 : 0);
}

/**
 * The API query (snake_case, lists as `a,b`) for a state within a page's fixed scope (a
 * landing page's city and theme). The search bar's record becomes a filter: a City record
 * its city, a Country its country, a Collection its `specific_id`.
 */
export function apiQuery(state: SearchState, scope: Record<string, string>, extra: Record<string, string> = {}): string {
  const out = new URLSearchParams(scope);
  for (const key of LIST_KEYS) if (state.lists[key].length) out.set(key, state.lists[key].join(','));
  for (const [key, v] of Object.entries(state.single)) if (v) out.set(key, v);
  const { record_type: type, record_id: id } = state.search;
  if (id && ID.test(id)) {
    if (type === 'City' && !out.has('city_id')) out.set('city_id', id);
    if (type === 'Country' && !out.has('country_id')) out.set('country_id', id);
    if (type === 'Collection' && !out.has('specific_id')) out.set('specific_id', id);
  }
  if (state.search.q && !(id && ['City', 'Country', 'Collection'].includes(type ?? ''))) out.set('q', state.search.q);
  if (state.currency) out.set('currency', state.currency);
  for (const [k, v] of Object.entries(extra)) out.set(k, v);
  return out.toString().replace(/%2C/g, ',');
}

/** Every filter cleared; the search text and the record stay. */
export function clearedState(state: SearchState): SearchState {
  return { search: state.search, lists: emptyLists(), single: state.single.sort_by ? { sort_by: state.single.sort_by } : {}, page: 1 };
}

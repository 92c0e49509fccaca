// The filter and sort vocabulary of spec §9 (filter keys, sort options, time-of-day slots,
// child age bands, duration filters, trip types, sustainability tags) with their labels.
// Plain data without zod: the server's query schema (src/contract/filters.ts) and the
// browser's filter bar (src/islands/search) share it.

/** Spec §9 filter keys as they travel in URLs and API queries (snake_case). */
export const FILTER_KEYS = [
  'tab',
  'sort_by',
  'kind',
  'activity_type',
  'time',
  'location_ids',
  'city_ids',
  'suitable_for',
  'prices',
  'master_prices',
  'child_age',
  'durations',
  'trip_type',
  'city_id',
  'country_id',
  'specific_id',
  'sustainability',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** Keys that take several values (`kind=stay,adventure` or `kind[]=stay&kind[]=adventure`). */
export const LIST_KEYS = ['kind', 'activity_type', 'time', 'location_ids', 'city_ids', 'suitable_for', 'child_age', 'durations', 'trip_type', 'sustainability'] as const;
export type ListKey = (typeof LIST_KEYS)[number];

/** Tabs of the results: everything, experiences (every kind but stays), stays. */
export const TABS = ['all', 'experiences', 'stays'] as const;
export type Tab = (typeof TABS)[number];
export const TAB_LABELS: Record<Tab, string> = { all: 'All', experiences: 'Experiences', stays: 'Stays' };

export const SORTS = ['recommended', 'most_popular', 'asc', 'desc', 'latest', 'footprint'] as const;
export type Sort = (typeof SORTS)[number];
export const SORT_LABELS: Record<Sort, string> = {
  recommended: 'Recommended',
  most_popular: 'Top Rated',
  asc: 'Price: low to high',
  desc: 'Price: high to low',
  latest: 'Latest',
  footprint: 'Lowest footprint',
};

/** Spec §9 time-of-day slots, by the option's start times: before 12:00, from 12:00, from 17:00. */
export const TIME_SLOTS = ['morning', 'afternoon', 'evening'] as const;
export type TimeSlot = (typeof TIME_SLOTS)[number];
export const TIME_SLOT_LABELS: Record<TimeSlot, string> = {
  morning: 'Morning (before 12pm)',
  afternoon: 'Afternoon (after 12pm)',
  evening: 'Evening (after 5pm)',
};
/** `[from, to)` as "HH:mm" strings, compared as text. */
export const TIME_SLOT_RANGES: Record<TimeSlot, readonly [string, string]> = {
  morning: ['00:00', '12:00'],
  afternoon: ['12:00', '17:00'],
  evening: ['17:00', '24:00'],
};

/** Spec §9 child age bands; an option suits a band when its minimum age is at most the band's top age. */
export const CHILD_AGES = ['0_3', '4_7', '8_12'] as const;
export type ChildAge = (typeof CHILD_AGES)[number];
export const CHILD_AGE_LABELS: Record<ChildAge, string> = { '0_3': '0–3 years', '4_7': '4–7 years', '8_12': '8–12 years' };
export const CHILD_AGE_TOP: Record<ChildAge, number> = { '0_3': 3, '4_7': 7, '8_12': 12 };

/** Spec §9 duration filters, 0 to 3 days: 0 = less than a day, 3 = three days or more. */
export const DURATIONS = [0, 1, 2, 3] as const;
export type DurationBucket = (typeof DURATIONS)[number];
export const DURATION_LABELS: Record<DurationBucket, string> = { 0: 'Less than a day', 1: '1 day', 2: '2 days', 3: '3 days or more' };

export const TRIP_TYPES = ['private', 'join_in'] as const;
export type TripTypeValue = (typeof TRIP_TYPES)[number];
export const TRIP_TYPE_LABELS: Record<TripTypeValue, string> = { private: 'Private', join_in: 'Join-in' };

/** Spec §9 sustainability tags (their slugs). */
export const SUSTAINABILITY_SLUGS = ['wildlife_safe', 'litter_free_leave_no_trace', 'low_carbon', 'refuse_plastics', 'community_based', 'women_owned'] as const;

/** `prices=20-150`, `prices=20-`, `prices=-150`: a range of whole or decimal amounts. */
export const PRICE_RANGE_PATTERN = /^(\d{1,9}(?:\.\d{1,2})?)?-(\d{1,9}(?:\.\d{1,2})?)?$/;
export type PriceRange = { min?: number; max?: number };

export function parsePriceRange(text: string): PriceRange | undefined {
  const m = PRICE_RANGE_PATTERN.exec(text.trim());
  if (!m || (m[1] === undefined && m[2] === undefined)) return undefined;
  const range: PriceRange = {};
  if (m[1] !== undefined) range.min = Number(m[1]);
  if (m[2] !== undefined) range.max = Number(m[2]);
  if (range.min !== undefined && range.max !== undefined && range.min > range.max) return undefined;
  return range;
}

export const priceRangeText = (r: PriceRange): string => `${r.min ?? ''}-${r.max ?? ''}`;

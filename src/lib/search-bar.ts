// Rules of the global search bar (spec §2 Search bar, §4 Search, §5, §9): search history,
// name truncation, the date window, guest counters, highlighting and the addresses it goes to.
// Pure: no DOM, no storage, no network.
import type { SearchResult } from '../contract/search.ts';
import { formatDate } from './format-date.ts';
import { imageUrl } from './format-image.ts';
import { lastBookableDate } from './local-time.ts';

// ── Search history (§9: at most 8, stored locally, deduplicated) ─────────────────────────────
export const SEARCH_HISTORY_MAX = 8;
export const SEARCH_HISTORY_KEY = 'searchHistory';
/** Spec §4: suggestions are fetched 400 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 400;

/** The text as searched (§5: trimmed; inner runs of spaces collapsed). */
export const normalizeSearchText = (text: string): string => text.trim().replace(/\s+/g, ' ');

/** Newest first; an entry already there (ignoring case) moves to the front; at most 8. Empty text changes nothing. */
export function addToHistory(history: readonly string[], text: string): string[] {
  const entry = normalizeSearchText(text);
  if (!entry) return [...history];
  const key = entry.toLowerCase();
  return [entry, ...history.filter((h) => h.toLowerCase() !== key)].slice(0, SEARCH_HISTORY_MAX);
}

/** Stored history, tolerant of anything a person or an older version may have left there. */
export function parseHistory(raw: string | null | undefined): string[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value
    .filter((v): v is string => typeof v === 'string')
    .reduceRight<string[]>((acc, v) => addToHistory(acc, v), [])
    .slice(0, SEARCH_HISTORY_MAX);
}

// ── Names (§9: result names truncated to 38 characters on small screens) ────────────────────
export const SMALL_SCREEN_NAME_MAX = 38;

/** At most `max` characters including the ellipsis; whole text when it fits. */
export function truncateName(name: string, max = SMALL_SCREEN_NAME_MAX): string {
  const chars = [...name];
  if (chars.length <= max) return name;
  return `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

export type HighlightPart = { text: string; match: boolean };

/**
 * The name split into matched and plain parts: every case-insensitive occurrence of the whole
 * text, or else of each of its words (2+ characters). A typo-only match highlights nothing.
 */
export function highlightParts(name: string, query: string): HighlightPart[] {
  const q = normalizeSearchText(query).toLowerCase();
  if (!q) return [{ text: name, match: false }];
  const lower = name.toLowerCase();
  const needles = lower.includes(q) ? [q] : q.split(' ').filter((w) => w.length >= 2);
  const marks = new Array<boolean>(name.length).fill(false);
  for (const n of needles) {
    for (let i = lower.indexOf(n); i >= 0; i = lower.indexOf(n, i + n.length)) marks.fill(true, i, i + n.length);
  }
  const parts: HighlightPart[] = [];
  for (let i = 0; i < name.length; i++) {
    const last = parts[parts.length - 1];
    if (last && last.match === marks[i]) last.text += name[i];
    else parts.push({ text: name[i] as string, match: marks[i] as boolean });
  }
  return parts.length ? parts : [{ text: name, match: false }];
}

/** 'Activity · Ubud', 'Collection · Singapore', 'City · Indonesia', 'Country'. */
export function resultSubtitle(r: Pick<SearchResult, 'type' | 'cityName'>): string {
  return r.cityName ? `${r.type} · ${r.cityName}` : r.type;
}

// ── Dates (§5: a range from today to the end of the month one year ahead, day-month-year) ────
export type DateWindow = { first: string; last: string };

export const dateWindow = (today: string): DateWindow => ({ first: today, last: lastBookableDate(today) });

/** Today as YYYY-MM-DD in the visitor's own time zone. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export type DateRange = { start: string | null; end: string | null };

/**
 * A click on a day: the first pick starts a range, the second ends it (a day before the start
 * restarts it; the same day twice makes a one-day range). Days outside the window are ignored.
 */
export function pickDate(range: DateRange, date: string, window: DateWindow): DateRange {
  if (date < window.first || date > window.last) return range;
  if (range.start === null || range.end !== null || date < range.start) return { start: date, end: null };
  return { start: range.start, end: date };
}

/** '05 Mar 2026 – 09 Mar 2026', '05 Mar 2026' (one day or no end yet), or '' when empty. */
export function formatRange(range: DateRange): string {
  if (!range.start) return '';
  if (!range.end || range.end === range.start) return formatDate(range.start);
  return `${formatDate(range.start)} – ${formatDate(range.end)}`;
}

// ── Guests (§5: guests = adults + children; decreasing goes down to 1 then empty) ─────────────
export const GUEST_MAX = 30;
export type Guests = { adults: number | null; children: number | null };
export const NO_GUESTS: Guests = { adults: null, children: null };

/** One step of a counter: up from empty is 1; down from 1 is empty; never negative, never above GUEST_MAX. */
export function stepCounter(value: number | null, delta: 1 | -1): number | null {
  const n = value ?? 0;
  if (delta > 0) return Math.min(GUEST_MAX, n + 1);
  return n <= 1 ? null : n - 1;
}

/** A typed counter value: whole numbers from 1; anything else (empty, 0, negative, fractions, text) is empty. */
export function parseCounter(text: string): number | null {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return n >= 1 ? Math.min(GUEST_MAX, n) : null;
}

export const guestCount = (g: Guests): number => (g.adults ?? 0) + (g.children ?? 0);

/** '3 guests', '1 guest', or '' when none. */
export function guestsLabel(g: Guests): string {
  const n = guestCount(g);
  return n === 0 ? '' : `${n} ${n === 1 ? 'guest' : 'guests'}`;
}

// ── Addresses ────────────────────────────────────────────────────────────────────────────────
/** Spec §2 header rule: Singapore is a city-state; its country link goes to its city page. */
export const SINGAPORE_SLUG = 'singapore';

export function countryHref(slug: string): string {
  return slug === SINGAPORE_SLUG ? `/cities/${SINGAPORE_SLUG}` : `/countries/${slug}`;
}

// ── Top places of the suggestion panel (§9) ──────────────────────────────────────────────
export const TOP_CITIES = 6;

/** Singapore first, then by optionsCount (desc), then name; each with its link. */
export function topCountries<C extends { slug: string; name: string; code: string; optionsCount: number }>(countries: readonly C[]): (C & { href: string })[] {
  return [...countries]
    .filter((c) => c.optionsCount > 0)
    .sort((a, b) => Number(b.code === 'SG') - Number(a.code === 'SG') || b.optionsCount - a.optionsCount || a.name.localeCompare(b.name))
    .map((c) => ({ ...c, href: countryHref(c.slug) }));
}

/** The six cities with the most orders (ties: more options, then name). */
export function topCities<C extends { name: string; ordersCount: number; optionsCount: number }>(cities: readonly C[]): C[] {
  return [...cities]
    .filter((c) => c.optionsCount > 0)
    .sort((a, b) => b.ordersCount - a.ordersCount || b.optionsCount - a.optionsCount || a.name.localeCompare(b.name))
    .slice(0, TOP_CITIES);
}

/** A top place of the suggestion panel, as the panel links it. */
export type TopPlace = { name: string; href: string; imageUrl: string | null; detail?: string };

/** The square thumbnail of a top city (128 px for a 48 px tile at up to 2.7 dppx). */
export const placeThumb = (url: string): string => `${imageUrl(url, 128)}&f=webp`;

// The top places travel to the search bar island as one string prop (issue 19: as objects
// Astro's props encoding, [0,…] around every value and &quot; around every key, wrote 4.2 KB into
// every page): places by line, fields by tab; a country is `name, slug`, a city `name, slug,
// country name, image URL`. Names and slugs never hold tabs or line breaks (they are removed).
const clean = (v: string) => v.replace(/[\t\n\r]/g, ' ');

export function encodeTopPlaces(countries: readonly { name: string; slug: string }[], cities: readonly { name: string; slug: string; country: string; imageUrl: string | null }[]): string {
  const rows = [...countries.map((c) => ['c', c.name, c.slug]), ...cities.map((c) => ['t', c.name, c.slug, c.country, c.imageUrl ?? ''])];
  return rows.map((r) => r.map(clean).join('\t')).join('\n');
}

export function decodeTopPlaces(text: string): { topCountries: TopPlace[]; topCities: TopPlace[] } {
  const topCountries: TopPlace[] = [];
  const topCities: TopPlace[] = [];
  for (const line of text ? text.split('\n') : []) {
    const [kind, name = '', slug = '', country = '', image = ''] = line.split('\t');
    if (kind === 'c') topCountries.push({ name, href: countryHref(slug), imageUrl: null });
    else if (kind === 't') topCities.push({ name, href: `/cities/${slug}`, imageUrl: image ? placeThumb(image) : null, detail: country });
  }
  return { topCountries, topCities };
}

/** The page of a suggestion. */
export function resultHref(r: Pick<SearchResult, 'type' | 'slugCode'>): string {
  const slug = encodeURIComponent(r.slugCode);
  switch (r.type) {
    case 'Country':
      return countryHref(slug);
    case 'City':
      return `/cities/${slug}`;
    case 'Activity':
      return `/experiences/${slug}`;
    case 'Collection':
      return `/collections/${slug}`;
  }
}

export type SearchRecord = Pick<SearchResult, 'id' | 'type' | 'name'>;

export type SearchSubmission = {
  text: string;
  /** The page the search started from (path + query). */
  prevPath: string;
  /** A country or city picked from the suggestions, while the text still names it. */
  record: SearchRecord | null;
  dates: DateRange;
  guests: Guests;
};

/**
 * Spec §2: GET to the search route with q, prev_path, record_id, record_type, record_name and
 * filter params: city_id / country_id for a picked place, and the global search params (§3:
 * num_guest, num_adult, num_child, dates[] as YYYY-MM-DD start and end).
 */
export function searchHref(s: SearchSubmission): string {
  const p = new URLSearchParams();
  p.set('q', normalizeSearchText(s.text));
  p.set('prev_path', s.prevPath);
  if (s.record) {
    p.set('record_id', String(s.record.id));
    p.set('record_type', s.record.type);
    p.set('record_name', s.record.name);
    if (s.record.type === 'City') p.set('city_id', String(s.record.id));
    if (s.record.type === 'Country') p.set('country_id', String(s.record.id));
  }
  const n = guestCount(s.guests);
  if (n > 0) {
    p.set('num_guest', String(n));
    p.set('num_adult', String(s.guests.adults ?? 0));
    p.set('num_child', String(s.guests.children ?? 0));
  }
  if (s.dates.start) {
    p.append('dates[]', s.dates.start);
    p.append('dates[]', s.dates.end ?? s.dates.start);
  }
  return `/search?${p.toString()}`;
}

/** Spec §8: the failure text of a suggestion fetch. */
export const searchFailureText = (text: string): string => `Couldn't search with ${normalizeSearchText(text)}`;

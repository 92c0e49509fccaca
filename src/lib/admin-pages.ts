// The /admin shell's routes and the editor's small conversions: pure, tested.
import { AMBASSADOR_STATUSES } from '../contract/ambassador.ts';

export const ADMIN_SECTIONS = [
  { key: 'experiences', label: 'Experiences', built: true },
  { key: 'collections', label: 'Collections', built: true },
  { key: 'itineraries', label: 'Travel itineraries', built: true },
  { key: 'best-of-lists', label: 'Best-of lists', built: true },
  { key: 'magazine', label: 'Magazine', built: true },
  { key: 'places', label: 'Countries & cities', built: true },
  { key: 'tags', label: 'Tags', built: true },
  { key: 'operators', label: 'Operators', built: true },
  { key: 'listing-changes', label: 'Operator changes', built: true },
  { key: 'tag-evidence', label: 'Tag evidence', built: true },
  { key: 'reports', label: 'Reported problems', built: true },
  { key: 'ambassadors', label: 'Ambassadors', built: true },
  { key: 'corporate-events', label: 'Corporate events', built: true },
  { key: 'settings', label: 'Site settings', built: true },
] as const;
export type AdminSectionKey = (typeof ADMIN_SECTIONS)[number]['key'];

export type AdminRoute =
  | { page: 'home' }
  | { page: 'section'; section: AdminSectionKey }
  | { page: 'experience'; id: number }
  | { page: 'article'; id: number }
  | { page: 'operator'; id: number }
  | { page: 'country' | 'city' | 'tag'; id: number }
  | { page: 'collection'; id: number }
  | { page: 'itinerary'; id: number }
  | { page: 'best-of-list'; id: number }
  | { page: 'unknown' };

/** The page of an /admin/* path. */
export function adminRoute(pathname: string): AdminRoute {
  const rest = pathname.replace(/^\/admin\/?/, '').replace(/\/+$/, '');
  if (rest === '') return { page: 'home' };
  const exp = /^experiences\/(\d{1,10})$/.exec(rest);
  if (exp) return { page: 'experience', id: Number(exp[1]) };
  const article = /^magazine\/(\d{1,10})$/.exec(rest);
  if (article) return { page: 'article', id: Number(article[1]) };
  const operator = /^operators\/(\d{1,10})$/.exec(rest);
  if (operator) return { page: 'operator', id: Number(operator[1]) };
  // Countries, cities (/admin/places/countries/3, /admin/places/cities/12) and tags (/admin/tags/5).
  const place = /^places\/(countries|cities)\/(\d{1,10})$/.exec(rest);
  if (place) return { page: place[1] === 'countries' ? 'country' : 'city', id: Number(place[2]) };
  const tag = /^tags\/(\d{1,10})$/.exec(rest);
  if (tag) return { page: 'tag', id: Number(tag[1]) };
  const record = /^(collections|itineraries)\/(\d{1,10})$/.exec(rest);
  if (record) return { page: record[1] === 'collections' ? 'collection' : 'itinerary', id: Number(record[2]) };
  const list = /^best-of-lists\/(\d{1,10})$/.exec(rest);
  if (list) return { page: 'best-of-list', id: Number(list[1]) };
  const section = ADMIN_SECTIONS.find((s) => s.key === rest);
  return section ? { page: 'section', section: section.key } : { page: 'unknown' };
}

export type AmbassadorStatus = (typeof AMBASSADOR_STATUSES)[number];

/** The applications list's status filter from the address (`?status=`); 'applied' unless it names another. */
export function applicationStatus(search: string): AmbassadorStatus {
  const s = new URLSearchParams(search).get('status');
  return AMBASSADOR_STATUSES.find((x) => x === s) ?? 'applied';
}

/** Minor units → the editor's decimal text ("" for none). */
export function minorToText(minor: number | null, exponent: number): string {
  if (minor === null) return '';
  return (minor / 10 ** exponent).toFixed(exponent);
}

/** The editor's decimal text → minor units; null for empty; NaN for what is not an amount. */
export function textToMinor(text: string, exponent: number): number | null {
  const t = text.trim().replace(/,/g, '');
  if (t === '') return null;
  if (!/^\d+(\.\d+)?$/.test(t)) return Number.NaN;
  const [whole, frac = ''] = t.split('.');
  if (frac.length > exponent) return Number.NaN;
  return Number(whole) * 10 ** exponent + Number((frac + '0'.repeat(exponent)).slice(0, exponent) || '0');
}

/** One item per line → list (blank lines dropped). */
export const linesToList = (text: string): string[] => text.split('\n').map((l) => l.trim()).filter(Boolean);

/** `2026-12-01T09:30` (a datetime-local value, the editor's time zone) → ISO, or null. */
export function localToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** ISO → a datetime-local value in the editor's time zone (`2026-12-01T09:30`). */
export function isoToLocal(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

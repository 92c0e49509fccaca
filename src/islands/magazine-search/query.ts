// The magazine finder's state: the text and the three filters, read from and written to the
// address (`/magazine?q=…&category=…&kind=…&tag=…`, slugs), turned into a pagefind query
// (filters by display name, scoped to articles) and described in words for the status line.

/** A filter value: its address slug, its pagefind name and, for kinds, its nouns ("Roundup", "Roundups"). */
export type FacetOption = { slug: string; name: string; one?: string; many?: string };
export type Facets = { category: FacetOption[]; kind: FacetOption[]; tag: FacetOption[] };
export type FacetKey = keyof Facets;
export const FACET_KEYS: readonly FacetKey[] = ['category', 'kind', 'tag'];

export type FinderState = { q: string; category: string; kind: string; tag: string };
export const EMPTY_STATE: FinderState = { q: '', category: '', kind: '', tag: '' };

/** The state in an address's query; unknown filter values are dropped. */
export function stateFromSearch(search: string, facets: Facets): FinderState {
  const p = new URLSearchParams(search);
  const known = (key: FacetKey) => {
    const v = p.get(key) ?? '';
    return facets[key].some((o) => o.slug === v) ? v : '';
  };
  return { q: (p.get('q') ?? '').trim().slice(0, 200), category: known('category'), kind: known('kind'), tag: known('tag') };
}

/** The query string for a state (empty parts left out), "" when nothing is asked. */
export function searchOfState(s: FinderState): string {
  const p = new URLSearchParams();
  if (s.q.trim()) p.set('q', s.q.trim());
  for (const k of FACET_KEYS) if (s[k]) p.set(k, s[k]);
  const text = p.toString();
  return text ? `?${text}` : '';
}

export const isActive = (s: FinderState) => s.q.trim() !== '' || FACET_KEYS.some((k) => s[k] !== '');

const nameOf = (facets: Facets, key: FacetKey, slug: string) => facets[key].find((o) => o.slug === slug)?.name;

/** Pagefind's search term (null lists everything the filters allow) and options. */
export function pagefindQuery(s: FinderState, facets: Facets): { term: string | null; filters: Record<string, string>; sort?: Record<string, 'asc' | 'desc'> } {
  const filters: Record<string, string> = { type: 'article' };
  for (const k of FACET_KEYS) {
    const name = s[k] ? nameOf(facets, k, s[k]) : undefined;
    if (name) filters[k] = name;
  }
  const term = s.q.trim() || null;
  return term ? { term, filters } : { term, filters, sort: { date: 'desc' } };
}

/** "3 Deep Dives in Wildlife tagged Bucket list match “fireflies”". */
export function statusText(count: number, s: FinderState, facets: Facets): string {
  const category = s.category ? nameOf(facets, 'category', s.category) : undefined;
  const kind = s.kind ? facets.kind.find((o) => o.slug === s.kind) : undefined;
  const tag = s.tag ? nameOf(facets, 'tag', s.tag) : undefined;
  const things = count === 1 ? (kind?.one ?? 'story') : (kind?.many ?? 'stories');
  const noun = `${things}${category ? ` in ${category}` : ''}${tag ? ` tagged ${tag}` : ''}`;
  const q = s.q.trim();
  if (count === 0) return q ? `No ${noun} match “${q}”. Try fewer words or clear a filter.` : `No ${noun} yet. Try another filter.`;
  return q ? `${count} ${noun} ${count === 1 ? 'matches' : 'match'} “${q}”` : `${count} ${noun}`;
}

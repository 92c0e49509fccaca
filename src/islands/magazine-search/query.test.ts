import { describe, expect, it } from 'vitest';
import { EMPTY_STATE, isActive, pagefindQuery, searchOfState, stateFromSearch, statusText, type Facets } from './query.ts';

const facets: Facets = {
  category: [{ slug: 'wildlife', name: 'Wildlife' }],
  kind: [{ slug: 'complete-guide', name: 'Deep Dive', one: 'Deep Dive', many: 'Deep Dives' }],
  tag: [{ slug: 'bucket-list', name: 'Bucket list' }],
};

describe('stateFromSearch', () => {
  it.each([
    ['', EMPTY_STATE],
    ['?q=%20fireflies%20', { ...EMPTY_STATE, q: 'fireflies' }],
    ['?category=wildlife&kind=complete-guide&tag=bucket-list', { q: '', category: 'wildlife', kind: 'complete-guide', tag: 'bucket-list' }],
    ['?category=nope&kind=essay&tag=x', EMPTY_STATE],
  ])('%s', (search, want) => expect(stateFromSearch(search, facets)).toEqual(want));
  it('caps a very long text', () => expect(stateFromSearch(`?q=${'a'.repeat(500)}`, facets).q).toHaveLength(200));
});

describe('searchOfState', () => {
  it('round-trips', () => {
    const s = { q: 'night walk', category: 'wildlife', kind: '', tag: 'bucket-list' };
    expect(searchOfState(s)).toBe('?q=night+walk&category=wildlife&tag=bucket-list');
    expect(stateFromSearch(searchOfState(s), facets)).toEqual(s);
  });
  it('is empty when nothing is asked', () => expect(searchOfState({ ...EMPTY_STATE, q: '  ' })).toBe(''));
});

describe('isActive', () => {
  it.each([
    [EMPTY_STATE, false],
    [{ ...EMPTY_STATE, q: ' ' }, false],
    [{ ...EMPTY_STATE, q: 'x' }, true],
    [{ ...EMPTY_STATE, tag: 'bucket-list' }, true],
  ])('%j → %s', (s, want) => expect(isActive(s)).toBe(want));
});

describe('pagefindQuery', () => {
  it('scopes to articles and filters by display name, by relevance with a term', () =>
    expect(pagefindQuery({ q: ' fireflies ', category: 'wildlife', kind: 'complete-guide', tag: '' }, facets)).toEqual({
      term: 'fireflies',
      filters: { type: 'article', category: 'Wildlife', kind: 'Deep Dive' },
    }));
  it('lists newest first without a term', () =>
    expect(pagefindQuery({ ...EMPTY_STATE, tag: 'bucket-list' }, facets)).toEqual({ term: null, filters: { type: 'article', tag: 'Bucket list' }, sort: { date: 'desc' } }));
});

describe('statusText', () => {
  it.each([
    [3, { ...EMPTY_STATE, q: 'fireflies' }, '3 stories match “fireflies”'],
    [1, { ...EMPTY_STATE, q: 'fireflies' }, '1 story matches “fireflies”'],
    [2, { q: '', category: 'wildlife', kind: 'complete-guide', tag: 'bucket-list' }, '2 Deep Dives in Wildlife tagged Bucket list'],
    [0, { ...EMPTY_STATE, q: 'zzz' }, 'No stories match “zzz”. Try fewer words or clear a filter.'],
    [1, { ...EMPTY_STATE, q: 'glow', category: 'wildlife' }, '1 story in Wildlife matches “glow”'],
    [0, { ...EMPTY_STATE, kind: 'complete-guide' }, 'No Deep Dives yet. Try another filter.'],
    [1, { ...EMPTY_STATE, kind: 'complete-guide', q: 'x' }, '1 Deep Dive matches “x”'],
  ])('%i results for %j', (n, s, want) => expect(statusText(n, s, facets)).toBe(want));
});

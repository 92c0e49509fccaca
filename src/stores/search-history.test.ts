import { beforeEach, describe, expect, it } from 'vitest';
import { SEARCH_HISTORY_KEY } from '../lib/search-bar.ts';
import { $searchHistory, clearSearchHistory, loadSearchHistory, rememberSearch } from './search-history.ts';

function memoryStore() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k), m };
}

describe('search history store', () => {
  let store: ReturnType<typeof memoryStore>;
  beforeEach(() => {
    store = memoryStore();
    $searchHistory.set([]);
  });

  it('remembers, deduplicates and keeps 8, in storage and in the store', () => {
    for (const q of ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8', 'a9', 'A3']) rememberSearch(q, store);
    expect($searchHistory.get()).toEqual(['A3', 'a9', 'a8', 'a7', 'a6', 'a5', 'a4', 'a2']);
    expect(JSON.parse(store.m.get(SEARCH_HISTORY_KEY) ?? '[]')).toEqual($searchHistory.get());
  });

  it('loads what is stored and clears it all', () => {
    store.setItem(SEARCH_HISTORY_KEY, JSON.stringify(['bali', 'kayak']));
    loadSearchHistory(store);
    expect($searchHistory.get()).toEqual(['bali', 'kayak']);
    clearSearchHistory(store);
    expect($searchHistory.get()).toEqual([]);
    expect(store.m.has(SEARCH_HISTORY_KEY)).toBe(false);
  });

  it('keeps history in memory when storage is unavailable', () => {
    rememberSearch('bali', undefined);
    rememberSearch('nepal', undefined);
    expect($searchHistory.get()).toEqual(['nepal', 'bali']);
  });
});

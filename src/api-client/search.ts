// Search suggestions (spec §7 "Search suggestions": q → results, countriesCities).
import type { SearchResponse } from '../contract/search.ts';
import { searchFailureText } from '../lib/search-bar.ts';
import { request } from './client.ts';

/** Spec §8: a failure throws 'Couldn't search with …' (the cause is logged). Aborts pass through. */
export async function fetchSuggestions(q: string, signal?: AbortSignal): Promise<SearchResponse> {
  try {
    const { data } = await request<SearchResponse>('/search', { query: { q }, ...(signal ? { signal } : {}) });
    return data;
  } catch (err) {
    if (signal?.aborted) throw err;
    console.error(searchFailureText(q), err);
    throw new Error(searchFailureText(q), { cause: err });
  }
}

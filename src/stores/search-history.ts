// Search history (spec §9: at most 8 entries, stored locally, deduplicated), kept in
// localStorage `searchHistory` and shared by every search bar on the page.
import { atom } from 'nanostores';
import { SEARCH_HISTORY_KEY, addToHistory, parseHistory } from '../lib/search-bar.ts';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
const storage = (): KeyValueStore | undefined => {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // storage disabled: history lives for this page only
  }
};

export const $searchHistory = atom<string[]>([]);

/** Reads the stored history (on hydration; the server render shows none). */
export function loadSearchHistory(store: KeyValueStore | undefined = storage()): void {
  $searchHistory.set(parseHistory(store?.getItem(SEARCH_HISTORY_KEY)));
}

function save(list: string[], store: KeyValueStore | undefined) {
  $searchHistory.set(list);
  try {
    if (list.length) store?.setItem(SEARCH_HISTORY_KEY, JSON.stringify(list));
    else store?.removeItem(SEARCH_HISTORY_KEY);
  } catch (err) {
    console.error('Could not store the search history', err); // quota or privacy mode: keep it in memory
  }
}

export function rememberSearch(text: string, store: KeyValueStore | undefined = storage()): void {
  // Start from what is stored: another tab may have searched since this page loaded.
  const current = store ? parseHistory(store.getItem(SEARCH_HISTORY_KEY)) : $searchHistory.get();
  save(addToHistory(current, text), store);
}

export function clearSearchHistory(store: KeyValueStore | undefined = storage()): void {
  save([], store);
}

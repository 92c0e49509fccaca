// Suggestions for the typed text: fetched 400 ms after the last keystroke (spec §4), the
// previous request aborted when the text changes, failures shown as 'Couldn't search with …'.
import { useEffect, useState } from 'react';
import { fetchSuggestions } from '../../api-client/search.ts';
import type { SearchResponse } from '../../contract/search.ts';
import { SEARCH_DEBOUNCE_MS, normalizeSearchText } from '../../lib/search-bar.ts';

export type Suggestions =
  | { status: 'idle' }
  | { status: 'loading'; q: string }
  | { status: 'done'; q: string; data: SearchResponse }
  | { status: 'error'; q: string; message: string };

export function useSuggestions(text: string): Suggestions {
  const q = normalizeSearchText(text);
  const [state, setState] = useState<Suggestions>({ status: 'idle' });

  useEffect(() => {
    if (!q) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      setState({ status: 'loading', q });
      fetchSuggestions(q, controller.signal).then(
        (data) => setState({ status: 'done', q, data }),
        (err: unknown) => {
          if (controller.signal.aborted) return;
          setState({ status: 'error', q, message: err instanceof Error ? err.message : String(err) });
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [q]);

  return state;
}

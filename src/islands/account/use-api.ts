// Loads one API answer for an account section: loading, data or error, and reload.
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../api-client/client.ts';

export type Loaded<T> = { status: 'loading' } | { status: 'error'; error: string; notFound: boolean } | { status: 'ready'; data: T };

const LOADING = { status: 'loading' } as const;

export function useApi<T>(load: () => Promise<{ data: T }>, key: string) {
  // The answer is kept with the key it was loaded for: under a new key (another period, another
  // status filter) the section shows loading, never the previous key's data.
  const [held, setHeld] = useState<{ key: string; loaded: Loaded<T> }>({ key, loaded: LOADING });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      ({ data }) => live && setHeld({ key, loaded: { status: 'ready', data } }),
      (err: unknown) => live && setHeld({ key, loaded: { status: 'error', error: errorMessage(err), notFound: (err as { status?: number }).status === 404 } }),
    );
    return () => {
      live = false;
    };
    // `load` is a fresh closure each render; the key says when to load again.
  }, [key, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  const state: Loaded<T> = held.key === key ? held.loaded : LOADING;
  /** Replaces the answer, or updates it from the latest one (not from a render's copy of it). */
  const set = (next: T | ((data: T) => T)) =>
    setHeld((h) => {
      if (typeof next !== 'function') return { key, loaded: { status: 'ready', data: next } };
      return h.key === key && h.loaded.status === 'ready' ? { key, loaded: { status: 'ready', data: (next as (data: T) => T)(h.loaded.data) } } : h;
    });
  return { state, reload, set };
}

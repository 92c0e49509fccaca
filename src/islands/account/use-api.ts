// Loads one API answer for an account section: loading, data or error, and reload.
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../api-client/client.ts';

export type Loaded<T> = { status: 'loading' } | { status: 'error'; error: string; notFound: boolean } | { status: 'ready'; data: T };

export function useApi<T>(load: () => Promise<{ data: T }>, key: string) {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      ({ data }) => live && setState({ status: 'ready', data }),
      (err: unknown) => live && setState({ status: 'error', error: errorMessage(err), notFound: (err as { status?: number }).status === 404 }),
    );
    return () => {
      live = false;
    };
    // `load` is a fresh closure each render; the key says when to load again.
  }, [key, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { state, reload, set: (data: T) => setState({ status: 'ready', data }) };
}

// The login link's address for the page the visitor is on. At build time only the page's own
// path is known (and a shell page serves many paths), so the server snapshot is the build-time
// address and the browser's snapshot reads the real location (spec §2: redirect_path and
// redirect_path_query, except on the login page).
import { useSyncExternalStore } from 'react';
import { loginHref } from '../../lib/header-paths.ts';

const noSubscription = () => () => {};

export function useLoginHref(buildTimeHref: string): string {
  return useSyncExternalStore(
    noSubscription,
    () => loginHref(window.location.pathname, window.location.search),
    () => buildTimeHref,
  );
}

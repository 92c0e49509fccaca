// Runs on every page (a few hundred bytes): when this browser holds a login token, ask the API
// who is logged in and fill `$user` (the header's shared islands then hydrate to show the
// account menu); wire the log-in hooks, the log-out call and the realtime connection.
import { adoptCart } from '../../stores/cart.ts';
import { logoutCall, currentUser } from '../../api-client/accounts.ts';
import { ApiError } from '../../api-client/client.ts';
import { clearUserToken, readUserToken, storeLogin } from '../../api-client/user-token.ts';
import { startRealtime } from '../../stores/realtime.ts';
import { $sessionState, $user, LOGGED_IN_EVENT, provideLoginHooks, provideLogout } from '../../stores/user.ts';

/** The directive's event (src/directives/interaction.ts): shared islands hydrate on it. */
const HYDRATED = 'verdant:hydrated';
export const LOGOUT_FAILED = "Couldn't logout for user";

export async function loadSession(): Promise<void> {
  if (!readUserToken()) {
    $sessionState.set('ready');
    return;
  }
  $sessionState.set('loading');
  try {
    const { data } = await currentUser();
    $user.set(data);
    adoptCart(data.cartId);
    window.dispatchEvent(new Event(HYDRATED));
  } catch (err) {
    // 401: the session ended (logged out elsewhere, expired); anything else: try on the next page.
    if (err instanceof ApiError && err.status === 401) clearUserToken();
    else console.warn('Could not load the current user', err);
  } finally {
    $sessionState.set('ready');
  }
}

export function bootSession(): void {
  provideLoginHooks({ storeToken: storeLogin });
  provideLogout(async () => {
    try {
      await logoutCall();
    } catch (err) {
      // Already logged out on the server: the browser just catches up.
      if (!(err instanceof ApiError && err.status === 401)) throw new Error(LOGOUT_FAILED, { cause: err });
    }
    clearUserToken();
  });
  startRealtime();
  // A log-in in this page (modal) shows the account menu at once.
  window.addEventListener(LOGGED_IN_EVENT, () => window.dispatchEvent(new Event(HYDRATED)));
  void loadSession();
}

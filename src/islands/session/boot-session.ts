// Runs on every page (a few hundred bytes): when this browser may be logged in (the server's
// readable `signed_in` hint, or a token from log-in in storage), ask the API who is logged in and
// fill `$user` (the header's shared islands then hydrate to show the account menu); a live
// session without a payment token gets a new one. Guests make no account call. Also wires the
// log-in hooks, the log-out call, the realtime connection and the unread-message dot, and
// follows log-in and log-out made in other tabs at this tab's next interaction (ADR 0003).
import { adoptCart } from '../../stores/cart.ts';
import { logoutCall, currentUser } from '../../api-client/accounts.ts';
import { ApiError } from '../../api-client/client.ts';
import { clearUserToken, maybeSignedIn, readUserToken, renewUserToken, signedInHint, storeLogin } from '../../api-client/user-token.ts';
import { $hasUnreadMessage, startChatUnread } from '../../stores/chat-unread.ts';
import { startRealtime } from '../../stores/realtime.ts';
import { $sessionState, $user, LOGGED_IN_EVENT, LOGGED_OUT_EVENT, provideLoginHooks, provideLogout, sessionEnded } from '../../stores/user.ts';

/** The directive's event (src/directives/interaction.ts): shared islands hydrate on it. */
const HYDRATED = 'verdant:hydrated';
export const LOGOUT_FAILED = "Couldn't logout for user";
/** Tabs of this site tell each other about log-in and log-out. */
const SESSION_CHANNEL = 'verdant-session';

const isSessionOver = (err: unknown) => err instanceof ApiError && err.status === 401;

/** The session this page believed in is gone: guest from here on, no error shown. */
function endLocally(): void {
  clearUserToken();
  sessionEnded();
}

export async function loadSession(): Promise<void> {
  if (!maybeSignedIn()) {
    $sessionState.set('ready');
    return;
  }
  $sessionState.set('loading');
  try {
    const { data } = await currentUser();
    $user.set(data);
    adoptCart(data.cartId);
    window.dispatchEvent(new Event(HYDRATED));
    if (!readUserToken()) await renewToken();
  } catch (err) {
    // 401: the session ended (logged out elsewhere, expired); anything else: try on the next page.
    if (isSessionOver(err)) endLocally();
    else console.warn('Could not load the current user', err);
  } finally {
    $sessionState.set('ready');
  }
}

/** Storage lost the payment token while the session lives: fetch one now, before any pay call. */
async function renewToken(): Promise<void> {
  try {
    await renewUserToken();
  } catch (err) {
    if (isSessionOver(err)) throw err;
    // The pay call fetches it again; the page works meanwhile.
    console.warn('Could not renew the payment token', err);
  }
}

/** At this tab's next interaction: agree with the cookies another tab may have changed. */
function followOtherTabs(): void {
  if ($sessionState.get() !== 'ready') return;
  if ($user.get() && !signedInHint()) endLocally();
  else if (!$user.get() && signedInHint()) void loadSession();
}

function watchOtherTabs(): void {
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SESSION_CHANNEL);
  if (channel) channel.onmessage = followOtherTabs;
  window.addEventListener(LOGGED_OUT_EVENT, () => channel?.postMessage('logged-out'));
  window.addEventListener(LOGGED_IN_EVENT, () => channel?.postMessage('logged-in'));
  window.addEventListener('focus', followOtherTabs);
  window.addEventListener('pageshow', followOtherTabs);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') followOtherTabs();
  });
}

export function bootSession(): void {
  provideLoginHooks({ storeToken: storeLogin });
  provideLogout(async () => {
    try {
      await logoutCall();
    } catch (err) {
      // Already logged out on the server: the browser just catches up.
      if (!isSessionOver(err)) throw new Error(LOGOUT_FAILED, { cause: err });
    }
    clearUserToken();
  });
  startRealtime();
  startChatUnread();
  // The header's triggers (the account menu, the phone's menu button) show the dot from CSS, so
  // it appears before any header island has hydrated.
  $hasUnreadMessage.subscribe((unread) => document.documentElement.toggleAttribute('data-chat-unread', unread));
  // A log-in in this page (modal) shows the account menu at once.
  window.addEventListener(LOGGED_IN_EVENT, () => window.dispatchEvent(new Event(HYDRATED)));
  watchOtherTabs();
  void loadSession();
}

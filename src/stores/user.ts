// The signed-in user (spec §3 User) and the session's life in the browser (spec §4 Login,
// Logout). `$user` is filled from the current-user call; every island reads it. Log-in stores
// the token (payment calls only), sets `$user` and publishes the logged-in event; log-out calls
// the server (CSRF + DELETE /users/logout), then clears the user and the cart and shows the footer.
import { atom } from 'nanostores';
import type { User } from '../contract/accounts.ts';
import type { AccountMenuUser } from '../lib/header-account-menu.ts';
import { adoptCart, clearCart } from './cart.ts';
import { showFooter } from './ui.ts';

export type SessionUser = AccountMenuUser &
  Pick<User, 'id' | 'name' | 'email' | 'avatarUrl'> &
  Partial<Omit<User, 'id' | 'name' | 'email' | 'avatarUrl' | 'isAdmin' | 'isPartner' | 'ambassadorProfile'>>;

export const $user = atom<SessionUser | null>(null);

/** unknown: not asked yet; loading: the current-user call runs; ready: `$user` is the truth. */
export type SessionState = 'unknown' | 'loading' | 'ready';
export const $sessionState = atom<SessionState>('unknown');

/**
 * True once this page learnt that the session it had ended without this page logging out
 * (expired, deleted on the server, logged out in another tab): checkout says so before the
 * traveller fills the form.
 */
export const $sessionEnded = atom(false);

/** Window event other scripts can listen to (islands read `$user`). Spec §4: "publish a logged-in event". */
export const LOGGED_IN_EVENT = 'verdant:logged-in';
export const LOGGED_OUT_EVENT = 'verdant:logged-out';

/**
 * Resolves once `$user` is the truth (this page's current-user call has answered): a form sent
 * the moment the page opened waits for it instead of treating a member as a guest. After
 * `limitMs` it resolves anyway (the call hangs): the form then goes on with what is known.
 */
export function sessionReady(limitMs = 10_000): Promise<void> {
  if ($sessionState.get() === 'ready') return Promise.resolve();
  return new Promise((done) => {
    const finish = () => {
      clearTimeout(timer);
      stop();
      done();
    };
    const timer = setTimeout(finish, limitMs);
    const stop = $sessionState.listen((state) => {
      if (state === 'ready') finish();
    });
  });
}

export function setUser(user: SessionUser | null): void {
  $user.set(user);
}

/** After any successful log-in or sign-up: keep the token, set the user, tell the page. */
export type LoginHooks = { storeToken: (token: string, method: string | null) => void };
let hooks: LoginHooks | undefined;
export function provideLoginHooks(h: LoginHooks | undefined): void {
  hooks = h;
}

export function completeLogin(answer: { token: string; user: SessionUser }): void {
  hooks?.storeToken(answer.token, answer.user.lastLoginMethod ?? null);
  $user.set(answer.user);
  adoptCart(answer.user.cartId);
  $sessionEnded.set(false);
  $sessionState.set('ready');
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(LOGGED_IN_EVENT, { detail: { userId: answer.user.id } }));
}

/** The server side of logging out (CSRF token + DELETE /users/logout); provided by the session boot. */
export type LogoutCall = (user: SessionUser) => Promise<void>;
let logoutCall: LogoutCall | undefined;

export function provideLogout(call: LogoutCall | undefined): void {
  logoutCall = call;
}

/**
 * Spec §4 Logout: end the session on the server (when a call is provided), then clear the user
 * and the cart and show the footer. A failing call throws and leaves the user signed in.
 */
export async function logout(): Promise<void> {
  const user = $user.get();
  if (!user) return;
  if (logoutCall) await logoutCall(user);
  forgetUser();
}

/**
 * The end of a session this page did not end itself: the same as log-out, without the call.
 * `keepCart`: checkout keeps the bag on screen (and what was typed) while the traveller logs in
 * again; logging in brings the member's bag back under the same id.
 */
export function sessionEnded(opts: { keepCart?: boolean } = {}): void {
  $sessionEnded.set(true);
  $sessionState.set('ready');
  forgetUser(opts.keepCart);
}

function forgetUser(keepCart = false): void {
  $user.set(null);
  if (!keepCart) clearCart();
  showFooter();
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(LOGGED_OUT_EVENT));
}

// The signed-in user (spec §3 User, the fields the storefront shows). Null until the accounts
// issue fills it from the session; nothing here invents a user.
import { atom } from 'nanostores';
import type { AccountMenuUser } from '../lib/header-account-menu.ts';
import { clearCart } from './cart.ts';

export type SessionUser = AccountMenuUser & {
  id: string;
  name: string;
  email: string;
  avatarUrl: string | null;
};

export const $user = atom<SessionUser | null>(null);

export function setUser(user: SessionUser | null): void {
  $user.set(user);
}

/** The server side of logging out (CSRF token + DELETE /users/logout); provided by the accounts code. */
export type LogoutCall = (user: SessionUser) => Promise<void>;
let logoutCall: LogoutCall | undefined;

export function provideLogout(call: LogoutCall | undefined): void {
  logoutCall = call;
}

/**
 * Spec §4 Logout: end the session on the server (when a call is provided), then clear the user
 * and the cart. A failing call throws and leaves the user signed in.
 */
export async function logout(): Promise<void> {
  const user = $user.get();
  if (!user) return;
  if (logoutCall) await logoutCall(user);
  $user.set(null);
  clearCart();
}

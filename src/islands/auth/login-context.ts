// What every log-in and sign-up call carries besides its own fields (spec §7 payloads): the
// guest cart, the sign-up source `osc`, the supplier invitation `code`, and the inviter's code
// from /invite?ref=… (kept in localStorage until the sign-up).
import { $cartId } from '../../stores/cart.ts';

export const REFERRAL_KEY = 'referralCode';

export function loginContext(search: string = typeof location === 'undefined' ? '' : location.search) {
  const q = new URLSearchParams(search);
  return {
    cartId: $cartId.get(),
    osc: q.get('osc'),
    code: q.get('code'),
  };
}

export function storedReferral(): string | null {
  try {
    return localStorage.getItem(REFERRAL_KEY);
  } catch {
    return null;
  }
}

export function forgetReferral(): void {
  try {
    localStorage.removeItem(REFERRAL_KEY);
  } catch {
    // nothing stored
  }
}

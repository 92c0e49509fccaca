// Path rules of the header that depend on where the visitor is. Pure, so the header's boot
// script, its islands and the tests share them; per-user pages are static shells, so these
// run in the browser with the real location, not the shell's build path.

export const LOGIN_PATH = '/users/login';

const trimSlash = (pathname: string) => pathname.replace(/\/+$/, '') || '/';

/**
 * Spec §4: the currency picker is disabled on invoice, later-payment, change-date and add-guest
 * pages (the amount there is fixed in the booking's currency). Their sub-pages count too.
 */
export const CURRENCY_LOCKED_PATH = /^\/(?:invoices|later-payment)\/[^/]+|^\/account\/trips\/[^/]+\/(?:change-date|add-guest)(?:\/|$)/;

export function isCurrencyPickerLocked(pathname: string): boolean {
  return CURRENCY_LOCKED_PATH.test(trimSlash(pathname));
}

export function isLoginPath(pathname: string): boolean {
  const path = trimSlash(pathname);
  return path === LOGIN_PATH || path.startsWith(`${LOGIN_PATH}/`);
}

/** The query string as an object; a key given several times keeps every value, in order. */
export function queryObject(search: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    const seen = out[key];
    out[key] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return out;
}

/**
 * Spec §2: the login link carries the current path and query (as JSON) so the visitor comes
 * back where they were, except on the login page itself.
 */
export function loginHref(pathname: string, search: string): string {
  if (isLoginPath(pathname)) return LOGIN_PATH;
  const params = new URLSearchParams({ redirect_path: trimSlash(pathname), redirect_path_query: JSON.stringify(queryObject(search)) });
  return `${LOGIN_PATH}?${params.toString()}`;
}

/** Spec §2 Cart pop-up: the cart icon does nothing on /checkout. */
export function isCheckoutPath(pathname: string): boolean {
  return trimSlash(pathname) === '/checkout';
}

export type NavSection = 'destinations' | 'gifts' | 'about' | 'field-notes';

const SECTIONS: [RegExp, NavSection][] = [
  [/^\/(?:countries|cities)(?:\/|$)/, 'destinations'],
  [/^\/(?:gifts)(?:\/|$)/, 'gifts'],
  [/^\/(?:about|our-mission|our-curation|sustainability)$/, 'about'],
  [/^\/magazine(?:\/|$)/, 'field-notes'],
];

/** The header section a page belongs to (its menu gets the current-section marker). */
export function navSection(pathname: string): NavSection | undefined {
  const path = trimSlash(pathname);
  return SECTIONS.find(([re]) => re.test(path))?.[1];
}

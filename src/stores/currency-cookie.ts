// The `currency` cookie (spec §9: site-wide). Pure, so the pages' boot script can read it
// without loading the store.
export const CURRENCY_COOKIE = 'currency';
const ONE_YEAR = 60 * 60 * 24 * 365;

/** The currency code stored in a `document.cookie` string, if any. */
export function readCurrencyCookie(cookie: string): string | undefined {
  for (const part of cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === CURRENCY_COOKIE) {
      const code = decodeURIComponent(value.join('=')).toUpperCase();
      return /^[A-Z]{3}$/.test(code) ? code : undefined;
    }
  }
  return undefined;
}

export function currencyCookie(code: string): string {
  return `${CURRENCY_COOKIE}=${encodeURIComponent(code)}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax`;
}

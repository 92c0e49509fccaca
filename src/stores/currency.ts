// The visitor's chosen currency, kept in the site-wide `currency` cookie (spec §9) so every
// page, and later the cart and checkout, see the same choice. Undefined: not chosen yet.
import { atom, computed, onMount } from 'nanostores';
import { currencyCookie, readCurrencyCookie } from './currency-cookie.ts';

export { CURRENCY_COOKIE, currencyCookie, readCurrencyCookie } from './currency-cookie.ts';

export const $currency = atom<string | undefined>(typeof document === 'undefined' ? undefined : readCurrencyCookie(document.cookie));

/** The cookie is polled while someone listens (spec §9: 500 ms), so another tab's choice shows here too. */
export const COOKIE_POLL_MS = 500;
onMount($currency, () => {
  if (typeof document === 'undefined') return undefined; // pre-rendering: no cookie, no timer
  const timer = setInterval(() => {
    const code = readCurrencyCookie(document.cookie);
    if (code !== undefined && code !== $currency.get()) $currency.set(code);
  }, COOKIE_POLL_MS);
  return () => clearInterval(timer);
});

/** The currency prices are shown in before the visitor chooses one: the page's default (spec §9). */
export function pageDefaultCurrency(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  try {
    const data = JSON.parse(document.getElementById('verdant-currency-data')?.textContent ?? 'null') as { defaultCurrency?: string } | null;
    return data?.defaultCurrency;
  } catch {
    return undefined;
  }
}

/** The chosen currency, or the page's default: what the bag and checkout show and charge. */
export const $displayCurrency = computed($currency, (code) => code ?? pageDefaultCurrency());

/** Chooses a currency for the whole site. */
export function setCurrency(code: string): void {
  if (typeof document !== 'undefined') document.cookie = currencyCookie(code);
  $currency.set(code);
}

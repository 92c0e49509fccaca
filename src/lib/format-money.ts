// Money on static pages: formatting with a currency's own symbol, separators and exponent,
// and indicative conversion between currencies through SGD (rates are "one SGD in X").
// Pure: used at build time by the pages and in the browser by the currency picker.
import type { Money } from '../contract/common.ts';
import type { Currency, ExchangeRate } from '../contract/initial-data.ts';

export type CurrencyFormat = Pick<Currency, 'code' | 'exponent' | 'prefix' | 'suffix' | 'decimalMark' | 'thousandsSeparator'>;

/** One SGD in each currency, by code (SGD itself is 1). */
export type SgdRates = Readonly<Record<string, number>>;

export class UnsupportedCurrencyError extends Error {
  constructor(code: string) {
    super(`Encounter unsupported currency: ${code} is not supported`);
    this.name = 'UnsupportedCurrencyError';
  }
}

/** The rates of initial-data (stored from SGD) as a lookup; other pairs are derived through SGD. */
export function sgdRates(exchangeRates: readonly ExchangeRate[]): SgdRates {
  const rates: Record<string, number> = { SGD: 1 };
  for (const r of exchangeRates) {
    if (r.fromCurrency === 'SGD' && r.rate > 0) rates[r.toCurrency] = r.rate;
  }
  return rates;
}

/** Rounds half away from zero to `exponent` decimals without binary drift (1.005 → 1.01). */
export function roundToExponent(amount: number, exponent: number): number {
  const sign = amount < 0 ? -1 : 1;
  const shifted = Math.round(Number(`${Math.abs(amount)}e${exponent}`));
  return sign * Number(`${shifted}e-${exponent}`);
}

/** Converts `money` into `to`, via SGD, rounded to the target currency's exponent. */
export function convertMoney(money: Money, to: Pick<CurrencyFormat, 'code' | 'exponent'>, rates: SgdRates): Money {
  if (money.currency === to.code) return { amount: roundToExponent(money.amount, to.exponent), currency: to.code };
  const fromRate = rates[money.currency];
  const toRate = rates[to.code];
  if (fromRate === undefined) throw new UnsupportedCurrencyError(money.currency);
  if (toRate === undefined) throw new UnsupportedCurrencyError(to.code);
  return { amount: roundToExponent((money.amount / fromRate) * toRate, to.exponent), currency: to.code };
}

function groupThousands(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

export type FormatMoneyOptions = {
  /** Drop the decimals when they are all zero ("S$85" rather than "S$85.00"). */
  trimWholeDecimals?: boolean;
};

/** "S$1,234.50", "1.250.000 ₫", "¥4,800", "CHF 1’200.00". */
export function formatMoney(money: Money, currency: CurrencyFormat, options: FormatMoneyOptions = {}): string {
  if (money.currency !== currency.code) throw new Error(`formatMoney: ${money.currency} amount given with the ${currency.code} format`);
  const exponent = Math.max(0, currency.exponent);
  const rounded = roundToExponent(Math.abs(money.amount), exponent);
  const [whole = '0', fraction = ''] = rounded.toFixed(exponent).split('.');
  const showFraction = exponent > 0 && !(options.trimWholeDecimals && /^0*$/.test(fraction));
  const number = groupThousands(whole, currency.thousandsSeparator) + (showFraction ? currency.decimalMark + fraction : '');
  const sign = money.amount < 0 && rounded !== 0 ? '-' : '';
  return `${sign}${currency.prefix}${number}${currency.suffix}`;
}

/** Looks a currency up by code; throws the spec's unsupported-currency error when absent. */
export function currencyByCode<C extends { code: string }>(currencies: readonly C[], code: string): C {
  const found = currencies.find((c) => c.code === code);
  if (!found) throw new UnsupportedCurrencyError(code);
  return found;
}

// ── The page's currency data ──────────────────────────────────────────────────────────────
/** How most currencies format: a page's currency list leaves these values out (issue 19). */
const FORMAT_DEFAULTS = { exponent: 2, suffix: '', decimalMark: '.', thousandsSeparator: ',' } as const;
type Defaulted = keyof typeof FORMAT_DEFAULTS;

/** A currency as every page carries it: the fields equal to FORMAT_DEFAULTS left out. */
export function packCurrency<C extends CurrencyFormat>(c: C): Omit<C, Defaulted> & Partial<Pick<C, Defaulted>> {
  const out: Record<string, unknown> = { ...c };
  for (const key of Object.keys(FORMAT_DEFAULTS) as Defaulted[]) if (out[key] === FORMAT_DEFAULTS[key]) delete out[key];
  return out as Omit<C, Defaulted> & Partial<Pick<C, Defaulted>>;
}

/** A page's currency back whole (the inverse of packCurrency). */
export function unpackCurrency<C extends Omit<CurrencyFormat, Defaulted>>(c: C & Partial<Pick<CurrencyFormat, Defaulted>>): C & CurrencyFormat {
  return { ...FORMAT_DEFAULTS, ...c };
}

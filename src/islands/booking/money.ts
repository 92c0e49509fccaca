// Formats server amounts (major units on the wire) with each currency's own symbol and
// separators, from the currency data every page embeds (BaseLayout).
import type { Money } from '../../contract/common.ts';
import { formatMoney, type CurrencyFormat } from '../../lib/format-money.ts';
import { readCurrencyData } from '../currency-picker/apply-prices.ts';

let formats: Map<string, CurrencyFormat> | undefined;

function formatOf(code: string): CurrencyFormat | undefined {
  if (!formats && typeof document !== 'undefined') {
    formats = new Map((readCurrencyData()?.currencies ?? []).map((c) => [c.code, c]));
  }
  return formats?.get(code);
}

export function formatPrice(m: Money, opts: { trim?: boolean } = {}): string {
  const f = formatOf(m.currency);
  if (!f) return `${m.currency} ${m.amount.toLocaleString('en-GB')}`;
  return formatMoney(m, f, { trimWholeDecimals: opts.trim ?? false });
}

/** The currency's minor-unit exponent (VND and JPY have none), from the same embedded data. */
export function currencyExponent(code: string): number {
  return formatOf(code)?.exponent ?? 2;
}

// Checkout currencies in the spec's order (§9), as initial-data lists them.
import type { Currency } from '../../../contract/initial-data.ts';
import type { currencies } from '../../db/schema.ts';
import { CHECKOUT_ORDER, toCurrency } from '../catalogue/initial-data.ts';

export function toInitialCurrencyOrder(rows: (typeof currencies.$inferSelect)[]): Currency[] {
  const rank = (code: string) => {
    const i = CHECKOUT_ORDER.indexOf(code);
    return i === -1 ? CHECKOUT_ORDER.length : i;
  };
  return [...rows].sort((a, b) => rank(a.code) - rank(b.code) || a.code.localeCompare(b.code)).map(toCurrency);
}

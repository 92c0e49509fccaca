// Shows every marked price of the page in one currency (indicative conversion through SGD,
// with the rates of the last build) and updates the picker's label. Used by the tiny boot
// script of every page (the cookie's choice, before any interaction) and by the picker.
import { convertMoney, formatMoney, unpackCurrency, type CurrencyFormat, type SgdRates } from '../../lib/format-money.ts';

export type CurrencyData = {
  currencies: (CurrencyFormat & { fullName: string; symbol: string })[];
  rates: SgdRates;
  defaultCurrency: string;
};

export const CURRENCY_DATA_ID = 'verdant-currency-data';

export function readCurrencyData(doc: Document = document): CurrencyData | undefined {
  const text = doc.getElementById(CURRENCY_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    // Written with the format values most currencies share left out (packCurrency).
    const data = JSON.parse(text) as CurrencyData;
    return { ...data, currencies: data.currencies.map(unpackCurrency) };
  } catch {
    return undefined;
  }
}

/** Converts each `[data-price-amount][data-price-currency]` element; returns how many changed. */
export function applyCurrency(code: string, data: CurrencyData, root: ParentNode = document): number {
  const target = data.currencies.find((c) => c.code === code);
  if (!target) return 0;
  const formats = new Map(data.currencies.map((c) => [c.code, c]));
  let changed = 0;
  for (const el of root.querySelectorAll<HTMLElement>('[data-price-amount][data-price-currency]')) {
    const original = { amount: Number(el.dataset['priceAmount']), currency: el.dataset['priceCurrency'] ?? '' };
    const originalFormat = formats.get(original.currency);
    if (!Number.isFinite(original.amount) || !originalFormat) continue;
    try {
      const shown = convertMoney(original, target, data.rates);
      const text = formatMoney(shown, target, { trimWholeDecimals: true });
      // Pages are rendered in the default currency: leave equal text alone (no needless layout work).
      if (el.textContent !== text) el.textContent = text;
      if (shown.currency === original.currency) el.removeAttribute('title');
      else el.title = `Approximately; converted from ${formatMoney(original, originalFormat, { trimWholeDecimals: true })}`;
      el.dataset['priceShown'] = shown.currency;
      changed++;
    } catch {
      // A currency without a rate keeps its original price.
    }
  }
  for (const label of root.querySelectorAll<HTMLElement>('[data-currency-code]')) label.textContent = target.code;
  return changed;
}

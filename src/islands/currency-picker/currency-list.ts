// The picker's currencies without island props (issue 19, docs/decisions/0050): the same list is
// already in every page as the currency data (#verdant-currency-data, written by BaseLayout), so
// in the browser the island reads it there instead of a second copy in its `props` attribute
// (2.5 KB of every page). At build, SiteHeader hands the list over before it renders the island;
// it is one list for the whole build (getCurrencyData), so every page renders the same.
import { readCurrencyData } from './apply-prices.ts';

export type CurrencyOption = { code: string; fullName: string; symbol: string };

let atBuild: CurrencyOption[] = [];

/** At build: the list the server render of the picker shows. */
export function setBuildCurrencies(list: CurrencyOption[]): void {
  atBuild = list;
}

/** The picker's list: the page's currency data in the browser, the build's list on the server. */
export function pickerCurrencies(): CurrencyOption[] {
  if (typeof document === 'undefined') return atBuild;
  return (readCurrencyData()?.currencies ?? []).map(({ code, fullName, symbol }) => ({ code, fullName, symbol }));
}

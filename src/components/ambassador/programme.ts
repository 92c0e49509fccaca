// The programme's figures for the public pages, from the same sources the server uses: the cap
// from initial data (affiliateCappedAmount), the rate, window and payout minimum from the rules.
import { ATTRIBUTION_DAYS, DEFAULT_RATE_BPS, MINIMUM_PAYOUT_MINOR } from '../../lib/affiliate-commission.ts';
import { currencyByCode, formatMoney } from '../../lib/format-money.ts';
import { getInitialData } from '../catalogue.ts';

export async function programmeFigures() {
  const init = await getInitialData();
  const cap = init.affiliateCappedAmount;
  const format = currencyByCode(init.checkoutSupportedCurrencies, cap.currency);
  return {
    rate: `${DEFAULT_RATE_BPS / 100}%`,
    cap: formatMoney(cap, format),
    minimum: formatMoney({ amount: MINIMUM_PAYOUT_MINOR / 10 ** format.exponent, currency: cap.currency }, format),
    days: ATTRIBUTION_DAYS,
  };
}

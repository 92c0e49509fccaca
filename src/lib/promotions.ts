// Promotion codes: whether a code can be used now on a cart, and its discount in the cart's
// own (base) currency. Percent codes take a share of the subtotal; fixed codes take an amount
// set in the code's currency (SGD unless it says otherwise) converted without the fee, because
// that conversion is ours, not the traveller's. A code in another currency than SGD is for
// bookings paid in that currency only. Pure; minimum amounts are applied in cart-amounts.ts.
import { convertMinor, percentOf, type CurrencyUnit, type MinorMoney, type RateTable } from './money.ts';

export type PromotionRule = {
  code: string;
  discountType: 'percent' | 'fixed';
  percentOff: number | null;
  /** Minor units of `currency`. */
  amountOff: number | null;
  currency: CurrencyUnit;
  /** Minor units of `currency`; 0 for none. */
  minSpend: number;
  startsAt: Date | null;
  endsAt: Date | null;
  maxRedemptions: number | null;
  redemptionsCount: number;
  active: boolean;
};

export type PromotionRefusal =
  | { reason: 'inactive' | 'not_started' | 'expired' | 'used_up' }
  | { reason: 'currency'; currency: string }
  | { reason: 'min_spend'; minSpend: MinorMoney };

export type PromotionOutcome = { ok: true; discount: number } | ({ ok: false } & PromotionRefusal);

/** Refusals that do not depend on the cart. */
export function promotionUsableAt(rule: PromotionRule, now: Date): PromotionOutcome | null {
  if (!rule.active) return { ok: false, reason: 'inactive' };
  if (rule.startsAt && rule.startsAt.getTime() > now.getTime()) return { ok: false, reason: 'not_started' };
  if (rule.endsAt && rule.endsAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  if (rule.maxRedemptions !== null && rule.redemptionsCount >= rule.maxRedemptions) return { ok: false, reason: 'used_up' };
  return null;
}

export type PromotionCart = {
  /** Subtotal in minor units of the base currency (the option's). */
  subtotal: number;
  base: CurrencyUnit;
  /** The currency the traveller pays in. */
  chosen: string;
};

/** The discount in minor units of the cart's base currency, never more than the subtotal. */
export function promotionDiscount(rule: PromotionRule, cart: PromotionCart, rates: RateTable, now: Date): PromotionOutcome {
  const refused = promotionUsableAt(rule, now);
  if (refused) return refused;
  if (rule.currency.code !== 'SGD' && rule.currency.code !== cart.chosen) {
    return { ok: false, reason: 'currency', currency: rule.currency.code };
  }
  if (rule.minSpend > 0) {
    const spend = convertMinor(cart.subtotal, cart.base, rule.currency, rates);
    if (spend < rule.minSpend) return { ok: false, reason: 'min_spend', minSpend: { amount: rule.minSpend, currency: rule.currency.code } };
  }
  let discount: number;
  if (rule.discountType === 'percent') {
    discount = percentOf(cart.subtotal, Math.min(100, Math.max(0, rule.percentOff ?? 0)));
  } else {
    discount = convertMinor(rule.amountOff ?? 0, rule.currency, cart.base, rates);
  }
  return { ok: true, discount: Math.max(0, Math.min(discount, cart.subtotal)) };
}

/** Words for a refusal; `format` renders money in its currency. */
export function promotionRefusalText(r: PromotionRefusal, format: (m: MinorMoney) => string): string {
  switch (r.reason) {
    case 'inactive':
      return 'This promotion code is no longer active';
    case 'not_started':
      return 'This promotion code is not valid yet';
    case 'expired':
      return 'This promotion code has expired';
    case 'used_up':
      return 'This promotion code has been fully redeemed';
    case 'currency':
      return `This promotion code is for bookings paid in ${r.currency}`;
    case 'min_spend':
      return `Spend at least ${format(r.minSpend)} to use this promotion code`;
  }
}

// Every amount of a cart (spec §3 Cart), in integer minor units: the subtotal of its price
// lines, the discounts and stored value that come off it, the total, and the same in the
// currency the traveller pays in. Exchanged amounts carry the 1.02 conversion fee whenever the
// chosen currency is not the option's own (spec §9), and every exchanged line is converted on
// its own so the itemised lines always add up to the exchanged total.
//
// Minimum amounts (spec §9: "10 SGD in two cases, and one zero amount"):
//  1. Discounts (promotion code, welcome discount, referral) never bring the total below the
//     S$10 equivalent; a subtotal at or below it gets no discount.
//  2. Stored value (gift code, credits) either pays the whole remainder or leaves at least the
//     S$10 equivalent to pay by card or PayNow, never a few cents.
//  3. Zero: nothing goes below zero, and a remainder of zero is settled without any payment
//     provider (fullPaymentByCredit when credits cover it).
import { convertMinor, sumMinor, type CurrencyUnit, type RateTable } from './money.ts';
import type { PriceLine } from './pricing.ts';

/** Spec §9 minimum amount, minor units of SGD. */
export const MINIMUM_AMOUNT_SGD = 1000;
export const SGD_UNIT: CurrencyUnit = { code: 'SGD', exponent: 2 };

export type CartAmountInput = {
  lines: readonly PriceLine[];
  base: CurrencyUnit;
  chosen: CurrencyUnit;
  rates: RateTable;
  /** Each in minor units of the base currency, before the minimum-amount rules. */
  promotionDiscount?: number;
  welcomeDiscount?: number;
  referralAmount?: number;
  giftCodeBalance?: number;
  /** The traveller's credit balance when they chose to use credits (0 otherwise). */
  creditBalance?: number;
  /**
   * A corporate code the company pays with (ADR 0040): it covers the whole subtotal, so no
   * discount, credit or gift code is spent and nothing is left to pay.
   */
  corporateCover?: boolean;
};

export type AmountSet = {
  subtotal: number;
  promotionDiscount: number;
  welcomeDiscount: number;
  referralAmount: number;
  giftCodeAmount: number;
  deductedCredit: number;
  corporateAmount: number;
  total: number;
};

export type CartAmounts = AmountSet & {
  currency: string;
  minimumAmount: number;
  fullPaymentByCredit: boolean;
  exchanged: AmountSet & {
    currency: string;
    feeApplied: boolean;
    lines: PriceLine[];
    /** The part of the exchanged total that is the conversion fee. */
    conversionFee: number;
  };
};

/** The S$10 minimum in minor units of `unit`. */
export function minimumAmountIn(unit: CurrencyUnit, rates: RateTable): number {
  return convertMinor(MINIMUM_AMOUNT_SGD, SGD_UNIT, unit, rates);
}

const whole = (n: number | undefined) => {
  const v = n ?? 0;
  if (!Number.isSafeInteger(v) || v < 0) throw new Error(`Amounts must be whole and not negative: ${v}`);
  return v;
};

/** Stored value applied to `remaining`: all of it, or leaving at least `minimum` (rule 2). */
export function storedValueApplied(balance: number, remaining: number, minimum: number): number {
  if (balance <= 0 || remaining <= 0) return 0;
  if (balance >= remaining) return remaining;
  return Math.min(balance, Math.max(0, remaining - minimum));
}

export function computeCartAmounts(input: CartAmountInput): CartAmounts {
  if (input.corporateCover) return corporateAmounts(input);
  const subtotal = sumMinor(input.lines.map((l) => l.amount));
  const minimumAmount = minimumAmountIn(input.base, input.rates);

  // Rule 1: discounts stop at the minimum.
  let room = Math.max(0, subtotal - minimumAmount);
  const take = (wanted: number) => {
    const got = Math.min(whole(wanted), room);
    room -= got;
    return got;
  };
  const promotionDiscount = take(input.promotionDiscount ?? 0);
  const welcomeDiscount = take(input.welcomeDiscount ?? 0);
  const referralAmount = take(input.referralAmount ?? 0);
  let remaining = subtotal - promotionDiscount - welcomeDiscount - referralAmount;

  // Rule 2 and 3: stored value pays all or leaves at least the minimum.
  const giftCodeAmount = storedValueApplied(whole(input.giftCodeBalance), remaining, minimumAmount);
  remaining -= giftCodeAmount;
  const deductedCredit = storedValueApplied(whole(input.creditBalance), remaining, minimumAmount);
  remaining -= deductedCredit;
  const total = remaining;

  const base: AmountSet = { subtotal, promotionDiscount, welcomeDiscount, referralAmount, giftCodeAmount, deductedCredit, corporateAmount: 0, total };
  const feeApplied = input.base.code !== input.chosen.code;
  const x = (amount: number) => convertMinor(amount, input.base, input.chosen, input.rates, { fee: feeApplied });
  const lines = input.lines.map((l) => {
    const unitAmount = x(l.unitAmount);
    return { ...l, unitAmount, amount: unitAmount * l.quantity };
  });
  const ex = {
    subtotal: sumMinor(lines.map((l) => l.amount)),
    promotionDiscount: x(promotionDiscount),
    welcomeDiscount: x(welcomeDiscount),
    referralAmount: x(referralAmount),
    giftCodeAmount: x(giftCodeAmount),
    deductedCredit: x(deductedCredit),
    corporateAmount: 0,
  };
  let exTotal = ex.subtotal - ex.promotionDiscount - ex.welcomeDiscount - ex.referralAmount - ex.giftCodeAmount - ex.deductedCredit;
  if (total === 0 || exTotal < 0) {
    // Rounding each line must not leave a cent to pay (or to refund): the last deduction absorbs it.
    const key = deductedCredit > 0 ? 'deductedCredit' : giftCodeAmount > 0 ? 'giftCodeAmount' : referralAmount > 0 ? 'referralAmount' : welcomeDiscount > 0 ? 'welcomeDiscount' : 'promotionDiscount';
    ex[key] += exTotal;
    exTotal = 0;
  }
  const plain = feeApplied ? convertMinor(total, input.base, input.chosen, input.rates) : exTotal;
  return {
    currency: input.base.code,
    ...base,
    minimumAmount,
    fullPaymentByCredit: total === 0 && deductedCredit > 0,
    exchanged: { currency: input.chosen.code, feeApplied, lines, ...ex, total: exTotal, conversionFee: Math.max(0, exTotal - plain) },
  };
}

/** The company pays everything: the subtotal in both currencies, a total of zero. */
function corporateAmounts(input: CartAmountInput): CartAmounts {
  const subtotal = sumMinor(input.lines.map((l) => l.amount));
  const feeApplied = input.base.code !== input.chosen.code;
  const lines = input.lines.map((l) => {
    const unitAmount = convertMinor(l.unitAmount, input.base, input.chosen, input.rates, { fee: feeApplied });
    return { ...l, unitAmount, amount: unitAmount * l.quantity };
  });
  const exSubtotal = sumMinor(lines.map((l) => l.amount));
  const zero = { promotionDiscount: 0, welcomeDiscount: 0, referralAmount: 0, giftCodeAmount: 0, deductedCredit: 0 };
  return {
    currency: input.base.code,
    subtotal,
    ...zero,
    corporateAmount: subtotal,
    total: 0,
    minimumAmount: minimumAmountIn(input.base, input.rates),
    fullPaymentByCredit: false,
    exchanged: { currency: input.chosen.code, feeApplied, lines, subtotal: exSubtotal, ...zero, corporateAmount: exSubtotal, total: 0, conversionFee: 0 },
  };
}

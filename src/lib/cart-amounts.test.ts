import { describe, expect, it } from 'vitest';
import { computeCartAmounts, minimumAmountIn, storedValueApplied, type CartAmountInput } from './cart-amounts.ts';
import type { PriceLine } from './pricing.ts';

const RATES = { USD: '0.772', MYR: '3.285', VND: '20150', JPY: '116.8' };
const SGD = { code: 'SGD', exponent: 2 };
const USD = { code: 'USD', exponent: 2 };
const MYR = { code: 'MYR', exponent: 2 };
const VND = { code: 'VND', exponent: 0 };
const JPY = { code: 'JPY', exponent: 0 };

const adults = (n: number, unit: number): PriceLine => ({ kind: 'adult', label: 'Adult', quantity: n, unitAmount: unit, amount: n * unit });
const input = (over: Partial<CartAmountInput>): CartAmountInput => ({ lines: [adults(2, 4800)], base: SGD, chosen: SGD, rates: RATES, ...over });

describe('minimum amounts (spec §9)', () => {
  describe.each([
    [SGD, 1000],
    [MYR, 3285],
    [USD, 772],
    [VND, 201_500],
    [JPY, 1168],
  ])('S$10 in %j', (unit, minor) => {
    it(`is ${minor}`, () => expect(minimumAmountIn(unit, RATES)).toBe(minor));
  });

  describe.each([
    // [balance, remaining, minimum, applied]
    [20_000, 9600, 1000, 9600], // pays everything: zero left
    [9000, 9600, 1000, 8600], // would leave S$6: leaves S$10 instead
    [500, 9600, 1000, 500],
    [0, 9600, 1000, 0],
    [500, 800, 1000, 0], // cannot leave the minimum, cannot pay all: not used
    [800, 800, 1000, 800],
  ])('stored value %s on %s (minimum %s)', (balance, remaining, minimum, applied) => {
    it(`applies ${applied}`, () => expect(storedValueApplied(balance, remaining, minimum)).toBe(applied));
  });
});

describe('cart amounts', () => {
  describe.each([
    // name, input, base [subtotal, promo, gift, credit, total], exchanged [currency, subtotal, promo, credit, total, fee]
    ['same currency, no discount', input({}), [9600, 0, 0, 0, 9600], ['SGD', 9600, 0, 0, 9600, 0]],
    ['paid in USD: unit converted with the fee', input({ chosen: USD }), [9600, 0, 0, 0, 9600], ['USD', 7560, 0, 0, 7560, 149]],
    ['10% promotion', input({ promotionDiscount: 960 }), [9600, 960, 0, 0, 8640], ['SGD', 9600, 960, 0, 8640, 0]],
    ['promotion stops at S$10', input({ lines: [adults(1, 1200)], promotionDiscount: 240 }), [1200, 200, 0, 0, 1000], ['SGD', 1200, 200, 0, 1000, 0]],
    ['no promotion below S$10', input({ lines: [adults(1, 900)], promotionDiscount: 90 }), [900, 0, 0, 0, 900], ['SGD', 900, 0, 0, 900, 0]],
    ['credits pay in full', input({ creditBalance: 20_000, chosen: USD }), [9600, 0, 0, 9600, 0], ['USD', 7560, 0, 7560, 0, 0]],
    ['credits leave S$10', input({ creditBalance: 9000 }), [9600, 0, 0, 8600, 1000], ['SGD', 9600, 0, 8600, 1000, 0]],
    ['gift code, then credits', input({ giftCodeBalance: 3000, creditBalance: 20_000 }), [9600, 0, 3000, 6600, 0], ['SGD', 9600, 0, 6600, 0, 0]],
    ['MYR option paid in VND', input({ lines: [adults(2, 22_000)], base: MYR, chosen: VND }), [44_000, 0, 0, 0, 44_000], ['VND', 2_752_914, 0, 0, 2_752_914, 53_979]],
  ] as const)('%s', (_name, given, [subtotal, promo, gift, credit, total], [currency, xSubtotal, xPromo, xCredit, xTotal, fee]) => {
    const a = computeCartAmounts(given);
    it('adds up in the base currency', () => {
      expect([a.subtotal, a.promotionDiscount, a.giftCodeAmount, a.deductedCredit, a.total]).toEqual([subtotal, promo, gift, credit, total]);
      expect(a.subtotal - a.promotionDiscount - a.welcomeDiscount - a.referralAmount - a.giftCodeAmount - a.deductedCredit).toBe(a.total);
    });
    it('adds up in the chosen currency', () => {
      const x = a.exchanged;
      expect([x.currency, x.subtotal, x.promotionDiscount, x.deductedCredit, x.total, x.conversionFee]).toEqual([currency, xSubtotal, xPromo, xCredit, xTotal, fee]);
      expect(x.lines.reduce((s, l) => s + l.amount, 0)).toBe(x.subtotal);
      expect(x.subtotal - x.promotionDiscount - x.welcomeDiscount - x.referralAmount - x.giftCodeAmount - x.deductedCredit).toBe(x.total);
      expect(x.feeApplied).toBe(given.base.code !== given.chosen.code);
    });
  });

  it('knows a cart paid entirely by credits', () => {
    expect(computeCartAmounts(input({ creditBalance: 50_000 })).fullPaymentByCredit).toBe(true);
    expect(computeCartAmounts(input({ creditBalance: 500 })).fullPaymentByCredit).toBe(false);
  });

  it('refuses negative or fractional discounts', () => {
    expect(() => computeCartAmounts(input({ promotionDiscount: -5 }))).toThrow(/whole/);
    expect(() => computeCartAmounts(input({ creditBalance: 1.5 }))).toThrow(/whole/);
  });
});

describe('welcome discount and referral amount with stored value', () => {
  describe.each([
    // name, input, [subtotal, welcome, referral, gift, credit, total], fullPaymentByCredit
    ['S$10 welcome', input({ welcomeDiscount: 1000 }), [9600, 1000, 0, 0, 0, 8600], false],
    ['welcome stops at the S$10 minimum', input({ lines: [adults(1, 1500)], welcomeDiscount: 1295 }), [1500, 500, 0, 0, 0, 1000], false],
    ['promotion first, then welcome, within the minimum', input({ lines: [adults(1, 2500)], promotionDiscount: 1000, welcomeDiscount: 1000 }), [2500, 500, 0, 0, 0, 1000], false],
    ['welcome, then credits pay the rest', input({ welcomeDiscount: 1000, creditBalance: 20_000 }), [9600, 1000, 0, 0, 8600, 0], true],
    ['referral, then a gift code pays the rest', input({ referralAmount: 500, giftCodeBalance: 20_000 }), [9600, 0, 500, 9100, 0, 0], false],
    ['gift code in part leaves S$10 for the card', input({ welcomeDiscount: 1000, giftCodeBalance: 8000 }), [9600, 1000, 0, 7600, 0, 1000], false],
  ] as const)('%s', (_name, given, [subtotal, welcome, referral, gift, credit, total], full) => {
    const a = computeCartAmounts(given);
    it('adds up, never below zero', () => {
      expect([a.subtotal, a.welcomeDiscount, a.referralAmount, a.giftCodeAmount, a.deductedCredit, a.total]).toEqual([subtotal, welcome, referral, gift, credit, total]);
      expect(a.subtotal - a.promotionDiscount - a.welcomeDiscount - a.referralAmount - a.giftCodeAmount - a.deductedCredit).toBe(a.total);
      expect(a.fullPaymentByCredit).toBe(full);
      expect(a.exchanged.total).toBeGreaterThanOrEqual(0);
    });
  });
});

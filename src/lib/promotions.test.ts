import { describe, expect, it } from 'vitest';
import { promotionDiscount, promotionRefusalText, type PromotionRule } from './promotions.ts';

const RATES = { USD: '0.772', MYR: '3.285', VND: '20150' };
const SGD = { code: 'SGD', exponent: 2 };
const MYR = { code: 'MYR', exponent: 2 };
const VND = { code: 'VND', exponent: 0 };
const NOW = new Date('2026-11-15T00:00:00Z');

const rule = (over: Partial<PromotionRule>): PromotionRule => ({
  code: 'X',
  discountType: 'percent',
  percentOff: 10,
  amountOff: null,
  currency: SGD,
  minSpend: 0,
  startsAt: null,
  endsAt: null,
  maxRedemptions: null,
  redemptionsCount: 0,
  active: true,
  ...over,
});
const fixed = (amountOff: number, over: Partial<PromotionRule> = {}) => rule({ discountType: 'fixed', percentOff: null, amountOff, ...over });

describe('promotion discounts (base currency minor units)', () => {
  describe.each([
    ['10% of S$96', rule({}), { subtotal: 9600, base: SGD, chosen: 'SGD' }, 960],
    ['10% of a VND cart', rule({}), { subtotal: 1_250_000, base: VND, chosen: 'USD' }, 125_000],
    ['S$20 off a SGD cart', fixed(2000), { subtotal: 9600, base: SGD, chosen: 'USD' }, 2000],
    ['S$20 off a MYR cart: converted without fee', fixed(2000), { subtotal: 44_000, base: MYR, chosen: 'MYR' }, 6570],
    ['S$20 off a VND cart', fixed(2000), { subtotal: 2_000_000, base: VND, chosen: 'VND' }, 403_000],
    ['never more than the subtotal', fixed(50_000), { subtotal: 9600, base: SGD, chosen: 'SGD' }, 9600],
    ['min spend S$150 met by RM500', fixed(2000, { minSpend: 15_000 }), { subtotal: 50_000, base: MYR, chosen: 'MYR' }, 6570],
    ['RM30 code paid in ringgit', fixed(3000, { currency: MYR, minSpend: 10_000 }), { subtotal: 44_000, base: MYR, chosen: 'MYR' }, 3000],
  ] as const)('%s', (_name, r, cart, discount) => {
    it(`is ${discount}`, () => expect(promotionDiscount(r, cart, RATES, NOW)).toEqual({ ok: true, discount }));
  });

  describe.each([
    ['expired', rule({ endsAt: new Date('2026-11-01T00:00:00Z') }), { subtotal: 9600, base: SGD, chosen: 'SGD' }, { reason: 'expired' }, 'This promotion code has expired'],
    ['not started', rule({ startsAt: new Date('2026-12-01T00:00:00Z') }), { subtotal: 9600, base: SGD, chosen: 'SGD' }, { reason: 'not_started' }, 'This promotion code is not valid yet'],
    ['used up', rule({ maxRedemptions: 500, redemptionsCount: 500 }), { subtotal: 9600, base: SGD, chosen: 'SGD' }, { reason: 'used_up' }, 'This promotion code has been fully redeemed'],
    ['switched off', rule({ active: false }), { subtotal: 9600, base: SGD, chosen: 'SGD' }, { reason: 'inactive' }, 'This promotion code is no longer active'],
    ['min spend not met (RM400 ≈ S$121.77)', fixed(2000, { minSpend: 15_000 }), { subtotal: 40_000, base: MYR, chosen: 'MYR' }, { reason: 'min_spend', minSpend: { amount: 15_000, currency: 'SGD' } }, 'Spend at least SGD 15000 to use this promotion code'],
    ['ringgit code paid in dollars', fixed(3000, { currency: MYR }), { subtotal: 44_000, base: MYR, chosen: 'USD' }, { reason: 'currency', currency: 'MYR' }, 'This promotion code is for bookings paid in MYR'],
  ] as const)('refuses: %s', (_name, r, cart, refusal, text) => {
    it(`with "${text}"`, () => {
      const out = promotionDiscount(r, cart, RATES, NOW);
      expect(out).toEqual({ ok: false, ...refusal });
      expect(promotionRefusalText(refusal, (m) => `${m.currency} ${m.amount}`)).toBe(text);
    });
  });
});

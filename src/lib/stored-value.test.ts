import { describe, expect, it } from 'vitest';
import { creditValueIn, giftCodeRest, planCreditDebits, type CreditBalance } from './stored-value.ts';

const RATES = { USD: '0.772', MYR: '3.285', JPY: '116.8' };
const SGD = { code: 'SGD', exponent: 2 };
const USD = { code: 'USD', exponent: 2 };
const MYR = { code: 'MYR', exponent: 2 };
const JPY = { code: 'JPY', exponent: 0 };
const bal = (unit: typeof SGD, balance: number): CreditBalance => ({ unit, balance });

describe('credit value in the bag’s currency (no fee)', () => {
  describe.each([
    // [balances, base, value]
    [[], SGD, 0],
    [[bal(SGD, 2000)], SGD, 2000],
    [[bal(USD, 1000), bal(SGD, 2000)], SGD, 3295], // US$10 = S$12.95
    [[bal(USD, 1000)], MYR, 4255], // via SGD: 10 / 0.772 × 3.285
    [[bal(SGD, 1000)], JPY, 1168],
    [[bal(SGD, 0), bal(MYR, 0)], SGD, 0],
  ] as const)('%j in %j', (balances, base, value) => {
    it(`is ${value}`, () => expect(creditValueIn(balances, base, RATES)).toBe(value));
  });
});

describe('credit debits: never below zero, the bag’s currency first', () => {
  describe.each([
    // [name, balances, amount (base minor), base, debits]
    ['nothing to pay', [bal(SGD, 2000)], 0, SGD, []],
    ['part of one balance', [bal(SGD, 2000)], 1500, SGD, [{ currency: 'SGD', amount: 1500 }]],
    ['all of one balance', [bal(SGD, 2000)], 2000, SGD, [{ currency: 'SGD', amount: 2000 }]],
    ['base account first, then the other', [bal(USD, 1000), bal(SGD, 2000)], 2500, SGD, [{ currency: 'SGD', amount: 2000 }, { currency: 'USD', amount: 386 }]],
    ['every balance whole', [bal(USD, 1000), bal(SGD, 2000)], 3295, SGD, [{ currency: 'SGD', amount: 2000 }, { currency: 'USD', amount: 1000 }]],
    ['largest first when none is in the base currency', [bal(USD, 500), bal(MYR, 5000)], 1600, SGD, [{ currency: 'MYR', amount: 5000 }, { currency: 'USD', amount: 60 }]],
    ['zero-exponent base', [bal(SGD, 1000)], 584, JPY, [{ currency: 'SGD', amount: 500 }]],
  ] as const)('%s', (_name, balances, amount, base, debits) => {
    const plan = planCreditDebits(balances, amount, base, RATES);
    it('debits each account at most its balance', () => {
      expect(plan).toEqual(debits);
      for (const d of plan ?? []) expect(d.amount).toBeLessThanOrEqual(balances.find((b) => b.unit.code === d.currency)!.balance);
    });
  });

  it('refuses an amount the balances are not worth', () => {
    expect(planCreditDebits([bal(SGD, 2000)], 2001, SGD, RATES)).toBeNull();
    expect(planCreditDebits([], 1, SGD, RATES)).toBeNull();
  });

  it('refuses negative or fractional amounts', () => {
    expect(() => planCreditDebits([bal(SGD, 2000)], -1, SGD, RATES)).toThrow();
    expect(() => planCreditDebits([bal(SGD, 2000)], 1.5, SGD, RATES)).toThrow();
  });
});

describe('what is left of a gift code', () => {
  describe.each([
    // [code, applied (base minor), base, rest (code minor)]
    [{ amount: 5000, unit: SGD }, 5000, SGD, 0],
    [{ amount: 5000, unit: SGD }, 0, SGD, 5000],
    [{ amount: 5000, unit: SGD }, 3200, SGD, 1800],
    [{ amount: 5000, unit: SGD }, 9000, SGD, 0],
    [{ amount: 5000, unit: SGD }, 8000, MYR, 2565], // S$50 = RM164.25; RM80 used = S$24.35
    [{ amount: 3000, unit: MYR }, 913, SGD, 0], // RM30 = S$9.13: used in full
  ] as const)('%j after %s of %j', (code, applied, base, rest) => {
    it(`is ${rest}`, () => expect(giftCodeRest(code, applied, base, RATES)).toBe(rest));
  });
});

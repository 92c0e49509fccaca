import { describe, expect, it } from 'vitest';
import { welcomeDiscount } from './welcome-discount.ts';

describe('welcomeDiscount (spec §9)', () => {
  it.each([
    ['MY', { amount: 30, currency: 'MYR' }],
    ['my', { amount: 30, currency: 'MYR' }],
    ['SG', { amount: 10, currency: 'SGD' }],
    [' sg ', { amount: 10, currency: 'SGD' }],
    ['GB', { amount: 10, currency: 'USD' }],
    ['VN', { amount: 10, currency: 'USD' }],
    ['', { amount: 10, currency: 'USD' }],
    [null, { amount: 10, currency: 'USD' }],
    [undefined, { amount: 10, currency: 'USD' }],
  ])('%s → %j', (country, expected) => expect(welcomeDiscount(country)).toEqual(expected));

  it('answers a copy (callers may change it)', () => {
    const a = welcomeDiscount('MY');
    a.amount = 1;
    expect(welcomeDiscount('MY').amount).toBe(30);
  });
});

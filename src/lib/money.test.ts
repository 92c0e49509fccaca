import { describe, expect, it } from 'vitest';
import { CONVERSION_FEE, convertMinor, exchangeRate, percentOf, sumMinor, toMajor, toMinor, UnknownCurrencyError } from './money.ts';

// One SGD in each currency, as the exchange_rates table stores them (numeric strings).
const RATES = { USD: '0.7720000000', MYR: '3.2850000000', VND: '20150', JPY: '116.8', IDR: '12780.0000000000', EUR: 0.668 };
const U = {
  SGD: { code: 'SGD', exponent: 2 },
  USD: { code: 'USD', exponent: 2 },
  MYR: { code: 'MYR', exponent: 2 },
  VND: { code: 'VND', exponent: 0 },
  JPY: { code: 'JPY', exponent: 0 },
  IDR: { code: 'IDR', exponent: 2 },
  EUR: { code: 'EUR', exponent: 2 },
} as const;

describe('minor units by currency exponent', () => {
  describe.each([
    [12.5, 2, 1250],
    [1.005, 2, 101], // decimal, not binary: 1.005 is exactly half a cent over
    [0.1 + 0.2, 2, 30],
    [4800, 0, 4800], // JPY: no decimals
    [1_250_000, 0, 1_250_000], // VND: no decimals
    [99.99, 2, 9999],
    [-3.335, 2, -334], // half away from zero
  ])('toMinor(%s, %s)', (major, exponent, minor) => {
    it(`is ${minor}`, () => expect(toMinor(major, exponent)).toBe(minor));
  });

  describe.each([
    [1250, 2, 12.5],
    [5, 2, 0.05],
    [828_082, 0, 828_082],
    [123_456_789, 2, 1_234_567.89],
  ])('toMajor(%s, %s)', (minor, exponent, major) => {
    it(`is ${major}`, () => expect(toMajor(minor, exponent)).toBe(major));
  });

  it('refuses fractions of a minor unit', () => {
    expect(() => toMajor(12.5, 2)).toThrow(/whole/);
    expect(() => sumMinor([1, 0.5])).toThrow(/whole/);
  });
});

describe('conversion through SGD', () => {
  describe.each([
    // [amount, from, to, fee, expected]
    [10_000, 'SGD', 'USD', false, 7720],
    [10_000, 'SGD', 'USD', true, 7874], // S$100 → US$77.20 × 1.02
    [5000, 'MYR', 'SGD', false, 1522],
    [5000, 'MYR', 'USD', false, 1175], // MYR → SGD → USD, rounded once
    [5000, 'MYR', 'USD', true, 1199],
    [10_000, 'SGD', 'VND', false, 2_015_000],
    [10_000, 'SGD', 'VND', true, 2_055_300],
    [4800, 'JPY', 'SGD', false, 4110], // 0 decimals → 2 decimals
    [4800, 'JPY', 'VND', false, 828_082], // 0 → 0
    [1_250_000, 'IDR', 'JPY', true, 117],
    [7720, 'USD', 'USD', true, 7720], // same currency: nothing exchanged, no fee
    [0, 'SGD', 'EUR', true, 0],
  ] as const)('%s %s → %s (fee %s)', (amount, from, to, fee, expected) => {
    it(`is ${expected}`, () => expect(convertMinor(amount, U[from], U[to], RATES, { fee })).toBe(expected));
  });

  it('rounds half away from zero, once', () => {
    const rates = { USD: '0.5' };
    expect(convertMinor(1, U.SGD, U.USD, rates)).toBe(1);
    expect(convertMinor(-1, U.SGD, U.USD, rates)).toBe(-1);
    expect(convertMinor(3, U.SGD, U.USD, rates)).toBe(2);
  });

  it('names the unsupported currency in the spec’s words', () => {
    expect(() => convertMinor(100, U.SGD, { code: 'XYZ', exponent: 2 }, RATES)).toThrow(UnknownCurrencyError);
    expect(() => convertMinor(100, { code: 'XYZ', exponent: 2 }, U.SGD, RATES)).toThrow('Encounter unsupported currency: XYZ is not supported');
  });

  it('shows the rate the traveller gets, with and without the fee', () => {
    expect(CONVERSION_FEE).toBe('1.02');
    expect(exchangeRate('MYR', 'USD', RATES)).toBe(0.235008);
    expect(exchangeRate('MYR', 'USD', RATES, { fee: true })).toBe(0.239708);
    expect(exchangeRate('SGD', 'SGD', RATES, { fee: true })).toBe(1);
  });
});

describe.each([
  [10_001, 10, 1000],
  [5, 10, 1], // half a cent rounds up
  [12_345, 12.5, 1543],
  [10_000, 100, 10_000],
  [0, 15, 0],
])('percentOf(%s, %s)', (amount, percent, expected) => {
  it(`is ${expected}`, () => expect(percentOf(amount, percent)).toBe(expected));
});

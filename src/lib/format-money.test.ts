import { describe, expect, it } from 'vitest';
import { convertMoney, currencyByCode, formatMoney, packCurrency, roundToExponent, sgdRates, unpackCurrency, UnsupportedCurrencyError, type CurrencyFormat } from './format-money.ts';

const fmt = (code: string, exponent: number, prefix: string, suffix = '', decimalMark = '.', thousandsSeparator = ','): CurrencyFormat => ({
  code,
  exponent,
  prefix,
  suffix,
  decimalMark,
  thousandsSeparator,
});

const CURRENCIES = [
  fmt('SGD', 2, 'S$'),
  fmt('USD', 2, 'US$'),
  fmt('EUR', 2, '€'),
  fmt('THB', 2, '฿'),
  fmt('JPY', 0, '¥'),
  fmt('VND', 0, '', ' ₫', ',', '.'),
  fmt('IDR', 2, 'Rp ', '', ',', '.'),
  fmt('CHF', 2, 'CHF ', '', '.', '’'),
];
const cur = (code: string) => currencyByCode(CURRENCIES, code);

const RATES = sgdRates([
  { fromCurrency: 'SGD', toCurrency: 'USD', rate: 0.772 },
  { fromCurrency: 'SGD', toCurrency: 'EUR', rate: 0.668 },
  { fromCurrency: 'SGD', toCurrency: 'THB', rate: 25.2 },
  { fromCurrency: 'SGD', toCurrency: 'JPY', rate: 116.8 },
  { fromCurrency: 'SGD', toCurrency: 'VND', rate: 20150 },
  { fromCurrency: 'SGD', toCurrency: 'IDR', rate: 12780 },
  { fromCurrency: 'SGD', toCurrency: 'CHF', rate: 0.619 },
  // Rates not from SGD are ignored: conversion always goes through SGD.
  { fromCurrency: 'USD', toCurrency: 'EUR', rate: 99 },
]);

describe.each([
  [1.005, 2, 1.01],
  [2.675, 2, 2.68],
  [1234.5, 0, 1235],
  [0.125, 2, 0.13],
  [-1.005, 2, -1.01],
  [99.994, 2, 99.99],
])('roundToExponent(%f, %i)', (amount, exponent, expected) => {
  it(`is ${expected}`, () => expect(roundToExponent(amount, exponent)).toBe(expected));
});

describe.each([
  [{ amount: 1234.5, currency: 'SGD' }, {}, 'S$1,234.50'],
  [{ amount: 85, currency: 'SGD' }, {}, 'S$85.00'],
  [{ amount: 85, currency: 'SGD' }, { trimWholeDecimals: true }, 'S$85'],
  [{ amount: 85.1, currency: 'SGD' }, { trimWholeDecimals: true }, 'S$85.10'],
  [{ amount: 1250000, currency: 'VND' }, {}, '1.250.000 ₫'],
  [{ amount: 4800, currency: 'JPY' }, {}, '¥4,800'],
  [{ amount: 1500000, currency: 'IDR' }, {}, 'Rp 1.500.000,00'],
  [{ amount: 1200, currency: 'CHF' }, {}, 'CHF 1’200.00'],
  [{ amount: 0, currency: 'USD' }, {}, 'US$0.00'],
  [{ amount: -12.5, currency: 'EUR' }, {}, '-€12.50'],
  [{ amount: 999.999, currency: 'USD' }, {}, 'US$1,000.00'],
])('formatMoney(%o, %o)', (money, options, expected) => {
  it(`is ${expected}`, () => expect(formatMoney(money, cur(money.currency), options)).toBe(expected));
});

describe.each([
  // from, to, expected: via SGD, rounded to the target's exponent
  [{ amount: 100, currency: 'SGD' }, 'USD', { amount: 77.2, currency: 'USD' }],
  [{ amount: 100, currency: 'USD' }, 'SGD', { amount: 129.53, currency: 'SGD' }],
  [{ amount: 1200, currency: 'THB' }, 'EUR', { amount: 31.81, currency: 'EUR' }],
  [{ amount: 1200, currency: 'THB' }, 'JPY', { amount: 5562, currency: 'JPY' }],
  [{ amount: 85, currency: 'SGD' }, 'VND', { amount: 1712750, currency: 'VND' }],
  [{ amount: 1712750, currency: 'VND' }, 'SGD', { amount: 85, currency: 'SGD' }],
  [{ amount: 49.999, currency: 'USD' }, 'USD', { amount: 50, currency: 'USD' }],
  [{ amount: 300000, currency: 'IDR' }, 'CHF', { amount: 14.53, currency: 'CHF' }],
])('convertMoney(%o → %s)', (money, to, expected) => {
  it(`is ${expected.amount} ${expected.currency}`, () => expect(convertMoney(money, cur(to), RATES)).toEqual(expected));
});

describe('unsupported currencies', () => {
  it('throws the spec message for an unknown source currency', () => {
    expect(() => convertMoney({ amount: 1, currency: 'XYZ' }, cur('USD'), RATES)).toThrow(UnsupportedCurrencyError);
    expect(() => convertMoney({ amount: 1, currency: 'XYZ' }, cur('USD'), RATES)).toThrow(/Encounter unsupported currency: XYZ is not supported/);
  });
  it('throws for a target without a rate', () => {
    expect(() => convertMoney({ amount: 1, currency: 'USD' }, fmt('GBP', 2, '£'), RATES)).toThrow(/GBP is not supported/);
  });
  it('throws when looking up an unknown code', () => {
    expect(() => currencyByCode(CURRENCIES, 'ABC')).toThrow(UnsupportedCurrencyError);
  });
  it('refuses to format an amount with another currency’s format', () => {
    expect(() => formatMoney({ amount: 1, currency: 'USD' }, cur('SGD'))).toThrow();
  });
});

describe("a page's currency list", () => {
  const usd = { code: 'USD', fullName: 'US Dollar', symbol: '$', exponent: 2, prefix: 'US$', suffix: '', decimalMark: '.', thousandsSeparator: ',' };
  const vnd = { code: 'VND', fullName: 'Vietnamese Dong', symbol: '₫', exponent: 0, prefix: '', suffix: ' ₫', decimalMark: ',', thousandsSeparator: '.' };

  it('leaves out the format values most currencies share, and keeps the others', () => {
    expect(packCurrency(usd)).toEqual({ code: 'USD', fullName: 'US Dollar', symbol: '$', prefix: 'US$' });
    expect(packCurrency(vnd)).toEqual(vnd);
  });

  it('comes back whole, and formats as before', () => {
    for (const c of [usd, vnd]) {
      const back = unpackCurrency(JSON.parse(JSON.stringify(packCurrency(c))) as ReturnType<typeof packCurrency<typeof c>>);
      expect(back).toEqual(c);
      expect(formatMoney({ amount: 1234567, currency: c.code }, back)).toBe(formatMoney({ amount: 1234567, currency: c.code }, c));
    }
  });
});

import { describe, expect, it } from 'vitest';
import { currencyForCountry } from './geo-currency.ts';

describe.each([
  ['AU', 'AUD'], ['GB', 'GBP'], ['SG', 'SGD'], ['MY', 'MYR'], ['DE', 'EUR'], ['fr', 'EUR'], ['TH', 'THB'],
  ['CN', 'CNY'], ['JP', 'JPY'], ['IN', 'INR'], ['NZ', 'NZD'], ['CA', 'CAD'], ['CH', 'CHF'],
  ['US', 'USD'], ['VN', 'USD'], ['XX', 'USD'], ['', 'USD'], [undefined, 'USD'],
])('%s', (country, currency) => {
  it(`→ ${currency}`, () => expect(currencyForCountry(country)).toBe(currency));
});

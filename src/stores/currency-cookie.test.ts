import { describe, expect, it } from 'vitest';
import { currencyCookie, readCurrencyCookie } from './currency-cookie.ts';

describe.each([
  ['currency=EUR', 'EUR'],
  ['a=1; currency=jpy; b=2', 'JPY'],
  ['currency_x=EUR', undefined],
  ['currency=EURO', undefined],
  ['', undefined],
])('readCurrencyCookie(%s)', (cookie, expected) => {
  it(`is ${String(expected)}`, () => expect(readCurrencyCookie(cookie)).toBe(expected));
});

describe('currencyCookie', () => {
  it('is site-wide and lasts a year', () => {
    expect(currencyCookie('SGD')).toBe('currency=SGD; Path=/; Max-Age=31536000; SameSite=Lax');
  });
});

import { describe, expect, it } from 'vitest';
import { accountRoute, conversionParts, formatConversion, formatCredit, formatDay } from './account-format.ts';

describe('accountRoute', () => {
  it.each([
    ['/account', { section: 'home' }],
    ['/account/', { section: 'home' }],
    ['/account/profile', { section: 'profile' }],
    ['/account/phone-number', { section: 'phone-number' }],
    ['/account/credits', { section: 'credits' }],
    ['/account/payment-cards', { section: 'payment-cards' }],
    ['/account/referral', { section: 'referral' }],
    ['/account/bucket-list', { section: 'bucket-list' }],
    ['/account/gift-codes', { section: 'gift-codes' }],
    ['/account/gift-codes/abc_123', { section: 'gift-code', id: 'abc_123' }],
    ['/account/gift-codes/abc/more', { section: 'unknown' }],
    ['/account/trips', { section: 'trips' }],
    ['/account/trips/x/receipt', { section: 'trips' }],
    ['/account/profile/extra', { section: 'unknown' }],
    ['/account/anything', { section: 'unknown' }],
    ['/checkout', { section: 'unknown' }],
  ])('%s', (path, route) => expect(accountRoute(path)).toEqual(route));
});

describe('formatters', () => {
  it('money with its code', () => {
    expect(formatCredit({ amount: 20, currency: 'SGD' })).toBe('SGD 20.00');
    expect(formatCredit({ amount: -25, currency: 'SGD' })).toBe('-SGD 25.00');
    expect(formatCredit({ amount: 50000, currency: 'VND' })).toBe('VND 50,000');
  });
  it('a gift code converted via SGD, with the rate', () => {
    expect(formatConversion({ amount: 100, currency: 'SGD' }, { amount: { amount: 330, currency: 'MYR' }, rate: 3.3 })).toBe('SGD 100.00 → MYR 330.00 at 1 SGD = 3.30 MYR');
    expect(formatConversion({ amount: 50, currency: 'SGD' }, { amount: { amount: 164.25, currency: 'MYR' }, rate: 3.285 })).toBe('SGD 50.00 → MYR 164.25 at 1 SGD = 3.285 MYR');
    expect(conversionParts({ amount: 50, currency: 'SGD' }, { amount: { amount: 164.25, currency: 'MYR' }, rate: 3.285 })).toEqual({ amount: 'MYR 164.25', rate: '1 SGD = 3.285 MYR' });
  });
  it('days', () => {
    expect(formatDay('2026-02-18T07:45:00Z')).toBe('18 Feb 2026');
    expect(formatDay('nope')).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { accountRoute, formatCredit, formatDay } from './account-format.ts';

describe('accountRoute', () => {
  it.each([
    ['/account', { section: 'home' }],
    ['/account/', { section: 'home' }],
    ['/account/profile', { section: 'profile' }],
    ['/account/phone-number', { section: 'phone-number' }],
    ['/account/credits', { section: 'credits' }],
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
  it('days', () => {
    expect(formatDay('2026-02-18T07:45:00Z')).toBe('18 Feb 2026');
    expect(formatDay('nope')).toBe('');
  });
});

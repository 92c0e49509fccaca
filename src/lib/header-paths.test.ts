import { describe, expect, it } from 'vitest';
import { isCheckoutPath, isCurrencyPickerLocked, isLoginPath, loginHref, navSection, queryObject } from './header-paths.ts';

describe.each([
  ['/invoices/x', true],
  ['/invoices/x/success', true],
  ['/invoices/x/', true],
  ['/later-payment/abc', true],
  ['/account/trips/t1/change-date', true],
  ['/account/trips/t1/change-date/success', true],
  ['/account/trips/t1/add-guest', true],
  ['/account/trips/t1/add-guest/success/', true],
  ['/invoices', false],
  ['/invoicesx/1', false],
  ['/account/trips/t1', false],
  ['/account/trips/t1/cancel', false],
  ['/account/trips/change-date', false],
  ['/checkout', false],
  ['/', false],
  ['/experiences/invoices', false],
])('isCurrencyPickerLocked(%s)', (path, locked) => {
  it(`is ${String(locked)}`, () => expect(isCurrencyPickerLocked(path)).toBe(locked));
});

describe.each([
  ['/users/login', true],
  ['/users/login/', true],
  ['/users/login/whatsapp', true],
  ['/users/signup', false],
  ['/users/loginx', false],
  ['/', false],
])('isLoginPath(%s)', (path, expected) => {
  it(`is ${String(expected)}`, () => expect(isLoginPath(path)).toBe(expected));
});

describe('queryObject', () => {
  it('keeps single values as strings and repeated keys as arrays', () => {
    expect(queryObject('?a=1&b=x%20y&a=2&c=')).toEqual({ a: ['1', '2'], b: 'x y', c: '' });
  });
  it('is empty without a query', () => expect(queryObject('')).toEqual({}));
});

describe.each([
  ['/cities/bali', '', '/cities/bali', {}],
  ['/cities/bali/', '', '/cities/bali', {}],
  ['/', '', '/', {}],
  ['/experiences/x', '?gift_experience=1&gdc=AB', '/experiences/x', { gift_experience: '1', gdc: 'AB' }],
  ['/account/trips', '?tab=past&ids[]=1&ids[]=2', '/account/trips', { tab: 'past', 'ids[]': ['1', '2'] }],
])('loginHref(%s, %s)', (path, search, redirectPath, query) => {
  const href = loginHref(path, search);
  const url = new URL(href, 'https://verdant.test');
  it('goes to the login page', () => expect(url.pathname).toBe('/users/login'));
  it('carries redirect_path', () => expect(url.searchParams.get('redirect_path')).toBe(redirectPath));
  it('carries redirect_path_query as JSON', () => expect(JSON.parse(url.searchParams.get('redirect_path_query') ?? 'null')).toEqual(query));
});

describe.each(['/users/login', '/users/login/', '/users/login/whatsapp'])('loginHref on the login page %s', (path) => {
  it('is the bare login page', () => expect(loginHref(path, '?redirect_path=%2Fx')).toBe('/users/login'));
});

describe.each([
  ['/checkout', true],
  ['/checkout/', true],
  ['/checkout/confirmation', false],
  ['/checkouts', false],
  ['/', false],
])('isCheckoutPath(%s)', (path, expected) => {
  it(`is ${String(expected)}`, () => expect(isCheckoutPath(path)).toBe(expected));
});

describe.each([
  ['/cities/bali', 'destinations'],
  ['/countries/japan/', 'destinations'],
  ['/gifts', 'gifts'],
  ['/about', 'about'],
  ['/sustainability', 'about'],
  ['/magazine', 'field-notes'],
  ['/magazine/a/x', 'field-notes'],
  ['/', undefined],
  ['/experiences/x', undefined],
  ['/about-us', undefined],
])('navSection(%s)', (path, section) => {
  it(`is ${String(section)}`, () => expect(navSection(path)).toBe(section));
});

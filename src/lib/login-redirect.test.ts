import { describe, expect, it } from 'vitest';
import { afterLoginHref, withQuery } from './login-redirect.ts';

const q = (path: string, query?: unknown) => `?${new URLSearchParams({ redirect_path: path, ...(query === undefined ? {} : { redirect_path_query: typeof query === 'string' ? query : JSON.stringify(query) }) })}`;

describe('afterLoginHref (spec §2 Login)', () => {
  it.each([
    ['no query', '', '/'],
    ['a path', q('/cities/ubud'), '/cities/ubud'],
    ['a path with its query', q('/search', { q: 'kayak', 'ids[]': ['1', '2'] }), '/search?q=kayak&ids%5B%5D=1&ids%5B%5D=2'],
    ['an empty query object', q('/gifts', {}), '/gifts'],
    ['a malformed query', q('/gifts', '{nope'), '/gifts'],
    ['a query that is an array', q('/gifts', '[1,2]'), '/gifts'],
    ['the 404 page', q('/404'), '/'],
    ['the login page', q('/users/login'), '/'],
    ['the WhatsApp login page', q('/users/login/whatsapp'), '/'],
    ['another site', q('https://evil.example/'), '/'],
    ['a protocol-relative address', q('//evil.example/x'), '/'],
    ['a backslash trick', q('/\\evil.example'), '/'],
    ['a relative path', q('cities'), '/'],
  ])('%s', (_what, search, expected) => expect(afterLoginHref(search)).toBe(expected));
});

describe('withQuery', () => {
  it('keeps the current query and sets the extra keys', () => {
    expect(withQuery('/users/signup', '?code=abc&osc=x', { email: 'a@b.co' })).toBe('/users/signup?code=abc&osc=x&email=a%40b.co');
    expect(withQuery('/account/phone-number', '', { add_phone: 'true' })).toBe('/account/phone-number?add_phone=true');
  });
});

import { describe, expect, it } from 'vitest';
import { MESSAGES, isEmail, validateCode, validateLoginEmail, validateLoginPassword, validateSignup } from './auth-validation.ts';

const ok = { name: 'Nadia', email: 'nadia@example.com', password: 'kinabalu', passwordConfirmation: 'kinabalu', captcha: 'token' };

describe('spec §5 texts', () => {
  it.each([
    ['', MESSAGES.loginEmailRequired],
    ['   ', MESSAGES.loginEmailRequired],
    [42, MESSAGES.loginEmailRequired],
    ['nadia@', MESSAGES.loginEmailInvalid],
    ['nadia@example', MESSAGES.loginEmailInvalid],
    ['na dia@example.com', MESSAGES.loginEmailInvalid],
    ['nadia@example.com', undefined],
  ])('log-in email %j', (email, text) => expect(validateLoginEmail(email)).toBe(text));

  it('log-in password', () => {
    expect(validateLoginPassword('')).toBe('Please enter your password');
    expect(validateLoginPassword('x')).toBeUndefined();
  });

  it.each([
    [{ name: ' ' }, { name: 'Please enter your name' }],
    [{ email: '' }, { email: 'Please enter your email' }],
    [{ email: 'nadia@' }, { email: 'Invalid email' }],
    [{ password: '', passwordConfirmation: '' }, { password: 'Please enter password' }],
    [{ password: 'abc', passwordConfirmation: 'abc' }, { password: 'Minimum 6 characters for password.' }],
    [{ passwordConfirmation: 'other' }, { passwordConfirmation: 'Password confirmation does not match password' }],
    [{ captcha: '' }, { captcha: 'Please complete captcha challenge' }],
    [{}, {}],
  ])('sign-up %j', (over, errors) => expect(validateSignup({ ...ok, ...over })).toEqual(errors));

  it('the WhatsApp sign-up step asks no password', () => {
    expect(validateSignup({ ...ok, password: '', passwordConfirmation: 'x' }, { passwordless: true })).toEqual({});
  });

  it('code and email helpers', () => {
    expect(validateCode(' ')).toBe('Please enter your code');
    expect(validateCode('123456')).toBeUndefined();
    expect(isEmail(`${'a'.repeat(250)}@x.co`)).toBe(false);
  });
});

// Validation texts of spec §5 for log-in, sign-up, phone and code, and the checks behind them.
// Pure, so the islands (before any request) and the server contract show the same words.

export const MESSAGES = {
  loginEmailRequired: 'Please enter email',
  loginEmailInvalid: 'Email is invalid',
  loginPasswordRequired: 'Please enter your password',
  signupEmailRequired: 'Please enter your email',
  signupEmailInvalid: 'Invalid email',
  signupPasswordRequired: 'Please enter password',
  passwordHint: 'Minimum 6 characters for password.',
  passwordConfirmation: 'Password confirmation does not match password',
  nameRequired: 'Please enter your name',
  captchaRequired: 'Please complete captcha challenge',
  phoneInvalid: 'Please input a valid phone number',
  codeRequired: 'Please enter your code',
  internalError: 'An internal error occurred',
  emailTaken: 'Email has already been taken',
  whatsappNotLinked: 'Looks like your number isn’t linked to WhatsApp. Please use a valid WhatsApp number',
  logoutFailed: "Couldn't logout for user",
} as const;

/** The hint says six characters; the spec enforces none, we do (and at most 128, argon2 input). */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

// One pattern for both sides: a local part, an @, a domain with a dot; no spaces.
const EMAIL_RE = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

export function isEmail(value: string): boolean {
  const v = value.trim();
  return v.length <= 254 && EMAIL_RE.test(v);
}

export type Errors = Record<string, string>;

export function validateLoginEmail(email: unknown): string | undefined {
  if (typeof email !== 'string' || email.trim() === '') return MESSAGES.loginEmailRequired;
  return isEmail(email) ? undefined : MESSAGES.loginEmailInvalid;
}

export function validateLoginPassword(password: unknown): string | undefined {
  return typeof password === 'string' && password !== '' ? undefined : MESSAGES.loginPasswordRequired;
}

export type SignupValues = {
  name: string;
  email: string;
  password: string;
  passwordConfirmation: string;
  captcha: string;
};

/** Sign-up form (spec §5). `passwordless`: the WhatsApp 'Finishing Signing Up' step asks no password. */
export function validateSignup(v: SignupValues, opts: { passwordless?: boolean } = {}): Errors {
  const errors: Errors = {};
  if (v.name.trim() === '') errors['name'] = MESSAGES.nameRequired;
  if (v.email.trim() === '') errors['email'] = MESSAGES.signupEmailRequired;
  else if (!isEmail(v.email)) errors['email'] = MESSAGES.signupEmailInvalid;
  if (!opts.passwordless) {
    if (v.password === '') errors['password'] = MESSAGES.signupPasswordRequired;
    else if (v.password.length < PASSWORD_MIN) errors['password'] = MESSAGES.passwordHint;
    if (v.passwordConfirmation !== v.password) errors['passwordConfirmation'] = MESSAGES.passwordConfirmation;
  }
  if (v.captcha === '') errors['captcha'] = MESSAGES.captchaRequired;
  return errors;
}

export function validateCode(code: string): string | undefined {
  return code.trim() === '' ? MESSAGES.codeRequired : undefined;
}

/** A code is 6 digits; spaces a person types are dropped. */
export const normaliseCode = (code: string) => code.replace(/\s+/g, '');

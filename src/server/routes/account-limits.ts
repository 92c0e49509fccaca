// Per-IP budgets per minute of the account calls (429 with Retry-After past them): enough for a
// person, too few for a script guessing passwords, codes or emails.
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { rateLimit } from '../middleware.ts';

export const ACCOUNT_LIMITS = { login: 10, signup: 5, emailLookup: 20, otpSend: 5, otpCheck: 10, password: 5, oauth: 20, token: 20 } as const;
const DEFAULT_API_LIMIT = 300;

/** Grows with RATE_LIMIT_PER_MINUTE like the engagement budgets (a test run raises both). */
const budget = (base: number) => (c: Context<AppEnv>) => Math.max(base, Math.floor((base * c.var.config.rateLimitPerMinute) / DEFAULT_API_LIMIT));

export const accountLimit = (bucket: keyof typeof ACCOUNT_LIMITS) => rateLimit({ bucket: `account-${bucket}`, limit: budget(ACCOUNT_LIMITS[bucket]) });

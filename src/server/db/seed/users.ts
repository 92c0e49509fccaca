// Development users of every role, with a known password (documented in the README).
import { hash } from '@node-rs/argon2';
import { idFrom } from './prng.ts';

export const DEV_PASSWORD = 'verdant-dev-password';

export type DevUser = {
  id: string;
  email: string;
  name: string;
  countryCode: string;
  isAdmin: boolean;
  /** Operator slug this user is a partner of. */
  partnerOf?: string;
  ambassador?: { status: 'applied' | 'approved' | 'rejected'; channel: 'instagram' | 'tiktok' | 'blog' | 'other'; handle: string; referralCode: string };
};

const u = (email: string, name: string, countryCode: string, extra: Partial<DevUser> = {}): DevUser => ({
  id: idFrom(`user:${email}`),
  email,
  name,
  countryCode,
  isAdmin: false,
  ...extra,
});

export const DEV_USERS: DevUser[] = [
  u('traveller@verdant.test', 'Tess Traveller', 'GB'),
  u('admin@verdant.test', 'Ada Admin', 'SG', { isAdmin: true }),
  u('partner@verdant.test', 'Farid Partner', 'SG', { partnerOf: 'ubin-paddle-co' }),
  u('ambassador@verdant.test', 'Amara Ambassador', 'MY', { ambassador: { status: 'approved', channel: 'instagram', handle: '@amara.outdoors', referralCode: 'AMARA10' } }),
  u('ambassador.applied@verdant.test', 'Aiden Applied', 'AU', { ambassador: { status: 'applied', channel: 'tiktok', handle: '@aiden.wanders', referralCode: 'AIDEN10' } }),
  u('ambassador.rejected@verdant.test', 'Rhea Rejected', 'IN', { ambassador: { status: 'rejected', channel: 'blog', handle: 'rhea-roams.example', referralCode: 'RHEA10' } }),
  // A member with credits and a gift code to spend at checkout (booking journeys).
  u('explorer@verdant.test', 'Ezra Explorer', 'SG'),
];

/** Argon2id with the parameters the auth service uses. Salted, so the hash differs per run. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
}

// Random secrets and their stored form: tokens go to the browser, only their SHA-256 is kept.
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** Compares two secrets in constant time (for equal lengths), so timing does not reveal a prefix. */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

export const newToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
/** An unguessable URL-safe id (128 bits by default) for rows a person owns: carts, orders, shares. */
export const randomId = (bytes = 16) => randomBytes(bytes).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const hmac = (secret: string, value: string) => createHmac('sha256', secret).update(value).digest('base64url');

/** A 6-digit code, uniformly drawn. */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Codes are short, so their hash is keyed by the server secret (a stolen table cannot be brute-forced offline alone). */
export const codeHash = (secret: string, code: string) => hmac(secret, `code:${code}`);
export const codeMatches = (secret: string, code: string, stored: string) => safeEqual(codeHash(secret, code), stored);

/** Argon2id at OWASP's minimum (19 MiB, 2 passes, 1 lane). */
export const ARGON2 = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
export const hashPassword = (password: string) => hash(password, ARGON2);

let dummy: Promise<string> | undefined;
/** Verifies, or spends the same time on a dummy hash when there is no user, so timing reveals nothing. */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hashPassword('verdant-dummy-password');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false; // a malformed stored hash never matches
  }
}

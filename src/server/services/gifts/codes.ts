// Gift codes people type: 20 characters of Crockford base32 (100 bits, well above the 80 the
// issue asks for), without the letters that read like digits (I, L, O, U).
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function newGiftCode(prefix: 'GC' | 'GX'): string {
  const bytes = randomBytes(20);
  let out = '';
  for (const b of bytes) out += ALPHABET[b & 31];
  return `${prefix}-${out.replace(/(.{5})(?=.)/g, '$1-')}`;
}

/** How people type it back: any case, with or without dashes and spaces. */
export const normaliseGiftCode = (code: string) => code.trim().toUpperCase().replace(/[\s-]/g, '');

/**
 * A typed code in the form it is stored: a GC/GX code typed in any case, with or without its
 * dashes or with spaces, and with O, I or L read as 0, 1, 1 (Crockford base32 has none of them),
 * becomes `GC-XXXXX-XXXXX-XXXXX-XXXXX`, so it is found by equality (the unique index). Other
 * codes (older, hand-made ones) are only trimmed and upper-cased.
 */
export function canonicalGiftCode(typed: string): string {
  const m = /^(G[CX])([0-9A-Z]{20})$/.exec(normaliseGiftCode(typed));
  if (!m) return typed.trim().toUpperCase();
  const body = m[2]!.replace(/O/g, '0').replace(/[IL]/g, '1');
  return `${m[1]}-${body.replace(/(.{5})(?=.)/g, '$1-')}`;
}
export const GIFT_CODE_BITS = 100;

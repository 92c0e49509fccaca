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
export const GIFT_CODE_BITS = 100;

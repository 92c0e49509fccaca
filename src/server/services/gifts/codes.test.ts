import { describe, expect, it } from 'vitest';
import { canonicalGiftCode, newGiftCode } from './codes.ts';

describe('gift codes as people type them', () => {
  const code = 'GC-7K2M9-PQ0R1-ZX45T-0W8H1';
  it.each([
    ['as printed', code],
    ['lower case', code.toLowerCase()],
    ['without dashes', code.replace(/-/g, '')],
    ['with spaces', 'gc 7k2m9 pq0r1 zx45t 0w8h1'],
    ['with O for 0 and l or I for 1', 'GC-7K2M9-PQOR1-ZX45T-OW8Hl'],
    ['around spaces', `  ${code}  `],
  ])('%s: found as the stored code', (_label, typed) => {
    expect(canonicalGiftCode(typed)).toBe(code);
  });

  it('gift experience codes (GX) too; other codes are only trimmed and upper-cased', () => {
    expect(canonicalGiftCode('gx7k2m9pq0r1zx45t0w8h1')).toBe('GX-7K2M9-PQ0R1-ZX45T-0W8H1');
    expect(canonicalGiftCode(' welcome-25 ')).toBe('WELCOME-25');
    expect(canonicalGiftCode('GC-TOO-SHORT')).toBe('GC-TOO-SHORT');
  });

  it('a new code is its own canonical form', () => {
    for (let i = 0; i < 50; i++) {
      const c = newGiftCode(i % 2 ? 'GC' : 'GX');
      expect(canonicalGiftCode(c)).toBe(c);
    }
  });
});

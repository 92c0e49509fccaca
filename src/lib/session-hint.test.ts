import { describe, expect, it } from 'vitest';
import { hasSignedInHint } from './session-hint.ts';

describe('hasSignedInHint', () => {
  it('finds signed_in=1 among the cookies, wherever it is', () => {
    expect(hasSignedInHint('signed_in=1')).toBe(true);
    expect(hasSignedInHint('currency=SGD; signed_in=1; other=x')).toBe(true);
  });
  it('ignores other values and look-alike names', () => {
    expect(hasSignedInHint('')).toBe(false);
    expect(hasSignedInHint('signed_in=0')).toBe(false);
    expect(hasSignedInHint('not_signed_in=1')).toBe(false);
    expect(hasSignedInHint('signed_in=10')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { accountSection } from './AccountShell.tsx';

describe.each([
  ['/account', 'your account'],
  ['/account/', 'your account'],
  ['/account/trips', 'your bookings'],
  ['/account/trips/abc123/receipt', 'your bookings'],
  ['/account/gift-codes/xyz', 'your gift codes'],
  ['/account/profile', 'your profile'],
  ['/account/anything', undefined],
  ['/checkout', undefined],
])('accountSection(%s)', (path, expected) => {
  it(`is ${String(expected)}`, () => expect(accountSection(path)).toBe(expected));
});

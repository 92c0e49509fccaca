import { describe, expect, it } from 'vitest';
import { describeCancellation } from './format-cancellation.ts';

describe.each([
  ['standard', 'Free cancellation before the final 24 hours', true],
  ['moderate', 'Free cancellation before the final 3 days', true],
  ['strict', 'Free cancellation before the final 7 days', true],
  ['all_sales_final', 'This booking is non-refundable or cancellable', false],
] as const)('describeCancellation(%s)', (policy, headline, refundable) => {
  it('has the headline and refundability', () => {
    const text = describeCancellation(policy);
    expect(text.headline).toBe(headline);
    expect(text.refundable).toBe(refundable);
  });
});

describe('reschedule policy', () => {
  it('mentions date changes when allowed', () => {
    expect(describeCancellation('moderate', 'allow_reschedule_cancel').detail).toMatch(/another date/);
  });
  it('says dates cannot change otherwise', () => {
    expect(describeCancellation('strict', 'no_reschedule_cancel').detail).toMatch(/cannot be changed/);
  });
});

// The cancellation policy of an experience in words (spec §3 cancellation policies, §8 texts).
import type { z } from 'zod';
import type { CancelType, RescheduleType } from '../contract/options.ts';

export type CancellationPolicy = z.infer<typeof CancelType>;
export type ReschedulePolicy = z.infer<typeof RescheduleType>;

/** Days before the start until which a booking can be cancelled for free. */
export const FREE_CANCELLATION_DAYS: Record<Exclude<CancellationPolicy, 'all_sales_final'>, number> = {
  standard: 1,
  moderate: 3,
  strict: 7,
};

export const NON_REFUNDABLE_TEXT = 'This booking is non-refundable or cancellable';
export const GIFT_NON_REFUNDABLE_TEXT = 'Gifts are non-refundable';

export type CancellationText = { refundable: boolean; headline: string; detail: string };

export function describeCancellation(policy: CancellationPolicy, reschedule?: ReschedulePolicy): CancellationText {
  if (policy === 'all_sales_final') {
    return { refundable: false, headline: NON_REFUNDABLE_TEXT, detail: 'Check your date and group size before you book: this experience cannot be refunded, cancelled or changed.' };
  }
  const days = FREE_CANCELLATION_DAYS[policy];
  const window = days === 1 ? '24 hours' : `${days} days`;
  const change = reschedule === 'allow_reschedule_cancel'
    ? ' Within the same window you can also move your booking to another date.'
    : reschedule === 'no_reschedule_cancel'
      ? ' Dates cannot be changed once booked; cancel and book again instead.'
      : '';
  return {
    refundable: true,
    headline: `Free cancellation before the final ${window}`,
    detail: `Cancel at least ${window} before the experience starts for a full refund; after that the booking is non-refundable.${change}`,
  };
}

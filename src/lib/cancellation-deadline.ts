// When a booking stops being free to cancel (spec §3 cancellation policies; §8 texts): the
// start's local date and time minus the policy's days, in the experience's time zone.
import { FREE_CANCELLATION_DAYS, GIFT_NON_REFUNDABLE_TEXT, NON_REFUNDABLE_TEXT, type CancellationPolicy } from './format-cancellation.ts';
import { formatDate, formatTime } from './format-date.ts';
import { addDays, zonedInstant } from './local-time.ts';

/** A local wall-clock moment. */
export type LocalMoment = { date: string; time: string };

/** Null when the booking can never be cancelled for free (all sales final). */
export function cancellationDeadline(policy: CancellationPolicy, startDate: string, startTime: string | null): LocalMoment | null {
  if (policy === 'all_sales_final') return null;
  return { date: addDays(startDate, -FREE_CANCELLATION_DAYS[policy]), time: startTime ?? '00:00' };
}

/** The deadline as an instant, for comparisons and for the wire (ISO 8601). */
export function deadlineInstant(deadline: LocalMoment, zone: string): Date {
  return zonedInstant(deadline.date, deadline.time, zone);
}

export function canCancelFreely(deadline: LocalMoment | null, zone: string, now: Date = new Date()): boolean {
  return deadline !== null && now.getTime() < deadlineInstant(deadline, zone).getTime();
}

/** Spec §8: 'Free cancellation before …', or the non-refundable texts. */
export function cancellationTerms(deadline: LocalMoment | null, opts: { isGift?: boolean } = {}): string {
  if (opts.isGift) return GIFT_NON_REFUNDABLE_TEXT;
  if (!deadline) return NON_REFUNDABLE_TEXT;
  return `Free cancellation before ${formatTime(deadline.time)} on ${formatDate(deadline.date)} (local time)`;
}

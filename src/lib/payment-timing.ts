// When a booking may be paid later or by invoice, and by when (spec §3 payment timing:
// checkout, later, invoice). Seats are held from booking; unpaid by the due time, the booking
// lapses and its seats go back on sale. Pure.
import { addDays, zonedInstant } from './local-time.ts';

const HOUR = 3_600_000;

export type TimingOffer = { available: boolean; dueAt: Date | null; reason: string | null };

/** Pay later: due at 23:59 local, five days before the start; offered when that is 48 h away or more. */
export function laterPayment(startDate: string, zone: string, now: Date): TimingOffer {
  const dueAt = zonedInstant(addDays(startDate, -5), '23:59', zone);
  if (dueAt.getTime() - now.getTime() < 48 * HOUR) return { available: false, dueAt: null, reason: 'Pay later is offered for experiences at least a week away' };
  return { available: true, dueAt, reason: null };
}

/** Invoice: due in 7 days, and never later than 23:59 local two days before the start; needs 24 h. */
export function invoicePayment(startDate: string, zone: string, now: Date): TimingOffer {
  const latest = zonedInstant(addDays(startDate, -2), '23:59', zone);
  const dueAt = new Date(Math.min(now.getTime() + 7 * 24 * HOUR, latest.getTime()));
  if (dueAt.getTime() - now.getTime() < 24 * HOUR) return { available: false, dueAt: null, reason: 'Invoices are offered for experiences at least three days away' };
  return { available: true, dueAt, reason: null };
}

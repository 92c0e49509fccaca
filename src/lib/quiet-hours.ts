// Quiet hours for trip notices on WhatsApp (ADR 0046): a message that falls due while the
// traveller is likely asleep waits until the morning of their own time zone. Pure (Intl only), so
// the account screen can say the same thing the server does.
import { addDays, localNow, zonedInstant } from './local-time.ts';

/** Local wall-clock times 'HH:MM': no message from `start` until `end` (may span midnight). */
export type QuietHours = { start: string; end: string };
export const QUIET_HOURS: QuietHours = { start: '21:00', end: '08:00' };

/** Whether `zone` is an IANA time zone this runtime knows (e.g. 'Asia/Singapore'). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+){0,2}$/.test(zone) && zone !== 'UTC') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Whether a local 'HH:MM' falls inside the quiet hours. */
export function isQuietTime(time: string, quiet: QuietHours = QUIET_HOURS): boolean {
  return quiet.start > quiet.end ? time >= quiet.start || time < quiet.end : time >= quiet.start && time < quiet.end;
}

/**
 * The earliest instant at or after `at` outside the quiet hours of `zone`: `at` itself when it is
 * daytime there, else the quiet hours' end on the right local morning (the same date after
 * midnight, the next date before it), daylight-saving changes included.
 */
export function afterQuietHours(at: Date, zone: string, quiet: QuietHours = QUIET_HOURS): Date {
  const { date, time } = localNow(zone, at);
  if (!isQuietTime(time, quiet)) return at;
  const morning = time < quiet.end ? date : addDays(date, 1);
  return zonedInstant(morning, quiet.end, zone);
}

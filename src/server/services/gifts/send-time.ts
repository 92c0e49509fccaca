// When a gift's e-mail goes out: at once when its send date is today (in Singapore), otherwise
// at 09:00 Singapore time (UTC+8, no daylight saving) on that date.
export const SEND_HOUR_UTC = 1;

/** Today's date in Singapore (the earliest send date a buyer may choose). */
export function todayInSingapore(now: Date): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

export function sendAtOf(sendDate: string, now: Date): Date {
  if (sendDate <= todayInSingapore(now)) return now;
  const [y, m, d] = sendDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d, SEND_HOUR_UTC));
}

// Dates and times as the storefront shows them (spec §9 formats, en-GB, UTC for dates).
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** "DD MMM YYYY": 2026-03-05T… → "05 Mar 2026". Accepts an ISO date or date-time. */
export function formatDate(iso: string): string {
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) throw new Error(`formatDate: not a date: ${iso}`);
  return `${pad(date.getUTCDate())} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** "MMM YYYY": 2026-03-05 → "Mar 2026". */
export function formatMonth(iso: string): string {
  return formatDate(iso).slice(3);
}

/** "hh:mm A" from "HH:mm" (or "HH:mm:ss"): "07:30" → "07:30 AM", "18:05" → "06:05 PM". */
export function formatTime(hhmm: string): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(hhmm);
  if (!match) return hhmm;
  const h = Number(match[1]);
  const suffix = h >= 12 ? 'PM' : 'AM';
  return `${pad(h % 12 === 0 ? 12 : h % 12)}:${match[2]} ${suffix}`;
}

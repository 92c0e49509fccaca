// The pages under /account/trips (spec §2 Account: a trip and its sub-routes) and the trip's
// calendar file. Pure: the account island reads the path with tripPage() and builds the .ics
// in the browser (the trip is the signed-in traveller's, so no public URL serves it).
import { addDays } from './local-time.ts';

export type TripPage =
  | { page: 'list' }
  | { page: 'detail' | 'receipt' | 'refund' | 'refund_confirmation' | 'cancel' | 'cancel_success' | 'add_guest' | 'add_guest_success' | 'change_date' | 'change_date_success'; id: string }
  | { page: 'unknown' };

const SUB: Record<string, TripPage['page']> = {
  '': 'detail',
  receipt: 'receipt',
  refund: 'refund',
  'refund/confirmation': 'refund_confirmation',
  cancel: 'cancel',
  'cancel/success': 'cancel_success',
  'add-guest': 'add_guest',
  'add-guest/success': 'add_guest_success',
  'change-date': 'change_date',
  'change-date/success': 'change_date_success',
};

export function tripPage(pathname: string): TripPage {
  const parts = pathname.split('/').filter(Boolean);
  if (parts[0] !== 'account' || parts[1] !== 'trips') return { page: 'unknown' };
  if (parts.length === 2) return { page: 'list' };
  const id = decodeURIComponent(parts[2] ?? '');
  if (!/^[\w-]{8,64}$/.test(id)) return { page: 'unknown' };
  const page = SUB[parts.slice(3).join('/')];
  if (!page || page === 'list' || page === 'unknown') return { page: 'unknown' };
  return { page, id };
}

export const tripHref = (id: string, sub = '') => `/account/trips/${encodeURIComponent(id)}${sub ? `/${sub}` : ''}`;

/** RFC 5545 text escaping. */
const esc = (s: string) => s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/([,;])/g, '\\$1');

/** Folds content lines at 75 octets (RFC 5545 §3.1). */
function fold(line: string): string {
  const out: string[] = [];
  let rest = line;
  while (new TextEncoder().encode(rest).length > 75) {
    let cut = 75;
    while (new TextEncoder().encode(rest.slice(0, cut)).length > 75) cut--;
    out.push(rest.slice(0, cut));
    rest = ` ${rest.slice(cut)}`;
  }
  out.push(rest);
  return out.join('\r\n');
}

export type CalendarTrip = {
  id: string;
  title: string;
  startDate: string;
  endDate: string;
  startTime: string | null;
  endTime: string | null;
  timeZone: string;
  location: string;
  description: string;
  url: string;
};

const compactDate = (d: string) => d.replace(/-/g, '');
const compactTime = (t: string) => `${t.replace(':', '')}00`;

/** One VEVENT in the experience's own time zone; all-day (end exclusive) when there is no start time. */
export function tripCalendar(t: CalendarTrip, stamp: Date): string {
  const dtstamp = stamp.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const when = t.startTime
    ? [`DTSTART;TZID=${t.timeZone}:${compactDate(t.startDate)}T${compactTime(t.startTime)}`, `DTEND;TZID=${t.timeZone}:${compactDate(t.endDate)}T${compactTime(t.endTime ?? t.startTime)}`]
    : [`DTSTART;VALUE=DATE:${compactDate(t.startDate)}`, `DTEND;VALUE=DATE:${compactDate(addDays(t.endDate, 1))}`];
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Verdant//Trips//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:trip-${t.id}@verdant`,
    `DTSTAMP:${dtstamp}`,
    ...when,
    `SUMMARY:${esc(t.title)}`,
    `LOCATION:${esc(t.location)}`,
    `DESCRIPTION:${esc(t.description)}`,
    `URL:${t.url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

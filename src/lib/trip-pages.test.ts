import { describe, expect, it } from 'vitest';
import { tripCalendar, tripPage } from './trip-pages.ts';

describe('tripPage', () => {
  it.each([
    ['/account/trips', { page: 'list' }],
    ['/account/trips/', { page: 'list' }],
    ['/account/trips/abcdefgh12', { page: 'detail', id: 'abcdefgh12' }],
    ['/account/trips/abcdefgh12/receipt', { page: 'receipt', id: 'abcdefgh12' }],
    ['/account/trips/abcdefgh12/refund', { page: 'refund', id: 'abcdefgh12' }],
    ['/account/trips/abcdefgh12/refund/confirmation', { page: 'refund_confirmation', id: 'abcdefgh12' }],
    ['/account/trips/abcdefgh12/cancel', { page: 'cancel', id: 'abcdefgh12' }],
    ['/account/trips/abcdefgh12/cancel/success', { page: 'cancel_success', id: 'abcdefgh12' }],
    ['/account/trips/abcdefgh12/add-guest', { page: 'add_guest', id: 'abcdefgh12' }],
    ['/account/trips/abcdefgh12/add-guest/success', { page: 'add_guest_success', id: 'abcdefgh12' }],
    ['/account/trips/abcdefgh12/change-date', { page: 'change_date', id: 'abcdefgh12' }],
    ['/account/trips/abcdefgh12/change-date/success', { page: 'change_date_success', id: 'abcdefgh12' }],
    ['/account/trips/abcdefgh12/nope', { page: 'unknown' }],
    ['/account/trips/x', { page: 'unknown' }],
    ['/account/profile', { page: 'unknown' }],
  ])('%s', (path, expected) => {
    expect(tripPage(path)).toEqual(expected);
  });
});

describe('tripCalendar', () => {
  const base = { id: 'item1', title: 'Mangrove kayak, Pulau Ubin', timeZone: 'Asia/Singapore', location: 'Ubin jetty; Singapore', description: 'Booking VRD-1234\nBring water, a hat', url: 'https://verdant.test/account/trips/item1' };
  it('writes a timed event in the experience\'s zone with escaped text and CRLF lines', () => {
    const ics = tripCalendar({ ...base, startDate: '2026-12-12', endDate: '2026-12-12', startTime: '07:30', endTime: '10:30' }, new Date('2026-11-23T10:00:00Z'));
    expect(ics).toContain('DTSTART;TZID=Asia/Singapore:20261212T073000\r\n');
    expect(ics).toContain('DTEND;TZID=Asia/Singapore:20261212T103000\r\n');
    expect(ics).toContain('DTSTAMP:20261123T100000Z');
    expect(ics).toContain('LOCATION:Ubin jetty\\; Singapore');
    expect(ics).toContain('DESCRIPTION:Booking VRD-1234\\nBring water\\, a hat');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });
  it('writes an all-day event with an exclusive end for trips without a start time', () => {
    const ics = tripCalendar({ ...base, startDate: '2026-12-12', endDate: '2026-12-14', startTime: null, endTime: null }, new Date('2026-11-23T10:00:00Z'));
    expect(ics).toContain('DTSTART;VALUE=DATE:20261212');
    expect(ics).toContain('DTEND;VALUE=DATE:20261215');
  });
  it('folds long lines at 75 octets', () => {
    const ics = tripCalendar({ ...base, description: 'x'.repeat(200), startDate: '2026-12-12', endDate: '2026-12-12', startTime: null, endTime: null }, new Date());
    for (const line of ics.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });
});

import { describe, expect, it } from 'vitest';
import { afterQuietHours, isQuietTime, isTimeZone } from './quiet-hours.ts';

const at = (iso: string) => new Date(iso);

describe('afterQuietHours (21:00–08:00 local)', () => {
  describe.each([
    // zone, instant (UTC), expected (UTC), why
    ['Asia/Singapore', '2026-12-01T02:00:00Z', '2026-12-01T02:00:00Z', '10:00 local: daytime, unchanged'],
    ['Asia/Singapore', '2026-12-01T12:59:00Z', '2026-12-01T12:59:00Z', '20:59 local: the last daytime minute'],
    ['Asia/Singapore', '2026-12-01T13:00:00Z', '2026-12-02T00:00:00Z', '21:00 local: waits for 08:00 the next day'],
    ['Asia/Singapore', '2026-12-01T15:30:00Z', '2026-12-02T00:00:00Z', '23:30 local: next morning'],
    ['Asia/Singapore', '2026-12-01T16:30:00Z', '2026-12-02T00:00:00Z', '00:30 local (already the 2nd): the same local date'],
    ['Asia/Singapore', '2026-11-30T23:59:00Z', '2026-12-01T00:00:00Z', '07:59 local: one minute'],
    ['Asia/Singapore', '2026-12-01T00:00:00Z', '2026-12-01T00:00:00Z', '08:00 local: the quiet hours are over'],
    ['Asia/Kathmandu', '2026-12-01T16:00:00Z', '2026-12-02T02:15:00Z', '21:45 local at +05:45: 08:00 is 02:15 UTC'],
    ['Asia/Kolkata', '2026-12-01T01:00:00Z', '2026-12-01T02:30:00Z', '06:30 local at +05:30'],
    ['Asia/Makassar', '2026-12-01T13:30:00Z', '2026-12-02T00:00:00Z', '21:30 WITA (+08)'],
    ['America/New_York', '2026-12-01T03:00:00Z', '2026-12-01T13:00:00Z', '22:00 EST (−05): 08:00 EST'],
    ['America/New_York', '2026-06-01T03:00:00Z', '2026-06-01T12:00:00Z', '23:00 EDT (−04): 08:00 EDT'],
    // Daylight saving starts in the night (London, 29 March 2026 01:00 UTC): 08:00 is BST.
    ['Europe/London', '2026-03-28T22:00:00Z', '2026-03-29T07:00:00Z', '22:00 GMT, morning in BST'],
    // …and ends in the night (25 October 2026): 08:00 is GMT again.
    ['Europe/London', '2026-10-24T21:30:00Z', '2026-10-25T08:00:00Z', '22:30 BST, morning in GMT'],
    ['Pacific/Auckland', '2026-12-01T09:00:00Z', '2026-12-01T19:00:00Z', '22:00 NZDT (+13): 08:00 NZDT'],
    ['UTC', '2026-12-31T23:00:00Z', '2027-01-01T08:00:00Z', 'across the year'],
  ])('%s at %s', (zone, instant, expected, why) => {
    it(`→ ${expected} (${why})`, () => {
      expect(afterQuietHours(at(instant), zone).toISOString()).toBe(new Date(expected).toISOString());
    });
  });

  it('never moves a daytime instant, whatever its seconds', () => {
    const t = at('2026-12-01T05:17:42.123Z');
    expect(afterQuietHours(t, 'Asia/Bangkok')).toBe(t);
  });

  it('takes other quiet hours, inside one day too', () => {
    expect(afterQuietHours(at('2026-12-01T14:00:00Z'), 'Asia/Tokyo', { start: '22:00', end: '07:00' }).toISOString()).toBe('2026-12-01T22:00:00.000Z');
    expect(afterQuietHours(at('2026-12-01T18:00:00Z'), 'Asia/Tokyo', { start: '01:00', end: '06:00' }).toISOString()).toBe('2026-12-01T21:00:00.000Z');
  });
});

describe('isQuietTime', () => {
  it.each([
    ['20:59', false],
    ['21:00', true],
    ['00:00', true],
    ['07:59', true],
    ['08:00', false],
  ])('%s → %s', (time, quiet) => expect(isQuietTime(time)).toBe(quiet));
});

describe('isTimeZone', () => {
  it.each([
    ['Asia/Singapore', true],
    ['America/Argentina/Buenos_Aires', true],
    ['UTC', true],
    ['Mars/Olympus_Mons', false],
    ['', false],
    ['Asia/Singapore; DROP TABLE', false],
  ])('%s → %s', (zone, ok) => expect(isTimeZone(zone)).toBe(ok));
});

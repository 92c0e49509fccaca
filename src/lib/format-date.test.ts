import { describe, expect, it } from 'vitest';
import { formatDate, formatMonth, formatTime } from './format-date.ts';

describe.each([
  ['2026-03-05T10:00:00.000Z', '05 Mar 2026'],
  ['2026-12-31T23:59:59Z', '31 Dec 2026'],
  ['2026-01-01', '01 Jan 2026'],
  ['2025-07-14T00:30:00+08:00', '13 Jul 2025'],
])('formatDate(%s)', (iso, expected) => {
  it(`is ${expected}`, () => expect(formatDate(iso)).toBe(expected));
});

describe.each([
  ['00:00', '12:00 AM'],
  ['07:30', '07:30 AM'],
  ['12:00', '12:00 PM'],
  ['18:05', '06:05 PM'],
  ['9:15:00', '09:15 AM'],
  ['sunrise', 'sunrise'],
])('formatTime(%s)', (value, expected) => {
  it(`is ${expected}`, () => expect(formatTime(value)).toBe(expected));
});

describe('formatMonth', () => {
  it('drops the day', () => expect(formatMonth('2026-03-05')).toBe('Mar 2026'));
  it('throws on garbage', () => expect(() => formatDate('not a date')).toThrow());
});

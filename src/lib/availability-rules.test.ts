import { describe, expect, it } from 'vitest';
import { ALL_WEEKDAYS, bookableWindow, externallySold, operatesOn, slotStatus, timeSlotKeys, type AvailabilityRule } from './availability-rules.ts';
import { addDays, lastBookableDate, localNow, weekdayOf, zonedInstant } from './local-time.ts';

const rule = (over: Partial<AvailabilityRule> = {}): AvailabilityRule => ({
  weekdays: ALL_WEEKDAYS,
  closedMonths: [],
  leadDays: 1,
  slotCapacity: 12,
  externalDemand: 0,
  ...over,
});

describe('operating days', () => {
  const weekendsOnly = rule({ weekdays: 0b1100000 });
  const noMonsoon = rule({ closedMonths: [11, 12, 1, 2] });
  describe.each([
    [weekendsOnly, '2026-12-05', true], // Saturday
    [weekendsOnly, '2026-12-06', true], // Sunday
    [weekendsOnly, '2026-12-07', false], // Monday
    [noMonsoon, '2026-12-15', false],
    [noMonsoon, '2027-03-01', true],
    [rule(), '2027-02-28', true],
  ] as const)('%j on %s', (r, date, open) => {
    it(`is ${open ? 'open' : 'closed'}`, () => expect(operatesOn(r, date)).toBe(open));
  });
});

describe('the bookable window (spec §5: today to the end of the month a year ahead)', () => {
  describe.each([
    ['2026-11-15', 1, '2026-11-16', '2027-11-30'],
    ['2026-12-31', 3, '2027-01-03', '2027-12-31'],
    ['2027-01-31', 7, '2027-02-07', '2028-01-31'],
    ['2028-02-10', 1, '2028-02-11', '2029-02-28'],
  ])('from %s with %s day(s) of notice', (today, leadDays, from, to) => {
    it(`is ${from} … ${to}`, () => expect(bookableWindow({ leadDays }, today)).toEqual({ from, to }));
  });

  it('never opens today, even with no notice', () => {
    expect(bookableWindow({ leadDays: 0 }, '2026-11-15').from).toBe('2026-11-16');
    expect(lastBookableDate('2026-01-31')).toBe('2027-01-31');
  });
});

describe('slots and their status', () => {
  it('has one slot per start time, or one for the day', () => {
    expect(timeSlotKeys(['07:00', '14:30'])).toEqual(['07:00', '14:30']);
    expect(timeSlotKeys([])).toEqual(['day']);
  });

  describe.each([
    [12, 12, 'available'],
    [4, 12, 'available'],
    [3, 12, 'limited'],
    [1, 2, 'limited'],
    [0, 12, 'sold_out'],
    [-1, 12, 'sold_out'],
  ] as const)('%s left of %s', (left, capacity, status) => {
    it(`is ${status}`, () => expect(slotStatus(left, capacity)).toBe(status));
  });
});

describe('demand sold elsewhere (demo catalogue)', () => {
  const busy = rule({ externalDemand: 80 });
  const dates = Array.from({ length: 365 }, (_, i) => addDays('2026-11-16', i));

  it('is deterministic and within capacity', () => {
    for (const d of dates.slice(0, 60)) {
      const sold = externallySold(busy, 7, d, '08:00', 12);
      expect(sold).toBe(externallySold(busy, 7, d, '08:00', 12));
      expect(sold).toBeGreaterThanOrEqual(0);
      expect(sold).toBeLessThanOrEqual(12);
    }
  });

  it('sells out some departures, fills some nearly and leaves most open', () => {
    const sold = dates.map((d) => externallySold(busy, 7, d, '08:00', 12));
    const soldOut = sold.filter((s) => s === 12).length;
    const nearlyFull = sold.filter((s) => s >= 9 && s < 12).length;
    expect(soldOut).toBeGreaterThan(10);
    expect(soldOut).toBeLessThan(80);
    expect(nearlyFull).toBeGreaterThan(20);
    expect(sold.filter((s) => s < 9).length).toBeGreaterThan(200);
  });

  it('is nothing without demand', () => {
    expect(dates.every((d) => externallySold(rule(), 7, d, 'day', 12) === 0)).toBe(true);
  });
});

describe('local time', () => {
  it('knows the date in a zone', () => {
    expect(localNow('Asia/Singapore', new Date('2026-11-15T17:30:00Z'))).toEqual({ date: '2026-11-16', time: '01:30' });
    expect(localNow('Asia/Kathmandu', new Date('2026-11-15T00:00:00Z'))).toEqual({ date: '2026-11-15', time: '05:45' });
  });

  it('finds the instant of a local wall-clock time', () => {
    expect(zonedInstant('2026-12-01', '08:00', 'Asia/Singapore').toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(zonedInstant('2026-12-01', '06:00', 'Asia/Kolkata').toISOString()).toBe('2026-12-01T00:30:00.000Z');
  });

  it('counts weekdays from Monday', () => {
    expect(weekdayOf('2026-11-16')).toBe(0);
    expect(weekdayOf('2026-11-22')).toBe(6);
  });
});

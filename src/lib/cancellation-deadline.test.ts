import { describe, expect, it } from 'vitest';
import { canCancelFreely, cancellationDeadline, cancellationTerms, deadlineInstant } from './cancellation-deadline.ts';
import { customerProblems, requiredCustomerInfos } from './required-info.ts';

describe('cancellation deadline', () => {
  describe.each([
    ['standard', '2026-12-12', '08:00', { date: '2026-12-11', time: '08:00' }, 'Free cancellation before 08:00 AM on 11 Dec 2026 (local time)'],
    ['moderate', '2026-12-12', '14:30', { date: '2026-12-09', time: '14:30' }, 'Free cancellation before 02:30 PM on 09 Dec 2026 (local time)'],
    ['strict', '2027-01-03', null, { date: '2026-12-27', time: '00:00' }, 'Free cancellation before 12:00 AM on 27 Dec 2026 (local time)'],
    ['all_sales_final', '2026-12-12', '08:00', null, 'This booking is non-refundable or cancellable'],
  ] as const)('%s, starting %s %s', (policy, date, time, deadline, text) => {
    it(`is ${JSON.stringify(deadline)}`, () => {
      expect(cancellationDeadline(policy, date, time)).toEqual(deadline);
      expect(cancellationTerms(deadline)).toBe(text);
    });
  });

  it('is judged in the experience’s time zone', () => {
    const deadline = { date: '2026-12-11', time: '08:00' };
    expect(deadlineInstant(deadline, 'Asia/Singapore').toISOString()).toBe('2026-12-11T00:00:00.000Z');
    expect(canCancelFreely(deadline, 'Asia/Singapore', new Date('2026-12-10T23:59:00Z'))).toBe(true);
    expect(canCancelFreely(deadline, 'Asia/Singapore', new Date('2026-12-11T00:00:00Z'))).toBe(false);
    expect(canCancelFreely(null, 'Asia/Singapore', new Date('2020-01-01T00:00:00Z'))).toBe(false);
  });

  it('says gifts are non-refundable', () => {
    expect(cancellationTerms({ date: '2026-12-11', time: '08:00' }, { isGift: true })).toBe('Gifts are non-refundable');
  });
});

describe('required customer info', () => {
  describe.each([
    ['a half-day walk', { kind: 'short_adventure', yachtTrip: false, minAge: null, durationDays: null }, ['fullName']],
    ['a walk with an age limit', { kind: 'short_adventure', yachtTrip: false, minAge: 12, durationDays: null }, ['fullName', 'dateOfBirth']],
    ['a multi-day trek', { kind: 'adventure', yachtTrip: false, minAge: null, durationDays: 3 }, ['fullName', 'dateOfBirth', 'nationality']],
    ['a liveaboard', { kind: 'adventure', yachtTrip: true, minAge: null, durationDays: 4 }, ['fullName', 'dateOfBirth', 'nationality', 'passportNumber']],
  ] as const)('%s', (_name, option, fields) => {
    it(`asks for ${fields.join(', ')}`, () => expect(requiredCustomerInfos(option)).toEqual(fields));
  });

  it('checks each value', () => {
    const fields = ['fullName', 'dateOfBirth', 'nationality', 'passportNumber'] as const;
    expect(customerProblems(fields, { fullName: 'Mei Ling Tan', dateOfBirth: '1990-04-02', nationality: 'Singaporean', passportNumber: 'K1234567A' }, '2026-11-15')).toEqual({});
    expect(customerProblems(fields, { fullName: ' ', dateOfBirth: '2030-01-01', passportNumber: '12' }, '2026-11-15')).toEqual({
      fullName: 'Please enter the guest’s full name',
      dateOfBirth: 'Please enter a valid date of birth',
      nationality: 'Please enter a nationality',
      passportNumber: 'Please enter a valid passport number',
    });
  });
});

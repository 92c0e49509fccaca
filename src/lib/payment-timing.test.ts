import { describe, expect, it } from 'vitest';
import { invoicePayment, laterPayment } from './payment-timing.ts';

const NOW = new Date('2026-12-01T04:00:00Z'); // 12:00 in Singapore

describe.each([
  ['2026-12-20', true, '2026-12-15T15:59:00.000Z'],
  ['2026-12-08', true, '2026-12-03T15:59:00.000Z'],
  ['2026-12-07', false, null], // due 2 Dec 23:59 SGT: under 48 h away
  ['2026-12-02', false, null],
])('pay later for a start on %s', (start, available, due) => {
  it(available ? `is due ${due}` : 'is not offered', () => {
    const offer = laterPayment(start, 'Asia/Singapore', NOW);
    expect(offer.available).toBe(available);
    expect(offer.dueAt?.toISOString() ?? null).toBe(due);
  });
});

describe.each([
  ['2027-01-20', true, '2026-12-08T04:00:00.000Z'], // seven days
  ['2026-12-06', true, '2026-12-04T15:59:00.000Z'], // two days before the start
  ['2026-12-03', false, null],
])('invoice for a start on %s', (start, available, due) => {
  it(available ? `is due ${due}` : 'is not offered', () => {
    const offer = invoicePayment(start, 'Asia/Singapore', NOW);
    expect(offer.available).toBe(available);
    expect(offer.dueAt?.toISOString() ?? null).toBe(due);
  });
});

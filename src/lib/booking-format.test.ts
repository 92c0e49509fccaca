import { describe, expect, it } from 'vitest';
import { guestsText, truncate, whenText } from './booking-format.ts';

describe.each([
  ['Treetop walk', 42, 'Treetop walk'],
  ['Kinabatangan River Lodge with Dawn and Dusk Safaris', 42, 'Kinabatangan River Lodge with Dawn and Du…'],
  ['Exactly forty-two characters long, promise', 42, 'Exactly forty-two characters long, promise'],
])('truncate(%s, %s)', (text, max, out) => {
  it(`is "${out}"`, () => {
    expect(truncate(text, max)).toBe(out);
    expect([...truncate(text, max)].length).toBeLessThanOrEqual(max);
  });
});

describe.each([
  [{ quantity: 1, childQuantity: 0, localQuantity: 0, childLocalQuantity: 0 }, {}, '1 person'],
  [{ quantity: 3, childQuantity: 0, localQuantity: 0, childLocalQuantity: 0 }, {}, '3 people'],
  [{ quantity: 2, childQuantity: 0, localQuantity: 0, childLocalQuantity: 0 }, { priceUnit: 'per_room' }, '2 guests'],
  [{ quantity: 2, childQuantity: 1, localQuantity: 0, childLocalQuantity: 0 }, {}, '2 adults, 1 child'],
  [{ quantity: 0, childQuantity: 0, localQuantity: 1, childLocalQuantity: 2 }, {}, '1 resident adult, 2 resident children'],
])('guestsText(%j)', (g, opts, out) => {
  it(`is "${out}"`, () => expect(guestsText(g, opts)).toBe(out));
});

describe('whenText', () => {
  it('shows a day and its start time, or a stay with its nights', () => {
    expect(whenText({ startDate: '2026-12-12', endDate: '2026-12-12', startTime: '07:30' })).toBe('12 Dec 2026, 07:30 AM');
    expect(whenText({ startDate: '2026-12-12', endDate: '2026-12-14', startTime: null, nights: 2 })).toBe('12 Dec 2026 – 14 Dec 2026 (2 nights)');
  });
});

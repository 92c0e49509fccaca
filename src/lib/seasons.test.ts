import { describe, expect, it } from 'vitest';
import type { PricingOption, Selection } from './pricing.ts';
import { priceWithSeasons, rangesOverlap, roomPriceOn, seasonOn, type Season } from './seasons.ts';

const base: PricingOption = {
  priceUnit: 'per_person',
  groupPriceType: null,
  useChildPrices: true,
  hasLocalPrice: false,
  adultPrice: 4800,
  childPrice: 3200,
  localAdultPrice: null,
  localChildPrice: null,
  groupPrice: null,
  groupIncludedPax: null,
  additionalPaxPrice: null,
  minPax: null,
  minQtyForPrice: 1,
  maxQtyForPrice: 12,
  minNights: 1,
  rooms: [],
  transportItems: [{ id: 'pickup', name: 'Hotel pickup (per booking)', price: 4000, per: 'booking' }],
};
const stay: PricingOption = { ...base, priceUnit: 'per_room', adultPrice: null, childPrice: null, rooms: [{ id: 11, name: 'Chalet', maxGuests: 2, pricePerNight: 10_000, quantity: 4 }] };
const group: PricingOption = { ...base, priceUnit: 'per_group', groupPriceType: 'price_per_group_with_additional_pax_addon', groupPrice: 18_000, groupIncludedPax: 2, additionalPaxPrice: 5500, adultPrice: null, childPrice: null };

const season = (s: Partial<Season> & Pick<Season, 'id' | 'startDate' | 'endDate'>): Season => ({
  name: `Season ${s.id}`,
  adultPrice: null,
  childPrice: null,
  localAdultPrice: null,
  localChildPrice: null,
  groupPrice: null,
  additionalPaxPrice: null,
  roomPrices: {},
  ...s,
});
const peak = season({ id: 1, name: 'Peak season', startDate: '2026-12-20', endDate: '2027-01-05', adultPrice: 9500, childPrice: 6000, groupPrice: 25_000, additionalPaxPrice: 7000, roomPrices: { '11': 15_000 } });
const sel = (s: Partial<Selection>): Selection => ({ quantity: 0, childQuantity: 0, localQuantity: 0, childLocalQuantity: 0, ...s });
const ok = <T extends { ok: boolean }>(r: T) => {
  if (!r.ok) throw new Error(JSON.stringify(r));
  return r as Extract<T, { ok: true }>;
};

describe('seasons', () => {
  it.each([
    ['2026-12-19', null],
    ['2026-12-20', 1],
    ['2027-01-05', 1],
    ['2027-01-06', null],
    ['', null],
  ])('the season on %s is %s (both ends included)', (date, id) => {
    expect(seasonOn([peak], date)?.id ?? null).toBe(id);
  });

  it.each([
    [{ startDate: '2027-01-05', endDate: '2027-01-10' }, true],
    [{ startDate: '2027-01-06', endDate: '2027-01-10' }, false],
    [{ startDate: '2026-12-01', endDate: '2026-12-20' }, true],
    [{ startDate: '2026-12-01', endDate: '2026-12-19' }, false],
    [{ startDate: '2026-12-24', endDate: '2026-12-25' }, true],
  ])('%o overlaps peak: %s', (range, expected) => {
    expect(rangesOverlap(range, peak)).toBe(expected);
  });

  it('prices a trip by the season of its start date, pickups unchanged', () => {
    const inPeak = ok(priceWithSeasons(base, [peak], sel({ quantity: 2, childQuantity: 1, transportItemId: 'pickup' }), '2026-12-31'));
    expect(inPeak.lines.map((l) => [l.kind, l.unitAmount, l.amount])).toEqual([
      ['adult', 9500, 19_000],
      ['child', 6000, 6000],
      ['transport', 4000, 4000],
    ]);
    expect(inPeak.subtotal).toBe(29_000);
    expect(ok(priceWithSeasons(base, [peak], sel({ quantity: 2 }), '2026-12-19')).subtotal).toBe(9600);
    // No date chosen yet: the option's own prices.
    expect(ok(priceWithSeasons(base, [peak], sel({ quantity: 2 }), '')).subtotal).toBe(9600);
  });

  it('prices a private group by its season, with the extra guests', () => {
    const r = ok(priceWithSeasons(group, [peak], sel({ quantity: 3 }), '2026-12-25'));
    expect(r.lines.map((l) => [l.kind, l.amount])).toEqual([
      ['group', 25_000],
      ['extra_guest', 7000],
    ]);
  });

  it('prices each night of a stay by its own season, one line per run of nights', () => {
    // Check in 18 Dec for 4 nights: 18 and 19 at the standard price, 20 and 21 in peak season.
    const r = ok(priceWithSeasons(stay, [peak], sel({ quantity: 2, roomId: 11, nights: 4 }), '2026-12-18'));
    expect(r.lines.map((l) => [l.label, l.quantity, l.unitAmount, l.amount])).toEqual([
      ['Chalet, 2 nights', 2, 10_000, 20_000],
      ['Chalet, 2 nights (Peak season)', 2, 15_000, 30_000],
    ]);
    expect(r.subtotal).toBe(50_000);
    expect(r.nights).toBe(4);
    // Wholly in the season: one line at its price.
    const inside = ok(priceWithSeasons(stay, [peak], sel({ quantity: 3, roomId: 11, nights: 2 }), '2026-12-24'));
    expect(inside.lines.map((l) => [l.label, l.quantity, l.amount])).toEqual([['Chalet × 2, 2 nights', 4, 60_000]]);
    expect(roomPriceOn(stay, [peak], 11, '2026-12-24')).toBe(15_000);
    expect(roomPriceOn(stay, [peak], 11, '2026-12-10')).toBe(10_000);
  });

  it('keeps every rule of the price rules (a refusal stays a refusal)', () => {
    expect(priceWithSeasons(base, [peak], sel({}), '2026-12-25')).toMatchObject({ ok: false, field: 'quantity' });
  });
});

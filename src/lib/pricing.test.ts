import { describe, expect, it } from 'vitest';
import { priceSelection, transportPer, type PricingOption, type Selection } from './pricing.ts';

const base: PricingOption = {
  priceUnit: 'per_person',
  groupPriceType: null,
  useChildPrices: false,
  hasLocalPrice: false,
  adultPrice: null,
  childPrice: null,
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
  transportItems: [],
};

// Treetop walk in Singapore: S$48 adult, S$32 child, S$38 / S$26 for residents.
const perPerson: PricingOption = { ...base, useChildPrices: true, hasLocalPrice: true, adultPrice: 4800, childPrice: 3200, localAdultPrice: 3800, localChildPrice: 2600, transportItems: [
  { id: 'pickup-1', name: 'Hotel pickup and drop-off (per booking)', price: 4000, per: 'booking' },
  { id: 'pickup-2', name: 'Return transfer (per person)', price: 9000, per: 'person' },
] };
// Birding with a guide: S$180 for up to 2, S$55 each extra guest, at most 6.
const addon: PricingOption = { ...base, priceUnit: 'per_group', groupPriceType: 'price_per_group_with_additional_pax_addon', groupPrice: 18_000, groupIncludedPax: 2, additionalPaxPrice: 5500, maxQtyForPrice: 6 };
// Private sail: S$120 a guest, billed for at least 4.
const minPax: PricingOption = { ...base, priceUnit: 'per_group', groupPriceType: 'price_per_group_with_min_pax', groupPrice: 48_000, groupIncludedPax: 4, additionalPaxPrice: 12_000, minPax: 4, maxQtyForPrice: 8 };
// A river lodge (MYR): rooms per night, 2-night minimum; VND-free but JPY-style zero-decimal amounts work the same.
const stay: PricingOption = { ...base, priceUnit: 'per_room', maxQtyForPrice: 6, minNights: 2, rooms: [
  { id: 11, name: 'River View Double Chalet', maxGuests: 2, pricePerNight: 98_000, quantity: 6 },
  { id: 12, name: 'Bed in the Bunkhouse', maxGuests: 1, pricePerNight: 29_000, quantity: 8 },
  { id: 13, name: 'Family Chalet', maxGuests: 4, pricePerNight: 168_000, quantity: 2 },
] };

const sel = (s: Partial<Selection>): Selection => ({ quantity: 0, childQuantity: 0, localQuantity: 0, childLocalQuantity: 0, ...s });

describe('prices every basis', () => {
  describe.each([
    ['per person, adults only', perPerson, sel({ quantity: 2 }), 9600, 2, [['adult', 2, 4800]]],
    ['per person, adults and children', perPerson, sel({ quantity: 2, childQuantity: 1 }), 12_800, 3, [['adult', 2, 4800], ['child', 1, 3200]]],
    ['per person, resident prices', perPerson, sel({ localQuantity: 1, childLocalQuantity: 2 }), 9000, 3, [['local_adult', 1, 3800], ['local_child', 2, 2600]]],
    ['per person, pickup per booking', perPerson, sel({ quantity: 3, transportItemId: 'pickup-1' }), 18_400, 3, [['adult', 3, 4800], ['transport', 1, 4000]]],
    ['per person, pickup per person', perPerson, sel({ quantity: 2, childQuantity: 1, transportItemId: 'pickup-2' }), 39_800, 3, [['adult', 2, 4800], ['child', 1, 3200], ['transport', 3, 9000]]],
    ['group add-on, within the group', addon, sel({ quantity: 2 }), 18_000, 1, [['group', 1, 18_000]]],
    ['group add-on, one alone pays the group', addon, sel({ quantity: 1 }), 18_000, 1, [['group', 1, 18_000]]],
    ['group add-on, extra guests', addon, sel({ quantity: 5 }), 34_500, 1, [['group', 1, 18_000], ['extra_guest', 3, 5500]]],
    ['group min pax, below the minimum', minPax, sel({ quantity: 2 }), 48_000, 1, [['guest', 4, 12_000]]],
    ['group min pax, above the minimum', minPax, sel({ quantity: 6 }), 72_000, 1, [['guest', 6, 12_000]]],
    ['per room, one double for two nights', stay, sel({ quantity: 2, roomId: 11, nights: 2 }), 196_000, 1, [['room', 2, 98_000]]],
    ['per room, three guests need two doubles', stay, sel({ quantity: 3, roomId: 11, nights: 3 }), 588_000, 2, [['room', 6, 98_000]]],
    ['per room, dorm beds per guest', stay, sel({ quantity: 4, roomId: 12, nights: 2 }), 232_000, 4, [['room', 8, 29_000]]],
    ['per room, family chalet', stay, sel({ quantity: 2, childQuantity: 0, roomId: 13, nights: 2 }), 336_000, 1, [['room', 2, 168_000]]],
  ] as const)('%s', (_name, option, selection, subtotal, units, lines) => {
    it(`costs ${subtotal} and takes ${units} unit(s)`, () => {
      const r = priceSelection(option, selection);
      if (!r.ok) throw new Error(r.message);
      expect(r.subtotal).toBe(subtotal);
      expect(r.units).toBe(units);
      expect(r.lines.map((l) => [l.kind, l.quantity, l.unitAmount])).toEqual(lines);
      expect(r.lines.reduce((a, l) => a + l.amount, 0)).toBe(subtotal);
    });
  });
});

describe('refuses what cannot be booked', () => {
  describe.each([
    ['no guests', perPerson, sel({}), 'quantity', 'Please add at least one guest'],
    ['negative guests', perPerson, sel({ quantity: -1 }), 'quantity', 'Please choose a whole number of guests'],
    ['half a guest', perPerson, sel({ quantity: 1.5 }), 'quantity', 'Please choose a whole number of guests'],
    ['too many for the booking', perPerson, sel({ quantity: 13 }), 'quantity', 'At most 12 guests per booking'],
    ['below the minimum for the price', { ...perPerson, minQtyForPrice: 2 }, sel({ quantity: 1 }), 'quantity', 'This experience is booked for at least 2 guests'],
    ['children without child prices', { ...perPerson, useChildPrices: false }, sel({ quantity: 1, childQuantity: 1 }), 'childQuantity', 'This experience has one price for every guest: count children as guests'],
    ['residents without resident prices', { ...perPerson, hasLocalPrice: false }, sel({ localQuantity: 1 }), 'localQuantity', 'This experience has no resident prices'],
    ['a stay without a room', stay, sel({ quantity: 2, nights: 2 }), 'roomId', 'Please choose a room'],
    ['a stay shorter than the minimum', stay, sel({ quantity: 2, roomId: 11, nights: 1 }), 'endDate', 'The minimum stay is 2 nights'],
    ['an unknown pickup', perPerson, sel({ quantity: 1, transportItemId: 'pickup-9' }), 'transportItemId', 'This pickup is not offered for this experience'],
  ] as const)('%s', (_name, option, selection, field, message) => {
    it(`says "${message}"`, () => {
      expect(priceSelection(option, selection)).toEqual({ ok: false, field, message });
    });
  });
});

describe.each([
  ['Hotel pickup and drop-off (per booking)', 'booking'],
  ['Return transfer from Kota Kinabalu (per person)', 'person'],
  ['Shared transfer from Sandakan (per person, each way)', 'person'],
  ['Pickup in Ubud', 'booking'],
] as const)('transportPer(%s)', (name, per) => {
  it(`is per ${per}`, () => expect(transportPer(name)).toBe(per));
});

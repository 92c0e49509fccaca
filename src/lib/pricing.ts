// What a selection of guests, room and pickup costs, for every pricing basis of spec §3:
// per person (adult, child and local prices), per group (a group price with an add-on per
// extra guest, or a per-guest price billed for at least a minimum party), per room (room type
// × rooms × nights), plus pickup transport. Integer minor units of the option's currency.
// Pure: the server prices carts with it and the tests pin every basis.
import { sumMinor } from './money.ts';

export type PricingRoom = { id: number; name: string; maxGuests: number; pricePerNight: number; quantity: number };
export type PricingTransport = { id: string; name: string; price: number; per: 'booking' | 'person' };

export type PricingOption = {
  priceUnit: 'per_person' | 'per_group' | 'per_room';
  groupPriceType: 'price_per_group_with_additional_pax_addon' | 'price_per_group_with_min_pax' | null;
  useChildPrices: boolean;
  hasLocalPrice: boolean;
  adultPrice: number | null;
  childPrice: number | null;
  localAdultPrice: number | null;
  localChildPrice: number | null;
  groupPrice: number | null;
  groupIncludedPax: number | null;
  additionalPaxPrice: number | null;
  minPax: number | null;
  minQtyForPrice: number;
  maxQtyForPrice: number;
  /** Stays: the shortest stay in nights (the package length); others ignore it. */
  minNights: number;
  rooms: readonly PricingRoom[];
  transportItems: readonly PricingTransport[];
};

export type Selection = {
  /** Adults (spec OrderItem.quantity). */
  quantity: number;
  childQuantity: number;
  localQuantity: number;
  childLocalQuantity: number;
  roomId?: number | null | undefined;
  /** Stays only: nights between check-in and check-out. */
  nights?: number | undefined;
  transportItemId?: string | null | undefined;
};

export type PriceLineKind = 'adult' | 'child' | 'local_adult' | 'local_child' | 'group' | 'extra_guest' | 'guest' | 'room' | 'transport';
export type PriceLine = { kind: PriceLineKind; label: string; quantity: number; unitAmount: number; amount: number };

export type Priced = {
  ok: true;
  lines: PriceLine[];
  subtotal: number;
  /** Everyone travelling. */
  guests: number;
  /** Capacity units the booking takes per date: seats (per person), one group, or rooms. */
  units: number;
  nights: number;
};
export type PriceProblem = { ok: false; field: string; message: string };
export type PriceResult = Priced | PriceProblem;

/** Steppers allow whole numbers from 0 (spec §5); more than this in one booking is a typo. */
export const MAX_QUANTITY = 99;
export const MAX_NIGHTS = 30;

const problem = (field: string, message: string): PriceProblem => ({ ok: false, field, message });
const line = (kind: PriceLineKind, label: string, quantity: number, unitAmount: number): PriceLine => ({
  kind,
  label,
  quantity,
  unitAmount,
  amount: quantity * unitAmount,
});

const QUANTITY_FIELDS = ['quantity', 'childQuantity', 'localQuantity', 'childLocalQuantity'] as const;

/** Everyone in a party: adults, children, locals and local children (a selection or a booked item). */
export const guestsOf = (s: Pick<Selection, (typeof QUANTITY_FIELDS)[number]>) => s.quantity + s.childQuantity + s.localQuantity + s.childLocalQuantity;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function priceSelection(option: PricingOption, sel: Selection): PriceResult {
  for (const f of QUANTITY_FIELDS) {
    const v = sel[f];
    if (!Number.isInteger(v) || v < 0) return problem(f, 'Please choose a whole number of guests');
    if (v > MAX_QUANTITY) return problem(f, `At most ${MAX_QUANTITY} guests per booking`);
  }
  const guests = guestsOf(sel);
  if (guests < 1) return problem('quantity', 'Please add at least one guest');
  if ((sel.childQuantity > 0 || sel.childLocalQuantity > 0) && option.priceUnit === 'per_person' && !option.useChildPrices) {
    return problem('childQuantity', 'This experience has one price for every guest: count children as guests');
  }
  if ((sel.localQuantity > 0 || sel.childLocalQuantity > 0) && !option.hasLocalPrice) {
    return problem('localQuantity', 'This experience has no resident prices');
  }
  if (guests < option.minQtyForPrice) return problem('quantity', `This experience is booked for at least ${plural(option.minQtyForPrice, 'guest')}`);
  if (guests > option.maxQtyForPrice) return problem('quantity', `At most ${plural(option.maxQtyForPrice, 'guest')} per booking`);

  const lines: PriceLine[] = [];
  let units = guests;
  let nights = 0;
  switch (option.priceUnit) {
    case 'per_person': {
      const cats = [
        ['adult', 'Adult', sel.quantity, option.adultPrice],
        ['child', 'Child', sel.childQuantity, option.childPrice],
        ['local_adult', 'Resident adult', sel.localQuantity, option.localAdultPrice],
        ['local_child', 'Resident child', sel.childLocalQuantity, option.localChildPrice],
      ] as const;
      for (const [kind, label, qty, price] of cats) {
        if (qty === 0) continue;
        if (price === null) return problem(fieldOf(kind), `${label} tickets are not sold for this experience`);
        lines.push(line(kind, label, qty, price));
      }
      break;
    }
    case 'per_group': {
      units = 1; // one private group, whatever its size
      if (option.groupPriceType === 'price_per_group_with_min_pax') {
        const perPax = option.additionalPaxPrice ?? option.adultPrice;
        if (perPax === null) return problem('quantity', 'This experience has no price yet');
        const minPax = Math.max(1, option.minPax ?? option.groupIncludedPax ?? 1);
        const billed = Math.max(guests, minPax);
        lines.push(line('guest', guests < minPax ? `Guest (priced for a minimum of ${minPax})` : 'Guest', billed, perPax));
      } else {
        if (option.groupPrice === null) return problem('quantity', 'This experience has no price yet');
        const included = Math.max(1, option.groupIncludedPax ?? 1);
        lines.push(line('group', `Private group (up to ${plural(included, 'guest')})`, 1, option.groupPrice));
        const extra = guests - included;
        if (extra > 0) {
          if (option.additionalPaxPrice === null) return problem('quantity', `At most ${plural(included, 'guest')} per group`);
          lines.push(line('extra_guest', 'Extra guest', extra, option.additionalPaxPrice));
        }
      }
      break;
    }
    case 'per_room': {
      const room = option.rooms.find((r) => r.id === sel.roomId);
      if (!room) return problem('roomId', 'Please choose a room');
      nights = sel.nights ?? 0;
      if (!Number.isInteger(nights) || nights < 1) return problem('endDate', 'Please choose your check-out date');
      if (nights < option.minNights) return problem('endDate', `The minimum stay is ${plural(option.minNights, 'night')}`);
      if (nights > MAX_NIGHTS) return problem('endDate', `At most ${MAX_NIGHTS} nights per booking`);
      units = Math.ceil(guests / Math.max(1, room.maxGuests));
      const what = units === 1 ? room.name : `${room.name} × ${units}`;
      lines.push({ kind: 'room', label: `${what}, ${plural(nights, 'night')}`, quantity: units * nights, unitAmount: room.pricePerNight, amount: units * nights * room.pricePerNight });
      break;
    }
  }

  if (sel.transportItemId) {
    const t = option.transportItems.find((x) => x.id === sel.transportItemId);
    if (!t) return problem('transportItemId', 'This pickup is not offered for this experience');
    const qty = t.per === 'person' ? guests : 1;
    lines.push(line('transport', t.name, qty, t.price));
  }

  return { ok: true, lines, subtotal: sumMinor(lines.map((l) => l.amount)), guests, units, nights };
}

function fieldOf(kind: 'adult' | 'child' | 'local_adult' | 'local_child'): string {
  return { adult: 'quantity', child: 'childQuantity', local_adult: 'localQuantity', local_child: 'childLocalQuantity' }[kind];
}

/** How a pickup is charged, from how operators word it: "(per person …)" or per booking. */
export function transportPer(name: string): 'booking' | 'person' {
  return /\(per (?:person|guest)\b/i.test(name) ? 'person' : 'booking';
}

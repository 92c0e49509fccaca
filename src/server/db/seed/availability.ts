// Availability rules of the demo catalogue: when each experience runs, how much room each
// departure has and how busy it is. Deterministic per option; dates are derived from the rule
// relative to today (src/lib/availability-rules.ts), so the demo never runs out of dates.
import type { OptionDraft } from './option-model.ts';
import { createRng } from './prng.ts';

export type AvailabilityRuleSeed = {
  optionId: number;
  weekdays: number;
  closedMonths: number[];
  leadDays: number;
  slotCapacity: number;
  externalDemand: number;
};

/** The two wettest months by country, when some operators rest (monsoon, typhoons). */
const WET_MONTHS: Record<string, number[]> = {
  malaysia: [11, 12],
  indonesia: [1, 2],
  thailand: [9, 10],
  vietnam: [10, 11],
  cambodia: [9, 10],
  laos: [8, 9],
  'sri-lanka': [5, 6],
  nepal: [7, 8],
  india: [7, 8],
  japan: [1, 2],
  china: [1, 2],
  taiwan: [8, 9],
};

// Monday = bit 0 … Sunday = bit 6
const DAILY = 0b1111111;
const NOT_MONDAY = 0b1111110;
const NOT_TUESDAY = 0b1111101;
const WEEKENDS = 0b1100000;
const MON_THU_SAT = 0b0101001;
const TUE_FRI = 0b0010010;
const SATURDAYS = 0b0100000;

export function availabilityRuleFor(o: OptionDraft): AvailabilityRuleSeed {
  const rng = createRng(`availability:${o.slugCode}`);
  let weekdays: number;
  let leadDays: number;
  switch (o.kind) {
    case 'stay':
      weekdays = DAILY;
      leadDays = 1;
      break;
    case 'adventure':
      weekdays = rng.weighted([[MON_THU_SAT, 3], [TUE_FRI, 2], [SATURDAYS, 1], [DAILY, 2]] as const);
      leadDays = rng.int(3, 7);
      break;
    default:
      weekdays = rng.weighted([[DAILY, 5], [NOT_MONDAY, 2], [NOT_TUESDAY, 1], [WEEKENDS, 1]] as const);
      leadDays = 1;
  }
  if (o.bookType === 'request_to_book') leadDays += 2;
  const wet = WET_MONTHS[o.countrySlug];
  const closedMonths = o.kind !== 'stay' && wet && rng.chance(0.2) ? [...wet] : [];
  const slotCapacity = o.priceUnit === 'per_person' ? o.capacity : o.priceUnit === 'per_group' ? rng.int(1, 3) : 0;
  // Popular experiences sell more elsewhere too.
  const externalDemand = Math.min(85, 20 + Math.round(Math.log1p(o.ordersCount) * 8) + rng.int(0, 15));
  return { optionId: o.id, weekdays, closedMonths, leadDays, slotCapacity, externalDemand };
}

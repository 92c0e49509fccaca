// When an experience runs and how much room each departure has. Each option has one rule:
// the weekdays it operates, the months it rests (monsoon, nesting season), the notice the
// operator needs, and the capacity of each departure. Departures (date × start time, or date ×
// room type for stays) are "slots"; a slot's seats are the one capacity model bookings take
// from. Slots are derived from the rule, relative to today, so dates never run out; a slot row
// is written only when something is booked on it. Pure.
import { addDays, lastBookableDate, weekdayOf } from './local-time.ts';

export type AvailabilityRule = {
  /** Bit i set: runs on weekday i (0 = Monday … 6 = Sunday). */
  weekdays: number;
  /** Months (1–12) without departures. */
  closedMonths: readonly number[];
  /** Days of notice: the first bookable date is the local today + leadDays (≥ 1). */
  leadDays: number;
  /** Units per slot for per-person (seats) and per-group (groups) options; stays use room counts. */
  slotCapacity: number;
  /**
   * Share (0–100) of a departure typically sold through the operator's own channels before
   * Verdant's travellers book. 0 in production data; the demo catalogue uses it so that some
   * dates are nearly full or sold out.
   */
  externalDemand: number;
};

export const ALL_WEEKDAYS = 0b1111111;
export const ALL_DAY_SLOT = 'day';

export const roomSlotKey = (roomId: number) => `room:${roomId}`;

export function operatesOn(rule: AvailabilityRule, date: string): boolean {
  const month = Number(date.slice(5, 7));
  return (rule.weekdays & (1 << weekdayOf(date))) !== 0 && !rule.closedMonths.includes(month);
}

/** Spec §5: from today (plus the operator's notice) to the end of the month one year ahead. */
export function bookableWindow(rule: Pick<AvailabilityRule, 'leadDays'>, today: string): { from: string; to: string } {
  return { from: addDays(today, Math.max(1, rule.leadDays)), to: lastBookableDate(today) };
}

export function inWindow(window: { from: string; to: string }, date: string): boolean {
  return date >= window.from && date <= window.to;
}

/** Slots of a date for timed experiences: one per start time, or one for the whole day. */
export function timeSlotKeys(startTimes: readonly string[]): string[] {
  return startTimes.length > 0 ? [...startTimes] : [ALL_DAY_SLOT];
}

/** FNV-1a with murmur3's finaliser: labels that differ in one character still land far apart. */
function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const unit = (label: string) => hash32(label) / 4294967296;

/**
 * Units of a slot already sold elsewhere (see externalDemand): deterministic per option, date
 * and slot. Roughly 12 % × demand of departures are sold out, 20 % × demand nearly full, and
 * the rest partly sold; weekends sell better.
 */
export function externallySold(rule: AvailabilityRule, optionId: number, date: string, slotKey: string, capacity: number): number {
  if (rule.externalDemand <= 0 || capacity <= 0) return 0;
  const demand = Math.min(100, rule.externalDemand) / 100;
  const weekend = weekdayOf(date) >= 5 ? 1.3 : 1;
  const u = unit(`${optionId}|${date}|${slotKey}`);
  const v = unit(`${slotKey}|${date}|${optionId}|fill`);
  if (u < 0.12 * demand * weekend) return capacity;
  if (u < 0.32 * demand * weekend) return Math.max(0, capacity - 1 - Math.floor(v * Math.min(2, capacity / 4)));
  return Math.min(capacity - 1, Math.floor(capacity * v * 0.6 * demand * weekend));
}

export type SlotStatus = 'available' | 'limited' | 'sold_out';

/** "limited" once a fifth or fewer (and at most 3) units are left. */
export function slotStatus(left: number, capacity: number): SlotStatus {
  if (left <= 0) return 'sold_out';
  if (left <= Math.min(3, Math.max(1, Math.ceil(capacity / 5)))) return 'limited';
  return 'available';
}

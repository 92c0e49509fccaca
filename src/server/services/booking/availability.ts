// Availability and capacity. A departure's units are derived from the option's rule until
// something is booked on it; then a row in availability_slots holds its capacity and what is
// taken. Taking units is one conditional UPDATE per slot inside the caller's transaction
// (`taken + n <= capacity`): on PostgreSQL concurrent takers queue on the row lock and each
// re-checks the condition, so a departure can never be oversold, and a check constraint keeps
// `0 <= taken <= capacity` whatever happens.
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { AvailableDate, RoomAvailability, SlotStatus, Timeslot } from '../../../contract/booking.ts';
import {
  ALL_DAY_SLOT,
  bookableWindow,
  externallySold,
  inWindow,
  operatesOn,
  roomSlotKey,
  slotStatus,
  timeSlotKeys,
} from '../../../lib/availability-rules.ts';
import { addDays, addMinutesToTime, daysBetween, localNow } from '../../../lib/local-time.ts';
import { roomPriceOn } from '../../../lib/seasons.ts';
import type { Db, Tx } from '../../db/client.ts';
import { availabilitySlots } from '../../db/schema.ts';
import { HttpError } from '../../http.ts';
import type { BookableOption } from './catalog.ts';

export type Writer = Db | Tx;

export const isRoomBased = (o: BookableOption) => o.priceUnit === 'per_room';
export const capacityUnit = (o: Pick<BookableOption, 'priceUnit'>) => (o.priceUnit === 'per_person' ? 'seat' : o.priceUnit === 'per_group' ? 'group' : 'room');

export function todayFor(o: BookableOption, now: Date = new Date()): string {
  return localNow(o.zone, now).date;
}

export function windowFor(o: BookableOption, now: Date = new Date()) {
  return bookableWindow(o.rule, todayFor(o, now));
}

/** Units of one slot when nothing has been booked on it here yet. */
export function slotCapacity(o: BookableOption, slotKey: string): number {
  if (slotKey.startsWith('room:')) return o.rooms.find((r) => roomSlotKey(r.id) === slotKey)?.quantity ?? 0;
  return o.rule.slotCapacity;
}

export type SlotRow = { date: string; slotKey: string; capacity: number; taken: number };
const rowKey = (date: string, slotKey: string) => `${date}|${slotKey}`;

export async function slotRows(db: Writer, optionId: number, from: string, to: string): Promise<Map<string, SlotRow>> {
  const rows = await db
    .select({ date: availabilitySlots.date, slotKey: availabilitySlots.slotKey, capacity: availabilitySlots.capacity, taken: availabilitySlots.taken })
    .from(availabilitySlots)
    .where(and(eq(availabilitySlots.optionId, optionId), gte(availabilitySlots.date, from), lte(availabilitySlots.date, to)));
  return new Map(rows.map((r) => [rowKey(r.date, r.slotKey), r]));
}

/** Capacity and units left of a slot: its row, or the rule's figures. */
export function slotState(o: BookableOption, rows: Map<string, SlotRow>, date: string, slotKey: string): { capacity: number; left: number } {
  const row = rows.get(rowKey(date, slotKey));
  if (row) return { capacity: row.capacity, left: row.capacity - row.taken };
  const capacity = slotCapacity(o, slotKey);
  return { capacity, left: capacity - externallySold(o.rule, o.id, date, slotKey, capacity) };
}

/** The slot keys of a departure date: start times, or rooms for per-room options. */
export function slotKeysOf(o: BookableOption): string[] {
  return isRoomBased(o) ? o.rooms.map((r) => roomSlotKey(r.id)) : timeSlotKeys(o.startTimes);
}

export function isOperatingDate(o: BookableOption, date: string, now: Date = new Date()): boolean {
  return inWindow(windowFor(o, now), date) && operatesOn(o.rule, date);
}

export async function availableDates(db: Db, o: BookableOption, range: { from?: string | undefined; to?: string | undefined }, now = new Date()) {
  const window = windowFor(o, now);
  const from = range.from && range.from > window.from ? range.from : window.from;
  const to = range.to && range.to < window.to ? range.to : window.to;
  const dates: AvailableDate[] = [];
  if (from <= to) {
    const rows = await slotRows(db, o.id, from, to);
    const keys = slotKeysOf(o);
    for (let d = from; d <= to; d = addDays(d, 1)) {
      if (!operatesOn(o.rule, d)) continue;
      let best = 0;
      let bestCapacity = 0;
      for (const k of keys) {
        const s = slotState(o, rows, d, k);
        if (s.left > best || bestCapacity === 0) [best, bestCapacity] = [Math.max(best, s.left), s.capacity];
      }
      const status: SlotStatus = keys.length === 0 ? 'sold_out' : slotStatus(best, Math.max(bestCapacity, 1));
      dates.push({ date: d, status, unitsLeft: Math.max(0, best) });
    }
  }
  return { window, dates };
}

export const timeslotId = (date: string, slotKey: string) => `${date}T${slotKey}`;

export function parseTimeslotId(id: string): { date: string; slotKey: string } | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}|day)$/.exec(id);
  return m ? { date: m[1] as string, slotKey: m[2] as string } : null;
}

export function endTimeOf(o: BookableOption, startTime: string | null): string | null {
  if (!startTime || !o.durationMinutes || o.durationMinutes >= 24 * 60) return null;
  return addMinutesToTime(startTime, o.durationMinutes);
}

export async function timeslotsOf(db: Db, o: BookableOption, date: string): Promise<Timeslot[]> {
  const rows = await slotRows(db, o.id, date, date);
  return timeSlotKeys(o.startTimes).map((k) => {
    const s = slotState(o, rows, date, k);
    const startTime = k === ALL_DAY_SLOT ? null : k;
    return {
      id: timeslotId(date, k),
      date,
      startTime,
      endTime: endTimeOf(o, startTime),
      capacity: s.capacity,
      unitsLeft: Math.max(0, s.left),
      status: slotStatus(s.left, s.capacity),
    };
  });
}

/** Nights of a stay: every date from check-in to the day before check-out. */
export function nightsOf(startDate: string, endDate: string): string[] {
  const n = daysBetween(startDate, endDate);
  return Array.from({ length: Math.max(0, n) }, (_, i) => addDays(startDate, i));
}

export async function roomsOf(db: Db, o: BookableOption, startDate: string, endDate: string, exponentMoney: (minor: number) => RoomAvailability['pricePerNight']): Promise<RoomAvailability[]> {
  const nights = nightsOf(startDate, endDate);
  const rows = nights.length ? await slotRows(db, o.id, startDate, nights[nights.length - 1] as string) : new Map<string, SlotRow>();
  return o.rooms.map((r) => {
    const key = roomSlotKey(r.id);
    let left = r.quantity;
    for (const n of nights) left = Math.min(left, slotState(o, rows, n, key).left);
    if (nights.length === 0) left = 0;
    return {
      roomId: r.id,
      name: r.name,
      roomType: r.roomType,
      privacy: r.privacy,
      maxGuests: r.maxGuests,
      // The check-in night's price (a season's, if one covers it); the quote prices every night.
      pricePerNight: exponentMoney(roomPriceOn(o.pricing, o.seasons, r.id, startDate) ?? r.pricePerNight),
      unitsLeft: Math.max(0, left),
      status: slotStatus(left, r.quantity),
    };
  });
}

/** The slots a booking occupies: its departure, or each night of a stay. */
export function slotsOfBooking(o: BookableOption, b: { startDate: string; endDate: string; slotKey: string }): { date: string; slotKey: string }[] {
  if (isRoomBased(o)) return nightsOf(b.startDate, b.endDate).map((date) => ({ date, slotKey: b.slotKey }));
  return [{ date: b.startDate, slotKey: b.slotKey }];
}

/** The fewest units left over the booking's slots (what can still be booked). */
export async function unitsLeftFor(db: Writer, o: BookableOption, b: { startDate: string; endDate: string; slotKey: string }): Promise<{ left: number; capacity: number }> {
  const slots = slotsOfBooking(o, b);
  if (slots.length === 0) return { left: 0, capacity: 0 };
  const rows = await slotRows(db, o.id, slots[0]!.date, slots[slots.length - 1]!.date);
  let left = Number.POSITIVE_INFINITY;
  let capacity = 0;
  for (const s of slots) {
    const st = slotState(o, rows, s.date, s.slotKey);
    left = Math.min(left, st.left);
    capacity = Math.max(capacity, st.capacity);
  }
  return { left: Math.max(0, left), capacity };
}

export class SoldOutError extends HttpError {
  constructor() {
    super(409, 'Sorry, this date has just sold out. Please choose another date or join the waitlist.', { body: { code: 'sold_out', reason: 'no_availability' } });
    this.name = 'SoldOutError';
  }
}

/**
 * Takes `units` on every slot of the booking, in date order (so two stays never lock nights in
 * opposite orders), or throws SoldOutError; the caller's transaction then rolls back whatever
 * was taken.
 */
export async function takeUnits(tx: Writer, o: BookableOption, b: { startDate: string; endDate: string; slotKey: string }, units: number): Promise<void> {
  if (!Number.isInteger(units) || units <= 0) throw new Error(`takeUnits: bad unit count ${units}`);
  for (const s of slotsOfBooking(o, b)) {
    const capacity = slotCapacity(o, s.slotKey);
    const initial = externallySold(o.rule, o.id, s.date, s.slotKey, capacity);
    await tx
      .insert(availabilitySlots)
      .values({ optionId: o.id, date: s.date, slotKey: s.slotKey, capacity, taken: initial })
      .onConflictDoNothing({ target: [availabilitySlots.optionId, availabilitySlots.date, availabilitySlots.slotKey] });
    const taken = await tx
      .update(availabilitySlots)
      .set({ taken: sql`${availabilitySlots.taken} + ${units}`, updatedAt: sql`now()` })
      .where(
        and(
          eq(availabilitySlots.optionId, o.id),
          eq(availabilitySlots.date, s.date),
          eq(availabilitySlots.slotKey, s.slotKey),
          sql`${availabilitySlots.taken} + ${units} <= ${availabilitySlots.capacity}`,
        ),
      )
      .returning({ id: availabilitySlots.id });
    if (taken.length === 0) throw new SoldOutError();
  }
}

/** Gives `units` back on every slot of the booking. */
export async function releaseUnits(tx: Writer, o: BookableOption, b: { startDate: string; endDate: string; slotKey: string }, units: number): Promise<void> {
  if (units <= 0) return;
  for (const s of slotsOfBooking(o, b)) {
    const released = await tx
      .update(availabilitySlots)
      .set({ taken: sql`${availabilitySlots.taken} - ${units}`, updatedAt: sql`now()` })
      .where(
        and(
          eq(availabilitySlots.optionId, o.id),
          eq(availabilitySlots.date, s.date),
          eq(availabilitySlots.slotKey, s.slotKey),
          sql`${availabilitySlots.taken} >= ${units}`,
        ),
      )
      .returning({ id: availabilitySlots.id });
    if (released.length === 0) throw new Error(`releaseUnits: slot ${o.id}/${s.date}/${s.slotKey} holds fewer than ${units} units`);
  }
}

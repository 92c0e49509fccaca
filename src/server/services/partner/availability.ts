// The operators' availability (issue 15, item 3): an option's departures with capacity and
// seats sold, setting one departure's capacity, and the iCal feed of booked departures. The
// departures are the booking widget's own (services/booking/availability.ts: the option's rule,
// and a slot row once anything is booked or the operator changed it), so a change here shows in
// the widget at the next read.
//
// Closing a departure is capacity 0 rather than a separate "closed" flag: the capacity check
// every booking already runs (`taken + n <= capacity`) then refuses new sales with no new code
// path, and the CHECK constraint (`taken <= capacity`) keeps it honest — which is also why a
// departure with seats sold can't be closed: its lowest capacity is the number sold.
import { and, asc, eq, gt, gte, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import type { PartnerDeparture, PartnerOption } from '../../../contract/partner.ts';
import { type IcalEvent, icalCalendar } from '../../../lib/ical.ts';
import { externallySold, operatesOn, roomSlotKey } from '../../../lib/availability-rules.ts';
import { addDays, zonedInstant } from '../../../lib/local-time.ts';
import type { Db } from '../../db/client.ts';
import { availabilitySlots, options, orderItems } from '../../db/schema.ts';
import { HttpError } from '../../http.ts';
import { capacityUnit, slotCapacity, slotKeysOf, slotRows, slotState, todayFor, windowFor } from '../booking/availability.ts';
import { type BookableOption, loadBookableOption } from '../booking/catalog.ts';
import type { OpenOperator } from './bookings.ts';

const optionNotFound = () => new HttpError(404, 'Experience not found');

export const optionView = (o: BookableOption): PartnerOption => ({ id: o.id, slugCode: o.slugCode, name: o.name, unit: capacityUnit(o), published: o.published });

/** The operator's experiences (not deleted), by name. */
export async function partnerOptions(db: Db, op: OpenOperator): Promise<PartnerOption[]> {
  const rows = await db
    .select({ id: options.id, slugCode: options.slugCode, name: options.name, priceUnit: options.priceUnit, published: options.published })
    .from(options)
    .where(and(eq(options.operatorId, op.id), isNull(options.deletedAt)))
    .orderBy(asc(options.name), asc(options.id));
  return rows.map((r) => ({ id: r.id, slugCode: r.slugCode, name: r.name, published: r.published, unit: capacityUnit(r) }));
}

/** Option `optionId` if it belongs to `op` (and is not deleted); 404 otherwise, as for another operator. */
export async function optionOf(db: Db, op: OpenOperator, optionId: number): Promise<BookableOption> {
  const [row] = await db.select({ operatorId: options.operatorId }).from(options).where(eq(options.id, optionId));
  if (!row || row.operatorId !== op.id) throw optionNotFound();
  const o = await loadBookableOption(db, { id: optionId });
  if (!o || o.deleted) throw optionNotFound();
  return o;
}

const slotLabel = (o: BookableOption, slotKey: string) => (slotKey.startsWith('room:') ? (o.rooms.find((r) => roomSlotKey(r.id) === slotKey)?.name ?? null) : null);
const startTimeOf = (slotKey: string) => (/^\d{2}:\d{2}$/.test(slotKey) ? slotKey : null);

/** `today` and `last`: the departures that can still change (after today, up to the end of the bookable window). */
type Editable = { today: string; last: string };

function departureView(o: BookableOption, e: Editable, date: string, slot: string, capacity: number, sold: number): PartnerDeparture {
  const lockedBecause = date <= e.today ? 'today_or_past' : date > e.last ? 'beyond_window' : null;
  return { date, slot, startTime: startTimeOf(slot), label: slotLabel(o, slot), capacity, sold, closed: capacity === 0, editable: lockedBecause === null, lockedBecause };
}

/** Sold units of a departure with no slot row yet: what the booking widget counts too (0 in production data). */
const initialSold = (o: BookableOption, date: string, slot: string) => externallySold(o.rule, o.id, date, slot, slotCapacity(o, slot));

/** Every departure of `o` from `from` to `to`: the rule's dates and slots, plus any slot row (e.g. booked before the rule changed). */
export async function departuresOf(db: Db, o: BookableOption, from: string, to: string, now = new Date()): Promise<PartnerDeparture[]> {
  const editable: Editable = { today: todayFor(o, now), last: windowFor(o, now).to };
  // The widget's own rows and figures (a slot without a row has the rule's capacity).
  const rows = await slotRows(db, o.id, from, to);
  const keys = slotKeysOf(o);
  const out: PartnerDeparture[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const runs = operatesOn(o.rule, d);
    const slots = new Set(runs ? keys : []);
    // A row on a day the rule doesn't run is listed while it has something to say: seats sold or
    // a capacity (an empty closed row there is a closed date's, decision 33: not a departure).
    for (const r of rows.values()) if (r.date === d && (runs || r.taken > 0 || r.capacity > 0)) slots.add(r.slotKey);
    for (const slot of [...slots].sort()) {
      const s = slotState(o, rows, d, slot);
      out.push(departureView(o, editable, d, slot, s.capacity, s.capacity - s.left));
    }
  }
  return out;
}

export const soldMessage = (sold: number, unit: 'seat' | 'group' | 'room') => {
  const what = unit === 'seat' ? (sold === 1 ? 'seat is' : 'seats are') : unit === 'group' ? (sold === 1 ? 'group is' : 'groups are') : sold === 1 ? 'room is' : 'rooms are';
  return `${sold} ${what} already sold on this departure; capacity can't be lower than ${sold}.`;
};

/**
 * Sets the capacity of departure `date`/`slot`. One conditional upsert, never read-then-write:
 * the row is inserted (first change of a departure nothing was booked on) or its capacity
 * updated only `WHERE taken <= capacity`. A booking taking seats at the same moment holds the
 * row lock or waits on it, and PostgreSQL re-checks the condition on the row it then sees, so
 * the capacity can never end below what is sold (and the CHECK constraint would refuse it anyway).
 */
export async function setDepartureCapacity(db: Db, o: BookableOption, date: string, slot: string, capacity: number, now = new Date()): Promise<PartnerDeparture> {
  const today = todayFor(o, now);
  const window = windowFor(o, now);
  const editable: Editable = { today, last: window.to };
  if (date <= today) throw new HttpError(409, "The capacity of today's and past departures can't change.");
  if (date > window.to) throw new HttpError(422, `Departures can be changed up to ${window.to}.`, { fields: { date: 'Too far ahead' } });
  const known = slotKeysOf(o).includes(slot);
  // A departure of the rule, or one with a row: a slot the rule no longer has (a start time or a
  // room type removed) is listed while it has a row, and stays editable as listed.
  if (!(known && operatesOn(o.rule, date)) && !(await hasRow(db, o.id, date, slot))) {
    if (known) throw new HttpError(404, `This experience doesn't run on ${date} (see its weekdays and closed months).`);
    throw new HttpError(404, slot.startsWith('room:') ? 'This experience has no such room.' : `This experience has no departure at ${slot}.`);
  }
  const ruleCapacity = slotCapacity(o, slot);
  const initial = initialSold(o, date, slot);
  // A departure without a row is written with what it already had sold; the inserted capacity
  // can't be below that (the CHECK would fail before ON CONFLICT is considered), so a refused
  // lowering inserts the rule's figures — the same departure the widget showed, nothing changed.
  const insertCapacity = capacity >= initial ? capacity : ruleCapacity;
  // Twice at most: a refusal is explained with the sold count read afterwards, and if seats
  // were released in between (a cancellation) the lowering may now fit.
  for (let attempt = 0; attempt < 2; attempt++) {
    const [row] = await db
      .insert(availabilitySlots)
      .values({ optionId: o.id, date, slotKey: slot, capacity: insertCapacity, taken: initial })
      .onConflictDoUpdate({
        target: [availabilitySlots.optionId, availabilitySlots.date, availabilitySlots.slotKey],
        set: { capacity, updatedAt: sql`now()` },
        setWhere: sql`${availabilitySlots.taken} <= ${capacity}`,
      })
      .returning({ capacity: availabilitySlots.capacity, taken: availabilitySlots.taken });
    if (row && row.capacity === capacity) return departureView(o, editable, date, slot, row.capacity, row.taken);
    const sold = row ? row.taken : ((await soldOn(db, o.id, date, slot)) ?? initial);
    if (sold > capacity) throw new HttpError(409, soldMessage(sold, capacityUnit(o)), { body: { code: 'below_sold', sold } });
  }
  throw new HttpError(409, 'Seats on this departure are changing right now; please try again.', { body: { code: 'busy' } });
}

async function soldOn(db: Db, optionId: number, date: string, slot: string): Promise<number | undefined> {
  const [r] = await db
    .select({ taken: availabilitySlots.taken })
    .from(availabilitySlots)
    .where(and(eq(availabilitySlots.optionId, optionId), eq(availabilitySlots.date, date), eq(availabilitySlots.slotKey, slot)));
  return r?.taken;
}
const hasRow = async (db: Db, optionId: number, date: string, slot: string) => (await soldOn(db, optionId, date, slot)) !== undefined;

/** How far ahead the feed reaches: a calendar app refreshes it, so a year is plenty. */
const FEED_DAYS = 400;

/**
 * The iCal feed: one VEVENT per upcoming departure of `op` holding bookings (order items that
 * hold units: placed and not cancelled), with sold/capacity and the guests booked.
 */
export async function departuresIcs(db: Db, op: Pick<OpenOperator, 'id' | 'name'>, now = new Date()): Promise<string> {
  const today = now.toISOString().slice(0, 10);
  const guests = sql<number>`sum(${orderItems.quantity} + ${orderItems.childQuantity} + ${orderItems.localQuantity} + ${orderItems.childLocalQuantity})::int`;
  const booked = await db
    .select({
      optionId: orderItems.optionId,
      date: orderItems.startDate,
      slot: orderItems.slotKey,
      guests,
      bookings: sql<number>`count(*)::int`,
      capacity: availabilitySlots.capacity,
      taken: availabilitySlots.taken,
    })
    .from(orderItems)
    .innerJoin(options, eq(options.id, orderItems.optionId))
    .leftJoin(
      availabilitySlots,
      and(eq(availabilitySlots.optionId, orderItems.optionId), eq(availabilitySlots.date, orderItems.startDate), eq(availabilitySlots.slotKey, orderItems.slotKey)),
    )
    // A day back so a departure later today in a zone behind UTC is still listed.
    .where(and(eq(options.operatorId, op.id), gt(orderItems.unitsHeld, 0), isNotNull(orderItems.status), isNotNull(orderItems.orderId), ne(orderItems.status, 'cancelled'), gte(orderItems.startDate, addDays(today, -1)), lte(orderItems.startDate, addDays(today, FEED_DAYS))))
    .groupBy(orderItems.optionId, orderItems.startDate, orderItems.slotKey, availabilitySlots.capacity, availabilitySlots.taken)
    .orderBy(asc(orderItems.startDate), asc(orderItems.slotKey));
  const loaded = new Map<number, BookableOption | null>();
  const events: IcalEvent[] = [];
  for (const b of booked) {
    if (!loaded.has(b.optionId)) loaded.set(b.optionId, await loadBookableOption(db, { id: b.optionId }));
    const o = loaded.get(b.optionId);
    if (!o) continue;
    const start = startTimeOf(b.slot);
    const room = slotLabel(o, b.slot);
    const capacity = b.capacity ?? slotCapacity(o, b.slot);
    const sold = b.taken ?? 0;
    const unit = capacityUnit(o);
    const title = `${o.name}${room ? ` (${room})` : ''} — ${sold}/${capacity} ${unit}s sold`;
    // A timed departure lasts its duration (an hour when the experience gives none or runs for days).
    const minutes = o.durationMinutes && o.durationMinutes < 24 * 60 ? o.durationMinutes : 60;
    const atStart = start ? zonedInstant(b.date, start, o.zone) : null;
    const days = Math.max(1, o.durationDays ?? 1);
    events.push({
      uid: `${o.id}-${b.date}-${b.slot.replace(/[^\w-]/g, '')}@verdant.travel`,
      start: atStart ? { kind: 'utc', at: atStart } : { kind: 'date', date: b.date },
      end: atStart
        ? { kind: 'utc', at: new Date(atStart.getTime() + minutes * 60_000) }
        : { kind: 'date', date: addDays(b.date, days) },
      summary: title,
      description: `${b.guests} ${b.guests === 1 ? 'guest' : 'guests'} in ${b.bookings} ${b.bookings === 1 ? 'booking' : 'bookings'}; ${sold} of ${capacity} ${unit}s sold.`,
      location: o.meetingPoint,
    });
  }
  return icalCalendar({ prodId: '-//Verdant//Partner departures//EN', name: `${op.name} departures`, events, now });
}

// An option's availability rule and closed dates, set from the back-office (issue 15, item 3;
// decision 33). The rule is the booking widget's own (`availability_rules`, read fresh by every
// availability and booking call), so a change is live at once. Departures that already have a
// row in availability_slots (booked, or given a capacity by hand) keep their own capacity: a new
// default never lowers a departure below what it sold.
//
// Closing dates is capacity 0 on every departure of every date in the range, written by one
// conditional upsert in one transaction (decision 29's pattern): a departure with seats sold is
// never closed, and when any is found the whole range is refused and rolled back, naming them.
import { and, eq, gt, gte, lte, sql } from 'drizzle-orm';
import type { PartnerClosureResponse, PartnerRuleResponse, PartnerRuleValues } from '../../../contract/partner.ts';
import { externallySold, operatesOn, type AvailabilityRule } from '../../../lib/availability-rules.ts';
import { formatDate, formatTime } from '../../../lib/format-date.ts';
import { addDays } from '../../../lib/local-time.ts';
import type { Db } from '../../db/client.ts';
import { availabilityRules, availabilitySlots } from '../../db/schema.ts';
import { HttpError } from '../../http.ts';
import { capacityUnit, isRoomBased, slotCapacity, slotKeysOf, slotRows, todayFor, windowFor } from '../booking/availability.ts';
import { type BookableOption, loadBookableOption } from '../booking/catalog.ts';
import { optionView } from './availability.ts';

const weekdayList = (mask: number) => [0, 1, 2, 3, 4, 5, 6].filter((d) => (mask & (1 << d)) !== 0);
const weekdayMask = (days: readonly number[]) => days.reduce((m, d) => m | (1 << d), 0);

/** The rule as the back-office shows it, with today's bookable window and the bookings it leaves outside. */
export async function ruleOf(db: Db, o: BookableOption, now = new Date()): Promise<PartnerRuleResponse> {
  const [row] = await db.select({ optionId: availabilityRules.optionId }).from(availabilityRules).where(eq(availabilityRules.optionId, o.id));
  const window = windowFor(o, now);
  return {
    option: optionView(o),
    rule: { weekdays: weekdayList(o.rule.weekdays), closedMonths: [...o.rule.closedMonths].sort((a, b) => a - b), leadDays: Math.max(1, o.rule.leadDays), slotCapacity: o.rule.slotCapacity, isDefault: !row },
    bookableFrom: window.from,
    bookableTo: window.to,
    bookedOutsideRule: await bookedOutside(db, o, o.rule, todayFor(o, now)),
  };
}

/** Upcoming departures with units sold on dates `rule` does not run (they stay booked). */
async function bookedOutside(db: Db, o: BookableOption, rule: AvailabilityRule, today: string): Promise<number> {
  const rows = await db
    .select({ date: availabilitySlots.date })
    .from(availabilitySlots)
    .where(and(eq(availabilitySlots.optionId, o.id), gt(availabilitySlots.date, today), gt(availabilitySlots.taken, 0)));
  return rows.filter((r) => !operatesOn(rule, r.date)).length;
}

/**
 * Writes the option's rule (one row per option, upserted). Stays keep their rule capacity (their
 * rooms' counts are what they sell); every other option must give one. The demo's external
 * demand is left as it was.
 */
export async function setRule(db: Db, o: BookableOption, body: PartnerRuleValues, now = new Date()): Promise<PartnerRuleResponse> {
  const rooms = isRoomBased(o);
  if (!rooms && body.slotCapacity === undefined) {
    const what = capacityUnit(o) === 'group' ? 'groups' : 'seats';
    throw new HttpError(422, `Enter how many ${what} a departure has`, { fields: { slot_capacity: `Enter how many ${what} a departure has` } });
  }
  const values = {
    weekdays: weekdayMask(body.weekdays),
    closedMonths: body.closedMonths,
    leadDays: body.leadDays,
    slotCapacity: rooms ? o.rule.slotCapacity : (body.slotCapacity ?? o.rule.slotCapacity),
  };
  await db
    .insert(availabilityRules)
    .values({ optionId: o.id, ...values, externalDemand: o.rule.externalDemand })
    .onConflictDoUpdate({ target: availabilityRules.optionId, set: { ...values, updatedAt: sql`now()` } });
  const fresh = await loadBookableOption(db, { id: o.id });
  if (!fresh) throw new HttpError(404, 'Experience not found');
  return ruleOf(db, fresh, now);
}

/** The dates from tomorrow (the experience's) to the end of the bookable window: what can be closed or reopened. */
function checkRange(o: BookableOption, from: string, to: string, now: Date) {
  const today = todayFor(o, now);
  if (from <= today) throw new HttpError(422, 'Choose dates from tomorrow on: today’s and past departures can’t change.', { fields: { from: 'Choose a date from tomorrow on' } });
  const last = windowFor(o, now).to;
  if (to > last) throw new HttpError(422, `Dates can be changed up to ${formatDate(last)}, the end of what is on sale.`, { fields: { to: `Choose a date up to ${formatDate(last)}` } });
}

const slotWords = (o: BookableOption, slot: string) => {
  if (/^\d{2}:\d{2}$/.test(slot)) return ` ${formatTime(slot)}`;
  if (slot.startsWith('room:')) return ` ${o.rooms.find((r) => `room:${r.id}` === slot)?.name ?? 'room'}`;
  return '';
};

type Sold = { date: string; slot: string; sold: number };

/** "12 Dec 2026 10:00 AM (3 seats sold), …" — the first few, then how many more. */
export function soldList(o: BookableOption, sold: readonly Sold[]): string {
  const unit = capacityUnit(o);
  const shown = sold.slice(0, 6).map((s) => `${formatDate(s.date)}${slotWords(o, s.slot)} (${s.sold} ${unit}${s.sold === 1 ? '' : 's'} sold)`);
  return `${shown.join(', ')}${sold.length > 6 ? ` and ${sold.length - 6} more` : ''}`;
}

/**
 * Closes every departure from `from` to `to` (capacity 0): the rule's departures of each date and
 * any departure with a row (a start time removed since). Dates the experience does not run on
 * are closed too, so the block holds if the rule later adds that weekday. All or nothing.
 */
export async function closeDates(db: Db, o: BookableOption, from: string, to: string, now = new Date()): Promise<PartnerClosureResponse> {
  checkRange(o, from, to, now);
  return db.transaction(async (tx) => {
    const rows = await slotRows(tx, o.id, from, to);
    const keys = slotKeysOf(o);
    const values: (typeof availabilitySlots.$inferInsert & { slotKey: string; date: string })[] = [];
    // Date then slot order, like every other writer of several rows (stays take nights in date order).
    for (let d = from; d <= to; d = addDays(d, 1)) {
      const slots = new Set(keys);
      for (const r of rows.values()) if (r.date === d) slots.add(r.slotKey);
      for (const slot of [...slots].sort()) {
        // A departure without a row is inserted with what the widget already counts as sold; one
        // with sales can't be inserted closed (the CHECK would fail), so it is inserted with the
        // rule's figures, found below as not closed, and the transaction refuses the range.
        const initial = rows.has(`${d}|${slot}`) || !operatesOn(o.rule, d) ? 0 : externallySold(o.rule, o.id, d, slot, slotCapacity(o, slot));
        values.push({ optionId: o.id, date: d, slotKey: slot, capacity: initial > 0 ? slotCapacity(o, slot) : 0, taken: initial });
      }
    }
    if (values.length === 0) return { from, to, departures: 0 };
    // One statement: a booking taking seats holds the row lock or waits for it, and the WHERE is
    // re-checked on the row version it then sees, so a sold departure is never closed.
    const written = await tx
      .insert(availabilitySlots)
      .values(values)
      .onConflictDoUpdate({
        target: [availabilitySlots.optionId, availabilitySlots.date, availabilitySlots.slotKey],
        set: { capacity: 0, updatedAt: sql`now()` },
        setWhere: sql`${availabilitySlots.taken} = 0`,
      })
      .returning({ date: availabilitySlots.date, slotKey: availabilitySlots.slotKey, capacity: availabilitySlots.capacity });
    const closed = new Set(written.filter((w) => w.capacity === 0).map((w) => `${w.date}|${w.slotKey}`));
    // The count the operator reads: departures travellers could have booked (not days it doesn't run).
    if (closed.size === values.length) return { from, to, departures: values.filter((v) => operatesOn(o.rule, v.date) || rows.has(`${v.date}|${v.slotKey}`)).length };
    const after = await slotRows(tx, o.id, from, to);
    const sold: Sold[] = values
      .filter((v) => !closed.has(`${v.date}|${v.slotKey}`))
      .map((v) => ({ date: v.date, slot: v.slotKey, sold: after.get(`${v.date}|${v.slotKey}`)?.taken ?? v.taken ?? 0 }))
      .filter((s) => s.sold > 0);
    // Throwing rolls the transaction back: nothing in the range is closed.
    if (sold.length === 0) throw new HttpError(409, 'Seats on these dates are changing right now; please try again.', { body: { code: 'busy' } });
    const message = `Nothing was closed: ${sold.length === 1 ? 'one departure has' : `${sold.length} departures have`} bookings — ${soldList(o, sold)}. Cancel or move those bookings first, or close the dates around them.`;
    throw new HttpError(409, message, { body: { code: 'sold', sold } });
  });
}

/**
 * Reopens the closed departures from `from` to `to`: their rows go, so they return to the rule's
 * figures (today's default capacity, or the room count). A closed departure has nothing sold
 * (capacity 0 ≥ taken), and the condition is in the statement, so nothing booked is touched.
 */
export async function reopenDates(db: Db, o: BookableOption, from: string, to: string, now = new Date()): Promise<PartnerClosureResponse> {
  checkRange(o, from, to, now);
  const gone = await db
    .delete(availabilitySlots)
    .where(and(eq(availabilitySlots.optionId, o.id), gte(availabilitySlots.date, from), lte(availabilitySlots.date, to), eq(availabilitySlots.capacity, 0), eq(availabilitySlots.taken, 0)))
    .returning({ date: availabilitySlots.date, slotKey: availabilitySlots.slotKey });
  // Count the departures travellers can book again (not the closed rows of days it doesn't run).
  return { from, to, departures: gone.filter((g) => operatesOn(o.rule, g.date)).length };
}

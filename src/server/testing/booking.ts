// Helpers for booking tests: pick demo options by their traits, find an open departure, and
// set a departure's capacity exactly.
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import { AvailableDatesResponse, DetailedTimeslotsResponse } from '../../contract/booking.ts';
import type { Db } from '../db/client.ts';
import { availabilityRules, availabilitySlots, options } from '../db/schema.ts';
import type { TestApp } from './test-app.ts';

export type OptionPick = { id: number; slugCode: string; priceCurrency: string; bookType: 'instant' | 'request_to_book' };

export async function pickOption(db: Db, where: SQL[], offset = 0): Promise<OptionPick> {
  const [row] = await db
    .select({ id: options.id, slugCode: options.slugCode, priceCurrency: options.priceCurrency, bookType: options.bookType })
    .from(options)
    .innerJoin(availabilityRules, eq(availabilityRules.optionId, options.id))
    .where(and(eq(options.published, true), sql`${options.deletedAt} is null`, ...where))
    .orderBy(asc(options.id))
    .limit(1)
    .offset(offset);
  if (!row) throw new Error('no demo option matches');
  return row;
}

/** An instant, per-person option priced in SGD with child prices and start times. */
export const instantSgd = (db: Db, offset = 0) =>
  pickOption(db, [eq(options.priceUnit, 'per_person'), eq(options.bookType, 'instant'), eq(options.priceCurrency, 'SGD'), sql`jsonb_array_length(${options.startTimes}) > 0`, eq(options.useChildPrices, true)], offset);

/** The first departure (date + timeslot id) with at least `units` left. */
export async function openDeparture(
  t: TestApp,
  slugCode: string,
  units = 2,
  { except, from }: { except?: string; from?: string } = {},
): Promise<{ date: string; timeslotId: string; unitsLeft: number }> {
  const dates = AvailableDatesResponse.parse((await t.get(`/api/v1/available-dates?option_id=${slugCode}`)).body);
  for (const d of dates.dates) {
    if (d.unitsLeft < units || d.date === except || (from !== undefined && d.date < from)) continue;
    const slots = DetailedTimeslotsResponse.parse((await t.get(`/api/v1/detailed-timeslots?option_id=${slugCode}&date=${d.date}`)).body);
    const slot = slots.timeslots.find((s) => s.unitsLeft >= units);
    if (slot) return { date: d.date, timeslotId: slot.id, unitsLeft: slot.unitsLeft };
  }
  throw new Error(`no departure of ${slugCode} has ${units} units left`);
}

/** Sets a departure's capacity and units taken (writing the slot row). */
export async function setSlot(db: Db, optionId: number, date: string, slotKey: string, capacity: number, taken = 0): Promise<void> {
  await db
    .insert(availabilitySlots)
    .values({ optionId, date, slotKey, capacity, taken })
    .onConflictDoUpdate({ target: [availabilitySlots.optionId, availabilitySlots.date, availabilitySlots.slotKey], set: { capacity, taken } });
}

export async function slotTaken(db: Db, optionId: number, date: string, slotKey: string): Promise<{ capacity: number; taken: number } | undefined> {
  const [row] = await db
    .select({ capacity: availabilitySlots.capacity, taken: availabilitySlots.taken })
    .from(availabilitySlots)
    .where(and(eq(availabilitySlots.optionId, optionId), eq(availabilitySlots.date, date), eq(availabilitySlots.slotKey, slotKey)));
  return row;
}

export function expectStatus(answer: { status: number; raw: unknown }, status: number) {
  if (answer.status !== status) expect.fail(`expected ${status}, got ${answer.status}: ${JSON.stringify(answer.raw).slice(0, 600)}`);
}

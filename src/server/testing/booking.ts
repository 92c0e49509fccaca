// Helpers for booking tests: pick demo options by their traits, find an open departure, set a
// departure's capacity exactly, and book through the real cart and pay calls.
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import { randomUUID } from 'node:crypto';
import { AvailableDatesResponse, CartSchema, DetailedTimeslotsResponse, PayResponse } from '../../contract/booking.ts';
import { addDays } from '../../lib/local-time.ts';
import type { Db } from '../db/client.ts';
import { availabilityRules, availabilitySlots, options } from '../db/schema.ts';
import type { Agent } from './agent.ts';
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

/** A test gateway card token (4242… pays). */
export async function cardToken(t: TestApp, number = '4242424242424242'): Promise<string> {
  const r = await t.post('/api/v1/test-gateway/tokens', { number, expMonth: 12, expYear: 2030, cvc: '123' });
  expectStatus(r, 201);
  return (r.body as { token: string }).token;
}

export type Booked = { orderId: string; itemId: string; date: string; slotKey: string; timeslotId: string; paid: number };

/**
 * Books `option` for `who` (a signed-in agent) through the real cart and pay calls, a week out or
 * later, or `at` a given departure (a second booking of the same one: "a week out" moves with the
 * UTC date, and a test running across midnight would book the next day).
 */
export async function bookAs(
  t: TestApp,
  who: Agent,
  option: OptionPick,
  { guests = 2, skip = 0, at, contact = { name: 'Tess Traveller', email: 'traveller@verdant.test', phone: '+65 9123 4567' } }: { guests?: number; skip?: number; at?: { date: string; timeslotId: string }; contact?: { name: string; email: string; phone: string } } = {},
): Promise<Booked> {
  // A week out: the first open departure can fall inside the final 24 hours (no free
  // cancellation, no date change) depending on the hour the suite runs.
  const dates: { date: string; timeslotId: string } = at ?? (await openDeparture(t, option.slugCode, guests + 4, { from: addDays(new Date().toISOString().slice(0, 10), 7) }));
  let dep = dates;
  if (skip > 0) {
    const later = addDays(dates.date, skip);
    const r = await t.get(`/api/v1/detailed-timeslots?option_id=${option.slugCode}&date=${later}`);
    const slot = (r.body as { timeslots?: { id: string; unitsLeft: number }[] }).timeslots?.find((s) => s.unitsLeft >= guests + 4);
    if (slot) dep = { date: later, timeslotId: slot.id };
  }
  const created = await who.post('/api/v1/cart', { currency: 'SGD', orderItem: { optionId: option.slugCode, startDate: dep.date, detailedTimeslotId: dep.timeslotId, quantity: guests } });
  expectStatus(created, 201);
  const cart = CartSchema.parse(created.body);
  const paid = await who.post(
    '/api/v1/checkouts/pay',
    {
      cartId: cart.id,
      currency: 'SGD',
      expectedTotal: cart.exchangedTotalAmountWithConversionFee,
      contact,
      customers: Array.from({ length: guests }, (_, i) => ({ fullName: `Guest Number ${i + 1}`, dateOfBirth: '1990-01-01', nationality: 'British', passportNumber: 'K1234567A' })),
      paymentMethod: 'card',
      cardToken: await cardToken(t),
    },
    { headers: { 'idempotency-key': randomUUID(), 'x-user-token': who.token! } },
  );
  expectStatus(paid, 201);
  const order = PayResponse.parse(paid.body).order;
  return { orderId: order.id, itemId: order.orderItem!.id, date: dep.date, slotKey: dep.timeslotId.slice(11), timeslotId: dep.timeslotId, paid: order.exchangedTotalAmountWithConversionFee.amount };
}

// The rest of the availability calendar (issue 15, item 3; decision 33): an option's rule
// (weekdays, closed months, cut-off, default capacity), closing and reopening a range of dates
// (all or nothing, never a departure with seats sold), and seasonal prices that the quote and the
// cart use at once. On PostgreSQL, a closing races with bookings. Who may call them: the matrix
// in partner-availability.test.ts.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AvailableDatesResponse, CartSchema, DetailedTimeslotsResponse, PriceQuoteResponse } from '../../contract/booking.ts';
import { PartnerClosureRefusal, PartnerClosureResponse, PartnerDeparturesResponse, PartnerRuleResponse, PartnerSeasonsResponse } from '../../contract/partner.ts';
import { operatesOn } from '../../lib/availability-rules.ts';
import { addDays, weekdayOf } from '../../lib/local-time.ts';
import { availabilityRules, availabilitySlots, options } from '../db/schema.ts';
import { SoldOutError, takeUnits, todayFor } from '../services/booking/availability.ts';
import { loadBookableOption } from '../services/booking/catalog.ts';
import { closeDates } from '../services/partner/availability-rules.ts';
import type { Agent } from '../testing/agent.ts';
import { testBackend } from '../testing/backend.ts';
import { bookAs, expectStatus, pickOption, setSlot, slotTaken, type OptionPick } from '../testing/booking.ts';
import { partnerCast } from '../testing/partner.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let partner: Agent;
let admin: Agent;
let traveller: Agent;
let opA: { id: number; slug: string };
/** A's instant per-person SGD option with start times: rule, closing and the booking race. */
let optA: OptionPick;
/** A second option of A for seasons (prices stay apart from the closing tests). */
let optS: OptionPick;

/** The 422's field messages under their wire (snake_case, dotted) names. */
const fieldsOf = (r: { raw: unknown }) => (r.raw as { fields?: Record<string, string> }).fields ?? {};
const optionBase = (slug: string, optionId: number) => `/api/v1/partner/operators/${slug}/options/${optionId}`;
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  ({ opA, partner, admin, traveller } = await partnerCast(t, 110));
  const mine = [eq(options.operatorId, opA.id), eq(options.priceUnit, 'per_person'), eq(options.priceCurrency, 'SGD'), sql`jsonb_array_length(${options.startTimes}) > 0`];
  optA = await pickOption(t.db, mine);
  optS = await pickOption(t.db, mine, 1);
  // Instant, so a booking holds its seats at once; no demo sales elsewhere, so every figure is ours.
  await t.db.update(options).set({ bookType: 'instant', maxQtyForPrice: 10 }).where(sql`${options.id} in (${optA.id}, ${optS.id})`);
  await t.db.update(availabilityRules).set({ externalDemand: 0 }).where(sql`${availabilityRules.optionId} in (${optA.id}, ${optS.id})`);
  optA = { ...optA, bookType: 'instant' };
  optS = { ...optS, bookType: 'instant' };
});
afterAll(() => t.close());

async function availableDates(slugCode: string) {
  const r = await t.get(`/api/v1/available-dates?option_id=${slugCode}`);
  expectStatus(r, 200);
  return AvailableDatesResponse.parse(r.body);
}

async function timeslots(slugCode: string, date: string) {
  const r = await t.get(`/api/v1/detailed-timeslots?option_id=${slugCode}&date=${date}`);
  expectStatus(r, 200);
  return DetailedTimeslotsResponse.parse(r.body).timeslots;
}

const putRule = (who: Agent, optionId: number, body: unknown) => who.call('PUT', `${optionBase(opA.slug, optionId)}/rule`, { body });
const close = (who: Agent, optionId: number, from: string, to: string) => who.post(`${optionBase(opA.slug, optionId)}/dates/close`, { from, to });
const reopen = (who: Agent, optionId: number, from: string, to: string) => who.post(`${optionBase(opA.slug, optionId)}/dates/reopen`, { from, to });

describe('the rule', () => {
  it('reads the rule the widget uses, and a change is live in the widget at once', async () => {
    const read = await partner.get(`${optionBase(opA.slug, optA.id)}/rule`);
    expectStatus(read, 200);
    const before = PartnerRuleResponse.parse(read.body);
    expect(before.option.id).toBe(optA.id);
    const widget = await availableDates(optA.slugCode);
    expect(before.bookableFrom).toBe(widget.firstDate);
    expect(before.bookableTo).toBe(widget.lastDate);

    // Weekends only, closed in a month, a 5-day cut-off, 7 seats a departure.
    const month = Number(addDays(today(), 40).slice(5, 7));
    const put = await putRule(partner, optA.id, { weekdays: [6, 5, 5], closedMonths: [month], leadDays: 5, slotCapacity: 7 });
    expectStatus(put, 200);
    const after = PartnerRuleResponse.parse(put.body);
    expect(after.rule).toEqual({ weekdays: [5, 6], closedMonths: [month], leadDays: 5, slotCapacity: 7, isDefault: false });
    const o = (await loadBookableOption(t.db, { id: optA.id }))!;
    expect(after.bookableFrom).toBe(addDays(todayFor(o), 5));

    const live = await availableDates(optA.slugCode);
    expect(live.firstDate).toBe(after.bookableFrom);
    expect(live.dates.length).toBeGreaterThan(0);
    for (const d of live.dates) {
      expect(weekdayOf(d.date)).toBeGreaterThanOrEqual(5);
      expect(Number(d.date.slice(5, 7))).not.toBe(month);
    }
    // A date without its own capacity takes the new default.
    const free = live.dates.find((d) => d.status !== 'sold_out')!;
    const slots = await timeslots(optA.slugCode, free.date);
    for (const s of slots) expect(s.capacity).toBe(7);
    // Reading it again gives the same.
    expect(PartnerRuleResponse.parse((await partner.get(`${optionBase(opA.slug, optA.id)}/rule`)).body).rule).toEqual(after.rule);
  });

  it('never lowers a departure that has its own capacity below what it sold', async () => {
    await putRule(partner, optA.id, { weekdays: [0, 1, 2, 3, 4, 5, 6], leadDays: 1, slotCapacity: 12 });
    const o = (await loadBookableOption(t.db, { id: optA.id }))!;
    const date = addDays(today(), 30);
    const slot = o.startTimes[0]!;
    await setSlot(t.db, optA.id, date, slot, 12, 9);
    const r = await putRule(partner, optA.id, { weekdays: [0, 1, 2, 3, 4, 5, 6], leadDays: 1, slotCapacity: 4 });
    expectStatus(r, 200);
    // The departure with a row keeps 12 (9 sold); its neighbour takes 4.
    expect(await slotTaken(t.db, optA.id, date, slot)).toEqual({ capacity: 12, taken: 9 });
    expect((await timeslots(optA.slugCode, date)).find((s) => s.id === `${date}T${slot}`)).toMatchObject({ capacity: 12, unitsLeft: 3 });
    expect((await timeslots(optA.slugCode, addDays(date, 1))).find((s) => s.id === `${addDays(date, 1)}T${slot}`)).toMatchObject({ capacity: 4, unitsLeft: 4 });
    // A rule that no longer runs on that day says the booked departure stays.
    const other = (weekdayOf(date) + 1) % 7;
    const moved = PartnerRuleResponse.parse((await putRule(partner, optA.id, { weekdays: [other], leadDays: 1, slotCapacity: 4 })).body);
    expect(moved.bookedOutsideRule).toBeGreaterThanOrEqual(1);
    await putRule(partner, optA.id, { weekdays: [0, 1, 2, 3, 4, 5, 6], leadDays: 1, slotCapacity: 12 });
  });

  it('answers bad input with 422 and a message for each field', async () => {
    const ok = { weekdays: [0, 1], closedMonths: [], leadDays: 1, slotCapacity: 8 };
    const cases: [unknown, string, RegExp][] = [
      [{ ...ok, weekdays: [] }, 'weekdays', /at least one day/],
      [{ ...ok, weekdays: [7] }, 'weekdays.0', /Unknown weekday/],
      [{ ...ok, closedMonths: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] }, 'closed_months', /every month/],
      [{ ...ok, closedMonths: [13] }, 'closed_months.0', /Unknown month/],
      [{ ...ok, leadDays: 0 }, 'lead_days', /at least 1 day/],
      [{ ...ok, leadDays: 1.5 }, 'lead_days', /whole number/],
      [{ ...ok, leadDays: 400 }, 'lead_days', /At most 180/],
      [{ ...ok, slotCapacity: 0 }, 'slot_capacity', /at least 1 place/],
      [{ ...ok, slotCapacity: 10_000 }, 'slot_capacity', /At most 9999/],
      [{ weekdays: [0], leadDays: 1 }, 'slot_capacity', /how many seats/],
    ];
    for (const [body, field, message] of cases) {
      const r = await putRule(partner, optA.id, body);
      expectStatus(r, 422);
      expect(fieldsOf(r)[field], JSON.stringify(body)).toMatch(message);
    }
  });

  it('keeps a stay’s rooms as its capacity (no default capacity to give)', async () => {
    const stay = await pickOption(t.db, [eq(options.priceUnit, 'per_room')]);
    const [row] = await t.db.select({ slug: sql<string>`(select slug from operators where id = ${options.operatorId})` }).from(options).where(eq(options.id, stay.id));
    const base = `/api/v1/partner/operators/${row!.slug}/options/${stay.id}`;
    const before = PartnerRuleResponse.parse((await admin.get(`${base}/rule`)).body);
    expect(before.option.unit).toBe('room');
    const r = await admin.call('PUT', `${base}/rule`, { body: { weekdays: [4, 5], leadDays: 2 } });
    expectStatus(r, 200);
    expect(PartnerRuleResponse.parse(r.body).rule).toMatchObject({ weekdays: [4, 5], leadDays: 2, slotCapacity: before.rule.slotCapacity });
  });
});

describe('closing and reopening dates', () => {
  it('closes every departure of a range in one call (the widget shows them unavailable), and reopens them', async () => {
    await putRule(partner, optA.id, { weekdays: [0, 1, 2, 3, 4, 5, 6], leadDays: 1, slotCapacity: 12 });
    const o = (await loadBookableOption(t.db, { id: optA.id }))!;
    const from = addDays(today(), 60);
    const to = addDays(from, 4);
    const r = await close(partner, optA.id, from, to);
    expectStatus(r, 200);
    expect(PartnerClosureResponse.parse(r.body)).toEqual({ from, to, departures: 5 * o.startTimes.length });
    const widget = await t.get(`/api/v1/available-dates?option_id=${optA.slugCode}&from=${from}&to=${to}`);
    const dates = AvailableDatesResponse.parse(widget.body).dates;
    expect(dates).toHaveLength(5);
    for (const d of dates) expect(d).toMatchObject({ status: 'sold_out', unitsLeft: 0 });
    for (const s of await timeslots(optA.slugCode, from)) expect(s).toMatchObject({ capacity: 0, unitsLeft: 0, status: 'sold_out' });
    // The departures list says closed.
    const list = PartnerDeparturesResponse.parse((await partner.get(`${optionBase(opA.slug, optA.id)}/departures?from=${from}&to=${to}`)).body);
    expect(list.departures.every((d) => d.closed)).toBe(true);
    // Booking one is refused.
    const cart = await traveller.post('/api/v1/cart', { currency: 'SGD', orderItem: { optionId: optA.slugCode, startDate: from, detailedTimeslotId: `${from}T${o.startTimes[0]}`, quantity: 1 } });
    expect(cart.status).toBeGreaterThanOrEqual(400);

    const back = await reopen(partner, optA.id, from, to);
    expectStatus(back, 200);
    expect(PartnerClosureResponse.parse(back.body).departures).toBe(5 * o.startTimes.length);
    for (const s of await timeslots(optA.slugCode, from)) expect(s).toMatchObject({ capacity: 12, unitsLeft: 12 });
  });

  it('closes days it doesn’t run on too (the block holds if the rule adds them), without listing them as departures', async () => {
    const from = addDays(today(), 100);
    await putRule(partner, optA.id, { weekdays: [weekdayOf(from)], leadDays: 1, slotCapacity: 12 });
    const o = (await loadBookableOption(t.db, { id: optA.id }))!;
    const r = await close(partner, optA.id, from, addDays(from, 6));
    expectStatus(r, 200);
    // One running day in the week.
    expect(PartnerClosureResponse.parse(r.body).departures).toBe(o.startTimes.length);
    const list = PartnerDeparturesResponse.parse((await partner.get(`${optionBase(opA.slug, optA.id)}/departures?from=${from}&to=${addDays(from, 6)}`)).body);
    expect(new Set(list.departures.map((d) => d.date))).toEqual(new Set([from]));
    await putRule(partner, optA.id, { weekdays: [0, 1, 2, 3, 4, 5, 6], leadDays: 1, slotCapacity: 12 });
    for (const d of AvailableDatesResponse.parse((await t.get(`/api/v1/available-dates?option_id=${optA.slugCode}&from=${from}&to=${addDays(from, 6)}`)).body).dates) {
      expect(d.status, d.date).toBe('sold_out');
    }
    expectStatus(await reopen(partner, optA.id, from, addDays(from, 6)), 200);
    expect((await timeslots(optA.slugCode, addDays(from, 3)))[0]).toMatchObject({ capacity: 12 });
  });

  it('refuses a range holding a departure with seats sold, naming it, and closes nothing', async () => {
    await putRule(partner, optA.id, { weekdays: [0, 1, 2, 3, 4, 5, 6], leadDays: 1, slotCapacity: 12 });
    const booked = await bookAs(t, traveller, optA, { guests: 3 });
    const sold = (await slotTaken(t.db, optA.id, booked.date, booked.slotKey))!.taken;
    const from = addDays(booked.date, -2);
    const to = addDays(booked.date, 2);
    const r = await close(partner, optA.id, from, to);
    expectStatus(r, 409);
    expect(PartnerClosureRefusal.parse(r.body)).toMatchObject({ code: 'sold', sold: [{ date: booked.date, slot: booked.slotKey, sold }] });
    expect(r.body.error).toMatch(/^Nothing was closed: one departure has bookings — \d{2} \w{3} \d{4} \d{2}:\d{2} [AP]M \(\d+ seats sold\)\. Cancel or move those bookings first/);
    // Nothing in the range is closed.
    const [closed] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(availabilitySlots)
      .where(and(eq(availabilitySlots.optionId, optA.id), eq(availabilitySlots.capacity, 0), sql`${availabilitySlots.date} between ${from} and ${to}`));
    expect(closed?.n).toBe(0);
    expect(await slotTaken(t.db, optA.id, booked.date, booked.slotKey)).toMatchObject({ taken: sold });
    for (const d of AvailableDatesResponse.parse((await t.get(`/api/v1/available-dates?option_id=${optA.slugCode}&from=${from}&to=${to}`)).body).dates) {
      expect(d.status, d.date).not.toBe('sold_out');
    }
  });

  it('answers bad ranges with 422 and a message for the field', async () => {
    const o = (await loadBookableOption(t.db, { id: optA.id }))!;
    const local = todayFor(o);
    const cases: [unknown, string, RegExp][] = [
      [{ from: addDays(local, 5), to: addDays(local, 2) }, 'to', /not be before/],
      [{ from: addDays(local, 5), to: addDays(local, 5 + 366) }, 'to', /At most 366 days/],
      [{ from: local, to: addDays(local, 2) }, 'from', /from tomorrow/],
      [{ from: addDays(local, 2), to: addDays(local, 800) }, 'to', /At most 366 days/],
      [{ from: addDays(local, 300), to: addDays(local, 500) }, 'to', /Choose a date up to/],
      [{ from: '2026-02-30', to: addDays(local, 2) }, 'from', /first date/],
      [{ to: addDays(local, 2) }, 'from', /first date/],
    ];
    for (const [body, field, message] of cases) {
      const r = await partner.post(`${optionBase(opA.slug, optA.id)}/dates/close`, body);
      expectStatus(r, 422);
      expect(fieldsOf(r)[field], JSON.stringify(body)).toMatch(message);
    }
  });
});

describe('seasonal prices', () => {
  const seasons = (optionId: number) => `${optionBase(opA.slug, optionId)}/seasons`;

  async function quote(slugCode: string, date: string, slot: string, quantity: number) {
    const r = await t.get(`/api/v1/options/${slugCode}/prices?start_date=${date}&detailed_timeslot_id=${date}T${slot}&quantity=${quantity}&currency=SGD`);
    expectStatus(r, 200);
    return PriceQuoteResponse.parse(r.body);
  }

  it('lists the prices a season gives, and a season changes the quote and the cart at once; outside it the price is the usual', async () => {
    const o = (await loadBookableOption(t.db, { id: optS.id }))!;
    const listed = await partner.get(seasons(optS.id));
    expectStatus(listed, 200);
    const view = PartnerSeasonsResponse.parse(listed.body);
    expect(view).toMatchObject({ currency: 'SGD', exponent: 2, seasons: [] });
    expect(view.priceFields.map((f) => f.key)).toContain('adult');
    expect(view.priceFields.find((f) => f.key === 'adult')?.standard).toEqual({ amount: o.pricing.adultPrice! / 100, currency: 'SGD' });

    const start = addDays(today(), 20);
    const end = addDays(start, 9);
    const slot = o.startTimes[0]!;
    let inSeason = start;
    while (!operatesOn(o.rule, inSeason)) inSeason = addDays(inSeason, 1);
    const usual = await quote(o.slugCode, inSeason, slot, 2);
    expect(usual.subtotal.amount).toBe((2 * o.pricing.adultPrice!) / 100);

    const prices = Object.fromEntries(view.priceFields.map((f) => [f.key, f.key === 'adult' ? 95 : f.standard.amount + 1]));
    const created = await partner.post(seasons(optS.id), { name: 'Peak season', startDate: start, endDate: end, prices });
    expectStatus(created, 201);
    const after = PartnerSeasonsResponse.parse(created.body);
    expect(after.seasons).toEqual([expect.objectContaining({ name: 'Peak season', startDate: start, endDate: end, prices: expect.objectContaining({ adult: { amount: 95, currency: 'SGD' } }) })]);

    // The quote inside the season: 2 × 95.
    const peak = await quote(o.slugCode, inSeason, slot, 2);
    expect(peak.lines[0]).toMatchObject({ kind: 'adult', quantity: 2, unitAmount: { amount: 95 } });
    expect(peak.subtotal).toEqual({ amount: 190, currency: 'SGD' });
    // The day after the season: the usual price.
    let outside = addDays(end, 1);
    while (!operatesOn(o.rule, outside)) outside = addDays(outside, 1);
    expect((await quote(o.slugCode, outside, slot, 2)).subtotal.amount).toBe(usual.subtotal.amount);
    // The cart prices the same.
    const cart = await traveller.post('/api/v1/cart', { currency: 'SGD', orderItem: { optionId: o.slugCode, startDate: inSeason, detailedTimeslotId: `${inSeason}T${slot}`, quantity: 2 } });
    expectStatus(cart, 201);
    expect(CartSchema.parse(cart.body).subtotalAmount).toEqual({ amount: 190, currency: 'SGD' });

    // Edit to 80, then delete: the quote follows each at once.
    const id = after.seasons[0]!.id;
    expectStatus(await partner.call('PUT', `${seasons(optS.id)}/${id}`, { body: { name: 'Peak', startDate: start, endDate: end, prices: { ...prices, adult: 80 } } }), 200);
    expect((await quote(o.slugCode, inSeason, slot, 2)).subtotal.amount).toBe(160);
    const gone = await partner.call('DELETE', `${seasons(optS.id)}/${id}`);
    expectStatus(gone, 200);
    expect(PartnerSeasonsResponse.parse(gone.body).seasons).toEqual([]);
    expect((await quote(o.slugCode, inSeason, slot, 2)).subtotal.amount).toBe(usual.subtotal.amount);
    expectStatus(await partner.call('DELETE', `${seasons(optS.id)}/${id}`), 404);
  });

  it('refuses a season overlapping another of the same experience, naming it', async () => {
    const view = PartnerSeasonsResponse.parse((await partner.get(seasons(optS.id))).body);
    const prices = Object.fromEntries(view.priceFields.map((f) => [f.key, f.standard.amount + 10]));
    const first = await partner.post(seasons(optS.id), { name: 'Festive', startDate: '2027-12-20', endDate: '2028-01-05', prices });
    expectStatus(first, 201);
    const firstId = PartnerSeasonsResponse.parse(first.body).seasons[0]!.id;
    const r = await partner.post(seasons(optS.id), { name: 'New Year', startDate: '2028-01-05', endDate: '2028-01-10', prices });
    expectStatus(r, 422);
    expect(r.body.error).toBe('These dates overlap “Festive” (20 Dec 2027 – 05 Jan 2028). An experience’s seasons can’t share a date: change the dates or edit that season.');
    expect(fieldsOf(r)['start_date']).toMatch(/overlap “Festive”/);
    // The day after is fine, and a season may be edited over its own dates.
    expectStatus(await partner.post(seasons(optS.id), { name: 'New Year', startDate: '2028-01-06', endDate: '2028-01-10', prices }), 201);
    expectStatus(await partner.call('PUT', `${seasons(optS.id)}/${firstId}`, { body: { name: 'Festive', startDate: '2027-12-18', endDate: '2028-01-05', prices } }), 200);
    expectStatus(await partner.call('PUT', `${seasons(optS.id)}/${firstId}`, { body: { name: 'Festive', startDate: '2027-12-18', endDate: '2028-01-06', prices } }), 422);
    // Another option's season id under this option is not found.
    const pricesA = Object.fromEntries(PartnerSeasonsResponse.parse((await partner.get(seasons(optA.id))).body).priceFields.map((f) => [f.key, f.standard.amount]));
    expectStatus(await partner.call('PUT', `${seasons(optA.id)}/${firstId}`, { body: { name: 'X', startDate: '2029-01-01', endDate: '2029-01-02', prices: pricesA } }), 404);
  });

  it('answers bad input with 422 and a message for each field', async () => {
    const view = PartnerSeasonsResponse.parse((await partner.get(seasons(optS.id))).body);
    const prices = Object.fromEntries(view.priceFields.map((f) => [f.key, f.standard.amount]));
    const ok = { name: 'Shoulder', startDate: '2029-03-01', endDate: '2029-03-31', prices };
    const cases: [unknown, string, RegExp][] = [
      [{ ...ok, name: ' ' }, 'name', /Give the season a name/],
      [{ ...ok, endDate: '2029-02-01' }, 'end_date', /not be before/],
      [{ ...ok, endDate: '2030-06-01' }, 'end_date', /at most 366 days/],
      [{ ...ok, startDate: 'soon' }, 'start_date', /first date/],
      [{ ...ok, prices: { ...prices, adult: -5 } }, 'prices.adult', /negative/],
      [{ ...ok, prices: { ...prices, adult: 'lots' } }, 'prices.adult', /Enter a price/],
      [{ ...ok, prices: { ...prices, adult: 12.345 } }, 'prices.adult', /at most 2 decimals/],
      [{ ...ok, prices: { ...prices, adult: undefined } }, 'prices.adult', /Enter the .* price/],
      [{ ...ok, prices: { ...prices, group: 100 } }, 'prices.group', /no such price/],
      [{ ...ok, prices: undefined }, 'prices', /season’s prices/],
    ];
    for (const [body, field, message] of cases) {
      const r = await partner.post(seasons(optS.id), body);
      expectStatus(r, 422);
      expect(fieldsOf(r)[field], JSON.stringify(body)).toMatch(message);
    }
  });

  it('prices each night of a stay by its season (a stay across the start of a season pays it only for those nights)', async () => {
    const stay = await pickOption(t.db, [eq(options.priceUnit, 'per_room'), eq(options.kind, 'stay')]);
    const o = (await loadBookableOption(t.db, { id: stay.id }))!;
    const [row] = await t.db.select({ slug: sql<string>`(select slug from operators where id = ${options.operatorId})` }).from(options).where(eq(options.id, stay.id));
    const base = `/api/v1/partner/operators/${row!.slug}/options/${stay.id}`;
    await admin.call('PUT', `${base}/rule`, { body: { weekdays: [0, 1, 2, 3, 4, 5, 6], leadDays: 1 } });
    await t.db.update(availabilityRules).set({ externalDemand: 0 }).where(eq(availabilityRules.optionId, stay.id));
    const view = PartnerSeasonsResponse.parse((await admin.get(`${base}/seasons`)).body);
    const room = o.rooms[0]!;
    const rooms = o.rooms.map((r) => ({ roomId: r.id, pricePerNight: (r.id === room.id ? 2 * r.pricePerNight : r.pricePerNight) / 10 ** view.exponent }));
    const checkIn = addDays(today(), 40);
    const nights = Math.max(o.pricing.minNights, 3);
    // The season starts on the second night.
    expectStatus(await admin.post(`${base}/seasons`, { name: 'High water', startDate: addDays(checkIn, 1), endDate: addDays(checkIn, 60), prices: { rooms } }), 201);
    const r = await t.get(`/api/v1/options/${o.slugCode}/prices?start_date=${checkIn}&end_date=${addDays(checkIn, nights)}&room_id=${room.id}&quantity=1`);
    expectStatus(r, 200);
    const q = PriceQuoteResponse.parse(r.body);
    const major = (minor: number) => minor / 10 ** view.exponent;
    expect(q.lines.filter((l) => l.kind === 'room').map((l) => [l.quantity, l.unitAmount.amount])).toEqual([
      [1, major(room.pricePerNight)],
      [nights - 1, major(2 * room.pricePerNight)],
    ]);
    expect(q.lines[1]!.label).toMatch(/\(High water\)$/);
    // The widget's room list shows the check-in night's price; from the second night, the season's.
    const later = DetailedTimeslotsResponse.parse((await t.get(`/api/v1/detailed-timeslots?option_id=${o.slugCode}&date=${addDays(checkIn, 1)}&end_date=${addDays(checkIn, 1 + nights)}`)).body);
    expect(later.rooms.find((x) => x.roomId === room.id)?.pricePerNight.amount).toBe(major(2 * room.pricePerNight));
    // A stay's season must price every room type.
    const missing = await admin.post(`${base}/seasons`, { name: 'Dry', startDate: addDays(checkIn, 100), endDate: addDays(checkIn, 110), prices: { rooms: rooms.slice(0, -1) } });
    if (o.rooms.length > 1) {
      expectStatus(missing, 422);
      expect(fieldsOf(missing)['prices.rooms']).toMatch(/every room type/);
    }
  });
});

// On PostgreSQL only: PGlite runs one statement at a time, so nothing races there.
describe.runIf(testBackend.kind === 'postgres')('closing dates racing with bookings (PostgreSQL)', () => {
  it('never closes a departure with seats sold and never oversells: either the bookings win and the close is refused whole, or the close wins and they are refused', async () => {
    await putRule(partner, optA.id, { weekdays: [0, 1, 2, 3, 4, 5, 6], leadDays: 1, slotCapacity: 12 });
    const o = (await loadBookableOption(t.db, { id: optA.id }))!;
    const slot = o.startTimes[0]!;
    const outcomes = new Set<string>();
    for (let round = 0; round < 8; round++) {
      const from = addDays(today(), 150 + round * 5);
      const to = addDays(from, 3);
      const target = addDays(from, 1 + (round % 3));
      await setSlot(t.db, o.id, target, slot, 12, 0);
      // Many bookings at once, or one a moment after the close started, so either side can win.
      const late = round % 2 === 1;
      const bookings = Array.from({ length: late ? 1 : 6 }, async () => {
        if (late) await new Promise((r) => setTimeout(r, round));
        return t.db.transaction((tx) => takeUnits(tx, o, { startDate: target, endDate: target, slotKey: slot }, 1)).then(
          () => 'booked' as const,
          (e: unknown) => {
            if (e instanceof SoldOutError) return 'sold_out' as const;
            throw e;
          },
        );
      });
      const closing = closeDates(t.db, o, from, to).then(
        (r) => ({ ok: true as const, departures: r.departures }),
        (e: unknown) => ({ ok: false as const, message: (e as Error).message }),
      );
      const [results, closed] = await Promise.all([Promise.all(bookings), closing]);
      const row = (await slotTaken(t.db, o.id, target, slot))!;
      const booked = results.filter((r) => r === 'booked').length;
      expect(row.taken).toBe(booked);
      expect(row.taken).toBeLessThanOrEqual(row.capacity);
      const [zero] = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(availabilitySlots)
        .where(and(eq(availabilitySlots.optionId, o.id), eq(availabilitySlots.capacity, 0), sql`${availabilitySlots.date} between ${from} and ${to}`));
      if (closed.ok) {
        // The close won: nothing was sold on the target, and the whole range is closed.
        expect(booked).toBe(0);
        expect(zero?.n).toBe(4 * o.startTimes.length);
        outcomes.add('closed');
      } else {
        // A booking won: the close was refused whole, naming the sold departure.
        expect(booked).toBeGreaterThan(0);
        expect(closed.message).toMatch(/^Nothing was closed: one departure has bookings/);
        expect(zero?.n).toBe(0);
        outcomes.add('refused');
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });
});

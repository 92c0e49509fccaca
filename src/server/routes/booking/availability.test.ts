import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AvailableDatesResponse, DetailedTimeslotsResponse, PriceQuoteResponse } from '../../../contract/booking.ts';
import { lastBookableDate, localNow, addDays } from '../../../lib/local-time.ts';
import { operatesOn } from '../../../lib/availability-rules.ts';
import { availabilityRules, options } from '../../db/schema.ts';
import { expectStatus, instantSgd, openDeparture, pickOption, setSlot, type OptionPick } from '../../testing/booking.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { expectOk } from '../catalogue/test-helpers.ts';

let t: TestApp;
let walk: OptionPick;
let stay: OptionPick;

beforeAll(async () => {
  t = await createTestApp();
  walk = await instantSgd(t.db);
  stay = await pickOption(t.db, [eq(options.priceUnit, 'per_room'), eq(options.kind, 'stay')]);
});
afterAll(() => t.close());

const dates = async (slug: string, query = '') => expectOk(await t.get(`/api/v1/available-dates?option_id=${slug}${query}`), AvailableDatesResponse);
const slots = async (slug: string, date: string, extra = '') => expectOk(await t.get(`/api/v1/detailed-timeslots?option_id=${slug}&date=${date}${extra}`), DetailedTimeslotsResponse);

describe('GET /available-dates', () => {
  it('lists operating dates from the operator’s notice to the end of the month a year ahead', async () => {
    const today = localNow('Asia/Singapore').date;
    const [rule] = await t.db.select().from(availabilityRules).where(eq(availabilityRules.optionId, walk.id));
    const d = await dates(walk.slugCode);
    expect(d.optionId).toBe(walk.slugCode);
    expect(d.unit).toBe('seat');
    expect(d.firstDate).toBe(addDays(today, Math.max(1, rule!.leadDays)));
    expect(d.lastDate).toBe(lastBookableDate(today));
    expect(d.dates.length).toBeGreaterThan(100);
    for (const x of d.dates) {
      expect(x.date >= d.firstDate && x.date <= d.lastDate).toBe(true);
      expect(operatesOn({ ...rule!, closedMonths: rule!.closedMonths }, x.date)).toBe(true);
    }
    expect([...d.dates].map((x) => x.date)).toEqual(d.dates.map((x) => x.date).sort());
    expect(d.reason).toBeNull();
  });

  it('shows sold-out and nearly full dates, and narrows to a range', async () => {
    const d = await dates(walk.slugCode);
    const open = d.dates.find((x) => x.status === 'available')!;
    await setSlot(t.db, walk.id, open.date, (await slots(walk.slugCode, open.date)).timeslots[0]!.startTime ?? 'day', 10, 10);
    const all = (await slots(walk.slugCode, open.date)).timeslots;
    for (const s of all) await setSlot(t.db, walk.id, open.date, s.startTime ?? 'day', 10, 10);
    const narrowed = await dates(walk.slugCode, `&from=${open.date}&to=${open.date}`);
    expect(narrowed.dates).toEqual([{ date: open.date, status: 'sold_out', unitsLeft: 0 }]);
    expect(narrowed.reason).toBe('no_availability');

    const next = d.dates.find((x) => x.date > open.date && x.status === 'available')!;
    for (const s of (await slots(walk.slugCode, next.date)).timeslots) await setSlot(t.db, walk.id, next.date, s.startTime ?? 'day', 12, 10);
    expect((await dates(walk.slugCode, `&from=${next.date}&to=${next.date}`)).dates[0]).toEqual({ date: next.date, status: 'limited', unitsLeft: 2 });
  });

  it('has demand from other channels somewhere in the catalogue (sold-out dates) deterministically', async () => {
    const busy = await pickOption(t.db, [eq(options.priceUnit, 'per_person'), sql`${availabilityRules.externalDemand} >= 50`]);
    const a = await dates(busy.slugCode);
    const b = await dates(busy.slugCode);
    expect(a).toEqual(b);
    expect(a.dates.some((x) => x.status === 'sold_out')).toBe(true);
    expect(a.dates.some((x) => x.status === 'limited')).toBe(true);
    expect(a.dates.filter((x) => x.status === 'available').length).toBeGreaterThan(a.dates.length / 2);
  });

  it('answers the failure reasons: not_found, unpublished', async () => {
    const missing = await t.get('/api/v1/available-dates?option_id=no-such-experience');
    expectStatus(missing, 404);
    expect(missing.raw).toEqual({ error: 'Option not found', reason: 'not_found' });

    const hidden = await pickOption(t.db, [eq(options.priceUnit, 'per_person')], 3);
    await t.db.update(options).set({ published: false }).where(eq(options.id, hidden.id));
    const gone = await t.get(`/api/v1/available-dates?option_id=${hidden.slugCode}`);
    expectStatus(gone, 410);
    expect(gone.raw).toEqual({ error: 'This experience is no longer available to book', reason: 'unpublished' });
    await t.db.update(options).set({ published: true }).where(eq(options.id, hidden.id));
  });

  it('refuses bad input with 422', async () => {
    expectStatus(await t.get('/api/v1/available-dates'), 422);
    expectStatus(await t.get(`/api/v1/available-dates?option_id=${walk.slugCode}&from=2026-13-45`), 422);
    expectStatus(await t.get('/api/v1/available-dates?option_id=../etc'), 422);
    expectStatus(await t.get('/api/v1/available-dates?option_id=x', { auth: false }), 401);
  });
});

describe('GET /detailed-timeslots', () => {
  it('lists each start time with its seats', async () => {
    const dep = await openDeparture(t, walk.slugCode);
    const s = await slots(walk.slugCode, dep.date);
    expect(s.timeslots.length).toBeGreaterThan(0);
    for (const slot of s.timeslots) {
      expect(slot.id).toBe(`${dep.date}T${slot.startTime ?? 'day'}`);
      expect(slot.unitsLeft).toBeLessThanOrEqual(slot.capacity);
      expect(slot.unitsLeft).toBeGreaterThanOrEqual(0);
    }
    expect(s.rooms).toEqual([]);
  });

  it('has nothing on a day the experience does not run', async () => {
    const s = await slots(walk.slugCode, '2020-01-01');
    expect(s.timeslots).toEqual([]);
    expect(s.reason).toBe('no_availability');
  });

  it('lists the rooms of a stay free on every night', async () => {
    const d = await dates(stay.slugCode);
    expect(d.unit).toBe('room');
    const first = d.dates.find((x) => x.status === 'available')!;
    const end = addDays(first.date, 3);
    const before = await slots(stay.slugCode, first.date, `&end_date=${end}`);
    expect(before.endDate).toBe(end);
    const room = before.rooms.find((r) => r.unitsLeft > 0)!;
    expect(room.pricePerNight.amount).toBeGreaterThan(0);
    // The middle night of that room type is full: the whole stay is.
    await setSlot(t.db, stay.id, addDays(first.date, 1), `room:${room.roomId}`, 4, 4);
    const after = await slots(stay.slugCode, first.date, `&end_date=${end}`);
    expect(after.rooms.find((r) => r.roomId === room.roomId)).toMatchObject({ unitsLeft: 0, status: 'sold_out' });
  });
});

describe('GET /options/{slugCode}/prices', () => {
  it('prices adults and children in the option’s currency, and in another with the 2 % fee', async () => {
    const dep = await openDeparture(t, walk.slugCode, 3);
    const q = `start_date=${dep.date}&detailed_timeslot_id=${dep.timeslotId}&quantity=2&child_quantity=1`;
    const sgd = expectOk(await t.get(`/api/v1/options/${walk.slugCode}/prices?${q}`), PriceQuoteResponse);
    const [o] = await t.db.select().from(options).where(eq(options.id, walk.id));
    const expected = (2 * o!.adultPrice! + o!.childPrice!) / 100;
    expect(sgd.subtotal).toEqual({ amount: expected, currency: 'SGD' });
    expect(sgd.exchangedSubtotal).toEqual(sgd.subtotal);
    expect(sgd.exchange.feeApplied).toBe(false);
    expect(sgd.availability?.status).not.toBe('sold_out');
    expect(sgd.guests).toBe(3);

    const usd = expectOk(await t.get(`/api/v1/options/${walk.slugCode}/prices?${q}&currency=USD`), PriceQuoteResponse);
    expect(usd.exchange).toMatchObject({ from: 'SGD', to: 'USD', feeApplied: true, feeMultiplier: 1.02 });
    expect(usd.exchange.rateWithFee).toBeCloseTo(usd.exchange.rate * 1.02, 5);
    const sum = usd.exchangedLines.reduce((a, l) => a + Math.round(l.amount.amount * 100), 0);
    expect(Math.round(usd.exchangedSubtotal.amount * 100)).toBe(sum);
    for (const l of usd.exchangedLines) expect(Math.round(l.unitAmount.amount * 100) * l.quantity).toBe(Math.round(l.amount.amount * 100));
  });

  it('prices without a date, and says when the departure has no room', async () => {
    const plain = expectOk(await t.get(`/api/v1/options/${walk.slugCode}/prices?quantity=1`), PriceQuoteResponse);
    expect(plain.availability).toBeNull();
    const dep = await openDeparture(t, walk.slugCode, 1);
    await setSlot(t.db, walk.id, dep.date, dep.timeslotId.slice(11), 4, 3);
    const full = expectOk(await t.get(`/api/v1/options/${walk.slugCode}/prices?start_date=${dep.date}&detailed_timeslot_id=${dep.timeslotId}&quantity=2`), PriceQuoteResponse);
    expect(full.availability).toEqual({ status: 'sold_out', unitsLeft: 1 });
    expect(full.reason).toBe('no_availability');
  });

  it.each([
    ['quantity=-1', 'quantity'],
    ['quantity=1.5', 'quantity'],
    ['quantity=200', 'quantity'],
    ['quantity=50', 'quantity'],
    ['currency=XYZ&quantity=1', 'currency'],
  ])('refuses %s', async (query, field) => {
    const r = await t.get(`/api/v1/options/${walk.slugCode}/prices?${query}`);
    expectStatus(r, 422);
    expect(Object.keys((r.raw as { fields: Record<string, string> }).fields)).toContain(field);
  });

  it('says which currency is unsupported in the spec’s words', async () => {
    const r = await t.get(`/api/v1/options/${walk.slugCode}/prices?quantity=1&currency=XYZ`);
    expect((r.raw as { error: string }).error).toBe('Encounter unsupported currency: XYZ is not supported');
  });
});

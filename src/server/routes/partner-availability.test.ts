// The operators' availability calls (issue 15, item 3): departures, capacity changes, the iCal
// feed; who may call them; and, on PostgreSQL, a capacity lowering racing with bookings.
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DetailedTimeslotsResponse } from '../../contract/booking.ts';
import { CalendarFeedResponse, PartnerDepartureResponse, PartnerDeparturesResponse, PartnerOptionsResponse } from '../../contract/partner.ts';
import { escapeText, foldLine, parseIcal } from '../../lib/ical.ts';
import { addDays } from '../../lib/local-time.ts';
import { availabilityRules, availabilitySlots, options, optionSeasons, partnerMemberships, users } from '../db/schema.ts';
import { takeUnits, SoldOutError } from '../services/booking/availability.ts';
import { loadBookableOption } from '../services/booking/catalog.ts';
import { setDepartureCapacity } from '../services/partner/availability.ts';
import type { Agent } from '../testing/agent.ts';
import { testBackend } from '../testing/backend.ts';
import { bookAs, expectStatus, pickOption, setSlot, slotTaken, type OptionPick } from '../testing/booking.ts';
import { operatorOf, partnerCast } from '../testing/partner.ts';
import { createTestApp, TEST_API_KEY, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let partner: Agent;
let admin: Agent;
let traveller: Agent;
let guest: Agent;
let opA: { id: number; slug: string };
let opB: { id: number; slug: string };
let optA: OptionPick;
let optB: OptionPick;

const opBase = (slug: string) => `/api/v1/partner/operators/${slug}`;
const deps = (slug: string, optionId: number | string) => `${opBase(slug)}/options/${optionId}/departures`;

beforeAll(async () => {
  t = await createTestApp();
  ({ opA, partner, admin, traveller, guest } = await partnerCast(t, 90));
  const perPerson = [eq(options.priceUnit, 'per_person'), eq(options.priceCurrency, 'SGD'), eq(options.bookType, 'instant'), sql`jsonb_array_length(${options.startTimes}) > 0`];
  optA = await pickOption(t.db, [eq(options.operatorId, opA.id), eq(options.priceCurrency, 'SGD'), sql`jsonb_array_length(${options.startTimes}) > 0`]);
  // Instant, so a booking holds its seats at once.
  await t.db.update(options).set({ bookType: 'instant', maxQtyForPrice: 10 }).where(eq(options.id, optA.id));
  optA = { ...optA, bookType: 'instant' };
  optB = await pickOption(t.db, [ne(options.operatorId, opA.id), ...perPerson]);
  opB = await operatorOf(t.db, optB.id);
});
afterAll(() => t.close());

const today = () => new Date().toISOString().slice(0, 10);

async function departures(who: Agent, slug: string, optionId: number, from: string, to: string) {
  const r = await who.get(`${deps(slug, optionId)}?from=${from}&to=${to}`);
  expectStatus(r, 200);
  return PartnerDeparturesResponse.parse(r.body);
}

const setCapacity = (who: Agent, slug: string, optionId: number, date: string, slot: string, capacity: unknown) =>
  who.call('PUT', `${deps(slug, optionId)}/${date}/${slot}`, { body: { capacity } });

async function ics(who: Agent, slug: string) {
  const res = await t.app.request(`${opBase(slug)}/departures.ics`, { headers: { authorization: `Bearer ${TEST_API_KEY}`, cookie: who.cookieHeader(), 'x-forwarded-for': who.ip } });
  return { res, text: await res.text() };
}

/** What the booking widget reads for one departure. */
async function widgetSlot(slugCode: string, date: string, slot: string) {
  const r = await t.get(`/api/v1/detailed-timeslots?option_id=${slugCode}&date=${date}`);
  expectStatus(r, 200);
  return DetailedTimeslotsResponse.parse(r.body).timeslots.find((s) => s.id === `${date}T${slot}`);
}

describe('who may use the availability calls', () => {
  const seasonBody = { name: 'Peak season', startDate: '2027-12-20', endDate: '2028-01-05', prices: { adult: 95 } };
  const ruleBody = { weekdays: [0, 1, 2, 3, 4, 5, 6], closedMonths: [], leadDays: 1, slotCapacity: 10 };
  /** The calls of one option (another operator's answers 404 under any slug). */
  const optionCalls = (slug: string, optionId: number, date: string): [string, string, unknown?][] => [
    ['GET', `${deps(slug, optionId)}?from=${date}&to=${addDays(date, 30)}`],
    ['PUT', `${deps(slug, optionId)}/${date}/10:00`, { capacity: 5 }],
    ['GET', `${opBase(slug)}/options/${optionId}/rule`],
    ['PUT', `${opBase(slug)}/options/${optionId}/rule`, ruleBody],
    ['POST', `${opBase(slug)}/options/${optionId}/dates/close`, { from: date, to: addDays(date, 2) }],
    ['POST', `${opBase(slug)}/options/${optionId}/dates/reopen`, { from: date, to: addDays(date, 2) }],
    ['GET', `${opBase(slug)}/options/${optionId}/seasons`],
    ['POST', `${opBase(slug)}/options/${optionId}/seasons`, seasonBody],
    ['PUT', `${opBase(slug)}/options/${optionId}/seasons/1`, seasonBody],
    ['DELETE', `${opBase(slug)}/options/${optionId}/seasons/1`],
  ];
  const calls = (slug: string, optionId: number, date: string): [string, string, unknown?][] => [
    ['GET', `${opBase(slug)}/options`],
    ...optionCalls(slug, optionId, date),
    ['GET', `${opBase(slug)}/departures.ics`],
    ['GET', `${opBase(slug)}/calendar-feed`],
    ['POST', `${opBase(slug)}/calendar-feed`, {}],
    ['DELETE', `${opBase(slug)}/calendar-feed`],
  ];

  it('answers 401 to a guest, 403 to a traveller', async () => {
    for (const [method, path, body] of calls(opA.slug, optA.id, addDays(today(), 10))) {
      expectStatus(await guest.call(method, path, { body }), 401);
      const r = await traveller.call(method, path, { body });
      expectStatus(r, 403);
      expect(r.body.error).toMatch(/members of an operator/);
    }
  });

  it('answers 404 to a partner of A for operator B, and for B’s experience under A’s slug', async () => {
    const date = addDays(today(), 10);
    const ruleBefore = (await t.db.select().from(availabilityRules).where(eq(availabilityRules.optionId, optB.id)))[0];
    for (const [method, path, body] of [...calls(opB.slug, optB.id, date), ...optionCalls(opA.slug, optB.id, date), ...optionCalls(opA.slug, 999_999, date)]) {
      const r = await partner.call(method, path, { body });
      expectStatus(r, 404);
      expect(r.body.error, `${method} ${path}`).toMatch(/^(Operator|Experience) not found$/);
    }
    // B's departures, rule and prices did not change.
    expect(await slotTaken(t.db, optB.id, date, '10:00')).toBeUndefined();
    expect(await t.db.select().from(availabilitySlots).where(and(eq(availabilitySlots.optionId, optB.id), eq(availabilitySlots.capacity, 0), sql`${availabilitySlots.date} between ${date} and ${addDays(date, 2)}`))).toEqual([]);
    expect((await t.db.select().from(availabilityRules).where(eq(availabilityRules.optionId, optB.id)))[0]).toEqual(ruleBefore);
    expect(await t.db.select().from(optionSeasons).where(eq(optionSeasons.optionId, optB.id))).toEqual([]);
    // The admin opens B's experiences like a member.
    const listed = PartnerOptionsResponse.parse((await admin.get(`${opBase(opB.slug)}/options`)).body);
    expect(listed.options.map((o) => o.id)).toContain(optB.id);
  });
});

describe('departures and capacity', () => {
  it('lists the operator’s experiences', async () => {
    const r = await partner.get(`${opBase(opA.slug)}/options`);
    expectStatus(r, 200);
    const listed = PartnerOptionsResponse.parse(r.body).options;
    expect(listed.map((o) => o.id)).toContain(optA.id);
    expect(listed.find((o) => o.id === optA.id)).toMatchObject({ unit: 'seat' });
  });

  it('lists a month of departures as the widget sees them, raises and lowers a capacity, and refuses to go below the seats sold', async () => {
    const booked = await bookAs(t, traveller, optA, { guests: 3 });
    const o = (await loadBookableOption(t.db, { id: optA.id }))!;
    const list = await departures(partner, opA.slug, optA.id, addDays(booked.date, -3), addDays(booked.date, 27));
    expect(list.option).toMatchObject({ id: optA.id, unit: 'seat' });
    const dep = list.departures.find((d) => d.date === booked.date && d.slot === booked.slotKey)!;
    const widget = (await widgetSlot(optA.slugCode, booked.date, booked.slotKey))!;
    expect(dep).toMatchObject({ capacity: widget.capacity, sold: widget.capacity - widget.unitsLeft, closed: false, editable: true, lockedBecause: null });
    expect(dep.sold).toBeGreaterThanOrEqual(3);
    // Only dates the experience runs on (its rule), in order.
    expect(list.departures.every((d) => d.date >= addDays(booked.date, -3) && d.date <= addDays(booked.date, 27))).toBe(true);
    expect(list.departures.map((d) => `${d.date} ${d.slot}`)).toEqual(list.departures.map((d) => `${d.date} ${d.slot}`).sort());
    expect(new Set(list.departures.map((d) => d.slot))).toEqual(new Set(o.startTimes));

    // Raise: the widget shows the new capacity at once.
    const raised = await setCapacity(partner, opA.slug, optA.id, booked.date, booked.slotKey, dep.capacity + 5);
    expectStatus(raised, 200);
    expect(PartnerDepartureResponse.parse(raised.body).departure).toMatchObject({ capacity: dep.capacity + 5, sold: dep.sold });
    expect(await widgetSlot(optA.slugCode, booked.date, booked.slotKey)).toMatchObject({ capacity: dep.capacity + 5, unitsLeft: dep.capacity + 5 - dep.sold });

    // Lower below sold: 409 naming the count; nothing changes.
    const refused = await setCapacity(partner, opA.slug, optA.id, booked.date, booked.slotKey, dep.sold - 1);
    expectStatus(refused, 409);
    expect(refused.body.error).toBe(`${dep.sold} seats are already sold on this departure; capacity can't be lower than ${dep.sold}.`);
    expect(refused.body).toMatchObject({ code: 'below_sold', sold: dep.sold });
    expect(await slotTaken(t.db, optA.id, booked.date, booked.slotKey)).toEqual({ capacity: dep.capacity + 5, taken: dep.sold });
    // Closing (0) is refused too while seats are sold.
    expectStatus(await setCapacity(partner, opA.slug, optA.id, booked.date, booked.slotKey, 0), 409);

    // Lower to exactly the seats sold: allowed, and the departure is sold out in the widget.
    const full = await setCapacity(partner, opA.slug, optA.id, booked.date, booked.slotKey, dep.sold);
    expectStatus(full, 200);
    expect(await widgetSlot(optA.slugCode, booked.date, booked.slotKey)).toMatchObject({ capacity: dep.sold, unitsLeft: 0, status: 'sold_out' });
  });

  it('says why a departure cannot change: today or past, or beyond the bookable window', async () => {
    const past = await departures(partner, opA.slug, optA.id, addDays(today(), -20), addDays(today(), -2));
    expect(past.departures.length).toBeGreaterThan(0);
    for (const d of past.departures) expect(d).toMatchObject({ editable: false, lockedBecause: 'today_or_past' });
    const soon = await departures(partner, opA.slug, optA.id, addDays(today(), 2), addDays(today(), 20));
    for (const d of soon.departures) expect(d).toMatchObject({ editable: true, lockedBecause: null });
    const far = await departures(partner, opA.slug, optA.id, addDays(today(), 400), addDays(today(), 420));
    expect(far.departures.length).toBeGreaterThan(0);
    for (const d of far.departures) expect(d).toMatchObject({ editable: false, lockedBecause: 'beyond_window' });
  });

  it('closes a departure nothing is sold on with capacity 0 (writing its first slot row), and reopens it', async () => {
    const o = (await loadBookableOption(t.db, { id: optA.id }))!;
    const list = await departures(partner, opA.slug, optA.id, addDays(today(), 40), addDays(today(), 60));
    const free = list.departures.find((d) => d.sold === 0 && d.editable)!;
    expect(free).toBeDefined();
    expect(await slotTaken(t.db, o.id, free.date, free.slot)).toBeUndefined();
    const closed = await setCapacity(partner, opA.slug, optA.id, free.date, free.slot, 0);
    expectStatus(closed, 200);
    expect(PartnerDepartureResponse.parse(closed.body).departure).toMatchObject({ capacity: 0, sold: 0, closed: true });
    expect(await widgetSlot(optA.slugCode, free.date, free.slot)).toMatchObject({ unitsLeft: 0, status: 'sold_out' });
    const again = await departures(partner, opA.slug, optA.id, free.date, free.date);
    expect(again.departures.find((d) => d.slot === free.slot)).toMatchObject({ capacity: 0, closed: true });
    expectStatus(await setCapacity(partner, opA.slug, optA.id, free.date, free.slot, 12), 200);
    expect(await widgetSlot(optA.slugCode, free.date, free.slot)).toMatchObject({ capacity: 12, unitsLeft: 12 });
  });

  it('refuses a first lowering below what a departure already had sold (demo external sales) without changing it', async () => {
    const o = (await loadBookableOption(t.db, { id: optA.id }))!;
    const list = await departures(partner, opA.slug, optA.id, addDays(today(), 61), addDays(today(), 120));
    const partly = list.departures.find((d) => d.sold > 0 && d.editable);
    if (!partly) return; // this option has no external demand in the demo data
    expect(await slotTaken(t.db, o.id, partly.date, partly.slot)).toBeUndefined();
    const r = await setCapacity(partner, opA.slug, optA.id, partly.date, partly.slot, partly.sold - 1);
    expectStatus(r, 409);
    expect(r.body.sold).toBe(partly.sold);
    const after = await departures(partner, opA.slug, optA.id, partly.date, partly.date);
    expect(after.departures.find((d) => d.slot === partly.slot)).toMatchObject({ capacity: partly.capacity, sold: partly.sold });
  });

  it('answers bad input with a clear 4xx, never 500', async () => {
    const o = (await loadBookableOption(t.db, { id: optA.id }))!;
    const slot = o.startTimes[0]!;
    const d = (await departures(partner, opA.slug, optA.id, addDays(today(), 10), addDays(today(), 40))).departures[0]!;
    const cases: [string, string, unknown, number, RegExp][] = [
      ['GET', `${deps(opA.slug, optA.id)}?from=2026-02-30&to=2026-03-10`, undefined, 422, /from/],
      ['GET', `${deps(opA.slug, optA.id)}?from=${today()}`, undefined, 422, /to/],
      ['GET', `${deps(opA.slug, optA.id)}?from=${today()}&to=${addDays(today(), 90)}`, undefined, 422, /At most 62 days/],
      ['GET', `${deps(opA.slug, optA.id)}?from=${addDays(today(), 5)}&to=${today()}`, undefined, 422, /end date/],
      ['GET', `${deps(opA.slug, 'abc')}?from=${today()}&to=${addDays(today(), 5)}`, undefined, 422, /Unknown experience/],
      ['PUT', `${deps(opA.slug, optA.id)}/${d.date}/${d.slot}`, { capacity: -1 }, 422, /negative/],
      ['PUT', `${deps(opA.slug, optA.id)}/${d.date}/${d.slot}`, { capacity: 100_000 }, 422, /At most 9999/],
      ['PUT', `${deps(opA.slug, optA.id)}/${d.date}/${d.slot}`, { capacity: 2.5 }, 422, /whole number/],
      ['PUT', `${deps(opA.slug, optA.id)}/${d.date}/${d.slot}`, { capacity: 'ten' }, 422, /whole number/],
      ['PUT', `${deps(opA.slug, optA.id)}/${d.date}/${d.slot}`, {}, 422, /whole number/],
      ['PUT', `${deps(opA.slug, optA.id)}/2026-13-01/${slot}`, { capacity: 5 }, 422, /date/],
      ['PUT', `${deps(opA.slug, optA.id)}/${d.date}/25:00`, { capacity: 5 }, 422, /Unknown departure time/],
      ['PUT', `${deps(opA.slug, optA.id)}/${d.date}/${slot === '06:01' ? '06:02' : '06:01'}`, { capacity: 5 }, 404, /no departure at/],
      ['PUT', `${deps(opA.slug, optA.id)}/${today()}/${slot}`, { capacity: 5 }, 409, /today's and past departures can't change/],
      ['PUT', `${deps(opA.slug, optA.id)}/${addDays(today(), 800)}/${slot}`, { capacity: 5 }, 422, /up to/],
    ];
    for (const [method, path, body, status, message] of cases) {
      const r = await partner.call(method, path, { body });
      expectStatus(r, status);
      expect(r.body.error, `${method} ${path}`).toMatch(message);
    }
  });
});

describe('the iCal feed', () => {
  it('escapes text and folds long lines at 75 octets without splitting characters', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const long = `SUMMARY:${'Pulau Ubin kayak — mangroves ✓ '.repeat(6)}`;
    const folded = foldLine(long);
    for (const line of folded.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(long);
  });

  it('lists the operator’s upcoming booked departures, one VEVENT each, and parses back', async () => {
    const booked = await bookAs(t, traveller, optA, { guests: 2, skip: 3 });
    const o = (await loadBookableOption(t.db, { id: optA.id }))!;
    const { res, text } = await ics(partner, opA.slug);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    // CRLF only, and no line over 75 octets.
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const { events, lines } = parseIcal(text);
    expect(lines).toContain('VERSION:2.0');
    expect(events.length).toBeGreaterThan(0);
    const uid = `${o.id}-${booked.date}-${booked.slotKey.replace(/[^\w-]/g, '')}@verdant.travel`;
    const ev = events.find((e) => e['UID'] === uid)!;
    expect(ev).toBeDefined();
    const slot = (await slotTaken(t.db, o.id, booked.date, booked.slotKey))!;
    expect(ev['SUMMARY']).toBe(`${o.name} — ${slot.taken}/${slot.capacity} seats sold`);
    expect(ev['DESCRIPTION']).toMatch(/^\d+ guests? in \d+ bookings?; /);
    expect(ev['DTSTART']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(ev['DTEND']! > ev['DTSTART']!).toBe(true);
    expect(ev['DTSTAMP']).toMatch(/^\d{8}T\d{6}Z$/);
    // Only departures with bookings, only this operator's: every UID is one of A's options.
    const mine = new Set(PartnerOptionsResponse.parse((await partner.get(`${opBase(opA.slug)}/options`)).body).options.map((x) => String(x.id)));
    expect(events.every((e) => mine.has(e['UID']!.split('-')[0]!))).toBe(true);
  });

  it('is also a subscribable address without a session: on, renewed (the old address stops), off', async () => {
    const feed = async (method: string) => {
      const r = await partner.call(method, `${opBase(opA.slug)}/calendar-feed`, method === 'POST' ? { body: {} } : {});
      expectStatus(r, 200);
      return CalendarFeedResponse.parse(r.body).url;
    };
    // No cookie, no API key: what a calendar app sends.
    const poll = (url: string) => t.app.request(new URL(url).pathname);
    expect(await feed('GET')).toBeNull();
    const first = (await feed('POST'))!;
    expect(first).toMatch(/\/calendar\/[\w-]{32}\.ics$/);
    expect(await feed('GET')).toBe(first);
    const res = await poll(first);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const subscribed = parseIcal(await res.text());
    const downloaded = parseIcal((await ics(partner, opA.slug)).text);
    expect(subscribed.events.map((e) => e['UID'])).toEqual(downloaded.events.map((e) => e['UID']));
    const second = (await feed('POST'))!;
    expect(second).not.toBe(first);
    expect((await poll(first)).status).toBe(404);
    expect((await poll(second)).status).toBe(200);
    // A member leaves the team: the address they may have is replaced.
    const [colleague] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'traveller@verdant.test'));
    await t.db.insert(partnerMemberships).values({ userId: colleague!.id, operatorId: opA.id, role: 'staff' });
    expectStatus(await partner.call('DELETE', `${opBase(opA.slug)}/team/members/${colleague!.id}`), 200);
    const third = (await feed('GET'))!;
    expect(third).not.toBe(second);
    expect((await poll(second)).status).toBe(404);
    expect((await poll(third)).headers.get('x-robots-tag')).toBe('noindex');
    expect(await feed('DELETE')).toBeNull();
    expect((await poll(third)).status).toBe(404);
    expect((await t.app.request('/calendar/not-a-token.ics')).status).toBe(404);
  });
});

// On PostgreSQL only: PGlite runs one statement at a time, so nothing races there.
describe.runIf(testBackend.kind === 'postgres')('a capacity lowering racing with bookings (PostgreSQL)', () => {
  it('never leaves more seats taken than the capacity', async () => {
    const o = (await loadBookableOption(t.db, { id: optA.id }))!;
    const slot = o.startTimes[0]!;
    for (let round = 0; round < 5; round++) {
      const date = addDays(today(), 200 + round);
      await setSlot(t.db, o.id, date, slot, 20, 0);
      // 30 one-seat bookings and a lowering to 8, then to 12, all at once.
      const bookings = Array.from({ length: 30 }, () =>
        t.db.transaction((tx) => takeUnits(tx, o, { startDate: date, endDate: date, slotKey: slot }, 1)).then(
          () => 'booked' as const,
          (e: unknown) => {
            if (e instanceof SoldOutError) return 'sold_out' as const;
            throw e;
          },
        ),
      );
      const lowerings = [8, 12].map((capacity) =>
        setDepartureCapacity(t.db, o, date, slot, capacity).then(
          (d) => ({ ok: true as const, capacity: d.capacity, sold: d.sold }),
          (e: unknown) => ({ ok: false as const, message: (e as Error).message }),
        ),
      );
      const [results, changes] = await Promise.all([Promise.all(bookings), Promise.all(lowerings)]);
      const row = (await slotTaken(t.db, o.id, date, slot))!;
      expect(row.taken).toBeLessThanOrEqual(row.capacity);
      expect(row.taken).toBe(results.filter((r) => r === 'booked').length);
      // Every refusal named the seats sold; every success left capacity >= what it saw sold.
      for (const c of changes) {
        if (c.ok) expect(c.sold).toBeLessThanOrEqual(c.capacity);
        else expect(c.message).toMatch(/seats are already sold on this departure/);
      }
      const [check] = await t.db.select({ n: sql<number>`count(*)::int` }).from(availabilitySlots).where(and(eq(availabilitySlots.optionId, o.id), sql`${availabilitySlots.taken} > ${availabilitySlots.capacity}`));
      expect(check?.n).toBe(0);
    }
  });
});

import { and, eq, like, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PartnerBookingList, PartnerBookingResponse, PartnerOperatorsResponse, type PartnerBooking } from '../../contract/partner.ts';
import { TripResponse } from '../../contract/trips.ts';
import { parseCsv } from '../../lib/csv.ts';
import { addDays } from '../../lib/local-time.ts';
import pino from 'pino';
import { options, orderItems, orders, outbox } from '../db/schema.ts';
import { QUEUES } from '../jobs/queue.ts';
import { mailDeliveryHandler } from '../jobs/workers.ts';
import { Mailer, mailOf, queueMail } from '../providers/mail.ts';
import { bookingsCsv } from '../services/partner/bookings.ts';
import type { Agent } from '../testing/agent.ts';
import { operatorOf, partnerCast } from '../testing/partner.ts';
import { bookAs, expectStatus, openDeparture, pickOption, type Booked, type OptionPick } from '../testing/booking.ts';
import { createTestApp, TEST_API_KEY, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let partner: Agent;
let admin: Agent;
let traveller: Agent;
let guest: Agent;
/** partner@verdant.test's operator (A) and another operator (B). */
let opA: { id: number; slug: string; email: string };
let opB: { id: number; slug: string };
let instantA: OptionPick;
let rtbA: OptionPick;
let instantB: OptionPick;

const base = (slug: string) => `/api/v1/partner/operators/${slug}/bookings`;

beforeAll(async () => {
  // SMTP configured (never reached: the test runs the mail-delivery jobs itself), so e-mails to
  // operators are handed to the durable queue as in production.
  t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
  ({ opA, partner, admin, traveller, guest } = await partnerCast(t, 80));
  const perPerson = [eq(options.priceUnit, 'per_person'), eq(options.priceCurrency, 'SGD'), sql`jsonb_array_length(${options.startTimes}) > 0`];
  instantA = await pickOption(t.db, [eq(options.operatorId, opA.id), ...perPerson]);
  rtbA = await pickOption(t.db, [eq(options.operatorId, opA.id), ne(options.id, instantA.id), eq(options.priceCurrency, 'SGD')]);
  // Known policies: one of A's experiences asks for requests, the other is instant and movable.
  await t.db.update(options).set({ bookType: 'request_to_book' }).where(eq(options.id, rtbA.id));
  await t.db.update(options).set({ bookType: 'instant', cancelType: 'standard', rescheduleType: 'allow_reschedule_cancel', maxQtyForPrice: 10 }).where(eq(options.id, instantA.id));
  instantB = await pickOption(t.db, [ne(options.operatorId, opA.id), eq(options.bookType, 'instant'), ...perPerson]);
  opB = await operatorOf(t.db, instantB.id);
});
afterAll(() => t.close());

const book = (option: OptionPick, guests = 2, skip = 0): Promise<Booked> => bookAs(t, traveller, option, { guests, skip });

async function booking(who: Agent, slug: string, id: string): Promise<PartnerBooking> {
  const r = await who.get(`${base(slug)}/${id}`);
  expectStatus(r, 200);
  return PartnerBookingResponse.parse(r.body).booking;
}

async function list(who: Agent, slug: string, query = ''): Promise<PartnerBookingList> {
  const r = await who.get(`${base(slug)}${query ? `?${query}` : ''}`);
  expectStatus(r, 200);
  return PartnerBookingList.parse(r.body);
}

async function mailsTo(recipient: string, subject: string) {
  return t.db.select().from(outbox).where(and(eq(outbox.recipient, recipient), like(outbox.subject, `%${subject}%`)));
}

async function csv(who: Agent, path: string) {
  const res = await t.app.request(path, { headers: { authorization: `Bearer ${TEST_API_KEY}`, cookie: who.cookieHeader(), 'x-forwarded-for': who.ip } });
  return { res, text: await res.text() };
}

/** Every partner call, for an operator slug and a booking id. */
const CALLS = (slug: string, id: string): [string, string, unknown?][] => [
  ['GET', `${base(slug)}`],
  ['GET', `${base(slug)}.csv`],
  ['GET', `${base(slug)}/${id}`],
  ['POST', `${base(slug)}/${id}/confirm`, {}],
  ['POST', `${base(slug)}/${id}/decline`, { note: 'Sorry' }],
  ['POST', `${base(slug)}/${id}/change-request/accept`, {}],
  ['POST', `${base(slug)}/${id}/change-request/reject`, {}],
  ['POST', `${base(slug)}/${id}/complete`, {}],
];

describe('who may use the partner back-office', () => {
  it('answers 401 to a guest and 403 to a traveller on every call, and lists only the partner’s own operators', async () => {
    const b = await book(rtbA, 1);
    for (const [method, path, body] of [['GET', '/api/v1/partner/operators'] as [string, string], ...CALLS(opA.slug, b.itemId)]) {
      expectStatus(await guest.call(method, path, { body }), 401);
      const refused = await traveller.call(method, path, { body });
      expectStatus(refused, 403);
      expect(refused.body.error).toMatch(/members of an operator/);
    }
    const mine = PartnerOperatorsResponse.parse((await partner.get('/api/v1/partner/operators')).body);
    expect(mine.operators).toEqual([expect.objectContaining({ slug: 'ubin-paddle-co', role: 'owner' })]);
    const all = PartnerOperatorsResponse.parse((await admin.get('/api/v1/partner/operators')).body);
    expect(all.operators.length).toBeGreaterThan(5);
    expect(all.operators.every((o) => o.role === 'admin')).toBe(true);
    // Nothing changed: the request still waits.
    expect((await booking(partner, opA.slug, b.itemId)).status).toBe('processing');
  });

  it('answers 404 to a partner of A for everything of operator B (its slug, and B’s booking under A’s slug)', async () => {
    const b = await book(instantB, 1);
    for (const [method, path, body] of [...CALLS(opB.slug, b.itemId), ...CALLS(opA.slug, b.itemId).slice(2), ...CALLS(opA.slug, 'no-such-booking').slice(2)]) {
      const r = await partner.call(method, path, { body });
      expectStatus(r, 404);
      expect(r.body.error).toMatch(/^(Operator|Booking) not found$/);
    }
    // An unknown operator is a 404 too, for the admin as well.
    expectStatus(await admin.get(base('no-such-operator')), 404);
    // The admin opens B, and B's booking, like a member would.
    expect((await booking(admin, opB.slug, b.itemId)).status).toBe('confirmed');
    expect((await list(admin, opB.slug)).bookings.map((x) => x.id)).toContain(b.itemId);
    // B's booking is untouched.
    const [row] = await t.db.select({ status: orderItems.status }).from(orderItems).where(eq(orderItems.id, b.itemId));
    expect(row?.status).toBe('confirmed');
  });
});

describe('the bookings inbox', () => {
  it('shows a request to book with its guests, tells the operator by e-mail, and confirms it with the operator call’s rules and e-mail', async () => {
    const b = await book(rtbA, 2);
    // The operator heard of it: an e-mail kept in the outbox and handed to the mail-delivery job.
    const told = (await mailsTo(opA.email, 'Request to book')).find((m) => m.body.includes(`/partner/bookings/${b.itemId}?operator=${opA.slug}`));
    expect(told?.body).toContain('Guests: 2');
    const delivered: number[] = [];
    await t.jobs.runDue<{ outboxId: number }>(QUEUES.mailDelivery.name, async (data) => {
      delivered.push(data.outboxId);
    });
    expect(delivered).toContain(told!.id);

    const inbox = await list(partner, opA.slug, 'status=needs_action');
    const row = inbox.bookings.find((x) => x.id === b.itemId)!;
    expect(row).toMatchObject({ status: 'processing', actions: ['confirm', 'decline'], guests: { total: 2 }, customer: { email: 'traveller@verdant.test' } });
    expect(row.customers.map((c) => c.info.fullName)).toEqual(['Guest Number 1', 'Guest Number 2']);
    expect(row.requiredCustomerInfos).toContain('fullName');
    expect(inbox.needsAction).toBeGreaterThanOrEqual(1);
    expect((await list(partner, opA.slug, 'status=confirmed')).bookings.map((x) => x.id)).not.toContain(b.itemId);
    expect((await list(partner, opA.slug, `from=${b.date}&to=${b.date}`)).bookings.map((x) => x.id)).toContain(b.itemId);
    expect((await list(partner, opA.slug, `from=${addDays(b.date, 1)}`)).bookings.map((x) => x.id)).not.toContain(b.itemId);

    const confirmed = await partner.post(`${base(opA.slug)}/${b.itemId}/confirm`, {});
    expectStatus(confirmed, 200);
    expect(PartnerBookingResponse.parse(confirmed.body).booking).toMatchObject({ status: 'confirmed', actions: [] });
    const trip = TripResponse.parse((await traveller.get(`/api/v1/trips/${b.itemId}`)).body).trip;
    expect(trip.status).toBe('confirmed');
    expect(await mailsTo('traveller@verdant.test', `Booking confirmed: `)).not.toHaveLength(0);
    // The operator call's rule: a confirmed booking cannot be confirmed again.
    expectStatus(await partner.post(`${base(opA.slug)}/${b.itemId}/confirm`, {}), 409);
  });

  it('refuses a CSV of more bookings than its limit rather than cutting it short', async () => {
    await book(instantA, 1, 5);
    const op = { ...opA, name: 'Ubin Paddle Co.', currency: 'SGD', role: 'owner' as const, commissionBps: 2000 };
    const all = await bookingsCsv(t.db, op, { status: 'all' });
    const count = parseCsv(all).length - 1;
    expect(count).toBeGreaterThan(1);
    await expect(bookingsCsv(t.db, op, { status: 'all' }, count - 1)).rejects.toMatchObject({ status: 422, message: expect.stringContaining('choose a shorter range of trip dates') });
    expect(parseCsv(await bookingsCsv(t.db, op, { status: 'all' }, count))).toHaveLength(count + 1);
  });

  it('declines only with a reason, which reaches the traveller', async () => {
    const b = await book(rtbA, 1);
    for (const body of [{}, { note: '   ' }, { note: 'x'.repeat(1001) }]) {
      const r = await partner.post(`${base(opA.slug)}/${b.itemId}/decline`, body);
      expectStatus(r, 422);
      expect(r.body.fields?.['note']).toMatch(/traveller why|At most 1000/);
    }
    expectStatus(await partner.call('POST', `${base(opA.slug)}/${b.itemId}/decline`, { rawBody: '{nope', headers: { 'content-type': 'application/json' } }), 422);
    expect((await booking(partner, opA.slug, b.itemId)).status).toBe('processing');
    const r = await partner.post(`${base(opA.slug)}/${b.itemId}/decline`, { note: 'The river is in flood that week' });
    expectStatus(r, 200);
    expect(PartnerBookingResponse.parse(r.body).booking.status).toBe('declined');
    const [mail] = await mailsTo('traveller@verdant.test', 'Booking request declined');
    expect(mail?.body).toContain('The river is in flood that week');
  });

  it('accepts and rejects date changes, telling the operator of each request', async () => {
    const b = await book(instantA, 2);
    const target = await openDeparture(t, instantA.slugCode, 6, { except: b.date, from: addDays(b.date, 1) });
    expectStatus(await traveller.post('/api/v1/order_item_change_requests', { orderItemId: b.itemId, startDate: target.date, detailedTimeslotId: target.timeslotId }), 201);
    const told = await mailsTo(opA.email, 'Change request for booking');
    expect(told.map((m) => m.body).join()).toContain(`/partner/bookings/${b.itemId}?operator=${opA.slug}`);
    const waiting = await booking(partner, opA.slug, b.itemId);
    expect(waiting).toMatchObject({ status: 'having_change_request', actions: ['accept_change', 'reject_change'], changeRequest: { startDate: target.date } });
    const accepted = await partner.post(`${base(opA.slug)}/${b.itemId}/change-request/accept`, {});
    expectStatus(accepted, 200);
    expect(PartnerBookingResponse.parse(accepted.body).booking).toMatchObject({ status: 'confirmed', startDate: target.date, changeRequest: null });
    expect(await mailsTo('traveller@verdant.test', 'Date changed:')).not.toHaveLength(0);

    const c = await book(instantA, 1, 2);
    const other = await openDeparture(t, instantA.slugCode, 6, { except: c.date, from: addDays(c.date, 1) });
    expectStatus(await traveller.post('/api/v1/order_item_change_requests', { orderItemId: c.itemId, startDate: other.date, detailedTimeslotId: other.timeslotId }), 201);
    const rejected = await partner.post(`${base(opA.slug)}/${c.itemId}/change-request/reject`, { note: 'Guides are away' });
    expectStatus(rejected, 200);
    expect(PartnerBookingResponse.parse(rejected.body).booking).toMatchObject({ status: 'confirmed', startDate: c.date });
    expectStatus(await partner.post(`${base(opA.slug)}/${c.itemId}/change-request/reject`, {}), 409);
  });

  it('hands the traveller’s booking confirmation and the answer to a date change to the mail-delivery job, which sends them', async () => {
    const b = await book(instantA, 1, 4);
    const [order] = await t.db.select({ number: orders.number }).from(orders).where(eq(orders.id, b.orderId));
    const target = await openDeparture(t, instantA.slugCode, 6, { except: b.date, from: addDays(b.date, 1) });
    expectStatus(await traveller.post('/api/v1/order_item_change_requests', { orderItemId: b.itemId, startDate: target.date, detailedTimeslotId: target.timeslotId }), 201);
    expectStatus(await partner.post(`${base(opA.slug)}/${b.itemId}/change-request/accept`, {}), 200);
    const mails = await mailsTo('traveller@verdant.test', `(${order!.number})`);
    const confirmation = mails.find((m) => m.subject.startsWith('Booking confirmed:'));
    const changed = mails.find((m) => m.subject.startsWith('Date changed:'));
    for (const kept of [confirmation, changed]) {
      expect(kept).toMatchObject({ sentAt: null });
      expect(await t.jobs.jobsOf(QUEUES.mailDelivery.name, `mail:${kept!.id}`)).toEqual([expect.objectContaining({ state: 'created' })]);
    }
    const sent: string[] = [];
    const mailer = new Mailer({ from: 'hello@verdant.test', log: pino({ level: 'silent' }), transport: { name: 'recording', send: async (m) => void sent.push(m.subject) } });
    await t.jobs.runDue(QUEUES.mailDelivery.name, mailDeliveryHandler({ db: t.db, mailer }));
    expect(sent).toEqual(expect.arrayContaining([confirmation!.subject, changed!.subject]));
    expect(await mailsTo('traveller@verdant.test', `(${order!.number})`)).toEqual(expect.arrayContaining([expect.objectContaining({ id: confirmation!.id, sentAt: expect.any(Date) }), expect.objectContaining({ id: changed!.id, sentAt: expect.any(Date) })]));
  });

  it('refuses to keep an e-mail that no job would send (SMTP configured, no job queue in the process)', async () => {
    const lost = t.db.transaction((tx) => queueMail(tx, { config: t.config, jobs: null }, mailOf('traveller@verdant.test', 'Never kept', ['Hi'])));
    await expect(lost).rejects.toThrow(/job queue is not running/);
    expect(await mailsTo('traveller@verdant.test', 'Never kept')).toEqual([]);
  });

  it('tells the operator of an instant booking once, and completes the trip once it has ended, not before', async () => {
    const b = await book(instantA, 1);
    const told = (await mailsTo(opA.email, 'New booking')).filter((m) => m.body.includes(`/partner/bookings/${b.itemId}?operator=${opA.slug}`));
    expect(told).toHaveLength(1);
    expect(told[0]?.body).toContain('The booking is confirmed and paid.');
    expect((await booking(partner, opA.slug, b.itemId)).actions).toEqual([]);
    expectStatus(await partner.post(`${base(opA.slug)}/${b.itemId}/complete`, {}), 409);
    const past = addDays(new Date().toISOString().slice(0, 10), -3);
    await t.db.update(orderItems).set({ startDate: past, endDate: past }).where(eq(orderItems.id, b.itemId));
    expect((await booking(partner, opA.slug, b.itemId)).actions).toEqual(['complete']);
    const r = await partner.post(`${base(opA.slug)}/${b.itemId}/complete`, {});
    expectStatus(r, 200);
    expect(PartnerBookingResponse.parse(r.body).booking.status).toBe('completed');
  });

  it('refuses bad filters with field messages', async () => {
    for (const [query, field] of [
      ['status=bogus', 'status'],
      ['from=2026-13-01', 'from'],
      ['from=2026-12-10&to=2026-12-01', 'to'],
      ['page=0', 'page'],
      ['per=500', 'per'],
    ] as const) {
      const r = await partner.get(`${base(opA.slug)}?${query}`);
      expectStatus(r, 422);
      expect(Object.keys(r.body.fields ?? {})).toContain(field);
      const file = await csv(partner, `${base(opA.slug)}.csv?${query}`);
      if (field !== 'page' && field !== 'per') expect(file.res.status).toBe(422);
    }
  });

  it('exports the filtered list as CSV that parses, one record a booking', async () => {
    const b = await book(rtbA, 2);
    await t.db.execute(sql`update orders set special_requests = ${'Vegetarian, "no nuts"\nplease'} where id = ${b.orderId}`);
    const { res, text } = await csv(partner, `${base(opA.slug)}.csv?status=processing`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="ubin-paddle-co-bookings-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = parseCsv(text.replace(/^\uFEFF/, ''));
    const [header, ...records] = rows;
    expect(header?.slice(0, 4)).toEqual(['Booking', 'Status', 'Experience', 'Date']);
    expect(records.every((r) => r.length === header!.length)).toBe(true);
    const listed = await list(partner, opA.slug, 'status=processing&per=100');
    expect(records).toHaveLength(listed.total);
    const mine = records.find((r) => r[0] === listed.bookings.find((x) => x.id === b.itemId)!.number)!;
    expect(mine[1]).toBe('processing');
    expect(mine[header!.indexOf('Special requests')]).toBe('Vegetarian, "no nuts"\nplease');
    expect(mine[header!.indexOf('Guest details')]).toContain('Full name (as on ID): Guest Number 2');
    expect(records.every((r) => r[1] === 'processing')).toBe(true);
  });
});

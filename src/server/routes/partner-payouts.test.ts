// Payout statements in the partner back-office (issue 15, item 5): who may read them, what a
// statement holds (a paid booking at the operator's prices, refunds in proportion, commission),
// the CSV, and an admin recording the transfer of a month that is over.
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PartnerPayoutsResponse, PartnerPayoutStatementResponse } from '../../contract/partner.ts';
import { parseCsv } from '../../lib/csv.ts';
import { operatorPayouts, options, orderItems, orders } from '../db/schema.ts';
import { payoutFigures } from '../services/partner/payouts.ts';
import type { Agent } from '../testing/agent.ts';
import { operatorOf, partnerCast } from '../testing/partner.ts';
import { bookAs, expectStatus, pickOption, type Booked, type OptionPick } from '../testing/booking.ts';
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

const payouts = (slug: string) => `/api/v1/partner/operators/${slug}/payouts`;
/** A month long over, with no seeded trips: bookings are moved into it to make a due statement. */
const PAST = '2025-03';

beforeAll(async () => {
  t = await createTestApp();
  ({ opA, partner, admin, traveller, guest } = await partnerCast(t, 95));
  const perPerson = [eq(options.priceUnit, 'per_person'), eq(options.priceCurrency, 'SGD'), sql`jsonb_array_length(${options.startTimes}) > 0`];
  optA = await pickOption(t.db, [eq(options.operatorId, opA.id), ...perPerson]);
  // Instant and freely cancellable a week out, so a cancellation refunds in full.
  await t.db.update(options).set({ bookType: 'instant', cancelType: 'standard', maxQtyForPrice: 10 }).where(eq(options.id, optA.id));
  optA = { ...optA, bookType: 'instant' };
  optB = await pickOption(t.db, [ne(options.operatorId, opA.id), eq(options.bookType, 'instant'), ...perPerson]);
  opB = await operatorOf(t.db, optB.id);
});
afterAll(() => t.close());

async function statement(who: Agent, slug: string, month: string, currency = 'SGD') {
  const r = await who.get(`${payouts(slug)}/${month}?currency=${currency}`);
  expectStatus(r, 200);
  return PartnerPayoutStatementResponse.parse(r.body);
}

async function file(who: Agent, path: string) {
  const res = await t.app.request(path, { headers: { authorization: `Bearer ${TEST_API_KEY}`, cookie: who.cookieHeader(), 'x-forwarded-for': who.ip } });
  return { res, text: await res.text() };
}

/** Moves a booking's trip into `month` (the 10th), as if it had run then. */
async function moveTrip(b: Booked, month: string) {
  await t.db.update(orderItems).set({ startDate: `${month}-10`, endDate: `${month}-10` }).where(eq(orderItems.id, b.itemId));
}

const subtotalOf = async (b: Booked) => (await t.db.select({ v: orders.subtotalAmount }).from(orders).where(eq(orders.id, b.orderId)))[0]!.v;

describe('who may read and record payouts', () => {
  const calls = (slug: string): [string, string, unknown?][] => [
    ['GET', payouts(slug)],
    ['GET', `${payouts(slug)}/${PAST}`],
    ['GET', `${payouts(slug)}/${PAST}.csv`],
    ['POST', `${payouts(slug)}/${PAST}/paid`, { currency: 'SGD', reference: 'TR-1' }],
  ];

  it('answers 401 to a guest and 403 to a traveller on every call', async () => {
    for (const [method, path, body] of calls(opA.slug)) {
      expectStatus(await guest.call(method, path, { body }), 401);
      expectStatus(await traveller.call(method, path, { body }), 403);
    }
  });

  it('answers 404 to a partner of A for every call of operator B, and 403 when a member tries to record a payout', async () => {
    for (const [method, path, body] of calls(opB.slug)) {
      const r = await partner.call(method, path, { body });
      expectStatus(r, 404);
      expect(r.body.error).toBe('Operator not found');
    }
    const refused = await partner.post(`${payouts(opA.slug)}/${PAST}/paid`, { currency: 'SGD', reference: 'TR-1' });
    expectStatus(refused, 403);
    expect(refused.body.error).toBe('Only the Verdant team records payouts');
    expect(await t.db.select().from(operatorPayouts).where(and(eq(operatorPayouts.operatorId, opA.id), eq(operatorPayouts.month, PAST)))).toHaveLength(0);
  });
});

describe('payout statements', () => {
  it('shows the demo partner’s past months as paid, with the amount transferred and a refunded cancellation', async () => {
    const all = PartnerPayoutsResponse.parse((await partner.get(payouts(opA.slug))).body);
    for (const month of ['2026-08', '2026-09', '2026-10']) {
      const s = all.statements.find((x) => x.month === month)!;
      expect(s).toMatchObject({ status: 'paid', currency: 'SGD', payout: { amount: s.net } });
      expect(s.bookings).toBeGreaterThan(1);
    }
    const september = await statement(partner, opA.slug, '2026-09');
    expect(september.lines.filter((l) => l.status === 'cancelled')).toEqual([expect.objectContaining({ net: { amount: 0, currency: 'SGD' } })]);
    expect(september.statement.payout!.reference).toMatch(/^DBS-20261015-/);
  });

  it('lists a paid booking in its trip month at the operator’s price, less the commission, and a cancelled one as refunded', async () => {
    const kept = await bookAs(t, traveller, optA, { guests: 2 });
    const cancelled = await bookAs(t, traveller, optA, { guests: 1, skip: 1 });
    expectStatus(await traveller.post(`/api/v1/orders/${cancelled.orderId}/cancel`, {}), 200);
    const month = kept.date.slice(0, 7);
    await moveTrip(cancelled, month);

    const s = await statement(partner, opA.slug, month);
    expect(s.commissionPercent).toBe(20);
    expect(s.statement).toMatchObject({ month, currency: 'SGD', status: 'open', payout: null });
    const line = s.lines.find((l) => l.bookingId === kept.itemId)!;
    const value = await subtotalOf(kept);
    expect(line).toMatchObject({ status: 'confirmed', customerName: 'Tess Traveller', experience: { slugCode: optA.slugCode } });
    expect(line.gross.amount * 100).toBeCloseTo(value);
    expect(line.refunded.amount).toBe(0);
    expect(line.commission.amount * 100).toBeCloseTo(Math.round(value * 0.2));
    expect(line.net.amount * 100).toBeCloseTo(value - Math.round(value * 0.2));
    const back = s.lines.find((l) => l.bookingId === cancelled.itemId)!;
    expect(back.status).toBe('cancelled');
    expect(back.refunded.amount).toBe(back.gross.amount);
    expect(back.net.amount).toBe(0);
    // Totals are the sum of the lines.
    for (const k of ['gross', 'refunded', 'commission', 'net'] as const) {
      expect(s.statement[k].amount).toBeCloseTo(s.lines.reduce((sum, l) => sum + l[k].amount, 0), 2);
    }
    expect(s.statement.bookings).toBe(s.lines.length);

    // The list has the month, and the admin sees what the member sees.
    const all = PartnerPayoutsResponse.parse((await partner.get(payouts(opA.slug))).body);
    expect(all.statements.find((x) => x.month === month && x.currency === 'SGD')).toEqual(s.statement);
    expect((await statement(admin, opA.slug, month)).lines).toEqual(s.lines);
    // A traveller's request still waiting, or another operator's booking, is not in it.
    const other = await bookAs(t, traveller, optB, { guests: 1 });
    expect((await statement(partner, opA.slug, month)).lines.map((l) => l.bookingId)).not.toContain(other.itemId);
  });

  it('gives the statement as a CSV with a totals record that spreadsheets read', async () => {
    const b = await bookAs(t, traveller, optA, { guests: 1, skip: 2 });
    const month = b.date.slice(0, 7);
    const s = await statement(partner, opA.slug, month);
    const { res, text } = await file(partner, `${payouts(opA.slug)}/${month}.csv?currency=SGD`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${opA.slug}-payout-${month}-SGD.csv"`);
    const rows = parseCsv(text.replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual(['Booking', 'Experience', 'Trip date', 'Customer', 'Status', 'Value', 'Refunded', 'Commission', 'Net', 'Currency']);
    expect(rows).toHaveLength(s.lines.length + 2);
    const row = rows.find((r) => r[0] === s.lines.find((l) => l.bookingId === b.itemId)!.number)!;
    expect(row[8]).toBe(String(s.lines.find((l) => l.bookingId === b.itemId)!.net.amount));
    expect(rows.at(-1)!.slice(0, 2)).toEqual(['Total', `${s.statement.bookings} ${s.statement.bookings === 1 ? 'booking' : 'bookings'}`]);
    expect(rows.at(-1)![8]).toBe(String(s.statement.net.amount));
  });

  it('lets an admin record the transfer of a month that is over, once, and keeps the amount paid', async () => {
    const b = await bookAs(t, traveller, optA, { guests: 2, skip: 3 });
    const open = b.date.slice(0, 7);
    // A month with trips still to run cannot be paid yet.
    const early = await admin.post(`${payouts(opA.slug)}/${open}/paid`, { currency: 'SGD', reference: 'TR-EARLY' });
    expectStatus(early, 409);
    expect(early.body.error).toMatch(/still open/);
    // Nothing to pay in a month without bookings.
    expectStatus(await admin.post(`${payouts(opA.slug)}/2024-02/paid`, { currency: 'SGD', reference: 'TR-NONE' }), 404);

    await moveTrip(b, PAST);
    const due = await statement(partner, opA.slug, PAST);
    expect(due.statement).toMatchObject({ status: 'due', expectedOn: '2025-04-15', bookings: 1 });
    const paid = await admin.post(`${payouts(opA.slug)}/${PAST}/paid`, { currency: 'SGD', reference: '  DBS-2025-0415-77  ' });
    expectStatus(paid, 200);
    const after = PartnerPayoutStatementResponse.parse(paid.body).statement;
    expect(after).toMatchObject({ status: 'paid', payout: { amount: due.statement.net, reference: 'DBS-2025-0415-77' } });
    expect((await statement(partner, opA.slug, PAST)).statement.status).toBe('paid');
    const again = await admin.post(`${payouts(opA.slug)}/${PAST}/paid`, { currency: 'SGD', reference: 'TR-AGAIN' });
    expectStatus(again, 409);
    expect(again.body.error).toMatch(/already paid \(reference DBS-2025-0415-77\)/);
    const rows = await t.db.select().from(operatorPayouts).where(and(eq(operatorPayouts.operatorId, opA.id), eq(operatorPayouts.month, PAST)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.amount / 100).toBeCloseTo(due.statement.net.amount);
  });

  it('answers bad input with a clear 4xx, never 500', async () => {
    for (const month of ['2026-13', '2026-1', 'latest', '2026-00.csv']) {
      const r = await partner.get(`${payouts(opA.slug)}/${month}`);
      expectStatus(r, 422);
      expect(r.body.fields?.['month']).toBe('Use a month as YYYY-MM');
    }
    const lower = await partner.get(`${payouts(opA.slug)}/${PAST}?currency=sgd`);
    expectStatus(lower, 422);
    expect(lower.body.fields?.['currency']).toBe('Use a three-letter currency code');
    expectStatus(await partner.get(`${payouts(opA.slug)}/${PAST}?currency=XYZ`), 404);
    for (const [body, field, message] of [
      [{ currency: 'SGD' }, 'reference', 'Enter the transfer’s reference'],
      [{ currency: 'SGD', reference: '   ' }, 'reference', 'Enter the transfer’s reference'],
      [{ currency: 'SGD', reference: 'x'.repeat(101) }, 'reference', 'At most 100 characters'],
      [{ reference: 'TR-1' }, 'currency', 'Say which currency was paid'],
    ] as const) {
      const r = await admin.post(`${payouts(opA.slug)}/${PAST}/paid`, body);
      expectStatus(r, 422);
      expect(r.body.fields?.[field]).toBe(message);
    }
    expectStatus(await admin.call('POST', `${payouts(opA.slug)}/${PAST}/paid`, { rawBody: '{nope', headers: { 'content-type': 'application/json' } }), 422);
  });
});

describe('payoutFigures', () => {
  it('refunds in proportion to what the traveller paid, and takes the commission on what is kept', () => {
    expect(payoutFigures(10_000, 10_000, 0, 2000)).toEqual({ gross: 10_000, refunded: 0, commission: 2000, net: 8000 });
    // Paid 80 of a 100 booking (a Verdant discount), half refunded: the operator keeps half of 100.
    expect(payoutFigures(10_000, 8000, 4000, 2000)).toEqual({ gross: 10_000, refunded: 5000, commission: 1000, net: 4000 });
    expect(payoutFigures(10_000, 8000, 8000, 2000)).toEqual({ gross: 10_000, refunded: 10_000, commission: 0, net: 0 });
    // Paid with credits only: nothing went back through a provider.
    expect(payoutFigures(9999, 0, 0, 1500)).toEqual({ gross: 9999, refunded: 0, commission: 1500, net: 8499 });
    // Rounded to the minor unit, and the parts always add up.
    const f = payoutFigures(3333, 3333, 1111, 1750);
    expect(f.gross - f.refunded - f.commission).toBe(f.net);
  });
});

// Payout statements (issue 15, item 5): one a month of trips and currency. A statement holds the
// operator's paid bookings whose trip starts in that month; each is worth its value at the
// operator's prices (Verdant's discounts, credits and gift codes are Verdant's), less the share
// of it refunded to the traveller (in the proportion of the refund to what they paid), less
// Verdant's commission on the rest. Figures are computed per booking and summed, so a
// statement's totals are always the sum of its lines. An admin records the transfer once the
// month is over; the payout keeps the amount transferred then.
import { and, asc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { BookingStatus } from '../../../contract/booking.ts';
import { PAYOUT_DAY, type PartnerPayoutLine, type PartnerPayoutStatementResponse, type PartnerPayoutSummary, type PartnerPayoutsResponse, type PayoutStatus } from '../../../contract/partner.ts';
import { toCsv } from '../../../lib/csv.ts';
import type { CurrentUser } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { checkoutPayments, operatorPayouts, options, orderItems, orderRefunds, orders } from '../../db/schema.ts';
import { HttpError } from '../../http.ts';
import { loadMoneyContext, unitOf, type MoneyContext } from '../booking/catalog.ts';
import { wire } from '../booking/views.ts';
import type { OpenOperator } from './bookings.ts';

/** Bookings that earn the operator money: accepted and paid (requests still waiting, unpaid and declined ones do not). */
const PAYABLE: BookingStatus[] = ['confirmed', 'completed', 'cancelled', 'having_change_request', 'rescheduling', 'date_tbc'];
export const ADMINS_RECORD_PAYOUTS = 'Only the Verdant team records payouts';

const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};
const statusOf = (month: string, paid: boolean, today: string): PayoutStatus => (paid ? 'paid' : today < `${nextMonth(month)}-01` ? 'open' : 'due');

type Figures = { gross: number; refunded: number; commission: number; net: number };

/** One booking's figures in minor units: the refunded share in proportion, the commission on what is kept. */
export function payoutFigures(value: number, paid: number, refundedToTraveller: number, commissionBps: number): Figures {
  const share = paid > 0 ? Math.min(1, refundedToTraveller / paid) : 0;
  const refunded = Math.round(value * share);
  const kept = value - refunded;
  const commission = Math.round((kept * commissionBps) / 10_000);
  return { gross: value, refunded, commission, net: kept - commission };
}

const add = (a: Figures, b: Figures): Figures => ({ gross: a.gross + b.gross, refunded: a.refunded + b.refunded, commission: a.commission + b.commission, net: a.net + b.net });
const ZERO: Figures = { gross: 0, refunded: 0, commission: 0, net: 0 };

/** The operator's payable bookings (all, or of one month), each with what its traveller paid and got back. */
function payableRows(db: Db, operatorId: number, month?: string) {
  const paid = sql<number>`(select coalesce(sum(${checkoutPayments.amount}), 0)::int from ${checkoutPayments} where ${checkoutPayments.orderId} = ${orders.id} and ${checkoutPayments.status} in ('captured', 'refunded', 'partial_refunded'))`;
  const refunded = sql<number>`(select coalesce(sum(${orderRefunds.amount}), 0)::int from ${orderRefunds} where ${orderRefunds.orderId} = ${orders.id})`;
  return db
    .select({
      id: orderItems.id,
      status: orderItems.status,
      startDate: orderItems.startDate,
      number: orders.number,
      customerName: orders.customerName,
      currency: orders.baseCurrency,
      value: orders.subtotalAmount,
      paid,
      refunded,
      experience: { slugCode: options.slugCode, name: options.name },
    })
    .from(orderItems)
    .innerJoin(options, eq(options.id, orderItems.optionId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(options.operatorId, operatorId),
        inArray(orderItems.status, PAYABLE),
        isNotNull(orders.paidAt),
        month ? gte(orderItems.startDate, `${month}-01`) : undefined,
        month ? lt(orderItems.startDate, `${nextMonth(month)}-01`) : undefined,
      ),
    )
    .orderBy(asc(orderItems.startDate), asc(orders.number), asc(orderItems.id));
}
type PayableRow = Awaited<ReturnType<typeof payableRows>>[number];

const figuresOf = (r: PayableRow, bps: number) => payoutFigures(r.value, Number(r.paid), Number(r.refunded), bps);

function summary(m: MoneyContext, month: string, currency: string, count: number, f: Figures, payout: typeof operatorPayouts.$inferSelect | undefined, today: string): PartnerPayoutSummary {
  const unit = unitOf(m, currency);
  return {
    month,
    currency,
    status: statusOf(month, !!payout, today),
    bookings: count,
    gross: wire(f.gross, unit),
    refunded: wire(f.refunded, unit),
    commission: wire(f.commission, unit),
    net: wire(f.net, unit),
    expectedOn: `${nextMonth(month)}-${String(PAYOUT_DAY).padStart(2, '0')}`,
    payout: payout ? { amount: wire(payout.amount, unit), reference: payout.reference, paidAt: payout.paidAt.toISOString() } : null,
  };
}

const keyOf = (month: string, currency: string) => `${month} ${currency}`;
const today = (now: Date) => now.toISOString().slice(0, 10);

/** Every statement of the operator, newest month first. */
export async function payoutStatements(db: Db, operator: OpenOperator, now = new Date()): Promise<PartnerPayoutsResponse> {
  const bps = operator.commissionBps;
  const [rows, payouts, m] = await Promise.all([payableRows(db, operator.id), db.select().from(operatorPayouts).where(eq(operatorPayouts.operatorId, operator.id)), loadMoneyContext(db)]);
  const months = new Map<string, { month: string; currency: string; count: number; f: Figures }>();
  for (const r of rows) {
    const month = r.startDate.slice(0, 7);
    const k = keyOf(month, r.currency);
    const s = months.get(k) ?? { month, currency: r.currency, count: 0, f: ZERO };
    months.set(k, { ...s, count: s.count + 1, f: add(s.f, figuresOf(r, bps)) });
  }
  // A paid month stays listed even if every booking in it was later refunded in full.
  for (const p of payouts) if (!months.has(keyOf(p.month, p.currency))) months.set(keyOf(p.month, p.currency), { month: p.month, currency: p.currency, count: 0, f: ZERO });
  const paid = new Map(payouts.map((p) => [keyOf(p.month, p.currency), p]));
  const statements = [...months.values()]
    .sort((a, b) => b.month.localeCompare(a.month) || a.currency.localeCompare(b.currency))
    .map((s) => summary(m, s.month, s.currency, s.count, s.f, paid.get(keyOf(s.month, s.currency)), today(now)));
  return { commissionPercent: bps / 100, statements };
}

/** One month's statement in `currency` (the operator's own when not given), with its bookings. */
export async function payoutStatement(db: Db, operator: OpenOperator, month: string, currency = operator.currency, now = new Date()): Promise<PartnerPayoutStatementResponse> {
  return (await computeStatement(db, operator, month, currency, now)).answer;
}

async function computeStatement(db: Db, operator: OpenOperator, month: string, currency: string, now: Date) {
  const bps = operator.commissionBps;
  const [rows, [payout], m] = await Promise.all([
    payableRows(db, operator.id, month),
    db.select().from(operatorPayouts).where(and(eq(operatorPayouts.operatorId, operator.id), eq(operatorPayouts.month, month), eq(operatorPayouts.currency, currency))),
    loadMoneyContext(db),
  ]);
  if (!m.units.has(currency)) throw new HttpError(404, 'No statement in that currency');
  const unit = unitOf(m, currency);
  const mine = rows.filter((r) => r.currency === currency);
  let total = ZERO;
  const lines: PartnerPayoutLine[] = mine.map((r) => {
    const f = figuresOf(r, bps);
    total = add(total, f);
    return {
      bookingId: r.id,
      number: r.number ?? '',
      experience: r.experience,
      startDate: r.startDate,
      customerName: r.customerName,
      status: r.status!,
      gross: wire(f.gross, unit),
      refunded: wire(f.refunded, unit),
      commission: wire(f.commission, unit),
      net: wire(f.net, unit),
    };
  });
  const answer = { commissionPercent: bps / 100, statement: summary(m, month, currency, lines.length, total, payout, today(now)), lines };
  return { answer, net: total.net };
}

/** The statement's bookings as CSV, with a totals record last. */
export async function payoutStatementCsv(db: Db, operator: OpenOperator, month: string, currency?: string): Promise<string> {
  const { statement: s, lines } = await payoutStatement(db, operator, month, currency);
  const money = (x: { amount: number }) => x.amount;
  return toCsv([
    ['Booking', 'Experience', 'Trip date', 'Customer', 'Status', 'Value', 'Refunded', 'Commission', 'Net', 'Currency'],
    ...lines.map((l) => [l.number, l.experience.name, l.startDate, l.customerName, l.status, money(l.gross), money(l.refunded), money(l.commission), money(l.net), s.currency]),
    ['Total', `${s.bookings} ${s.bookings === 1 ? 'booking' : 'bookings'}`, s.month, '', s.status, money(s.gross), money(s.refunded), money(s.commission), money(s.net), s.currency],
  ]);
}

/**
 * An admin records that a month's statement was transferred: once the month is over, once per
 * month and currency (the unique index settles two admins at once), for the net as it is now.
 */
export async function recordPayout(db: Db, user: CurrentUser, operator: OpenOperator, month: string, currency: string, reference: string, now = new Date()): Promise<PartnerPayoutStatementResponse> {
  if (!user.isAdmin) throw new HttpError(403, ADMINS_RECORD_PAYOUTS);
  const { answer: { statement }, net } = await computeStatement(db, operator, month, currency, now);
  if (statement.status === 'paid') throw new HttpError(409, `The ${month} statement is already paid (reference ${statement.payout!.reference})`);
  if (statement.bookings === 0) throw new HttpError(404, `There is no ${currency} statement for ${month}`);
  if (statement.status === 'open') throw new HttpError(409, `The ${month} statement is still open: its trips run until the end of the month`);
  const [row] = await db.insert(operatorPayouts).values({ operatorId: operator.id, month, currency, amount: net, reference, paidBy: user.id }).onConflictDoNothing().returning();
  if (!row) throw new HttpError(409, `The ${month} statement is already paid`);
  return payoutStatement(db, operator, month, currency, now);
}

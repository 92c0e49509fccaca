// Reconciliation (issue 20, ADR 0047): the provider's ledger against our orders, run on the
// job queue every few minutes. A process killed in the middle of a payment leaves one of a few
// shapes behind, and each has one fix:
//   - a charge captured at the provider whose order never learnt of it (killed between the
//     charge and its settlement): settled now, so the order is placed, or, when the order has
//     meanwhile been released, the charge is refunded (settlePayment decides, as for a webhook);
//   - a charge that matches no order at all, or a second charge for an order already paid by
//     another: refunded;
//   - a payment we gave back (a late payment refunded on settlement) that the provider still
//     holds: refunded at the provider;
//   - a refund the provider made whose cancellation was never recorded (killed between the two):
//     the cancellation is finished: seats released, the refund recorded, the traveller told;
//   - an order still `pending_payment` long after its request should have ended (the process
//     that was charging it died): settled by what the provider has for it, or released when
//     the provider has nothing;
//   - holds past their expiry: released (the booking sweeper's rule, run here as well).
// Every fix is logged (warn) and counted in the answer.
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { formatDate } from '../../../../lib/format-date.ts';
import { checkoutPayments, orderItems, orderRefunds, orders } from '../../../db/schema.ts';
import { mailOf, queueMail } from '../../../providers/mail.ts';
import type { PaymentOutcome, ProviderPayment } from '../../../providers/payments/port.ts';
import { randomId } from '../../secrets.ts';
import { reverseCommission } from '../../affiliate-commissions.ts';
import { load } from '../../trips/load.ts';
import { releaseItemSeats } from '../../trips/seats.ts';
import { type CheckoutDeps, nowOf, type PaymentRow } from './deps.ts';
import { releaseOrder, settlePayment } from './settle.ts';
import { sweepBooking } from './sweeper.ts';

export type ReconcileFix =
  | 'charge_settled'
  | 'charge_refunded_order_released'
  | 'orphan_charge_refunded'
  | 'duplicate_charge_refunded'
  | 'refund_completed_at_provider'
  | 'cancellation_finished'
  | 'abandoned_action_cancelled'
  | 'interrupted_order_released'
  | 'hold_expired';

export type ReconcileReport = { examined: number; fixed: Partial<Record<ReconcileFix, number>>; details: { fix: ReconcileFix; ref?: string | undefined; orderId?: string | undefined }[]; errors: number };

export type ReconcileOptions = {
  /** How far back the provider's payments are compared (default two days). */
  windowMs?: number;
  /**
   * How old a payment or an unsettled order must be before it is judged: younger ones may
   * still belong to a request in flight (default two minutes; RECONCILE_GRACE_SECONDS).
   */
  graceMs?: number;
};

export const RECONCILE_WINDOW_MS = 48 * 3_600_000;
export const RECONCILE_GRACE_MS = 120_000;

const outcomeOf = (p: ProviderPayment): PaymentOutcome => ({
  ref: p.ref,
  state: p.state === 'refunded' ? 'succeeded' : p.state,
  cardBrand: null,
  cardLast4: null,
  failureCode: p.state === 'failed' ? 'payment_failed' : null,
  declineCode: null,
  failureMessage: p.state === 'failed' ? 'Your payment failed.' : null,
  action: null,
});

export async function reconcilePayments(d: CheckoutDeps, opts: ReconcileOptions = {}): Promise<ReconcileReport> {
  const now = nowOf(d);
  const graceMs = opts.graceMs ?? RECONCILE_GRACE_MS;
  const settledBefore = new Date(now.getTime() - graceMs);
  const report: ReconcileReport = { examined: 0, fixed: {}, details: [], errors: 0 };
  const fixed: Fixed = (fix, at) => {
    report.fixed[fix] = (report.fixed[fix] ?? 0) + 1;
    report.details.push({ fix, ...at });
    d.log.warn({ fix, ...at }, `reconciliation: ${fix.replace(/_/g, ' ')}`);
  };
  const attempt = async (what: Record<string, unknown>, fn: () => Promise<void>) => {
    try {
      await fn();
    } catch (err) {
      report.errors++;
      d.log.error({ err, ...what }, 'reconciliation could not fix a payment; the next run tries again');
    }
  };

  // 1. Holds past their expiry (what the sweeper does every minute; cheap when there are none).
  const swept = await sweepBooking(d);
  for (let i = 0; i < swept.expired; i++) fixed('hold_expired', {});

  // 2. The provider's payments of the window, old enough to have settled.
  const all = await d.payments.listPayments({ since: new Date(now.getTime() - (opts.windowMs ?? RECONCILE_WINDOW_MS)), until: new Date(now.getTime() + 1000) });
  const listed = all.filter((p) => p.createdAt < settledBefore);
  report.examined = listed.length;
  const refs = listed.map((p) => p.ref);
  const ours = new Map<string, PaymentRow>();
  for (let i = 0; i < refs.length; i += 500) {
    const rows = await d.db.select().from(checkoutPayments).where(and(eq(checkoutPayments.provider, d.payments.name), inArray(checkoutPayments.providerRef, refs.slice(i, i + 500))));
    for (const r of rows) ours.set(r.providerRef!, r);
  }
  const byOrder = new Map<string, ProviderPayment>();
  for (const p of all) if (p.orderId && (p.state === 'succeeded' || !byOrder.has(p.orderId))) byOrder.set(p.orderId, p);

  for (const p of listed) {
    const mine = ours.get(p.ref);
    if (!mine) {
      await attempt({ ref: p.ref, orderId: p.orderId }, () => unmatched(d, p, fixed));
      continue;
    }
    if (mine.status === 'pending' || mine.status === 'requires_action') {
      if (p.state === 'requires_action' || p.state === 'processing') continue; // the traveller is still at it; the sweeper ends it
      await attempt({ ref: p.ref }, async () => {
        const s = await settlePayment(d, mine.id, outcomeOf(p));
        if (s.state === 'succeeded') fixed('charge_settled', { ref: p.ref, orderId: mine.orderId });
        else if (s.state === 'refunded') fixed('charge_refunded_order_released', { ref: p.ref, orderId: mine.orderId });
      });
      continue;
    }
    if ((mine.status === 'failed' || mine.status === 'cancelled') && p.state === 'succeeded' && p.refunded === 0) {
      // Money for an attempt we gave up on: settlement gives it back.
      await attempt({ ref: p.ref }, async () => {
        const s = await settlePayment(d, mine.id, outcomeOf(p));
        if (s.state === 'refunded') fixed('charge_refunded_order_released', { ref: p.ref, orderId: mine.orderId });
      });
      continue;
    }
    if ((mine.status === 'failed' || mine.status === 'cancelled') && p.state === 'requires_action') {
      await attempt({ ref: p.ref }, async () => {
        await d.payments.cancel(p.ref);
        fixed('abandoned_action_cancelled', { ref: p.ref, orderId: mine.orderId });
      });
      continue;
    }
    if (mine.status === 'captured' || mine.status === 'refunded' || mine.status === 'partial_refunded') {
      await attempt({ ref: p.ref }, () => refundsAgree(d, mine, p, fixed));
    }
  }

  // 3. Orders still waiting for a charge whose request has long ended.
  const stuck = await d.db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'pending_payment'), lt(orders.createdAt, settledBefore)))
    .limit(200);
  for (const o of stuck) {
    await attempt({ orderId: o.id }, async () => {
      // A payment at the provider for it: settled above once old enough (it may be in flight now).
      if (byOrder.has(o.id)) return;
      const released = await d.db.transaction(async (tx) => {
        const [locked] = await tx.select().from(orders).where(eq(orders.id, o.id)).for('update');
        if (!locked || locked.status !== 'pending_payment') return false;
        await releaseOrder(tx, d, locked, 'failed', { code: 'interrupted', message: 'The payment was interrupted before it was charged.' });
        return true;
      });
      if (released) fixed('interrupted_order_released', { orderId: o.id });
    });
  }

  const total = Object.values(report.fixed).reduce((n, x) => n + x, 0);
  if (total > 0 || report.errors > 0) d.log.warn({ examined: report.examined, fixed: report.fixed, errors: report.errors }, 'reconciliation fixed what a crash left behind');
  else d.log.info({ examined: report.examined }, 'reconciliation: the provider and our orders agree');
  return report;
}

type Fixed = (fix: ReconcileFix, at: { ref?: string | undefined; orderId?: string | undefined }) => void;

/** A provider payment no checkout payment knows by its id. */
async function unmatched(d: CheckoutDeps, p: ProviderPayment, fixed: Fixed) {
  // The pay call never learnt this payment's id (killed mid-call): its order's newest payment without one.
  const [open] = p.orderId
    ? await d.db
        .select()
        .from(checkoutPayments)
        .where(and(eq(checkoutPayments.orderId, p.orderId), eq(checkoutPayments.provider, d.payments.name), sql`${checkoutPayments.providerRef} is null`))
        .orderBy(sql`${checkoutPayments.createdAt} desc`)
        .limit(1)
    : [];
  if (open) {
    if (p.state === 'requires_action' || p.state === 'processing') {
      if (open.status === 'pending') {
        // Killed before the traveller saw the challenge: nobody can finish it; cancel and release.
        await d.payments.cancel(p.ref);
        const s = await settlePayment(d, open.id, { ...outcomeOf(p), state: 'canceled' });
        if (s.state === 'failed') fixed('abandoned_action_cancelled', { ref: p.ref, orderId: p.orderId ?? undefined });
      }
      return;
    }
    const s = await settlePayment(d, open.id, outcomeOf(p));
    if (s.state === 'succeeded') fixed('charge_settled', { ref: p.ref, orderId: open.orderId });
    else if (s.state === 'refunded') fixed('charge_refunded_order_released', { ref: p.ref, orderId: open.orderId });
    return;
  }
  if (p.state === 'requires_action' || p.state === 'processing') {
    await d.payments.cancel(p.ref);
    fixed('abandoned_action_cancelled', { ref: p.ref, orderId: p.orderId ?? undefined });
    return;
  }
  if (p.state !== 'succeeded' || p.refunded > 0) return;
  // Captured money that no payment of ours took: a charge for no order, or a second charge for
  // an order another payment already paid. Either way it is given back.
  const [order] = p.orderId ? await d.db.select({ id: orders.id }).from(orders).where(eq(orders.id, p.orderId)) : [];
  await d.payments.refund(p.ref);
  fixed(order ? 'duplicate_charge_refunded' : 'orphan_charge_refunded', { ref: p.ref, orderId: p.orderId ?? undefined });
}

/** A payment that took money: what we recorded as given back must be what the provider gave back. */
async function refundsAgree(d: CheckoutDeps, mine: PaymentRow, p: ProviderPayment, fixed: Fixed) {
  const [sum] = await d.db.select({ total: sql<number>`coalesce(sum(${orderRefunds.amount}), 0)::int` }).from(orderRefunds).where(eq(orderRefunds.paymentId, mine.id));
  const recorded = Number(sum?.total ?? 0);
  // A payment refunded on settlement (a late payment) has no refund rows: all of it goes back.
  const expected = mine.status === 'refunded' && recorded === 0 ? mine.amount : recorded;
  if (p.refunded < expected && p.state === 'succeeded') {
    if (expected >= p.amount) await d.payments.refund(p.ref);
    else await d.payments.refund(p.ref, { amount: expected - p.refunded, idempotencyKey: `reconcile:${mine.id}:${expected}` });
    fixed('refund_completed_at_provider', { ref: p.ref, orderId: mine.orderId });
    return;
  }
  if (p.refunded > expected) await finishCancellation(d, mine, p.refunded - expected, fixed, p.ref);
}

/**
 * The provider refunded part of a booking we never recorded as refunded: the traveller's (or the
 * operator's) cancellation was killed between the provider call and its transaction. It is
 * finished as a cancellation: the seats go back, the refund is recorded, the traveller is told.
 */
async function finishCancellation(d: CheckoutDeps, mine: PaymentRow, amount: number, fixed: Fixed, ref: string) {
  const [item] = await d.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, mine.orderId)).limit(1);
  const t = item ? await load(d.db, item.id) : null;
  if (!t) throw new Error(`reconciliation: refund on ${ref} for order ${mine.orderId} without a trip`);
  const done = await d.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(checkoutPayments).where(eq(checkoutPayments.id, mine.id)).for('update');
    const [locked] = await tx.select().from(orderItems).where(eq(orderItems.id, t.item.id)).for('update');
    if (!payment || !locked) return false;
    const [sum] = await tx.select({ total: sql<number>`coalesce(sum(${orderRefunds.amount}), 0)::int` }).from(orderRefunds).where(eq(orderRefunds.paymentId, mine.id));
    const recorded = Number(sum?.total ?? 0);
    const missing = Math.min(amount, payment.amount - recorded);
    if (missing <= 0) return false;
    const ended = locked.status === 'cancelled' || locked.status === 'declined';
    if (!ended) {
      await releaseItemSeats(tx, t);
      await tx.update(orderItems).set({ status: 'cancelled', unitsHeld: 0, updatedAt: sql`now()` }).where(eq(orderItems.id, t.item.id));
    }
    await reverseCommission(tx, t.order.id);
    await tx.insert(orderRefunds).values({ id: randomId(16), orderId: t.order.id, paymentId: payment.id, amount: missing, currency: payment.currency, reason: locked.status === 'declined' ? 'declined' : 'cancelled' });
    await tx
      .update(checkoutPayments)
      .set({ status: recorded + missing >= payment.amount ? 'refunded' : 'partial_refunded', updatedAt: sql`now()` })
      .where(eq(checkoutPayments.id, payment.id));
    if (!ended) {
      await queueMail(tx, d,
        mailOf(t.order.customerEmail, `Booking cancelled: ${t.option.name}, ${formatDate(t.item.startDate)} (${t.order.number ?? ''})`, [
          `Hi ${t.order.customerName},`,
          '',
          `Your booking ${t.order.number ?? ''} for ${t.option.name} is cancelled, its places have been released, and the refund has gone back to your original payment method.`,
          '',
          'The Verdant team',
        ]),
      );
    }
    return true;
  });
  if (done) fixed('cancellation_finished', { ref, orderId: mine.orderId });
}

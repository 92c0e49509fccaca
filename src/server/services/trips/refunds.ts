// Refunds: spread over the payments that took money, asked of the provider first (idempotent
// by key, outside any transaction), then recorded with the payments' new status.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { checkoutPayments, orderRefunds } from '../../db/schema.ts';
import { HttpError } from '../../http.ts';
import { reverseCommission } from '../affiliate-commissions.ts';
import { randomId } from '../secrets.ts';
import type { Tx, PaymentRow, TripDeps, Loaded } from './load.ts';
import { paidPayments } from './rules.ts';

type RefundPlan = { payment: PaymentRow; amount: number }[];

/** Spreads `amount` over the payments that took money, newest first (added guests before the booking). */
export function planRefund(t: Loaded, amount: number, alreadyByPayment: Map<string, number>): RefundPlan {
  const plan: RefundPlan = [];
  let left = amount;
  for (const p of [...paidPayments(t)].reverse()) {
    if (left <= 0) break;
    const room = p.amount - (alreadyByPayment.get(p.id) ?? 0);
    const take = Math.min(room, left);
    if (take > 0) {
      plan.push({ payment: p, amount: take });
      left -= take;
    }
  }
  if (left > 0) throw new Error(`refund plan short by ${left} on order ${t.order.id}`);
  return plan;
}

export async function refundedByPayment(db: Db | Tx, orderId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ paymentId: orderRefunds.paymentId, total: sql<number>`sum(${orderRefunds.amount})::int` })
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId))
    .groupBy(orderRefunds.paymentId);
  return new Map(rows.map((r) => [r.paymentId, Number(r.total)]));
}

/** Asks the provider for each refund of the plan (idempotent by key); a failure stops before anything is recorded. */
export async function executeRefunds(d: TripDeps, itemId: string, reason: string, plan: RefundPlan) {
  for (const step of plan) {
    try {
      await d.payments.refund(step.payment.providerRef!, { amount: step.amount, idempotencyKey: `trip:${reason}:${itemId}:${step.payment.id}:${step.amount}` });
    } catch (err) {
      d.log.error({ err, itemId, paymentId: step.payment.id, amount: step.amount }, 'trip refund failed at the provider');
      throw new HttpError(502, 'We could not reach the payment provider to refund you, so nothing was changed. Please try again in a few minutes.', { body: { code: 'provider_unavailable' } });
    }
  }
}

export async function recordRefunds(tx: Tx, t: Loaded, reason: 'cancelled' | 'declined', plan: RefundPlan) {
  // A cancelled or declined booking earns its ambassador nothing (ADR 0024).
  await reverseCommission(tx, t.order.id);
  const after = await refundedByPayment(tx, t.order.id);
  for (const step of plan) {
    await tx.insert(orderRefunds).values({ id: randomId(16), orderId: t.order.id, paymentId: step.payment.id, amount: step.amount, currency: step.payment.currency, reason });
    const total = (after.get(step.payment.id) ?? 0) + step.amount;
    await tx
      .update(checkoutPayments)
      .set({ status: total >= step.payment.amount ? 'refunded' : 'partial_refunded', updatedAt: sql`now()` })
      .where(eq(checkoutPayments.id, step.payment.id));
  }
}

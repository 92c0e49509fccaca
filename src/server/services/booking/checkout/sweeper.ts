// The sweeper: releases what nobody will finish (holds past their time, overdue bookings, old keys).
import { and, eq, inArray, lt } from 'drizzle-orm';
import { orders } from '../../../db/schema.ts';
import { mailOf, queueMail } from '../../../providers/mail.ts';
import { IN_FLIGHT } from '../cart.ts';
import { deleteOldKeys } from '../idempotency.ts';
import { lapseGift } from '../../gifts/place.ts';
import { type CheckoutDeps, nowOf } from './deps.ts';
import { latestPayment } from './order-view.ts';
import { releaseOrder, settlePayment } from './settle.ts';

/**
 * Releases what nobody will finish: payments left in authentication past their 15-minute hold
 * (asking the provider first, in case the traveller did finish), later-payment and invoice
 * bookings past their due time, and idempotency keys older than eight days.
 */
export async function sweepBooking(d: CheckoutDeps, opts: { limit?: number; orderId?: string } = {}): Promise<{ expired: number; lapsed: number }> {
  const now = nowOf(d);
  const limit = opts.limit ?? 200;
  // `orderId`: one order only (the test gateway's clock moves one booking's time, nobody else's).
  const only = opts.orderId ? eq(orders.id, opts.orderId) : undefined;
  const stale = await d.db
    .select()
    .from(orders)
    .where(and(inArray(orders.status, [...IN_FLIGHT]), lt(orders.holdExpiresAt, now), only))
    .limit(limit);
  let expired = 0;
  for (const o of stale) {
    const payment = await latestPayment(d.db, o.id);
    if (payment?.providerRef && (payment.status === 'requires_action' || payment.status === 'pending')) {
      try {
        const current = await d.payments.retrieve(payment.providerRef);
        if (current.state === 'succeeded') {
          await settlePayment(d, payment.id, current);
          continue;
        }
        await d.payments.cancel(payment.providerRef);
      } catch (err) {
        d.log.warn({ err, orderId: o.id }, 'sweeper: provider check failed; releasing the hold anyway');
      }
    }
    const released = await d.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(orders).where(eq(orders.id, o.id)).for('update');
      if (!locked || !IN_FLIGHT.includes(locked.status) || !locked.holdExpiresAt || locked.holdExpiresAt > now) return false;
      await releaseOrder(tx, d, locked, 'expired', { code: 'authentication_expired', message: 'The payment was not completed within 15 minutes.' });
      return true;
    });
    if (released) expired++;
  }
  const due = await d.db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'awaiting_payment'), lt(orders.paymentDueAt, now), only))
    .limit(limit);
  let lapsed = 0;
  for (const o of due) {
    const done = await d.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(orders).where(eq(orders.id, o.id)).for('update');
      if (!locked || locked.status !== 'awaiting_payment' || !locked.paymentDueAt || locked.paymentDueAt > now) return false;
      await releaseOrder(tx, d, locked, 'expired', { code: 'payment_overdue', message: 'The booking was not paid by its due date.' });
      // A gift's order (no item, no places held): the gift is cancelled and told in its own words.
      const gift = await lapseGift(tx, locked, d.config.siteUrl);
      await queueMail(
        tx,
        d,
        gift ??
          mailOf(locked.customerEmail, `Your booking ${locked.number ?? ''} has lapsed`.replace('  ', ' '), [`Hi ${locked.customerName},`, '', `We did not receive the payment for booking ${locked.number ?? locked.id} by its due date, so the places we held have been released.`, '', 'You are welcome to book again if there is still room.', '', 'The Verdant team']),
      );
      return true;
    });
    if (done) lapsed++;
  }
  if (!opts.orderId && (!opts.limit || opts.limit >= 200)) await deleteOldKeys(d.db, now);
  return { expired, lapsed };
}

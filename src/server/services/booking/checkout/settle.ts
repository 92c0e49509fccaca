// Settling a payment's outcome (idempotent): place the order, or give its seats back.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { NextAction, PayResponse } from '../../../../contract/booking.ts';
import type { Db } from '../../../db/client.ts';
import { checkoutPayments, orderItems, orders, promotionCodeRedemptions, promotionCodes } from '../../../db/schema.ts';
import { queueMail } from '../../../providers/mail.ts';
import { HttpError } from '../../../http.ts';
import type { PaymentOutcome } from '../../../providers/payments/port.ts';
import { ACTION_TTL_MS } from '../../../providers/payments/test-gateway.ts';
import { earnCommission } from '../../affiliate-commissions.ts';
import { keepSavedCard, releaseStoredValue, settleStoredValue } from '../account-seam.ts';
import { releaseUnits } from '../availability.ts';
import { resolvedOfItem } from '../cart.ts';
import { loadBookableOption, type BookableOption, type MoneyContext } from '../catalog.ts';
import { placeGift } from '../../gifts/place.ts';
import { queueConfirmed } from '../../trip-notices/notices.ts';
import { confirmationEmail, newBookingOperatorEmail } from './confirmation-email.ts';
import { type CheckoutDeps, HOLD_MS, type ItemRow, nowOf, type OrderRow, type Tx } from './deps.ts';
import { freeOrderNumber } from './order-number.ts';
import { itemOfOrder, orderView } from './order-view.ts';

export async function cancelQuietly(d: CheckoutDeps, ref: string) {
  try {
    await d.payments.cancel(ref);
  } catch (err) {
    d.log.warn({ err, ref }, 'could not cancel an abandoned payment');
  }
}

export type Settled = { orderId: string; paymentId: string; state: 'succeeded' | 'requires_action' | 'failed' | 'refunded'; code: string | null; declineCode: string | null; message: string | null };

function nextActionOf(outcome: PaymentOutcome, now: Date): NextAction | null {
  const a = outcome.action;
  if (!a) return null;
  const expiresAt = new Date(now.getTime() + ACTION_TTL_MS).toISOString();
  if (a.type === 'otp_challenge') return { type: 'otp_challenge', challengeId: a.challengeId, cardBrand: outcome.cardBrand, cardLast4: outcome.cardLast4, expiresAt };
  if (a.type === 'paynow_qr') return { type: 'paynow_qr', imageSvg: a.imageSvg, imageUrl: a.imageUrl, reference: a.reference, expiresAt: a.expiresAt.toISOString() };
  if (a.type === 'redirect') return { type: 'redirect', url: a.url, method: 'grabpay', expiresAt };
  return { type: 'stripe_confirm', clientSecret: a.clientSecret, expiresAt };
}

/**
 * Applies a provider outcome to its payment and order, once: whichever of the pay call,
 * pay_otp, finalize, the webhook or the sweeper comes first decides, the others see the result.
 */
export async function settlePayment(d: CheckoutDeps, paymentId: string, outcome: PaymentOutcome): Promise<Settled> {
  const now = nowOf(d);
  let refundRef: string | null = null;
  let keepCard: { userId: string; ref: string } | null = null;
  const settled = await d.db.transaction(async (tx): Promise<Settled> => {
    const [payment] = await tx.select().from(checkoutPayments).where(eq(checkoutPayments.id, paymentId)).for('update');
    if (!payment) throw new Error(`settlePayment: no payment ${paymentId}`);
    const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId)).for('update');
    if (!order) throw new Error(`settlePayment: no order ${payment.orderId}`);
    const base = { orderId: order.id, paymentId, code: payment.failureCode, declineCode: null, message: payment.failureMessage };
    const card = { cardBrand: outcome.cardBrand ?? payment.cardBrand, cardLast4: outcome.cardLast4 ?? payment.cardLast4 };
    const ref = outcome.ref || payment.providerRef;

    if (payment.status === 'captured' || payment.status === 'refunded' || payment.status === 'partial_refunded') return { ...base, state: payment.status === 'captured' ? 'succeeded' : 'refunded' };
    if (payment.status === 'failed' || payment.status === 'cancelled') {
      if (outcome.state === 'succeeded' && ref) {
        // Money arrived for an attempt we had already given up on: give it back.
        await tx.update(checkoutPayments).set({ status: 'refunded', providerRef: ref, ...card, updatedAt: sql`now()` }).where(eq(checkoutPayments.id, paymentId));
        refundRef = ref;
        return { ...base, state: 'refunded' };
      }
      return { ...base, state: 'failed' };
    }

    switch (outcome.state) {
      case 'succeeded': {
        const active = order.status === 'pending_payment' || order.status === 'requires_action' || order.status === 'awaiting_payment';
        if (!active) {
          await tx.update(checkoutPayments).set({ status: 'refunded', providerRef: ref, ...card, nextAction: null, updatedAt: sql`now()` }).where(eq(checkoutPayments.id, paymentId));
          refundRef = ref;
          return { ...base, state: 'refunded' };
        }
        await tx.update(checkoutPayments).set({ status: 'captured', providerRef: ref, ...card, nextAction: null, failureCode: null, failureMessage: null, updatedAt: sql`now()` }).where(eq(checkoutPayments.id, paymentId));
        // "Save this card": recorded once the payment is captured, after this transaction (a provider call).
        if (payment.saveCard && order.userId && ref) keepCard = { userId: order.userId, ref };
        const item = await itemOfOrder(tx, order.id);
        // A gift's order has no item: placing it schedules the gift (services/gifts/place.ts).
        if (!item && (await placeGift(tx, { config: d.config, jobs: d.jobs ?? null, siteUrl: d.config.siteUrl }, order, now))) return { ...base, state: 'succeeded', code: null, message: null };
        const option = item ? await loadBookableOption(tx as unknown as Db, { id: item.optionId }) : null;
        if (!item || !option) throw new Error(`order ${order.id} has no item`);
        await placeOrder(tx, d, order, item, option, now);
        return { ...base, state: 'succeeded', code: null, message: null };
      }
      case 'requires_action':
      case 'processing': {
        const nextAction = nextActionOf(outcome, now);
        await tx.update(checkoutPayments).set({ status: 'requires_action', providerRef: ref, ...card, nextAction, updatedAt: sql`now()` }).where(eq(checkoutPayments.id, paymentId));
        if (order.status === 'pending_payment') {
          await tx.update(orders).set({ status: 'requires_action', holdExpiresAt: new Date(now.getTime() + HOLD_MS), updatedAt: sql`now()` }).where(eq(orders.id, order.id));
        }
        return { ...base, state: 'requires_action' };
      }
      default: {
        const message = outcome.failureMessage ?? (outcome.state === 'canceled' ? 'The payment was cancelled.' : 'Your payment failed.');
        const code = outcome.failureCode ?? (outcome.state === 'canceled' ? 'payment_cancelled' : 'payment_failed');
        await tx
          .update(checkoutPayments)
          .set({ status: outcome.state === 'canceled' ? 'cancelled' : 'failed', providerRef: ref, ...card, failureCode: code, failureMessage: message, nextAction: null, updatedAt: sql`now()` })
          .where(eq(checkoutPayments.id, paymentId));
        if (order.status === 'pending_payment' || order.status === 'requires_action') await releaseOrder(tx, d, order, 'failed', { code, message });
        return { ...base, state: 'failed', code, declineCode: outcome.declineCode, message };
      }
    }
  });
  if (keepCard) {
    const { userId, ref } = keepCard;
    try {
      await keepSavedCard(d, userId, ref);
    } catch (err) {
      // The booking is paid either way; the traveller can save the card on their next booking.
      d.log.error({ err, paymentId, ref }, 'could not save the card of a captured payment');
    }
  }
  if (refundRef) {
    try {
      await d.payments.refund(refundRef);
      d.log.warn({ paymentId, ref: refundRef }, 'refunded a payment that succeeded after its booking lapsed');
    } catch (err) {
      d.log.error({ err, paymentId, ref: refundRef }, 'REFUND NEEDED: a late payment could not be refunded automatically');
    }
  }
  return settled;
}

export async function answerFor(d: CheckoutDeps, s: Settled, m: MoneyContext): Promise<{ status: 200 | 201; body: PayResponse }> {
  const view = await orderView(d.db, s.orderId, m);
  if (s.state === 'failed' || s.state === 'refunded') {
    const message = s.state === 'refunded' ? 'This payment arrived after the booking had lapsed, so it has been refunded.' : (s.message ?? 'Your payment failed.');
    const card = s.code === 'card_declined' || s.code === 'expired_card' || s.code === 'incorrect_cvc';
    throw new HttpError(402, card ? `${message} You have not been charged; please try another card or pay with PayNow.` : message, {
      body: { code: s.code ?? 'payment_failed', declineCode: s.declineCode, orderId: s.orderId },
    });
  }
  if (s.state === 'requires_action') return { status: 200, body: { status: 'requires_action', order: view, nextAction: view.nextAction ?? (await pendingAction(d.db, s.paymentId)) } };
  return { status: 201, body: { status: view.status === 'awaiting_payment' ? 'awaiting_payment' : 'succeeded', order: view, nextAction: null } };
}

async function pendingAction(db: Db, paymentId: string): Promise<NextAction | null> {
  const [p] = await db.select({ nextAction: checkoutPayments.nextAction }).from(checkoutPayments).where(eq(checkoutPayments.id, paymentId));
  return (p?.nextAction as NextAction | null) ?? null;
}

/** Places (or, for later payment and invoices, books unpaid) an order whose seats are held. */
export async function placeOrder(tx: Tx, d: CheckoutDeps, order: OrderRow, item: ItemRow, option: BookableOption, paidAt: Date | null) {
  const awaiting = order.status === 'awaiting_payment' && paidAt === null;
  const number = order.number ?? (await freeOrderNumber(tx));
  const status = awaiting ? 'awaiting' : option.bookType === 'request_to_book' ? 'processing' : 'confirmed';
  const now = nowOf(d);
  const [updated] = await tx
    .update(orders)
    .set({
      number,
      status: awaiting ? 'awaiting_payment' : 'placed',
      placedAt: order.placedAt ?? now,
      paidAt: paidAt ?? order.paidAt,
      holdExpiresAt: null,
      ...(awaiting ? {} : { paymentDueAt: null }),
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, order.id))
    .returning();
  await tx.update(orderItems).set({ status, cartId: null, updatedAt: sql`now()` }).where(eq(orderItems.id, item.id));
  await tx
    .update(promotionCodeRedemptions)
    .set({ orderId: order.id, cartId: null })
    .where(and(eq(promotionCodeRedemptions.cartId, order.cartId ?? ''), isNull(promotionCodeRedemptions.orderId)));
  await settleStoredValue(tx, order);
  if (!awaiting && paidAt) await earnCommission(tx, updated ?? order, paidAt);
  const firstPlacement = order.status !== 'awaiting_payment' || awaiting;
  await queueMail(tx, d, await confirmationEmail(tx, d, updated ?? order, { ...item, status }, option, firstPlacement ? (awaiting ? 'held' : 'booked') : 'paid'));
  // Once per booking: an unpaid hold tells the operator when it is paid.
  if (!awaiting) await newBookingOperatorEmail(tx, d, updated ?? order, { ...item, status }, option);
  // The traveller's WhatsApp notice and the day-before reminder, when they opted in (once per booking).
  if (status === 'confirmed') await queueConfirmed(tx, d, item, option.zone, now, 'booking');
}

/** Gives the seats (and the promotion redemption, and stored value) back, and the item back to its bag. */
export async function releaseOrder(tx: Tx, d: CheckoutDeps, order: OrderRow, status: 'failed' | 'expired' | 'cancelled', why: { code: string; message: string }) {
  const item = await itemOfOrder(tx, order.id);
  if (item && item.unitsHeld > 0) {
    const option = await loadBookableOption(tx as unknown as Db, { id: item.optionId });
    if (!option) throw new Error(`order ${order.id}: option gone`);
    await releaseUnits(tx, option, resolvedOfItem(item), item.unitsHeld);
  }
  if (item) {
    const lapsedBooking = order.status === 'awaiting_payment';
    await tx
      .update(orderItems)
      .set(lapsedBooking ? { unitsHeld: 0, status: 'cancelled', updatedAt: sql`now()` } : { unitsHeld: 0, orderId: null, status: null, updatedAt: sql`now()` })
      .where(eq(orderItems.id, item.id));
  }
  if (order.promotionCounted && order.promotionCodeId) {
    await tx
      .update(promotionCodes)
      .set({ redemptionsCount: sql`greatest(${promotionCodes.redemptionsCount} - 1, 0)` })
      .where(eq(promotionCodes.id, order.promotionCodeId));
  }
  await releaseStoredValue(tx, order);
  await tx
    .update(checkoutPayments)
    .set({ status: 'cancelled', failureCode: why.code, failureMessage: why.message, nextAction: null, updatedAt: sql`now()` })
    .where(and(eq(checkoutPayments.orderId, order.id), inArray(checkoutPayments.status, ['pending', 'requires_action'])));
  await tx.update(orders).set({ status, promotionCounted: false, holdExpiresAt: null, updatedAt: sql`now()` }).where(eq(orders.id, order.id));
  d.log.info({ orderId: order.id, status, code: why.code }, 'order released its seats');
}

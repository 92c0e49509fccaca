// What the traveller and the provider report after the charge: OTP, failure, finalize
// after a redirect or QR, the PayNow simulation and webhooks.
import { and, desc, eq, sql } from 'drizzle-orm';
import { checkoutPayments } from '../../../db/schema.ts';
import { HttpError } from '../../../http.ts';
import { AUTHENTICATION_FAILED } from '../../../providers/payments/port.ts';
import { loadMoneyContext } from '../catalog.ts';
import type { CheckoutDeps, OrderRow, PaymentRow } from './deps.ts';
import { latestPayment, orderView, readableOrder } from './order-view.ts';
import { answerFor, cancelQuietly, type Settled, settlePayment } from './settle.ts';
import { sweepBooking } from './sweeper.ts';

async function openPayment(d: CheckoutDeps, orderId: string): Promise<{ order: OrderRow; payment: PaymentRow }> {
  const order = await readableOrder(d.db, orderId, d.user);
  const payment = await latestPayment(d.db, order.id);
  if (!payment) throw new HttpError(409, 'This booking has no payment to continue', { body: { code: 'no_payment' } });
  return { order, payment };
}

export async function answerOtp(d: CheckoutDeps, orderId: string, otp: string) {
  const m = await loadMoneyContext(d.db);
  await sweepBooking(d, { limit: 20 });
  const { payment } = await openPayment(d, orderId);
  if (payment.status !== 'requires_action' || !payment.providerRef) return answerFor(d, await settleFromProvider(d, payment), m);
  const outcome = await d.payments.answerChallenge(payment.providerRef, otp);
  return answerFor(d, await settlePayment(d, payment.id, outcome), m);
}

export async function reportPayFail(d: CheckoutDeps, orderId: string, reason: string | undefined) {
  const m = await loadMoneyContext(d.db);
  const { payment } = await openPayment(d, orderId);
  if (payment.status === 'requires_action' && payment.providerRef) {
    // The provider may have finished after all (a late success): ask before giving up.
    const current = await d.payments.retrieve(payment.providerRef);
    if (current.state === 'succeeded') return answerFor(d, await settlePayment(d, payment.id, current), m);
    await cancelQuietly(d, payment.providerRef);
    const cancelled = reason === 'cancelled';
    return answerFor(
      d,
      await settlePayment(d, payment.id, {
        ...current,
        state: 'failed',
        failureCode: cancelled ? 'payment_cancelled' : 'payment_intent_authentication_failure',
        failureMessage: cancelled ? 'The payment was cancelled.' : AUTHENTICATION_FAILED,
        action: null,
      }),
      m,
    );
  }
  return answerFor(d, await settleFromProvider(d, payment), m);
}

async function settleFromProvider(d: CheckoutDeps, payment: PaymentRow): Promise<Settled> {
  if (payment.providerRef && (payment.status === 'requires_action' || payment.status === 'pending')) {
    return settlePayment(d, payment.id, await d.payments.retrieve(payment.providerRef));
  }
  const state = payment.status === 'captured' ? 'succeeded' : payment.status === 'requires_action' ? 'requires_action' : payment.status === 'refunded' ? 'refunded' : 'failed';
  return { orderId: payment.orderId, paymentId: payment.id, state, code: payment.failureCode, declineCode: null, message: payment.failureMessage };
}

/** After a redirect or a QR: asks the provider how the payment ended and settles it. */
export async function finalizePayment(d: CheckoutDeps, orderId: string) {
  const m = await loadMoneyContext(d.db);
  const order = await readableOrder(d.db, orderId, d.user);
  if (order.status === 'placed' || order.status === 'awaiting_payment') {
    const payment = await latestPayment(d.db, order.id);
    if (!payment || payment.status === 'captured' || payment.status === 'failed' || payment.status === 'cancelled') {
      return { status: 200 as const, body: { status: order.status === 'placed' ? ('succeeded' as const) : ('awaiting_payment' as const), order: await orderView(d.db, order.id, m), nextAction: null } };
    }
  }
  const { payment } = await openPayment(d, orderId);
  return answerFor(d, await settleFromProvider(d, payment), m);
}

export async function simulatePayNow(d: CheckoutDeps, orderId: string) {
  if (!d.payments.simulatePayNow || d.config.isProduction) throw new HttpError(404, 'Not found');
  const m = await loadMoneyContext(d.db);
  const { payment } = await openPayment(d, orderId);
  if (payment.method !== 'paynow' || !payment.providerRef) throw new HttpError(409, 'This booking has no PayNow payment waiting', { body: { code: 'no_payment' } });
  const outcome = await d.payments.simulatePayNow(payment.providerRef);
  return answerFor(d, await settlePayment(d, payment.id, outcome), m);
}

/** A provider webhook: settles the payment it names (verified by the provider's signature). */
export async function handleWebhook(d: CheckoutDeps, rawBody: string, headers: { get(name: string): string | null | undefined }) {
  const event = await d.payments.readWebhook(rawBody, headers);
  if (!event || event.kind === 'other') return { handled: false };
  let [payment] = await d.db.select().from(checkoutPayments).where(and(eq(checkoutPayments.provider, d.payments.name), eq(checkoutPayments.providerRef, event.ref)));
  if (!payment && event.orderId) {
    // The pay call never learnt this payment's id (it failed mid-call): match it by its order.
    [payment] = await d.db
      .select()
      .from(checkoutPayments)
      .where(and(eq(checkoutPayments.orderId, event.orderId), eq(checkoutPayments.provider, d.payments.name), sql`${checkoutPayments.providerRef} is null`))
      .orderBy(desc(checkoutPayments.createdAt))
      .limit(1);
  }
  if (!payment) {
    d.log.warn({ ref: event.ref, eventId: event.eventId }, 'webhook for an unknown payment');
    return { handled: false };
  }
  await settlePayment(d, payment.id, await d.payments.retrieve(event.ref));
  return { handled: true };
}

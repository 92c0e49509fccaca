// Paying an order booked earlier (later payment, invoice).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PayResponse } from '../../../../contract/booking.ts';
import { checkoutPayments, orders } from '../../../db/schema.ts';
import { HttpError } from '../../../http.ts';
import type { PaymentOutcome } from '../../../providers/payments/port.ts';
import { randomId } from '../../secrets.ts';
import { mayReadOrder } from '../account-seam.ts';
import { loadMoneyContext, unitOf } from '../catalog.ts';
import { wire } from '../views.ts';
import { cardChoice, charge, isProviderMethod, methodRules } from './charge.ts';
import { type CheckoutDeps, nowOf } from './deps.ts';
import type { PayInput } from './pay-cart.ts';
import { answerFor, cancelQuietly, settlePayment } from './settle.ts';
import { sweepBooking } from './sweeper.ts';

export async function payOrder(d: CheckoutDeps, body: PayInput, idempotencyKey: string): Promise<{ status: 200 | 201; body: PayResponse }> {
  const orderId = body.orderId ?? '';
  const now = nowOf(d);
  const m = await loadMoneyContext(d.db);
  await sweepBooking(d, { limit: 20 });
  if (!isProviderMethod(body.paymentMethod)) throw new HttpError(422, 'Pay by card, a wallet or PayNow', { fields: { payment_method: 'Pay by card, a wallet or PayNow' } });
  const card = await cardChoice(d, body, true);
  const started = await d.db.transaction(async (tx) => {
    const [o] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!o || !mayReadOrder(d.user, o)) throw new HttpError(404, 'Order not found');
    if (o.status === 'placed') throw new HttpError(409, 'This booking is already paid', { body: { code: 'already_paid' } });
    if (o.status !== 'awaiting_payment') throw new HttpError(410, 'This booking has lapsed and can no longer be paid', { body: { code: 'lapsed' } });
    if (o.paymentDueAt && o.paymentDueAt.getTime() < now.getTime()) throw new HttpError(410, 'This booking has lapsed and can no longer be paid', { body: { code: 'lapsed' } });
    if (body.currency !== o.currency) throw new HttpError(422, `This booking is paid in ${o.currency}`, { fields: { currency: `Pay in ${o.currency}` } });
    const expected = wire(o.exchangedTotalAmount, unitOf(m, o.currency));
    if (Math.abs(body.expectedTotal.amount - expected.amount) > 1e-9 || body.expectedTotal.currency !== expected.currency) {
      throw new HttpError(409, 'The amount to pay does not match this booking. Please reload the page.', { body: { code: 'price_changed', total: expected } });
    }
    methodRules(body, o.currency);
    if (body.paymentMethod === 'card' && !card.cardToken) throw new HttpError(422, 'Please enter your card details', { fields: { card_token: 'Please enter your card details' } });
    const open = await tx
      .select({ id: checkoutPayments.id, ref: checkoutPayments.providerRef })
      .from(checkoutPayments)
      .where(and(eq(checkoutPayments.orderId, o.id), inArray(checkoutPayments.status, ['pending', 'requires_action'])));
    for (const p of open) {
      await tx.update(checkoutPayments).set({ status: 'cancelled', failureMessage: 'Replaced by a new payment attempt', updatedAt: sql`now()` }).where(eq(checkoutPayments.id, p.id));
    }
    const [payment] = await tx
      .insert(checkoutPayments)
      .values({ id: randomId(16), orderId: o.id, provider: d.payments.name, method: body.paymentMethod, amount: o.exchangedTotalAmount, currency: o.currency, saveCard: card.saveCard })
      .returning();
    return { order: o, payment: payment!, stale: open.flatMap((p) => (p.ref ? [p.ref] : [])) };
  });
  for (const ref of started.stale) await cancelQuietly(d, ref);
  const o = started.order;
  const input = {
    amount: started.payment.amount,
    currency: started.payment.currency,
    idempotencyKey: `pay:${idempotencyKey}`,
    orderId: o.id,
    description: `Verdant booking ${o.number ?? ''}`.trim(),
    email: o.customerEmail,
    returnUrl: `${d.config.siteUrl}/${o.paymentTiming === 'invoice' ? 'invoices' : 'later-payment'}/${o.id}`,
    reference: (o.number ?? o.id.slice(0, 8)).replace(/[^A-Z0-9]/gi, ''),
  };
  let outcome: PaymentOutcome;
  try {
    outcome = await charge(d, body.paymentMethod, input, { walletToken: body.walletToken, ...card });
  } catch (err) {
    d.log.error({ err, orderId: o.id }, 'payment provider call failed');
    await settlePayment(d, started.payment.id, { ref: '', state: 'failed', cardBrand: null, cardLast4: null, failureCode: 'provider_unavailable', declineCode: null, failureMessage: 'We could not reach the payment provider.', action: null });
    throw new HttpError(502, 'We could not reach the payment provider. Please try again.', { body: { code: 'provider_unavailable' } });
  }
  return answerFor(d, await settlePayment(d, started.payment.id, outcome), m);
}

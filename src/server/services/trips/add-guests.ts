// The traveller adds guests to a confirmed trip: the quote, and the paid addition (a pay call).
import { eq, sql } from 'drizzle-orm';
import { PAYMENT_METHOD_NAMES } from '../../../contract/booking.ts';
import { formatDate } from '../../../lib/format-date.ts';
import type { CurrentUser } from '../../context.ts';
import { checkoutPayments, orderExtraPayments, orderItems, orders } from '../../db/schema.ts';
import { mailOf, queueMail } from '../../providers/mail.ts';
import { HttpError } from '../../http.ts';
import { randomId } from '../secrets.ts';
import { releaseUnits, takeUnits } from '../booking/availability.ts';
import { resolvedOfItem } from '../booking/cart.ts';
import { loadMoneyContext, unitOf } from '../booking/catalog.ts';
import { priceResolved } from '../booking/quote.ts';
import { wire } from '../booking/views.ts';
import { addGuestPrice } from './guest-price.ts';
import { type TripDeps, nowOf, loadOwned } from './load.ts';
import { when, tripUrl, formatMoney } from './mail.ts';
import { guestsOf } from '../../../lib/pricing.ts';
import { notAllowed, assertAction } from './rules.ts';
import { viewOf } from './view.ts';

/** The price of adding these guests now, in the paid currency (what the add-guest page shows and sends back). */
export async function addGuestQuote(d: TripDeps, user: CurrentUser, itemId: string, add: { quantity: number; childQuantity: number }) {
  const now = nowOf(d);
  const m = await loadMoneyContext(d.db);
  const t = await loadOwned(d.db, itemId, user);
  const facts = await assertAction(d.db, t, user, 'add_guest', now, 'Guests cannot be added to this booking');
  if (add.quantity + add.childQuantity < 1) throw new HttpError(422, 'Please add at least one guest', { fields: { quantity: 'Please add at least one guest' } });
  if (add.quantity + add.childQuantity > facts.numGuestCanAdd) throw new HttpError(422, `You can add up to ${facts.numGuestCanAdd} guest${facts.numGuestCanAdd === 1 ? '' : 's'}`, { fields: { quantity: `Up to ${facts.numGuestCanAdd}` } });
  if (add.childQuantity > 0 && !t.option.pricing.useChildPrices) throw new HttpError(422, 'This experience has no child prices: add adults', { fields: { child_quantity: 'Add adults instead' } });
  return { amount: wire(addGuestPrice(t, m, add), unitOf(m, t.order.currency)), numGuestCanAdd: facts.numGuestCanAdd };
}

type AddGuestInput = {
  orderItemId: string;
  quantity: number;
  childQuantity: number;
  expectedAmount: { amount: number; currency: string };
  paymentMethod?: 'card' | 'apple_pay' | 'google_pay';
  cardToken?: string | undefined;
  walletToken?: string | undefined;
};

export async function addGuests(d: TripDeps, user: CurrentUser, body: AddGuestInput, idempotencyKey: string) {
  const method = body.paymentMethod ?? 'card';
  const now = nowOf(d);
  const m = await loadMoneyContext(d.db);
  const t = await loadOwned(d.db, body.orderItemId, user);
  const facts = await assertAction(d.db, t, user, 'add_guest', now, 'Guests cannot be added to this booking');
  const added = body.quantity + body.childQuantity;
  if (added < 1) throw new HttpError(422, 'Please add at least one guest', { fields: { quantity: 'Please add at least one guest' } });
  if (body.childQuantity > 0 && !t.option.pricing.useChildPrices) throw new HttpError(422, 'This experience has no child prices: add adults', { fields: { child_quantity: 'Add adults instead' } });
  if (added > facts.numGuestCanAdd) {
    throw new HttpError(422, `You can add up to ${facts.numGuestCanAdd} guest${facts.numGuestCanAdd === 1 ? '' : 's'}`, { fields: { quantity: `Up to ${facts.numGuestCanAdd}` } });
  }
  const unit = unitOf(m, t.order.currency);
  const amount = addGuestPrice(t, m, body);
  const expected = wire(amount, unit);
  if (body.expectedAmount.currency !== expected.currency || Math.abs(body.expectedAmount.amount - expected.amount) > 1e-9) {
    throw new HttpError(409, `The price is now ${expected.currency} ${expected.amount.toFixed(unit.exponent)}. Please check it and pay again.`, { body: { code: 'price_changed', amount: expected } });
  }
  if (amount <= 0) throw new HttpError(422, 'Nothing to pay for these guests', { fields: { quantity: 'Nothing to pay' } });

  // 1. Hold the seats and write a pending payment.
  const paymentId = randomId(16);
  await d.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orderItems).where(eq(orderItems.id, t.item.id)).for('update');
    if (!locked || locked.status !== t.item.status || guestsOf(locked) !== guestsOf(t.item)) throw notAllowed('This booking changed meanwhile: please reload the page');
    await takeUnits(tx, t.option, resolvedOfItem(t.item), added);
    await tx.update(orderItems).set({ unitsHeld: sql`${orderItems.unitsHeld} + ${added}`, updatedAt: sql`now()` }).where(eq(orderItems.id, t.item.id));
    await tx.insert(checkoutPayments).values({ id: paymentId, orderId: t.order.id, provider: d.payments.name, method, amount, currency: t.order.currency });
    await tx.insert(orderExtraPayments).values({ paymentId, orderItemId: t.item.id, purpose: 'add_guest', detail: { quantity: body.quantity, childQuantity: body.childQuantity } });
  });

  // 2. Charge (idempotent by the request's key).
  const undo = async (status: 'failed' | 'cancelled', code: string, message: string) => {
    await d.db.transaction(async (tx) => {
      await releaseUnits(tx, t.option, resolvedOfItem(t.item), added);
      await tx.update(orderItems).set({ unitsHeld: sql`${orderItems.unitsHeld} - ${added}`, updatedAt: sql`now()` }).where(eq(orderItems.id, t.item.id));
      await tx.update(checkoutPayments).set({ status, failureCode: code, failureMessage: message, updatedAt: sql`now()` }).where(eq(checkoutPayments.id, paymentId));
    });
  };
  let outcome;
  try {
    const input = {
      amount,
      currency: t.order.currency,
      idempotencyKey: `add-guest:${idempotencyKey}`,
      orderId: t.order.id,
      description: `Verdant booking ${t.order.number ?? ''}: added guests`.trim(),
      email: t.order.customerEmail,
      returnUrl: `${d.config.siteUrl}/account/trips/${t.item.id}/add-guest`,
      reference: (t.order.number ?? t.order.id.slice(0, 8)).replace(/[^A-Z0-9]/gi, ''),
    };
    // A wallet sheet (Apple Pay, Google Pay) gives a one-time token for exactly this amount.
    outcome = method === 'card' ? await d.payments.chargeCard({ ...input, cardToken: body.cardToken ?? '' }) : await d.payments.chargeWallet({ ...input, wallet: method, walletToken: body.walletToken ?? '' });
  } catch (err) {
    d.log.error({ err, itemId: t.item.id }, 'add guest: payment provider call failed');
    await undo('failed', 'provider_unavailable', 'We could not reach the payment provider.');
    throw new HttpError(502, 'We could not reach the payment provider. Nothing was charged; please try again.', { body: { code: 'provider_unavailable' } });
  }
  if (outcome.state === 'requires_action' || outcome.state === 'processing') {
    // Adding guests takes cards that need no extra authentication step; cancel the attempt.
    if (outcome.ref) await d.payments.cancel(outcome.ref);
    await undo('cancelled', 'authentication_not_supported', 'This card asks for an extra authentication step.');
    throw new HttpError(402, 'This card asks for an extra authentication step, which adding guests cannot do yet. You have not been charged; please use another card.', { body: { code: 'authentication_required' } });
  }
  if (outcome.state !== 'succeeded') {
    const message = outcome.failureMessage ?? 'Your payment failed.';
    await undo('failed', outcome.failureCode ?? 'payment_failed', message);
    throw new HttpError(402, `${message} You have not been charged.`, { body: { code: outcome.failureCode ?? 'payment_failed', declineCode: outcome.declineCode } });
  }

  // 3. Settle: the guests join the booking.
  await d.db.transaction(async (tx) => {
    await tx.update(checkoutPayments).set({ status: 'captured', providerRef: outcome.ref, cardBrand: outcome.cardBrand, cardLast4: outcome.cardLast4, updatedAt: sql`now()` }).where(eq(checkoutPayments.id, paymentId));
    const quantities = { quantity: t.item.quantity + body.quantity, childQuantity: t.item.childQuantity + body.childQuantity };
    await tx.update(orderItems).set({ ...quantities, updatedAt: sql`now()` }).where(eq(orderItems.id, t.item.id));
    const rest = { localQuantity: t.item.localQuantity, childLocalQuantity: t.item.childLocalQuantity, transportItemId: t.item.transportItemId };
    const priced = priceResolved(t.option, resolvedOfItem(t.item), { ...quantities, ...rest });
    const before = priceResolved(t.option, resolvedOfItem(t.item), { quantity: t.item.quantity, childQuantity: t.item.childQuantity, ...rest });
    const baseDiff = Math.max(0, priced.subtotal - before.subtotal);
    const extraLine = { kind: 'guest', label: `Added guests (${added})`, quantity: added, unitAmount: Math.round(amount / added), amount };
    await tx
      .update(orders)
      .set({
        subtotalAmount: sql`${orders.subtotalAmount} + ${baseDiff}`,
        totalAmount: sql`${orders.totalAmount} + ${baseDiff}`,
        exchangedSubtotalAmount: sql`${orders.exchangedSubtotalAmount} + ${amount}`,
        exchangedTotalAmount: sql`${orders.exchangedTotalAmount} + ${amount}`,
        lines: { base: priced.lines, exchanged: [...t.order.lines.exchanged, extraLine] },
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, t.order.id));
    const paid = await formatMoney(tx, amount, t.order.currency);
    await queueMail(tx, d,
      mailOf(t.order.customerEmail, `Guests added: ${t.option.name}, ${formatDate(t.item.startDate)} (${t.order.number})`, [
        `Hi ${t.order.customerName},`,
        '',
        `${added} guest${added === 1 ? ' has' : 's have'} joined your booking ${t.order.number} for ${t.option.name} on ${when(t.item)}. We charged ${paid} to your ${method === 'card' ? 'card' : PAYMENT_METHOD_NAMES[method]}.`,
        `Your group is now ${guestsOf(t.item) + added}. Please add the new guests' details: ${d.config.siteUrl}/trips/${t.item.id}/required_info`,
        '',
        `Your booking: ${tripUrl(d, t.item.id)}`,
        '',
        'The Verdant team',
      ]),
    );
  });
  const after = await loadOwned(d.db, t.item.id, user);
  return { trip: await viewOf(d.db, after, user, m, now), charged: wire(amount, unit) };
}

// Checkout and payment. The order of things is what keeps money and seats honest:
//  1. one transaction locks the bag, re-prices it with current rates, checks the total the
//     traveller saw, takes the seats (conditional update: sold out → nothing is charged) and
//     any promotion redemption, and writes the order and a pending payment;
//  2. only then is the provider asked to charge (idempotent by our key);
//  3. the outcome is settled in another transaction that locks the order: success places it
//     (confirmed, or processing for request-to-book), a decline or failed challenge gives the
//     seats back at once, an authentication left unfinished is released after 15 minutes.
// Settling is idempotent: a webhook, a finalize call and the sweeper may all report the same
// payment, and a success that arrives after the order lapsed is refunded, never kept.
import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { isValidPhoneNumber } from 'libphonenumber-js/max';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { NextAction, PayBody, PayResponse } from '../../../contract/booking.ts';
import { cancellationDeadline, cancellationTerms } from '../../../lib/cancellation-deadline.ts';
import { formatDate, formatTime } from '../../../lib/format-date.ts';
import { exchangeRate } from '../../../lib/money.ts';
import { invoicePayment, laterPayment } from '../../../lib/payment-timing.ts';
import { customerProblems, requiredCustomerInfos, type CustomerField } from '../../../lib/required-info.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { carts, checkoutPayments, orderItemCustomers, orderItems, orders, outbox, promotionCodeRedemptions, promotionCodes } from '../../db/schema.ts';
import { HttpError } from '../../http.ts';
import { randomId } from '../secrets.ts';
import { AUTHENTICATION_FAILED, type PaymentOutcome, type PaymentProvider } from '../../providers/payments/port.ts';
import { ACTION_TTL_MS } from '../../providers/payments/test-gateway.ts';
import { claimWelcomeDiscount, mayReadOrder, mayUseCart, releaseStoredValue, reserveStoredValue, settleStoredValue, storedValueFor, tripLink, type PayingUser } from './account-seam.ts';
import { releaseUnits, takeUnits, todayFor } from './availability.ts';
import { IN_FLIGHT, itemRelations, resolvedOfItem } from './cart.ts';
import { checkoutUnit, loadBookableOption, loadMoneyContext, unitOf, type BookableOption, type MoneyContext } from './catalog.ts';
import { deleteOldKeys } from './idempotency.ts';
import { appliedPromotion, assertBookable, moneyFormatter, priceResolved, quote, resolveSelection } from './quote.ts';
import { toOrder, toOrderItem, wire } from './views.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type OrderRow = typeof orders.$inferSelect;
type PaymentRow = typeof checkoutPayments.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

export type CheckoutDeps = { db: Db; config: Config; log: Logger; payments: PaymentProvider; user: PayingUser | null; now?: () => Date };

/** Seats held for a payment still being authenticated are released after this (spec: 15 minutes). */
export const HOLD_MS = 15 * 60_000;

const nowOf = (d: CheckoutDeps) => (d.now ? d.now() : new Date());

// ── Order numbers ────────────────────────────────────────────────────────────────────
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export function newOrderNumber(): string {
  const bytes = randomId(12);
  let out = '';
  for (let i = 0; i < 8; i++) out += CROCKFORD[bytes.charCodeAt(i) % 32];
  return `VRD-${out.slice(0, 4)}-${out.slice(4)}`;
}

// ── Reading orders ──────────────────────────────────────────────────────────────────
async function latestPayment(db: Db | Tx, orderId: string): Promise<PaymentRow | null> {
  const [p] = await db.select().from(checkoutPayments).where(eq(checkoutPayments.orderId, orderId)).orderBy(desc(checkoutPayments.createdAt), desc(checkoutPayments.id)).limit(1);
  return p ?? null;
}

async function itemOfOrder(db: Db | Tx, orderId: string): Promise<ItemRow | null> {
  const [i] = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).limit(1);
  return i ?? null;
}

/** The order as the wire shows it, with its item when it still has one. */
export async function orderView(db: Db, orderId: string, m?: MoneyContext) {
  const [o] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!o) throw new HttpError(404, 'Order not found');
  const money = m ?? (await loadMoneyContext(db));
  const payment = await latestPayment(db, o.id);
  const item = await itemOfOrder(db, o.id);
  let itemView = null;
  if (item) {
    const option = await loadBookableOption(db, { id: item.optionId });
    if (option) {
      const [, , customers] = await itemRelations(db, item);
      itemView = toOrderItem({ item, option, m: money, lines: o.lines.base as never, order: o, payment, customers });
    }
  }
  const [promo] = o.promotionCodeId ? await db.select({ code: promotionCodes.code }).from(promotionCodes).where(eq(promotionCodes.id, o.promotionCodeId)) : [];
  return toOrder(o, money, payment, itemView, promo?.code ?? null);
}

export async function readableOrder(db: Db, orderId: string, user: PayingUser | null): Promise<OrderRow> {
  const [o] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!o || !mayReadOrder(user, o)) throw new HttpError(404, 'Order not found');
  return o;
}

// ── Validation of the traveller's details ────────────────────────────────────────────
type Contact = NonNullable<z.output<typeof PayBody>['contact']>;

function checkContact(contact: Contact | undefined): Contact {
  if (!contact) throw new HttpError(422, 'Please enter your contact details', { fields: { contact: 'Please enter your contact details' } });
  if (contact.phone && !isValidPhoneNumber(contact.phone, 'SG')) {
    throw new HttpError(422, 'Please input a valid phone number', { fields: { 'contact.phone': 'Please input a valid phone number' } });
  }
  return contact;
}

const snake = (s: string) => s.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`);

function checkCustomers(fields: CustomerField[], customers: Record<string, string | undefined>[] | undefined, guests: number, today: string) {
  const list = customers ?? [];
  if (list.length !== guests) {
    throw new HttpError(422, `Please give the details of all ${guests} guests`, { fields: { customers: `Please give the details of all ${guests} guests` } });
  }
  const problems: Record<string, string> = {};
  list.forEach((c, i) => {
    for (const [f, message] of Object.entries(customerProblems(fields, c, today))) problems[`customers.${i}.${snake(f)}`] = message as string;
  });
  const first = Object.entries(problems)[0];
  if (first) throw new HttpError(422, first[1], { fields: problems });
  return list.map((c) => Object.fromEntries(fields.map((f) => [f, (c[f] ?? '').trim()])) as Record<string, string>);
}

// ── Pay a bag ───────────────────────────────────────────────────────────────────────
type PayInput = z.output<typeof PayBody>;

export async function payCart(d: CheckoutDeps, body: PayInput, idempotencyKey: string): Promise<{ status: 200 | 201; body: PayResponse }> {
  if (!body.cartId) throw new HttpError(422, 'cart_id or order_id is required', { fields: { cart_id: 'Required' } });
  const cartId = body.cartId;
  const now = nowOf(d);
  const m = await loadMoneyContext(d.db);
  const chosen = checkoutUnit(m, body.currency);
  const timing = body.paymentMethod === 'invoice' ? 'invoice' : body.paymentTiming;
  if (timing === 'invoice' && body.paymentMethod !== 'invoice') throw new HttpError(422, 'Invoices are paid by invoice', { fields: { payment_method: 'Choose invoice' } });
  if (timing === 'later' && body.paymentMethod !== 'card') throw new HttpError(422, 'Pay later is paid by card', { fields: { payment_method: 'Choose card' } });
  if (body.paymentMethod === 'paynow' && chosen.code !== 'SGD') {
    throw new HttpError(422, 'PayNow takes Singapore dollars: switch the currency to SGD to pay with PayNow', { fields: { payment_method: 'PayNow is in SGD only' } });
  }
  await sweepBooking(d, { limit: 20 });

  const staleRefs: string[] = [];
  const placed = await d.db.transaction(async (tx) => {
    const [cart] = await tx.select().from(carts).where(eq(carts.id, cartId)).for('update');
    if (!cart || !mayUseCart(d.user, cart)) throw new HttpError(404, 'Cart not found');
    const [item] = await tx.select().from(orderItems).where(eq(orderItems.cartId, cartId)).limit(1);
    if (!item) throw new HttpError(422, 'Your bag is empty', { body: { code: 'empty_cart' } });
    if (item.orderId) {
      const [prev] = await tx.select().from(orders).where(eq(orders.id, item.orderId)).for('update');
      if (prev?.status === 'pending_payment') throw new HttpError(409, 'A payment for this bag is already in progress', { body: { code: 'payment_in_progress' } });
      if (prev?.status === 'requires_action') {
        // A new attempt replaces an abandoned challenge or QR: release it first.
        const p = await latestPayment(tx, prev.id);
        if (p?.providerRef) staleRefs.push(p.providerRef);
        await releaseOrder(tx, d, prev, 'cancelled', { code: 'replaced', message: 'Replaced by a new payment attempt' });
        item.orderId = null;
        item.unitsHeld = 0;
      }
    }
    const option = await loadBookableOption(tx as unknown as Db, { id: item.optionId });
    assertBookable(option);
    const resolved = resolveSelection(option, { startDate: item.startDate, endDate: item.endDate, detailedTimeslotId: resolvedOfItem(item).detailedTimeslotId ?? undefined, roomId: item.roomId ?? undefined }, now);
    const priced = priceResolved(option, resolved, { ...item, transportItemId: item.transportItemId });
    const promotion = await appliedPromotion(tx as unknown as Db, cartId);
    const storedValue = await storedValueFor(tx as unknown as Db, d.user, { id: cartId, baseCurrency: option.currency });
    const q = await quote(tx as unknown as Db, m, { option, resolved, priced, chosen, promotion, storedValue, now });
    const a = q.amounts;
    const contact = checkContact(body.contact);
    const customers = checkCustomers(requiredCustomerInfos(option), body.customers, priced.guests, todayFor(option, now));
    if (item.transportItemId && !body.pickupAddress) {
      throw new HttpError(422, 'Please tell us where to pick you up', { fields: { pickup_address: 'Please tell us where to pick you up' } });
    }
    const total = wire(a.exchanged.total, chosen);
    if (body.expectedTotal.currency !== total.currency || Math.abs(body.expectedTotal.amount - total.amount) > 1e-9) {
      const format = await moneyFormatter(tx as unknown as Db);
      throw new HttpError(409, `The total is now ${format({ amount: a.exchanged.total, currency: chosen.code })}. Please check it and pay again.`, {
        body: { code: 'price_changed', total },
      });
    }
    if (body.paymentMethod === 'credit' && !a.fullPaymentByCredit) throw new HttpError(422, 'Your credits do not cover this booking: choose another way to pay', { fields: { payment_method: 'Not enough credits' } });
    if (body.paymentMethod === 'gift_code' && !(a.total === 0 && a.giftCodeAmount > 0)) throw new HttpError(422, 'Your gift code does not cover this booking: choose another way to pay', { fields: { payment_method: 'Gift code does not cover it' } });
    if ((body.paymentMethod === 'card' || body.paymentMethod === 'paynow') && a.total === 0 && timing === 'checkout') {
      throw new HttpError(422, 'Nothing is left to pay: confirm with your credits or gift code', { fields: { payment_method: 'Nothing to pay' } });
    }
    if (body.paymentMethod === 'card' && timing === 'checkout' && !body.cardToken) throw new HttpError(422, 'Please enter your card details', { fields: { card_token: 'Please enter your card details' } });

    const offer = timing === 'later' ? laterPayment(item.startDate, option.zone, now) : timing === 'invoice' ? invoicePayment(item.startDate, option.zone, now) : null;
    if (offer && !offer.available) throw new HttpError(422, offer.reason ?? 'Not available', { fields: { payment_timing: offer.reason ?? 'Not available' } });

    const orderId = randomId(16);
    if (a.welcomeDiscount > 0 && d.user && !(await claimWelcomeDiscount(tx, d.user.id, orderId, now))) {
      // Another payment of this member took the welcome discount since this bag was priced:
      // never charge the discounted price; tell the traveller the new total (the bag reprices).
      const repriced = await quote(tx as unknown as Db, m, { option, resolved, priced, chosen, promotion, storedValue: { ...storedValue, welcomeDiscount: 0 }, now });
      const format = await moneyFormatter(tx as unknown as Db);
      d.log.info({ cartId, userId: d.user.id }, 'welcome discount already claimed by another payment');
      throw new HttpError(409, `Your welcome discount has just been used on another booking, so the total is now ${format({ amount: repriced.amounts.exchanged.total, currency: chosen.code })}. Please check it and pay again.`, {
        body: { code: 'price_changed', reason: 'welcome_discount_used', total: wire(repriced.amounts.exchanged.total, chosen) },
      });
    }
    await takeUnits(tx, option, resolved, priced.units);
    let promotionCounted = false;
    if (q.promotion && a.promotionDiscount > 0) {
      const counted = await tx
        .update(promotionCodes)
        .set({ redemptionsCount: sql`${promotionCodes.redemptionsCount} + 1` })
        .where(and(eq(promotionCodes.id, q.promotion.row.id), sql`(${promotionCodes.maxRedemptions} is null or ${promotionCodes.redemptionsCount} < ${promotionCodes.maxRedemptions})`))
        .returning({ id: promotionCodes.id });
      if (counted.length === 0) throw new HttpError(409, 'This promotion code has just been fully redeemed. Please remove it to continue.', { body: { code: 'promotion_used_up' } });
      promotionCounted = true;
    }
    const zero = a.total === 0 && timing === 'checkout';
    const status: OrderRow['status'] = timing !== 'checkout' ? 'awaiting_payment' : zero ? 'placed' : 'pending_payment';
    const [order] = await tx
      .insert(orders)
      .values({
        id: orderId,
        number: status === 'pending_payment' ? null : await freeOrderNumber(tx),
        userId: d.user?.id ?? null,
        cartId,
        status,
        paymentMethod: body.paymentMethod,
        paymentTiming: timing,
        customerName: contact.name,
        customerEmail: contact.email,
        customerPhone: contact.phone || null,
        baseCurrency: q.base.code,
        subtotalAmount: a.subtotal,
        promotionDiscountAmount: a.promotionDiscount,
        welcomeDiscountAmount: a.welcomeDiscount,
        referralAmount: a.referralAmount,
        giftCodeAmount: a.giftCodeAmount,
        deductedCreditAmount: a.deductedCredit,
        totalAmount: a.total,
        currency: chosen.code,
        exchangedSubtotalAmount: a.exchanged.subtotal,
        exchangedDiscountAmount: a.exchanged.promotionDiscount + a.exchanged.welcomeDiscount + a.exchanged.referralAmount + a.exchanged.giftCodeAmount + a.exchanged.deductedCredit,
        exchangedTotalAmount: a.exchanged.total,
        conversionFeeAmount: a.exchanged.conversionFee,
        feeApplied: a.exchanged.feeApplied,
        exchangeRate: String(exchangeRate(q.base.code, chosen.code, m.rates, { fee: a.exchanged.feeApplied, digits: 10 })),
        lines: { base: q.priced.lines, exchanged: a.exchanged.lines },
        promotionCodeId: q.promotion && a.promotionDiscount > 0 ? q.promotion.row.id : null,
        promotionCounted,
        specialRequests: body.specialRequests ?? '',
        pickupAddress: item.transportItemId ? (body.pickupAddress ?? null) : null,
        holdExpiresAt: status === 'pending_payment' ? new Date(now.getTime() + HOLD_MS) : null,
        paymentDueAt: offer?.dueAt ?? null,
        placedAt: status === 'placed' ? now : null,
        paidAt: zero ? now : null,
      })
      .returning();
    if (!order) throw new Error('order insert returned nothing');
    await reserveStoredValue(tx, d.user, { id: order.id, giftCodeAmount: a.giftCodeAmount, deductedCreditAmount: a.deductedCredit, baseCurrency: q.base.code, cartId, description: `Used on ${option.name}`.slice(0, 200) });
    await tx.update(orderItems).set({ orderId, unitsHeld: priced.units, updatedAt: sql`now()` }).where(eq(orderItems.id, item.id));
    await tx.delete(orderItemCustomers).where(eq(orderItemCustomers.orderItemId, item.id));
    await tx.insert(orderItemCustomers).values(customers.map((info, position) => ({ orderItemId: item.id, position, info, submittedAt: now })));
    let payment: PaymentRow | null = null;
    if (status === 'pending_payment') {
      const inserted = await tx
        .insert(checkoutPayments)
        .values({ id: randomId(16), orderId, provider: d.payments.name, method: body.paymentMethod, amount: a.exchanged.total, currency: chosen.code })
        .returning();
      payment = inserted[0] ?? null;
    }
    if (status !== 'pending_payment') await placeOrder(tx, d, order, item, option, null);
    return { order, payment, option, item };
  });

  for (const ref of staleRefs) await cancelQuietly(d, ref);

  if (!placed.payment) {
    const view = await orderView(d.db, placed.order.id, m);
    return { status: 201, body: { status: placed.order.status === 'awaiting_payment' ? 'awaiting_payment' : 'succeeded', order: view, nextAction: null } };
  }

  const input = {
    amount: placed.payment.amount,
    currency: placed.payment.currency,
    idempotencyKey: `pay:${idempotencyKey}`,
    orderId: placed.order.id,
    description: `Verdant booking: ${placed.option.name}`.slice(0, 200),
    email: placed.order.customerEmail,
    returnUrl: `${d.config.siteUrl}/checkout/finalizing?order=${placed.order.id}`,
    reference: `VRD${placed.order.id.slice(0, 8).toUpperCase().replace(/[^A-Z0-9]/g, 'X')}`,
  };
  let outcome: PaymentOutcome;
  try {
    outcome = body.paymentMethod === 'paynow' ? await d.payments.startPayNow(input) : await d.payments.chargeCard({ ...input, cardToken: body.cardToken ?? '' });
  } catch (err) {
    d.log.error({ err, orderId: placed.order.id }, 'payment provider call failed');
    await settlePayment(d, placed.payment.id, { ref: '', state: 'failed', cardBrand: null, cardLast4: null, failureCode: 'provider_unavailable', declineCode: null, failureMessage: 'We could not reach the payment provider.', action: null });
    throw new HttpError(502, 'We could not reach the payment provider. Your seats were released; if any money was taken it will be refunded automatically. Please try again.', {
      body: { code: 'provider_unavailable' },
    });
  }
  return answerFor(d, await settlePayment(d, placed.payment.id, outcome), m);
}

async function freeOrderNumber(tx: Tx): Promise<string> {
  for (let i = 0; i < 5; i++) {
    const n = newOrderNumber();
    const [taken] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.number, n));
    if (!taken) return n;
  }
  throw new Error('could not find a free order number');
}

async function cancelQuietly(d: CheckoutDeps, ref: string) {
  try {
    await d.payments.cancel(ref);
  } catch (err) {
    d.log.warn({ err, ref }, 'could not cancel an abandoned payment');
  }
}

// ── Pay an order booked earlier (later payment, invoice) ────────────────────────────
export async function payOrder(d: CheckoutDeps, body: PayInput, idempotencyKey: string): Promise<{ status: 200 | 201; body: PayResponse }> {
  const orderId = body.orderId ?? '';
  const now = nowOf(d);
  const m = await loadMoneyContext(d.db);
  await sweepBooking(d, { limit: 20 });
  if (body.paymentMethod !== 'card' && body.paymentMethod !== 'paynow') throw new HttpError(422, 'Pay by card or PayNow', { fields: { payment_method: 'Pay by card or PayNow' } });
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
    if (body.paymentMethod === 'paynow' && o.currency !== 'SGD') throw new HttpError(422, 'PayNow takes Singapore dollars', { fields: { payment_method: 'PayNow is in SGD only' } });
    if (body.paymentMethod === 'card' && !body.cardToken) throw new HttpError(422, 'Please enter your card details', { fields: { card_token: 'Please enter your card details' } });
    const open = await tx
      .select({ id: checkoutPayments.id, ref: checkoutPayments.providerRef })
      .from(checkoutPayments)
      .where(and(eq(checkoutPayments.orderId, o.id), inArray(checkoutPayments.status, ['pending', 'requires_action'])));
    for (const p of open) {
      await tx.update(checkoutPayments).set({ status: 'cancelled', failureMessage: 'Replaced by a new payment attempt', updatedAt: sql`now()` }).where(eq(checkoutPayments.id, p.id));
    }
    const [payment] = await tx
      .insert(checkoutPayments)
      .values({ id: randomId(16), orderId: o.id, provider: d.payments.name, method: body.paymentMethod, amount: o.exchangedTotalAmount, currency: o.currency })
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
    outcome = body.paymentMethod === 'paynow' ? await d.payments.startPayNow(input) : await d.payments.chargeCard({ ...input, cardToken: body.cardToken ?? '' });
  } catch (err) {
    d.log.error({ err, orderId: o.id }, 'payment provider call failed');
    await settlePayment(d, started.payment.id, { ref: '', state: 'failed', cardBrand: null, cardLast4: null, failureCode: 'provider_unavailable', declineCode: null, failureMessage: 'We could not reach the payment provider.', action: null });
    throw new HttpError(502, 'We could not reach the payment provider. Please try again.', { body: { code: 'provider_unavailable' } });
  }
  return answerFor(d, await settlePayment(d, started.payment.id, outcome), m);
}

// ── Settling a payment ──────────────────────────────────────────────────────────────
type Settled = { orderId: string; paymentId: string; state: 'succeeded' | 'requires_action' | 'failed' | 'refunded'; code: string | null; declineCode: string | null; message: string | null };

function nextActionOf(outcome: PaymentOutcome, now: Date): NextAction | null {
  const a = outcome.action;
  if (!a) return null;
  const expiresAt = new Date(now.getTime() + ACTION_TTL_MS).toISOString();
  if (a.type === 'otp_challenge') return { type: 'otp_challenge', challengeId: a.challengeId, cardBrand: outcome.cardBrand, cardLast4: outcome.cardLast4, expiresAt };
  if (a.type === 'paynow_qr') return { type: 'paynow_qr', imageSvg: a.imageSvg, imageUrl: a.imageUrl, reference: a.reference, expiresAt: a.expiresAt.toISOString() };
  return { type: 'stripe_confirm', clientSecret: a.clientSecret, expiresAt };
}

/**
 * Applies a provider outcome to its payment and order, once: whichever of the pay call,
 * pay_otp, finalize, the webhook or the sweeper comes first decides, the others see the result.
 */
export async function settlePayment(d: CheckoutDeps, paymentId: string, outcome: PaymentOutcome): Promise<Settled> {
  const now = nowOf(d);
  let refundRef: string | null = null;
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
        const item = await itemOfOrder(tx, order.id);
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

async function answerFor(d: CheckoutDeps, s: Settled, m: MoneyContext): Promise<{ status: 200 | 201; body: PayResponse }> {
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
async function placeOrder(tx: Tx, d: CheckoutDeps, order: OrderRow, item: ItemRow, option: BookableOption, paidAt: Date | null) {
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
  const firstPlacement = order.status !== 'awaiting_payment' || awaiting;
  await tx.insert(outbox).values(await confirmationEmail(tx, d, updated ?? order, { ...item, status }, option, firstPlacement ? (awaiting ? 'held' : 'booked') : 'paid'));
}

/** Gives the seats (and the promotion redemption, and stored value) back, and the item back to its bag. */
async function releaseOrder(tx: Tx, d: CheckoutDeps, order: OrderRow, status: 'failed' | 'expired' | 'cancelled', why: { code: string; message: string }) {
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

// ── pay_otp, pay_fail, finalize, PayNow simulation ──────────────────────────────────
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

// ── The sweeper ─────────────────────────────────────────────────────────────────────
/**
 * Releases what nobody will finish: payments left in authentication past their 15-minute hold
 * (asking the provider first, in case the traveller did finish), later-payment and invoice
 * bookings past their due time, and idempotency keys older than eight days.
 */
export async function sweepBooking(d: CheckoutDeps, opts: { limit?: number } = {}): Promise<{ expired: number; lapsed: number }> {
  const now = nowOf(d);
  const limit = opts.limit ?? 200;
  const stale = await d.db
    .select()
    .from(orders)
    .where(and(inArray(orders.status, [...IN_FLIGHT]), lt(orders.holdExpiresAt, now)))
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
    .where(and(eq(orders.status, 'awaiting_payment'), lt(orders.paymentDueAt, now)))
    .limit(limit);
  let lapsed = 0;
  for (const o of due) {
    const done = await d.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(orders).where(eq(orders.id, o.id)).for('update');
      if (!locked || locked.status !== 'awaiting_payment' || !locked.paymentDueAt || locked.paymentDueAt > now) return false;
      await releaseOrder(tx, d, locked, 'expired', { code: 'payment_overdue', message: 'The booking was not paid by its due date.' });
      await tx.insert(outbox).values({
        channel: 'mail',
        recipient: locked.customerEmail,
        subject: `Your booking ${locked.number ?? ''} has lapsed`.replace('  ', ' '),
        body: [`Hi ${locked.customerName},`, '', `We did not receive the payment for booking ${locked.number ?? locked.id} by its due date, so the places we held have been released.`, '', 'You are welcome to book again if there is still room.', '', 'The Verdant team'].join('\n'),
      });
      return true;
    });
    if (done) lapsed++;
  }
  if (!opts.limit || opts.limit >= 200) await deleteOldKeys(d.db, now);
  return { expired, lapsed };
}

// ── The confirmation e-mail ─────────────────────────────────────────────────────────
async function confirmationEmail(tx: Tx, d: CheckoutDeps, order: OrderRow, item: ItemRow, option: BookableOption, kind: 'booked' | 'held' | 'paid') {
  const format = await moneyFormatter(tx as unknown as Db);
  const guests = item.quantity + item.childQuantity + item.localQuantity + item.childLocalQuantity;
  const deadline = cancellationDeadline(option.cancelType, item.startDate, item.startTime);
  const transport = option.transportItems.find((t) => t.id === item.transportItemId);
  const room = option.rooms.find((r) => r.id === item.roomId);
  const rtb = option.bookType === 'request_to_book';
  const paid = format({ amount: order.exchangedTotalAmount, currency: order.currency });
  const when = `${formatDate(item.startDate)}${item.startTime ? `, ${formatTime(item.startTime)}` : ''}${item.endDate !== item.startDate ? ` to ${formatDate(item.endDate)}` : ''}`;
  const subject =
    kind === 'held'
      ? `Your places are held: ${option.name}, ${formatDate(item.startDate)} (${order.number})`
      : rtb && kind === 'booked'
        ? `Booking request received: ${option.name}, ${formatDate(item.startDate)} (${order.number})`
        : `Booking confirmed: ${option.name}, ${formatDate(item.startDate)} (${order.number})`;
  const intro =
    kind === 'held'
      ? `Your places are held. Please pay ${paid} by ${order.paymentDueAt ? `${order.paymentDueAt.toISOString().slice(0, 16).replace('T', ' ')} UTC` : 'the due date'}: ${d.config.siteUrl}/${order.paymentTiming === 'invoice' ? 'invoices' : 'later-payment'}/${order.id}`
      : rtb
        ? `Thank you: your request has reached ${option.name}'s operator, who confirms the date within two working days. We have taken your payment of ${paid}; if the date cannot be confirmed, it is refunded in full.`
        : `Thank you: your booking is confirmed and paid (${paid}).`;
  const lines = [
    `Hi ${order.customerName},`,
    '',
    intro,
    '',
    `Booking number: ${order.number}`,
    '',
    'YOUR ITINERARY',
    `${option.name}`,
    `${option.city.name}, ${option.country.name}`,
    `When: ${when} (local time)`,
    ...(room ? [`Room: ${room.name}`] : []),
    `Guests: ${guests}`,
    ...(option.meetingPoint ? [`Meeting point: ${option.meetingPoint}`] : []),
    ...(transport ? [`Pickup: ${transport.name}${order.pickupAddress ? ` from ${order.pickupAddress}` : ''}`] : []),
    ...(order.specialRequests ? [`Your requests: ${order.specialRequests}`] : []),
    '',
    'PAYMENT',
    `${kind === 'held' ? 'To pay' : 'Paid'}: ${paid}${order.feeApplied ? ` (includes the 2% currency conversion fee, converted from ${format({ amount: order.totalAmount, currency: order.baseCurrency })})` : ''}`,
    '',
    'CANCELLATION',
    cancellationTerms(deadline),
    '',
    `Your booking: ${tripLink(d.config.siteUrl, order, item.id)}`,
    '',
    'Have a wonderful trip,',
    'The Verdant team',
  ];
  return { channel: 'mail' as const, recipient: order.customerEmail, subject, body: lines.join('\n') };
}

// Paying a bag: re-price, take the seats and write the order in one transaction, then charge.
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { PayBody, PayResponse } from '../../../../contract/booking.ts';
import { exchangeRate } from '../../../../lib/money.ts';
import { invoicePayment, laterPayment } from '../../../../lib/payment-timing.ts';
import { requiredCustomerInfos } from '../../../../lib/required-info.ts';
import type { Db } from '../../../db/client.ts';
import { carts, checkoutPayments, orderItemCustomers, orderItems, orders, promotionCodes } from '../../../db/schema.ts';
import { HttpError } from '../../../http.ts';
import type { PaymentOutcome } from '../../../providers/payments/port.ts';
import { randomId } from '../../secrets.ts';
import { claimWelcomeDiscount, mayUseCart, NO_STORED_VALUE, reserveStoredValue, storedValueFor } from '../account-seam.ts';
import { attachCorporateToOrder, claimCorporateUse, corporateOnCart } from '../../corporate.ts';
import { takeUnits, todayFor } from '../availability.ts';
import { resolvedOfItem } from '../cart.ts';
import { checkoutUnit, loadBookableOption, loadMoneyContext } from '../catalog.ts';
import { appliedPromotion, assertBookable, moneyFormatter, priceResolved, quote, resolveSelection } from '../quote.ts';
import { wire } from '../views.ts';
import { cardChoice, charge, isProviderMethod, methodRules } from './charge.ts';
import { type CheckoutDeps, HOLD_MS, nowOf, type OrderRow, type PaymentRow } from './deps.ts';
import { freeOrderNumber } from './order-number.ts';
import { latestPayment, orderView } from './order-view.ts';
import { answerFor, cancelQuietly, placeOrder, releaseOrder, settlePayment } from './settle.ts';
import { sweepBooking } from './sweeper.ts';
import { checkContact, checkCustomers } from './traveller-details.ts';

export type PayInput = z.output<typeof PayBody>;

export async function payCart(d: CheckoutDeps, body: PayInput, idempotencyKey: string): Promise<{ status: 200 | 201; body: PayResponse }> {
  if (!body.cartId) throw new HttpError(422, 'cart_id or order_id is required', { fields: { cart_id: 'Required' } });
  const cartId = body.cartId;
  const now = nowOf(d);
  const m = await loadMoneyContext(d.db);
  const chosen = checkoutUnit(m, body.currency);
  const timing = body.paymentMethod === 'invoice' ? 'invoice' : body.paymentTiming;
  if (timing === 'invoice' && body.paymentMethod !== 'invoice') throw new HttpError(422, 'Invoices are paid by invoice', { fields: { payment_method: 'Choose invoice' } });
  if (timing === 'later' && body.paymentMethod !== 'card') throw new HttpError(422, 'Pay later is paid by card', { fields: { payment_method: 'Choose card' } });
  methodRules(body, chosen.code);
  const card = await cardChoice(d, body, timing === 'checkout');
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
    const corporate = await corporateOnCart(tx, cartId, item, d.user, now);
    // The company pays: the employee's own credits, gift code and welcome discount are kept for later.
    const storedValue = corporate ? NO_STORED_VALUE : await storedValueFor(tx as unknown as Db, d.user, { id: cartId, baseCurrency: option.currency });
    const q = await quote(tx as unknown as Db, m, { option, resolved, priced, chosen, promotion, storedValue, corporate, now });
    const a = q.amounts;
    const contact = checkContact(body.contact);
    const customers = checkCustomers(requiredCustomerInfos(option), body.customers, priced.guests, todayFor(option, now));
    if (item.transportItemId && !body.pickupAddress) {
      throw new HttpError(422, 'Please tell us where to pick you up', { fields: { pickup_address: 'Please tell us where to pick you up' } });
    }
    if (body.paymentMethod === 'corporate' || corporate) {
      if (!corporate) throw new HttpError(422, 'Apply your company code first', { fields: { payment_method: 'No company code on this bag' } });
      if (corporate.problem) throw new HttpError(422, corporate.problem, { fields: { code: corporate.problem }, body: { code: 'corporate_unavailable' } });
      if (body.paymentMethod !== 'corporate' || timing !== 'checkout') throw new HttpError(422, 'Your company pays for this booking: confirm it without a card', { fields: { payment_method: 'Choose corporate' } });
      // Locks the code and counts its uses again: concurrent bookings of the last use take turns.
      await claimCorporateUse(tx, corporate, d.user!, { optionId: item.optionId, startDate: item.startDate, guests: priced.guests }, now);
    }
    const total = wire(a.exchanged.total, chosen);
    if (body.expectedTotal.currency !== total.currency || Math.abs(body.expectedTotal.amount - total.amount) > 1e-9) {
      const format = await moneyFormatter(tx);
      throw new HttpError(409, `The total is now ${format({ amount: a.exchanged.total, currency: chosen.code })}. Please check it and pay again.`, {
        body: { code: 'price_changed', total },
      });
    }
    if (body.paymentMethod === 'credit' && !a.fullPaymentByCredit) throw new HttpError(422, 'Your credits do not cover this booking: choose another way to pay', { fields: { payment_method: 'Not enough credits' } });
    if (body.paymentMethod === 'gift_code' && !(a.total === 0 && a.giftCodeAmount > 0)) throw new HttpError(422, 'Your gift code does not cover this booking: choose another way to pay', { fields: { payment_method: 'Gift code does not cover it' } });
    if (isProviderMethod(body.paymentMethod) && a.total === 0 && timing === 'checkout') {
      throw new HttpError(422, 'Nothing is left to pay: confirm with your credits or gift code', { fields: { payment_method: 'Nothing to pay' } });
    }
    if (body.paymentMethod === 'card' && timing === 'checkout' && !card.cardToken) throw new HttpError(422, 'Please enter your card details', { fields: { card_token: 'Please enter your card details' } });

    const offer = timing === 'later' ? laterPayment(item.startDate, option.zone, now) : timing === 'invoice' ? invoicePayment(item.startDate, option.zone, now) : null;
    if (offer && !offer.available) throw new HttpError(422, offer.reason ?? 'Not available', { fields: { payment_timing: offer.reason ?? 'Not available' } });

    const orderId = randomId(16);
    if (a.welcomeDiscount > 0 && d.user && !(await claimWelcomeDiscount(tx, d.user.id, orderId, now))) {
      // Another payment of this member took the welcome discount since this bag was priced:
      // never charge the discounted price; tell the traveller the new total (the bag reprices).
      const repriced = await quote(tx as unknown as Db, m, { option, resolved, priced, chosen, promotion, storedValue: { ...storedValue, welcomeDiscount: 0 }, now });
      const format = await moneyFormatter(tx);
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
        exchangedDiscountAmount: a.exchanged.promotionDiscount + a.exchanged.welcomeDiscount + a.exchanged.referralAmount + a.exchanged.giftCodeAmount + a.exchanged.deductedCredit + a.exchanged.corporateAmount,
        exchangedTotalAmount: a.exchanged.total,
        conversionFeeAmount: a.exchanged.conversionFee,
        feeApplied: a.exchanged.feeApplied,
        exchangeRate: String(exchangeRate(q.base.code, chosen.code, m.rates, { fee: a.exchanged.feeApplied, digits: 10 })),
        lines: { base: q.priced.lines, exchanged: a.exchanged.lines },
        promotionCodeId: q.promotion && a.promotionDiscount > 0 ? q.promotion.row.id : null,
        corporateAmount: a.corporateAmount,
        corporateCodeId: corporate ? corporate.code.id : null,
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
    if (corporate) await attachCorporateToOrder(tx, corporate.redemptionId, orderId);
    await tx.delete(orderItemCustomers).where(eq(orderItemCustomers.orderItemId, item.id));
    await tx.insert(orderItemCustomers).values(customers.map((info, position) => ({ orderItemId: item.id, position, info, submittedAt: now })));
    let payment: PaymentRow | null = null;
    if (status === 'pending_payment') {
      const inserted = await tx
        .insert(checkoutPayments)
        .values({ id: randomId(16), orderId, provider: d.payments.name, method: body.paymentMethod, amount: a.exchanged.total, currency: chosen.code, saveCard: card.saveCard })
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
    outcome = await charge(d, body.paymentMethod, input, { walletToken: body.walletToken, ...card });
  } catch (err) {
    d.log.error({ err, orderId: placed.order.id }, 'payment provider call failed');
    await settlePayment(d, placed.payment.id, { ref: '', state: 'failed', cardBrand: null, cardLast4: null, failureCode: 'provider_unavailable', declineCode: null, failureMessage: 'We could not reach the payment provider.', action: null });
    throw new HttpError(502, 'We could not reach the payment provider. Your seats were released; if any money was taken it will be refunded automatically. Please try again.', {
      body: { code: 'provider_unavailable' },
    });
  }
  return answerFor(d, await settlePayment(d, placed.payment.id, outcome), m);
}

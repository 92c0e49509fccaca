// The operator's side of a trip: confirm or decline a request, decide a date change,
// complete the trip after it ends.
import { and, eq, sql } from 'drizzle-orm';
import type { PartnerAction } from '../../../contract/partner.ts';
import { cancellationDeadline, cancellationTerms } from '../../../lib/cancellation-deadline.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { localNow } from '../../../lib/local-time.ts';
import { operatorActions } from '../../../lib/order-actions.ts';
import type { CurrentUser } from '../../context.ts';
import { gifts, orderItemChangeRequests, orderItems, reviews } from '../../db/schema.ts';
import { mailOf, queueMail } from '../../providers/mail.ts';
import { releaseUnits } from '../booking/availability.ts';
import { resolvedOfItem } from '../booking/cart.ts';
import { loadMoneyContext, unitOf } from '../booking/catalog.ts';
import { wire } from '../booking/views.ts';
import { type ItemRow, type Loaded, type TripDeps, nowOf, tripNotFound, loadForOperator } from './load.ts';
import { when, tripUrl, formatMoney } from './mail.ts';
import { planRefund, refundedByPayment, executeRefunds, recordRefunds } from './refunds.ts';
import { notAllowed, paidTotal, reviewWindowEnd } from './rules.ts';
import { releaseItemSeats } from './seats.ts';
import { queueConfirmed, queueReminder, queueTripNotice } from '../trip-notices/notices.ts';

export type OperatorResult = { orderItemId: string; status: NonNullable<ItemRow['status']>; refunded?: { amount: number; currency: string } };

/** Whether the operator may take `action` now, by the rule the partner back-office shows. */
const mayDo = (t: Loaded, action: PartnerAction, now: Date) =>
  operatorActions({ status: t.item.status, endDate: t.item.endDate, pendingChange: t.changeRequest?.status === 'pending' }, localNow(t.option.zone, now).date).includes(action);

export async function operatorConfirm(d: TripDeps, user: CurrentUser, itemId: string): Promise<OperatorResult> {
  const t = await loadForOperator(d.db, itemId, user);
  if (!mayDo(t, 'confirm', nowOf(d))) throw notAllowed(`Only a booking request (processing) can be confirmed; this one is ${t.item.status}`);
  await d.db.transaction(async (tx) => {
    const updated = await tx.update(orderItems).set({ status: 'confirmed', updatedAt: sql`now()` }).where(and(eq(orderItems.id, itemId), eq(orderItems.status, 'processing'))).returning({ id: orderItems.id });
    if (updated.length === 0) throw notAllowed('This booking changed meanwhile');
    await queueConfirmed(tx, d, t.item, t.option.zone, nowOf(d), 'request');
    const terms = cancellationTerms(cancellationDeadline(t.option.cancelType, t.item.startDate, t.item.startTime));
    await queueMail(tx, d,
      mailOf(t.order.customerEmail, `Booking confirmed: ${t.option.name}, ${formatDate(t.item.startDate)} (${t.order.number})`, [
        `Hi ${t.order.customerName},`,
        '',
        `Good news: the operator has confirmed your booking ${t.order.number} for ${t.option.name} on ${when(t.item)} (local time).`,
        '',
        'CANCELLATION',
        terms,
        '',
        `Your booking: ${tripUrl(d, t.item.id)}`,
        '',
        'Have a wonderful trip,',
        'The Verdant team',
      ]),
    );
  });
  return { orderItemId: itemId, status: 'confirmed' };
}

export async function operatorDecline(d: TripDeps, user: CurrentUser, itemId: string, note: string | undefined): Promise<OperatorResult> {
  const m = await loadMoneyContext(d.db);
  const t = await loadForOperator(d.db, itemId, user);
  if (!mayDo(t, 'decline', nowOf(d))) throw notAllowed(`Only a booking request (processing) can be declined; this one is ${t.item.status}`);
  const amount = Math.max(0, paidTotal(t) - t.refunded);
  const plan = amount > 0 ? planRefund(t, amount, await refundedByPayment(d.db, t.order.id)) : [];
  await executeRefunds(d, itemId, 'decline', plan);
  await d.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orderItems).where(eq(orderItems.id, itemId)).for('update');
    if (locked?.status !== 'processing') throw notAllowed('This booking changed meanwhile');
    await releaseItemSeats(tx, t);
    await tx.update(orderItems).set({ status: 'declined', unitsHeld: 0, updatedAt: sql`now()` }).where(eq(orderItems.id, itemId));
    await recordRefunds(tx, t, 'declined', plan);
    // A gift experience redeemed for this request is the recipient's again, for another date.
    const [gift] = await tx
      .update(gifts)
      .set({ status: 'sent', redeemedAt: null, redeemedByUserId: null, redeemedItemId: null, updatedAt: sql`now()` })
      .where(eq(gifts.redeemedItemId, itemId))
      .returning({ code: gifts.code });
    await queueTripNotice(tx, d, { orderItemId: itemId, kind: 'request_answered', key: `request:${itemId}`, detail: { answer: 'declined', ...(note ? { note } : {}) } }, nowOf(d));
    const paid = await formatMoney(tx, amount, t.order.currency);
    await queueMail(tx, d,
      mailOf(t.order.customerEmail, `Booking request declined: ${t.option.name}, ${formatDate(t.item.startDate)} (${t.order.number})`, [
        `Hi ${t.order.customerName},`,
        '',
        `We are sorry: the operator could not confirm ${t.option.name} on ${when(t.item)}.${note ? ` Their note: ${note}` : ''}`,
        gift?.code
          ? `Your gift experience code ${gift.code} can be used again.`
          : amount > 0
            ? `We have refunded ${paid} in full to your original payment method.`
            : 'Nothing was charged for it.',
        '',
        gift?.code
          ? `Choose another date: ${d.config.siteUrl}/redeem-gift-experiences?code=${encodeURIComponent(gift.code)}`
          : `Find another date: ${d.config.siteUrl}/experiences/${t.option.slugCode}`,
        '',
        'The Verdant team',
      ]),
    );
  });
  return { orderItemId: itemId, status: 'declined', refunded: wire(amount, unitOf(m, t.order.currency)) };
}

export async function operatorDecideChange(d: TripDeps, user: CurrentUser, itemId: string, accept: boolean, note: string | undefined): Promise<OperatorResult> {
  const t = await loadForOperator(d.db, itemId, user);
  const req = t.changeRequest;
  if (!req || !mayDo(t, accept ? 'accept_change' : 'reject_change', nowOf(d))) throw notAllowed('This booking has no open change request');
  let status: NonNullable<ItemRow['status']> = req.previousStatus;
  await d.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orderItemChangeRequests).where(eq(orderItemChangeRequests.id, req.id)).for('update');
    if (locked?.status !== 'pending') throw notAllowed('This change request was answered meanwhile');
    const [item] = await tx.select().from(orderItems).where(eq(orderItems.id, itemId)).for('update');
    if (!item) throw tripNotFound();
    if (accept) {
      if (item.unitsHeld > 0) await releaseUnits(tx, t.option, resolvedOfItem(item), item.unitsHeld);
      await tx
        .update(orderItems)
        .set({ startDate: req.startDate, endDate: req.endDate, startTime: req.startTime, endTime: req.endTime, slotKey: req.slotKey, unitsHeld: req.unitsHeld, status: req.previousStatus, updatedAt: sql`now()` })
        .where(eq(orderItems.id, itemId));
    } else {
      if (req.unitsHeld > 0) await releaseUnits(tx, t.option, { startDate: req.startDate, endDate: req.endDate, slotKey: req.slotKey }, req.unitsHeld);
      await tx.update(orderItems).set({ status: req.previousStatus, updatedAt: sql`now()` }).where(eq(orderItems.id, itemId));
    }
    await tx
      .update(orderItemChangeRequests)
      .set({ status: accept ? 'accepted' : 'rejected', unitsHeld: accept ? req.unitsHeld : 0, decidedAt: sql`now()`, decidedBy: user.id, ...(note ? { note } : {}) })
      .where(eq(orderItemChangeRequests.id, req.id));
    status = req.previousStatus;
    await queueTripNotice(
      tx,
      d,
      { orderItemId: itemId, kind: 'date_change_answered', key: `change:${req.id}`, detail: { answer: accept ? 'accepted' : 'rejected', date: req.startDate, time: req.startTime ?? '', ...(note ? { note } : {}) } },
      nowOf(d),
    );
    if (accept && req.previousStatus === 'confirmed') await queueReminder(tx, d, { id: itemId, startDate: req.startDate, startTime: req.startTime }, t.option.zone, nowOf(d));
    await queueMail(tx, d,
      accept
        ? mailOf(t.order.customerEmail, `Date changed: ${t.option.name}, now ${formatDate(req.startDate)} (${t.order.number})`, [
            `Hi ${t.order.customerName},`,
            '',
            `Your booking ${t.order.number} for ${t.option.name} has moved from ${when(t.item)} to ${when(req)} (local time).`,
            '',
            `Your booking: ${tripUrl(d, t.item.id)}`,
            '',
            'The Verdant team',
          ])
        : mailOf(t.order.customerEmail, `Date change not possible: ${t.option.name} (${t.order.number})`, [
            `Hi ${t.order.customerName},`,
            '',
            `The operator could not move your booking ${t.order.number} to ${when(req)}.${note ? ` Their note: ${note}` : ''} Your booking stays on ${when(t.item)}.`,
            '',
            `Your booking: ${tripUrl(d, t.item.id)}`,
            '',
            'The Verdant team',
          ]),
    );
  });
  return { orderItemId: itemId, status };
}

/** After the trip: completed, with a review record waiting for the traveller and a reminder. */
export async function operatorComplete(d: TripDeps, user: CurrentUser, itemId: string): Promise<OperatorResult> {
  const now = nowOf(d);
  const t = await loadForOperator(d.db, itemId, user);
  if (!mayDo(t, 'complete', now)) {
    throw notAllowed(t.item.status === 'confirmed' ? `This trip ends on ${formatDate(t.item.endDate)}: complete it after that` : `Only a confirmed booking can be completed; this one is ${t.item.status}`);
  }
  await d.db.transaction(async (tx) => {
    const updated = await tx.update(orderItems).set({ status: 'completed', updatedAt: sql`now()` }).where(and(eq(orderItems.id, itemId), eq(orderItems.status, 'confirmed'))).returning({ id: orderItems.id });
    if (updated.length === 0) throw notAllowed('This booking changed meanwhile');
    await tx
      .insert(reviews)
      .values({ optionId: t.option.id, userId: t.order.userId, authorName: t.order.customerName, rating: null, travelledOn: t.item.startDate, orderItemId: t.item.id })
      .onConflictDoNothing();
    const ends = reviewWindowEnd(t.item.startDate);
    await queueMail(tx, d,
      mailOf(t.order.customerEmail, `How was ${t.option.name}?`, [
        `Hi ${t.order.customerName},`,
        '',
        `We hope you enjoyed ${t.option.name}. A few words help other travellers choose, and help the hosts who look after these places.`,
        `You can leave your review until ${formatDate(ends)}: ${d.config.siteUrl}/reviews/new?trip=${t.item.id}`,
        '',
        'The Verdant team',
      ]),
    );
  });
  return { orderItemId: itemId, status: 'completed' };
}

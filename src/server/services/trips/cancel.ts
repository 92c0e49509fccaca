// The traveller cancels a trip: refund by policy, seats released, e-mails.
import { eq, sql } from 'drizzle-orm';
import { formatDate } from '../../../lib/format-date.ts';
import type { CurrentUser } from '../../context.ts';
import { orderItems } from '../../db/schema.ts';
import { mailOf, queueMail } from '../../providers/mail.ts';
import { loadMoneyContext, unitOf } from '../booking/catalog.ts';
import { wire } from '../booking/views.ts';
import { type TripDeps, nowOf, loadOwned } from './load.ts';
import { when, formatMoney } from './mail.ts';
import { planRefund, refundedByPayment, executeRefunds, recordRefunds } from './refunds.ts';
import { notAllowed, paidTotal, refundDue, refundQuote, assertAction } from './rules.ts';
import { releaseItemSeats } from './seats.ts';
import { viewOf } from './view.ts';

/**
 * Cancels a trip: the refund its policy gives (never above what is left of what was paid) goes
 * back through the provider first; then, in one transaction that re-checks the status, the
 * seats are released, the item is cancelled and the refunds are recorded.
 */
export async function cancelTrip(d: TripDeps, itemId: string, user: CurrentUser, opts: { requireRefund?: boolean } = {}) {
  const now = nowOf(d);
  const m = await loadMoneyContext(d.db);
  const t = await loadOwned(d.db, itemId, user);
  await assertAction(d.db, t, user, 'cancel', now, t.item.isGift ? 'Gifts are non-refundable' : `A ${t.item.status?.replace(/_/g, ' ')} booking cannot be cancelled`);
  const quote = refundQuote(t, unitOf(m, t.order.currency), now);
  const amount = refundDue({ item: t.item, status: t.item.status }, { free: quote.freeCancellation }, { paid: paidTotal(t), refunded: t.refunded });
  if (opts.requireRefund && amount <= 0) throw notAllowed(`Nothing is refundable: ${quote.terms}`);
  const plan = amount > 0 ? planRefund(t, amount, await refundedByPayment(d.db, t.order.id)) : [];
  await executeRefunds(d, t.item.id, 'cancel', plan);
  await d.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orderItems).where(eq(orderItems.id, t.item.id)).for('update');
    if (!locked || locked.status !== t.item.status) throw notAllowed('This booking changed meanwhile: please reload the page');
    await releaseItemSeats(tx, t);
    await tx.update(orderItems).set({ status: 'cancelled', unitsHeld: 0, updatedAt: sql`now()` }).where(eq(orderItems.id, t.item.id));
    await recordRefunds(tx, t, 'cancelled', plan);
    const paidText = await formatMoney(tx, amount, t.order.currency);
    await queueMail(tx, d,
      mailOf(t.order.customerEmail, `Booking cancelled: ${t.option.name}, ${formatDate(t.item.startDate)} (${t.order.number})`, [
        `Hi ${t.order.customerName},`,
        '',
        `Your booking ${t.order.number} for ${t.option.name} on ${when(t.item)} is cancelled, and its places have been released.`,
        amount > 0 ? `We are refunding ${paidText} to your original payment method; banks usually show it within 5 to 10 working days.` : `No refund is due under the booking's terms: ${quote.terms}.`,
        '',
        'The Verdant team',
      ]),
    );
    if (amount > 0) {
      await queueMail(tx, d,
        mailOf(t.order.customerEmail, `Refund on its way: ${paidText} (${t.order.number})`, [`Hi ${t.order.customerName},`, '', `We have refunded ${paidText} for booking ${t.order.number} (${t.option.name}).`, '', 'The Verdant team']),
      );
    }
  });
  d.log.info({ itemId, refunded: amount }, 'trip cancelled');
  const after = await loadOwned(d.db, itemId, user);
  return { trip: await viewOf(d.db, after, user, m, now), refunded: wire(amount, unitOf(m, t.order.currency)) };
}

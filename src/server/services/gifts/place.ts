// Placing a paid gift (called by settlePayment inside its transaction, for an order that has a
// gift instead of an item): the order is placed, a gift card gets its gift code, a gift
// experience its code, and the recipient's e-mail is enqueued for the send date (ADR 0023).
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { giftCodes, gifts, options, orders } from '../../db/schema.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { QUEUES } from '../../jobs/queue.ts';
import { mailOf, queueMail, type MailDeps, type MailMessage } from '../../providers/mail.ts';
import { freeOrderNumber } from '../booking/checkout/order-number.ts';
import { moneyFormatter } from '../booking/quote.ts';
import { randomId } from '../secrets.ts';
import { newGiftCode } from './codes.ts';
import { sendAtOf } from './send-time.ts';

type OrderRow = typeof orders.$inferSelect;

export const giftJobKey = (giftId: string) => `gift:${giftId}`;

export async function giftOfOrder(db: Db | Tx, orderId: string) {
  const [g] = await db.select().from(gifts).where(eq(gifts.orderId, orderId));
  return g ?? null;
}

/** Places the gift of `order`; false when the order has no gift. */
export async function placeGift(tx: Tx, deps: MailDeps & { jobs: JobQueue | null; siteUrl: string }, order: OrderRow, now: Date): Promise<boolean> {
  const gift = await giftOfOrder(tx, order.id);
  if (!gift) return false;
  if (!deps.jobs) throw new Error('The job queue is not running in this process: a paid gift cannot be scheduled');
  if (gift.status !== 'pending_payment') return true;
  const number = order.number ?? (await freeOrderNumber(tx));
  await tx.update(orders).set({ number, status: 'placed', placedAt: order.placedAt ?? now, paidAt: now, holdExpiresAt: null, paymentDueAt: null, updatedAt: sql`now()` }).where(eq(orders.id, order.id));
  let giftCodeId: string | null = null;
  let code: string | null = null;
  if (gift.kind === 'card') {
    giftCodeId = randomId(16);
    await tx.insert(giftCodes).values({
      id: giftCodeId,
      code: newGiftCode('GC'),
      amount: gift.amount,
      currency: gift.currency,
      senderName: gift.senderName,
      message: gift.message,
      expiresAt: gift.expiresAt,
    });
  } else {
    code = newGiftCode('GX');
  }
  await tx.update(gifts).set({ status: 'scheduled', giftCodeId, code, updatedAt: sql`now()` }).where(eq(gifts.id, gift.id));
  await deps.jobs.enqueue(tx, QUEUES.giftDelivery.name, { giftId: gift.id }, { startAfter: sendAtOf(gift.sendDate, now), key: giftJobKey(gift.id) });
  const format = await moneyFormatter(tx);
  const paid = format({ amount: order.exchangedTotalAmount, currency: order.currency });
  await queueMail(
    tx,
    deps,
    mailOf(order.customerEmail, `Your gift for ${gift.recipientName} is booked (${number})`, [
      `Hi ${order.customerName},`,
      '',
      `Thank you: we have your payment of ${paid}. We will e-mail your gift to ${gift.recipientName} (${gift.recipientEmail}) on ${gift.sendDate}.`,
      '',
      `Order number: ${number}`,
      `You can see it under Bookings: ${deps.siteUrl}/account/trips`,
      '',
      'Gifts are non-refundable.',
      '',
      'The Verdant team',
    ]),
  );
  return true;
}

/**
 * An unpaid gift order that lapsed (the booking sweeper, inside its transaction): the gift is
 * cancelled, so nothing is ever sent, and the buyer's e-mail says so in a gift's words (a
 * booking's lapse e-mail talks about released places). Null when the order has no gift.
 */
export async function lapseGift(tx: Tx, order: OrderRow, siteUrl: string): Promise<MailMessage | null> {
  const gift = await giftOfOrder(tx, order.id);
  if (!gift) return null;
  await tx.update(gifts).set({ status: 'cancelled', updatedAt: sql`now()` }).where(and(eq(gifts.id, gift.id), eq(gifts.status, 'pending_payment')));
  const format = await moneyFormatter(tx);
  const [option] = gift.optionId ? await tx.select({ name: options.name }).from(options).where(eq(options.id, gift.optionId)) : [];
  const what = gift.kind === 'card' ? `gift card of ${format({ amount: gift.amount, currency: gift.currency })}` : `gift experience${option ? ` (${option.name})` : ''}`;
  return mailOf(order.customerEmail, `Your gift for ${gift.recipientName} was not sent`, [
    `Hi ${order.customerName},`,
    '',
    `We did not receive the payment for your ${what} for ${gift.recipientName} by its due date, so we have cancelled it: nothing will be sent to ${gift.recipientEmail}, and you have not been charged for it.`,
    '',
    `You are welcome to send it again: ${siteUrl}/gifts/send`,
    '',
    'The Verdant team',
  ]);
}

// Buying a gift: the gift and its order (awaiting payment, no item) in one transaction. The
// buyer then pays the order with the normal pay call (`order_id`), by card, wallet, PayNow or
// GrabPay; settling the payment places the gift (place.ts).
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { CreateGiftBody } from '../../../contract/gifts.ts';
import { commonGiftAmounts, giftAmountLimits, giftDesign } from '../../../lib/gift-designs.ts';
import { convertMinor, exchangeRate, toMinor } from '../../../lib/money.ts';
import { MAX_QUANTITY, priceSelection } from '../../../lib/pricing.ts';
import type { Db } from '../../db/client.ts';
import { currencies, gifts, options, orders } from '../../db/schema.ts';
import { HttpError } from '../../http.ts';
import { randomId } from '../secrets.ts';
import { checkoutUnit, loadMoneyContext, pricingOf, unitOf } from '../booking/catalog.ts';
import { todayInSingapore } from './send-time.ts';

export type GiftInput = z.output<typeof CreateGiftBody>;
export type GiftBuyer = { id: string; email: string; name: string };

/** An unpaid gift order may be paid for a day; after that the sweeper lapses it. */
export const GIFT_PAYMENT_WINDOW_MS = 24 * 3600_000;
/** Gift cards and gift experiences are valid for three years. */
export const GIFT_VALID_MS = 3 * 365 * 24 * 3600_000;

const bad = (field: string, message: string) => new HttpError(422, message, { fields: { [field]: message } });

export async function giftCardLimits(db: Db, currency: string) {
  const [row] = await db.select({ common: currencies.commonGiftAmounts }).from(currencies).where(eq(currencies.code, currency));
  const common = commonGiftAmounts(currency, row?.common ?? []);
  return { common, limits: giftAmountLimits(common) };
}

/**
 * Price of a gift experience for `guests` adults, in minor units of the option's currency: the
 * booking price rules themselves (src/lib/pricing.ts), so the redemption, which books through
 * them, can always take what was sold. Stays (priced per room and night) are not giftable.
 */
export function giftExperiencePrice(o: typeof options.$inferSelect, guests: number): number {
  if (o.priceUnit === 'per_room') throw bad('option', 'This experience cannot be given as a gift experience: choose a gift card instead');
  const priced = priceSelection(pricingOf(o, [], []), { quantity: guests, childQuantity: 0, localQuantity: 0, childLocalQuantity: 0 });
  if (!priced.ok) throw bad('guests', priced.message);
  return priced.subtotal;
}

/** The party sizes a gift experience can be bought for (empty when none can). */
export function giftGuestRange(o: typeof options.$inferSelect): { min: number; max: number } | null {
  if (o.priceUnit === 'per_room') return null;
  const pricing = pricingOf(o, [], []);
  const fits = (n: number) => priceSelection(pricing, { quantity: n, childQuantity: 0, localQuantity: 0, childLocalQuantity: 0 }).ok;
  const min = Math.max(1, o.minQtyForPrice);
  if (!fits(min)) return null;
  let max = min;
  while (max < Math.min(o.maxQtyForPrice, MAX_QUANTITY) && fits(max + 1)) max++;
  return { min, max };
}

export async function createGift(db: Db, buyer: GiftBuyer, body: GiftInput, now: Date) {
  const m = await loadMoneyContext(db);
  const chosen = checkoutUnit(m, body.currency);
  if (!giftDesign(body.design)) throw bad('design', 'Please choose a design');
  if (body.sendDate < todayInSingapore(now)) throw bad('send_date', 'The send date cannot be in the past');
  const latest = new Date(now.getTime() + 365 * 24 * 3600_000).toISOString().slice(0, 10);
  if (body.sendDate > latest) throw bad('send_date', 'Choose a send date within a year');

  let value: { amount: number; currency: string };
  let optionId: number | null = null;
  let optionName = '';
  let guests = 0;
  if (body.kind === 'card') {
    const { limits } = await giftCardLimits(db, chosen.code);
    const amount = body.amount ?? 0;
    if (amount < limits.min || amount > limits.max) throw bad('amount', `Choose an amount between ${limits.min} and ${limits.max} ${chosen.code}`);
    const minor = toMinor(amount, chosen.exponent);
    if (!Number.isSafeInteger(minor)) throw bad('amount', 'Please choose an amount');
    value = { amount: minor, currency: chosen.code };
  } else {
    const [o] = await db.select().from(options).where(and(eq(options.slugCode, body.option ?? ''), eq(options.published, true), isNull(options.deletedAt)));
    if (!o) throw bad('option', 'This experience is not available as a gift');
    guests = body.guests ?? Math.max(1, o.minQtyForPrice);
    value = { amount: giftExperiencePrice(o, guests), currency: o.priceCurrency };
    optionId = o.id;
    optionName = o.name;
  }

  const base = unitOf(m, value.currency);
  const fee = base.code !== chosen.code;
  const exchanged = convertMinor(value.amount, base, chosen, m.rates, { fee });
  const label = body.kind === 'card' ? `Gift card for ${body.recipientName}` : `Gift experience: ${optionName} (${guests} ${guests === 1 ? 'guest' : 'guests'})`;
  const orderId = randomId(16);
  const giftId = randomId(16);
  return db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        id: orderId,
        userId: buyer.id,
        status: 'awaiting_payment',
        paymentMethod: 'card',
        paymentTiming: 'checkout',
        customerName: buyer.name,
        customerEmail: buyer.email,
        baseCurrency: base.code,
        subtotalAmount: value.amount,
        totalAmount: value.amount,
        currency: chosen.code,
        exchangedSubtotalAmount: exchanged,
        exchangedTotalAmount: exchanged,
        conversionFeeAmount: fee ? exchanged - convertMinor(value.amount, base, chosen, m.rates) : 0,
        feeApplied: fee,
        exchangeRate: String(exchangeRate(base.code, chosen.code, m.rates, { fee, digits: 10 })),
        lines: {
          base: [{ kind: 'gift', label, quantity: 1, unitAmount: value.amount, amount: value.amount }],
          exchanged: [{ kind: 'gift', label, quantity: 1, unitAmount: exchanged, amount: exchanged }],
        },
        paymentDueAt: new Date(now.getTime() + GIFT_PAYMENT_WINDOW_MS),
      })
      .returning();
    const [gift] = await tx
      .insert(gifts)
      .values({
        id: giftId,
        kind: body.kind,
        orderId,
        buyerUserId: buyer.id,
        optionId,
        guests,
        amount: value.amount,
        currency: value.currency,
        design: body.design,
        senderName: body.senderName,
        recipientName: body.recipientName,
        recipientEmail: body.recipientEmail.toLowerCase(),
        message: body.message,
        sendDate: body.sendDate,
        expiresAt: new Date(now.getTime() + GIFT_VALID_MS),
      })
      .returning();
    return { order: order!, gift: gift! };
  });
}

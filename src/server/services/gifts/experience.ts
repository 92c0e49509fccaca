// Redeeming a gift experience: the recipient (logged in) gives the code and a date with room;
// in one transaction the gift is marked redeemed (a conditional update: only one redemption
// wins), the seats are taken, and a placed order with a gift item (non-refundable, no actions)
// becomes the recipient's trip. Expired or used codes get their own clear messages.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { GiftExperienceCode } from '../../../contract/gifts.ts';
import type { Db } from '../../db/client.ts';
import { gifts, options, orderItems, orders } from '../../db/schema.ts';
import { HttpError } from '../../http.ts';
import { randomId } from '../secrets.ts';
import { takeUnits } from '../booking/availability.ts';
import { loadBookableOption } from '../booking/catalog.ts';
import { freeOrderNumber } from '../booking/checkout/order-number.ts';
import { assertBookable, priceResolved, resolveSelection } from '../booking/quote.ts';
import { canonicalGiftCode } from './codes.ts';

const codeError = (message: string, status: 404 | 422 = 422) => new HttpError(status, message, { fields: { code: message } });

async function giftByCode(db: Db, code: string) {
  const [g] = await db.select().from(gifts).where(and(eq(gifts.kind, 'experience'), eq(gifts.code, canonicalGiftCode(code))));
  return g ?? null;
}

function usable(g: typeof gifts.$inferSelect | null, now: Date): asserts g is typeof gifts.$inferSelect {
  if (!g || !g.code || g.status === 'pending_payment' || g.status === 'cancelled') throw codeError('This gift code is not valid');
  if (g.status === 'redeemed' || g.redeemedAt) throw codeError('This gift experience has already been used');
  if (g.expiresAt <= now) throw codeError('This gift experience has expired');
}

export async function giftExperienceCode(db: Db, code: string, now = new Date()): Promise<GiftExperienceCode> {
  const g = await giftByCode(db, code);
  usable(g, now);
  const [o] = await db.select({ slugCode: options.slugCode, name: options.name }).from(options).where(eq(options.id, g.optionId!));
  return { code: g.code!, optionId: g.optionId!, option: o!, guests: g.guests, senderName: g.senderName, message: g.message, expiresAt: g.expiresAt.toISOString() };
}

export async function redeemGiftExperience(db: Db, user: { id: string; name: string; email: string }, body: { code: string; date: string; detailedTimeslotId?: string | undefined }, now = new Date()) {
  const found = await giftByCode(db, body.code);
  usable(found, now);
  const option = await loadBookableOption(db, { id: found.optionId! });
  assertBookable(option);
  const resolved = resolveSelection(option, { startDate: body.date, endDate: undefined, detailedTimeslotId: body.detailedTimeslotId, roomId: undefined }, now);
  const priced = priceResolved(option, resolved, { quantity: found.guests, childQuantity: 0, localQuantity: 0, childLocalQuantity: 0, transportItemId: null });
  return db.transaction(async (tx) => {
    const itemId = randomId(16);
    const orderId = randomId(16);
    // The guard: only a gift still unredeemed is taken, whoever else races for it.
    const [won] = await tx
      .update(gifts)
      .set({ status: 'redeemed', redeemedAt: now, redeemedByUserId: user.id, updatedAt: sql`now()` })
      .where(and(eq(gifts.id, found.id), inArray(gifts.status, ['scheduled', 'sent']), isNull(gifts.redeemedAt)))
      .returning();
    if (!won) throw codeError('This gift experience has already been used');
    await takeUnits(tx, option, resolved, priced.units);
    const number = await freeOrderNumber(tx);
    await tx.insert(orders).values({
      id: orderId,
      number,
      userId: user.id,
      status: 'placed',
      paymentMethod: 'gift_code',
      paymentTiming: 'checkout',
      customerName: user.name,
      customerEmail: user.email,
      baseCurrency: found.currency,
      subtotalAmount: 0,
      totalAmount: 0,
      currency: found.currency,
      exchangedSubtotalAmount: 0,
      exchangedTotalAmount: 0,
      exchangeRate: '1',
      lines: { base: [], exchanged: [] },
      placedAt: now,
      paidAt: now,
    });
    await tx.insert(orderItems).values({
      id: itemId,
      orderId,
      optionId: option.id,
      startDate: resolved.startDate,
      endDate: resolved.endDate,
      startTime: resolved.startTime,
      endTime: resolved.endTime,
      slotKey: resolved.slotKey,
      quantity: found.guests,
      status: option.bookType === 'request_to_book' ? 'processing' : 'confirmed',
      unitsHeld: priced.units,
      isGift: true,
    });
    await tx.update(gifts).set({ redeemedItemId: itemId }).where(eq(gifts.id, found.id));
    return { tripId: itemId, startDate: resolved.startDate };
  });
}

// The bag (spec §3 Cart, §4 Cart): at most one item, amounts always recomputed by the server
// with current rates, promotion codes applied to it, and the currency it is shown and paid in.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Cart, CreateCartBody, Selection } from '../../../contract/booking.ts';
import type { Db, Tx } from '../../db/client.ts';
import { corporateRedemptions, carts, orderItemCustomers, orderItems, orders, checkoutPayments, promotionCodeRedemptions, promotionCodes } from '../../db/schema.ts';
import { HttpError } from '../../http.ts';
import { randomId } from '../secrets.ts';
import { corporateOnCart } from '../corporate.ts';
import { mayUseCart, storedValueFor, usableGiftCodes, type PayingUser } from './account-seam.ts';
import { claimGiftCode } from '../gift-codes.ts';
import { canonicalGiftCode } from '../gifts/codes.ts';
import { unitsLeftFor } from './availability.ts';
import { checkoutUnit, loadBookableOption, loadMoneyContext, type BookableOption, type MoneyContext } from './catalog.ts';
import { appliedPromotion, assertBookable, priceResolved, quote, resolveSelection, type Quote, type Resolved } from './quote.ts';
import { emptyCart, toCart, toOrderItem } from './views.ts';

type ItemRow = typeof orderItems.$inferSelect;

export const DEFAULT_CART_CURRENCY = 'SGD';
export const IN_FLIGHT: ReadonlyArray<(typeof orders.$inferSelect)['status']> = ['pending_payment', 'requires_action'];

export const cartNotFound = () => new HttpError(404, 'Cart not found');
const paymentInProgressError = () =>
  new HttpError(409, 'A payment for this bag is in progress. Finish or cancel it before changing the bag.', { body: { code: 'payment_in_progress' } });

export function resolvedOfItem(item: ItemRow): Resolved {
  return {
    startDate: item.startDate,
    endDate: item.endDate,
    startTime: item.startTime,
    endTime: item.endTime,
    slotKey: item.slotKey,
    detailedTimeslotId: item.roomId === null ? `${item.startDate}T${item.slotKey}` : null,
    roomId: item.roomId,
    nights: Math.max(0, Math.round((Date.parse(item.endDate) - Date.parse(item.startDate)) / 86_400_000)),
  };
}

const quantitiesOf = (item: ItemRow) => ({
  quantity: item.quantity,
  childQuantity: item.childQuantity,
  localQuantity: item.localQuantity,
  childLocalQuantity: item.childLocalQuantity,
  transportItemId: item.transportItemId,
});

/** The cart's quote in `currency`, or null for an empty bag. */
export async function quoteCart(db: Db, m: MoneyContext, cart: { id: string; currency: string }, item: ItemRow, currency: string, user: PayingUser | null): Promise<Quote> {
  const option = await loadBookableOption(db, { id: item.optionId });
  if (!option) throw new Error(`order item ${item.id} points at a missing option`);
  const resolved = resolvedOfItem(item);
  const priced = priceResolved(option, resolved, quantitiesOf(item));
  const [promotion, storedValue, corporate] = await Promise.all([
    appliedPromotion(db, cart.id),
    storedValueFor(db, user, { id: cart.id, baseCurrency: option.currency }),
    corporateOnCart(db, cart.id, item, user),
  ]);
  return quote(db, m, { option, resolved, priced, chosen: checkoutUnit(m, currency), promotion, storedValue, corporate });
}

async function cartItem(db: Db | Tx, cartId: string): Promise<ItemRow | null> {
  const [item] = await db.select().from(orderItems).where(eq(orderItems.cartId, cartId)).limit(1);
  return item ?? null;
}

async function inFlightOrder(db: Db | Tx, item: ItemRow | null): Promise<boolean> {
  if (!item?.orderId) return false;
  const [o] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, item.orderId));
  return o !== undefined && IN_FLIGHT.includes(o.status);
}

export async function cartView(db: Db, cartId: string, opts: { currency?: string | undefined; withItem: boolean; user: PayingUser | null }): Promise<Cart> {
  const [cart] = await db.select().from(carts).where(eq(carts.id, cartId));
  if (!cart || !mayUseCart(opts.user, cart)) throw cartNotFound();
  const m = await loadMoneyContext(db);
  const currency = opts.currency ?? cart.currency;
  const chosen = checkoutUnit(m, currency);
  const item = await cartItem(db, cart.id);
  if (!item) return emptyCart(cart.id, chosen, m);
  const q = await quoteCart(db, m, cart, item, currency, opts.user);
  const [order, payment, customers] = await itemRelations(db, item);
  const view = opts.withItem ? toOrderItem({ item, option: q.option, m, lines: q.priced.lines, order, payment, customers }) : undefined;
  return toCart(cart.id, q, m, item.id, view, order !== null && IN_FLIGHT.includes(order.status));
}

export async function itemRelations(db: Db | Tx, item: ItemRow) {
  const [order] = item.orderId ? await db.select().from(orders).where(eq(orders.id, item.orderId)) : [];
  const [payment] = order
    ? await db.select().from(checkoutPayments).where(eq(checkoutPayments.orderId, order.id)).orderBy(sql`${checkoutPayments.createdAt} desc`).limit(1)
    : [];
  const customers = await db.select().from(orderItemCustomers).where(eq(orderItemCustomers.orderItemId, item.id)).orderBy(orderItemCustomers.position);
  return [order ?? null, payment ?? null, customers] as const;
}

/** Validates a selection for an option and checks it still fits (advisory: the pay call takes the seats). */
export async function validateSelection(db: Db, option: BookableOption, sel: Selection) {
  const resolved = resolveSelection(option, sel);
  const priced = priceResolved(option, resolved, sel);
  const { left } = await unitsLeftFor(db, option, resolved);
  if (left < priced.units) {
    const what = option.priceUnit === 'per_room' ? ['room is', 'rooms are'] : option.priceUnit === 'per_group' ? ['group is', 'groups are'] : ['place is', 'places are'];
    throw new HttpError(409, left === 0 ? 'Sorry, this date is sold out. Please choose another date or join the waitlist.' : `Sorry, only ${left} ${left === 1 ? what[0] : what[1]} left on this date.`, {
      body: { code: 'sold_out', reason: 'no_availability', unitsLeft: left },
    });
  }
  return { resolved, priced };
}

/** POST /cart: puts the one item in the bag (creating the bag when needed), replacing any other. */
export async function putCartItem(db: Db, body: z.output<typeof CreateCartBody>, user: PayingUser | null): Promise<string> {
  const option = await loadBookableOption(db, { slugCode: body.orderItem.optionId });
  assertBookable(option);
  const m = await loadMoneyContext(db);
  if (body.currency) checkoutUnit(m, body.currency);
  const { resolved } = await validateSelection(db, option, body.orderItem);
  return db.transaction(async (tx) => {
    let cartId = body.cartId;
    if (cartId) {
      const [cart] = await tx.select().from(carts).where(eq(carts.id, cartId)).for('update');
      if (!cart || !mayUseCart(user, cart)) throw cartNotFound();
      const existing = await cartItem(tx, cartId);
      if (await inFlightOrder(tx, existing)) throw paymentInProgressError();
      if (existing) await tx.delete(orderItems).where(eq(orderItems.id, existing.id));
      await tx.update(carts).set({ currency: body.currency ?? cart.currency, updatedAt: sql`now()`, ...(user && !cart.userId ? { userId: user.id } : {}) }).where(eq(carts.id, cartId));
    } else {
      cartId = randomId(16);
      await tx.insert(carts).values({ id: cartId, userId: user?.id ?? null, currency: body.currency ?? DEFAULT_CART_CURRENCY });
    }
    await tx.insert(orderItems).values({
      id: randomId(16),
      cartId,
      optionId: option.id,
      startDate: resolved.startDate,
      endDate: resolved.endDate,
      startTime: resolved.startTime,
      endTime: resolved.endTime,
      slotKey: resolved.slotKey,
      roomId: resolved.roomId,
      quantity: body.orderItem.quantity,
      childQuantity: body.orderItem.childQuantity,
      localQuantity: body.orderItem.localQuantity,
      childLocalQuantity: body.orderItem.childLocalQuantity,
      transportItemId: body.orderItem.transportItemId ?? null,
    });
    return cartId;
  });
}

/** The bag, when `user` may use it (a user's bag is theirs alone), or 404. */
export async function usableCart(db: Db | Tx, cartId: string, user: PayingUser | null) {
  const [cart] = await db.select().from(carts).where(eq(carts.id, cartId));
  if (!cart || !mayUseCart(user, cart)) throw cartNotFound();
  return cart;
}

const loginForStoredValue = (what: string) => new HttpError(401, `Log in to use your ${what}`, { body: { code: 'login_required' } });

/** PATCH /cart: the currency the bag is shown and paid in, and whether the user's credits pay for it. */
export async function updateCart(db: Db, cartId: string, change: { currency?: string | undefined; useCredit?: boolean | undefined }, user: PayingUser | null): Promise<void> {
  const cart = await usableCart(db, cartId, user);
  if (change.currency) checkoutUnit(await loadMoneyContext(db), change.currency);
  if (change.useCredit !== undefined) {
    if (!user) throw loginForStoredValue('credits');
    if (await inFlightOrder(db, await cartItem(db, cartId))) throw paymentInProgressError();
  }
  await db
    .update(carts)
    .set({
      ...(change.currency ? { currency: change.currency } : {}),
      ...(change.useCredit !== undefined && user ? { useCredit: change.useCredit, userId: cart.userId ?? user.id } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(carts.id, cartId));
}

/** POST /gift-card-redemptions: applies one of the user's gift codes to the bag (claiming an unclaimed code first). */
export async function applyGiftCode(db: Db, cartId: string, code: string, user: PayingUser | null, now = new Date()): Promise<void> {
  if (!user) throw loginForStoredValue('gift codes');
  const cart = await usableCart(db, cartId, user);
  const item = await cartItem(db, cartId);
  if (!item) throw new HttpError(422, 'Add an experience to your bag before using a gift code', { fields: { code: 'Your bag is empty' } });
  if (await inFlightOrder(db, item)) throw paymentInProgressError();
  const wanted = canonicalGiftCode(code);
  let [row] = (await usableGiftCodes(db, user.id, now)).filter((c) => c.code.toUpperCase() === wanted);
  if (!row) {
    const claimed = await claimGiftCode(db, user.id, wanted, now);
    if (!claimed.ok) throw new HttpError(422, claimed.error, { fields: { code: claimed.error } });
    row = claimed.row;
  }
  await db.update(carts).set({ giftCodeId: row.id, userId: cart.userId ?? user.id, updatedAt: sql`now()` }).where(eq(carts.id, cartId));
}

/** DELETE /gift-card-redemptions/{cartId}: takes the gift code off the bag (it stays in the user's account). */
export async function removeGiftCodeFromCart(db: Db, cartId: string, user: PayingUser | null): Promise<void> {
  if (!user) throw loginForStoredValue('gift codes');
  const cart = await usableCart(db, cartId, user);
  if (!cart.giftCodeId) throw new HttpError(404, 'There is no gift code on this bag');
  if (await inFlightOrder(db, await cartItem(db, cartId))) throw paymentInProgressError();
  await db.update(carts).set({ giftCodeId: null, updatedAt: sql`now()` }).where(eq(carts.id, cartId));
}

/** POST /cart/clear: empties the bag (its item and any promotion code). */
export async function clearCartItems(db: Db, cartId: string, user: PayingUser | null): Promise<void> {
  await db.transaction(async (tx) => {
    const [cart] = await tx.select().from(carts).where(eq(carts.id, cartId)).for('update');
    if (!cart || !mayUseCart(user, cart)) throw cartNotFound();
    const item = await cartItem(tx, cartId);
    if (await inFlightOrder(tx, item)) throw paymentInProgressError();
    await tx.delete(orderItems).where(and(eq(orderItems.cartId, cartId), isNull(orderItems.orderId)));
    await tx.delete(promotionCodeRedemptions).where(and(eq(promotionCodeRedemptions.cartId, cartId), isNull(promotionCodeRedemptions.orderId)));
    await tx.delete(corporateRedemptions).where(and(eq(corporateRedemptions.cartId, cartId), isNull(corporateRedemptions.orderId)));
    await tx.update(carts).set({ updatedAt: sql`now()` }).where(eq(carts.id, cartId));
  });
}

export async function findPromotionCode(db: Db | Tx, code: string) {
  const [row] = await db.select().from(promotionCodes).where(and(sql`upper(${promotionCodes.code}) = upper(${code.trim()})`, isNull(promotionCodes.deletedAt))).limit(1);
  return row ?? null;
}

export const unknownCode = () => new HttpError(422, 'This promotion code does not exist', { fields: { code: 'This promotion code does not exist' } });

/** POST /promotion-code-redemptions: applies a code to the bag after checking it against the bag. */
export async function applyPromotionCode(db: Db, cartId: string, code: string, user: PayingUser | null): Promise<void> {
  const cart = await usableCart(db, cartId, user);
  const item = await cartItem(db, cartId);
  if (!item) throw new HttpError(422, 'Add an experience to your bag before using a promotion code', { fields: { code: 'Your bag is empty' } });
  if (await inFlightOrder(db, item)) throw paymentInProgressError();
  const row = await findPromotionCode(db, code);
  if (!row) throw unknownCode();
  const m = await loadMoneyContext(db);
  const option = await loadBookableOption(db, { id: item.optionId });
  if (!option) throw new Error('missing option');
  const resolved = resolvedOfItem(item);
  const priced = priceResolved(option, resolved, quantitiesOf(item));
  const q = await quote(db, m, { option, resolved, priced, chosen: checkoutUnit(m, cart.currency), promotion: { redemptionId: 'check', row }, storedValue: await storedValueFor(db, user, { id: cartId, baseCurrency: option.currency }) });
  if (q.promotion?.problem) throw new HttpError(422, q.promotion.problem, { fields: { code: q.promotion.problem } });
  await db.transaction(async (tx) => {
    await tx.delete(promotionCodeRedemptions).where(and(eq(promotionCodeRedemptions.cartId, cartId), isNull(promotionCodeRedemptions.orderId)));
    await tx.insert(promotionCodeRedemptions).values({ id: randomId(16), cartId, promotionCodeId: row.id });
  });
}

/** DELETE /promotion-code-redemptions/{id}: takes the code off its bag; answers the bag's id. */
export async function removePromotionCode(db: Db, redemptionId: string, user: PayingUser | null): Promise<string> {
  const [r] = await db
    .select({ cartId: promotionCodeRedemptions.cartId, owner: carts.userId })
    .from(promotionCodeRedemptions)
    .innerJoin(carts, eq(carts.id, promotionCodeRedemptions.cartId))
    .where(and(eq(promotionCodeRedemptions.id, redemptionId), isNull(promotionCodeRedemptions.orderId)));
  if (!r?.cartId || !mayUseCart(user, { userId: r.owner })) throw new HttpError(404, 'Promotion code redemption not found');
  const item = await cartItem(db, r.cartId);
  if (await inFlightOrder(db, item)) throw paymentInProgressError();
  await db.delete(promotionCodeRedemptions).where(eq(promotionCodeRedemptions.id, redemptionId));
  return r.cartId;
}

export async function cartsByIds(db: Db, ids: string[]) {
  return ids.length ? db.select().from(carts).where(inArray(carts.id, ids)) : [];
}

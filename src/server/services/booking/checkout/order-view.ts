// Reading orders: the wire view of an order and the read check for its traveller.
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { checkoutPayments, orderItemCustomers, orderItems, orders, promotionCodes } from '../../../db/schema.ts';
import { companyOfOrder } from '../../corporate.ts';
import { HttpError } from '../../../http.ts';
import { mayReadOrder, type PayingUser } from '../account-seam.ts';
import { type BookableOption, loadBookableOption, loadMoneyContext, type MoneyContext } from '../catalog.ts';
import { toOrder, toOrderItem } from '../views.ts';
import type { ItemRow, OrderRow, PaymentRow, Tx } from './deps.ts';

export async function latestPayment(db: Db | Tx, orderId: string): Promise<PaymentRow | null> {
  const [p] = await db.select().from(checkoutPayments).where(eq(checkoutPayments.orderId, orderId)).orderBy(desc(checkoutPayments.createdAt), desc(checkoutPayments.id)).limit(1);
  return p ?? null;
}

export async function itemOfOrder(db: Db | Tx, orderId: string): Promise<ItemRow | null> {
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
  const option = item ? await loadBookableOption(db, { id: item.optionId }) : null;
  return orderViewOf(db, { order: o, payment, item, option }, money);
}

/** The same view from rows already read (a trip has its order, item, option and payments). */
export async function orderViewOf(
  db: Db,
  r: { order: OrderRow; payment: PaymentRow | null; item: ItemRow | null; option: BookableOption | null },
  money: MoneyContext,
) {
  const o = r.order;
  const [itemView, [promo], company] = await Promise.all([
    r.item && r.option
      ? db
          .select()
          .from(orderItemCustomers)
          .where(eq(orderItemCustomers.orderItemId, r.item.id))
          .orderBy(orderItemCustomers.position)
          .then((customers) =>
          toOrderItem({ item: r.item!, option: r.option!, m: money, lines: o.lines.base as never, order: o, payment: r.payment, customers }),
        )
      : null,
    o.promotionCodeId ? db.select({ code: promotionCodes.code }).from(promotionCodes).where(eq(promotionCodes.id, o.promotionCodeId)) : [],
    companyOfOrder(db, o.corporateCodeId),
  ]);
  return toOrder(o, money, r.payment, itemView, promo?.code ?? null, company);
}

/** The latest of an order's payments already read (as `latestPayment` orders them). */
export function latestOf(payments: PaymentRow[]): PaymentRow | null {
  let best: PaymentRow | null = null;
  for (const p of payments) {
    if (!best || p.createdAt > best.createdAt || (p.createdAt.getTime() === best.createdAt.getTime() && p.id > best.id)) best = p;
  }
  return best;
}

export async function readableOrder(db: Db, orderId: string, user: PayingUser | null): Promise<OrderRow> {
  const [o] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!o || !mayReadOrder(user, o)) throw new HttpError(404, 'Order not found');
  return o;
}

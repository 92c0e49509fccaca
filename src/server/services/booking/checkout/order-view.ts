// Reading orders: the wire view of an order and the read check for its traveller.
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { checkoutPayments, orderItems, orders, promotionCodes } from '../../../db/schema.ts';
import { companyOfOrder } from '../../corporate.ts';
import { HttpError } from '../../../http.ts';
import { mayReadOrder, type PayingUser } from '../account-seam.ts';
import { itemRelations } from '../cart.ts';
import { loadBookableOption, loadMoneyContext, type MoneyContext } from '../catalog.ts';
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
  let itemView = null;
  if (item) {
    const option = await loadBookableOption(db, { id: item.optionId });
    if (option) {
      const [, , customers] = await itemRelations(db, item);
      itemView = toOrderItem({ item, option, m: money, lines: o.lines.base as never, order: o, payment, customers });
    }
  }
  const [promo] = o.promotionCodeId ? await db.select({ code: promotionCodes.code }).from(promotionCodes).where(eq(promotionCodes.id, o.promotionCodeId)) : [];
  return toOrder(o, money, payment, itemView, promo?.code ?? null, await companyOfOrder(db, o.corporateCodeId));
}

export async function readableOrder(db: Db, orderId: string, user: PayingUser | null): Promise<OrderRow> {
  const [o] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!o || !mayReadOrder(user, o)) throw new HttpError(404, 'Order not found');
  return o;
}

// Loading a trip: the booked item with its order, option, payments, refunds, review, open
// change request and share link, for its owner or for its operator; 404 for anyone else.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { CurrentUser } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { checkoutPayments, options, orderItemChangeRequests, orderItems, orderRefunds, orders, partnerMemberships, reviews, tripShares } from '../../db/schema.ts';
import { HttpError } from '../../http.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { PaymentProvider } from '../../providers/payments/port.ts';
import { loadBookableOption, type BookableOption } from '../booking/catalog.ts';

export type { Tx } from '../../db/client.ts';
export type ItemRow = typeof orderItems.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
export type PaymentRow = typeof checkoutPayments.$inferSelect;

/** `jobs`: the durable queue, for e-mails handed to the mail-delivery job (null where none runs). */
export type TripDeps = { db: Db; config: Config; log: Logger; payments: PaymentProvider; now?: () => Date; jobs?: JobQueue | null };
export const nowOf = (d: { now?: (() => Date) | undefined }) => (d.now ? d.now() : new Date());

export const tripNotFound = () => new HttpError(404, 'Trip not found');

export type Loaded = {
  item: ItemRow;
  order: OrderRow;
  option: BookableOption;
  payments: PaymentRow[];
  refunded: number;
  review: typeof reviews.$inferSelect | null;
  changeRequest: typeof orderItemChangeRequests.$inferSelect | null;
  share: { id: string } | null;
};

export async function load(db: Db | Tx, itemId: string): Promise<Loaded | null> {
  const [item] = await db.select().from(orderItems).where(eq(orderItems.id, itemId));
  if (!item?.orderId || !item.status) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, item.orderId));
  if (!order) return null;
  // Independent reads: issued together (one round trip's wait instead of six on PostgreSQL).
  const [option, payments, [sum], [review], [changeRequest], [share]] = await Promise.all([
    loadBookableOption(db as Db, { id: item.optionId }),
    db.select().from(checkoutPayments).where(eq(checkoutPayments.orderId, order.id)).orderBy(asc(checkoutPayments.createdAt)),
    db.select({ total: sql<number>`coalesce(sum(${orderRefunds.amount}), 0)::int` }).from(orderRefunds).where(eq(orderRefunds.orderId, order.id)),
    db.select().from(reviews).where(eq(reviews.orderItemId, item.id)),
    db.select().from(orderItemChangeRequests).where(eq(orderItemChangeRequests.orderItemId, item.id)).orderBy(desc(orderItemChangeRequests.createdAt)).limit(1),
    db.select({ id: tripShares.id }).from(tripShares).where(eq(tripShares.orderItemId, item.id)),
  ]);
  if (!option) return null;
  return { item, order, option, payments, refunded: Number(sum?.total ?? 0), review: review ?? null, changeRequest: changeRequest ?? null, share: share ?? null };
}

/** The trip if `user` owns it; 404 for anyone else (never reveal another traveller's trip). */
export async function loadOwned(db: Db | Tx, itemId: string, user: { id: string } | null): Promise<Loaded> {
  const t = await load(db, itemId);
  if (!t || !user || t.order.userId !== user.id) throw tripNotFound();
  return t;
}

/** Loads a trip for a partner of its operator or an admin; 404 for everyone else. */
export async function loadForOperator(db: Db, itemId: string, user: CurrentUser | null): Promise<Loaded> {
  if (!user) throw new HttpError(401, 'Please log in to continue.');
  const t = await load(db, itemId);
  if (!t) throw tripNotFound();
  if (user.isAdmin) return t;
  const [op] = await db.select({ operatorId: options.operatorId }).from(options).where(eq(options.id, t.option.id));
  const [member] = op ? await db.select().from(partnerMemberships).where(and(eq(partnerMemberships.userId, user.id), eq(partnerMemberships.operatorId, op.operatorId))) : [];
  if (!member) throw tripNotFound();
  return t;
}

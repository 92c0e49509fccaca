// Trips: a booked order item after purchase. Every traveller action is authorised by the one
// status table in src/lib/order-actions.ts (the island shows the same answer), and only the
// order's owner ever sees a trip (others get 404). Money: refunds follow the cancellation
// policy and never exceed what was paid; added guests are charged through the payment port.
// Provider calls are made outside database transactions (PGlite runs one at a time) with
// idempotency keys derived from the trip, so a retry never refunds or charges twice.
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { ChangeRequest, RefundQuote, SharedTrip, Trip, TripGroup } from '../../contract/trips.ts';
import { cancellationDeadline, cancellationTerms, canCancelFreely } from '../../lib/cancellation-deadline.ts';
import { formatDate, formatTime } from '../../lib/format-date.ts';
import { localNow } from '../../lib/local-time.ts';
import { convertMinor, type CurrencyUnit } from '../../lib/money.ts';
import { orderItemActions, REVIEW_WINDOW_MONTHS, type OrderAction, type OrderItemForActions } from '../../lib/order-actions.ts';
import type { Config } from '../config.ts';
import type { CurrentUser } from '../context.ts';
import type { Db } from '../db/client.ts';
import {
  checkoutPayments,
  operators,
  optionLocations,
  options,
  orderExtraPayments,
  orderItemChangeRequests,
  orderItems,
  orderRefunds,
  orders,
  outbox,
  partnerMemberships,
  reviews,
  tripShareMembers,
  tripShares,
  users,
} from '../db/schema.ts';
import { HttpError } from '../http.ts';
import { randomId } from '../middleware.ts';
import type { PaymentProvider } from '../providers/payments/port.ts';
import { releaseUnits, takeUnits, todayFor, unitsLeftFor } from './booking/availability.ts';
import { resolvedOfItem } from './booking/cart.ts';
import { loadBookableOption, loadMoneyContext, unitOf, type BookableOption, type MoneyContext } from './booking/catalog.ts';
import { orderView } from './booking/checkout.ts';
import { moneyFormatter, priceResolved, resolveSelection } from './booking/quote.ts';
import { wire } from './booking/views.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type ItemRow = typeof orderItems.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
type PaymentRow = typeof checkoutPayments.$inferSelect;

export type TripDeps = { db: Db; config: Config; log: Logger; payments: PaymentProvider; now?: () => Date };
const nowOf = (d: { now?: (() => Date) | undefined }) => (d.now ? d.now() : new Date());

/** Payment rows that took money (refunds are counted separately, in order_refunds). */
const MONEY_TAKEN: PaymentRow['status'][] = ['captured', 'partial_refunded', 'refunded'];

export const notAllowed = (message: string) => new HttpError(409, message, { body: { code: 'action_not_allowed' } });
const tripNotFound = () => new HttpError(404, 'Trip not found');

// ── Loading ─────────────────────────────────────────────────────────────────────────
type Loaded = {
  item: ItemRow;
  order: OrderRow;
  option: BookableOption;
  payments: PaymentRow[];
  refunded: number;
  review: typeof reviews.$inferSelect | null;
  changeRequest: typeof orderItemChangeRequests.$inferSelect | null;
  share: { id: string } | null;
};

async function load(db: Db | Tx, itemId: string): Promise<Loaded | null> {
  const [item] = await db.select().from(orderItems).where(eq(orderItems.id, itemId));
  if (!item?.orderId || !item.status) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, item.orderId));
  if (!order) return null;
  const option = await loadBookableOption(db as Db, { id: item.optionId });
  if (!option) return null;
  const payments = await db.select().from(checkoutPayments).where(eq(checkoutPayments.orderId, order.id)).orderBy(asc(checkoutPayments.createdAt));
  const [sum] = await db.select({ total: sql<number>`coalesce(sum(${orderRefunds.amount}), 0)::int` }).from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
  const [review] = await db.select().from(reviews).where(eq(reviews.orderItemId, item.id));
  const [changeRequest] = await db.select().from(orderItemChangeRequests).where(eq(orderItemChangeRequests.orderItemId, item.id)).orderBy(desc(orderItemChangeRequests.createdAt)).limit(1);
  const [share] = await db.select({ id: tripShares.id }).from(tripShares).where(eq(tripShares.orderItemId, item.id));
  return { item, order, option, payments, refunded: Number(sum?.total ?? 0), review: review ?? null, changeRequest: changeRequest ?? null, share: share ?? null };
}

/** The trip if `user` owns it; 404 for anyone else (never reveal another traveller's trip). */
async function loadOwned(db: Db | Tx, itemId: string, user: { id: string } | null): Promise<Loaded> {
  const t = await load(db, itemId);
  if (!t || !user || t.order.userId !== user.id) throw tripNotFound();
  return t;
}

// ── Derived facts ───────────────────────────────────────────────────────────────────
const paidPayments = (t: Loaded) => t.payments.filter((p) => MONEY_TAKEN.includes(p.status) && p.provider !== 'none' && p.providerRef);
const paidTotal = (t: Loaded) => paidPayments(t).reduce((s, p) => s + p.amount, 0);
const settledPaymentStatus = (t: Loaded) => {
  const booking = t.payments.filter((p) => p.status !== 'failed' && p.status !== 'cancelled');
  return booking[0]?.status ?? (t.order.status === 'placed' ? 'captured' : null);
};
const guestsOf = (i: ItemRow) => i.quantity + i.childQuantity + i.localQuantity + i.childLocalQuantity;

function isFreeToCancel(t: Loaded, now: Date): boolean {
  if (t.item.isGift) return false;
  return canCancelFreely(cancellationDeadline(t.option.cancelType, t.item.startDate, t.item.startTime), t.option.zone, now);
}

/** What cancelling now gives back: everything for an unconfirmed request, the rest by policy; capped at paid − refunded. */
export function refundDue(t: Pick<Loaded, 'item'> & { status: ItemRow['status'] }, policy: { free: boolean }, money: { paid: number; refunded: number }): number {
  const left = Math.max(0, money.paid - money.refunded);
  if (t.item.isGift) return 0;
  const full = t.status === 'processing' || policy.free;
  return full ? left : 0;
}

function refundQuote(t: Loaded, unit: CurrencyUnit, now: Date): RefundQuote {
  const free = isFreeToCancel(t, now);
  const paid = paidTotal(t);
  const refundable = t.item.status === 'cancelled' || t.item.status === 'declined' ? 0 : refundDue({ item: t.item, status: t.item.status }, { free }, { paid, refunded: t.refunded });
  const deadline = cancellationDeadline(t.option.cancelType, t.item.startDate, t.item.startTime);
  return {
    paid: wire(paid, unit),
    refunded: wire(t.refunded, unit),
    refundable: wire(refundable, unit),
    terms: cancellationTerms(deadline, { isGift: t.item.isGift }),
    freeCancellation: free,
  };
}

async function numGuestCanAdd(db: Db | Tx, t: Loaded, now: Date): Promise<number> {
  if (t.option.priceUnit !== 'per_person' || t.item.isGift || t.item.status !== 'confirmed') return 0;
  if (t.item.startDate <= todayFor(t.option, now)) return 0;
  const { left } = await unitsLeftFor(db, t.option, { startDate: t.item.startDate, endDate: t.item.endDate, slotKey: t.item.slotKey });
  return Math.max(0, Math.min(left, t.option.pricing.maxQtyForPrice - guestsOf(t.item)));
}

function canChangeDate(t: Loaded, now: Date): boolean {
  return t.option.rescheduleType === 'allow_reschedule_cancel' && t.option.priceUnit !== 'per_room' && isFreeToCancel(t, now) && t.changeRequest?.status !== 'pending';
}

function actionInput(t: Loaded, facts: { numGuestCanAdd: number; canChangeDate: boolean }): OrderItemForActions {
  return {
    status: t.item.status!,
    isGift: t.item.isGift,
    paymentStatus: settledPaymentStatus(t),
    numGuestCanAdd: facts.numGuestCanAdd,
    canChangeDate: facts.canChangeDate,
    canShareTrip: t.order.status === 'placed' && t.order.userId !== null,
    startDate: t.item.startDate,
    review: t.review ? { rating: t.review.rating } : null,
  };
}

async function actionsOf(db: Db | Tx, t: Loaded, user: { id: string } | null, now: Date) {
  const facts = { numGuestCanAdd: await numGuestCanAdd(db, t, now), canChangeDate: canChangeDate(t, now) };
  return { facts, actions: orderItemActions(actionInput(t, facts), { isOwner: !!user && t.order.userId === user.id, now }) };
}

/** Refuses (409, nothing changed) an action the status table does not offer. */
async function assertAction(db: Db | Tx, t: Loaded, user: { id: string }, action: OrderAction, now: Date, message: string) {
  const { actions, facts } = await actionsOf(db, t, user, now);
  if (!actions.includes(action)) throw notAllowed(message);
  return facts;
}

function groupOf(t: Loaded, now: Date): TripGroup {
  if (t.item.status === 'cancelled' || t.item.status === 'declined') return 'cancelled';
  if (t.item.status === 'completed' || t.item.endDate < localNow(t.option.zone, now).date) return 'past';
  return 'upcoming';
}

const reviewWindowEnds = (startDate: string) => {
  const [y, m, d] = startDate.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1 + REVIEW_WINDOW_MONTHS, d));
  return date.toISOString().slice(0, 10);
};

const changeRequestView = (r: typeof orderItemChangeRequests.$inferSelect): ChangeRequest => ({
  id: r.id,
  status: r.status,
  startDate: r.startDate,
  endDate: r.endDate,
  startTime: r.startTime,
  note: r.note,
  createdAt: r.createdAt.toISOString(),
  decidedAt: r.decidedAt?.toISOString() ?? null,
});

async function viewOf(db: Db, t: Loaded, user: { id: string } | null, m: MoneyContext, now: Date): Promise<Trip> {
  const unit = unitOf(m, t.order.currency);
  const { actions, facts } = await actionsOf(db, t, user, now);
  const view = await orderView(db, t.order.id, m);
  // The booking view leaves the after-purchase fields at their defaults; a trip knows them.
  const order = view.orderItem
    ? {
        ...view,
        orderItem: {
          ...view.orderItem,
          isGift: t.item.isGift,
          sendGiftDate: t.item.sendGiftDate,
          canCancel: view.orderItem.canCancel && actions.includes('cancel'),
          numGuestCanAdd: facts.numGuestCanAdd,
          canChangeDate: facts.canChangeDate,
          review: t.review ? { rating: t.review.rating } : null,
        },
      }
    : view;
  const [row] = await db
    .select({ name: operators.name, email: operators.contactEmail, phone: operators.contactPhone, website: operators.website })
    .from(options)
    .innerJoin(operators, eq(operators.id, options.operatorId))
    .where(eq(options.id, t.option.id));
  const [meet] = await db.select().from(optionLocations).where(and(eq(optionLocations.optionId, t.option.id), eq(optionLocations.kind, 'meetup'))).limit(1);
  const transport = t.option.transportItems.find((x) => x.id === t.item.transportItemId);
  let share: Trip['share'] = null;
  if (t.share) {
    const members = await db
      .select({ name: users.name, status: tripShareMembers.status })
      .from(tripShareMembers)
      .innerJoin(users, eq(users.id, tripShareMembers.userId))
      .where(eq(tripShareMembers.shareId, t.share.id))
      .orderBy(asc(tripShareMembers.createdAt));
    share = { id: t.share.id, members };
  }
  let guestPrice: Trip['guestPrice'] = null;
  if (facts.numGuestCanAdd > 0) guestPrice = wire(addGuestPrice(t, m, { quantity: 1, childQuantity: 0 }), unit);
  return {
    id: t.item.id,
    group: groupOf(t, now),
    status: t.item.status!,
    isGift: t.item.isGift,
    actions,
    order,
    operator: { name: row?.name ?? '', email: row?.email ?? '', phone: row?.phone ?? null, website: row?.website ?? null },
    meetingPoint: meet ? { name: meet.name, address: meet.address, note: meet.note } : t.option.meetingPoint ? { name: t.option.meetingPoint, address: '', note: '' } : null,
    pickup: transport ? { name: transport.name, address: t.order.pickupAddress } : null,
    refund: refundQuote(t, unit, now),
    numGuestCanAdd: facts.numGuestCanAdd,
    guestPrice,
    canChangeDate: facts.canChangeDate,
    changeRequest: t.changeRequest ? changeRequestView(t.changeRequest) : null,
    review: t.review ? { id: t.review.id, rating: t.review.rating, title: t.review.title, body: t.review.body, windowEndsOn: reviewWindowEnds(t.item.startDate) } : null,
    share,
  };
}

export async function tripFor(d: TripDeps, itemId: string, user: CurrentUser | null): Promise<Trip> {
  const t = await loadOwned(d.db, itemId, user);
  return viewOf(d.db, t, user, await loadMoneyContext(d.db), nowOf(d));
}

export async function listTrips(d: TripDeps, user: CurrentUser): Promise<Trip[]> {
  const rows = await d.db
    .select({ id: orderItems.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.userId, user.id), isNotNull(orderItems.status), inArray(orders.status, ['placed', 'awaiting_payment', 'expired'])))
    .orderBy(asc(orderItems.startDate), asc(orderItems.id));
  const m = await loadMoneyContext(d.db);
  const now = nowOf(d);
  const out: Trip[] = [];
  for (const r of rows) {
    const t = await load(d.db, r.id);
    if (t) out.push(await viewOf(d.db, t, user, m, now));
  }
  return out;
}

// ── E-mails ─────────────────────────────────────────────────────────────────────────
function mail(to: string, subject: string, lines: string[]) {
  return { channel: 'mail' as const, recipient: to, subject, body: lines.join('\n') };
}

const when = (i: { startDate: string; startTime: string | null }) => `${formatDate(i.startDate)}${i.startTime ? `, ${formatTime(i.startTime)}` : ''}`;
const tripUrl = (d: TripDeps, itemId: string) => `${d.config.siteUrl}/account/trips/${itemId}`;

async function formatMoney(db: Db | Tx, minor: number, code: string) {
  return (await moneyFormatter(db as Db))({ amount: minor, currency: code });
}

// ── Refunds ─────────────────────────────────────────────────────────────────────────
type RefundPlan = { payment: PaymentRow; amount: number }[];

/** Spreads `amount` over the payments that took money, newest first (added guests before the booking). */
function planRefund(t: Loaded, amount: number, alreadyByPayment: Map<string, number>): RefundPlan {
  const plan: RefundPlan = [];
  let left = amount;
  for (const p of [...paidPayments(t)].reverse()) {
    if (left <= 0) break;
    const room = p.amount - (alreadyByPayment.get(p.id) ?? 0);
    const take = Math.min(room, left);
    if (take > 0) {
      plan.push({ payment: p, amount: take });
      left -= take;
    }
  }
  if (left > 0) throw new Error(`refund plan short by ${left} on order ${t.order.id}`);
  return plan;
}

async function refundedByPayment(db: Db | Tx, orderId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ paymentId: orderRefunds.paymentId, total: sql<number>`sum(${orderRefunds.amount})::int` })
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId))
    .groupBy(orderRefunds.paymentId);
  return new Map(rows.map((r) => [r.paymentId, Number(r.total)]));
}

/** Asks the provider for each refund of the plan (idempotent by key); a failure stops before anything is recorded. */
async function executeRefunds(d: TripDeps, itemId: string, reason: string, plan: RefundPlan) {
  for (const step of plan) {
    try {
      await d.payments.refund(step.payment.providerRef!, { amount: step.amount, idempotencyKey: `trip:${reason}:${itemId}:${step.payment.id}:${step.amount}` });
    } catch (err) {
      d.log.error({ err, itemId, paymentId: step.payment.id, amount: step.amount }, 'trip refund failed at the provider');
      throw new HttpError(502, 'We could not reach the payment provider to refund you, so nothing was changed. Please try again in a few minutes.', { body: { code: 'provider_unavailable' } });
    }
  }
}

async function recordRefunds(tx: Tx, t: Loaded, reason: 'cancelled' | 'declined', plan: RefundPlan) {
  const after = await refundedByPayment(tx, t.order.id);
  for (const step of plan) {
    await tx.insert(orderRefunds).values({ id: randomId(16), orderId: t.order.id, paymentId: step.payment.id, amount: step.amount, currency: step.payment.currency, reason });
    const total = (after.get(step.payment.id) ?? 0) + step.amount;
    await tx
      .update(checkoutPayments)
      .set({ status: total >= step.payment.amount ? 'refunded' : 'partial_refunded', updatedAt: sql`now()` })
      .where(eq(checkoutPayments.id, step.payment.id));
  }
}

async function releaseItemSeats(tx: Tx, t: Loaded) {
  const [fresh] = await tx.select({ unitsHeld: orderItems.unitsHeld }).from(orderItems).where(eq(orderItems.id, t.item.id));
  if (fresh && fresh.unitsHeld > 0) await releaseUnits(tx, t.option, resolvedOfItem(t.item), fresh.unitsHeld);
  const [open] = await tx.select().from(orderItemChangeRequests).where(and(eq(orderItemChangeRequests.orderItemId, t.item.id), eq(orderItemChangeRequests.status, 'pending')));
  if (open && open.unitsHeld > 0) {
    await releaseUnits(tx, t.option, { startDate: open.startDate, endDate: open.endDate, slotKey: open.slotKey }, open.unitsHeld);
    await tx.update(orderItemChangeRequests).set({ status: 'rejected', unitsHeld: 0, decidedAt: sql`now()`, note: 'Withdrawn: the booking was cancelled' }).where(eq(orderItemChangeRequests.id, open.id));
  }
}

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
    await tx.insert(outbox).values(
      mail(t.order.customerEmail, `Booking cancelled: ${t.option.name}, ${formatDate(t.item.startDate)} (${t.order.number})`, [
        `Hi ${t.order.customerName},`,
        '',
        `Your booking ${t.order.number} for ${t.option.name} on ${when(t.item)} is cancelled, and its places have been released.`,
        amount > 0 ? `We are refunding ${paidText} to your original payment method; banks usually show it within 5 to 10 working days.` : `No refund is due under the booking's terms: ${quote.terms}.`,
        '',
        'The Verdant team',
      ]),
    );
    if (amount > 0) {
      await tx.insert(outbox).values(
        mail(t.order.customerEmail, `Refund on its way: ${paidText} (${t.order.number})`, [`Hi ${t.order.customerName},`, '', `We have refunded ${paidText} for booking ${t.order.number} (${t.option.name}).`, '', 'The Verdant team']),
      );
    }
  });
  d.log.info({ itemId, refunded: amount }, 'trip cancelled');
  const after = await loadOwned(d.db, itemId, user);
  return { trip: await viewOf(d.db, after, user, m, now), refunded: wire(amount, unitOf(m, t.order.currency)) };
}

// ── Add guests ──────────────────────────────────────────────────────────────────────
function addGuestPrice(t: Loaded, m: MoneyContext, add: { quantity: number; childQuantity: number }): number {
  const resolved = resolvedOfItem(t.item);
  const q = (extra: { quantity: number; childQuantity: number }) => ({
    quantity: t.item.quantity + extra.quantity,
    childQuantity: t.item.childQuantity + extra.childQuantity,
    localQuantity: t.item.localQuantity,
    childLocalQuantity: t.item.childLocalQuantity,
    transportItemId: t.item.transportItemId,
  });
  const before = priceResolved(t.option, resolved, q({ quantity: 0, childQuantity: 0 }));
  const after = priceResolved(t.option, resolved, q(add));
  const diff = Math.max(0, after.subtotal - before.subtotal);
  return convertMinor(diff, unitOf(m, t.option.currency), unitOf(m, t.order.currency), m.rates, { fee: t.order.feeApplied });
}

/** The price of adding these guests now, in the paid currency (what the add-guest page shows and sends back). */
export async function addGuestQuote(d: TripDeps, user: CurrentUser, itemId: string, add: { quantity: number; childQuantity: number }) {
  const now = nowOf(d);
  const m = await loadMoneyContext(d.db);
  const t = await loadOwned(d.db, itemId, user);
  const facts = await assertAction(d.db, t, user, 'add_guest', now, 'Guests cannot be added to this booking');
  if (add.quantity + add.childQuantity < 1) throw new HttpError(422, 'Please add at least one guest', { fields: { quantity: 'Please add at least one guest' } });
  if (add.quantity + add.childQuantity > facts.numGuestCanAdd) throw new HttpError(422, `You can add up to ${facts.numGuestCanAdd} guest${facts.numGuestCanAdd === 1 ? '' : 's'}`, { fields: { quantity: `Up to ${facts.numGuestCanAdd}` } });
  if (add.childQuantity > 0 && !t.option.pricing.useChildPrices) throw new HttpError(422, 'This experience has no child prices: add adults', { fields: { child_quantity: 'Add adults instead' } });
  return { amount: wire(addGuestPrice(t, m, add), unitOf(m, t.order.currency)), numGuestCanAdd: facts.numGuestCanAdd };
}

export async function addGuests(d: TripDeps, user: CurrentUser, body: { orderItemId: string; quantity: number; childQuantity: number; expectedAmount: { amount: number; currency: string }; cardToken: string }, idempotencyKey: string) {
  const now = nowOf(d);
  const m = await loadMoneyContext(d.db);
  const t = await loadOwned(d.db, body.orderItemId, user);
  const facts = await assertAction(d.db, t, user, 'add_guest', now, 'Guests cannot be added to this booking');
  const added = body.quantity + body.childQuantity;
  if (added < 1) throw new HttpError(422, 'Please add at least one guest', { fields: { quantity: 'Please add at least one guest' } });
  if (body.childQuantity > 0 && !t.option.pricing.useChildPrices) throw new HttpError(422, 'This experience has no child prices: add adults', { fields: { child_quantity: 'Add adults instead' } });
  if (added > facts.numGuestCanAdd) {
    throw new HttpError(422, `You can add up to ${facts.numGuestCanAdd} guest${facts.numGuestCanAdd === 1 ? '' : 's'}`, { fields: { quantity: `Up to ${facts.numGuestCanAdd}` } });
  }
  const unit = unitOf(m, t.order.currency);
  const amount = addGuestPrice(t, m, body);
  const expected = wire(amount, unit);
  if (body.expectedAmount.currency !== expected.currency || Math.abs(body.expectedAmount.amount - expected.amount) > 1e-9) {
    throw new HttpError(409, `The price is now ${expected.currency} ${expected.amount.toFixed(unit.exponent)}. Please check it and pay again.`, { body: { code: 'price_changed', amount: expected } });
  }
  if (amount <= 0) throw new HttpError(422, 'Nothing to pay for these guests', { fields: { quantity: 'Nothing to pay' } });

  // 1. Hold the seats and write a pending payment.
  const paymentId = randomId(16);
  await d.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orderItems).where(eq(orderItems.id, t.item.id)).for('update');
    if (!locked || locked.status !== t.item.status || guestsOf(locked) !== guestsOf(t.item)) throw notAllowed('This booking changed meanwhile: please reload the page');
    await takeUnits(tx, t.option, resolvedOfItem(t.item), added);
    await tx.update(orderItems).set({ unitsHeld: sql`${orderItems.unitsHeld} + ${added}`, updatedAt: sql`now()` }).where(eq(orderItems.id, t.item.id));
    await tx.insert(checkoutPayments).values({ id: paymentId, orderId: t.order.id, provider: d.payments.name, method: 'card', amount, currency: t.order.currency });
    await tx.insert(orderExtraPayments).values({ paymentId, orderItemId: t.item.id, purpose: 'add_guest', detail: { quantity: body.quantity, childQuantity: body.childQuantity } });
  });

  // 2. Charge (idempotent by the request's key).
  const undo = async (status: 'failed' | 'cancelled', code: string, message: string) => {
    await d.db.transaction(async (tx) => {
      await releaseUnits(tx, t.option, resolvedOfItem(t.item), added);
      await tx.update(orderItems).set({ unitsHeld: sql`${orderItems.unitsHeld} - ${added}`, updatedAt: sql`now()` }).where(eq(orderItems.id, t.item.id));
      await tx.update(checkoutPayments).set({ status, failureCode: code, failureMessage: message, updatedAt: sql`now()` }).where(eq(checkoutPayments.id, paymentId));
    });
  };
  let outcome;
  try {
    outcome = await d.payments.chargeCard({
      amount,
      currency: t.order.currency,
      idempotencyKey: `add-guest:${idempotencyKey}`,
      orderId: t.order.id,
      description: `Verdant booking ${t.order.number ?? ''}: added guests`.trim(),
      email: t.order.customerEmail,
      returnUrl: `${d.config.siteUrl}/account/trips/${t.item.id}/add-guest`,
      reference: (t.order.number ?? t.order.id.slice(0, 8)).replace(/[^A-Z0-9]/gi, ''),
      cardToken: body.cardToken,
    });
  } catch (err) {
    d.log.error({ err, itemId: t.item.id }, 'add guest: payment provider call failed');
    await undo('failed', 'provider_unavailable', 'We could not reach the payment provider.');
    throw new HttpError(502, 'We could not reach the payment provider. Nothing was charged; please try again.', { body: { code: 'provider_unavailable' } });
  }
  if (outcome.state === 'requires_action' || outcome.state === 'processing') {
    // Adding guests takes cards that need no extra authentication step; cancel the attempt.
    if (outcome.ref) await d.payments.cancel(outcome.ref);
    await undo('cancelled', 'authentication_not_supported', 'This card asks for an extra authentication step.');
    throw new HttpError(402, 'This card asks for an extra authentication step, which adding guests cannot do yet. You have not been charged; please use another card.', { body: { code: 'authentication_required' } });
  }
  if (outcome.state !== 'succeeded') {
    const message = outcome.failureMessage ?? 'Your payment failed.';
    await undo('failed', outcome.failureCode ?? 'payment_failed', message);
    throw new HttpError(402, `${message} You have not been charged.`, { body: { code: outcome.failureCode ?? 'payment_failed', declineCode: outcome.declineCode } });
  }

  // 3. Settle: the guests join the booking.
  await d.db.transaction(async (tx) => {
    await tx.update(checkoutPayments).set({ status: 'captured', providerRef: outcome.ref, cardBrand: outcome.cardBrand, cardLast4: outcome.cardLast4, updatedAt: sql`now()` }).where(eq(checkoutPayments.id, paymentId));
    const quantities = { quantity: t.item.quantity + body.quantity, childQuantity: t.item.childQuantity + body.childQuantity };
    await tx.update(orderItems).set({ ...quantities, updatedAt: sql`now()` }).where(eq(orderItems.id, t.item.id));
    const rest = { localQuantity: t.item.localQuantity, childLocalQuantity: t.item.childLocalQuantity, transportItemId: t.item.transportItemId };
    const priced = priceResolved(t.option, resolvedOfItem(t.item), { ...quantities, ...rest });
    const before = priceResolved(t.option, resolvedOfItem(t.item), { quantity: t.item.quantity, childQuantity: t.item.childQuantity, ...rest });
    const baseDiff = Math.max(0, priced.subtotal - before.subtotal);
    const extraLine = { kind: 'guest', label: `Added guests (${added})`, quantity: added, unitAmount: Math.round(amount / added), amount };
    await tx
      .update(orders)
      .set({
        subtotalAmount: sql`${orders.subtotalAmount} + ${baseDiff}`,
        totalAmount: sql`${orders.totalAmount} + ${baseDiff}`,
        exchangedSubtotalAmount: sql`${orders.exchangedSubtotalAmount} + ${amount}`,
        exchangedTotalAmount: sql`${orders.exchangedTotalAmount} + ${amount}`,
        lines: { base: priced.lines, exchanged: [...t.order.lines.exchanged, extraLine] },
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, t.order.id));
    const paid = await formatMoney(tx, amount, t.order.currency);
    await tx.insert(outbox).values(
      mail(t.order.customerEmail, `Guests added: ${t.option.name}, ${formatDate(t.item.startDate)} (${t.order.number})`, [
        `Hi ${t.order.customerName},`,
        '',
        `${added} guest${added === 1 ? ' has' : 's have'} joined your booking ${t.order.number} for ${t.option.name} on ${when(t.item)}. We charged ${paid} to your card.`,
        `Your group is now ${guestsOf(t.item) + added}. Please add the new guests' details: ${d.config.siteUrl}/trips/${t.item.id}/required_info`,
        '',
        `Your booking: ${tripUrl(d, t.item.id)}`,
        '',
        'The Verdant team',
      ]),
    );
  });
  const after = await loadOwned(d.db, t.item.id, user);
  return { trip: await viewOf(d.db, after, user, m, now), charged: wire(amount, unit) };
}

// ── Change date ─────────────────────────────────────────────────────────────────────
async function operatorEmailOf(db: Db | Tx, optionId: number): Promise<{ name: string; email: string } | null> {
  const [row] = await db.select({ name: operators.name, email: operators.contactEmail }).from(options).innerJoin(operators, eq(operators.id, options.operatorId)).where(eq(options.id, optionId));
  return row ?? null;
}

export async function requestDateChange(d: TripDeps, user: CurrentUser, body: { orderItemId: string; startDate: string; detailedTimeslotId?: string | undefined; note?: string | undefined }) {
  const now = nowOf(d);
  const m = await loadMoneyContext(d.db);
  const t = await loadOwned(d.db, body.orderItemId, user);
  await assertAction(d.db, t, user, 'change_date', now, 'The date of this booking cannot be changed');
  const resolved = resolveSelection(t.option, { startDate: body.startDate, detailedTimeslotId: body.detailedTimeslotId, roomId: t.item.roomId ?? undefined }, now);
  if (resolved.startDate === t.item.startDate && resolved.slotKey === t.item.slotKey) {
    throw new HttpError(422, 'Please choose a different date or time', { fields: { start_date: 'Please choose a different date or time' } });
  }
  const units = Math.max(t.item.unitsHeld, 0);
  const id = randomId(16);
  await d.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orderItems).where(eq(orderItems.id, t.item.id)).for('update');
    if (!locked || locked.status !== t.item.status) throw notAllowed('This booking changed meanwhile: please reload the page');
    if (units > 0) await takeUnits(tx, t.option, resolved, units);
    await tx.insert(orderItemChangeRequests).values({
      id,
      orderItemId: t.item.id,
      previousStatus: t.item.status!,
      startDate: resolved.startDate,
      endDate: resolved.endDate,
      startTime: resolved.startTime,
      endTime: resolved.endTime,
      slotKey: resolved.slotKey,
      unitsHeld: units,
      note: body.note ?? '',
    });
    await tx.update(orderItems).set({ status: 'having_change_request', updatedAt: sql`now()` }).where(eq(orderItems.id, t.item.id));
    const op = await operatorEmailOf(tx, t.option.id);
    await tx.insert(outbox).values(
      mail(t.order.customerEmail, `Date change requested: ${t.option.name} (${t.order.number})`, [
        `Hi ${t.order.customerName},`,
        '',
        `We have asked ${op?.name ?? 'the operator'} to move booking ${t.order.number} from ${when(t.item)} to ${when(resolved)}. Your new places are held; we will e-mail you as soon as they answer. Until then your booking stays on ${formatDate(t.item.startDate)}.`,
        '',
        `Your booking: ${tripUrl(d, t.item.id)}`,
        '',
        'The Verdant team',
      ]),
    );
    if (op) {
      await tx.insert(outbox).values(
        mail(op.email, `Change request for booking ${t.order.number}: ${t.option.name}`, [
          `${t.order.customerName} asks to move booking ${t.order.number} (${guestsOf(t.item)} guests) from ${when(t.item)} to ${when(resolved)}.`,
          ...(body.note ? ['', `Their note: ${body.note}`] : []),
          '',
          'Please accept or reject it from your partner dashboard.',
        ]),
      );
    }
  });
  const after = await loadOwned(d.db, t.item.id, user);
  return viewOf(d.db, after, user, m, now);
}

// ── Operator side ───────────────────────────────────────────────────────────────────
/** Loads a trip for a partner of its operator or an admin; 404 for everyone else. */
async function loadForOperator(db: Db, itemId: string, user: CurrentUser | null): Promise<Loaded> {
  if (!user) throw new HttpError(401, 'Please log in to continue.');
  const t = await load(db, itemId);
  if (!t) throw tripNotFound();
  if (user.isAdmin) return t;
  const [op] = await db.select({ operatorId: options.operatorId }).from(options).where(eq(options.id, t.option.id));
  const [member] = op ? await db.select().from(partnerMemberships).where(and(eq(partnerMemberships.userId, user.id), eq(partnerMemberships.operatorId, op.operatorId))) : [];
  if (!member) throw tripNotFound();
  return t;
}

export type OperatorResult = { orderItemId: string; status: NonNullable<ItemRow['status']>; refunded?: { amount: number; currency: string } };

export async function operatorConfirm(d: TripDeps, user: CurrentUser, itemId: string): Promise<OperatorResult> {
  const t = await loadForOperator(d.db, itemId, user);
  if (t.item.status !== 'processing') throw notAllowed(`Only a booking request (processing) can be confirmed; this one is ${t.item.status}`);
  await d.db.transaction(async (tx) => {
    const updated = await tx.update(orderItems).set({ status: 'confirmed', updatedAt: sql`now()` }).where(and(eq(orderItems.id, itemId), eq(orderItems.status, 'processing'))).returning({ id: orderItems.id });
    if (updated.length === 0) throw notAllowed('This booking changed meanwhile');
    const terms = cancellationTerms(cancellationDeadline(t.option.cancelType, t.item.startDate, t.item.startTime));
    await tx.insert(outbox).values(
      mail(t.order.customerEmail, `Booking confirmed: ${t.option.name}, ${formatDate(t.item.startDate)} (${t.order.number})`, [
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
  if (t.item.status !== 'processing') throw notAllowed(`Only a booking request (processing) can be declined; this one is ${t.item.status}`);
  const amount = Math.max(0, paidTotal(t) - t.refunded);
  const plan = amount > 0 ? planRefund(t, amount, await refundedByPayment(d.db, t.order.id)) : [];
  await executeRefunds(d, itemId, 'decline', plan);
  await d.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orderItems).where(eq(orderItems.id, itemId)).for('update');
    if (locked?.status !== 'processing') throw notAllowed('This booking changed meanwhile');
    await releaseItemSeats(tx, t);
    await tx.update(orderItems).set({ status: 'declined', unitsHeld: 0, updatedAt: sql`now()` }).where(eq(orderItems.id, itemId));
    await recordRefunds(tx, t, 'declined', plan);
    const paid = await formatMoney(tx, amount, t.order.currency);
    await tx.insert(outbox).values(
      mail(t.order.customerEmail, `Booking request declined: ${t.option.name}, ${formatDate(t.item.startDate)} (${t.order.number})`, [
        `Hi ${t.order.customerName},`,
        '',
        `We are sorry: the operator could not confirm ${t.option.name} on ${when(t.item)}.${note ? ` Their note: ${note}` : ''}`,
        amount > 0 ? `We have refunded ${paid} in full to your original payment method.` : 'Nothing was charged for it.',
        '',
        `Find another date: ${d.config.siteUrl}/experiences/${t.option.slugCode}`,
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
  if (t.item.status !== 'having_change_request' || !req || req.status !== 'pending') throw notAllowed('This booking has no open change request');
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
    await tx.insert(outbox).values(
      accept
        ? mail(t.order.customerEmail, `Date changed: ${t.option.name}, now ${formatDate(req.startDate)} (${t.order.number})`, [
            `Hi ${t.order.customerName},`,
            '',
            `Your booking ${t.order.number} for ${t.option.name} has moved from ${when(t.item)} to ${when(req)} (local time).`,
            '',
            `Your booking: ${tripUrl(d, t.item.id)}`,
            '',
            'The Verdant team',
          ])
        : mail(t.order.customerEmail, `Date change not possible: ${t.option.name} (${t.order.number})`, [
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
  if (t.item.status !== 'confirmed') throw notAllowed(`Only a confirmed booking can be completed; this one is ${t.item.status}`);
  const today = localNow(t.option.zone, now).date;
  if (t.item.endDate >= today) throw notAllowed(`This trip ends on ${formatDate(t.item.endDate)}: complete it after that`);
  await d.db.transaction(async (tx) => {
    const updated = await tx.update(orderItems).set({ status: 'completed', updatedAt: sql`now()` }).where(and(eq(orderItems.id, itemId), eq(orderItems.status, 'confirmed'))).returning({ id: orderItems.id });
    if (updated.length === 0) throw notAllowed('This booking changed meanwhile');
    await tx
      .insert(reviews)
      .values({ optionId: t.option.id, userId: t.order.userId, authorName: t.order.customerName, rating: null, travelledOn: t.item.startDate, orderItemId: t.item.id })
      .onConflictDoNothing();
    const ends = reviewWindowEnds(t.item.startDate);
    await tx.insert(outbox).values(
      mail(t.order.customerEmail, `How was ${t.option.name}?`, [
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

// ── Reviews ─────────────────────────────────────────────────────────────────────────
export async function writeReview(d: TripDeps, user: CurrentUser, body: { orderItemId: string; rating: number; title: string; body: string }) {
  const now = nowOf(d);
  const t = await loadOwned(d.db, body.orderItemId, user);
  const closed = t.item.status === 'completed' && t.review && t.review.rating === null && reviewWindowEnds(t.item.startDate) <= now.toISOString().slice(0, 10);
  await assertAction(
    d.db,
    t,
    user,
    'review',
    now,
    closed ? `Reviews for this trip closed on ${formatDate(reviewWindowEnds(t.item.startDate))}, two months after it started` : t.review?.rating ? 'You have already reviewed this trip' : 'This trip cannot be reviewed yet',
  );
  const updated = await d.db
    .update(reviews)
    .set({ rating: body.rating, title: body.title, body: body.body, authorName: user.name, travelledOn: t.item.startDate, updatedAt: sql`now()` })
    .where(and(eq(reviews.orderItemId, t.item.id), sql`${reviews.rating} is null`))
    .returning({ id: reviews.id });
  if (updated.length === 0) throw notAllowed('You have already reviewed this trip');
  return viewOf(d.db, await loadOwned(d.db, t.item.id, user), user, await loadMoneyContext(d.db), now);
}

// ── Sharing ─────────────────────────────────────────────────────────────────────────
async function shareView(db: Db, shareId: string, viewer: { id: string } | null, now: Date): Promise<SharedTrip> {
  const [share] = await db.select().from(tripShares).where(eq(tripShares.id, shareId));
  if (!share) throw new HttpError(404, 'This shared trip does not exist');
  const t = await load(db, share.orderItemId);
  if (!t) throw new HttpError(404, 'This shared trip does not exist');
  const members = await db
    .select({ userId: tripShareMembers.userId, name: users.name, status: tripShareMembers.status })
    .from(tripShareMembers)
    .innerJoin(users, eq(users.id, tripShareMembers.userId))
    .where(eq(tripShareMembers.shareId, share.id))
    .orderBy(asc(tripShareMembers.createdAt));
  const host = (await db.select({ name: users.name }).from(users).where(eq(users.id, t.order.userId ?? '')))[0]?.name ?? t.order.customerName;
  const firstName = (n: string) => n.trim().split(/\s+/)[0] ?? n;
  const ownerActions = orderItemActions(actionInput(t, { numGuestCanAdd: 0, canChangeDate: false }), { isOwner: true, now });
  return {
    id: share.id,
    optionName: t.option.name,
    optionSlug: t.option.slugCode,
    image: t.option.image?.url ?? null,
    city: t.option.city.name,
    country: t.option.country.name,
    startDate: t.item.startDate,
    endDate: t.item.endDate,
    startTime: t.item.startTime,
    hostName: firstName(host),
    members: members.map((x) => ({ name: firstName(x.name), status: x.status })),
    myStatus: viewer ? (members.find((x) => x.userId === viewer.id)?.status ?? null) : null,
    isHost: !!viewer && viewer.id === t.order.userId,
    open: ownerActions.includes('share_trip'),
  };
}

/** The owner's share link for the order (created on first ask). */
export async function shareOrder(d: TripDeps, user: CurrentUser, orderId: string): Promise<SharedTrip> {
  const now = nowOf(d);
  const [item] = await d.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, orderId)).limit(1);
  if (!item) throw tripNotFound();
  const t = await loadOwned(d.db, item.id, user);
  await assertAction(d.db, t, user, 'share_trip', now, 'This trip cannot be shared');
  const id = t.share?.id ?? randomId(16);
  if (!t.share) await d.db.insert(tripShares).values({ id, orderItemId: t.item.id }).onConflictDoNothing();
  const [row] = await d.db.select({ id: tripShares.id }).from(tripShares).where(eq(tripShares.orderItemId, t.item.id));
  return shareView(d.db, row!.id, user, now);
}

export function readShare(d: TripDeps, shareId: string, viewer: CurrentUser | null) {
  return shareView(d.db, shareId, viewer, nowOf(d));
}

export async function answerShare(d: TripDeps, user: CurrentUser, shareId: string, answer: 'joined' | 'declined' | 'left'): Promise<SharedTrip> {
  const now = nowOf(d);
  const view = await shareView(d.db, shareId, user, now);
  if (view.isHost) throw notAllowed('This is your own trip: share the link with your friends');
  if (answer === 'left') {
    if (view.myStatus !== 'joined') throw notAllowed('You have not joined this trip');
  } else if (!view.open) {
    throw notAllowed('This trip is no longer open to join');
  }
  await d.db
    .insert(tripShareMembers)
    .values({ shareId, userId: user.id, status: answer })
    .onConflictDoUpdate({ target: [tripShareMembers.shareId, tripShareMembers.userId], set: { status: answer, updatedAt: sql`now()` } });
  return shareView(d.db, shareId, user, now);
}

/** The last day a trip may be reviewed (its start date + 2 months). */
export const reviewWindowEnd = reviewWindowEnds;

// A trip as the traveller sees it (contract Trip): the booking view plus its actions,
// operator, meeting point, refund quote, change request, review and share; one or all of them.
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { ChangeRequest, Trip } from '../../../contract/trips.ts';
import type { CurrentUser } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { operators, optionLocations, options, type orderItemChangeRequests, orderItems, orders, tripShareMembers, users } from '../../db/schema.ts';
import { loadMoneyContext, unitOf, type MoneyContext } from '../booking/catalog.ts';
import { latestOf, orderViewOf } from '../booking/checkout.ts';
import { wire } from '../booking/views.ts';
import { addGuestPrice } from './guest-price.ts';
import { type TripDeps, nowOf, type Loaded, load, loadOwned } from './load.ts';
import { refundQuote, actionsOf, groupOf, reviewWindowEnd } from './rules.ts';

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

export async function viewOf(db: Db, t: Loaded, user: { id: string } | null, m: MoneyContext, now: Date): Promise<Trip> {
  const unit = unitOf(m, t.order.currency);
  // Independent reads, issued together; the order's view from the rows the trip already has.
  const [{ actions, facts }, view, [row], [meet], members] = await Promise.all([
    actionsOf(db, t, user, now),
    orderViewOf(db, { order: t.order, payment: latestOf(t.payments), item: t.item, option: t.option }, m),
    db
      .select({ name: operators.name, email: operators.contactEmail, phone: operators.contactPhone, website: operators.website })
      .from(options)
      .innerJoin(operators, eq(operators.id, options.operatorId))
      .where(eq(options.id, t.option.id)),
    db.select().from(optionLocations).where(and(eq(optionLocations.optionId, t.option.id), eq(optionLocations.kind, 'meetup'))).limit(1),
    t.share
      ? db
          .select({ name: users.name, status: tripShareMembers.status })
          .from(tripShareMembers)
          .innerJoin(users, eq(users.id, tripShareMembers.userId))
          .where(eq(tripShareMembers.shareId, t.share.id))
          .orderBy(asc(tripShareMembers.createdAt))
      : null,
  ]);
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
  const transport = t.option.transportItems.find((x) => x.id === t.item.transportItemId);
  const share: Trip['share'] = t.share && members ? { id: t.share.id, members } : null;
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
    review: t.review ? { id: t.review.id, rating: t.review.rating, title: t.review.title, body: t.review.body, windowEndsOn: reviewWindowEnd(t.item.startDate) } : null,
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
  // Each trip is read on its own; together they wait for the slowest, not for the sum.
  const views = await Promise.all(
    rows.map(async (r) => {
      const t = await load(d.db, r.id);
      return t ? viewOf(d.db, t, user, m, now) : null;
    }),
  );
  return views.filter((v): v is Trip => v !== null);
}

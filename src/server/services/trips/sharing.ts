// Sharing a trip: the owner's link, what a friend sees, and joining, declining or leaving.
import { asc, eq, sql } from 'drizzle-orm';
import type { SharedTrip } from '../../../contract/trips.ts';
import { orderItemActions } from '../../../lib/order-actions.ts';
import type { CurrentUser } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { orderItems, tripShareMembers, tripShares, users } from '../../db/schema.ts';
import { HttpError } from '../../http.ts';
import { randomId } from '../secrets.ts';
import { type TripDeps, nowOf, tripNotFound, load, loadOwned } from './load.ts';
import { notAllowed, actionInput, assertAction } from './rules.ts';

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

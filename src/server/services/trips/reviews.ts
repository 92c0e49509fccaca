// The traveller's review of a completed trip, within its review window.
import { and, eq, sql } from 'drizzle-orm';
import { formatDate } from '../../../lib/format-date.ts';
import type { CurrentUser } from '../../context.ts';
import { reviews } from '../../db/schema.ts';
import { loadMoneyContext } from '../booking/catalog.ts';
import { type TripDeps, nowOf, loadOwned } from './load.ts';
import { notAllowed, assertAction, reviewWindowEnd } from './rules.ts';
import { viewOf } from './view.ts';

export async function writeReview(d: TripDeps, user: CurrentUser, body: { orderItemId: string; rating: number; title: string; body: string }) {
  const now = nowOf(d);
  const t = await loadOwned(d.db, body.orderItemId, user);
  const closed = t.item.status === 'completed' && t.review && t.review.rating === null && reviewWindowEnd(t.item.startDate) <= now.toISOString().slice(0, 10);
  await assertAction(
    d.db,
    t,
    user,
    'review',
    now,
    closed ? `Reviews for this trip closed on ${formatDate(reviewWindowEnd(t.item.startDate))}, two months after it started` : t.review?.rating ? 'You have already reviewed this trip' : 'This trip cannot be reviewed yet',
  );
  const updated = await d.db
    .update(reviews)
    .set({ rating: body.rating, title: body.title, body: body.body, authorName: user.name, travelledOn: t.item.startDate, updatedAt: sql`now()` })
    .where(and(eq(reviews.orderItemId, t.item.id), sql`${reviews.rating} is null`))
    .returning({ id: reviews.id });
  if (updated.length === 0) throw notAllowed('You have already reviewed this trip');
  return viewOf(d.db, await loadOwned(d.db, t.item.id, user), user, await loadMoneyContext(d.db), now);
}

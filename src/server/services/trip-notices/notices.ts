// Trip notices on WhatsApp (issue 25; ADR 0046): a traveller with a verified phone who opted in
// hears on WhatsApp that a booking is confirmed, how the operator answered a request or a date
// change, and, the day before, where to meet. Each notice is a `trip_notices` row written in the
// transaction of its cause, with a unique key (one per booking and kind; a reminder per date), and a
// `trip-notice` job on the durable queue (ADR 0023) due outside the traveller's quiet hours.
import { and, eq, inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import { addDays, zonedInstant } from '../../../lib/local-time.ts';
import { afterQuietHours } from '../../../lib/quiet-hours.ts';
import type { Db, Tx } from '../../db/client.ts';
import { orderItems, orders, tripNotices, tripNoticeSettings, users } from '../../db/schema.ts';
import { type JobQueue, QUEUES } from '../../jobs/queue.ts';
import type { NoticeKind } from './messages.ts';

export type NoticeQueueDeps = { jobs?: JobQueue | null | undefined; log: Logger };
export type TripNoticeJob = { noticeId: number };

export const noticeJobKey = (noticeId: number) => `trip-notice:${noticeId}`;
/** The local hour of the day before a trip at which its reminder is due (the experience's zone). */
export const REMINDER_TIME = '09:00';

/** Who gets notices about an item: its order's traveller, when opted in with a verified phone. */
async function recipientOf(tx: Tx, orderItemId: string) {
  const [who] = await tx
    .select({ userId: users.id, phone: users.phoneNumber, whatsapp: tripNoticeSettings.whatsapp, timeZone: tripNoticeSettings.timeZone })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(tripNoticeSettings, eq(tripNoticeSettings.userId, users.id))
    .where(eq(orderItems.id, orderItemId));
  return who?.whatsapp && who.phone ? { userId: who.userId, timeZone: who.timeZone } : null;
}

/**
 * Inside the transaction of its cause: records one notice and enqueues its job, when the traveller
 * opted in (checked again when it is sent). A key already used does nothing. Answers the notice id.
 */
export async function queueTripNotice(
  tx: Tx,
  d: NoticeQueueDeps,
  n: { orderItemId: string; kind: NoticeKind; key: string; detail?: Record<string, string>; dueAt?: Date },
  now: Date,
): Promise<number | null> {
  const to = await recipientOf(tx, n.orderItemId);
  if (!to) return null;
  if (!d.jobs) {
    d.log.warn({ orderItemId: n.orderItemId, kind: n.kind }, 'trip notice not queued: no job queue in this process');
    return null;
  }
  const dueAt = afterQuietHours(new Date(Math.max(now.getTime(), n.dueAt?.getTime() ?? 0)), to.timeZone);
  const [row] = await tx
    .insert(tripNotices)
    .values({ key: n.key, userId: to.userId, orderItemId: n.orderItemId, kind: n.kind, detail: n.detail ?? {}, dueAt })
    .onConflictDoNothing({ target: tripNotices.key })
    .returning({ id: tripNotices.id });
  if (!row) return null;
  await d.jobs.enqueue(tx, QUEUES.tripNotice.name, { noticeId: row.id } satisfies TripNoticeJob, { startAfter: dueAt, key: noticeJobKey(row.id) });
  return row.id;
}

/** When a trip's reminder is due: 09:00 the day before, in the experience's own time zone. */
export const reminderDueAt = (startDate: string, zone: string) => zonedInstant(addDays(startDate, -1), REMINDER_TIME, zone);

/** The reminder of a confirmed trip on its current date (a moved trip gets one for its new date). */
export async function queueReminder(tx: Tx, d: NoticeQueueDeps, item: { id: string; startDate: string; startTime: string | null }, zone: string, now: Date) {
  if (zonedInstant(item.startDate, item.startTime ?? '00:00', zone).getTime() <= now.getTime()) return null;
  return queueTripNotice(tx, d, { orderItemId: item.id, kind: 'reminder', key: `reminder:${item.id}:${item.startDate}`, detail: { date: item.startDate }, dueAt: reminderDueAt(item.startDate, zone) }, now);
}

/** A booking that is confirmed (paid instantly, or a request the operator confirmed): the notice and the reminder. */
export async function queueConfirmed(tx: Tx, d: NoticeQueueDeps, item: { id: string; startDate: string; startTime: string | null }, zone: string, now: Date, via: 'booking' | 'request') {
  if (via === 'booking') await queueTripNotice(tx, d, { orderItemId: item.id, kind: 'booking_confirmed', key: `confirmed:${item.id}` }, now);
  else await queueTripNotice(tx, d, { orderItemId: item.id, kind: 'request_answered', key: `request:${item.id}`, detail: { answer: 'confirmed' } }, now);
  await queueReminder(tx, d, item, zone, now);
}

/**
 * The test clock (development and tests only, like the gift one; through POST /test-gateway/clock):
 * "it is now `at`" for one order moves its queued notices' jobs as if that much time had passed.
 */
export async function moveNoticeClock(db: Db | Tx, jobs: JobQueue, orderId: string, at: Date, now = new Date()): Promise<number> {
  const queued = await db
    .select({ id: tripNotices.id, dueAt: tripNotices.dueAt })
    .from(tripNotices)
    .innerJoin(orderItems, eq(orderItems.id, tripNotices.orderItemId))
    .where(and(eq(orderItems.orderId, orderId), inArray(tripNotices.status, ['queued'])));
  let due = 0;
  for (const n of queued) {
    const startAfter = new Date(Math.max(0, n.dueAt.getTime() - Math.max(0, at.getTime() - now.getTime())));
    await jobs.reschedule(QUEUES.tripNotice.name, noticeJobKey(n.id), startAfter);
    if (startAfter.getTime() <= now.getTime()) due++;
  }
  if (due > 0) jobs.wake(QUEUES.tripNotice.name);
  return due;
}

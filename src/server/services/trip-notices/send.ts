// The `trip-notice` job (ADR 0046): sends one notice, once. Everything is decided at send time in
// one transaction that locks the notice row: the traveller may have opted out or removed their
// phone since it was queued (then it is skipped), it may now fall in their quiet hours (then it waits
// for the morning), a reminder's trip may have been cancelled or moved. Keeping the message (outbox,
// and the Cloud API's delivery job) and marking the row sent commit together, so a job that runs
// again finds it sent and does nothing.
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { zonedInstant } from '../../../lib/local-time.ts';
import { afterQuietHours } from '../../../lib/quiet-hours.ts';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { tripNotices, tripNoticeSettings, users } from '../../db/schema.ts';
import { type JobQueue, QUEUES } from '../../jobs/queue.ts';
import type { NoticeSender } from '../../providers/whatsapp-notices.ts';
import { load } from '../trips/load.ts';
import { noticeMessage } from './messages.ts';
import { noticeJobKey, type TripNoticeJob } from './notices.ts';

export type NoticeSendDeps = { db: Db; config: Pick<Config, 'siteUrl'>; jobs: JobQueue | null; sender: NoticeSender; log: Logger };
export type NoticeOutcome = 'sent' | 'skipped' | 'waiting' | 'done' | 'not_found';

export async function sendTripNotice(d: NoticeSendDeps, job: TripNoticeJob, now = new Date()): Promise<NoticeOutcome> {
  return d.db.transaction(async (tx): Promise<NoticeOutcome> => {
    const [n] = await tx.select().from(tripNotices).where(eq(tripNotices.id, job.noticeId)).for('update');
    if (!n) return 'not_found';
    if (n.status !== 'queued') return 'done';
    // The job runs at its due time or later (the test clock moves the job, not the row).
    const logicalNow = new Date(Math.max(now.getTime(), n.dueAt.getTime()));
    const skip = async (reason: string): Promise<NoticeOutcome> => {
      await tx.update(tripNotices).set({ status: 'skipped', skippedReason: reason }).where(eq(tripNotices.id, n.id));
      d.log.info({ noticeId: n.id, kind: n.kind, reason }, 'trip notice skipped');
      return 'skipped';
    };
    const [who] = await tx
      .select({ name: users.name, phone: users.phoneNumber, gone: users.discardedAt, whatsapp: tripNoticeSettings.whatsapp, timeZone: tripNoticeSettings.timeZone })
      .from(users)
      .leftJoin(tripNoticeSettings, eq(tripNoticeSettings.userId, users.id))
      .where(eq(users.id, n.userId));
    if (!who || who.gone || !who.whatsapp || !who.timeZone) return skip('opted_out');
    if (!who.phone) return skip('no_phone');
    const morning = afterQuietHours(logicalNow, who.timeZone);
    if (morning.getTime() > logicalNow.getTime()) return wait(tx, d, n.id, morning);

    const t = await load(tx, n.orderItemId);
    if (!t) return skip('booking_gone');
    if (n.kind === 'reminder') {
      if (t.item.status !== 'confirmed') return skip(`trip_${t.item.status ?? 'gone'}`);
      if (n.detail['date'] !== t.item.startDate) return skip('trip_moved');
      if (zonedInstant(t.item.startDate, t.item.startTime ?? '00:00', t.option.zone).getTime() <= logicalNow.getTime()) return skip('trip_started');
    }
    const message = noticeMessage(
      n.kind,
      {
        travellerName: t.order.customerName || who.name,
        orderNumber: t.order.number ?? '',
        optionName: t.option.name,
        startDate: t.item.startDate,
        startTime: t.item.startTime,
        meetingPoint: t.option.meetingPoint,
        tripUrl: `${d.config.siteUrl}/account/trips/${t.item.id}`,
      },
      n.detail,
    );
    const outboxId = await d.sender.keep(tx, d.jobs, who.phone, message);
    await tx.update(tripNotices).set({ status: 'sent', outboxId, sentAt: now }).where(eq(tripNotices.id, n.id));
    return 'sent';
  });
}

/** Due in the traveller's quiet hours (their zone changed, or the job ran late): again in the morning. */
async function wait(tx: Tx, d: NoticeSendDeps, noticeId: number, at: Date): Promise<NoticeOutcome> {
  if (!d.jobs) throw new Error('a trip notice fell in quiet hours and no job queue runs in this process to send it later');
  await tx.update(tripNotices).set({ dueAt: at }).where(eq(tripNotices.id, noticeId));
  await d.jobs.enqueue(tx, QUEUES.tripNotice.name, { noticeId } satisfies TripNoticeJob, { startAfter: at, key: noticeJobKey(noticeId) });
  return 'waiting';
}

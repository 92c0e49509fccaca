// The handlers of every queue, registered by the listening process (main.ts), and the recurring
// jobs it installs.
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Mailer } from '../providers/mail.ts';
import type { PaymentProvider } from '../providers/payments/port.ts';
import { sweepBooking } from '../services/booking/checkout.ts';
import { reconcilePayments } from '../services/booking/checkout/reconcile.ts';
import { deliverGift, type DeliveryDeps } from '../services/gifts/delivery.ts';
import { sweepUnusedUploads } from '../services/images.ts';
import type { FileStorage } from '../providers/storage.ts';
import { publishHandler, recoverPublishRuns, type SiteBuilder } from '../services/publish.ts';
import { runScheduledPublish, type ScheduledPublishJob } from '../services/admin/editing.ts';
import { pipelinePublisher } from '../services/admin/publisher.ts';
import { sendUnreadMail, type ChatMailJob, type UnreadMailDeps } from '../services/chat/unread-mail.ts';
import { type JobQueue, QUEUES, SCHEDULES } from './queue.ts';
import { type ConversionSender, createConversionSender } from '../providers/conversions.ts';
import { sendConversionEvent } from '../services/conversion-events.ts';
import { createNoticeSender, type NoticeSender, type WhatsappDeliveryJob } from '../providers/whatsapp-notices.ts';
import type { TripNoticeJob } from '../services/trip-notices/notices.ts';
import { type NoticeSendDeps, sendTripNotice } from '../services/trip-notices/send.ts';
import { expireEvidence, sweepOverdueEvidence, type ExpiryJob } from '../services/tag-evidence.ts';

export type WorkerDeps = {
  db: Db;
  mailer: Mailer;
  jobs: JobQueue;
  siteUrl: string;
  secretKey: string;
  log: Logger;
  /** Where uploaded photos are stored (the image-cleanup job deletes unused ones). */
  storage: FileStorage;
  /** The static site's builder: given only to the process that owns dist (npm start, dev). */
  site?: SiteBuilder;
};
export type SweepDeps = { db: Db; config: Config; log: Logger; payments: PaymentProvider; jobs: JobQueue };

export const giftDeliveryHandler = (d: DeliveryDeps) => async (data: { giftId: string }) => {
  const result = await deliverGift(d, data.giftId);
  if (result === 'not_found') d.log.warn({ giftId: data.giftId }, 'gift-delivery: the gift no longer exists');
};

/** Publishes a draft at its scheduled time; a stale job (rescheduled, cancelled) does nothing. */
export const scheduledPublishHandler = (d: Pick<WorkerDeps, 'db' | 'jobs' | 'log'>) => async (data: ScheduledPublishJob) => {
  const result = await runScheduledPublish({ db: d.db, jobs: d.jobs, publisher: pipelinePublisher(d.jobs) }, data);
  if (result === 'failed') d.log.warn({ record: `${data.type}/${data.id}`, at: data.at }, 'scheduled-publish: the draft could not go live; the schedule is cleared and the history says why');
  else d.log.info({ record: `${data.type}/${data.id}`, at: data.at, result }, 'scheduled-publish');
};

/** Chat messages left unread for 15 minutes: one e-mail per conversation burst. */
export const chatUnreadMailHandler = (d: UnreadMailDeps & { log: Logger }) => async (data: ChatMailJob) => {
  const result = await sendUnreadMail(d, data);
  if (result === 'not_found') d.log.warn({ conversationId: data.conversationId }, 'chat-unread-mail: the conversation no longer exists');
};

/** Sends one consented conversion event (logged only when no ad platform keys are set). */
export const conversionEventHandler = (d: { db: Db; sender: ConversionSender; log: Logger }) => async (data: { eventId: string }) => {
  await sendConversionEvent(d, data.eventId);
};

/** One trip notice on WhatsApp (ADR 0046): sent, skipped (opted out, trip changed) or waiting for the morning. */
export const tripNoticeHandler = (d: NoticeSendDeps) => async (data: TripNoticeJob) => {
  const result = await sendTripNotice(d, data);
  if (result === 'not_found') d.log.warn({ noticeId: data.noticeId }, 'trip-notice: the notice no longer exists');
};

/** Hands one kept WhatsApp notice to the Cloud API (only enqueued when it is configured). */
export const whatsappDeliveryHandler = (d: { db: Db; sender: NoticeSender }) => (data: WhatsappDeliveryJob) => d.sender.deliver(d.db, data);

export const mailDeliveryHandler = (d: Pick<WorkerDeps, 'db' | 'mailer'>) => (data: { outboxId: number }) => d.mailer.deliver(d.db, data.outboxId);

/**
 * Releases seats of payments left unfinished (15 minutes), lapses unpaid later payments,
 * invoices and gift orders, and forgets idempotency keys older than eight days. Each release
 * locks its order in a transaction, so a sweep that overlaps another never double-releases.
 */
export const bookingSweepHandler = (d: SweepDeps) => async () => {
  const { expired, lapsed } = await sweepBooking({ ...d, user: null });
  if (expired + lapsed > 0) d.log.info({ expired, lapsed }, 'booking sweeper released orders');
};

/**
 * Reconciliation: the provider's payments against our orders (ADR 0047). What it fixed is in
 * the log (one warn per fix and a summary); a run that finds everything in order logs at info.
 */
export const paymentReconcileHandler = (d: SweepDeps) => async () => {
  await reconcilePayments({ ...d, user: null }, { graceMs: d.config.payments.reconcileGraceMs });
};

/** Deletes back-office uploads nothing used a day after they were uploaded; `now` for tests (the test clock). */
export const imageCleanupHandler = (d: Pick<WorkerDeps, 'db' | 'storage' | 'log'> & { now?: () => Date }) => async () => {
  const { deleted, failed } = await sweepUnusedUploads({ db: d.db, storage: d.storage, log: d.log, ...(d.now ? { now: d.now() } : {}) });
  if (deleted + failed > 0) d.log.info({ deleted, failed }, 'image-cleanup: unused uploads deleted');
};

/**
 * A certification's last valid day has passed: its evidence stops being verified and the page is
 * republished. Without data (the daily schedule): every verified certification already past.
 */
export const tagEvidenceExpiryHandler = (d: Pick<WorkerDeps, 'db' | 'jobs' | 'log'> & { now?: () => Date }) => async (payload: Partial<ExpiryJob>) => {
  // A scheduled (cron) job carries no data.
  const data = payload as Partial<ExpiryJob> | null;
  if (data && typeof data.evidenceId === 'number' && typeof data.expiresOn === 'string') {
    const result = await expireEvidence(d, { evidenceId: data.evidenceId, expiresOn: data.expiresOn });
    d.log.info({ evidenceId: data.evidenceId, expiresOn: data.expiresOn, result }, 'tag-evidence-expiry');
    return;
  }
  const expired = await sweepOverdueEvidence(d);
  if (expired) d.log.info({ expired }, 'tag-evidence-expiry: overdue evidence expired');
};

export async function startWorkers(d: WorkerDeps & { config: Config; payments: PaymentProvider }): Promise<void> {
  await d.jobs.work(QUEUES.giftDelivery.name, giftDeliveryHandler(d));
  await d.jobs.work(QUEUES.mailDelivery.name, mailDeliveryHandler(d));
  await d.jobs.work(QUEUES.bookingSweep.name, bookingSweepHandler({ db: d.db, config: d.config, log: d.log, payments: d.payments, jobs: d.jobs }));
  await d.jobs.work(QUEUES.imageCleanup.name, imageCleanupHandler(d));
  await d.jobs.work(QUEUES.paymentReconcile.name, paymentReconcileHandler({ db: d.db, config: d.config, log: d.log, payments: d.payments, jobs: d.jobs }));
  await d.jobs.work(QUEUES.tagEvidenceExpiry.name, tagEvidenceExpiryHandler(d));
  for (const s of SCHEDULES) await d.jobs.schedule(s.queue, s.cron);
  if (d.site) {
    await d.jobs.work(QUEUES.sitePublish.name, publishHandler({ db: d.db, log: d.log, site: d.site }));
    const recovered = await recoverPublishRuns(d.db, d.jobs);
    if (recovered) d.log.warn({ recovered }, 'site-publish: runs interrupted by a restart were queued again');
  }
  await d.jobs.work(QUEUES.scheduledPublish.name, scheduledPublishHandler(d));
  await d.jobs.work(QUEUES.conversionEvent.name, conversionEventHandler({ db: d.db, sender: createConversionSender(d.config, d.log), log: d.log }));
  await d.jobs.work(QUEUES.chatUnreadMail.name, chatUnreadMailHandler({ db: d.db, config: d.config, jobs: d.jobs, log: d.log }));
  const sender = createNoticeSender(d.config, d.log);
  await d.jobs.work(QUEUES.tripNotice.name, tripNoticeHandler({ db: d.db, config: d.config, jobs: d.jobs, sender, log: d.log }));
  await d.jobs.work(QUEUES.whatsappDelivery.name, whatsappDeliveryHandler({ db: d.db, sender }));
}

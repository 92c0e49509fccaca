// The handlers of every queue, registered by the listening process (main.ts).
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import type { Mailer } from '../providers/mail.ts';
import { deliverGift } from '../services/gifts/delivery.ts';
import { publishHandler, recoverPublishRuns, type SiteBuilder } from '../services/publish.ts';
import { runScheduledPublish, type ScheduledPublishJob } from '../services/admin/editing.ts';
import { pipelinePublisher } from '../services/admin/publisher.ts';
import { type JobQueue, QUEUES } from './queue.ts';

export type WorkerDeps = {
  db: Db;
  mailer: Mailer;
  siteUrl: string;
  log: Logger;
  /** The static site's builder: given only to the process that owns dist (npm start, dev). */
  site?: SiteBuilder;
};

export const giftDeliveryHandler = (d: WorkerDeps) => async (data: { giftId: string }) => {
  const result = await deliverGift(d, data.giftId);
  if (result === 'not_found') d.log.warn({ giftId: data.giftId }, 'gift-delivery: the gift no longer exists');
};

/** Publishes a draft at its scheduled time; a stale job (rescheduled, cancelled) does nothing. */
export const scheduledPublishHandler = (d: WorkerDeps, jobs: JobQueue) => async (data: ScheduledPublishJob) => {
  const result = await runScheduledPublish({ db: d.db, jobs, publisher: pipelinePublisher(jobs) }, data);
  d.log.info({ record: `${data.type}/${data.id}`, at: data.at, result }, 'scheduled-publish');
};

export async function startWorkers(jobs: JobQueue, d: WorkerDeps): Promise<void> {
  await jobs.work(QUEUES.giftDelivery.name, giftDeliveryHandler(d));
  if (d.site) {
    await jobs.work(QUEUES.sitePublish.name, publishHandler({ db: d.db, log: d.log, site: d.site }));
    const recovered = await recoverPublishRuns(d.db, jobs);
    if (recovered) d.log.warn({ recovered }, 'site-publish: runs interrupted by a restart were queued again');
  }
  await jobs.work(QUEUES.scheduledPublish.name, scheduledPublishHandler(d, jobs));
}

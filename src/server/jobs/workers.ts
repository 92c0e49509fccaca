// The handlers of every queue, registered by the listening process (main.ts).
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import type { Mailer } from '../providers/mail.ts';
import { deliverGift } from '../services/gifts/delivery.ts';
import { type JobQueue, QUEUES } from './queue.ts';

export type WorkerDeps = { db: Db; mailer: Mailer; jobs: JobQueue; siteUrl: string; secretKey: string; log: Logger };

export const giftDeliveryHandler = (d: WorkerDeps) => async (data: { giftId: string }) => {
  const result = await deliverGift(d, data.giftId);
  if (result === 'not_found') d.log.warn({ giftId: data.giftId }, 'gift-delivery: the gift no longer exists');
};

export const mailDeliveryHandler = (d: Pick<WorkerDeps, 'db' | 'mailer'>) => (data: { outboxId: number }) => d.mailer.deliver(d.db, data.outboxId);

export async function startWorkers(d: WorkerDeps): Promise<void> {
  await d.jobs.work(QUEUES.giftDelivery.name, giftDeliveryHandler(d));
  await d.jobs.work(QUEUES.mailDelivery.name, mailDeliveryHandler(d));
}

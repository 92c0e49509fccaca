// The gift-delivery job: writes one gift's e-mail to its recipient, once. The `sent_at` guard, the
// outbox row and (when mail leaves the outbox) its mail-delivery job are written in one
// transaction, so a job that runs again (its process died before the queue heard it finished)
// finds the gift sent and does nothing. The SMTP call happens in that mail-delivery job, outside
// any transaction, and is retried by the queue while it fails.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { gifts } from '../../db/schema.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { queueMail } from '../../providers/mail.ts';
import { giftForMail } from './gift-view.ts';
import { giftEmail } from './mail.ts';

export type DeliveryDeps = { db: Db; config: Pick<Config, 'mail'>; jobs: JobQueue; siteUrl: string; secretKey: string; log: Logger };

export async function deliverGift(d: DeliveryDeps, giftId: string, now = new Date()): Promise<'sent' | 'already_sent' | 'not_found'> {
  return d.db.transaction(async (tx) => {
    const [gift] = await tx
      .update(gifts)
      .set({ status: sql`case when ${gifts.status} = 'scheduled' then 'sent'::gift_status else ${gifts.status} end`, sentAt: now, updatedAt: sql`now()` })
      .where(and(eq(gifts.id, giftId), isNull(gifts.sentAt)))
      .returning();
    if (!gift) {
      const [exists] = await tx.select({ id: gifts.id }).from(gifts).where(eq(gifts.id, giftId));
      return exists ? 'already_sent' : 'not_found';
    }
    const data = await giftForMail(tx, gift);
    if (!data) throw new Error(`gift ${giftId} has no code to send`);
    const mail = giftEmail(data, { url: d.siteUrl, secret: d.secretKey });
    const outboxId = await queueMail(tx, d, { to: gift.recipientEmail, ...mail });
    d.log.info({ giftId, outboxId }, 'gift e-mail written');
    return 'sent';
  });
}

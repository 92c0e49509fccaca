// Trip notices on WhatsApp (ADR 0046), the same port as the sign-in codes (providers/otp.ts): every
// notice is kept in the outbox (development reads it at /dev/outbox); with
// WHATSAPP_NOTICES_PROVIDER=whatsapp it is also sent through the WhatsApp Cloud API as a template
// message. Business-initiated WhatsApp messages outside a 24-hour conversation must be approved
// templates, so each kind has one (prefix + kind) whose body takes the notice's parameters in order.
//
// Keeping happens inside the notice's transaction; the Cloud API call never does (ADR 0023): the
// same transaction enqueues a `whatsapp-delivery` job that makes the call and is retried while it
// fails. The outbox row's `sent_at` guards a second send.
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import { outbox } from '../db/schema.ts';
import { type JobQueue, QUEUES } from '../jobs/queue.ts';
import { sendWhatsappTemplate } from './whatsapp-cloud.ts';

/** One notice: the text kept in the outbox, and the template with its body parameters. */
export type WhatsappNotice = { subject: string; text: string; template: string; params: string[] };
export type WhatsappDeliveryJob = { outboxId: number; template: string; params: string[] };

export class WhatsappNoticeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WhatsappNoticeError';
  }
}

export interface NoticeTransport {
  readonly name: string;
  send(phoneNumber: string, template: string, params: string[]): Promise<void>;
}

type CloudConfig = Extract<Config['notices'], { provider: 'whatsapp' }>;

/** WhatsApp Cloud API: POST {api}/{phone-number-id}/messages with a template and its body parameters. */
export function whatsappNoticeTransport(cfg: CloudConfig, fetchImpl: typeof fetch = fetch): NoticeTransport {
  return {
    name: 'whatsapp',
    async send(phoneNumber, template, params) {
      // WhatsApp refuses empty parameters and newlines inside one.
      const parameters = params.map((p) => ({ type: 'text', text: p.replace(/\s*\n\s*/g, ' ').trim() || '-' }));
      const refused = await sendWhatsappTemplate(cfg, fetchImpl, phoneNumber, `${cfg.templatePrefix}${template}`, [{ type: 'body', parameters }]);
      if (refused) throw new WhatsappNoticeError(`WhatsApp refused the notice (${refused.status}): ${refused.detail}`);
    },
  };
}

export class NoticeSender {
  readonly #transport: NoticeTransport | undefined;
  readonly #log: Logger;
  constructor(opts: { transport?: NoticeTransport | undefined; log: Logger }) {
    this.#transport = opts.transport;
    this.#log = opts.log;
  }

  get sends() {
    return this.#transport !== undefined;
  }

  /**
   * Keeps one notice in the outbox inside `tx` and, when a transport is configured, enqueues its
   * delivery in the same transaction. Answers the outbox row's id.
   */
  async keep(tx: Tx, jobs: JobQueue | null, phoneNumber: string, notice: WhatsappNotice): Promise<number> {
    const [row] = await tx.insert(outbox).values({ channel: 'whatsapp', recipient: phoneNumber, subject: notice.subject, body: notice.text }).returning({ id: outbox.id });
    if (!row) throw new Error('the outbox kept no row');
    if (this.#transport) {
      if (!jobs) throw new Error('WhatsApp notices are configured but the job queue is not running in this process');
      const job: WhatsappDeliveryJob = { outboxId: row.id, template: notice.template, params: notice.params };
      await jobs.enqueue(tx, QUEUES.whatsappDelivery.name, job, { startAfter: new Date(), key: `whatsapp:${row.id}` });
    }
    return row.id;
  }

  /** The delivery job: sends one kept notice once; throws on failure so the queue retries it. */
  async deliver(db: Db, job: WhatsappDeliveryJob): Promise<void> {
    if (!this.#transport) return;
    const [row] = await db.select().from(outbox).where(eq(outbox.id, job.outboxId));
    if (!row || row.sentAt) return;
    try {
      await this.#transport.send(row.recipient, job.template, job.params);
      await db.update(outbox).set({ sentAt: new Date(), error: null }).where(eq(outbox.id, row.id));
    } catch (err) {
      this.#log.warn({ err, outboxId: row.id }, 'WhatsApp notice delivery failed; the queue will retry it');
      await db.update(outbox).set({ error: err instanceof Error ? err.message.slice(0, 500) : 'delivery failed' }).where(eq(outbox.id, row.id));
      throw err;
    }
  }
}

export function createNoticeSender(config: Pick<Config, 'notices'>, log: Logger): NoticeSender {
  return new NoticeSender({ transport: config.notices.provider === 'whatsapp' ? whatsappNoticeTransport(config.notices) : undefined, log });
}

// Mail and WhatsApp codes go through the outbox table first (kept always, readable at
// /dev/outbox in development), then through the configured transport: none by default, SMTP
// (nodemailer) for mail and the WhatsApp Cloud API for codes when configured. Every e-mail is
// written by `queueMail`; the mail-delivery job hands it to SMTP (`Mailer.deliver`).
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import { outbox } from '../db/schema.ts';
import { QUEUES, type JobQueue } from '../jobs/queue.ts';

export type MailMessage = { to: string; subject: string; text: string };

export interface MailTransport {
  readonly name: string;
  send(message: MailMessage & { from: string }): Promise<void>;
}

/** SMTP through nodemailer: SMTP_URL such as smtps://user:pass@smtp.example.com:465 */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async send(m) {
      await transporter.sendMail({ from: m.from, to: m.to, subject: m.subject, text: m.text });
    },
  };
}

export class Mailer {
  private readonly from: string;
  private readonly transport: MailTransport | undefined;
  private readonly log: Logger;
  constructor(opts: { from: string; transport?: MailTransport | undefined; log: Logger }) {
    this.from = opts.from;
    this.transport = opts.transport;
    this.log = opts.log;
  }

  /** Sends a kept message unless it has been sent; a failure is recorded on its row and thrown. */
  async deliver(db: Db, id: number): Promise<void> {
    if (!this.transport) return;
    const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
    if (!row || row.sentAt) return;
    try {
      await this.transport.send({ to: row.recipient, subject: row.subject, text: row.body, from: this.from });
    } catch (err) {
      // The queue logs the failed job; this names the message it was.
      this.log.warn({ err, outboxId: id }, 'mail delivery failed');
      await db.update(outbox).set({ error: err instanceof Error ? err.message.slice(0, 500) : 'delivery failed' }).where(eq(outbox.id, id));
      throw err;
    }
    await db.update(outbox).set({ sentAt: new Date(), error: null }).where(eq(outbox.id, id));
  }
}

/** Whether mail leaves the outbox (SMTP configured), and the durable queue that sends it. */
export type MailDeps = { config: Pick<Config, 'mail'>; jobs?: JobQueue | null | undefined };

/** A message from its lines, the way every e-mail of the product is written. */
export const mailOf = (to: string, subject: string, lines: string[]): MailMessage => ({ to, subject, text: lines.join('\n') });

/**
 * Keeps an e-mail in the outbox and, when mail leaves the outbox, enqueues its mail-delivery job
 * in the same transaction (ADR 0023): it goes out once the change that caused it commits, never
 * for a change rolled back, and is retried while the mail server fails.
 */
export async function queueMail(tx: Tx, d: MailDeps, message: MailMessage): Promise<number> {
  const [row] = await tx.insert(outbox).values({ channel: 'mail', recipient: message.to, subject: message.subject, body: message.text }).returning({ id: outbox.id });
  const id = row!.id;
  if (!d.config.mail.smtpUrl) return id;
  // Kept but never sent, silently: a process that writes mail with SMTP configured must run the queue.
  if (!d.jobs) throw new Error('The job queue is not running in this process: an e-mail cannot be delivered');
  await d.jobs.enqueue(tx, QUEUES.mailDelivery.name, { outboxId: id }, { startAfter: new Date(), key: `mail:${id}` });
  return id;
}

export function createMailer(config: Pick<Config, 'mail'>, log: Logger): Mailer {
  return new Mailer({ from: config.mail.from, transport: config.mail.smtpUrl ? smtpTransport(config.mail.smtpUrl) : undefined, log });
}

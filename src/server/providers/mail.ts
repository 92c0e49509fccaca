// Mail and WhatsApp codes go through the outbox table first (kept always, readable at
// /dev/outbox in development), then through the configured transport: none by default, SMTP
// (nodemailer) for mail and the WhatsApp Cloud API for codes when configured.
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import { outbox } from '../db/schema.ts';

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

  /** Whether messages leave the outbox at all (a transport is configured). */
  get delivers(): boolean {
    return this.transport !== undefined;
  }

  /** Keeps the message in the outbox only; `deliver(id)` sends it (the mail-delivery job does, with retries). */
  async keep(db: Db | Tx, message: MailMessage): Promise<number> {
    const [row] = await db
      .insert(outbox)
      .values({ channel: 'mail', recipient: message.to, subject: message.subject, body: message.text })
      .returning({ id: outbox.id });
    return row!.id;
  }

  /** Sends a kept message unless it has been sent; a failure is recorded on its row and thrown. */
  async deliver(db: Db, id: number): Promise<void> {
    if (!this.transport) return;
    const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
    if (!row || row.sentAt) return;
    try {
      await this.transport.send({ to: row.recipient, subject: row.subject, text: row.body, from: this.from });
    } catch (err) {
      await db.update(outbox).set({ error: err instanceof Error ? err.message.slice(0, 500) : 'delivery failed' }).where(eq(outbox.id, id));
      throw err;
    }
    await db.update(outbox).set({ sentAt: new Date(), error: null }).where(eq(outbox.id, id));
  }

  /** Keeps the message in the outbox and delivers it at once; a delivery failure is recorded and logged, not thrown. */
  async send(db: Db, message: MailMessage): Promise<void> {
    const id = await this.keep(db, message);
    if (!this.transport) return;
    try {
      await this.deliver(db, id);
    } catch (err) {
      this.log.error({ err, outboxId: id }, 'mail delivery failed');
    }
  }
}

export function createMailer(config: Pick<Config, 'mail'>, log: Logger): Mailer {
  return new Mailer({ from: config.mail.from, transport: config.mail.smtpUrl ? smtpTransport(config.mail.smtpUrl) : undefined, log });
}

// Delivery of WhatsApp login codes. Every code is written to the outbox (development reads it
// at /dev/outbox); with OTP_PROVIDER=whatsapp it is also sent through the WhatsApp Cloud API as
// an authentication template message. A number that WhatsApp refuses raises OtpDeliveryError.
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema.ts';
import { sendWhatsappTemplate } from './whatsapp-cloud.ts';

export class OtpDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OtpDeliveryError';
  }
}

export interface OtpTransport {
  readonly name: string;
  send(phoneNumber: string, code: string): Promise<void>;
}

type WhatsappConfig = Extract<Config['otp'], { provider: 'whatsapp' }>;

/** WhatsApp Cloud API: POST {api}/{phone-number-id}/messages with an authentication template. */
export function whatsappTransport(cfg: WhatsappConfig, fetchImpl: typeof fetch = fetch): OtpTransport {
  return {
    name: 'whatsapp',
    async send(phoneNumber, code) {
      const refused = await sendWhatsappTemplate(cfg, fetchImpl, phoneNumber, cfg.template, [
        { type: 'body', parameters: [{ type: 'text', text: code }] },
        { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: code }] },
      ]);
      if (refused) throw new OtpDeliveryError(`WhatsApp refused the message (${refused.status}): ${refused.detail}`);
    },
  };
}

export class OtpSender {
  private readonly transport: OtpTransport | undefined;
  private readonly log: Logger;
  constructor(opts: { transport?: OtpTransport | undefined; log: Logger }) {
    this.transport = opts.transport;
    this.log = opts.log;
  }

  async send(db: Db, phoneNumber: string, code: string): Promise<void> {
    const [row] = await db
      .insert(outbox)
      .values({ channel: 'otp', recipient: phoneNumber, subject: 'WhatsApp login code', body: `Your Verdant code is ${code}. It expires in 5 minutes. Never share it with anyone.` })
      .returning({ id: outbox.id });
    if (!this.transport || !row) return;
    try {
      await this.transport.send(phoneNumber, code);
      await db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, row.id));
    } catch (err) {
      this.log.warn({ err, outboxId: row.id }, 'WhatsApp code delivery failed');
      await db.update(outbox).set({ error: err instanceof Error ? err.message.slice(0, 500) : 'delivery failed' }).where(eq(outbox.id, row.id));
      throw err instanceof OtpDeliveryError ? err : new OtpDeliveryError('WhatsApp delivery failed');
    }
  }
}

export function createOtpSender(config: Pick<Config, 'otp'>, log: Logger): OtpSender {
  return new OtpSender({ transport: config.otp.provider === 'whatsapp' ? whatsappTransport(config.otp) : undefined, log });
}

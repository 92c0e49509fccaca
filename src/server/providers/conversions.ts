// The ad platform's server-side conversion events (ADR 0040): a port with a default that only
// writes the event to the log (nothing leaves the machine), and the Meta Conversions API,
// chosen when FACEBOOK_PIXEL_ID and FACEBOOK_CAPI_TOKEN are both set.
import type { Logger } from 'pino';
import type { Config } from '../config.ts';

/** One event as the Conversions API takes it (user data already hashed). */
export type ConversionPayload = {
  event_name: string;
  event_id: string;
  event_time: number;
  event_source_url: string;
  action_source: 'website';
  user_data: Record<string, string | string[]>;
  custom_data: Record<string, unknown>;
};

export interface ConversionSender {
  readonly name: 'log' | 'meta';
  send(event: ConversionPayload): Promise<void>;
}

export class LogConversionSender implements ConversionSender {
  readonly name = 'log';
  private readonly log: Logger;
  constructor(log: Logger) {
    this.log = log;
  }
  async send(event: ConversionPayload): Promise<void> {
    this.log.info({ conversion: event }, 'conversion event (no ad platform keys: logged, not sent)');
  }
}

export class MetaConversionSender implements ConversionSender {
  readonly name = 'meta';
  private readonly opts: { pixelId: string; accessToken: string; apiUrl: string; testEventCode?: string | undefined };
  private readonly fetcher: typeof fetch;
  constructor(opts: { pixelId: string; accessToken: string; apiUrl: string; testEventCode?: string | undefined }, fetcher: typeof fetch = fetch) {
    this.opts = opts;
    this.fetcher = fetcher;
  }
  async send(event: ConversionPayload): Promise<void> {
    const url = `${this.opts.apiUrl}/${encodeURIComponent(this.opts.pixelId)}/events?access_token=${encodeURIComponent(this.opts.accessToken)}`;
    const res = await this.fetcher(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: [event], ...(this.opts.testEventCode ? { test_event_code: this.opts.testEventCode } : {}) }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`Conversions API answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  }
}

export function createConversionSender(config: Config, log: Logger): ConversionSender {
  const c = config.conversions;
  return c ? new MetaConversionSender(c) : new LogConversionSender(log);
}

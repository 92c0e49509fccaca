import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { PaymentProvider } from './providers/payments/port.ts';
import type { RateLimitStore } from './providers/rate-limit.ts';

/** What every request handler can reach through `c.var`. */
export type AppDeps = {
  db: Db;
  config: Config;
  log: Logger;
  rateLimitStore: RateLimitStore;
};

export type AppEnv = {
  Variables: AppDeps & { requestId: string; clientIp: string; payments: PaymentProvider };
};

import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { AnswerCache } from './answer-cache.ts';
import type { Providers } from './providers/providers.ts';
import type { PaymentProvider } from './providers/payments/port.ts';
import type { RateLimitStore } from './providers/rate-limit.ts';

/** What every request handler can reach through `c.var`. */
export type AppDeps = {
  db: Db;
  config: Config;
  log: Logger;
  rateLimitStore: RateLimitStore;
};

/** The signed-in user of a request (src/server/session.ts sets it from the session cookie). */
export type CurrentUser = {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
  /** The session this request rides on. */
  sessionId: string;
};

export type AppEnv = {
  Variables: AppDeps & {
    requestId: string;
    clientIp: string;
    providers: Providers;
    /** Null for guests; set on /api/v1 and the main-host account routes. */
    user: CurrentUser | null;
    payments: PaymentProvider;
    /** The durable job queue (ADR 0023); null where no queue runs (content pull, benches). */
    jobs: JobQueue | null;
    /** The answer cache of catalogue reads (ADR 0042); null where no change feed runs. */
    answers: AnswerCache | null;
  };
};

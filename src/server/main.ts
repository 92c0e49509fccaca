// The one listening process: the API under /api/v1, /healthz, and (with the storefront)
// /_image and the static site. Owns the database connection it is given.
import { createServer, type IncomingMessage, type Server, type ServerOptions as HttpServerOptions, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, Hono } from 'hono';
import type { Logger } from 'pino';
import { type AppOptions, createApp, injectRealtime } from './app.ts';
import type { Config } from './config.ts';
import type { AppEnv } from './context.ts';
import type { Db } from './db/client.ts';
import { createPaymentProvider } from './providers/payments/select.ts';
import type { RateLimitStore } from './providers/rate-limit.ts';
import type { JobQueue } from './jobs/queue.ts';
import { startWorkers } from './jobs/workers.ts';
import { createMailer } from './providers/mail.ts';
import { createRealtimeHub } from './realtime.ts';
import { createStorage } from './providers/providers.ts';
import type { SiteBuilder } from './services/publish.ts';
import { AnswerCache, CATALOGUE_TABLES } from './answer-cache.ts';
import { staticFastPathOf } from './static-site.ts';
import type { ChangeFeed } from './change-feed.ts';
import { fastPath } from './fast-path.ts';

export type ServerOptions = {
  config: Config;
  log: Logger;
  db: Db;
  rateLimitStore: RateLimitStore;
  extend?: (app: Hono<AppEnv>) => void;
  providers?: AppOptions['providers'];
  /** The durable job queue (ADR 0023): started here, its workers run in this process. */
  jobs?: JobQueue;
  /** The static site's builder (the process that owns dist): runs the publish queue's jobs. */
  site?: SiteBuilder;
  /** The database's change feed (change-feed.ts): with it, catalogue answers are kept in memory. */
  changes?: ChangeFeed;
};

function socketIp(c: Context<AppEnv>): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/** A server's websocket close frame (unmasked), status 1001 "going away". */
const GOING_AWAY = Buffer.from([0x88, 0x02, 0x03, 0xe9]);

export async function listen(opts: ServerOptions): Promise<{ url: string; close: () => Promise<void> }> {
  const { providers, jobs, site, changes, ...rest } = opts;
  const payments = createPaymentProvider(opts.config, opts.db);
  // One mailer for the API and the workers (one SMTP transport).
  const mailer = providers?.mailer ?? createMailer(opts.config, opts.log);
  // One realtime hub per process; with REDIS_URL its events reach sockets of the other processes.
  const ownHub = providers?.realtime ? null : createRealtimeHub(opts.config.redisUrl, opts.log);
  const realtime = providers?.realtime ?? ownHub!;
  if (ownHub?.shared) {
    const waited = await Promise.race([ownHub.ready.then(() => true), new Promise<false>((r) => setTimeout(() => r(false), 5_000).unref())]);
    if (!waited) opts.log.error('realtime: not subscribed to Redis after 5 s; events from other processes arrive once it is');
  }
  // One storage for the API (uploads) and the workers (the image-cleanup job).
  const storage = providers?.storage ?? createStorage(opts.config);
  if (jobs) {
    await jobs.start();
    // The gift e-mails, their delivery, the booking sweeper every minute and (in the process that
    // owns dist) site publishes (jobs/workers.ts): all on the durable queue.
    await startWorkers({ jobs, db: opts.db, mailer, siteUrl: opts.config.siteUrl, secretKey: opts.config.secretKey, log: opts.log, config: opts.config, payments, storage, ...(site ? { site } : {}) });
  }
  // Catalogue answers kept in memory while the change feed runs (ADR 0042).
  const answers = changes ? { cache: new AnswerCache(changes, { maxBytes: opts.config.answerCacheMb * 1024 * 1024 }), feed: changes } : undefined;
  const app = createApp({ ...rest, payments, ...(jobs ? { jobs } : {}), ...(answers ? { answers } : {}), socketIp, ...(opts.extend ? { extend: opts.extend } : {}), providers: { ...providers, mailer, realtime, storage } });
  const apiFast = answers ? fastPath({ cache: answers.cache, config: opts.config, rateLimitStore: opts.rateLimitStore, log: opts.log }) : undefined;
  // Built pages a request was answered with are answered again from memory (static-site.ts) while
  // the change feed runs: a renamed page's redirect comes from tables it reports.
  const staticFast = changes ? staticFastPathOf(app) : undefined;
  const forget = staticFast && changes ? changes.subscribe((table) => (table === '*' || (CATALOGUE_TABLES as readonly string[]).includes(table)) && staticFast.forgetPaths()) : undefined;
  const fast = (req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean> => {
    if (!changes?.live) return false;
    if (req.url?.startsWith('/api/')) return apiFast?.(req, res) ?? false;
    return staticFast?.handle(req, res) ?? false;
  };
  // Kept answers leave before the router (fast-path.ts); everything else goes to the app.
  const withFastPath = (options: HttpServerOptions, listener: (req: IncomingMessage, res: ServerResponse) => void) =>
    createServer(options, (req, res) => {
      const done = fast(req, res);
      if (done === true) return;
      if (done === false) return listener(req, res);
      void done.then(
        (served) => served || listener(req, res),
        (err: unknown) => {
          opts.log.error({ err }, 'fast path failed; answering through the app');
          listener(req, res);
        },
      );
    });
  const server = await new Promise<Server>((resolvePromise, reject) => {
    const s = serve({ fetch: app.fetch, port: opts.config.port, hostname: '0.0.0.0', createServer: withFastPath as never }, () => resolvePromise(s as Server));
    (s as Server).once('error', reject);
  });
  server.keepAliveTimeout = 65_000;
  // Websockets leave the HTTP server's connection tracking once upgraded, and close() would
  // wait for them forever (a browser tab keeps its realtime socket open): tracked here.
  const upgraded = new Set<Duplex>();
  server.on('upgrade', (_req, socket: Duplex) => {
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
    // An upgraded socket has lost the HTTP server's 'error' listener: a browser resetting it
    // while its upgrade is checked (a tab closed) raised an unhandled 'error' and ended the
    // process (it stopped the e2e server once). ws adds its own once the upgrade is accepted.
    socket.on('error', (err) => opts.log.debug({ err }, 'websocket: a connection failed during its upgrade'));
  });
  injectRealtime(app, server);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.config.port;
  return {
    url: `http://localhost:${port}`,
    close: () =>
      new Promise<void>((resolvePromise) => {
        server.close(
          () =>
            void (jobs ? jobs.stop().catch((err: unknown) => opts.log.error({ err }, 'job queue stop failed')) : Promise.resolve())
              .then(() => ownHub?.close())
              .then(() => answers?.cache.close())
              .then(() => forget?.())
              .then(() => resolvePromise()),
        );
        server.closeIdleConnections();
        // 1001 "going away": the browser's realtime store reconnects to the next process.
        for (const socket of upgraded) socket.write(GOING_AWAY);
        setTimeout(() => {
          server.closeAllConnections();
          for (const socket of upgraded) socket.destroy();
        }, 2_000).unref();
      }),
  };
}

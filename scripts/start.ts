// `npm start`: one process that owns the database — open, migrate, seed when empty, pull
// content, build the storefront when it changed, then serve everything on one port.
// `npm start -- --api-only` skips the pull and build and serves the API alone.
// `npm start -- --workers N` (PostgreSQL and Redis only, ADR 0042): this process prepares the
// database and the build once, then runs N server processes sharing the port (node:cluster),
// their rate limits and realtime events through Redis; the first one also runs site publishes.
// A process that dies is started again.
import cluster from 'node:cluster';
import { parseConfig } from '../src/server/config.ts';
import { createLogger } from '../src/server/logger.ts';
import { listen } from '../src/server/main.ts';
import { JobQueue } from '../src/server/jobs/queue.ts';
import { createRateLimitStore } from '../src/server/providers/rate-limit.ts';
import { mountSite } from '../src/server/site.ts';
import { buildSite } from './lib/build-site.ts';
import { loadDotEnv, step } from './lib/cli.ts';
import { openOwnedDatabase, prepareDatabase, pullContentCache } from './lib/prepare.ts';
import { createSitePublisher, warmRenderDaemon } from './lib/site-publisher.ts';
import { startChangeFeed } from '../src/server/change-feed.ts';

loadDotEnv();
const config = parseConfig();
const log = createLogger(config);
const t0 = performance.now();
const apiOnly = process.argv.includes('--api-only');
const workersAt = process.argv.indexOf('--workers');
const workers = workersAt > 0 ? Number(process.argv[workersAt + 1]) : 1;
if (!Number.isInteger(workers) || workers < 1 || workers > 64) {
  console.error('✖ --workers takes a whole number of server processes, 1 to 64 (e.g. --workers 2)');
  process.exit(1);
}
if (workers > 1 && (!config.databaseUrl || !config.redisUrl)) {
  console.error(
    '✖ --workers needs DATABASE_URL (PostgreSQL) and REDIS_URL: the embedded database has one owner process, and the processes share rate limits and realtime events through Redis.',
  );
  process.exit(1);
}
/** 1-based number of this server process under --workers; 0 when there is one process. */
const workerNo = cluster.isPrimary ? 0 : Number(process.env['VERDANT_WORKER'] ?? '1');

if (cluster.isPrimary) {
  const database = await openOwnedDatabase(config);
  await prepareDatabase(database, config);
  if (!apiOnly) {
    await pullContentCache(database, config, log);
    await step('Building the storefront (skipped when nothing changed)', async () => {
      const r = await buildSite({ distDir: config.distDir, contentDir: config.contentDir }, { log: (l) => console.log(l) });
      console.log(r.skipped ? '  up to date: reusing the last build' : `  ${r.pages} pages built`);
    });
  }
  if (workers > 1) {
    await database.close();
    await supervise(workers);
  } else {
    await serve(database);
  }
} else {
  await serve(await openOwnedDatabase(config));
}

/** Serves on the port in this process (the only one, or one of --workers). */
async function serve(database: Awaited<ReturnType<typeof openOwnedDatabase>>) {
  const rateLimitStore = createRateLimitStore(config.redisUrl);
  // Which tables changed, from the database: catalogue answers are kept until then (ADR 0042).
  const changes = await startChangeFeed(database, log);
  // The process that owns dist runs the publish queue (the back-office's publishes and previews):
  // the only process, or the first of --workers. API only (the child of `npm run dev`): a publish only pulls.
  const ownsSite = workerNo <= 1;
  const server = await listen({
    config,
    log,
    db: database.db,
    changes,
    rateLimitStore,
    jobs: new JobQueue(database, log),
    ...(ownsSite ? { site: createSitePublisher({ db: database.db, config, log, build: !apiOnly }) } : {}),
    extend: (app) => mountSite(app, { config, distDir: config.distDir }),
  });
  // The render daemon bundles the storefront now, in the background at a lower priority, and
  // reads the content once, so the first publish or preview renders in seconds (ADR 0049, 0055).
  if (ownsSite && !apiOnly) void warmRenderDaemon(config.contentDir, log);
  if (workerNo === 0) console.log(`\n✔ Verdant is running at ${server.url}  (ready in ${((performance.now() - t0) / 1000).toFixed(1)} s; Ctrl-C to stop)`);
  else process.send?.({ ready: workerNo });

  let stopping = false;
  async function stop(signal: string) {
    if (stopping) return;
    stopping = true;
    if (workerNo === 0) console.log(`\n${signal} received: stopping…`);
    await server.close();
    await changes.close();
    await rateLimitStore.close();
    await database.close();
    if (workerNo === 0) console.log('Stopped cleanly.');
    process.exit(0);
  }
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/** Starts `n` server processes on the shared port and starts again any that dies. */
async function supervise(n: number) {
  let stopping = false;
  const numberOf = new Map<number, number>();
  const fork = (no: number) => {
    const w = cluster.fork({ VERDANT_WORKER: String(no) });
    numberOf.set(w.id, no);
    return w;
  };
  const ready = new Set<number>();
  await new Promise<void>((resolveAll) => {
    cluster.on('message', (_w, msg: { ready?: number }) => {
      if (typeof msg?.ready === 'number') ready.add(msg.ready);
      if (ready.size === n) resolveAll();
    });
    for (let i = 1; i <= n; i++) fork(i);
  });
  cluster.on('exit', (w, code, signal) => {
    const no = numberOf.get(w.id) ?? 0;
    numberOf.delete(w.id);
    if (stopping) return;
    log.error({ worker: no, code, signal }, 'server process exited; starting it again');
    fork(no);
  });
  console.log(`\n✔ Verdant is running at http://localhost:${config.port} in ${n} server processes  (ready in ${((performance.now() - t0) / 1000).toFixed(1)} s; Ctrl-C to stop)`);
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal} received: stopping ${n} server processes…`);
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
    const deadline = setTimeout(() => process.exit(1), 15_000);
    deadline.unref();
    const check = setInterval(() => {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        clearInterval(check);
        console.log('Stopped cleanly.');
        process.exit(0);
      }
    }, 100);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

// `npm start`: one process that owns the database — open, migrate, seed when empty, pull
// content, build the storefront when it changed, then serve everything on one port.
// `npm start -- --api-only` skips the pull and build and serves the API alone.
import { parseConfig } from '../src/server/config.ts';
import { createLogger } from '../src/server/logger.ts';
import { listen } from '../src/server/main.ts';
import { JobQueue } from '../src/server/jobs/queue.ts';
import { createRateLimitStore } from '../src/server/providers/rate-limit.ts';
import { mountSite } from '../src/server/site.ts';
import { buildSite } from './lib/build-site.ts';
import { loadDotEnv, step } from './lib/cli.ts';
import { openOwnedDatabase, prepareDatabase, pullContentCache } from './lib/prepare.ts';
import { createSitePublisher } from './lib/site-publisher.ts';
import { startChangeFeed } from '../src/server/change-feed.ts';

loadDotEnv();
const config = parseConfig();
const log = createLogger(config);
const t0 = performance.now();

const database = await openOwnedDatabase(config);
await prepareDatabase(database, config);

const rateLimitStore = createRateLimitStore(config.redisUrl);
const apiOnly = process.argv.includes('--api-only');
if (!apiOnly) {
  await pullContentCache(database, config, log);
  await step('Building the storefront (skipped when nothing changed)', async () => {
    const r = await buildSite({ distDir: config.distDir, contentDir: config.contentDir }, { log: (l) => console.log(l) });
    console.log(r.skipped ? '  up to date: reusing the last build' : `  ${r.pages} pages built`);
  });
}

// Which tables changed, from the database: catalogue answers are kept until then (ADR 0042).
const changes = await startChangeFeed(database, log);
const server = await listen({
  config,
  log,
  db: database.db,
  changes,
  rateLimitStore,
  jobs: new JobQueue(database, log),
  // This process owns the database and dist: it runs the publish queue (the back-office's
  // publishes and previews). API only (the child of `npm run dev`): a publish only pulls.
  site: createSitePublisher({ db: database.db, config, log, build: !apiOnly }),
  extend: (app) => mountSite(app, { config, distDir: config.distDir }),
});
console.log(`\n✔ Verdant is running at ${server.url}  (ready in ${((performance.now() - t0) / 1000).toFixed(1)} s; Ctrl-C to stop)`);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal} received: stopping…`);
  await server.close();
  await changes.close();
  await rateLimitStore.close();
  await database.close();
  console.log('Stopped cleanly.');
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

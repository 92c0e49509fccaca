// `npm start`: one process that owns the database — open, migrate, seed when empty, pull
// content, build the storefront when it changed, then serve everything on one port.
// `npm start -- --api-only` skips the pull and build and serves the API alone.
import { parseConfig } from '../src/server/config.ts';
import { DatabaseLockedError, openDatabase } from '../src/server/db/client.ts';
import { createLogger } from '../src/server/logger.ts';
import { listen } from '../src/server/main.ts';
import { createApp } from '../src/server/app.ts';
import { createRateLimitStore, MemoryRateLimitStore } from '../src/server/providers/rate-limit.ts';
import { mountSite } from '../src/server/site.ts';
import { inProcessGet } from './lib/api-access.ts';
import { buildSite } from './lib/build-site.ts';
import { pullContent } from './lib/pull-content.ts';
import { loadDotEnv, step } from './lib/cli.ts';

loadDotEnv();
const config = parseConfig();
const log = createLogger(config);
const t0 = performance.now();

let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await step(config.databaseUrl ? 'Connecting to PostgreSQL' : `Opening the embedded database in ${config.dataDir}`, () =>
    openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }),
  );
} catch (err) {
  if (err instanceof DatabaseLockedError) {
    console.error(`\n✖ ${err.message}`);
    process.exit(1);
  }
  throw err;
}

await step('Applying database migrations', () => database.migrate());
const { isEmpty, seedCatalogue } = await import('../src/server/db/seed/seed.ts');
if (await isEmpty(database.db)) {
  const { ensureImagePool } = await import('../src/server/images/pool.ts');
  const storageDir = `${config.dataDir}/storage`;
  const progress = (what: string) => (done?: number, total?: number) =>
    process.stdout.write(`\r  ${what}${total ? ` ${done}/${total}` : ''}\x1b[K`);
  const pool = await step('Rendering the demo image pool (cached after the first start)', () =>
    ensureImagePool({ storageDir, perTheme: config.seedImagesPerTheme, onProgress: progress('images') }),
  );
  await step('Loading the demo catalogue (first start only)', () =>
    seedCatalogue(database.db, { storageDir, pool, onProgress: (what, done, total) => progress(what)(done, total) }),
  );
  process.stdout.write('\r\x1b[K');
}

const rateLimitStore = createRateLimitStore(config.redisUrl);
const apiOnly = process.argv.includes('--api-only');
const pullApp = createApp({ db: database.db, config, log, rateLimitStore: new MemoryRateLimitStore() });
if (!apiOnly) {
  const pulled = await step('Pulling content into the content cache', () =>
    pullContent({ get: inProcessGet(pullApp, config), contentDir: config.contentDir }),
  );
  console.log(`  ${pulled.written} written, ${pulled.deleted} deleted, ${pulled.unchanged} unchanged`);
  await step('Building the storefront (skipped when nothing changed)', async () => {
    const r = await buildSite({ distDir: config.distDir, contentDir: config.contentDir }, { log: (l) => console.log(l) });
    console.log(r.skipped ? '  up to date: reusing the last build' : `  ${r.pages} pages built`);
  });
}

const server = await listen({
  config,
  log,
  db: database.db,
  rateLimitStore,
  extend: (app) => mountSite(app, { config, distDir: config.distDir }),
});
console.log(`\n✔ Verdant is running at ${server.url}  (ready in ${((performance.now() - t0) / 1000).toFixed(1)} s; Ctrl-C to stop)`);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal} received: stopping…`);
  await server.close();
  await rateLimitStore.close();
  await database.close();
  console.log('Stopped cleanly.');
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

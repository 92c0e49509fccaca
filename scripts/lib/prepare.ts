// What `npm start` and `npm run dev` do before serving: take the database (the one owner of
// the embedded PGlite folder), migrate it, load the demo catalogue into an empty one, and pull
// the catalogue into the content cache the storefront reads.
import type { Config } from '../../src/server/config.ts';
import { createApp } from '../../src/server/app.ts';
import { type Database, DatabaseLockedError, openDatabase } from '../../src/server/db/client.ts';
import type { Logger } from 'pino';
import { MemoryRateLimitStore } from '../../src/server/providers/rate-limit.ts';
import { inProcessGet } from './api-access.ts';
import { step } from './cli.ts';
import { pullContent } from './pull-content.ts';

/** Opens the database, or exits with the lock's message when another process owns it. */
export async function openOwnedDatabase(config: Config): Promise<Database> {
  try {
    return await step(config.databaseUrl ? 'Connecting to PostgreSQL' : `Opening the embedded database in ${config.dataDir}`, () =>
      openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }),
    );
  } catch (err) {
    if (err instanceof DatabaseLockedError) {
      console.error(`\n✖ ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
}

/**
 * Migrates; on an empty database renders the demo image pool and loads the demo catalogue; then
 * re-derives the stored footprints if the bundled emission factors changed (ADR 0044).
 */
export async function prepareDatabase(database: Database, config: Config): Promise<void> {
  await step('Applying database migrations', () => database.migrate());
  const { isEmpty, seedCatalogue } = await import('../../src/server/db/seed/seed.ts');
  if (await isEmpty(database.db)) {
    const { ensureImagePool } = await import('../../src/server/images/pool.ts');
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
  const { refreshFootprintsIfFactorsChanged } = await import('../../src/server/services/footprint/footprint.ts');
  const changed = await refreshFootprintsIfFactorsChanged(database.db);
  if (changed) console.log(`  the emission factors changed: ${changed} experiences' footprints re-derived`);
}

/** Pulls the catalogue into `config.contentDir` through the API, in process. */
export async function pullContentCache(database: Database, config: Config, log: Logger): Promise<void> {
  const app = createApp({ db: database.db, config, log, rateLimitStore: new MemoryRateLimitStore() });
  const pulled = await step('Pulling content into the content cache', () =>
    pullContent({ get: inProcessGet(app, config), contentDir: config.contentDir }),
  );
  console.log(`  ${pulled.written} written, ${pulled.deleted} deleted, ${pulled.unchanged} unchanged`);
}

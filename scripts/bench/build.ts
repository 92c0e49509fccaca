// Benchmark (not a test): seed a large catalogue into a scratch embedded database, pull it,
// build the storefront and report timings and pages per second.
//   node scripts/bench/build.ts [--options 20000]
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pino from 'pino';
import { createApp } from '../../src/server/app.ts';
import { parseConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { seedCatalogue } from '../../src/server/db/seed/seed.ts';
import { ensureImagePool } from '../../src/server/images/pool.ts';
import { MemoryRateLimitStore } from '../../src/server/providers/rate-limit.ts';
import { inProcessGet } from '../lib/api-access.ts';
import { buildSite } from '../lib/build-site.ts';
import { pullContent } from '../lib/pull-content.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const optionCount = arg('options', 20_000);
const work = mkdtempSync(join(tmpdir(), 'verdant-bench-build-'));
const root = resolve(import.meta.dirname, '../..');
const sharedPool = join(root, '.data/storage/pool');
mkdirSync(join(work, 'data/storage'), { recursive: true });
if (existsSync(sharedPool)) symlinkSync(sharedPool, join(work, 'data/storage/pool'));
const config = parseConfig({ DATA_DIR: join(work, 'data'), LOG_LEVEL: 'silent' });
const secs = (t: number) => ((performance.now() - t) / 1000).toFixed(1);

const database = await openDatabase({ dataDir: config.dataDir });
try {
  await database.migrate();
  let t = performance.now();
  const pool = await ensureImagePool({ storageDir: join(config.dataDir, 'storage') });
  await seedCatalogue(database.db, { storageDir: join(config.dataDir, 'storage'), pool, options: optionCount });
  console.log(`seed (${optionCount} options): ${secs(t)} s`);
  const app = createApp({ db: database.db, config, log: pino({ level: 'silent' }), rateLimitStore: new MemoryRateLimitStore() });
  const dirs = { distDir: join(work, 'dist'), contentDir: join(work, 'content') };
  t = performance.now();
  const pulled = await pullContent({ get: inProcessGet(app, config), contentDir: dirs.contentDir });
  console.log(`pull: ${secs(t)} s (${pulled.written} files)`);
  t = performance.now();
  const built = await buildSite(dirs, { quiet: false });
  const s = (performance.now() - t) / 1000;
  console.log(`build (astro + pagefind + precompress): ${s.toFixed(1)} s, ${built.pages} pages, ${(built.pages / s).toFixed(0)} pages/s`);
} finally {
  await database.close();
  if (!process.argv.includes('--keep')) rmSync(work, { recursive: true, force: true });
}

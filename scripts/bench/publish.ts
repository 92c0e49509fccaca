// Benchmark (not a test): publish → live on a large catalogue (issue 14, ADR 0025).
//   node scripts/bench/publish.ts [--options 20000] [--publishes 20] [--filtered 2] [--work DIR] [--port 4420]
// Seeds a scratch embedded database (or reuses --work DIR from an earlier run with --keep),
// pulls and builds the whole storefront (the full rebuild figure: seconds and pages/s), starts
// the real server with the publish worker, then publishes N experience renames one after the
// other: each is timed from the publish request (requestPublish, what the admin API calls)
// until the public URL serves the new name. Prints p50/p95 and where a publish spends its time,
// then times --filtered more publishes rendered by a filtered `astro build` (the render daemon
// off, ADR 0025) and prints the ratio.
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { parseConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { options } from '../../src/server/db/schema.ts';
import { seedCatalogue } from '../../src/server/db/seed/seed.ts';
import { ensureImagePool } from '../../src/server/images/pool.ts';
import { JobQueue } from '../../src/server/jobs/queue.ts';
import { listen } from '../../src/server/main.ts';
import { MemoryRateLimitStore } from '../../src/server/providers/rate-limit.ts';
import { getPublishRun, requestPublish } from '../../src/server/services/publish.ts';
import { mountSite } from '../../src/server/site.ts';
import { createApp } from '../../src/server/app.ts';
import { inProcessGet } from '../lib/api-access.ts';
import { buildSite } from '../lib/build-site.ts';
import { pullContent } from '../lib/pull-content.ts';
import { closeRenderDaemon, createSitePublisher, warmRenderDaemon } from '../lib/site-publisher.ts';

const argOf = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const optionCount = Number(argOf('options') ?? 20_000);
const publishes = Number(argOf('publishes') ?? 20);
/** Publishes rendered by a filtered `astro build` after the daemon's, side by side (ADR 0025 vs 0049). */
const filtered = Number(argOf('filtered') ?? 2);
const port = Number(argOf('port') ?? process.env['E2E_PORT'] ?? 4420);
const root = resolve(import.meta.dirname, '../..');
const work = argOf('work') ? resolve(argOf('work')!) : mkdtempSync(join(tmpdir(), 'verdant-bench-publish-'));
const reuse = existsSync(join(work, 'data/pglite'));
mkdirSync(join(work, 'data/storage'), { recursive: true });
const sharedPool = join(root, '.data/storage/pool');
if (!reuse && existsSync(sharedPool) && !existsSync(join(work, 'data/storage/pool'))) symlinkSync(sharedPool, join(work, 'data/storage/pool'));
const config = parseConfig({
  ...process.env,
  DATA_DIR: join(work, 'data'),
  CONTENT_DIR: join(work, 'content'),
  DIST_DIR: join(work, 'dist'),
  PORT: String(port),
  PUBLIC_SITE_URL: `http://localhost:${port}`,
  LOG_LEVEL: process.env['LOG_LEVEL'] ?? 'warn',
  RATE_LIMIT_PER_MINUTE: '100000',
});
const log = pino({ level: process.env['LOG_LEVEL'] ?? 'warn' });
const secs = (t: number) => ((performance.now() - t) / 1000).toFixed(1);
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

const database = await openDatabase({ dataDir: config.dataDir, ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}) });
let server: Awaited<ReturnType<typeof listen>> | undefined;
try {
  await database.migrate();
  const dirs = { distDir: config.distDir, contentDir: config.contentDir };
  if (!reuse) {
    const t = performance.now();
    const pool = await ensureImagePool({ storageDir: join(config.dataDir, 'storage') });
    await seedCatalogue(database.db, { storageDir: join(config.dataDir, 'storage'), pool, options: optionCount });
    console.log(`seed (${optionCount} options): ${secs(t)} s`);
    // A pull's high-water mark stays 60 s behind the clock (HIGH_WATER_LAG): pulled now, the
    // seeded rows would all be read again by the first publish's pull, which a running
    // deployment never sees. Wait them out, as a site running for a minute would have.
    await new Promise((r) => setTimeout(r, 61_000));
    const app = createApp({ db: database.db, config, log, rateLimitStore: new MemoryRateLimitStore() });
    const t2 = performance.now();
    const pulled = await pullContent({ get: inProcessGet(app, config), contentDir: dirs.contentDir });
    console.log(`pull: ${secs(t2)} s (${pulled.written} files)`);
  }
  if (!process.argv.includes('--skip-full')) {
    const t = performance.now();
    const built = await buildSite(dirs, { quiet: false, force: true });
    const s = (performance.now() - t) / 1000;
    console.log(`FULL REBUILD (astro + pagefind + precompress): ${s.toFixed(1)} s, ${built.pages} pages, ${(built.pages / s).toFixed(0)} pages/s`);
  }

  const jobs = new JobQueue(database, log, { pollSeconds: 1 });
  const site = createSitePublisher({ db: database.db, config, log });
  server = await listen({ config, log, db: database.db, rateLimitStore: new MemoryRateLimitStore(), jobs, site, extend: (app) => mountSite(app, { config, distDir: config.distDir }) });
  console.log(`server at ${server.url}`);
  // As `npm start` does: the render daemon bundles the storefront before the first publish.
  const tw = performance.now();
  await warmRenderDaemon(config.contentDir, log);
  console.log(`render daemon ready: ${secs(tw)} s`);

  // Live experiences only: an unpublished one has no page to wait for (the seed unpublishes a few).
  const picks = await database.db.select({ slugCode: options.slugCode, name: options.name }).from(options).where(sql`${options.deletedAt} is null and ${options.published}`).orderBy(sql`random()`).limit(publishes + filtered);
  const latencies: number[] = [];
  const filteredLatencies: number[] = [];
  const stages: Record<string, number[]> = {};
  for (const [i, pick] of picks.entries()) {
    const byFilteredBuild = i >= publishes;
    if (byFilteredBuild) process.env['VERDANT_RENDER_DAEMON'] = '0';
    const token = `bench${i + 1}x${Date.now() % 100000}`;
    const name = `${pick.name.replace(/ bench\d+x\d+$/, '')} ${token}`;
    await database.db.update(options).set({ name, updatedAt: new Date() }).where(eq(options.slugCode, pick.slugCode));
    const t0 = performance.now();
    const { id } = await requestPublish(database.db, jobs, { changes: [{ type: 'options', key: pick.slugCode }], requestedBy: null });
    const url = `${server.url}/experiences/${pick.slugCode}`;
    for (;;) {
      const res = await fetch(url);
      const text = await res.text();
      if (text.includes(token)) break;
      const run = await getPublishRun(database.db, id);
      if (run?.state === 'failed') throw new Error(`publish ${i + 1} failed: ${run.failure}`);
      if (performance.now() - t0 > 600_000) throw new Error(`publish ${i + 1}: ${url} did not show the new name in 10 minutes`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const ms = performance.now() - t0;
    if (byFilteredBuild) {
      filteredLatencies.push(ms);
    } else {
      latencies.push(ms);
      for (const [k, v] of Object.entries(site.lastTimings)) (stages[k] ??= []).push(v);
    }
    console.log(`publish ${String(i + 1).padStart(2)}${byFilteredBuild ? ' (filtered build)' : ''}: ${(ms / 1000).toFixed(2)} s live  ${JSON.stringify(site.lastTimings)}`);
  }
  console.log(`\nPUBLISH → LIVE over ${latencies.length}: p50 ${(pct(latencies, 50) / 1000).toFixed(2)} s, p95 ${(pct(latencies, 95) / 1000).toFixed(2)} s (target p95 ≤ 10 s)`);
  console.log(`stage medians (ms): ${Object.entries(stages).map(([k, v]) => `${k} ${pct(v, 50)}`).join(', ')}`);
  if (filteredLatencies.length) {
    const f = pct(filteredLatencies, 50);
    console.log(`side by side: a filtered astro build per publish (ADR 0025) p50 ${(f / 1000).toFixed(2)} s over ${filteredLatencies.length}; the render daemon is ${(f / pct(latencies, 50)).toFixed(1)}x faster`);
  }
  await site.searchIndexed();
} finally {
  await closeRenderDaemon();
  await server?.close();
  await database.close();
  if (!argOf('work') && !process.argv.includes('--keep')) rmSync(work, { recursive: true, force: true });
  else console.log(`work dir kept: ${work}`);
}

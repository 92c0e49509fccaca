// Builds the test database templates once per run: a migrated + seeded PGlite dump (cached
// under node_modules/.cache keyed by the migrations and seed sources), and, when the suite
// runs on PostgreSQL, a template database that each test file clones.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type Database, type Db, migrationsFolder, openDatabase } from '../db/client.ts';
import { testBackend, TEST_POOL_PER_THEME, testStorageDir } from './backend.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string;
  }
}

const root = resolve(import.meta.dirname, '../../..');

function hashTree(paths: string[]): string {
  const h = createHash('sha256');
  const walk = (p: string) => {
    const st = statSync(p);
    if (st.isDirectory()) for (const e of readdirSync(p).sort()) walk(join(p, e));
    else if (!p.endsWith('.test.ts')) h.update(p).update(readFileSync(p));
  };
  for (const p of paths) if (existsSync(p)) walk(p);
  return h.digest('hex').slice(0, 16);
}

async function seedInto(db: Db) {
  const { ensureImagePool } = await import('../images/pool.ts');
  const { seedCatalogue } = await import('../db/seed/seed.ts');
  const pool = await ensureImagePool({ storageDir: testStorageDir, perTheme: TEST_POOL_PER_THEME });
  await seedCatalogue(db, { storageDir: testStorageDir, pool });
}

/** The job queue's own schema (pgboss), so each test's queue starts without installing it. */
async function installJobQueue(database: Database) {
  const { JobQueue } = await import('../jobs/queue.ts');
  const pino = (await import('pino')).default;
  const jobs = new JobQueue(database, pino({ level: 'silent' }));
  await jobs.start();
  await jobs.stop();
}

export default async function setup(project: TestProject) {
  const key = hashTree([migrationsFolder, join(root, 'src/server/jobs'), join(root, 'src/server/db/seed'), join(root, 'src/server/images')]);
  const cacheDir = join(root, 'node_modules/.cache/verdant-test');
  mkdirSync(cacheDir, { recursive: true });
  const dumpPath = join(cacheDir, `pglite-${key}.tar`);
  if (!existsSync(dumpPath)) {
    const started = Date.now();
    const database = await openDatabase({ dataDir: cacheDir, memory: true });
    await database.migrate();
    await seedInto(database.db);
    await installJobQueue(database);
    // dumpDataDir exists on PGlite only; the client is reachable through drizzle's $client.
    const client = (database.db as unknown as { $client: { dumpDataDir: (c: 'none') => Promise<Blob> } }).$client;
    const dump = await client.dumpDataDir('none');
    writeFileSync(`${dumpPath}.tmp`, Buffer.from(await dump.arrayBuffer()));
    renameSync(`${dumpPath}.tmp`, dumpPath);
    await database.close();
    console.log(`[test setup] PGlite template built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  project.provide('pgliteTemplate', dumpPath);

  if (testBackend.kind !== 'postgres') {
    project.provide('pgTemplate', '');
    return;
  }
  const admin = new pg.Client({ connectionString: testBackend.url });
  await admin.connect();
  const template = `verdant_tpl_${process.pid}_${Date.now().toString(36)}`;
  await admin.query(`CREATE DATABASE ${template}`);
  const url = new URL(testBackend.url);
  url.pathname = `/${template}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: cacheDir });
  await database.migrate();
  await seedInto(database.db);
  await installJobQueue(database);
  await database.close();
  project.provide('pgTemplate', template);
  console.log(`[test setup] PostgreSQL template ${template} ready`);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`,
      [`verdant_t_${template.slice('verdant_tpl_'.length)}_%`, template],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.end();
  };
}

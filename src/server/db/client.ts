// Opens the database: embedded PGlite under DATA_DIR by default, PostgreSQL when DATABASE_URL
// is set. PGlite loses committed writes if two processes open one folder, so the folder is
// guarded by a lock file holding the owner's pid.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside `db.transaction(…)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The driver under drizzle, for the job queue (src/server/jobs/queue.ts): one pool or the PGlite instance. */
  driver: { kind: 'postgres'; pool: pg.Pool } | { kind: 'pglite'; client: PGlite };
  migrate: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * Session setting for pg_trgm's `<%` (word similarity) used by services/search.ts. The default
 * 0.6 misses one dropped letter in a mid-length word ("malasia" → "Malaysia" scores 0.55); 0.5
 * still keeps unrelated names out. Set on every connection, so the operator stays index-backed.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.5;

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export class DatabaseLockedError extends Error {
  constructor(folder: string, pid: number) {
    super(
      `The embedded database in ${folder} is already in use by another Verdant process (pid ${pid}). ` +
        'Only one process may own it: stop that process first, or set DATABASE_URL to use a PostgreSQL server.',
    );
    this.name = 'DatabaseLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock file or throws DatabaseLockedError; a stale lock (dead pid) is replaced. */
export function acquireLock(folder: string): () => void {
  mkdirSync(folder, { recursive: true });
  const lockPath = join(folder, 'verdant.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(lockPath, 'utf8').trim() === String(process.pid)) rmSync(lockPath);
        } catch {
          // the lock is already gone: nothing to release
        }
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number.parseInt(readFileSync(lockPath, 'utf8').trim(), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DatabaseLockedError(folder, owner);
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the database lock ${lockPath}`);
}

export type OpenOptions = {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** A PGlite data-dir dump to start from (tests clone a migrated template this way). */
  loadDataDir?: Blob | File;
  /** In-memory PGlite (tests): no folder, no lock. */
  memory?: boolean;
};

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      // jit=off: PostgreSQL's JIT compiled the content feed's queries for 1–2 s each (issue 14,
      // measured at 20,000 options: 380 ms without it, 2,450 ms with); no query here runs long
      // enough to win it back.
      options: `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD} -c jit=off`,
    });
    pool.on('error', (err) => console.error('PostgreSQL pool error', err));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      driver: { kind: 'postgres', pool },
      migrate: async () => {
        await pool.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
        await migratePg(drizzlePg(pool), { migrationsFolder });
      },
      close: () => pool.end(),
    };
  }
  let release = () => {};
  let dataDir: string | undefined;
  if (!opts.memory) {
    const folder = join(opts.dataDir, 'pglite');
    release = acquireLock(opts.dataDir);
    mkdirSync(folder, { recursive: true });
    dataDir = folder;
  }
  try {
    const client = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
      extensions: { pg_trgm },
    });
    await client.exec(`SET pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`);
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      driver: { kind: 'pglite', client },
      migrate: async () => {
        await client.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
        await migratePglite(drizzlePglite(client), { migrationsFolder });
      },
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

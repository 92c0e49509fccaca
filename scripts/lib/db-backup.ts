// Backup and restore of the embedded PGlite database (DATA_DIR/pglite), for `npm run db:backup`
// and `npm run db:restore`. PGlite's own dumpDataDir / loadDataDir make the archive (a tar of the
// data folder, gzipped). The folder has one owner process (ADR 0002): both refuse while another
// process (`npm start`, `npm run dev`) holds its lock, since a copy taken beside a running owner
// could hold half-written pages. PostgreSQL (DATABASE_URL) is backed up with pg_dump instead
// (README, "Backups").
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client.ts';

export type Counts = { users: number; orders: number; creditEntries: number };

export class BackupRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefused';
  }
}

type PgliteClient = { dumpDataDir: (compression?: 'auto' | 'gzip' | 'none') => Promise<Blob | File> };

export async function countRecords(db: Awaited<ReturnType<typeof openDatabase>>['db']): Promise<Counts> {
  const one = async (table: string) => {
    const r = (await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] };
    return Number(r.rows[0]?.n ?? 0);
  };
  return { users: await one('users'), orders: await one('orders'), creditEntries: await one('credit_entries') };
}

const hasDatabase = (folder: string) => existsSync(join(folder, 'PG_VERSION'));

/** The default archive name: backups/verdant-2026-11-28T04-05-00Z.tar.gz. */
export function defaultBackupPath(now = new Date()): string {
  return join('backups', `verdant-${now.toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-')}.tar.gz`);
}

/**
 * Writes `file` (a gzipped tar of the data folder) from the database under `dataDir`. Throws
 * DatabaseLockedError while another process owns it, BackupRefused when there is no database.
 */
export async function backupPglite(dataDir: string, file: string): Promise<{ file: string; bytes: number; counts: Counts }> {
  if (!hasDatabase(join(dataDir, 'pglite'))) throw new BackupRefused(`There is no embedded database in ${join(dataDir, 'pglite')} to back up.`);
  const database = await openDatabase({ dataDir }); // takes the lock, or throws DatabaseLockedError
  try {
    const counts = await countRecords(database.db);
    const client = (database.db as unknown as { $client: PgliteClient }).$client;
    const dump = await client.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    mkdirSync(dirname(file) || '.', { recursive: true });
    writeFileSync(`${file}.partial`, bytes);
    renameSync(`${file}.partial`, file); // a half-written archive never has the final name
    return { file, bytes: bytes.length, counts };
  } finally {
    await database.close();
  }
}

/**
 * Restores `file` into `dataDir/pglite`. Refuses a folder that already holds a database unless
 * `force`, which first moves it aside to `pglite.before-restore-<time>` (nothing is deleted).
 */
export async function restorePglite(file: string, dataDir: string, opts: { force?: boolean } = {}): Promise<{ counts: Counts; movedAside: string | null }> {
  if (!existsSync(file) || !statSync(file).isFile()) throw new BackupRefused(`No backup file at ${file}.`);
  const folder = join(dataDir, 'pglite');
  let movedAside: string | null = null;
  // Open (and lock) once before touching the folder: a running owner makes this throw first.
  if (existsSync(folder) && readdirSync(folder).length > 0) {
    if (!opts.force) {
      throw new BackupRefused(`${folder} already holds a database. Run again with --force to move it aside (to ${folder}.before-restore-…) and restore into a fresh folder.`);
    }
    const probe = await openDatabase({ dataDir });
    await probe.close();
    movedAside = `${folder}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(folder, movedAside);
  }
  const archive = new Blob([readFileSync(file)]);
  const database = await openDatabase({ dataDir, loadDataDir: archive });
  try {
    return { counts: await countRecords(database.db), movedAside };
  } finally {
    await database.close();
  }
}

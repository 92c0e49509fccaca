// Restores the embedded database from an archive of npm run db:backup:
//   npm run db:restore -- <file.tar.gz> [--force]
// Into DATA_DIR/pglite (default .data). A folder that already holds a database is refused unless
// --force, which moves it aside to pglite.before-restore-<time> first. Refuses while a server owns
// the database, and with DATABASE_URL set (use pg_restore: README, "Backups").
import { resolve } from 'node:path';
import { DatabaseLockedError } from '../src/server/db/client.ts';
import { loadDotEnv } from './lib/cli.ts';
import { BackupRefused, restorePglite } from './lib/db-backup.ts';

loadDotEnv();
const args = process.argv.slice(2).filter((a) => a !== '--');
const force = args.includes('--force');
const file = args.find((a) => !a.startsWith('-'));
if (!file || args.includes('--help') || args.includes('-h')) {
  console.log('Usage: npm run db:restore -- <file.tar.gz> [--force]\n  --force  move an existing database aside (pglite.before-restore-<time>) and restore');
  process.exit(file ? 0 : 2);
}
if (process.env['DATABASE_URL']?.trim()) {
  console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore (README, "Backups"), e.g.\n  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" verdant.dump');
  process.exit(2);
}
const dataDir = resolve(process.env['DATA_DIR'] || '.data');
try {
  const r = await restorePglite(resolve(file), dataDir, { force });
  if (r.movedAside) console.log(`The previous database was moved to ${r.movedAside}.`);
  console.log(`Restored ${resolve(file)} into ${dataDir}/pglite: ${r.counts.users} users, ${r.counts.orders} orders, ${r.counts.creditEntries} credit entries.`);
} catch (err) {
  if (err instanceof DatabaseLockedError) {
    console.error(`${err.message}\nStop that process (npm start / npm run dev) before restoring, then start it again.`);
    process.exit(3);
  }
  if (err instanceof BackupRefused) {
    console.error(err.message);
    process.exit(2);
  }
  throw err;
}

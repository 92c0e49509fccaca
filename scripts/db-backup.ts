// Backs up the embedded database: npm run db:backup [-- <file.tar.gz>]
// Writes a gzipped archive of DATA_DIR/pglite (default backups/verdant-<time>.tar.gz). Refuses
// while `npm start` or `npm run dev` owns the database (stop it first), and with DATABASE_URL set
// (use pg_dump: README, "Backups").
import { resolve } from 'node:path';
import { DatabaseLockedError } from '../src/server/db/client.ts';
import { loadDotEnv } from './lib/cli.ts';
import { BackupRefused, backupPglite, defaultBackupPath } from './lib/db-backup.ts';

loadDotEnv();
const args = process.argv.slice(2).filter((a) => a !== '--');
if (args.includes('--help') || args.includes('-h')) {
  console.log('Usage: npm run db:backup [-- <file.tar.gz>]\n  Backs up the embedded database under DATA_DIR (default .data) while no server runs.');
  process.exit(0);
}
if (process.env['DATABASE_URL']?.trim()) {
  console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump (README, "Backups"), e.g.\n  pg_dump --format=custom --file=verdant.dump "$DATABASE_URL"');
  process.exit(2);
}
const dataDir = resolve(process.env['DATA_DIR'] || '.data');
const file = resolve(args[0] ?? defaultBackupPath());
try {
  const r = await backupPglite(dataDir, file);
  console.log(`Backed up ${dataDir}/pglite to ${r.file} (${(r.bytes / 1024 / 1024).toFixed(1)} MB): ${r.counts.users} users, ${r.counts.orders} orders, ${r.counts.creditEntries} credit entries.`);
  console.log(`Uploaded files live in ${dataDir}/storage (or your S3 bucket): copy them beside the archive.`);
} catch (err) {
  if (err instanceof DatabaseLockedError) {
    console.error(`${err.message}\nA backup reads the database folder, which only its owner may open: stop that process (npm start / npm run dev), run npm run db:backup, then start it again.`);
    process.exit(3);
  }
  if (err instanceof BackupRefused) {
    console.error(err.message);
    process.exit(2);
  }
  throw err;
}

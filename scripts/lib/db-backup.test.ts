// npm run db:backup / db:restore: a backup restored into a fresh folder holds every order, user and
// credit entry; both refuse while another process owns the database.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { sql } from 'drizzle-orm';
import { DatabaseLockedError, openDatabase } from '../../src/server/db/client.ts';
import { creditKind } from '../../src/server/db/schema.ts';
import { writeSummary } from '../../src/server/reliability/harness.ts';
import { BackupRefused, backupPglite, restorePglite } from './db-backup.ts';

const root = mkdtempSync(join(tmpdir(), 'verdant-backup-'));
const live = join(root, 'live');
const fresh = join(root, 'fresh');
const archive = join(root, 'backups', 'verdant.tar.gz');

type Ids = { users: string[]; orders: string[]; creditEntries: string[] };
async function idsIn(dataDir: string): Promise<Ids> {
  const d = await openDatabase({ dataDir });
  try {
    const col = async (q: string) => ((await d.db.execute(sql.raw(q))) as unknown as { rows: { id: unknown }[] }).rows.map((r) => String(r.id));
    return {
      users: await col('select id from users order by id'),
      orders: await col("select id || ':' || status || ':' || subtotal_amount as id from orders order by id"),
      creditEntries: await col("select id || ':' || user_id || ':' || amount as id from credit_entries order by id"),
    };
  } finally {
    await d.close();
  }
}

let before: Ids;
const CREDIT_KIND = creditKind.enumValues[0];

beforeAll(async () => {
  // A live database: the seeded test template on disk, plus writes made after it was seeded.
  const d = await openDatabase({ dataDir: live, loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) });
  await d.db.execute(sql`insert into users (id, email, name) values ('backup-user', 'backup@verdant.test', 'Bea Backup')`);
  await d.db.execute(sql`insert into credit_entries (user_id, currency, amount, balance_after, kind, description) values ('backup-user', 'SGD', 1234, 1234, ${CREDIT_KIND}, 'Written after the seed')`);
  await d.close();
  before = await idsIn(live);
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('npm run db:backup / db:restore (embedded PGlite)', () => {
  it('restores a backup into a fresh folder with every order, user and credit entry', async () => {
    expect(before.users).toContain('backup-user');
    expect(before.orders.length).toBeGreaterThan(0);
    expect(before.creditEntries.length).toBeGreaterThan(0);
    const b = await backupPglite(live, archive);
    expect(b.bytes).toBeGreaterThan(1000);
    expect(b.counts).toEqual({ users: before.users.length, orders: before.orders.length, creditEntries: before.creditEntries.length });

    const r = await restorePglite(archive, fresh);
    expect(r.movedAside).toBeNull();
    const after = await idsIn(fresh);
    expect(after).toEqual(before);
    writeSummary('backup', { users: after.users.length, orders: after.orders.length, creditEntries: after.creditEntries.length, identical: true, archiveBytes: b.bytes });
  });

  it('refuses while another process owns the database, saying which and what to do', async () => {
    writeFileSync(join(live, 'verdant.lock'), String(process.ppid)); // a live process that is not us
    try {
      await expect(backupPglite(live, join(root, 'refused.tar.gz'))).rejects.toThrow(DatabaseLockedError);
      await expect(backupPglite(live, join(root, 'refused.tar.gz'))).rejects.toThrow(`pid ${process.ppid}`);
      await expect(restorePglite(archive, live, { force: true })).rejects.toThrow(DatabaseLockedError);
    } finally {
      rmSync(join(live, 'verdant.lock'), { force: true });
    }
  });

  it('never restores over a database unless told to, and then keeps the old one aside', async () => {
    await expect(restorePglite(archive, fresh)).rejects.toThrow(BackupRefused);
    const r = await restorePglite(archive, fresh, { force: true });
    expect(r.movedAside).toMatch(/pglite\.before-restore-/);
    expect(await idsIn(fresh)).toEqual(before);
    await expect(backupPglite(join(root, 'empty'), join(root, 'x.tar.gz'))).rejects.toThrow(BackupRefused);
  });
});

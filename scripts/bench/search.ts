// `npm run bench:search [-- --pg postgresql://…] [--options 20000] [--requests 1500] [--clients 1] [--port 4473]`:
// latency of the search-bar suggestions (GET /api/v1/search?q=) on a throwaway catalogue of
// 20,000 options, against one API process started like `npm start -- --api-only`. Embedded
// PGlite by default; --pg seeds a fresh database on that PostgreSQL server and drops it after.
// The texts are what people type: word prefixes keystroke by keystroke, whole names, typos,
// two-word texts and texts that match nothing. A benchmark, not a test: it reports (target:
// p95 <= 30 ms with one client, the way one person types).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../../src/server/db/client.ts';
import { rowsOf } from '../../src/server/routes/catalogue/effective.ts';
import { seedCatalogue } from '../../src/server/db/seed/seed.ts';
import { call, percentile, recordOnlyPool, startApi } from '../lib/booking-load.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? (process.argv[i + 1] as string) : fallback;
};
const pgServer = process.argv.includes('--pg') ? arg('pg', process.env['TEST_DATABASE_URL'] ?? '') : '';
const OPTIONS = Number(arg('options', '20000'));
const REQUESTS = Number(arg('requests', '1500'));
const CLIENTS = Number(arg('clients', '1'));
const port = Number(arg('port', '4473'));
const root = resolve(import.meta.dirname, '../..');

type Text = { kind: string; q: string };

/** A deterministic mix of texts built from the seeded names. */
async function texts(db: Db): Promise<Text[]> {
  const names = (table: string, n: number) =>
    db.execute(sql.raw(`select name from ${table} where deleted_at is null order by md5(name) limit ${n}`)).then((r) => rowsOf<{ name: string }>(r).map((x) => x.name));
  const [places, cityNames, optionNames, collectionNames] = await Promise.all([names('countries', 20), names('cities', 40), names('options', 200), names('collections', 20)]);
  const words = [...new Set(optionNames.flatMap((n) => n.toLowerCase().split(/[^a-z]+/)).filter((w) => w.length >= 5))].slice(0, 60);
  const out: Text[] = [];
  // Keystroke prefixes of place names and option words (1..full length).
  for (const w of [...places, ...cityNames.slice(0, 10), ...words.slice(0, 20)]) {
    const lower = w.toLowerCase();
    for (let i = 1; i <= Math.min(lower.length, 9); i++) out.push({ kind: `prefix ${i < 3 ? '1-2' : '3+'} chars`, q: lower.slice(0, i) });
  }
  for (const n of [...optionNames.slice(0, 60), ...collectionNames, ...cityNames]) out.push({ kind: 'whole name', q: n });
  // One typo: a dropped letter or two swapped letters inside the word.
  for (const [i, w] of [...places, ...cityNames, ...words].entries()) {
    const s = w.toLowerCase();
    if (s.length < 5) continue;
    const at = 1 + (i % (s.length - 3));
    out.push({ kind: 'typo', q: i % 2 ? s.slice(0, at) + s.slice(at + 1) : s.slice(0, at) + s[at + 1] + s[at] + s.slice(at + 2) });
  }
  for (const [i, w] of words.entries()) out.push({ kind: 'two words', q: `${w} ${(cityNames[i % cityNames.length] ?? '').toLowerCase()}` });
  for (const q of ['zzqxj', 'qwrtypl', 'xkcdvbn', 'jjjjjj', 'ptkqz wvx']) out.push({ kind: 'no match', q });
  return out;
}

const started = performance.now();
const dataDir = pgServer ? '' : mkdtempSync(join(tmpdir(), 'verdant-bench-search-'));
let dropPg: (() => Promise<void>) | undefined;
let env: Record<string, string>;
let list: Text[];
console.log(`• Seeding ${OPTIONS} options into ${pgServer ? 'a fresh PostgreSQL database' : 'a throwaway embedded PGlite folder'}…`);
const progress = (step: string, done?: number, total?: number) => {
  if (step === 'options' && done !== undefined && (done === total || done % 10_000 === 0)) process.stdout.write(`  options ${done}/${total}\n`);
};
if (pgServer) {
  const name = `verdant_bench_search_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: pgServer });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(pgServer);
  url.pathname = `/${name}`;
  dropPg = async () => {
    const a = new pg.Client({ connectionString: pgServer });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await a.end();
  };
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: resolve(root, 'node_modules/.cache/verdant-load') });
  await database.migrate();
  await seedCatalogue(database.db, { storageDir: '/nonexistent', pool: recordOnlyPool(), options: OPTIONS, onProgress: progress });
  await database.db.execute(sql`analyze`);
  list = await texts(database.db);
  await database.close();
  env = { DATABASE_URL: url.toString() };
} else {
  const database = await openDatabase({ dataDir });
  await database.migrate();
  await seedCatalogue(database.db, { storageDir: '/nonexistent', pool: recordOnlyPool(), options: OPTIONS, onProgress: progress });
  await database.db.execute(sql`analyze`);
  list = await texts(database.db);
  await database.close();
  env = { DATA_DIR: dataDir };
}
console.log(`  seeded in ${((performance.now() - started) / 1000).toFixed(0)} s; ${list.length} distinct texts\n`);

const api = await startApi(port, env);
try {
  const ask = (q: string) => call(api.base, 'GET', `/search?q=${encodeURIComponent(q)}`);
  for (const t of list.slice(0, 50)) await ask(t.q); // warm-up
  const answers: { kind: string; ms: number; status: number; hits: number }[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (;;) {
        const i = next++;
        if (i >= REQUESTS) return;
        const t = list[(i * 7919) % list.length] as Text;
        const a = await ask(t.q);
        const hits = a.status === 200 ? ((a.body['results'] as unknown[]).length + (a.body['countriesCities'] as unknown[]).length) : 0;
        answers.push({ kind: t.kind, ms: a.ms, status: a.status, hits });
      }
    }),
  );
  const wall = performance.now() - t0;
  const line = (label: string, xs: typeof answers) => {
    const ms = xs.map((a) => a.ms).sort((a, b) => a - b);
    const empty = xs.filter((a) => a.hits === 0).length;
    console.log(
      `${label.padEnd(20)} n=${String(xs.length).padStart(5)}  p50=${percentile(ms, 50).toFixed(1).padStart(6)} ms  p95=${percentile(ms, 95).toFixed(1).padStart(6)} ms  p99=${percentile(ms, 99).toFixed(1).padStart(6)} ms  max=${(ms[ms.length - 1] ?? NaN).toFixed(1).padStart(6)} ms  no result ${empty}`,
    );
  };
  console.log(`GET /api/v1/search?q=  ${OPTIONS} options, ${CLIENTS} client(s), ${(REQUESTS / (wall / 1000)).toFixed(0)} req/s (shared 2-core machine: pessimistic)\n`);
  for (const kind of [...new Set(answers.map((a) => a.kind))].sort()) line(kind, answers.filter((a) => a.kind === kind));
  line('ALL', answers);
  const failed = answers.filter((a) => a.status !== 200);
  if (failed.length) console.log(`\n${failed.length} requests failed (status ${failed[0]?.status})`);
  const p95 = percentile(answers.map((a) => a.ms).sort((a, b) => a - b), 95);
  console.log(`\np95 ${p95.toFixed(1)} ms — target <= 30 ms: ${p95 <= 30 ? 'met' : 'NOT met'}`);
} finally {
  await api.stop();
  if (dropPg) await dropPg();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

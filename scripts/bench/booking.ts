// `npm run bench:booking [-- --pg postgresql://…] [--requests 2000] [--pays 400] [--clients 20]`:
// latency of GET /options/{id}/prices and of a full pay call (POST /checkouts/pay, card 4242 on
// the test gateway: re-price, take the seat, charge, place, e-mail) at 20 concurrent clients,
// against one API process started like `npm start -- --api-only`. Embedded PGlite by default;
// --pg runs on a fresh database of that PostgreSQL server. A benchmark, not a test: it reports.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { operatesOn } from '../../src/lib/availability-rules.ts';
import { addDays, localNow } from '../../src/lib/local-time.ts';
import { openDatabase, type Db } from '../../src/server/db/client.ts';
import { availabilityRules, availabilitySlots, options } from '../../src/server/db/schema.ts';
import { seedCatalogue } from '../../src/server/db/seed/seed.ts';
import { call, freshPostgres, percentile, readyToPay, recordOnlyPool, startApi, type Departure } from '../lib/booking-load.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? (process.argv[i + 1] as string) : fallback;
};
const pgServer = process.argv.includes('--pg') ? arg('pg', process.env['TEST_DATABASE_URL'] ?? '') : '';
const REQUESTS = Number(arg('requests', '2000'));
const PAYS = Number(arg('pays', '400'));
const CLIENTS = Number(arg('clients', '20'));
const port = Number(arg('port', '4470'));

/** A departure 40 days ahead with room for every pay call of the run. */
async function prepare(db: Db): Promise<Departure> {
  const rows = await db
    .select({ id: options.id, slugCode: options.slugCode, startTimes: options.startTimes, rule: availabilityRules })
    .from(options)
    .innerJoin(availabilityRules, eq(availabilityRules.optionId, options.id))
    .where(and(eq(options.published, true), eq(options.priceUnit, 'per_person'), eq(options.bookType, 'instant'), eq(options.priceCurrency, 'SGD'), sql`jsonb_array_length(${options.startTimes}) > 0`))
    .orderBy(options.id);
  const today = localNow('Asia/Singapore').date;
  for (const r of rows) {
    for (let i = 40; i < 70; i++) {
      const date = addDays(today, i);
      if (!operatesOn(r.rule, date)) continue;
      const slotKey = r.startTimes[0] as string;
      await db.insert(availabilitySlots).values({ optionId: r.id, date, slotKey, capacity: 1_000_000, taken: 0 });
      return { slugCode: r.slugCode, optionId: r.id, date, timeslotId: `${date}T${slotKey}`, slotKey };
    }
  }
  throw new Error('no departure for the benchmark');
}

async function load<T>(n: number, clients: number, job: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (;;) {
        const i = next++;
        if (i >= n) return;
        out[i] = await job(i);
      }
    }),
  );
  return out;
}

function report(name: string, answers: { status: number; ms: number }[], okStatus: number, wallMs: number) {
  const ok = answers.filter((a) => a.status === okStatus);
  const ms = ok.map((a) => a.ms).sort((a, b) => a - b);
  console.log(
    `${name.padEnd(34)} n=${String(answers.length).padStart(5)}  ok=${String(ok.length).padStart(5)}  p50=${percentile(ms, 50).toFixed(1).padStart(7)} ms  p99=${percentile(ms, 99).toFixed(1).padStart(7)} ms  max=${(ms[ms.length - 1] ?? NaN).toFixed(1).padStart(7)} ms  ${((answers.length / wallMs) * 1000).toFixed(0).padStart(5)} req/s`,
  );
  if (ok.length !== answers.length) {
    const bad = answers.find((a) => a.status !== okStatus) as { status: number; body?: unknown } | undefined;
    console.log(`  ${answers.length - ok.length} failed, e.g. ${bad?.status} ${JSON.stringify(bad?.body).slice(0, 200)}`);
  }
}

const dataDir = pgServer ? '' : mkdtempSync(join(tmpdir(), 'verdant-bench-'));
let dropPg: (() => Promise<void>) | undefined;
let env: Record<string, string>;
let dep: Departure;
console.log(`• Preparing ${pgServer ? 'a PostgreSQL' : 'an embedded PGlite'} database with the demo catalogue…`);
if (pgServer) {
  const fresh = await freshPostgres(pgServer, 'verdant_bench');
  dropPg = fresh.drop;
  const database = await openDatabase({ databaseUrl: fresh.url, dataDir: tmpdir() });
  dep = await prepare(database.db);
  await database.close();
  env = { DATABASE_URL: fresh.url };
} else {
  const database = await openDatabase({ dataDir });
  await database.migrate();
  await seedCatalogue(database.db, { storageDir: '/nonexistent', pool: recordOnlyPool() });
  dep = await prepare(database.db);
  await database.close();
  env = { DATA_DIR: dataDir };
}
const api = await startApi(port, env);
try {
  console.log(`• ${dep.slugCode} on ${dep.date} ${dep.slotKey}; ${CLIENTS} concurrent clients (timings on a shared 2-core machine are pessimistic)\n`);
  const pricesPath = `/options/${dep.slugCode}/prices?start_date=${dep.date}&detailed_timeslot_id=${dep.timeslotId}&quantity=2&child_quantity=1&currency=USD`;
  await load(100, CLIENTS, () => call(api.base, 'GET', pricesPath)); // warm-up
  let t0 = performance.now();
  const prices = await load(REQUESTS, CLIENTS, () => call(api.base, 'GET', pricesPath));
  report('GET /options/{id}/prices', prices, 200, performance.now() - t0);

  console.log(`\n  preparing ${PAYS} bags and card tokens…`);
  const bags = await load(PAYS + 20, CLIENTS, () => readyToPay(api.base, dep));
  await load(20, CLIENTS, (i) => call(api.base, 'POST', '/checkouts/pay', bags[PAYS + i]!.body, { 'idempotency-key': randomUUID() })); // warm-up
  t0 = performance.now();
  const pays = await load(PAYS, CLIENTS, (i) => call(api.base, 'POST', '/checkouts/pay', bags[i]!.body, { 'idempotency-key': randomUUID() }));
  report('POST /checkouts/pay (4242, test gw)', pays, 201, performance.now() - t0);
} finally {
  await api.stop();
  if (dropPg) await dropPg();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

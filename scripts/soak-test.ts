// `npm run test:soak [-- --quick]`: the soak (issue 20 item 4, ADR 0047). One API process on
// PostgreSQL (and Redis when TEST_REDIS_URL is set), loopback only:
//   1. its capacity is measured: a closed loop of the mixed traffic at fixed concurrency;
//   2. the mixed traffic (browse, search, bag, pay, trips) runs at half that rate for ten minutes
//      (--quick: 60 s; SOAK_SECONDS sets it), bounded in time and in calls in flight;
//   3. every answer must be the expected one (zero errors); the process's memory (RSS) at the
//      end must be within 10% of minute two's, read as the high-water marks of the windows (RSS is
//      a sawtooth between collections; a run shorter than five minutes, as --quick, is inside one
//      tooth: its memory is reported, not checked), and its open file handles and database
//      connections must not grow.
// Needs TEST_DATABASE_URL. Writes test-results/reliability/soak.json for the reliability summary.
import { readdirSync, readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { API_KEY, freshPostgres, request, pickDeparture, readyToPay, setSeats, startApi, type ApiProcess } from './lib/booking-load.ts';
import { checklist } from './lib/checks.ts';

const serverUrl = process.env['TEST_DATABASE_URL'];
if (!serverUrl) {
  console.error('TEST_DATABASE_URL is required (a PostgreSQL server the test may create a database on).');
  process.exit(2);
}
const quick = process.argv.includes('--quick');
const SECONDS = Number(process.env['SOAK_SECONDS'] ?? (quick ? 60 : 600));
/** The reference sample: minute two of a full soak, the 20% mark of a shorter one. */
const REF_AT = SECONDS >= 300 ? 120 : Math.round(SECONDS * 0.2);
const CAPACITY_SECONDS = quick ? 8 : 20;
/** Memory is checked from this length on: major collections come every one to three minutes. */
const MEMORY_CHECKED_FROM = 300;
const CONCURRENCY = 8;
const MAX_IN_FLIGHT = 64;
const port = Number(process.env['SOAK_PORT'] ?? 4490);
const redisUrl = process.env['TEST_REDIS_URL'];

const { check, failed } = checklist();

const req = (base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => request(base, method, path, body, headers, 30_000);

/** RSS (bytes) and open file handles of a process, from /proc (Linux). */
function processStats(pid: number): { rss: number; fds: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rss = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  return { rss, fds: readdirSync(`/proc/${pid}/fd`).length };
}

const database = await freshPostgres(serverUrl, 'verdant_soak');
const db = new pg.Client({ connectionString: database.url });
let api: ApiProcess | null = null;
const samples: { t: number; rss: number; fds: number; conns: number; rate: number }[] = [];
const counts = new Map<string, { ok: number; errors: number }>();
const errorsSeen: string[] = [];
let capacity = 0;
let target = 0;
let total = 0;
let overloaded = 0;
try {
  await db.connect();
  console.log('• Starting the API process…');
  api = await startApi(port, { DATABASE_URL: database.url, ...(redisUrl ? { REDIS_URL: redisUrl } : {}) });
  const base = api.base;
  const pid = api.child.pid!;
  const dbName = new URL(database.url).pathname.slice(1);
  const conns = async () => Number((await db.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [dbName])).rows[0]?.n ?? 0);

  // The CSRF token is bound to its cookie: log in as the storefront does, then use the bearer token.
  const csrfRes = await fetch(`${base}/api/v1/csrf-token`, { headers: { authorization: `Bearer ${API_KEY}` } });
  const cookie = csrfRes.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const csrf = (await csrfRes.json()) as { token: string };
  const login = await req(base, 'POST', '/users/login', { user: { email: 'traveller@verdant.test', password: 'verdant-dev-password' } }, { 'x-csrf-token': csrf.token, cookie });
  if (login.status !== 200) throw new Error(`login: ${login.status}`);
  const user = { 'x-user-token': String(login.body['token']), cookie: login.cookie };
  const dep = await pickDeparture(db, base);
  await setSeats(db, dep, 10_000_000, 0);
  const options = ((await req(base, 'GET', '/api/v1/options?per=20')).body['options'] as { slugCode: string }[]).map((o) => o.slugCode);
  const words = ['sing', 'kayak', 'bali', 'trek', 'reef', 'temple', 'forest', 'dive'];
  let n = 0;

  /** One user action of the mix: its name, and whether every answer was the expected one. */
  type Op = { name: string; run: () => Promise<boolean> };
  const OPS: { op: Op; weight: number }[] = [
    { weight: 30, op: { name: 'browse', run: async () => (await req(base, 'GET', `/api/v1/options/${options[n++ % options.length]}`)).status === 200 && (await req(base, 'GET', '/api/v1/options?per=12')).status === 200 } },
    { weight: 25, op: { name: 'search', run: async () => (await req(base, 'GET', `/api/v1/search?q=${words[n++ % words.length]}`)).status === 200 } },
    {
      weight: 20,
      op: {
        name: 'cart',
        run: async () => {
          const r = await req(base, 'POST', '/api/v1/cart', { currency: 'SGD', orderItem: { optionId: dep.slugCode, startDate: dep.date, detailedTimeslotId: dep.timeslotId, quantity: 1 } });
          return r.status === 201 && (await req(base, 'GET', `/api/v1/cart?cart_id=${String(r.body['id'])}&view=with_order_item`)).status === 200;
        },
      },
    },
    {
      weight: 10,
      op: {
        name: 'pay',
        run: async () => {
          const bag = await readyToPay(base, dep);
          const r = await req(base, 'POST', '/api/v1/checkouts/pay', bag.body, { 'idempotency-key': randomUUID() });
          return r.status === 201 && r.body['status'] === 'succeeded';
        },
      },
    },
    { weight: 15, op: { name: 'trips', run: async () => (await req(base, 'GET', '/api/v1/trips', undefined, user)).status === 200 } },
  ];
  const weightSum = OPS.reduce((s, o) => s + o.weight, 0);
  let rot = 0;
  const nextOp = (): Op => {
    // Deterministic rotation by weight (no randomness needed: the mix is what matters).
    rot = (rot + 37) % weightSum;
    let w = rot;
    for (const o of OPS) {
      if (w < o.weight) return o.op;
      w -= o.weight;
    }
    return OPS[0]!.op;
  };
  async function once(op: Op) {
    let ok = false;
    let why = '';
    try {
      ok = await op.run();
    } catch (err) {
      why = String(err).slice(0, 200);
    }
    const c = counts.get(op.name) ?? { ok: 0, errors: 0 };
    if (ok) c.ok++;
    else {
      c.errors++;
      if (errorsSeen.length < 10) errorsSeen.push(`${op.name}: ${why || 'unexpected answer'}`);
    }
    counts.set(op.name, c);
  }

  for (const o of OPS) {
    const before = counts.get(o.op.name)?.errors ?? 0;
    await once(o.op);
    if ((counts.get(o.op.name)?.errors ?? 0) > before) throw new Error(`${o.op.name} fails before the soak starts: ${errorsSeen.at(-1)}`);
  }
  counts.clear();

  console.log(`• Measuring capacity: ${CONCURRENCY} users without pause for ${CAPACITY_SECONDS} s…`);
  let done = 0;
  const until = performance.now() + CAPACITY_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        await once(nextOp());
        done++;
      }
    }),
  );
  capacity = done / CAPACITY_SECONDS;
  const capErrors = [...counts.values()].reduce((s, c) => s + c.errors, 0);
  check(capErrors === 0, `no errors while measuring capacity (${capErrors})`);
  counts.clear();
  target = capacity / 2;
  console.log(`  capacity ≈ ${capacity.toFixed(1)} actions/s; soaking at ${target.toFixed(1)} actions/s for ${SECONDS} s`);

  let inFlight = 0;
  const inflight = new Set<Promise<void>>();
  const t0 = performance.now();
  let lastSample = -1;
  let startedOps = 0;
  while (performance.now() - t0 < SECONDS * 1000) {
    const elapsed = (performance.now() - t0) / 1000;
    // Open loop: start what the schedule says is due, never more than MAX_IN_FLIGHT at once.
    while (startedOps < elapsed * target) {
      if (inFlight >= MAX_IN_FLIGHT) {
        overloaded++;
        startedOps++;
        continue;
      }
      startedOps++;
      inFlight++;
      total++;
      const p: Promise<void> = once(nextOp()).finally(() => {
        inFlight--;
        inflight.delete(p);
      });
      inflight.add(p);
    }
    const second = Math.floor(elapsed);
    if (second % 5 === 0 && second !== lastSample) {
      lastSample = second;
      const s = processStats(pid);
      samples.push({ t: second, ...s, conns: await conns(), rate: total / Math.max(elapsed, 1) });
      if (second % 30 === 0) console.log(`  ${String(second).padStart(4)} s: RSS ${(s.rss / 2 ** 20).toFixed(0)} MB, ${s.fds} open handles, ${samples.at(-1)!.conns} connections, ${total} actions`);
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  await Promise.all(inflight);
  const end = processStats(pid);
  samples.push({ t: SECONDS, ...end, conns: await conns(), rate: total / SECONDS });
} catch (err) {
  console.error(err);
  check(false, `the soak ran (${String(err).slice(0, 200)})`);
} finally {
  await db.end().catch(() => {});
  if (api) await api.stop();
  await database.drop();
}

const errors = [...counts.values()].reduce((s, c) => s + c.errors, 0);
const ok = [...counts.values()].reduce((s, c) => s + c.ok, 0);
// RSS is a sawtooth: it climbs between major garbage collections and drops by a third at each
// (a 10-minute run showed 385 → 213 MB at 75 s, 353 → 216 MB at 210 s), so one reading says
// only where in the tooth it was taken. A leak raises the teeth: the readings compared are the
// high-water marks of a window around minute two (60–180 s; shorter runs: 10–30% of the run) and
// of the last two minutes (shorter runs: the last 20%). Single readings are reported beside them.
const blank = { t: 0, rss: 0, fds: 0, conns: 0, rate: 0 };
const refWindow = SECONDS >= 300 ? [60, 180] : [SECONDS * 0.1, SECONDS * 0.3];
const endFrom = SECONDS >= 300 ? SECONDS - 120 : SECONDS * 0.8;
const around = samples.filter((s) => s.t >= refWindow[0]! && s.t <= refWindow[1]!);
const tail = samples.filter((s) => s.t >= endFrom);
const high = (xs: typeof samples, t: number) => (xs.length ? { t, rss: Math.max(...xs.map((s) => s.rss)), fds: Math.max(...xs.map((s) => s.fds)), conns: Math.max(...xs.map((s) => s.conns)), rate: 0 } : blank);
const ref = high(around, REF_AT);
const last = high(tail.length ? tail : samples.slice(-1), SECONDS);
const atRef = samples.reduce((best, s) => (Math.abs(s.t - REF_AT) < Math.abs(best.t - REF_AT) ? s : best), samples[0] ?? blank);
const atEnd = samples.at(-1) ?? blank;
const maxConns = Math.max(0, ...samples.filter((s) => s.t >= REF_AT).map((s) => s.conns));
const refConns = Math.max(0, ...samples.filter((s) => s.t <= REF_AT).map((s) => s.conns));
const mb = (b: number) => `${(b / 2 ** 20).toFixed(1)} MB`;
if (samples.length) {
  console.log(`\n• ${ok + errors} actions (${[...counts].map(([k, c]) => `${k} ${c.ok + c.errors}`).join(', ')}), ${overloaded} skipped at the in-flight bound`);
  check(errors === 0, `zero errors (${errors}${errorsSeen.length ? `: ${errorsSeen.join('; ')}` : ''})`);
  check(overloaded === 0, `the process kept up with half its capacity (${overloaded} actions skipped)`);
  const memory = `RSS high-water ${mb(last.rss)} in the last window, ${mb(ref.rss)} around ${ref.t} s (${(((last.rss - ref.rss) / ref.rss) * 100).toFixed(1)}%, limit +10%; single readings ${mb(atRef.rss)} at ${atRef.t} s, ${mb(atEnd.rss)} at the end)`;
  // A run shorter than MEMORY_CHECKED_FROM is within the first tooth of the sawtooth: its end is
  // higher than its start whether or not anything leaks (the quick soak: +9.4% and +16.9% in
  // two runs of the same code, 0 errors). Its memory is reported; the full soak checks it.
  if (SECONDS >= MEMORY_CHECKED_FROM) check(last.rss <= ref.rss * 1.1, `memory flat: ${memory}`);
  else console.log(`  • memory, reported (checked from ${MEMORY_CHECKED_FROM} s of soak): ${memory}`);
  check(last.fds <= ref.fds + 4, `open handles do not grow: at most ${last.fds} in the last window, ${ref.fds} around ${ref.t} s`);
  check(maxConns <= Math.max(refConns, 1) + 1, `database connections do not grow: at most ${maxConns} after ${ref.t} s, ${refConns} before`);
}
mkdirSync(join('test-results', 'reliability'), { recursive: true });
writeFileSync(
  join('test-results', 'reliability', 'soak.json'),
  JSON.stringify({ seconds: SECONDS, capacity, target, actions: ok + errors, errors, overloaded, refAt: ref.t, rssRef: ref.rss, rssEnd: last.rss, rssAtRef: atRef.rss, rssAtEnd: atEnd.rss, rssStart: samples[0]?.rss ?? 0, rssMax: Math.max(0, ...samples.map((x) => x.rss)), fdsRef: ref.fds, fdsEnd: last.fds, connsRef: refConns, connsMax: maxConns, byAction: Object.fromEntries(counts), failures: failed.length, failed, samples }, null, 2),
);
if (failed.length > 0) {
  console.error(`\n✖ soak: ${failed.length} check(s) failed`);
  process.exit(1);
}
console.log('\n✔ soak passed');

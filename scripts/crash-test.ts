// `npm run test:crash [-- --quick]`: crash safety (issue 20 item 3, ADR 0047). On PostgreSQL with
// two API processes, one of them is killed (SIGKILL: no graceful stop) at random points of
// checkout, refund, gift purchase and redemption, and publish: each round sends a batch of those
// calls to the victim, kills it after a random delay while they are in flight, restarts it and
// checks it answers. After the last round the reconciliation job runs on the queue, and then:
//   - no order is lost (every pay call answered "succeeded" has its placed order and captured
//     payment) or duplicated (at most one live order per bag, one redemption per gift);
//   - every charge at the provider matches exactly one payment of ours and what it gave back is
//     what we recorded as refunded (and the other way round);
//   - no seat hold is stale (no unfinished payment past its hold or left waiting for a charge,
//     and the seats taken on the departures used equal the seats held by bookings);
//   - every publish run has its queue job; every process restarted cleanly.
// A seeded RNG chooses the victim, the batch and the delay (anywhere within the time the
// scenario's batch takes unkilled, measured first): the seed is printed, and
// CRASH_SEED replays a run. CRASH_KILLS sets the rounds (default 50; --quick 8: each scenario twice).
// Needs TEST_DATABASE_URL (a server it may create a database on); TEST_REDIS_URL is used when set.
// Writes test-results/reliability/crash.json for the reliability summary.
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { mulberry32 } from '../src/server/db/seed/prng.ts';
import { todayInSingapore } from '../src/server/services/gifts/send-time.ts';
import { API_KEY, freshPostgres, request, type Answer, pickDeparture, readyToPay, setSeats, startApi, type ApiProcess, type Departure } from './lib/booking-load.ts';
import { checklist } from './lib/checks.ts';

const serverUrl = process.env['TEST_DATABASE_URL'];
if (!serverUrl) {
  console.error('TEST_DATABASE_URL is required (a PostgreSQL server the test may create a database on).');
  process.exit(2);
}
const quick = process.argv.includes('--quick');
const KILLS = Number(process.env['CRASH_KILLS'] ?? (quick ? 8 : 50));
const SEED = Number(process.env['CRASH_SEED'] ?? Math.floor(Math.random() * 2 ** 31));
const redisUrl = process.env['TEST_REDIS_URL'];
const basePort = Number(process.env['CRASH_PORT'] ?? 4480);
const ports = [basePort, basePort + 1] as const;
/** Reconciliation judges what is older than this; the harness waits it out before the last run. */
const GRACE_S = 8;

const rng = mulberry32(SEED); // seeded, so a failing run can be replayed
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)] as T;

const { check, failed } = checklist();

/** One HTTP call; a connection cut by the kill is status 0 (what a browser sees as a network error). */
async function req(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  return request(base, method, path, body, headers).catch(() => ({ status: 0, body: {}, ms: 0, cookie: '' }));
}
const api = (base: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) => req(base, method, `/api/v1${path}`, body, headers);

/** The headers of a logged-in storefront: the session cookie, and the payment token. */
async function login(base: string, email: string): Promise<Record<string, string>> {
  // The CSRF token is bound to its cookie: log in as the storefront does, then use the bearer token.
  const res = await fetch(`${base}/api/v1/csrf-token`, { headers: { authorization: `Bearer ${API_KEY}` } });
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const csrf = (await res.json()) as { token: string };
  const r = await req(base, 'POST', '/users/login', { user: { email, password: 'verdant-dev-password' } }, { 'x-csrf-token': csrf.token, cookie });
  if (r.status !== 200) throw new Error(`login ${email}: ${r.status} ${JSON.stringify(r.body)}`);
  return { cookie: r.cookie, 'x-user-token': String(r.body['token']) };
}

const SCENARIOS = ['checkout', 'refund', 'gift', 'publish'] as const;
type Scenario = (typeof SCENARIOS)[number];

console.log(`• Crash test: ${KILLS} kills, seed ${SEED} (replay with CRASH_SEED=${SEED}${quick ? ' --quick' : ''})`);
console.log('• Creating and seeding a PostgreSQL database…');
const database = await freshPostgres(serverUrl, 'verdant_crash');
const db = new pg.Client({ connectionString: database.url });
const env = { DATABASE_URL: database.url, RECONCILE_GRACE_SECONDS: String(GRACE_S), LOG_LEVEL: 'warn', ...(redisUrl ? { REDIS_URL: redisUrl } : {}) };
const apis: ApiProcess[] = [];
const started = performance.now();
const stats = { rounds: 0, kills: 0, restarts: 0, inFlightAtKill: 0, calls: 0, cut: 0, byScenario: {} as Record<string, number>, restartMs: [] as number[] };
const ledger = {
  /** Pay calls answered succeeded: their orders must be placed. */
  paidOrders: [] as string[],
  /** Gift codes whose redemption answered 201. */
  redeemed: [] as string[],
  /** Trips whose cancellation answered 200. */
  cancelled: [] as string[],
  /** Articles whose publish answered 202, with the version it answered. */
  published: new Map<number, number>(),
};
let reconcileLog: string[] = [];
/** When the first reconciliation run was queued (a mismatch found later says whether it came before or after). */
let reconcileStartedAt: string | undefined;
let seededGiftTrips: number | undefined;
/** What the preparation (through the survivor, no kill involved) could not make: a harness fault. */
const prepFailures: string[] = [];
/** Answers per scenario and status (0: cut by the kill), to see each scenario did its work. */
const answers: Record<string, Record<string, number>> = {};
const answered = (scenario: string, status: number) => {
  const a = (answers[scenario] ??= {});
  a[String(status)] = (a[String(status)] ?? 0) + 1;
};

try {
  await db.connect();
  console.log('• Starting two API processes…');
  apis.push(...(await Promise.all(ports.map((p) => startApi(p, env)))));
  const base = (i: number) => apis[i]!.base;
  const traveller = await login(base(0), 'traveller@verdant.test');
  const admin = await login(base(0), 'admin@verdant.test');
  const travellerId = String((await db.query("SELECT id FROM users WHERE email = 'traveller@verdant.test'")).rows[0]?.id);
  const dep = await pickDeparture(db, base(0));
  // Free cancellation (refunds in full) and room for every round's bookings.
  await db.query("UPDATE options SET cancel_type = 'standard' WHERE id = $1", [dep.optionId]);
  await setSeats(db, dep, 100_000, 0);
  const dep2: Departure = await pickDeparture(db, base(0), 40);
  await setSeats(db, dep2, 100_000, 0);
  const departures = [dep, dep2];
  const articles = (await db.query<{ id: number }>('SELECT id FROM blogs ORDER BY id LIMIT 8')).rows.map((r) => r.id);
  seededGiftTrips = Number((await db.query("SELECT count(*)::int AS n FROM order_items WHERE is_gift AND id NOT IN (SELECT redeemed_item_id FROM gifts WHERE redeemed_item_id IS NOT NULL)")).rows[0]?.n ?? 0);

  /** A paid booking of the traveller (made through the survivor), for the refund rounds. */
  async function paidTrip(on: string): Promise<string | null> {
    const bag = await readyToPay(on, pick(departures));
    const r = await api(on, 'POST', '/checkouts/pay', bag.body, { 'idempotency-key': randomUUID() });
    if (r.status !== 201) {
      prepFailures.push(`trip: ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
      return null;
    }
    const orderId = String((r.body['order'] as { id: string }).id);
    ledger.paidOrders.push(orderId);
    // The booking is the traveller's (a guest bag keeps the preparation free of their credits).
    await db.query('UPDATE orders SET user_id = $1 WHERE id = $2', [travellerId, orderId]);
    return orderId;
  }

  /** A paid gift experience's code (bought through the survivor), for the redemption rounds. */
  async function giftCode(on: string): Promise<string | null> {
    const g = await api(on, 'POST', '/gifts', { kind: 'experience', option: dep.slugCode, guests: 1, currency: 'SGD', design: 'reef', senderName: 'Crash', recipientName: 'Test', recipientEmail: `crash.${randomUUID().slice(0, 8)}@example.com`, message: '', sendDate: todayInSingapore(new Date()) }, traveller);
    if (g.status !== 201) {
      prepFailures.push(`gift: ${g.status} ${JSON.stringify(g.body).slice(0, 200)}`);
      return null;
    }
    const order = g.body['order'] as { id: string; exchangedTotalAmountWithConversionFee: unknown };
    const tok = await api(on, 'POST', '/test-gateway/tokens', { number: '4242424242424242', expMonth: 12, expYear: 2031, cvc: '123' });
    const paid = await api(on, 'POST', '/checkouts/pay', { orderId: order.id, currency: 'SGD', expectedTotal: order.exchangedTotalAmountWithConversionFee, paymentMethod: 'card', cardToken: tok.body['token'] }, { 'idempotency-key': randomUUID(), ...traveller });
    if (paid.status !== 201) {
      prepFailures.push(`gift payment: ${paid.status} ${JSON.stringify(paid.body).slice(0, 200)}`);
      return null;
    }
    const row = await db.query<{ code: string }>('SELECT code FROM gifts WHERE id = $1', [(g.body['gift'] as { id: string }).id]);
    return row.rows[0]?.code ?? null;
  }

  /** The calls of one round, sent to the victim; each resolves when answered or cut. */
  async function round(scenario: Scenario, victim: string, survivor: string): Promise<Promise<void>[]> {
    const calls: (() => Promise<void>)[] = [];
    const n = 4 + Math.floor(rng() * 4);
    if (scenario === 'checkout') {
      for (let i = 0; i < n; i++) {
        const kind = pick(['card', 'card', 'google_pay', '3ds'] as const);
        const bag = kind === 'google_pay' ? await readyToPay(survivor, pick(departures), '4242424242424242', 'google_pay') : await readyToPay(survivor, pick(departures), kind === '3ds' ? '4000002500003155' : '4242424242424242');
        calls.push(async () => {
          const r = await api(victim, 'POST', '/checkouts/pay', bag.body, { 'idempotency-key': randomUUID() });
          answered('checkout', r.status);
          const order = r.body['order'] as { id: string } | undefined;
          if (r.status === 201 && r.body['status'] === 'succeeded' && order) ledger.paidOrders.push(order.id);
          if (r.status === 200 && r.body['status'] === 'requires_action' && order) {
            const otp = await api(victim, 'POST', '/checkouts/pay_otp', { orderId: order.id, otp: '123456' }, { 'idempotency-key': randomUUID() });
            answered('checkout otp', otp.status);
            if (otp.status === 201 && otp.body['status'] === 'succeeded') ledger.paidOrders.push(order.id);
          }
        });
      }
    } else if (scenario === 'refund') {
      for (let i = 0; i < n; i++) {
        const orderId = await paidTrip(survivor);
        if (orderId) {
          calls.push(async () => {
            const r = await api(victim, 'POST', `/orders/${orderId}/cancel`, {}, traveller);
            answered('refund', r.status);
            if (r.status === 200) ledger.cancelled.push(orderId);
          });
        }
      }
    } else if (scenario === 'gift') {
      for (let i = 0; i < n; i++) {
        if (i % 2 === 0) {
          const code = await giftCode(survivor);
          if (code) {
            calls.push(async () => {
              const r = await api(victim, 'POST', '/redeem_gift_experiences', { code, date: dep.date, detailedTimeslotId: dep.timeslotId }, traveller);
              answered('gift redeem', r.status);
              if (r.status === 201) ledger.redeemed.push(code);
            });
          }
        } else {
          // Buying a gift card: its checkout, killed like any other.
          calls.push(async () => {
            const g = await api(victim, 'POST', '/gifts', { kind: 'card', amount: 50, currency: 'SGD', design: 'reef', senderName: 'Crash', recipientName: 'Test', recipientEmail: `card.${randomUUID().slice(0, 8)}@example.com`, message: '', sendDate: todayInSingapore(new Date()) }, traveller);
            answered('gift card', g.status);
            if (g.status !== 201) return;
            const order = g.body['order'] as { id: string; exchangedTotalAmountWithConversionFee: unknown };
            const tok = await api(victim, 'POST', '/test-gateway/tokens', { number: '4242424242424242', expMonth: 12, expYear: 2031, cvc: '123' });
            const paid = await api(victim, 'POST', '/checkouts/pay', { orderId: order.id, currency: 'SGD', expectedTotal: order.exchangedTotalAmountWithConversionFee, paymentMethod: 'card', cardToken: tok.body['token'] }, { 'idempotency-key': randomUUID(), ...traveller });
            answered('gift card pay', paid.status);
            if (paid.status === 201 && paid.body['status'] === 'succeeded') ledger.paidOrders.push(order.id);
          });
        }
      }
    } else {
      for (const id of articles.slice(0, Math.min(n, articles.length))) {
        calls.push(async () => {
          const a = await api(victim, 'GET', `/admin/articles/${id}`, undefined, admin);
          answered('publish read', a.status);
          if (a.status !== 200) return;
          const draft = a.body['draft'] as Record<string, unknown>;
          const v = Number(a.body['version']);
          const saved = await api(victim, 'PUT', `/admin/articles/${id}/draft`, { version: v, draft: { ...draft, title: `${String(draft['title']).replace(/ \(\d+\)$/, '')} (${v + 1})` } }, admin);
          answered('publish draft', saved.status);
          if (saved.status !== 200) return;
          const p = await api(victim, 'POST', `/admin/articles/${id}/publish`, { version: Number(saved.body['version']) }, admin);
          answered('publish', p.status);
          if (p.status === 202) ledger.published.set(id, Number(p.body['version']));
        });
      }
    }
    stats.calls += calls.length;
    // A harness fault in a call (not an answer of the server) is reported, never left unhandled.
    return calls.map((f) => f().catch((err: unknown) => void prepFailures.push(`call of ${scenario}: ${String(err).slice(0, 200)}`)));
  }

  // How long each scenario's batch takes unkilled on this machine: the kill falls anywhere in it
  // (a fixed range would kill every call before its first answer on a slow machine, or after
  // the last on a fast one).
  const span: Record<string, number> = {};
  for (const scenario of SCENARIOS) {
    const t0 = performance.now();
    await Promise.all(await round(scenario, apis[0]!.base, apis[1]!.base));
    span[scenario] = Math.max(50, performance.now() - t0);
  }
  console.log(`  a batch unkilled takes: ${Object.entries(span).map(([k, ms]) => `${k} ${Math.round(ms)} ms`).join(', ')}`);

  for (let k = 0; k < KILLS; k++) {
    const scenario = SCENARIOS[k % SCENARIOS.length]!; // every scenario in turn; the RNG picks the rest
    const v = rng() < 0.5 ? 0 : 1;
    const victim = apis[v]!;
    const survivor = apis[1 - v]!;
    const delay = 5 + Math.floor(rng() * (span[scenario] ?? 250));
    let pending = 0;
    const inflight = (await round(scenario, victim.base, survivor.base)).map((p) => {
      pending++;
      return p.finally(() => pending--);
    });
    await new Promise((r) => setTimeout(r, delay));
    const atKill = pending;
    const exited = new Promise((r) => victim.child.once('exit', r));
    process.kill(-victim.child.pid!, 'SIGKILL');
    await exited;
    stats.kills++;
    stats.inFlightAtKill += atKill;
    stats.byScenario[scenario] = (stats.byScenario[scenario] ?? 0) + 1;
    await Promise.all(inflight);
    const t0 = performance.now();
    try {
      apis[v] = await startApi(ports[v], env);
      const health = await req(apis[v]!.base, 'GET', '/healthz');
      if (health.status === 200) stats.restarts++;
      stats.restartMs.push(performance.now() - t0);
    } catch (err) {
      check(false, `round ${k + 1}: the killed process restarts (${String(err).slice(0, 300)})`);
      throw err;
    }
    stats.rounds++;
    console.log(`  round ${String(k + 1).padStart(2)}: ${scenario.padEnd(8)} killed :${ports[v]} after ${String(delay).padStart(3)} ms with ${atKill} call(s) in flight; restarted in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }

  console.log(`• Waiting ${GRACE_S + 2} s, then running the reconciliation job on the queue…`);
  await new Promise((r) => setTimeout(r, (GRACE_S + 2) * 1000));
  const boss = new PgBoss({ connectionString: database.url, schema: 'pgboss', max: 2 });
  boss.on('error', () => {});
  await boss.start();
  async function reconcile(): Promise<string> {
    const id = await boss.send('payment-reconcile', {});
    if (!id) throw new Error('the reconciliation job was not queued (one already waiting?)');
    const deadline = Date.now() + 120_000;
    for (;;) {
      const job = await boss.getJobById('payment-reconcile', id);
      if (job && ['completed', 'failed', 'cancelled'].includes(job.state)) return job.state;
      if (Date.now() > deadline) return job?.state ?? 'missing';
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  reconcileStartedAt = new Date().toISOString();
  const first = await reconcile();
  check(first === 'completed', `the reconciliation job ran on the queue (${first})`);
  const second = await reconcile();
  check(second === 'completed', `a second reconciliation run completes too (${second})`);
  await boss.stop({ graceful: false, close: true });
  reconcileLog = apis
    .flatMap((a) => a.output().split('\n'))
    .filter((l) => l.includes('reconciliation'))
    .map((l) => {
      try {
        const j = JSON.parse(l) as { msg: string; fixed?: unknown; fix?: string; ref?: string; orderId?: string };
        return j.fix ? `${j.fix} ${j.ref ?? ''} ${j.orderId ?? ''}`.trim() : `summary: ${j.msg} ${JSON.stringify(j.fixed ?? {})}`;
      } catch {
        return l;
      }
    });

  console.log('\n• Checking what the kills left behind…');
  // Lost: an answered payment whose order is not placed.
  const lost = await db.query("SELECT id, status FROM orders WHERE id = ANY($1::text[]) AND status <> 'placed'", [ledger.paidOrders]);
  check(lost.rowCount === 0, `no order lost: all ${ledger.paidOrders.length} orders answered "succeeded" are placed${lost.rowCount ? ` (${JSON.stringify(lost.rows.slice(0, 5))})` : ''}`);
  const dupOrders = await db.query("SELECT cart_id, count(*)::int AS n FROM orders WHERE cart_id IS NOT NULL AND status IN ('placed', 'pending_payment', 'requires_action', 'awaiting_payment') GROUP BY cart_id HAVING count(*) > 1");
  check(dupOrders.rowCount === 0, `no order duplicated: one live order per bag${dupOrders.rowCount ? ` (${JSON.stringify(dupOrders.rows.slice(0, 5))})` : ''}`);
  const dupItems = await db.query("SELECT i.cart_id, count(*)::int AS n FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.status = 'placed' GROUP BY i.cart_id, i.id HAVING count(*) > 1");
  check(dupItems.rowCount === 0, 'no booking item belongs to two placed orders');
  const capturedPerOrder = await db.query("SELECT order_id, count(*)::int AS n FROM checkout_payments WHERE status IN ('captured', 'partial_refunded') GROUP BY order_id HAVING count(*) > 1");
  check(capturedPerOrder.rowCount === 0, `no order paid twice${capturedPerOrder.rowCount ? ` (${JSON.stringify(capturedPerOrder.rows)})` : ''}`);

  // Charges: every provider payment against ours.
  const charges = await db.query<{ id: string; status: string; amount: number; created_at: Date; refunded_at: Date | null; refund_keys: string | null; refunded: number; ours: string | null; ours_status: string | null; ours_refunded: number; order_status: string | null }>(
    `SELECT g.id, g.status, g.amount, g.created_at, rf.refunded_at, rf.refund_keys,
            CASE WHEN g.status = 'refunded' AND rf.n = 0 THEN g.amount ELSE rf.total END AS refunded,
            p.id AS ours, p.status::text AS ours_status,
            CASE WHEN p.status = 'refunded' AND NOT EXISTS (SELECT 1 FROM order_refunds x WHERE x.payment_id = p.id) THEN p.amount
                 ELSE (SELECT coalesce(sum(x.amount), 0)::int FROM order_refunds x WHERE x.payment_id = p.id) END AS ours_refunded,
            o.status::text AS order_status
       FROM test_gateway_payments g
       -- The gateway's refunds of each charge, once: a full refund without rows gives back all.
       CROSS JOIN LATERAL (SELECT count(*)::int AS n, coalesce(sum(r.amount), 0)::int AS total, max(r.created_at) AS refunded_at, string_agg(r.idempotency_key, ' ') AS refund_keys
                             FROM test_gateway_refunds r WHERE r.payment_id = g.id) rf
       LEFT JOIN checkout_payments p ON p.provider_ref = g.id
       LEFT JOIN orders o ON o.id = p.order_id`,
  );
  const taken = charges.rows.filter((c) => c.status === 'succeeded' || c.status === 'refunded');
  const unmatched = taken.filter((c) => c.refunded < c.amount && !c.ours);
  check(unmatched.length === 0, `every charge at the gateway matches a payment of ours (${taken.length} charges${unmatched.length ? `; unmatched: ${JSON.stringify(unmatched.slice(0, 5))}` : ''})`);
  const refsOnce = await db.query("SELECT provider_ref, count(*)::int AS n FROM checkout_payments WHERE provider_ref IS NOT NULL GROUP BY provider_ref HAVING count(*) > 1");
  check(refsOnce.rowCount === 0, 'every charge matches exactly one payment (no charge claimed twice)');
  const keptWrongly = taken.filter((c) => c.ours && c.refunded !== c.ours_refunded);
  check(keptWrongly.length === 0, `what the gateway refunded is what we recorded as refunded, charge by charge${keptWrongly.length ? ` (reconciliation queued at ${reconcileStartedAt}: ${JSON.stringify(keptWrongly.slice(0, 5))})` : ''}`);
  const paidNotCaptured = taken.filter((c) => c.ours && c.refunded < c.amount && !['captured', 'partial_refunded'].includes(String(c.ours_status)));
  check(paidNotCaptured.length === 0, `money kept only for payments we captured${paidNotCaptured.length ? ` (${JSON.stringify(paidNotCaptured.slice(0, 5))})` : ''}`);
  const capturedNoCharge = await db.query("SELECT p.id FROM checkout_payments p LEFT JOIN test_gateway_payments g ON g.id = p.provider_ref WHERE p.status IN ('captured', 'partial_refunded', 'refunded') AND (g.id IS NULL OR g.status NOT IN ('succeeded', 'refunded'))");
  check(capturedNoCharge.rowCount === 0, 'every payment we captured has its charge at the gateway');
  const placedUnpaid = await db.query("SELECT o.id FROM orders o WHERE o.status = 'placed' AND o.total_amount > 0 AND o.payment_timing = 'checkout' AND o.payment_method IN ('card', 'google_pay', 'apple_pay') AND NOT EXISTS (SELECT 1 FROM checkout_payments p WHERE p.order_id = o.id AND p.status IN ('captured', 'partial_refunded', 'refunded'))");
  check(placedUnpaid.rowCount === 0, 'every placed order that was charged has its captured payment');

  // Holds.
  const stale = await db.query("SELECT id, status FROM orders WHERE (status IN ('pending_payment', 'requires_action') AND hold_expires_at < now()) OR (status = 'pending_payment' AND created_at < now() - make_interval(secs => $1))", [GRACE_S + 1]);
  check(stale.rowCount === 0, `no seat hold left stale${stale.rowCount ? ` (${JSON.stringify(stale.rows.slice(0, 5))})` : ''}`);
  for (const d of departures) {
    const held = await db.query<{ held: number }>(
      `SELECT coalesce(sum(i.units_held), 0)::int AS held FROM order_items i WHERE i.option_id = $1 AND i.start_date = $2 AND i.slot_key = $3 AND i.units_held > 0`,
      [d.optionId, d.date, d.slotKey],
    );
    const slot = await db.query<{ taken: number }>('SELECT taken FROM availability_slots WHERE option_id = $1 AND date = $2 AND slot_key = $3', [d.optionId, d.date, d.slotKey]);
    check(slot.rows[0]?.taken === held.rows[0]?.held, `${d.date} ${d.slotKey}: seats taken (${slot.rows[0]?.taken}) = seats held by bookings (${held.rows[0]?.held})`);
  }

  // Gifts.
  const redeemedOnce = await db.query<{ code: string; n: number }>("SELECT g.code, (SELECT count(*)::int FROM order_items i WHERE i.id = g.redeemed_item_id) AS n FROM gifts g WHERE g.status = 'redeemed'");
  check(redeemedOnce.rows.every((r) => r.n === 1), `every redeemed gift has exactly one trip (${redeemedOnce.rowCount} redeemed)`);
  const giftItems = await db.query("SELECT count(*)::int AS n FROM order_items WHERE is_gift AND id NOT IN (SELECT redeemed_item_id FROM gifts WHERE redeemed_item_id IS NOT NULL)");
  // The demo data has gift trips of its own (seeded without their gift): count what the run added.
  check(giftItems.rows[0]?.n === seededGiftTrips, `no gift trip without its redeemed gift (${seededGiftTrips} seeded ones aside)`);
  const unrecorded = await db.query("SELECT code FROM gifts WHERE code = ANY($1::text[]) AND status <> 'redeemed'", [ledger.redeemed]);
  check(unrecorded.rowCount === 0, `all ${ledger.redeemed.length} redemptions answered 201 are recorded`);
  const paidGifts = await db.query("SELECT g.id FROM gifts g JOIN orders o ON o.id = g.order_id WHERE o.status = 'placed' AND g.status = 'pending_payment'");
  check(paidGifts.rowCount === 0, 'every paid gift is scheduled (none left waiting for its payment)');

  // Publish.
  const orphanRuns = await db.query("SELECT r.id FROM publish_runs r WHERE NOT EXISTS (SELECT 1 FROM pgboss.job j WHERE j.singleton_key = 'publish:' || r.id)");
  check(orphanRuns.rowCount === 0, `every publish run has its queue job (${(await db.query('SELECT count(*)::int AS n FROM publish_runs')).rows[0]?.n} runs)`);
  const versions = await db.query<{ id: number }>("SELECT id FROM blogs WHERE id = ANY($1::int[])", [[...ledger.published.keys()]]);
  let publishedOk = true;
  for (const { id } of versions.rows) {
    const a = await api(apis[0]!.base, 'GET', `/admin/articles/${id}`, undefined, admin);
    if (a.status !== 200 || Number(a.body['version']) < (ledger.published.get(id) ?? 0)) publishedOk = false;
  }
  check(publishedOk, `every publish answered 202 is live at its version (${ledger.published.size} articles)`);

  // Cancellations (refunds).
  const notCancelled = await db.query("SELECT o.id FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.id = ANY($1::text[]) AND i.status <> 'cancelled'", [ledger.cancelled]);
  check(notCancelled.rowCount === 0, `all ${ledger.cancelled.length} cancellations answered 200 are recorded`);
  const cancelledUnrefunded = await db.query("SELECT i.id FROM order_items i JOIN orders o ON o.id = i.order_id WHERE i.status = 'cancelled' AND o.id = ANY($1::text[]) AND NOT EXISTS (SELECT 1 FROM order_refunds r WHERE r.order_id = o.id)", [ledger.cancelled]);
  check(cancelledUnrefunded.rowCount === 0, 'every cancelled trip (free cancellation) has its refund recorded');

  check(prepFailures.length === 0, `the preparation through the survivor worked${prepFailures.length ? ` (${prepFailures.slice(0, 3).join('; ')})` : ''}`);
  console.log(`  answers by scenario (status: count; 0 = cut by the kill): ${JSON.stringify(answers)}`);

  // Restarts.
  check(stats.restarts === stats.kills, `every killed process restarted cleanly and answered (${stats.restarts}/${stats.kills})`);
  for (const a of apis) check((await req(a.base, 'GET', '/healthz')).status === 200, `${a.base} answers after the run`);
} catch (err) {
  console.error(err);
  check(false, `the run completed (${String(err).slice(0, 200)})`);
} finally {
  await db.end().catch(() => {});
  await Promise.all(apis.map((a) => a.stop()));
  await database.drop();
}

const seconds = (performance.now() - started) / 1000;
console.log(`\n  reconciliation reported:\n${reconcileLog.map((l) => `    ${l}`).join('\n') || '    (nothing to fix)'}`);
const fixes = reconcileLog.filter((l) => /^[a-z_]+( |$)/.test(l)).length;
mkdirSync(join('test-results', 'reliability'), { recursive: true });
writeFileSync(
  join('test-results', 'reliability', 'crash.json'),
  JSON.stringify({ seed: SEED, answers, kills: stats.kills, survived: stats.restarts, rounds: stats.rounds, calls: stats.calls, inFlightAtKill: stats.inFlightAtKill, byScenario: stats.byScenario, paidOrders: ledger.paidOrders.length, redeemed: ledger.redeemed.length, published: ledger.published.size, reconcileFixes: fixes, failures: failed.length, failed, seconds, restartMsMax: Math.max(0, ...stats.restartMs) }, null, 2),
);
console.log(`\n  ${stats.kills} kills (${Object.entries(stats.byScenario).map(([k, n]) => `${k} ${n}`).join(', ')}), ${stats.inFlightAtKill} calls in flight at the kills, ${stats.restarts} clean restarts, ${fixes} fixes by reconciliation, ${seconds.toFixed(0)} s`);
if (failed.length > 0) {
  console.error(`\n✖ crash test: ${failed.length} check(s) failed (seed ${SEED})`);
  process.exit(1);
}
console.log(`\n✔ crash test passed (seed ${SEED})`);

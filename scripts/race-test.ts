// `npm run test:race`: booking integrity under real concurrency, on PostgreSQL with two API
// processes (PGlite runs one transaction at a time, so it cannot show a race):
//   1. 50 travellers pay at once for a departure with 3 seats left, by card, Apple Pay, Google Pay
//      and GrabPay (issue 29) → exactly 3 bookings that took seats, 47 told it is sold out,
//      nobody else charged, the departure never over or under capacity;
//   2. the same pay request sent 5 times at once, across both processes → one charge, one order,
//      by card and again by Google Pay.
// Needs TEST_DATABASE_URL (a server it may create databases on) and TEST_REDIS_URL.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { call, freshPostgres, pickDeparture, readyToPay, setSeats, startApi, type ApiProcess } from './lib/booking-load.ts';
import { checklist } from './lib/checks.ts';

const serverUrl = process.env['TEST_DATABASE_URL'];
if (!serverUrl) {
  console.error('TEST_DATABASE_URL is required (a PostgreSQL server the test may create a database on).');
  process.exit(2);
}
const redisUrl = process.env['TEST_REDIS_URL'];
const basePort = Number(process.env['RACE_PORT'] ?? 4460);
/** RACE_PORTS=a,b picks the two API ports (default RACE_PORT and the next one). */
const [portA, portB] = (process.env['RACE_PORTS'] ?? `${basePort},${basePort + 1}`).split(',').map(Number) as [number, number];
const TRAVELLERS = 50;
const SEATS = 3;

const { check, failed } = checklist();

console.log('• Creating and seeding a PostgreSQL database…');
const database = await freshPostgres(serverUrl, 'verdant_race');
const apis: ApiProcess[] = [];
const db = new pg.Client({ connectionString: database.url });
try {
  await db.connect();
  console.log('• Starting two API processes…');
  const env = { DATABASE_URL: database.url, ...(redisUrl ? { REDIS_URL: redisUrl } : {}) };
  apis.push(...(await Promise.all([startApi(portA, env), startApi(portB, env)])));
  const [a, b] = apis as [ApiProcess, ApiProcess];

  // ── 1. Fifty travellers, three seats ──────────────────────────────────────────────
  const dep = await pickDeparture(db, a.base);
  console.log(`• ${TRAVELLERS} bags for ${dep.slugCode} on ${dep.date} ${dep.slotKey}, ${SEATS} seats left`);
  // Wallets in the mix: every fourth pays by card, then Google Pay, Apple Pay, GrabPay in turn.
  const METHODS = ['card', 'google_pay', 'apple_pay', 'grabpay'] as const;
  const bags = [];
  for (let i = 0; i < TRAVELLERS; i++) {
    const method = METHODS[i % METHODS.length]!;
    const base = i % 2 === 0 ? a.base : b.base;
    const bag = method === 'card' || method === 'grabpay' ? await readyToPay(base, dep) : await readyToPay(base, dep, '4242424242424242', method);
    if (method === 'grabpay') Object.assign(bag.body, { paymentMethod: 'grabpay', cardToken: undefined });
    bags.push(bag);
  }
  await setSeats(db, dep, 12, 12 - SEATS);
  // The demo catalogue has payments of its own (the seeded trips): count only what the race adds.
  const earlier = (await db.query<{ id: string }>('SELECT id FROM test_gateway_payments')).rows.map((r) => r.id);
  const started = performance.now();
  const answers = await Promise.all(bags.map((bag, i) => call(i % 2 === 0 ? a.base : b.base, 'POST', '/checkouts/pay', bag.body, { 'idempotency-key': randomUUID() })));
  console.log(`  50 pay calls answered in ${((performance.now() - started) / 1000).toFixed(2)} s`);
  // A card or wallet payment is paid at once; a GrabPay one holds its seat while the traveller is on Grab's page.
  const paid = answers.filter((x) => (x.status === 201 && x.body['status'] === 'succeeded') || (x.status === 200 && x.body['status'] === 'requires_action'));
  const redirected = answers.filter((x) => x.status === 200 && x.body['status'] === 'requires_action');
  const soldOut = answers.filter((x) => x.status === 409 && x.body['code'] === 'sold_out');
  const other = answers.filter((x) => !paid.includes(x) && !soldOut.includes(x));
  check(paid.length === SEATS, `exactly ${SEATS} bookings took seats (got ${paid.length}: ${paid.length - redirected.length} paid, ${redirected.length} on GrabPay's page)`);
  const methodsSeen = new Set(answers.flatMap((x, i) => (paid.includes(x) || soldOut.includes(x) ? [METHODS[i % METHODS.length]] : [])));
  check(methodsSeen.size === METHODS.length, `all four methods raced (${[...methodsSeen].join(', ')})`);
  check(soldOut.length === TRAVELLERS - SEATS, `${TRAVELLERS - SEATS} told it is sold out (got ${soldOut.length})`);
  check(other.length === 0, `no other answers${other.length ? `: ${JSON.stringify(other.slice(0, 3).map((x) => [x.status, x.body['error']]))}` : ''}`);
  check(soldOut.every((x) => typeof x.body['error'] === 'string' && String(x.body['error']).startsWith('Sorry, this date has just sold out')), 'the sold-out answer says so in words');
  const slot = await db.query<{ capacity: number; taken: number }>('SELECT capacity, taken FROM availability_slots WHERE option_id = $1 AND date = $2 AND slot_key = $3', [dep.optionId, dep.date, dep.slotKey]);
  check(slot.rows[0]?.taken === 12 && slot.rows[0]?.capacity === 12, `the departure is exactly full: ${JSON.stringify(slot.rows[0])}`);
  const negative = await db.query('SELECT 1 FROM availability_slots WHERE taken < 0 OR taken > capacity');
  check(negative.rowCount === 0, 'no departure anywhere below zero or over capacity');
  const placed = await db.query("SELECT count(*)::int AS n FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.status IN ('placed', 'requires_action') AND i.option_id = $1 AND i.start_date = $2", [dep.optionId, dep.date]);
  check(placed.rows[0]?.n === SEATS, `${SEATS} placed (or GrabPay-pending) orders in the database (got ${placed.rows[0]?.n})`);
  const charges = await db.query('SELECT status, count(*)::int AS n FROM test_gateway_payments WHERE NOT (id = ANY($1::text[])) GROUP BY status ORDER BY status', [earlier]);
  const charged = charges.rows.find((r) => r.status === 'succeeded')?.n ?? 0;
  const waiting = charges.rows.find((r) => r.status === 'requires_action')?.n ?? 0;
  check(charged + waiting === SEATS && charged === SEATS - redirected.length && charges.rows.every((r) => r.status === 'succeeded' || r.status === 'requires_action'), `the gateway charged ${SEATS - redirected.length} cards or wallets, ${redirected.length} GrabPay waiting, nobody else (${JSON.stringify(charges.rows)})`);

  // ── 2. One request, five times at once, two processes ────────────────────────────
  await setSeats(db, dep, 12, 0);
  const bag = await readyToPay(a.base, dep);
  const key = randomUUID();
  const same = await Promise.all(Array.from({ length: 5 }, (_, i) => call(i % 2 === 0 ? a.base : b.base, 'POST', '/checkouts/pay', bag.body, { 'idempotency-key': key })));
  check(same.every((x) => x.status === 201), `all five answered 201 (${same.map((x) => x.status).join(', ')})`);
  check(new Set(same.map((x) => JSON.stringify(x.body))).size === 1, 'all five got the same answer');
  const oneCharge = await db.query('SELECT count(*)::int AS n FROM test_gateway_payments WHERE idempotency_key = $1', [`pay:${key}`]);
  check(oneCharge.rows[0]?.n === 1, `one charge (got ${oneCharge.rows[0]?.n})`);
  const oneOrder = await db.query('SELECT count(*)::int AS n FROM orders WHERE cart_id = $1', [bag.cartId]);
  check(oneOrder.rows[0]?.n === 1, `one order (got ${oneOrder.rows[0]?.n})`);
  const seats = await db.query('SELECT taken FROM availability_slots WHERE option_id = $1 AND date = $2 AND slot_key = $3', [dep.optionId, dep.date, dep.slotKey]);
  check(seats.rows[0]?.taken === 1, `one seat taken (got ${seats.rows[0]?.taken})`);

  // ── 3. The same with Google Pay: a wallet payment is idempotent like a card ───────────
  const wbag = await readyToPay(b.base, dep, '4242424242424242', 'google_pay');
  const wkey = randomUUID();
  const wsame = await Promise.all(Array.from({ length: 5 }, (_, i) => call(i % 2 === 0 ? a.base : b.base, 'POST', '/checkouts/pay', wbag.body, { 'idempotency-key': wkey })));
  check(wsame.every((x) => x.status === 201), `Google Pay: all five answered 201 (${wsame.map((x) => x.status).join(', ')})`);
  check(new Set(wsame.map((x) => JSON.stringify(x.body))).size === 1, 'Google Pay: all five got the same answer');
  const wCharge = await db.query('SELECT count(*)::int AS n, min(method) AS method FROM test_gateway_payments WHERE idempotency_key = $1', [`pay:${wkey}`]);
  check(wCharge.rows[0]?.n === 1 && wCharge.rows[0]?.method === 'google_pay', `Google Pay: one charge (got ${JSON.stringify(wCharge.rows[0])})`);
  const wOrder = await db.query('SELECT count(*)::int AS n FROM orders WHERE cart_id = $1', [wbag.cartId]);
  check(wOrder.rows[0]?.n === 1, `Google Pay: one order (got ${wOrder.rows[0]?.n})`);
  const seats2 = await db.query('SELECT taken FROM availability_slots WHERE option_id = $1 AND date = $2 AND slot_key = $3', [dep.optionId, dep.date, dep.slotKey]);
  check(seats2.rows[0]?.taken === 2, `two seats taken now (got ${seats2.rows[0]?.taken})`);
} finally {
  await db.end().catch(() => {});
  await Promise.all(apis.map((x) => x.stop()));
  await database.drop();
}

if (failed.length > 0) {
  console.error(`\n✖ race test: ${failed.length} check(s) failed`);
  process.exit(1);
}
console.log('\n✔ race test passed');

// `npm run test:gift-restart`: a gift's e-mail survives a crash and goes out once. On PostgreSQL:
//   1. a member buys a gift card dated next week (paid by card) through a running API process;
//   2. that process is killed (SIGKILL: no graceful stop) before the send date;
//   3. a new process starts; the test clock passes the send date; its queue worker sends the
//      e-mail: exactly one message to the recipient;
//   4. the process is killed again and restarted: still exactly one message, the job completed.
// Needs TEST_DATABASE_URL (a server it may create a database on).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { API_KEY, freshPostgres, startApi, type ApiProcess } from './lib/booking-load.ts';
import { camelizeKeys, snakeizeKeys } from '../src/lib/key-case.ts';
import { checklist } from './lib/checks.ts';

const serverUrl = process.env['TEST_DATABASE_URL'];
if (!serverUrl) {
  console.error('TEST_DATABASE_URL is required (a PostgreSQL server the test may create a database on).');
  process.exit(2);
}
const port = Number(process.env['GIFT_RESTART_PORT'] ?? 4470);

const { check, failed } = checklist();

/** A tiny browser: keeps the session cookie between calls. */
const jar = new Map<string, string>();
async function http(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json', cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(snakeizeKeys(body)) }),
  });
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const [k, ...v] = (pair ?? '').split('=');
    if (k) jar.set(k.trim(), v.join('='));
  }
  const text = await res.text();
  return { status: res.status, body: camelizeKeys<Record<string, unknown>>(text ? JSON.parse(text) : {}) };
}

/** Kills the API process group at once, as a crash or an OOM kill would. */
function kill(api: ApiProcess) {
  const exited = new Promise((r) => api.child.once('exit', r));
  process.kill(-api.child.pid!, 'SIGKILL');
  return exited;
}

const recipient = `restart.${randomUUID().slice(0, 8)}@example.com`;
const inDays = (d: number) => new Date(Date.now() + d * 86400_000 + 8 * 3600_000).toISOString().slice(0, 10);

console.log('• Creating and seeding a PostgreSQL database…');
const database = await freshPostgres(serverUrl, 'verdant_gift_restart');
const db = new pg.Client({ connectionString: database.url });
let api: ApiProcess | null = null;
const env = { DATABASE_URL: database.url };
const mailsToRecipient = async () => Number((await db.query('SELECT count(*)::int AS n FROM outbox WHERE recipient = $1', [recipient])).rows[0]?.n ?? -1);
try {
  await db.connect();
  api = await startApi(port, env);
  const base = api.base;
  const csrf = await http(base, 'GET', '/api/v1/csrf-token');
  const login = await http(base, 'POST', '/users/login', { user: { email: 'traveller@verdant.test', password: 'verdant-dev-password' } }, { 'x-csrf-token': String(csrf.body['token']) });
  check(login.status === 200, `the buyer logs in (${login.status})`);
  const userToken = String(login.body['token']);

  console.log('• Buying a gift card dated next week…');
  const bought = await http(base, 'POST', '/api/v1/gifts', { kind: 'card', amount: 100, currency: 'SGD', design: 'reef', senderName: 'Maya', recipientName: 'Rae', recipientEmail: recipient, message: 'See you on the water', sendDate: inDays(7) });
  check(bought.status === 201, `the gift is created (${bought.status} ${JSON.stringify(bought.body['error'] ?? '')})`);
  const order = bought.body['order'] as { id: string; exchangedTotalAmountWithConversionFee: { amount: number; currency: string } };
  const gift = bought.body['gift'] as { id: string };
  const tok = await http(base, 'POST', '/api/v1/test-gateway/tokens', { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' });
  const paid = await http(
    base,
    'POST',
    '/api/v1/checkouts/pay',
    { orderId: order.id, currency: 'SGD', expectedTotal: order.exchangedTotalAmountWithConversionFee, paymentMethod: 'card', cardToken: tok.body['token'] },
    { 'idempotency-key': randomUUID(), 'x-user-token': userToken },
  );
  check(paid.status === 201 && paid.body['status'] === 'succeeded', `the gift is paid (${paid.status})`);
  const job = await db.query('SELECT state FROM pgboss.job WHERE singleton_key = $1', [`gift:${gift.id}`]);
  check(job.rows.length === 1 && job.rows[0]?.state === 'created', `one delivery job waits for the send date (${JSON.stringify(job.rows)})`);
  check((await mailsToRecipient()) === 0, 'nothing sent to the recipient yet');

  console.log('• Killing the API process (SIGKILL) before the send date, then starting a new one…');
  await kill(api);
  api = await startApi(port, env);
  const clock = await http(api.base, 'POST', '/api/v1/test-gateway/clock', { orderId: order.id, at: new Date(Date.now() + 8 * 86400_000).toISOString() });
  check(clock.status === 200 && clock.body['giftDue'] === true, `the test clock passes the send date (${clock.status})`);
  const deadline = Date.now() + 60_000;
  while ((await mailsToRecipient()) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
  check((await mailsToRecipient()) === 1, 'the new process sent the e-mail: one message');

  console.log('• Killing and restarting once more…');
  await kill(api);
  api = await startApi(port, env);
  // Let the new worker poll a few times (2 s interval) before counting again.
  await new Promise((r) => setTimeout(r, 6_000));
  check((await mailsToRecipient()) === 1, 'still exactly one message after another restart');
  const done = await db.query('SELECT state FROM pgboss.job WHERE singleton_key = $1', [`gift:${gift.id}`]);
  check(done.rows.length === 1 && done.rows[0]?.state === 'completed', `the job is completed (${JSON.stringify(done.rows)})`);
  const row = await db.query('SELECT status, sent_at IS NOT NULL AS sent FROM gifts WHERE id = $1', [gift.id]);
  check(row.rows[0]?.status === 'sent' && row.rows[0]?.sent === true, 'the gift is marked sent');
} finally {
  await db.end().catch(() => {});
  if (api) await api.stop();
  await database.drop();
}

if (failed.length > 0) {
  console.error(`\n✖ gift restart test: ${failed.length} check(s) failed`);
  process.exit(1);
}
console.log('\n✔ gift restart test passed');

// Shared by the race test and the booking benchmark: a freshly seeded database, API processes
// started the way `npm start -- --api-only` starts them, and a small client of the booking calls.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import pg from 'pg';
import { THEMES, type PoolImage, type TimeOfDay } from '../../src/server/images/pool.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { seedCatalogue } from '../../src/server/db/seed/seed.ts';
import { camelizeKeys, snakeizeKeys } from '../../src/lib/key-case.ts';

export const API_KEY = 'load-test-public-key';
export const GATEWAY_SECRET = 'load-test-gateway-secret-0123456789';
const root = resolve(import.meta.dirname, '../..');

/** Image records only: the load never serves images, so nothing is rendered. */
export function recordOnlyPool(): PoolImage[] {
  const times: TimeOfDay[] = ['dawn', 'day', 'golden', 'dusk', 'night'];
  return THEMES.flatMap((theme) =>
    Array.from({ length: 2 }, (_, i) => ({ key: `pool/${theme}-${i + 1}.jpg`, theme, timeOfDay: times[i % times.length] ?? 'day', name: `${theme} ${i + 1}`, width: 1600, height: 1067, contentType: 'image/jpeg' as const })),
  );
}

/** Creates, migrates and seeds a new PostgreSQL database on the server of `serverUrl`; returns its URL and a dropper. */
export async function freshPostgres(serverUrl: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  // LOAD_DB_PREFIX names the databases (e.g. one prefix per developer on a shared server).
  const name = `${process.env['LOAD_DB_PREFIX'] ? `${process.env['LOAD_DB_PREFIX']}_` : ''}${prefix}_${Date.now().toString(36)}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: resolve(root, 'node_modules/.cache/verdant-load') });
  await database.migrate();
  await seedCatalogue(database.db, { storageDir: '/nonexistent', pool: recordOnlyPool() });
  await database.close();
  return {
    url: url.toString(),
    drop: async () => {
      const a = new pg.Client({ connectionString: serverUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/** `output()`: everything the process wrote (its log), for tests that read what it reported. */
export type ApiProcess = { base: string; child: ChildProcess; stop: () => Promise<void>; output: () => string };

/** Starts `npm start -- --api-only` on `port` against `databaseUrl`, and waits until it answers. */
export async function startApi(port: number, env: Record<string, string>): Promise<ApiProcess> {
  const child = spawn(process.execPath, [resolve(root, 'scripts/start.ts'), '--api-only'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      PUBLIC_API_KEY: API_KEY,
      TEST_GATEWAY_SECRET: GATEWAY_SECRET,
      RATE_LIMIT_PER_MINUTE: '1000000',
      LOG_LEVEL: 'warn',
      DIST_DIR: resolve(root, 'node_modules/.cache/verdant-load/no-dist'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (b: Buffer) => (output += b.toString()));
  child.stderr?.on('data', (b: Buffer) => (output += b.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API on ${port} exited:\n${output}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`API on ${port} did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid!, 'SIGTERM');
      // A process still stopping after 10 s (a loaded machine) is killed: left running, it kept
      // its database sessions and the test's DROP DATABASE … WITH (FORCE) then failed.
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export type Answer = { status: number; body: Record<string, unknown>; ms: number; cookie: string };

/** One JSON call with the load tests' API key, keys in the wire's case; `cookie` is what it set, ready to send back. */
export async function request(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}, timeoutMs = 60_000): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(snakeizeKeys(body)) }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  return { status: res.status, body: camelizeKeys<Record<string, unknown>>(text ? JSON.parse(text) : {}), ms, cookie: res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') };
}

/** A call under /api/v1. */
export const call = (base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> =>
  request(base, method, `/api/v1${path}`, body, headers);

export type Departure = { slugCode: string; optionId: number; date: string; timeslotId: string; slotKey: string };

/** An instant, per-person SGD experience with start times, and a departure date far enough ahead. */
export async function pickDeparture(db: pg.Client, base: string, daysAhead = 30): Promise<Departure> {
  const { rows } = await db.query<{ id: number; slug_code: string }>(
    `SELECT o.id, o.slug_code FROM options o JOIN availability_rules r ON r.option_id = o.id
     WHERE o.published AND o.deleted_at IS NULL AND o.price_unit = 'per_person' AND o.book_type = 'instant'
       AND o.price_currency = 'SGD' AND jsonb_array_length(o.start_times) > 0 ORDER BY o.id LIMIT 1`,
  );
  const o = rows[0];
  if (!o) throw new Error('no instant per-person SGD option in the catalogue');
  const dates = await call(base, 'GET', `/available-dates?option_id=${o.slug_code}`);
  const list = (dates.body['dates'] as { date: string }[]) ?? [];
  const date = list[Math.min(daysAhead, list.length - 1)]?.date;
  if (!date) throw new Error('no operating date');
  const slots = await call(base, 'GET', `/detailed-timeslots?option_id=${o.slug_code}&date=${date}`);
  const slot = (slots.body['timeslots'] as { id: string }[])[0];
  if (!slot) throw new Error('no timeslot');
  return { slugCode: o.slug_code, optionId: o.id, date, timeslotId: slot.id, slotKey: slot.id.slice(11) };
}

/** Sets a departure's capacity exactly (the race and the bench start from known seats). */
export async function setSeats(db: pg.Client, d: Departure, capacity: number, taken = 0) {
  await db.query(
    `INSERT INTO availability_slots (option_id, date, slot_key, capacity, taken) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (option_id, date, slot_key) DO UPDATE SET capacity = excluded.capacity, taken = excluded.taken`,
    [d.optionId, d.date, d.slotKey, capacity, taken],
  );
}

/**
 * A bag with one guest on the departure and the pay body: by card (a test-gateway token for
 * 4242), or with `wallet` by Apple Pay or Google Pay (the test gateway's wallet token for the
 * bag's total).
 */
export async function readyToPay(base: string, d: Departure, card = '4242424242424242', wallet?: 'apple_pay' | 'google_pay') {
  const cart = await call(base, 'POST', '/cart', { currency: 'SGD', orderItem: { optionId: d.slugCode, startDate: d.date, detailedTimeslotId: d.timeslotId, quantity: 1 } });
  if (cart.status !== 201) throw new Error(`cart: ${cart.status} ${JSON.stringify(cart.body)}`);
  // The payment part: a wallet sheet's token or a card's, from the test gateway.
  const token = wallet
    ? await call(base, 'POST', '/test-gateway/wallet-tokens', { wallet, amount: cart.body['exchangedTotalAmountWithConversionFee'], card: card.slice(-4) })
    : await call(base, 'POST', '/test-gateway/tokens', { number: card, expMonth: 12, expYear: 2031, cvc: '123' });
  if (token.status !== 201) throw new Error(`${wallet ? 'wallet token' : 'token'}: ${token.status} ${JSON.stringify(token.body)}`);
  const payment = wallet ? { paymentMethod: wallet, walletToken: token.body['token'] } : { paymentMethod: 'card', cardToken: token.body['token'] };
  return {
    cartId: cart.body['id'] as string,
    body: {
      cartId: cart.body['id'],
      currency: 'SGD',
      expectedTotal: cart.body['exchangedTotalAmountWithConversionFee'],
      contact: { name: 'Load Test', email: `load+${randomUUID().slice(0, 8)}@example.com` },
      customers: [{ fullName: 'Load Test Guest', dateOfBirth: '1990-01-01', nationality: 'Singaporean', passportNumber: 'K1234567A' }],
      ...payment,
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] as number;
}

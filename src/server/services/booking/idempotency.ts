// Idempotency-Key on pay calls (like Stripe's): the first request with a key runs; every
// retry or double-click with the same key gets the first answer, byte for byte, for at least
// seven days. A concurrent duplicate waits for the first to finish. The same key with a
// different request is refused. If the first request crashed, its claim expires after a minute
// and the next retry runs it again (the provider call underneath is idempotent by key too).
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { AppEnv } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema.ts';
import { HttpError } from '../../http.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Keys are kept at least this long (spec: ≥ 7 days); the sweeper deletes older ones. */
export const KEEP_KEYS_MS = 8 * 24 * 3_600_000;
const CLAIM_MS = 60_000;
const WAIT_MS = 25_000;

export type Answer = { status: ContentfulStatusCode; body: unknown };

export function requestHash(method: string, path: string, body: string): string {
  return createHash('sha256').update(`${method} ${path}\n${body}`).digest('hex');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function claim(db: Db, scope: string, key: string, hash: string): Promise<boolean> {
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ scope, key, requestHash: hash, lockedUntil: sql`now() + ${`${CLAIM_MS} milliseconds`}::interval` })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return inserted.length > 0;
}

async function takeOver(db: Db, scope: string, key: string): Promise<boolean> {
  const taken = await db
    .update(idempotencyKeys)
    .set({ lockedUntil: sql`now() + ${`${CLAIM_MS} milliseconds`}::interval` })
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key), sql`${idempotencyKeys.responseStatus} is null`, lt(idempotencyKeys.lockedUntil, sql`now()`)))
    .returning({ key: idempotencyKeys.key });
  return taken.length > 0;
}

/**
 * Runs `run` once per (scope, Idempotency-Key) and answers every request with its answer.
 * HttpErrors are answers too (a declined card stays declined on retry); unexpected errors
 * release the key so the client may retry.
 */
export async function idempotent(c: Context<AppEnv>, scope: string, bodyText: string, run: () => Promise<Answer>): Promise<Response> {
  const key = c.req.header(IDEMPOTENCY_HEADER)?.trim();
  if (!key) throw new HttpError(400, 'The Idempotency-Key header is required for payment calls');
  if (!/^[\w.:-]{8,200}$/.test(key)) throw new HttpError(400, 'The Idempotency-Key header must be 8 to 200 letters, digits, or - _ . :');
  const db = c.var.db;
  const hash = requestHash(c.req.method, c.req.path, bodyText);
  const deadline = Date.now() + WAIT_MS;

  for (;;) {
    if ((await claim(db, scope, key, hash)) || (await takeOver(db, scope, key))) break;
    const [row] = await db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    if (!row) continue; // deleted between the two statements: claim again
    if (row.requestHash !== hash) {
      throw new HttpError(422, 'This Idempotency-Key was already used for a different request', { body: { code: 'idempotency_key_reused' } });
    }
    if (row.responseStatus !== null) {
      c.header('Idempotent-Replayed', 'true');
      return c.body(row.responseBody ?? 'null', row.responseStatus as ContentfulStatusCode, { 'Content-Type': 'application/json' });
    }
    if (Date.now() > deadline) throw new HttpError(409, 'This payment is still being processed. Please wait a moment and check your booking.', { body: { code: 'payment_in_progress' } });
    await sleep(100);
  }

  let answer: Answer;
  try {
    answer = await run();
  } catch (err) {
    if (!(err instanceof HttpError) || err.status >= 500) {
      await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
      throw err;
    }
    answer = { status: err.status, body: err.toJSON() };
    for (const [k, v] of Object.entries(err.headers ?? {})) c.header(k, v);
  }
  const text = JSON.stringify(answer.body);
  await db
    .update(idempotencyKeys)
    .set({ responseStatus: answer.status, responseBody: text, lockedUntil: null })
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  return c.body(text, answer.status, { 'Content-Type': 'application/json' });
}

export async function deleteOldKeys(db: Db, now = new Date()): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - KEEP_KEYS_MS)))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}

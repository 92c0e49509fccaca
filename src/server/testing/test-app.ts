// A fresh app on a fresh database for one test file: a clone of the seeded template.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import type { Hono } from 'hono';
import pino from 'pino';
import { inject } from 'vitest';
import { createApp } from '../app.ts';
import { parseConfig } from '../config.ts';
import type { AppEnv } from '../context.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { JobQueue } from '../jobs/queue.ts';
import { AnswerCache } from '../answer-cache.ts';
import { startChangeFeed } from '../change-feed.ts';
import { randomId } from '../middleware.ts';
import { createRateLimitStore } from '../providers/rate-limit.ts';
import { camelizeKeys } from '../../lib/key-case.ts';
import { testBackend, testStorageDir } from './backend.ts';

export const TEST_API_KEY = 'test-public-api-key';

export async function openTestDatabase(): Promise<Database> {
  if (testBackend.kind === 'postgres') {
    const serverUrl = testBackend.url;
    const template = inject('pgTemplate');
    const name = `verdant_t_${template.slice('verdant_tpl_'.length)}_${randomId(6).toLowerCase().replace(/[^a-z0-9]/g, 'x')}`;
    const admin = new pg.Client({ connectionString: testBackend.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.end();
    const url = new URL(testBackend.url);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: testStorageDir });
    return {
      ...database,
      close: async () => {
        await database.close();
        const a = new pg.Client({ connectionString: serverUrl });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await a.end();
      },
    };
  }
  const dump = readFileSync(inject('pgliteTemplate'));
  return openDatabase({ dataDir: testStorageDir, memory: true, loadDataDir: new Blob([dump]) });
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A test app whose providers are partly replaced (e.g. a WhatsApp sender that refuses numbers). */
export function createTestAppWithProviders(providers: NonNullable<Parameters<typeof createApp>[0]['providers']>, env: Record<string, string> = {}) {
  return createTestApp(env, undefined, providers);
}

export async function createTestApp(env: Record<string, string> = {}, extend?: (app: Hono<AppEnv>) => void, providers?: NonNullable<Parameters<typeof createApp>[0]['providers']>) {
  const database = await openTestDatabase();
  const config = parseConfig({
    NODE_ENV: 'test',
    PUBLIC_API_KEY: TEST_API_KEY,
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000',
    DATA_DIR: testStorageDir,
    ...env,
  });
  const redisUrl = testBackend.kind === 'postgres' ? testBackend.redisUrl : undefined;
  const rateLimitStore = createRateLimitStore(redisUrl, `verdant:test:${randomId(6)}:`);
  const log = pino({ level: process.env['TEST_LOG_LEVEL'] ?? 'silent' });
  // The job queue's schema is in the template (global-setup): starting it here is quick. No
  // workers run in API tests; a test runs due jobs itself (jobs.runDue).
  const jobs = new JobQueue(database, log, { pollSeconds: 0.5 });
  await jobs.start();
  // The answer cache runs as in production (ADR 0042), so every API test reads through it.
  const feed = await startChangeFeed(database, log);
  const answers = { cache: new AnswerCache(feed), feed };
  const app = createApp({ db: database.db, config, log, rateLimitStore, jobs, answers, ...(extend ? { extend } : {}), ...(providers ? { providers } : {}) });

  /** Calls the API like the storefront does (bearer, JSON) and camelizes the answer. */
  async function call(method: string, path: string, opts: { body?: unknown; rawBody?: string; headers?: Record<string, string>; auth?: boolean; ip?: string } = {}) {
    const headers: Record<string, string> = { 'x-forwarded-for': opts.ip ?? '203.0.113.7', ...opts.headers };
    if (opts.auth !== false) headers['authorization'] = `Bearer ${TEST_API_KEY}`;
    let body: string | undefined;
    if (opts.rawBody !== undefined) body = opts.rawBody;
    else if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined) headers['content-type'] = 'application/json';
    // A test writes rows directly and reads them back at once: on PostgreSQL, the notification of
    // its commit reaches the change feed's own connection a moment later, as it would before any
    // request a person makes.
    await feed.sync();
    const res = await app.request(path, { method, headers, ...(body !== undefined ? { body } : {}) });
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined; // not JSON (e.g. an image): callers read res instead
    }
    return { res, status: res.status, raw: json, body: camelizeKeys<Record<string, unknown> & { error?: string; fields?: Record<string, string> }>(json) };
  }

  return {
    app,
    db: database.db,
    config,
    jobs,
    call,
    get: (path: string, opts?: Parameters<typeof call>[2]) => call('GET', path, opts),
    post: (path: string, body?: unknown, opts?: Parameters<typeof call>[2]) => call('POST', path, { ...opts, body }),
    answers: answers.cache,
    close: async () => {
      answers.cache.close();
      await feed.close();
      await jobs.stop();
      await rateLimitStore.close();
      await database.close();
    },
  };
}

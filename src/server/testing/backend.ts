// Which database and rate-limit store the API tests run on. Default: PGlite and the in-process
// store. `TEST_BACKEND=postgres` with TEST_DATABASE_URL (and TEST_REDIS_URL) runs the same suite
// on a real PostgreSQL server and Redis.
import { resolve } from 'node:path';

const wantsPostgres = process.env['TEST_BACKEND'] === 'postgres';
const url = process.env['TEST_DATABASE_URL'];
if (wantsPostgres && !url) throw new Error('TEST_BACKEND=postgres needs TEST_DATABASE_URL');

export const testBackend: { kind: 'pglite' } | { kind: 'postgres'; url: string; redisUrl: string | undefined } =
  wantsPostgres && url ? { kind: 'postgres', url, redisUrl: process.env['TEST_REDIS_URL'] } : { kind: 'pglite' };

export const TEST_POOL_PER_THEME = 2;
export const testStorageDir = resolve(import.meta.dirname, '../../../node_modules/.cache/verdant-test/storage');

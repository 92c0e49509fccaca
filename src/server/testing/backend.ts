// Which database and rate-limit store the API tests run on. Default: PGlite and the in-process
// store. With TEST_DATABASE_URL set (and TEST_REDIS_URL), as `.ci/run` sets them, the same suite
// runs on that PostgreSQL server and Redis; `TEST_BACKEND=pglite` keeps PGlite even then, and
// `TEST_BACKEND=postgres` insists on the server (an error without TEST_DATABASE_URL).
import { resolve } from 'node:path';

const url = process.env['TEST_DATABASE_URL'];
const chosen = process.env['TEST_BACKEND'];
if (chosen && chosen !== 'postgres' && chosen !== 'pglite') throw new Error(`TEST_BACKEND is postgres or pglite, not ${chosen}`);
if (chosen === 'postgres' && !url) throw new Error('TEST_BACKEND=postgres needs TEST_DATABASE_URL');
const wantsPostgres = chosen ? chosen === 'postgres' : Boolean(url);

export const testBackend: { kind: 'pglite' } | { kind: 'postgres'; url: string; redisUrl: string | undefined } =
  wantsPostgres && url ? { kind: 'postgres', url, redisUrl: process.env['TEST_REDIS_URL'] } : { kind: 'pglite' };

export const TEST_POOL_PER_THEME = 2;
export const testStorageDir = resolve(import.meta.dirname, '../../../node_modules/.cache/verdant-test/storage');

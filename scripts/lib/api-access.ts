// How a script reaches the catalogue API: in process when it can own the database, or over
// HTTP from the running `npm start` (which owns the embedded database) when it cannot.
import pino from 'pino';
import { createApp } from '../../src/server/app.ts';
import type { Config } from '../../src/server/config.ts';
import { DatabaseLockedError, openDatabase } from '../../src/server/db/client.ts';
import { MemoryRateLimitStore } from '../../src/server/providers/rate-limit.ts';
import type { ApiGet } from './pull-content.ts';

export function inProcessGet(app: { request: (input: string, init?: RequestInit) => Response | Promise<Response> }, config: Config): ApiGet {
  return async (path) => app.request(path, { headers: { authorization: `Bearer ${config.publicApiKey}` } });
}

export function httpGet(baseUrl: string, config: Config): ApiGet {
  const headers: Record<string, string> = { authorization: `Bearer ${config.publicApiKey}` };
  if (config.rateLimitWhitelistSecret) headers['x-rate-limit-whitelist'] = config.rateLimitWhitelistSecret;
  return (path) => fetch(new URL(path, baseUrl), { headers });
}

/** Runs `fn` with an ApiGet: in process if the database is free, else against the live server. */
export async function withCatalogueApi<T>(config: Config, fn: (get: ApiGet, via: string) => Promise<T>): Promise<T> {
  try {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      await database.migrate();
      const app = createApp({ db: database.db, config, log: pino({ level: 'silent' }), rateLimitStore: new MemoryRateLimitStore() });
      return await fn(inProcessGet(app, config), 'in process');
    } finally {
      await database.close();
    }
  } catch (err) {
    if (!(err instanceof DatabaseLockedError)) throw err;
    const base = `http://127.0.0.1:${config.port}`;
    return fn(httpGet(base, config), `the running server at ${base}`);
  }
}

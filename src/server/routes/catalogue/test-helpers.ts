// Shared by the catalogue API tests: answers checked against the contract.
import { expect } from 'vitest';
import type { z } from 'zod';
import type { TestApp } from '../../testing/test-app.ts';

type Answer = Awaited<ReturnType<TestApp['get']>>;

/** Asserts a 200 and parses the (camelized) body with the contract schema. */
export function expectOk<S extends z.ZodType>(answer: Answer, schema: S): z.output<S> {
  if (answer.status !== 200) expect.fail(`expected 200, got ${answer.status}: ${JSON.stringify(answer.raw).slice(0, 500)}`);
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success) expect.fail(`answer does not match the contract: ${JSON.stringify(parsed.error.issues.slice(0, 5), null, 1)}`);
  return parsed.data;
}

/** GET + contract parse in one step. */
export async function getOk<S extends z.ZodType>(t: TestApp, path: string, schema: S): Promise<z.output<S>> {
  return expectOk(await t.get(`/api/v1${path}`), schema);
}

/** A 422 with a `fields` entry for the wire name `field`. */
export async function expect422(t: TestApp, path: string, field: string) {
  const answer = await t.get(`/api/v1${path}`);
  expect(answer.status, `${path} → ${JSON.stringify(answer.raw)}`).toBe(422);
  const raw = answer.raw as { error?: unknown; fields?: Record<string, string> };
  expect(typeof raw.error).toBe('string');
  expect(Object.keys(raw.fields ?? {})).toContain(field);
}

export async function expect404(t: TestApp, path: string, message: string) {
  const answer = await t.get(`/api/v1${path}`);
  expect(answer.status, path).toBe(404);
  expect(answer.raw).toEqual({ error: message });
}

/** Counts the SQL statements the app sends while `fn` runs (PGlite and node-postgres both go through `$client.query`). */
export async function countQueries<T>(t: TestApp, fn: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = client.query;
  let queries = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    queries++;
    return original.apply(this, args);
  };
  try {
    return { result: await fn(), queries };
  } finally {
    client.query = original;
  }
}

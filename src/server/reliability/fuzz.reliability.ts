// Fuzzing from the contract: every route of the app's route table, called with inputs generated
// from the zod schemas it reads (valid, boundary and hostile), thousands of cases per run. Every
// answer must be a success or a JSON error: never a 5xx, never a stack trace.
//
//   RELIABILITY_RUNS=40 (cases per route)  RELIABILITY_SEED=123 (replay a run)
//   RELIABILITY_ROUTE='POST /api/v1/cart' (one route only)
import { afterAll, beforeAll, expect, test } from 'vitest';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { inputProbe } from '../http.ts';
import { options } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { asUrlText, fuzzValue, hostileJson, hostileScalar, jsonSchemaOf, validFromJsonSchema } from './arbitraries.ts';
import { castOf, type Caller, ensurePartnerB, fillPath, paramNames, type Role, routeKey, routeTable, type Route, send, STACK_TRACE, writeSummary } from './harness.ts';

const RUNS = Number(process.env['RELIABILITY_RUNS'] ?? 25);
const SEED = process.env['RELIABILITY_SEED'] ? Number(process.env['RELIABILITY_SEED']) : Math.floor(Math.random() * 2 ** 31);
const ONLY = process.env['RELIABILITY_ROUTE'];

let t: TestApp;
let known: Record<string, string[]> = {};

type Schemas = { path?: z.ZodType; query?: z.ZodType; body?: z.ZodType };

beforeAll(async () => {
  console.log(`[fuzz] seed ${SEED} (replay: RELIABILITY_SEED=${SEED}), ${RUNS} cases per route`);
  t = await createTestApp();
  const { opA, opB } = await ensurePartnerB(t);
  const rows = async (q: string) => ((await t.db.execute(sql.raw(q))) as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => String(Object.values(r)[0]));
  const optA = await t.db.select({ id: options.id }).from(options).where(eq(options.operatorId, opA.id)).limit(2);
  known = {
    slug: [opA.slug, opB.slug, ...(await rows('select slug from countries limit 1')), ...(await rows('select slug from collections limit 1'))],
    optionId: optA.map((o) => String(o.id)),
    slugCode: await rows("select slug || '-' || code from options limit 1").catch(() => []),
    id: [
      ...(await rows("select o.id from orders o join users u on u.id = o.user_id where u.email = 'traveller@verdant.test' limit 2")),
      ...(await rows('select id from bucket_lists limit 1')),
      ...(await rows('select id from chat_conversations limit 1')),
      ...(await rows('select id from order_items limit 1')),
      ...(await rows('select id from gift_codes limit 1')),
      ...(await rows('select id from options limit 1')),
    ],
    month: ['2026-01', '2025-12'],
    provider: ['google', 'facebook', 'test'],
    kind: ['gift-card', 'gift-experience'],
  };
});

afterAll(async () => {
  inputProbe.observe = null;
  await t?.close();
});

/** The role whose call reaches a route's handler. */
function deepRole(path: string): Role {
  if (path.startsWith('/api/v1/admin') || path.startsWith('/admin/')) return 'admin';
  if (path.startsWith('/api/v1/partner') || path.startsWith('/api/v1/operator/')) return 'partner';
  if (/ambassador|affiliate/.test(path)) return 'ambassador';
  return 'owner';
}

function wireKeys(v: unknown): unknown {
  // snake_case keys like the storefront's, keeping own `__proto__` keys (an assignment would not).
  if (Array.isArray(v)) return v.map(wireKeys);
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const [k, val] of Object.entries(v)) {
    const key = /[a-z]/.test(k) ? k.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase() : k;
    Object.defineProperty(out, key, { value: wireKeys(val), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function queryString(v: unknown): string {
  const q = new URLSearchParams();
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
    for (const [k, val] of Object.entries(wireKeys(v) as Record<string, unknown>)) {
      if (Array.isArray(val)) for (const x of val) q.append(`${k}[]`, asUrlText(x));
      else q.append(k, asUrlText(val));
    }
  } else if (v !== undefined) q.append('q', asUrlText(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

const RAW_BODIES = ['{', 'null', '[]', '"text"', '123', '{"a":', '\ufeff{}', '['.repeat(3000) + ']'.repeat(3000), `{"x":"${'y'.repeat(200_000)}"}`, '{"__proto__":{"is_admin":true}}', '{"constructor":{"prototype":{"polluted":1}}}'];

type Case = { role: Role; params: Record<string, string>; query: unknown; body: string | undefined };

function caseArb(route: Route, schemas: Schemas): fc.Arbitrary<Case> {
  const names = paramNames(route.path);
  const pathJs = schemas.path ? jsonSchemaOf(schemas.path) : undefined;
  const paramArb = (name: string): fc.Arbitrary<string> => {
    const prop = (pathJs?.['properties'] as Record<string, Record<string, unknown>> | undefined)?.[name];
    const options: fc.Arbitrary<unknown>[] = [hostileScalar];
    if (prop) options.push(validFromJsonSchema(prop, pathJs));
    const k = known[name];
    if (k?.length) options.push(fc.constantFrom(...k), fc.constantFrom(...k));
    else options.push(fc.string({ minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 100 }));
    return fc.oneof(...options).map((v) => asUrlText(v) || 'x');
  };
  const params = fc.record(Object.fromEntries(names.map((n) => [n, paramArb(n)])) as Record<string, fc.Arbitrary<string>>);
  const query = schemas.query ? fuzzValue(schemas.query) : fc.oneof(fc.constant(undefined), hostileJson);
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
  const body: fc.Arbitrary<string | undefined> = !hasBody
    ? fc.constant(undefined)
    : fc.oneof(
        { weight: 8, arbitrary: fuzzValue(schemas.body).map((v) => JSON.stringify(wireKeys(v)) ?? 'null') },
        { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES) },
        { weight: 1, arbitrary: fc.constant(undefined) },
      );
  const deep = deepRole(route.path);
  const role = fc.oneof({ weight: 4, arbitrary: fc.constant(deep) }, { weight: 1, arbitrary: fc.constantFrom<Role>('guest', 'owner', 'traveller', 'partner', 'partnerB', 'ambassador', 'admin') });
  return fc.record({ role, params, query, body });
}

/** Learns what a route reads by calling it with what it is known to read so far, until nothing new. */
async function discover(route: Route, cast: Record<Role, Caller>): Promise<Schemas> {
  const schemas: Schemas = {};
  for (let round = 0; round < 4; round++) {
    const seen: Schemas = {};
    inputProbe.observe = (what, schema) => {
      if (what === 'path' || what === 'query' || what === 'body') seen[what] ??= schema;
    };
    const sample = fc.sample(caseArb(route, schemas), { numRuns: 1, seed: SEED + round })[0]!;
    const valid = (s: z.ZodType | undefined) => (s ? fc.sample(validFromJsonSchema(jsonSchemaOf(s)), { numRuns: 1, seed: SEED + round })[0] : undefined);
    const body = route.method === 'GET' ? undefined : JSON.stringify(wireKeys(valid(schemas.body) ?? {}));
    // Real records where the seed has them (operator A's slug, its options): a made-up id is
    // refused before the handler reads the rest of its input.
    let params: Record<string, string> = Object.fromEntries(Object.entries(sample.params).map(([k, v]) => [k, known[k]?.[round % known[k].length] ?? v]));
    // Known records of another kind (an order id where a number goes): a valid path instead.
    if (schemas.path && !schemas.path.safeParse(params).success) {
      const v = valid(schemas.path);
      if (v && typeof v === 'object') params = { ...params, ...Object.fromEntries(Object.entries(v).map(([k, x]) => [k, asUrlText(x)])) };
    }
    await send(t, cast[deepRole(route.path)], { method: route.method, url: fillPath(route.path, params) + queryString(valid(schemas.query)), body });
    inputProbe.observe = null;
    const fresh = (Object.keys(seen) as (keyof Schemas)[]).filter((k) => !schemas[k]);
    if (!fresh.length) break;
    for (const k of fresh) schemas[k] = seen[k]!;
  }
  return schemas;
}

export type FuzzRow = { route: string; schemas: string; cases: number; failures: number; statuses: Record<string, number>; counterexample?: string };

/** What is wrong with an answer, or null. */
export function answerProblem(route: Route, r: { status: number; contentType: string; text: string; json: unknown }): string | null {
  if (r.status >= 500) return `answered ${r.status}: ${r.text.slice(0, 300)}`;
  if (STACK_TRACE.test(r.text)) return `leaked a stack trace: ${r.text.slice(0, 300)}`;
  const api = route.path.startsWith('/api/v1') || route.path.startsWith('/users');
  if (api && r.status >= 400) {
    const e = r.json as { error?: unknown } | undefined;
    if (!r.contentType.includes('application/json') || typeof e?.error !== 'string') return `error ${r.status} is not a JSON {error}: ${r.text.slice(0, 200)}`;
  }
  if (api && r.status < 300 && r.contentType.includes('application/json') && r.json === undefined && r.text !== '') return 'success with invalid JSON';
  return null;
}

test('every route answers every generated input with a success or a JSON error, never a 5xx or a stack trace', async () => {
  const routes = routeTable(t.app).filter((r) => !ONLY || routeKey(r) === ONLY);
  expect(routes.length).toBeGreaterThan(ONLY ? 0 : 250);
  const rows: FuzzRow[] = [];
  for (const route of routes) {
    const cast = await castOf(t); // fresh sessions: a case may have logged its caller out
    const schemas = await discover(route, cast);
    const statuses: Record<string, number> = {};
    let cases = 0;
    const result = await fc.check(
      fc.asyncProperty(caseArb(route, schemas), async (c) => {
        cases++;
        const url = fillPath(route.path, c.params) + queryString(c.query);
        const r = await send(t, cast[c.role], { method: route.method, url, body: c.body });
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        const problem = answerProblem(route, r);
        if (problem) throw new Error(`${route.method} ${url} as ${c.role}: ${problem}`);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    const row: FuzzRow = {
      route: routeKey(route),
      schemas: (['path', 'query', 'body'] as const).filter((k) => schemas[k]).join('+') || '-',
      cases,
      failures: result.failed ? 1 : 0,
      statuses,
    };
    if (result.failed) row.counterexample = `${String(result.errorInstance instanceof Error ? result.errorInstance.message : result.errorInstance).slice(0, 600)} (seed ${result.seed}, path ${result.counterexamplePath})`;
    rows.push(row);
  }
  writeSummary('fuzz', { seed: SEED, runsPerRoute: RUNS, rows });
  const failed = rows.filter((r) => r.failures);
  for (const f of failed) console.log(`[fuzz] FAIL ${f.route}: ${f.counterexample}`);
  console.log(`[fuzz] ${rows.length} routes, ${rows.reduce((n, r) => n + r.cases, 0)} cases, ${failed.length} failing routes; seed ${SEED}`);
  expect(failed.map((f) => `${f.route}: ${f.counterexample}`)).toEqual([]);
});

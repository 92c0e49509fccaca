// The reliability harness's shared parts: the app's own route table, a cast of signed-in callers
// (sessions made directly, no password hashing), and one request as the storefront or a
// cross-site page sends it.
import { and, eq, ne } from 'drizzle-orm';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { operators, options, partnerMemberships, users } from '../db/schema.ts';
import { CSRF_COOKIE, CSRF_HEADER } from '../middleware.ts';
import { createSession, SESSION_COOKIE } from '../services/sessions.ts';
import { USER_TOKEN_HEADER } from '../session.ts';
import { TEST_API_KEY, type TestApp } from '../testing/test-app.ts';

export type Route = { method: string; path: string };

/** Every handler of the app (middleware is registered as ALL; `GET|HEAD /*` are the static site). */
export function routeTable(app: TestApp['app']): Route[] {
  const seen = new Set<string>();
  const out: Route[] = [];
  for (const r of app.routes) {
    if (r.method === 'ALL' || r.path === '/*') continue;
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ method: r.method, path: r.path });
  }
  return out;
}

export const routeKey = (r: Route) => `${r.method} ${r.path}`;

/** `:name` and `:name{regex}` segments of a route path. */
export function paramNames(path: string): string[] {
  return [...path.matchAll(/:(\w+)(\{[^}]*\})?/g)].map((m) => m[1]!);
}

export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:(\w+)(\{[^}]*\})?/g, (_m, name: string) => encodeURIComponent((params[name] ?? 'x').toWellFormed()));
}

export const ROLES = ['owner', 'traveller', 'partnerB', 'ambassador', 'guest', 'admin', 'partner'] as const;
export type Role = (typeof ROLES)[number];
export type Caller = { role: Role; userId: string | null; cookie: string; userToken: string | undefined };

const EMAILS: Record<Exclude<Role, 'guest' | 'partnerB'>, string> = {
  owner: 'traveller@verdant.test',
  traveller: 'explorer@verdant.test',
  ambassador: 'ambassador@verdant.test',
  admin: 'admin@verdant.test',
  partner: 'partner@verdant.test',
};
export const PARTNER_B_EMAIL = 'partner.b@verdant.test';
const CSRF = 'reliability-csrf-token-0123456789';

/**
 * The cast, by role: `owner` (traveller@ — owns the traveller fixtures), `traveller` (another
 * traveller, explorer@), `partner` (member of operator A, ubin-paddle-co), `partnerB` (member of
 * another operator), `ambassador`, `admin`, `guest`. A user partner.b@ is added for partnerB.
 */
export async function ensurePartnerB(t: TestApp): Promise<{ opA: { id: number; slug: string }; opB: { id: number; slug: string } }> {
  const [opA] = await t.db.select({ id: operators.id, slug: operators.slug }).from(operators).where(eq(operators.slug, 'ubin-paddle-co'));
  const [opB] = await t.db
    .select({ id: operators.id, slug: operators.slug })
    .from(operators)
    .innerJoin(options, eq(options.operatorId, operators.id))
    .where(ne(operators.id, opA!.id))
    .orderBy(operators.id)
    .limit(1);
  const [existing] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, PARTNER_B_EMAIL));
  if (!existing) {
    await t.db.insert(users).values({ id: 'reliability-partner-b-user', email: PARTNER_B_EMAIL, name: 'Bao Partner', countryCode: 'VN' });
    await t.db.insert(partnerMemberships).values({ userId: 'reliability-partner-b-user', operatorId: opB!.id, role: 'owner' });
  }
  return { opA: opA!, opB: opB! };
}

export async function castOf(t: TestApp): Promise<Record<Role, Caller>> {
  const out = {} as Record<Role, Caller>;
  for (const role of ROLES) {
    if (role === 'guest') {
      out.guest = { role, userId: null, cookie: `${CSRF_COOKIE}=${CSRF}`, userToken: undefined };
      continue;
    }
    const email = role === 'partnerB' ? PARTNER_B_EMAIL : EMAILS[role];
    const [u] = await t.db.select({ id: users.id }).from(users).where(and(eq(users.email, email)));
    if (!u) throw new Error(`no user ${email}`);
    const s = await createSession(t.db, { userId: u.id, method: 'email' });
    out[role] = { role, userId: u.id, cookie: `${SESSION_COOKIE}=${s.cookieToken}; signed_in=1; ${CSRF_COOKIE}=${CSRF}`, userToken: s.userToken };
  }
  return out;
}

export type Sent = { status: number; contentType: string; text: string; json: unknown };

/**
 * One request. `storefront`: as the storefront sends it (bearer, CSRF double submit, payment
 * token, JSON). `crossSite`: only what a cross-site page can make a browser send (the cookie,
 * a form content type, a foreign Origin), none of the storefront's proofs.
 */
export async function send(
  t: TestApp,
  caller: Caller,
  req: { method: string; url: string; body?: string | undefined },
  mode: 'storefront' | 'crossSite' = 'storefront',
): Promise<Sent> {
  const headers: Record<string, string> = { 'x-forwarded-for': '203.0.113.50', cookie: caller.cookie };
  if (mode === 'storefront') {
    headers['authorization'] = `Bearer ${TEST_API_KEY}`;
    headers[CSRF_HEADER] = CSRF;
    if (caller.userToken) headers[USER_TOKEN_HEADER] = caller.userToken;
    headers['idempotency-key'] = `reliability-${Math.random().toString(36).slice(2)}`;
    if (req.body !== undefined) headers['content-type'] = 'application/json';
  } else {
    headers['origin'] = 'https://evil.example';
    headers['sec-fetch-site'] = 'cross-site';
    if (req.body !== undefined) headers['content-type'] = 'text/plain;charset=UTF-8';
  }
  const body = req.method !== 'GET' && req.method !== 'HEAD' ? req.body : undefined;
  const res = await t.app.request(req.url, { method: req.method, headers, ...(body !== undefined ? { body } : {}) });
  const text = req.method === 'HEAD' ? '' : await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', text, json };
}

/** Where the harness writes its numbers for `npm run test:reliability`'s summary. */
export function writeSummary(name: string, data: unknown) {
  const dir = resolve(import.meta.dirname, '../../../test-results/reliability');
  mkdirSync(dir, { recursive: true });
  writeFileSync(resolve(dir, `${name}.json`), JSON.stringify(data, null, 2));
}

/** Text that looks like a leaked stack trace or source location. */
export const STACK_TRACE = /\n\s+at\s+\S+|node_modules\/|\.tsx?:\d+:\d+|file:\/\/\/|\b(TypeError|ReferenceError|SyntaxError|RangeError): /;

// The answer cache inside the Hono app (ADR 0042): route middleware that serves a kept answer of
// the request, or computes it with the route and keeps it (answer-cache.ts holds the cache).
import type { Context, MiddlewareHandler } from 'hono';
import { answerHeaders, answerKey, bodyFor, personalKey, type CacheGroup, type CachedAnswer, makeAnswer, notModified, notModifiedHeaders, pickEncoding, varyValue } from './answer-cache.ts';
import type { AppEnv } from './context.ts';

/** A kept answer in the encoding the request accepts, or 304 when the client has it. */
function send(c: Context<AppEnv>, a: CachedAnswer): Response {
  const encoding = pickEncoding(c.req.header('accept-encoding'), a);
  const headers = answerHeaders(a, encoding);
  if (notModified(c.req.header('if-none-match'), a)) {
    return new Response(null, { status: 304, headers: new Headers(notModifiedHeaders(a, encoding)) });
  }
  const body = bodyFor(a, encoding);
  const h = new Headers(headers);
  h.set('Content-Length', String(body.length));
  return new Response(c.req.method === 'HEAD' ? null : (new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength) as Uint8Array<ArrayBuffer>), { status: 200, headers: h });
}

/** Requests this middleware has already seen (the first match decides). */
const handled = new WeakSet<Request>();

/**
 * Route middleware: serve `group`'s answer of this request from memory, or compute it with the
 * route and keep it. `varyHeader` names a request header the answer depends on.
 */
export function cachedAnswers(group: CacheGroup, opts: { varyHeader?: (c: Context<AppEnv>) => string | undefined } = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const cache = c.var.answers;
    // Once per request: two listed paths can match one URL (/blogs/:slug and /blogs/filter_items).
    if (!cache || (c.req.method !== 'GET' && c.req.method !== 'HEAD') || handled.has(c.req.raw)) return next();
    handled.add(c.req.raw);
    const varyName = group.personal ? 'Cookie' : opts.varyHeader?.(c);
    const url = c.req.url;
    const pathStart = url.indexOf('/', url.indexOf('//') + 2);
    // A personal answer is its user's (the fast path never finds it: no path is such a key).
    const key = group.personal
      ? personalKey(c.var.user?.id ?? '-', url.slice(pathStart))
      : answerKey(url.slice(pathStart), varyName ? varyValue(c.req.header(varyName)) : undefined);
    if (varyName && !group.personal) cache.varyByPath.set(c.req.path, varyName);
    if (group.personal && cache.personalPaths.size < 10_000) cache.personalPaths.add(c.req.path);
    if (cache.live) {
      let hit: CachedAnswer | null | undefined = cache.get(group, key, !group.personal);
      // Written by another process just before this request? Hear it first (ADR 0042).
      if (hit && group.personal) {
        await cache.heard();
        hit = cache.get(group, key);
      }
      // A computation already running may have read before this request's own write: personal
      // answers never join one.
      if (!group.personal) hit ??= await cache.pending(group, key);
      if (hit) {
        c.res = send(c, hit);
        return;
      }
    }
    if (!cache.live) {
      await next();
      return;
    }
    const a = await cache.fill(group, key, async () => {
      await next();
      const res = c.res;
      const type = res.headers.get('content-type') ?? '';
      if (res.status !== 200 || !type.startsWith('application/json') || res.headers.has('set-cookie') || res.headers.has('content-encoding')) return null;
      const body = Buffer.from(await res.arrayBuffer());
      return makeAnswer(group, body, type, varyName, cache.now());
    });
    if (a) c.res = send(c, a);
  };
}

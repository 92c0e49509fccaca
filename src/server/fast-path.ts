// The fast path (ADR 0042): kept catalogue answers leave straight from node:http, before the
// router, with the same headers and checks the Hono app applies to them: the storefront's key,
// the per-IP rate limit, the security headers, a request id, ETag/304 and the encoding the
// client accepts. Anything else (a miss, a wrong key, a limit reached, debug logging) goes on to
// the app, which answers it as always.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import {
  type AnswerCache,
  type CachedAnswer,
  type Encoding,
  answerHeaders,
  answerKey,
  bodyFor,
  GROUPS,
  notModified,
  notModifiedHeaders,
  personalKey,
  pickEncoding,
  varyValue,
} from './answer-cache.ts';
import { COOKIE_SHAPE } from './session.ts';
import { type LoadedSession, SESSION_COOKIE, stillUsable } from './services/sessions.ts';
import { SIGNED_IN_COOKIE } from '../lib/session-hint.ts';
import type { Config } from './config.ts';
import { API_CSP, bearerOk, clientIpOf, rateLimitHeaders, requestIdOf, securityHeaderList, WHITELIST_HEADER } from './middleware.ts';
import type { Hit, RateLimitStore } from './providers/rate-limit.ts';
import { safeEqual, sha256 } from './services/secrets.ts';

const API_PREFIX = '/api/v1/';
const SESSION_TOKEN = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([^;]*)`);
const SIGNED_IN_HINT = new RegExp(`(?:^|;\\s*)${SIGNED_IN_COOKIE}=1(?:;|$)`);

/** Request ids of the fast path: unique per process, without a random draw per answer. */
const ridPrefix = `f${process.pid.toString(36)}-${Date.now().toString(36)}-`;
let ridCount = 0;

export type FastPathDeps = { cache: AnswerCache; config: Config; rateLimitStore: RateLimitStore; log: Logger };

/** Returns a handler that answers from the cache and resolves true, or resolves false untouched. */
export function fastPath(deps: FastPathDeps): (req: IncomingMessage, res: ServerResponse) => Promise<boolean> | boolean {
  const { cache, config, rateLimitStore, log } = deps;
  const security = securityHeaderList(config.isProduction, API_CSP);
  // The headers of one kept answer in one encoding never change: built once, as a flat list.
  const built = new WeakMap<CachedAnswer, Partial<Record<Encoding, string[]>>>();
  const headersOf = (a: CachedAnswer, encoding: Encoding): string[] => {
    let forAnswer = built.get(a);
    if (!forAnswer) built.set(a, (forAnswer = {}));
    return (forAnswer[encoding] ??= [...answerHeaders(a, encoding), ...security, ['Content-Length', String(bodyFor(a, encoding).length)]].flat());
  };
  /**
   * A signed-in traveller's kept answer (GROUPS.personal, ADR 0042 §7): their session and the
   * answer are both kept, and both are trusted only after the change feed's round trip, as in the
   * app. A cookie that the app would set again (no signed-in hint), a session not kept, expired
   * or due for its extension: the app.
   */
  const personal = async (req: IncomingMessage, res: ServerResponse, url: string): Promise<boolean> => {
    const cookie = req.headers.cookie;
    if (!cookie || !SIGNED_IN_HINT.test(cookie)) return false;
    const token = SESSION_TOKEN.exec(cookie)?.[1];
    if (!token || !COOKIE_SHAPE.test(token)) return false;
    const id = sha256(token);
    if (!cache.keptSession(id)) return false;
    await cache.heard();
    const session = cache.keptSession<LoadedSession>(id);
    if (!session || !stillUsable(session)) return false;
    return answer(req, res, cache.get(GROUPS.personal, personalKey(session.userId, url), false));
  };

  const answer = (req: IncomingMessage, res: ServerResponse, a: CachedAnswer | undefined): Promise<boolean> | boolean => {
    if (!a || !bearerOk(req.headers.authorization, config.publicApiKey) || log.isLevelEnabled('debug')) return false;
    const write = (limitHeaders: [string, string][]) => {
      const encoding = pickEncoding(req.headers['accept-encoding'], a);
      const rid = req.headers['x-request-id'];
      const perRequest = ['X-Request-Id', rid ? requestIdOf(Array.isArray(rid) ? rid[0] : rid) : `${ridPrefix}${(++ridCount).toString(36)}`, ...limitHeaders.flat()];
      if (notModified(req.headers['if-none-match'], a)) {
        res.writeHead(304, [...notModifiedHeaders(a, encoding).flat(), ...security.flat(), ...perRequest]);
        res.end();
        return true;
      }
      if (a.group.personal) cache.stats.hits += 1;
      res.writeHead(200, [...headersOf(a, encoding), ...perRequest]);
      res.end(req.method === 'HEAD' ? undefined : bodyFor(a, encoding));
      return true;
    };
    const secret = config.rateLimitWhitelistSecret;
    const presented = req.headers[WHITELIST_HEADER];
    if (secret && typeof presented === 'string' && safeEqual(presented, secret)) return write([]);
    const limit = config.rateLimitPerMinute;
    const fwd = req.headers['x-forwarded-for'];
    const ip = clientIpOf(config.trustProxy, Array.isArray(fwd) ? fwd[0] : fwd, req.socket.remoteAddress);
    // Past the limit: the app answers the 429 (and counts once more, which changes nothing).
    const counted = ({ count, resetInMs }: Hit) => (count > limit ? false : write(rateLimitHeaders(limit, count, resetInMs)));
    // A count kept in this process is taken at once; Redis answers later.
    return rateLimitStore.hitNow ? counted(rateLimitStore.hitNow(`api:${ip}`, 60_000)) : rateLimitStore.hit(`api:${ip}`, 60_000).then(counted);
  };

  return (req, res) => {
    const url = req.url;
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !url?.startsWith(API_PREFIX) || !cache.live) return false;
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const varyName = cache.varyByPath.get(path);
    const varyHeader = varyName ? req.headers[varyName.toLowerCase()] : undefined;
    if (cache.personalPaths.has(path)) return personal(req, res, url);
    const a = cache.lookup(answerKey(url, varyName ? varyValue(Array.isArray(varyHeader) ? varyHeader[0] : varyHeader) : undefined));
    return answer(req, res, a);
  };
}

// Cross-cutting middleware of the API: request id + logging, security headers, guest bearer,
// rate limiting per IP, CSRF for main-host calls, and the single JSON error handler.
import type { Context, ErrorHandler, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from './context.ts';
import { HttpError } from './http.ts';
import { randomId, safeEqual } from './services/secrets.ts';

/** Routes that mint ids import it from here as before; it lives with the other secrets. */
export { randomId };

/** The client IP: X-Forwarded-For only when a trusted proxy sets it, else the socket. */
export function clientIp(c: Context<AppEnv>, socketIp: string | undefined): string {
  return clientIpOf(c.var.config.trustProxy, c.req.header('x-forwarded-for'), socketIp);
}

/** The same rule on raw values (the fast path reads them off node:http). */
export function clientIpOf(trustProxy: boolean, forwardedFor: string | undefined, socketIp: string | undefined): string {
  const forwarded = trustProxy ? forwardedFor?.split(',')[0]?.trim() : undefined;
  return forwarded || (socketIp ?? 'unknown');
}

/** A caller's X-Request-Id when it is a plain id, else a new one. */
export function requestIdOf(incoming: string | undefined): string {
  return incoming && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomId(9);
}

export function requestContext(getSocketIp: (c: Context<AppEnv>) => string | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const requestId = requestIdOf(c.req.header('x-request-id'));
    c.set('requestId', requestId);
    c.set('clientIp', clientIp(c, getSocketIp(c)));
    const started = performance.now();
    await next();
    c.header('X-Request-Id', requestId);
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const status = c.res.status;
    const line = { requestId, method: c.req.method, path: c.req.path, status, ms };
    if (status >= 500) c.var.log.error(line, 'request failed');
    else c.var.log.debug(line, 'request');
  };
}

export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/** The security headers of every API answer (also written by the fast path, fast-path.ts). */
export function securityHeaderList(isProduction: boolean, csp: string): [string, string][] {
  const h: [string, string][] = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin-allow-popups'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(self), payment=(self)'],
    ['Content-Security-Policy', csp],
  ];
  if (isProduction) h.push(['Strict-Transport-Security', 'max-age=63072000; includeSubDomains; preload']);
  return h;
}

export function securityHeaders(csp: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    for (const [k, v] of securityHeaderList(c.var.config.isProduction, csp)) {
      if (k !== 'Content-Security-Policy' || !c.res.headers.has(k)) c.header(k, v);
    }
  };
}

/** True when an Authorization header carries the storefront's public key. */
export function bearerOk(header: string | undefined, publicApiKey: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return Boolean(match?.[1] && safeEqual(match[1].trim(), publicApiKey));
}

/** The storefront's public key (identifies the app, not the user). */
export function guestBearer(exemptPaths: RegExp[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (exemptPaths.some((re) => re.test(c.req.path))) return next();
    if (!bearerOk(c.req.header('authorization'), c.var.config.publicApiKey)) {
      throw new HttpError(401, 'Missing or invalid API key', { headers: { 'WWW-Authenticate': 'Bearer' } });
    }
    return next();
  };
}

/** A per-visitor rate-limit key: the signed-in user wherever they are, else the address. */
export const userOrIp = (c: Context<AppEnv>) => (c.var.user ? `u:${c.var.user.id}` : `ip:${c.var.clientIp}`);

export const WHITELIST_HEADER = 'x-rate-limit-whitelist';

/** The RateLimit-* headers of an answer counted in a window. */
export function rateLimitHeaders(limit: number, count: number, resetInMs: number): [string, string][] {
  return [
    ['RateLimit-Limit', String(limit)],
    ['RateLimit-Remaining', String(Math.max(0, limit - count))],
    ['RateLimit-Reset', String(Math.max(1, Math.ceil(resetInMs / 1000)))],
  ];
}

/**
 * Fixed window per IP (and per bucket), or per `key` (e.g. the signed-in user, else the IP).
 * 429 JSON with Retry-After past the limit.
 */
export function rateLimit(opts: { bucket: string; limit: (c: Context<AppEnv>) => number; windowMs?: number; key?: (c: Context<AppEnv>) => string }): MiddlewareHandler<AppEnv> {
  const windowMs = opts.windowMs ?? 60_000;
  return async (c, next) => {
    const secret = c.var.config.rateLimitWhitelistSecret;
    const presented = c.req.header(WHITELIST_HEADER);
    if (secret && presented && safeEqual(presented, secret)) return next();
    const limit = opts.limit(c);
    const { count, resetInMs } = await c.var.rateLimitStore.hit(`${opts.bucket}:${opts.key ? opts.key(c) : c.var.clientIp}`, windowMs);
    const retryAfter = Math.max(1, Math.ceil(resetInMs / 1000));
    for (const [k, v] of rateLimitHeaders(limit, count, resetInMs)) c.header(k, v);
    if (count > limit) {
      throw new HttpError(429, 'You are browsing the site too quick. Please try again after a few minutes', {
        headers: { 'Retry-After': String(retryAfter) },
      });
    }
    return next();
  };
}

export const CSRF_COOKIE = 'verdant_csrf';
export const CSRF_HEADER = 'x-csrf-token';

/** Issues the double-submit token: an httpOnly cookie the header must repeat. */
export function issueCsrfToken(c: Context<AppEnv>): string {
  const existing = getCookie(c, CSRF_COOKIE);
  const token = existing && /^[\w-]{22,}$/.test(existing) ? existing : randomId(32);
  setCookie(c, CSRF_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: c.var.config.isProduction,
    path: '/',
    maxAge: 60 * 60 * 24,
  });
  return token;
}

/** Main-host calls (log-in, sign-up, log-out, password) need X-CSRF-Token. */
export const requireCsrf: MiddlewareHandler<AppEnv> = async (c, next) => {
  const cookie = getCookie(c, CSRF_COOKIE);
  const header = c.req.header(CSRF_HEADER);
  if (!cookie || !header || !safeEqual(cookie, header)) {
    throw new HttpError(403, 'Invalid or missing CSRF token. Please reload the page and try again.');
  }
  return next();
};

export const onError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof HttpError) {
    for (const [k, v] of Object.entries(err.headers ?? {})) c.header(k, v);
    return c.json(err.toJSON(), err.status);
  }
  if (err instanceof HTTPException) {
    // Hono's own (e.g. body-limit): keep the status, answer JSON.
    const status = err.status;
    if (status >= 500) c.var.log.error({ err, requestId: c.var.requestId }, 'unhandled error');
    return c.json({ error: err.message || 'Request refused' }, status);
  }
  c.var.log.error({ err, requestId: c.var.requestId, path: c.req.path }, 'unhandled error');
  return c.json({ error: 'An internal error occurred', request_id: c.var.requestId }, 500);
};

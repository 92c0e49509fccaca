/**
 * Who is asking: the session middleware and the guards every account route uses.
 *
 * - `sessionMiddleware` (on /api/v1 and the main-host account routes) reads the httpOnly session
 *   cookie, loads the session and sets `c.var.user` (a CurrentUser, or null for guests). It
 *   slides the expiry and re-sends the cookie when it extended it; a stale cookie is cleared.
 * - `requireUser` answers 401 `{error}` when nobody is logged in; `requireAdmin` also 403 for
 *   anyone who is not an admin.
 * - `requireUserToken` is for payment calls: besides the cookie, the `X-User-Token` header must
 *   carry the token returned at log-in for this very session (ADR 0003), so a cross-site request
 *   riding the cookie alone can never pay.
 * - `renewSessionUserToken` gives a live session a new payment token (POST /users/token, CSRF
 *   checked), for a browser whose storage lost it while the cookie lives on.
 * - `startSession` / `endSession` log a user in (rotating any previous session) and out.
 *
 * Beside the session cookie goes the readable `signed_in=1` hint (src/lib/session-hint.ts): same
 * path and expiry, set and cleared only through `setSessionCookies` / `clearSessionCookies`.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { eq } from 'drizzle-orm';
import type { AppEnv } from './context.ts';
import { sessions } from './db/schema.ts';
import { HttpError } from './http.ts';
import { SIGNED_IN_COOKIE } from '../lib/session-hint.ts';
import { safeEqual, sha256 } from './services/secrets.ts';
import {
  createSession,
  deleteExpiredSessions,
  deleteSession,
  loadSession,
  type LoadedSession,
  type LoginMethod,
  markLogin,
  renewUserToken,
  SESSION_COOKIE,
  stillUsable,
} from './services/sessions.ts';

export const USER_TOKEN_HEADER = 'x-user-token';
export const COOKIE_SHAPE = /^[\w-]{20,100}$/;

function setSessionCookies(c: Context<AppEnv>, token: string, expiresAt: Date) {
  const options = { sameSite: 'Lax', secure: c.var.config.isProduction, path: '/', expires: expiresAt } as const;
  setCookie(c, SESSION_COOKIE, token, { ...options, httpOnly: true });
  setCookie(c, SIGNED_IN_COOKIE, '1', options);
}

function clearSessionCookies(c: Context<AppEnv>) {
  deleteCookie(c, SESSION_COOKIE, { path: '/' });
  deleteCookie(c, SIGNED_IN_COOKIE, { path: '/' });
}

/**
 * The session of a cookie: kept in memory between requests (ADR 0042 §7) and read from the
 * database when not kept, expired or due for its hourly extension. A kept one is used only after
 * the change feed's round trip, so a log-out or a new payment token committed by any process
 * before this request has dropped it.
 */
async function sessionOf(c: Context<AppEnv>, token: string): Promise<LoadedSession | null> {
  const cache = c.var.answers;
  if (!cache) return loadSession(c.var.db, token);
  const id = sha256(token);
  if (cache.keptSession<LoadedSession>(id)) {
    await cache.heard();
    const kept = cache.keptSession<LoadedSession>(id);
    if (kept && stillUsable(kept)) return { ...kept, extended: false };
  }
  return cache.loadSession(id, () => loadSession(c.var.db, token), (s) => !s.extended);
}

export const sessionMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('user', null);
  const token = getCookie(c, SESSION_COOKIE);
  if (token) {
    const session = COOKIE_SHAPE.test(token) ? await sessionOf(c, token) : null;
    if (session) {
      c.set('user', { ...session.user, sessionId: session.id });
      // Sliding expiry, or a browser that lost the hint (or predates it): both cookies again.
      if (session.extended || getCookie(c, SIGNED_IN_COOKIE) !== '1') setSessionCookies(c, token, session.expiresAt);
    } else {
      clearSessionCookies(c);
    }
  } else if (getCookie(c, SIGNED_IN_COOKIE) !== undefined) {
    deleteCookie(c, SIGNED_IN_COOKIE, { path: '/' });
  }
  await next();
};

export const NOT_LOGGED_IN = 'Please log in to continue.';

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user) throw new HttpError(401, NOT_LOGGED_IN);
  await next();
};

/**
 * Admins only (the back-office, ambassador review): 401 for a guest, 403 for anyone signed in who
 * is not an admin. One guard for every admin call.
 */
export const ADMIN_ONLY = 'Only Verdant admins can do this';
export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user) throw new HttpError(401, NOT_LOGGED_IN);
  if (!c.var.user.isAdmin) throw new HttpError(403, ADMIN_ONLY);
  await next();
};

/** The signed-in user (after requireUser). */
export function currentUser(c: Context<AppEnv>) {
  const user = c.var.user;
  if (!user) throw new HttpError(401, NOT_LOGGED_IN);
  return user;
}

/** Throws 401 unless `X-User-Token` carries the token of the logged-in user's session. */
export async function assertUserToken(c: Context<AppEnv>): Promise<void> {
  const user = currentUser(c);
  const presented = c.req.header(USER_TOKEN_HEADER)?.trim();
  const [row] = await c.var.db.select({ hash: sessions.userTokenHash }).from(sessions).where(eq(sessions.id, user.sessionId)).limit(1);
  if (!presented || !row || !safeEqual(sha256(presented), row.hash)) {
    throw new HttpError(401, 'Your login has expired on this device. Please log in again to pay.');
  }
}

export const requireUserToken: MiddlewareHandler<AppEnv> = async (c, next) => {
  await assertUserToken(c);
  await next();
};

/** Logs the user in: ends the session this browser had (rotation), opens a new one, sets the cookie. */
export async function startSession(c: Context<AppEnv>, userId: string, method: LoginMethod): Promise<string> {
  const db = c.var.db;
  const previous = getCookie(c, SESSION_COOKIE);
  if (previous && COOKIE_SHAPE.test(previous)) await deleteSession(db, sha256(previous));
  if (c.var.user) await deleteSession(db, c.var.user.sessionId);
  await deleteExpiredSessions(db);
  const s = await createSession(db, { userId, method, ip: c.var.clientIp, userAgent: c.req.header('user-agent') });
  await markLogin(db, userId, method);
  setSessionCookies(c, s.cookieToken, s.expiresAt);
  return s.userToken;
}

/** A fresh payment token for the logged-in session (the caller proved same origin with CSRF). */
export async function renewSessionUserToken(c: Context<AppEnv>): Promise<string> {
  const user = currentUser(c);
  const token = await renewUserToken(c.var.db, user.sessionId);
  if (!token) throw new HttpError(401, NOT_LOGGED_IN);
  return token;
}

export async function endSession(c: Context<AppEnv>): Promise<void> {
  const user = c.var.user;
  if (user) {
    await deleteSession(c.var.db, user.sessionId);
    c.var.providers.realtime.endSession(user.id, user.sessionId);
  }
  clearSessionCookies(c);
  c.set('user', null);
}

/**
 * Who is asking: the session middleware and the guards every account route uses.
 *
 * - `sessionMiddleware` (on /api/v1 and the main-host account routes) reads the httpOnly session
 *   cookie, loads the session and sets `c.var.user` (a CurrentUser, or null for guests). It
 *   slides the expiry and re-sends the cookie when it extended it; a stale cookie is cleared.
 * - `requireUser` answers 401 `{error}` when nobody is logged in.
 * - `requireUserToken` is for payment calls: besides the cookie, the `X-User-Token` header must
 *   carry the token returned at log-in for this very session (ADR 0003), so a cross-site request
 *   riding the cookie alone can never pay.
 * - `startSession` / `endSession` log a user in (rotating any previous session) and out.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { eq } from 'drizzle-orm';
import type { AppEnv } from './context.ts';
import { sessions } from './db/schema.ts';
import { HttpError } from './http.ts';
import { safeEqual, sha256 } from './services/secrets.ts';
import {
  createSession,
  deleteExpiredSessions,
  deleteSession,
  loadSession,
  type LoginMethod,
  markLogin,
  SESSION_COOKIE,
} from './services/sessions.ts';

export const USER_TOKEN_HEADER = 'x-user-token';
const COOKIE_SHAPE = /^[\w-]{20,100}$/;

function setSessionCookie(c: Context<AppEnv>, token: string, expiresAt: Date) {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: c.var.config.isProduction,
    path: '/',
    expires: expiresAt,
  });
}

export const sessionMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('user', null);
  const token = getCookie(c, SESSION_COOKIE);
  if (token) {
    const session = COOKIE_SHAPE.test(token) ? await loadSession(c.var.db, token) : null;
    if (session) {
      c.set('user', { ...session.user, sessionId: session.id });
      if (session.extended) setSessionCookie(c, token, session.expiresAt);
    } else {
      deleteCookie(c, SESSION_COOKIE, { path: '/' });
    }
  }
  await next();
};

export const NOT_LOGGED_IN = 'Please log in to continue.';

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user) throw new HttpError(401, NOT_LOGGED_IN);
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
  setSessionCookie(c, s.cookieToken, s.expiresAt);
  return s.userToken;
}

export async function endSession(c: Context<AppEnv>): Promise<void> {
  const user = c.var.user;
  if (user) {
    await deleteSession(c.var.db, user.sessionId);
    c.var.providers.realtime.endSession(user.id, user.sessionId);
  }
  deleteCookie(c, SESSION_COOKIE, { path: '/' });
  c.set('user', null);
}

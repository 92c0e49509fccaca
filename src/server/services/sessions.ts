// Server-side sessions: the cookie holds a random token, the table its SHA-256. Sliding expiry
// of 30 days (extended at most once an hour of use), never beyond 90 days after log-in; a new
// session at every log-in (the old one is deleted: rotation), deleted at log-out.
import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import { newToken, sha256 } from './secrets.ts';

export const SESSION_COOKIE = 'verdant_session';
export const SLIDING_MS = 30 * 24 * 60 * 60 * 1000;
export const ABSOLUTE_MS = 90 * 24 * 60 * 60 * 1000;
/** A session is extended (one write) at most this often. */
export const TOUCH_EVERY_MS = 60 * 60 * 1000;

export type LoginMethod = 'google' | 'facebook' | 'whatsapp' | 'email';

export async function createSession(db: Db, input: { userId: string; method: LoginMethod; ip?: string | undefined; userAgent?: string | undefined }, now = new Date()) {
  const cookieToken = newToken(32);
  const userToken = newToken(32);
  const expiresAt = new Date(now.getTime() + SLIDING_MS);
  const absoluteExpiresAt = new Date(now.getTime() + ABSOLUTE_MS);
  const id = sha256(cookieToken);
  await db.insert(sessions).values({
    id,
    userId: input.userId,
    userTokenHash: sha256(userToken),
    loginMethod: input.method,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    absoluteExpiresAt,
    ip: input.ip?.slice(0, 64) ?? null,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
  });
  return { id, cookieToken, userToken, expiresAt };
}

export type LoadedSession = {
  id: string;
  userId: string;
  userTokenHash: string;
  expiresAt: Date;
  /** True when this load extended the session (the cookie should be sent again). */
  extended: boolean;
  lastSeenAt: Date;
  absoluteExpiresAt: Date;
  user: { id: string; email: string; name: string; isAdmin: boolean };
};

export async function loadSession(db: Db, cookieToken: string, now = new Date()): Promise<LoadedSession | null> {
  const id = sha256(cookieToken);
  const [row] = await db
    .select({ s: sessions, u: { id: users.id, email: users.email, name: users.name, isAdmin: users.isAdmin, discardedAt: users.discardedAt } })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id))
    .limit(1);
  if (!row) return null;
  if (row.s.expiresAt <= now || row.s.absoluteExpiresAt <= now || row.u.discardedAt) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  let expiresAt = row.s.expiresAt;
  let lastSeenAt = row.s.lastSeenAt;
  let extended = false;
  if (now.getTime() - row.s.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    expiresAt = new Date(Math.min(now.getTime() + SLIDING_MS, row.s.absoluteExpiresAt.getTime()));
    await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, id));
    lastSeenAt = now;
    extended = true;
  }
  const { discardedAt: _d, ...user } = row.u;
  return { id, userId: row.s.userId, userTokenHash: row.s.userTokenHash, expiresAt, extended, lastSeenAt, absoluteExpiresAt: row.s.absoluteExpiresAt, user };
}

/**
 * True when a session read earlier may stand for this request without the database: not expired
 * and not due for its hourly extension (which `loadSession` writes). Deletion, a new payment token
 * and a changed user are the change feed's to tell (the kept copy is dropped).
 */
export function stillUsable(s: LoadedSession, now = new Date()): boolean {
  const t = now.getTime();
  return s.expiresAt.getTime() > t && s.absoluteExpiresAt.getTime() > t && t - s.lastSeenAt.getTime() < TOUCH_EVERY_MS;
}

/** A new payment token for a live session (the old one stops working); only its hash is kept. */
export async function renewUserToken(db: Db, sessionId: string): Promise<string | null> {
  const userToken = newToken(32);
  const rows = await db.update(sessions).set({ userTokenHash: sha256(userToken) }).where(eq(sessions.id, sessionId)).returning({ id: sessions.id });
  return rows.length ? userToken : null;
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** After a password change or reset: every other session of the user ends. */
export async function deleteOtherSessions(db: Db, userId: string, keepId: string | null): Promise<void> {
  await db.delete(sessions).where(keepId ? and(eq(sessions.userId, userId), ne(sessions.id, keepId)) : eq(sessions.userId, userId));
}

/** Housekeeping: expired sessions go (called at log-in, cheap with the index). */
export async function deleteExpiredSessions(db: Db, now = new Date()): Promise<void> {
  await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.absoluteExpiresAt, now)));
}

export async function markLogin(db: Db, userId: string, method: LoginMethod): Promise<void> {
  await db.update(users).set({ lastLoginMethod: method, updatedAt: sql`now()` }).where(and(eq(users.id, userId), isNull(users.discardedAt)));
}

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import { openTestDatabase } from '../testing/test-app.ts';
import { ABSOLUTE_MS, createSession, loadSession, SLIDING_MS, TOUCH_EVERY_MS } from './sessions.ts';

let database: Database;
const userId = 'session-test-user-0001';
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.insert(users).values({ id: userId, email: 'sessions@example.com', name: 'Ses Sion' });
});
afterAll(() => database.close());

describe('sessions: sliding 30 days, absolute 90', () => {
  it('extends the expiry on use (at most once an hour), never past 90 days after log-in', async () => {
    const db = database.db;
    const t0 = new Date('2026-01-01T00:00:00Z');
    const s = await createSession(db, { userId, method: 'email' }, t0);
    expect(s.expiresAt.getTime()).toBe(t0.getTime() + SLIDING_MS);

    // Used 10 minutes later: nothing to write.
    const soon = await loadSession(db, s.cookieToken, new Date(t0.getTime() + 10 * 60 * 1000));
    expect(soon?.extended).toBe(false);

    // Used 20 days later: 30 more days from then.
    const t20 = new Date(t0.getTime() + 20 * DAY);
    const later = await loadSession(db, s.cookieToken, t20);
    expect(later?.extended).toBe(true);
    expect(later?.expiresAt.getTime()).toBe(t20.getTime() + SLIDING_MS);

    // Kept in use every 25 days: the 90-day cap still ends it.
    let now = t20;
    for (let i = 0; i < 2; i++) {
      now = new Date(now.getTime() + 25 * DAY);
      const s2 = await loadSession(db, s.cookieToken, now);
      expect(s2).not.toBeNull();
      expect(s2!.expiresAt.getTime()).toBeLessThanOrEqual(t0.getTime() + ABSOLUTE_MS);
    }
    // Day 70: the sliding expiry would be day 100, the cap keeps it at day 90.
    expect((await db.select().from(sessions).where(eq(sessions.userId, userId)))[0]!.expiresAt.getTime()).toBe(t0.getTime() + ABSOLUTE_MS);
    expect(await loadSession(db, s.cookieToken, new Date(t0.getTime() + ABSOLUTE_MS + 1000))).toBeNull();
    expect(await db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(0);
  });

  it('ends after 30 days without use', async () => {
    const db = database.db;
    const t0 = new Date('2026-03-01T00:00:00Z');
    const s = await createSession(db, { userId, method: 'email' }, t0);
    expect(await loadSession(db, s.cookieToken, new Date(t0.getTime() + SLIDING_MS - TOUCH_EVERY_MS))).not.toBeNull();
    const s2 = await createSession(db, { userId, method: 'email' }, t0);
    expect(await loadSession(db, s2.cookieToken, new Date(t0.getTime() + SLIDING_MS + 1000))).toBeNull();
  });

  it('an unknown token is no session', async () => {
    expect(await loadSession(database.db, 'x'.repeat(43))).toBeNull();
  });
});

// The user as the storefront sees it (spec §3 User, src/contract/accounts.ts), and look-ups.
import { bagOfUser } from './booking/account-seam.ts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { User } from '../../contract/accounts.ts';
import type { Db } from '../db/client.ts';
import { ambassadorProfiles, partnerMemberships, users, userSecurity } from '../db/schema.ts';
import { bucketListsOf } from './bucket-lists.ts';
import type { FileStorage } from '../providers/storage.ts';
import { newToken } from './secrets.ts';

export type UserRow = typeof users.$inferSelect;

export const byEmail = (email: string) => sql`lower(${users.email}) = lower(${email.trim()})`;

/** Any user with this email, discarded ones included. */
export async function findByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(byEmail(email)).limit(1);
  return row;
}

export async function findActive(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(and(eq(users.id, id), isNull(users.discardedAt))).limit(1);
  return row;
}

/** A short personal invite code: 8 characters without look-alikes. */
export function newReferralCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = Buffer.from(newToken(8), 'base64url');
  return Array.from(bytes.subarray(0, 8), (b) => alphabet[b % alphabet.length]).join('');
}

/** The user's security row (created on first need) with a referral code. */
export async function ensureSecurity(db: Db, userId: string) {
  const [existing] = await db.select().from(userSecurity).where(eq(userSecurity.userId, userId)).limit(1);
  if (existing?.referralCode) return existing;
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = newReferralCode();
    const [row] = await db
      .insert(userSecurity)
      .values({ userId, referralCode: code })
      .onConflictDoUpdate({ target: userSecurity.userId, set: { referralCode: sql`coalesce(${userSecurity.referralCode}, ${code})` } })
      .returning()
      .catch((err: unknown) => {
        if (String((err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code) === '23505') return [];
        throw err;
      });
    if (row) return row;
  }
  throw new Error('Could not allocate a referral code');
}

export async function userView(db: Db, storage: FileStorage, userId: string, opts: { full?: boolean } = {}): Promise<User> {
  // Independent reads, issued together.
  const [[row], [partner], [ambassador], security, cartId, bucketLists] = await Promise.all([
    db.select().from(users).where(eq(users.id, userId)).limit(1),
    db.select({ n: sql<number>`1` }).from(partnerMemberships).where(eq(partnerMemberships.userId, userId)).limit(1),
    db.select({ status: ambassadorProfiles.status }).from(ambassadorProfiles).where(eq(ambassadorProfiles.userId, userId)).limit(1),
    ensureSecurity(db, userId),
    bagOfUser(db, userId),
    opts.full === false ? Promise.resolve([]) : bucketListsOf(db, userId, userId),
  ]);
  if (!row) throw new Error(`user ${userId} vanished`);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phoneNumber: row.phoneNumber,
    avatar: row.avatarKey,
    avatarUrl: row.avatarKey ? storage.url(row.avatarKey) : null,
    lastLoginMethod: row.lastLoginMethod,
    cartId,
    bucketLists,
    isEmailOwnedByDiscardedUser: false,
    shouldCreatePassword: row.passwordHash === null,
    isAdmin: row.isAdmin,
    isPartner: Boolean(partner),
    ambassadorProfile: ambassador ? { status: ambassador.status } : null,
    country: row.countryCode,
    receiveNewsletters: row.receiveNewsletters,
    referralCode: security.referralCode,
    hasPassword: row.passwordHash !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function namesOf(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids)).orderBy(asc(users.id));
  return new Map(rows.map((r) => [r.id, r.name]));
}

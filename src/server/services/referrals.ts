// Referrals (spec §2 /invite, §9 welcome discount): a friend who signs up through
// /invite?ref=<code> gets the welcome discount of their country as credit; their referrer is
// rewarded (the referrer country's amount) once the friend's first trip is completed — the
// trips work calls rewardReferralOnFirstCompletedTrip when a trip completes.
import { and, desc, eq, sql } from 'drizzle-orm';
import { welcomeDiscount } from '../../lib/welcome-discount.ts';
import { currencies, referrals, users, userSecurity } from '../db/schema.ts';
import { addCredit, type Writer } from './credits.ts';

/** Major units → minor units of the currency (its exponent from the currencies table, 2 if unknown). */
export async function toMinor(db: Writer, amount: number, currency: string): Promise<number> {
  const [row] = await db.select({ exponent: currencies.exponent }).from(currencies).where(eq(currencies.code, currency)).limit(1);
  return Math.round(amount * 10 ** (row?.exponent ?? 2));
}

export async function exponentOf(db: Writer, currency: string): Promise<number> {
  const [row] = await db.select({ exponent: currencies.exponent }).from(currencies).where(eq(currencies.code, currency)).limit(1);
  return row?.exponent ?? 2;
}

/** Called inside the sign-up transaction. An unknown code or a self-referral is ignored. */
export async function recordReferral(tx: Writer, input: { refereeId: string; refereeCountry: string | null; referralCode: string }): Promise<boolean> {
  const code = input.referralCode.trim().toUpperCase();
  if (!/^[A-Z0-9]{4,32}$/.test(code)) return false;
  const [referrer] = await tx
    .select({ id: users.id, country: users.countryCode })
    .from(userSecurity)
    .innerJoin(users, eq(users.id, userSecurity.userId))
    .where(and(eq(userSecurity.referralCode, code), sql`${users.discardedAt} IS NULL`))
    .limit(1);
  if (!referrer || referrer.id === input.refereeId) return false;
  const reward = welcomeDiscount(referrer.country);
  const inserted = await tx
    .insert(referrals)
    .values({ referrerId: referrer.id, refereeId: input.refereeId, rewardAmount: await toMinor(tx, reward.amount, reward.currency), rewardCurrency: reward.currency })
    .onConflictDoNothing()
    .returning({ id: referrals.id });
  if (!inserted[0]) return false;
  const welcome = welcomeDiscount(input.refereeCountry);
  await addCredit(tx, {
    userId: input.refereeId,
    amount: await toMinor(tx, welcome.amount, welcome.currency),
    currency: welcome.currency,
    kind: 'welcome',
    description: 'Welcome gift for joining through a friend’s invite',
    reference: `referral:${inserted[0].id}`,
  });
  return true;
}

export type ReferralReward = { referralId: number; referrerId: string; amount: number; currency: string } | null;

/**
 * Rewards the referrer of `userId` once, when that user's first trip is completed. Safe to call
 * on every completed trip: after the first reward it does nothing and answers null. Runs in its
 * own transaction (or the caller's).
 */
export async function rewardReferralOnFirstCompletedTrip(db: Writer, userId: string): Promise<ReferralReward> {
  const run = async (tx: Writer): Promise<ReferralReward> => {
    const [row] = await tx
      .update(referrals)
      .set({ status: 'rewarded', rewardedAt: new Date() })
      .where(and(eq(referrals.refereeId, userId), eq(referrals.status, 'pending')))
      .returning();
    if (!row) return null;
    const [friend] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
    const first = friend?.name.trim().split(/\s+/)[0] || 'your friend';
    await addCredit(tx, {
      userId: row.referrerId,
      amount: row.rewardAmount,
      currency: row.rewardCurrency,
      kind: 'referral_reward',
      description: `Referral reward: ${first} completed their first trip`,
      reference: `referral:${row.id}`,
    });
    return { referralId: row.id, referrerId: row.referrerId, amount: row.rewardAmount, currency: row.rewardCurrency };
  };
  return db.transaction(run);
}

export async function referralsBy(db: Writer, referrerId: string) {
  return db
    .select({ status: referrals.status, rewardAmount: referrals.rewardAmount, rewardCurrency: referrals.rewardCurrency, createdAt: referrals.createdAt, friendName: users.name })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.refereeId))
    .where(eq(referrals.referrerId, referrerId))
    .orderBy(desc(referrals.createdAt));
}

// Believable account data for the development users (README "Development accounts"): credit
// history, bucket lists, gift codes, a referral, and a supplier invitation. Deterministic ids and
// dates; every insert is idempotent, so seeding again changes nothing.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import * as s from '../schema.ts';
import { idFrom } from './prng.ts';

/** The seeded supplier invitation: /users/signup?code=sukau-riverkeepers-invite */
export const DEMO_INVITATION = { id: 'sukau-riverkeepers-invite', email: 'hello@sukau-riverkeepers.example', operatorSlug: 'sukau-riverkeepers' };
/** A gift code the traveller holds, and one nobody has claimed yet (to try "Add a gift code"). */
export const DEMO_GIFT_CODES = { held: 'TESS-BIRTHDAY-50', unclaimed: 'RIVER-WELCOME-25', explorer: 'EZRA-TRAIL-30' };
export const DEMO_REFERRAL_CODES: Record<string, string> = {
  'traveller@verdant.test': 'TESSGOES',
  'admin@verdant.test': 'ADAVERDT',
  'partner@verdant.test': 'FARIDUBN',
  'ambassador@verdant.test': 'AMARAWLD',
  'ambassador.applied@verdant.test': 'AIDENWND',
  'ambassador.rejected@verdant.test': 'RHEAROAM',
};

const at = (iso: string) => new Date(iso);

type Entry = { kind: (typeof s.creditEntries.$inferInsert)['kind']; amount: number; currency: string; description: string; reference: string; createdAt: string };

async function ledger(db: Db, userId: string, entries: Entry[]) {
  await db.transaction(async (tx) => {
    const [seen] = await tx.select({ id: s.creditEntries.id }).from(s.creditEntries).where(eq(s.creditEntries.userId, userId)).limit(1);
    if (seen) return;
    const balances = new Map<string, number>();
    for (const e of entries) {
      const balance = (balances.get(e.currency) ?? 0) + e.amount;
      if (balance < 0) throw new Error(`seed ledger of ${userId} goes negative`);
      balances.set(e.currency, balance);
      await tx.insert(s.creditEntries).values({ userId, currency: e.currency, amount: e.amount, balanceAfter: balance, kind: e.kind, description: e.description, reference: e.reference, createdAt: at(e.createdAt) });
    }
    for (const [currency, balance] of balances) {
      await tx.insert(s.creditAccounts).values({ userId, currency, balance, updatedAt: at(entries.at(-1)!.createdAt) }).onConflictDoNothing();
    }
  });
}

export async function seedAccounts(db: Db, userIds: Map<string, string>, summary: Record<string, number>) {
  const id = (email: string) => {
    const v = userIds.get(email);
    if (!v) throw new Error(`seed: no user ${email}`);
    return v;
  };
  const traveller = id('traveller@verdant.test');
  const ambassador = id('ambassador@verdant.test');

  await db
    .insert(s.userSecurity)
    .values(Object.entries(DEMO_REFERRAL_CODES).map(([email, referralCode]) => ({ userId: id(email), referralCode })))
    .onConflictDoNothing();

  // A friend of the ambassador who joined through her link and travelled: the reward is paid.
  const friendId = idFrom('user:friend.of.amara@verdant.test');
  await db.insert(s.users).values({ id: friendId, email: 'wei.ling@verdant.test', name: 'Wei Ling Tan', countryCode: 'SG', lastLoginMethod: 'whatsapp', phoneNumber: '+6591234567', createdAt: at('2026-03-02T09:15:00Z') }).onConflictDoNothing();
  await db.insert(s.userSecurity).values({ userId: friendId, referralCode: 'WEILINGT' }).onConflictDoNothing();
  await db
    .insert(s.referrals)
    .values([
      { referrerId: ambassador, refereeId: friendId, status: 'rewarded', rewardAmount: 3000, rewardCurrency: 'MYR', createdAt: at('2026-03-02T09:15:00Z'), rewardedAt: at('2026-04-20T11:00:00Z') },
      { referrerId: traveller, refereeId: id('ambassador.applied@verdant.test'), status: 'pending', rewardAmount: 1000, rewardCurrency: 'USD', createdAt: at('2026-05-11T18:40:00Z') },
    ])
    .onConflictDoNothing();

  await ledger(db, traveller, [
    { kind: 'welcome', amount: 1000, currency: 'USD', description: 'Welcome gift for joining Verdant', reference: 'seed:welcome', createdAt: '2026-01-14T08:30:00Z' },
    { kind: 'gift_code', amount: 4000, currency: 'SGD', description: 'Gift code FOREST-40 from Jonah', reference: 'seed:gift-forest-40', createdAt: '2026-02-03T12:05:00Z' },
    { kind: 'spend', amount: -2500, currency: 'SGD', description: 'Used on Pulau Ubin mangrove kayak at dawn', reference: 'seed:order-1042', createdAt: '2026-02-18T07:45:00Z' },
    { kind: 'refund', amount: 500, currency: 'SGD', description: 'Credit returned: one guest fewer on Pulau Ubin', reference: 'seed:refund-1042', createdAt: '2026-02-20T10:00:00Z' },
  ]);
  // The explorer pays with what they hold: a credit balance and a gift code (booking journeys).
  const explorer = id('explorer@verdant.test');
  await ledger(db, explorer, [
    { kind: 'welcome', amount: 1000, currency: 'SGD', description: 'Welcome gift for joining Verdant', reference: 'seed:welcome', createdAt: '2026-03-09T10:00:00Z' },
    { kind: 'refund', amount: 60_000, currency: 'SGD', description: 'Credit returned: Kinabatangan river cruise cancelled by the operator', reference: 'seed:refund-kinabatangan', createdAt: '2026-07-02T09:30:00Z' },
  ]);
  await ledger(db, ambassador, [
    { kind: 'referral_reward', amount: 3000, currency: 'MYR', description: 'Referral reward: Wei Ling completed their first trip', reference: 'seed:referral-weiling', createdAt: '2026-04-20T11:00:00Z' },
  ]);

  await db
    .insert(s.giftCodes)
    .values([
      { id: idFrom('gift-code:tess-birthday'), code: DEMO_GIFT_CODES.held, amount: 5000, currency: 'SGD', holderUserId: traveller, senderName: 'Maya', message: 'Happy birthday, Tess! Go and find those hornbills. Love, Maya', status: 'active', expiresAt: at('2028-06-30T15:59:59Z'), claimedAt: at('2026-06-01T09:00:00Z'), createdAt: at('2026-05-30T20:12:00Z') },
      { id: idFrom('gift-code:forest-40'), code: 'FOREST-40', amount: 4000, currency: 'SGD', holderUserId: traveller, senderName: 'Jonah', message: 'For your next trip into the green. J.', status: 'redeemed', expiresAt: at('2027-12-31T15:59:59Z'), claimedAt: at('2026-02-03T12:00:00Z'), redeemedAt: at('2026-02-03T12:05:00Z'), createdAt: at('2026-01-28T10:00:00Z') },
      { id: idFrom('gift-code:ezra-trail'), code: DEMO_GIFT_CODES.explorer, amount: 3000, currency: 'SGD', holderUserId: explorer, senderName: 'Noor', message: 'For the next trail. N.', status: 'active', expiresAt: at('2030-06-30T15:59:59Z'), claimedAt: at('2026-08-01T09:00:00Z'), createdAt: at('2026-07-30T20:00:00Z') },
      { id: idFrom('gift-code:river-welcome'), code: DEMO_GIFT_CODES.unclaimed, amount: 2500, currency: 'SGD', holderUserId: null, senderName: 'The Verdant team', message: 'A little something for your first river trip.', status: 'active', expiresAt: at('2030-12-31T15:59:59Z'), createdAt: at('2026-01-01T00:00:00Z') },
    ])
    .onConflictDoNothing();

  // The traveller's bucket lists, from real options of the catalogue.
  const picks = await db
    .select({ id: s.options.id, country: s.countries.name })
    .from(s.options)
    .innerJoin(s.cities, eq(s.cities.id, s.options.cityId))
    .innerJoin(s.countries, eq(s.countries.id, s.cities.countryId))
    .where(and(eq(s.options.published, true), inArray(s.countries.name, ['Malaysia', 'Japan'])))
    .orderBy(s.options.id);
  const malaysia = picks.filter((p) => p.country === 'Malaysia').slice(0, 3);
  const japan = picks.filter((p) => p.country === 'Japan').slice(0, 2);
  const lists = [
    { id: idFrom('bucket-list:tess-borneo'), name: 'Borneo with Sam, one day', shared: true, items: malaysia, createdAt: '2026-02-10T19:20:00Z' },
    { id: idFrom('bucket-list:tess-japan'), name: 'Japan in the green season', shared: false, items: japan, createdAt: '2026-04-02T21:05:00Z' },
  ];
  for (const list of lists) {
    await db.insert(s.bucketLists).values({ id: list.id, userId: traveller, name: list.name, shared: list.shared, createdAt: at(list.createdAt), updatedAt: at(list.createdAt) }).onConflictDoNothing();
    if (list.items.length) {
      await db
        .insert(s.bucketListOptions)
        .values(list.items.map((o, i) => ({ id: idFrom(`bucket-item:${list.id}:${o.id}`), bucketListId: list.id, optionId: o.id, createdAt: new Date(at(list.createdAt).getTime() + (i + 1) * 60_000) })))
        .onConflictDoNothing();
    }
  }

  const [operator] = await db.select({ id: s.operators.id }).from(s.operators).where(eq(s.operators.slug, DEMO_INVITATION.operatorSlug)).limit(1);
  if (operator) {
    await db.insert(s.supplierInvitations).values({ id: DEMO_INVITATION.id, email: DEMO_INVITATION.email, operatorId: operator.id, expiresAt: at('2030-12-31T15:59:59Z'), createdAt: at('2026-06-01T00:00:00Z') }).onConflictDoNothing();
  }
  summary['bucket_lists'] = lists.length;
  summary['gift_codes'] = 4;
}

// The credit ledger: one balance per user and currency (credit_accounts, never negative by a
// CHECK), and an append-only history (credit_entries). Every change goes through `changeCredit`
// inside a transaction: the balance row is updated with a guard (balance + delta >= 0), which on
// PostgreSQL also locks it, so two concurrent spends can never overdraw. Booking spends with
// `spendCredit(tx, …)`; rewards and gift codes add with `addCredit`.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { creditAccounts, creditEntries } from '../db/schema.ts';

export type { Tx } from '../db/client.ts';
export type Writer = Db | Tx;
export type CreditKind = (typeof creditEntries.$inferInsert)['kind'];

export class InsufficientCreditError extends Error {
  constructor(currency: string) {
    super(`Not enough credit in ${currency}`);
    this.name = 'InsufficientCreditError';
  }
}

export type CreditChange = {
  userId: string;
  /** Minor units of `currency`; positive adds, negative spends. */
  amount: number;
  currency: string;
  kind: CreditKind;
  description: string;
  /** Unique per user and kind when given: the same reference twice is applied once. */
  reference?: string | undefined;
};

export type CreditResult = { entryId: number; balance: number; applied: boolean };

async function apply(tx: Writer, change: CreditChange): Promise<CreditResult> {
  if (!Number.isInteger(change.amount) || change.amount === 0) throw new Error('A credit change is a non-zero whole number of minor units');
  if (!/^[A-Z]{3}$/.test(change.currency)) throw new Error(`Invalid currency ${change.currency}`);
  if (change.reference) {
    const [seen] = await tx
      .select({ id: creditEntries.id, balanceAfter: creditEntries.balanceAfter })
      .from(creditEntries)
      .where(and(eq(creditEntries.userId, change.userId), eq(creditEntries.kind, change.kind), eq(creditEntries.reference, change.reference)))
      .limit(1);
    if (seen) return { entryId: seen.id, balance: await balanceOf(tx, change.userId, change.currency), applied: false };
  }
  await tx.insert(creditAccounts).values({ userId: change.userId, currency: change.currency, balance: 0 }).onConflictDoNothing();
  const [account] = await tx
    .update(creditAccounts)
    .set({ balance: sql`${creditAccounts.balance} + ${change.amount}`, updatedAt: new Date() })
    .where(and(eq(creditAccounts.userId, change.userId), eq(creditAccounts.currency, change.currency), sql`${creditAccounts.balance} + ${change.amount} >= 0`))
    .returning({ balance: creditAccounts.balance });
  if (!account) throw new InsufficientCreditError(change.currency);
  const [entry] = await tx
    .insert(creditEntries)
    .values({
      userId: change.userId,
      currency: change.currency,
      amount: change.amount,
      balanceAfter: account.balance,
      kind: change.kind,
      description: change.description,
      reference: change.reference ?? null,
    })
    .returning({ id: creditEntries.id });
  return { entryId: entry!.id, balance: account.balance, applied: true };
}

/** Applies one change in its own transaction (a savepoint inside the caller's `tx`). */
export async function changeCredit(db: Writer, change: CreditChange): Promise<CreditResult> {
  return db.transaction((tx) => apply(tx, change));
}

export const addCredit = async (db: Writer, change: Omit<CreditChange, 'amount'> & { amount: number }) => {
  if (change.amount <= 0) throw new Error('addCredit takes a positive amount');
  return changeCredit(db, change);
};

/** Spends credit (booking); throws InsufficientCreditError and changes nothing when the balance is short. */
export const spendCredit = async (db: Writer, change: Omit<CreditChange, 'amount' | 'kind'> & { amount: number }) => {
  if (change.amount <= 0) throw new Error('spendCredit takes a positive amount');
  return changeCredit(db, { ...change, amount: -change.amount, kind: 'spend' });
};

export async function balanceOf(db: Writer, userId: string, currency: string): Promise<number> {
  const [row] = await db.select({ balance: creditAccounts.balance }).from(creditAccounts).where(and(eq(creditAccounts.userId, userId), eq(creditAccounts.currency, currency))).limit(1);
  return row?.balance ?? 0;
}

export async function balancesOf(db: Writer, userId: string): Promise<{ currency: string; balance: number }[]> {
  return db
    .select({ currency: creditAccounts.currency, balance: creditAccounts.balance })
    .from(creditAccounts)
    .where(eq(creditAccounts.userId, userId))
    .orderBy(desc(creditAccounts.balance), creditAccounts.currency);
}

export async function historyOf(db: Writer, userId: string, page: number, per: number) {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(creditEntries).where(eq(creditEntries.userId, userId));
  const rows = await db
    .select()
    .from(creditEntries)
    .where(eq(creditEntries.userId, userId))
    .orderBy(desc(creditEntries.createdAt), desc(creditEntries.id))
    .limit(per)
    .offset((page - 1) * per);
  return { total: n, rows };
}

// Gift codes a user holds. POST /gift_codes adds a code someone gave you to your account;
// /redeem turns it into credit; /remove takes it off your account (it can be added again, e.g.
// by the friend it was meant for). Booking applies an active held code at checkout with
// `heldGiftCode` + `markGiftCodeUsed` inside its payment transaction.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { GiftCode } from '../../contract/accounts.ts';
import type { Db } from '../db/client.ts';
import { giftCodes } from '../db/schema.ts';
import { convertMinor, exchangeRate } from '../../lib/money.ts';
import { loadMoneyContext, unitOf, type MoneyContext } from './booking/catalog.ts';
import { addCredit, balancesOf, type Writer } from './credits.ts';
import { canonicalGiftCode } from './gifts/codes.ts';
import { exponentOf } from './referrals.ts';

export type GiftCodeRow = typeof giftCodes.$inferSelect;

/** What a code's amount is shown in: the holder's credit currency (largest balance) and today's rates. */
export type CreditTarget = { currency: string; m: MoneyContext } | null;

export async function creditTargetOf(db: Db, userId: string): Promise<CreditTarget> {
  const [main] = await balancesOf(db, userId);
  if (!main) return null;
  return { currency: main.currency, m: await loadMoneyContext(db) };
}

/** The amount in the target currency via SGD (the rate table is SGD-based), or null when it is the same currency. */
function convertedAmount(row: GiftCodeRow, target: CreditTarget): GiftCode['converted'] {
  if (!target || target.currency === row.currency) return null;
  const { m } = target;
  const known = (code: string) => m.units.has(code) && (code === 'SGD' || m.rates[code] !== undefined);
  if (!known(row.currency) || !known(target.currency)) return null;
  const from = unitOf(m, row.currency);
  const to = unitOf(m, target.currency);
  const minor = convertMinor(row.amount, from, to, m.rates);
  return { amount: { amount: minor / 10 ** to.exponent, currency: to.code }, rate: exchangeRate(from.code, to.code, m.rates) };
}

export async function giftCodeView(db: Writer, row: GiftCodeRow, target: CreditTarget = null): Promise<GiftCode> {
  const exp = await exponentOf(db, row.currency);
  return {
    converted: convertedAmount(row, target),
    id: row.id,
    code: row.code,
    amount: { amount: row.amount / 10 ** exp, currency: row.currency },
    status: row.status,
    senderName: row.senderName,
    message: row.message,
    expiresAt: row.expiresAt.toISOString(),
    claimedAt: row.claimedAt?.toISOString() ?? null,
    redeemedAt: row.redeemedAt?.toISOString() ?? null,
  };
}

export async function heldGiftCodes(db: Writer, userId: string): Promise<GiftCodeRow[]> {
  return db.select().from(giftCodes).where(eq(giftCodes.holderUserId, userId)).orderBy(asc(giftCodes.status), asc(giftCodes.claimedAt), asc(giftCodes.id));
}

/** One of the user's codes, or undefined (someone else's answers the same as a missing one). */
export async function heldGiftCode(db: Writer, id: string, userId: string): Promise<GiftCodeRow | undefined> {
  const [row] = await db.select().from(giftCodes).where(and(eq(giftCodes.id, id), eq(giftCodes.holderUserId, userId))).limit(1);
  return row;
}

export type ClaimResult = { ok: true; row: GiftCodeRow } | { ok: false; error: string };

export async function claimGiftCode(db: Db, userId: string, code: string, now = new Date()): Promise<ClaimResult> {
  const normalised = canonicalGiftCode(code);
  const [row] = await db.select().from(giftCodes).where(sql`upper(${giftCodes.code}) = ${normalised}`).limit(1);
  if (!row) return { ok: false, error: 'This gift code is not valid' };
  if (row.holderUserId === userId) return { ok: false, error: 'This gift code is already in your account' };
  if (row.holderUserId !== null || row.status !== 'active') return { ok: false, error: 'This gift code has already been used' };
  if (row.expiresAt <= now) return { ok: false, error: 'This gift code has expired' };
  const [claimed] = await db
    .update(giftCodes)
    .set({ holderUserId: userId, claimedAt: now })
    .where(and(eq(giftCodes.id, row.id), isNull(giftCodes.holderUserId), eq(giftCodes.status, 'active')))
    .returning();
  return claimed ? { ok: true, row: claimed } : { ok: false, error: 'This gift code has already been used' };
}

export type RedeemResult = { ok: true; row: GiftCodeRow; balance: number } | { ok: false; status: 404 | 422; error: string };

/** Turns an active held code into credit, once (the status update is the guard). */
export async function redeemGiftCode(db: Db, id: string, userId: string, now = new Date()): Promise<RedeemResult> {
  return db.transaction(async (tx) => {
    const row = await heldGiftCode(tx, id, userId);
    if (!row) return { ok: false, status: 404, error: 'Gift code not found' } as const;
    if (row.status !== 'active') return { ok: false, status: 422, error: 'This gift code has already been used' } as const;
    if (row.expiresAt <= now) return { ok: false, status: 422, error: 'This gift code has expired' } as const;
    const [updated] = await tx
      .update(giftCodes)
      .set({ status: 'redeemed', redeemedAt: now })
      .where(and(eq(giftCodes.id, id), eq(giftCodes.holderUserId, userId), eq(giftCodes.status, 'active')))
      .returning();
    if (!updated) return { ok: false, status: 422, error: 'This gift code has already been used' } as const;
    const credit = await addCredit(tx, {
      userId,
      amount: row.amount,
      currency: row.currency,
      kind: 'gift_code',
      description: `Gift code ${row.code}${row.senderName ? ` from ${row.senderName}` : ''}`,
      reference: `gift_code:${row.id}`,
    });
    return { ok: true, row: updated, balance: credit.balance } as const;
  });
}

/** Takes an active code off the user's account. Redeemed or used codes stay in the history. */
export async function removeGiftCode(db: Db, id: string, userId: string): Promise<{ ok: true } | { ok: false; status: 404 | 422; error: string }> {
  const row = await heldGiftCode(db, id, userId);
  if (!row) return { ok: false, status: 404, error: 'Gift code not found' };
  if (row.status !== 'active') return { ok: false, status: 422, error: 'A used gift code stays in your history' };
  await db.update(giftCodes).set({ holderUserId: null, claimedAt: null }).where(and(eq(giftCodes.id, id), eq(giftCodes.holderUserId, userId), eq(giftCodes.status, 'active')));
  return { ok: true };
}

/** Booking: marks a held, active, unexpired code used by an order, inside the payment transaction. */
export async function markGiftCodeUsed(tx: Writer, id: string, userId: string, reference: string, now = new Date()): Promise<GiftCodeRow | undefined> {
  const [row] = await tx
    .update(giftCodes)
    .set({ status: 'used', usedReference: reference, redeemedAt: now })
    .where(and(eq(giftCodes.id, id), eq(giftCodes.holderUserId, userId), eq(giftCodes.status, 'active'), sql`${giftCodes.expiresAt} > ${now}`))
    .returning();
  return row;
}

// THE SEAM TO ACCOUNTS. Everything in booking that depends on a signed-in user goes through
// these few functions; nothing else in booking reads users. The session user and the
// X-User-Token check are wired; stored value (credits, gift codes, welcome discount, referral)
// is still to come, and each of those functions says what to plug in.
import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import type { AppEnv } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { assertUserToken } from '../../session.ts';

export type PayingUser = { id: string; email: string; name: string; countryCode: string | null };

/**
 * The signed-in user making a booking call, or null for a guest. On pay calls (`opts.payCall`)
 * a signed-in user must also present the session's `X-User-Token` (spec §6: "The user token is
 * sent as a header only on payment calls"; ADR 0003), or the call answers 401.
 */
export async function currentBookingUser(c: Context<AppEnv>, opts: { payCall: boolean }): Promise<PayingUser | null> {
  const session = c.var.user;
  if (!session) return null;
  if (opts.payCall) await assertUserToken(c);
  const [row] = await c.var.db.select({ countryCode: users.countryCode }).from(users).where(eq(users.id, session.id)).limit(1);
  return { id: session.id, email: session.email, name: session.name, countryCode: row?.countryCode ?? null };
}

/** Stored value and discounts a user brings to a cart, in minor units of the cart's base currency. */
export type StoredValue = {
  /** Credits the user asked to use (cart.useCredit) — their balance converted to the base currency; 0 otherwise. */
  creditBalance: number;
  useCredit: boolean;
  /** A gift code attached to the cart, and what it is worth in the base currency. */
  giftCode: string | null;
  giftCodeBalance: number;
  /** Spec §9 welcome discount by country (MY 30 MYR, SG 10 SGD, else 10 USD), for a first booking. */
  welcomeDiscount: number;
  referralAmount: number;
  /** Gift card redemptions the user could still apply (spec Cart.numPossibleRedemptions). */
  numPossibleRedemptions: number;
};

export const NO_STORED_VALUE: StoredValue = {
  creditBalance: 0,
  useCredit: false,
  giftCode: null,
  giftCodeBalance: 0,
  welcomeDiscount: 0,
  referralAmount: 0,
  numPossibleRedemptions: 0,
};

/**
 * Accounts: read the user's credit ledger balance (when the cart asks to use credit), the gift
 * code they attached, the welcome discount they qualify for (their welcome-discount function)
 * and referral amounts; convert each to `baseCurrency` with convertMinor (no fee).
 */
export async function storedValueFor(_db: Db, _user: PayingUser | null, _cart: { id: string; baseCurrency: string }): Promise<StoredValue> {
  return NO_STORED_VALUE;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Inside the pay transaction, before any charge: debit the credits and mark the gift code used
 * for `order` (amounts in the order's base currency), or throw HttpError(409) when the balance
 * changed since the cart was priced. Accounts implements it; guests have nothing to settle.
 */
export async function reserveStoredValue(_tx: Tx, _user: PayingUser | null, _order: { id: string; giftCodeAmount: number; deductedCreditAmount: number }): Promise<void> {
  // guests: nothing to reserve
}

/** Gives reserved credits and gift-code value back when the payment fails or lapses. */
export async function releaseStoredValue(_tx: Tx, _order: { id: string; userId: string | null; giftCodeAmount: number; deductedCreditAmount: number }): Promise<void> {
  // guests: nothing was reserved
}

/**
 * Who may read an order by its id (confirmation, invoice, later payment). A guest's order is
 * reachable by its unguessable id alone; an order that belongs to a user only by that user.
 * Accounts: compare with the session user (admins too, if wanted).
 */
export function mayReadOrder(user: PayingUser | null, order: { userId: string | null }): boolean {
  return order.userId === null || order.userId === user?.id;
}

/** Where the confirmation e-mail points the traveller: their trip for users, the confirmation page for guests. */
export function tripLink(siteUrl: string, order: { id: string; userId: string | null }, itemId: string): string {
  return order.userId ? `${siteUrl}/account/trips/${itemId}` : `${siteUrl}/checkout/confirmation?order=${order.id}`;
}

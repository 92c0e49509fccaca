// THE SEAM TO ACCOUNTS. Everything in booking that depends on a signed-in user goes through
// these few functions; nothing else in booking reads users. The session user and the
// X-User-Token check, stored value (credits, gift codes, welcome discount) and the bag's owner.
import type { Context } from 'hono';
import { and, asc, desc, eq, gt, inArray, isNull, like, or } from 'drizzle-orm';
import { convertMinor, type CurrencyUnit } from '../../../lib/money.ts';
import { creditValueIn, giftCodeRest, planCreditDebits, type CreditBalance } from '../../../lib/stored-value.ts';
import { welcomeDiscount } from '../../../lib/welcome-discount.ts';
import type { AppEnv } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { carts, creditEntries, giftCodes, orderItems, orders, users } from '../../db/schema.ts';
import { HttpError } from '../../http.ts';
import { assertUserToken } from '../../session.ts';
import { addCredit, balancesOf, InsufficientCreditError, spendCredit } from '../credits.ts';
import { markGiftCodeUsed } from '../gift-codes.ts';
import { loadMoneyContext, unitOf, type MoneyContext } from './catalog.ts';

/** Saved cards: a member pays with one, or keeps a new one (services/payment-cards.ts, ADR 38). */
export { customerFor, keepSavedCard, savedCardForPayment } from '../payment-cards.ts';

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

/** The rate table and currency exponents stored value is converted with (no fee: our conversion). */
const convertible = (m: MoneyContext, code: string) => m.units.has(code) && (code === 'SGD' || m.rates[code] !== undefined);

async function creditBalancesOf(db: Db | Tx, m: MoneyContext, userId: string): Promise<CreditBalance[]> {
  const rows = await balancesOf(db as Db, userId);
  return rows.filter((r) => r.balance > 0 && convertible(m, r.currency)).map((r) => ({ unit: unitOf(m, r.currency), balance: r.balance }));
}

/** The user's gift codes a bag can take now: held by them, active, not expired. */
export async function usableGiftCodes(db: Db | Tx, userId: string, now = new Date()) {
  return db
    .select()
    .from(giftCodes)
    .where(and(eq(giftCodes.holderUserId, userId), eq(giftCodes.status, 'active'), gt(giftCodes.expiresAt, now)))
    .orderBy(asc(giftCodes.expiresAt), asc(giftCodes.id));
}

/**
 * Spec §9 welcome discount (MY 30 MYR, SG 10 SGD, else 10 USD, by the user's country) on a
 * signed-in user's first booking. Every member gets the welcome gift once: those who joined
 * through an invite (or were given it) hold it as credit already, so they get no discount.
 * A discount claimed by a payment (see claimWelcomeDiscount) is gone for every other bag; the
 * bag whose own payment is still in flight keeps showing it (a new attempt releases the old one).
 */
async function welcomeDiscountFor(db: Db | Tx, m: MoneyContext, user: PayingUser, base: CurrencyUnit, cartId: string): Promise<number> {
  const [claim] = await db
    .select({ usedAt: users.welcomeDiscountUsedAt, orderId: users.welcomeDiscountOrderId })
    .from(users)
    .where(eq(users.id, user.id))
    .limit(1);
  if (claim?.usedAt) {
    const [own] = claim.orderId
      ? await db
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.id, claim.orderId), eq(orders.cartId, cartId), inArray(orders.status, ['pending_payment', 'requires_action'])))
          .limit(1)
      : [];
    if (!own) return 0;
  }
  const [booked] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, user.id), inArray(orders.status, ['placed', 'awaiting_payment'])))
    .limit(1);
  if (booked) return 0;
  const [gift] = await db.select({ id: creditEntries.id }).from(creditEntries).where(and(eq(creditEntries.userId, user.id), eq(creditEntries.kind, 'welcome'))).limit(1);
  if (gift) return 0;
  const w = welcomeDiscount(user.countryCode);
  if (!convertible(m, w.currency)) return 0;
  const unit = unitOf(m, w.currency);
  return convertMinor(Math.round(w.amount * 10 ** unit.exponent), unit, base, m.rates);
}

/**
 * What a user brings to a bag, in minor units of the bag's base currency: their credits (when
 * the bag asks to use them), the gift code applied to the bag, the welcome discount of a first
 * booking. Guests bring nothing. Referral value reaches travellers as credit (accounts gives the
 * invited friend the welcome gift as credit and rewards the referrer in credit), so the cart's
 * referral amount stays 0 here; computeCartAmounts keeps the line for a referral discount.
 */
export async function storedValueFor(db: Db, user: PayingUser | null, cart: { id: string; baseCurrency: string }): Promise<StoredValue> {
  if (!user) return NO_STORED_VALUE;
  const m = await loadMoneyContext(db);
  const base = unitOf(m, cart.baseCurrency);
  const [row] = await db.select({ useCredit: carts.useCredit, giftCodeId: carts.giftCodeId, userId: carts.userId }).from(carts).where(eq(carts.id, cart.id)).limit(1);
  const codes = await usableGiftCodes(db, user.id);
  const mine = row && row.userId === user.id;
  const code = mine && row.giftCodeId ? codes.find((c) => c.id === row.giftCodeId) : undefined;
  const useCredit = Boolean(mine && row.useCredit);
  return {
    creditBalance: useCredit ? creditValueIn(await creditBalancesOf(db, m, user.id), base, m.rates) : 0,
    useCredit,
    giftCode: code?.code ?? null,
    giftCodeBalance: code && convertible(m, code.currency) ? convertMinor(code.amount, unitOf(m, code.currency), base, m.rates) : 0,
    welcomeDiscount: await welcomeDiscountFor(db, m, user, base, cart.id),
    referralAmount: 0,
    numPossibleRedemptions: codes.filter((c) => c.id !== code?.id).length,
  };
}

export type { Tx } from '../../db/client.ts';

const creditRef = (orderId: string, currency: string) => `booking:${orderId}:${currency}`;
const storedValueChanged = (what: string) =>
  new HttpError(409, `${what} changed since your total was worked out. Please check the total and pay again.`, { body: { code: 'price_changed' } });

/**
 * Inside the pay transaction, before any charge: debit the credits and mark the gift code used
 * for `order` (amounts in the order's base currency), or throw HttpError(409) when the balance
 * changed since the cart was priced. The ledger's guarded update (and its CHECK) keeps every
 * balance at zero or above; on PostgreSQL it also locks the account row until the commit.
 */
export async function reserveStoredValue(tx: Tx, user: PayingUser | null, order: { id: string; giftCodeAmount: number; deductedCreditAmount: number; baseCurrency?: string; cartId?: string | null; description?: string }): Promise<void> {
  if (!user || (order.giftCodeAmount <= 0 && order.deductedCreditAmount <= 0)) return;
  const [row] = await tx.select({ baseCurrency: orders.baseCurrency, cartId: orders.cartId }).from(orders).where(eq(orders.id, order.id)).limit(1);
  const baseCode = order.baseCurrency ?? row?.baseCurrency;
  if (!baseCode) throw new Error(`reserveStoredValue: order ${order.id} not found`);
  const m = await loadMoneyContext(tx);
  const base = unitOf(m, baseCode);
  if (order.giftCodeAmount > 0) {
    const cartId = order.cartId ?? row?.cartId ?? '';
    const [cart] = await tx.select({ giftCodeId: carts.giftCodeId }).from(carts).where(eq(carts.id, cartId)).limit(1);
    const used = cart?.giftCodeId ? await markGiftCodeUsed(tx, cart.giftCodeId, user.id, order.id) : undefined;
    if (!used) throw storedValueChanged('Your gift code');
    if (convertMinor(used.amount, unitOf(m, used.currency), base, m.rates) < order.giftCodeAmount) throw storedValueChanged('Your gift code');
  }
  if (order.deductedCreditAmount > 0) {
    const plan = planCreditDebits(await creditBalancesOf(tx, m, user.id), order.deductedCreditAmount, base, m.rates);
    if (!plan) throw storedValueChanged('Your credit balance');
    for (const debit of plan) {
      try {
        await spendCredit(tx, { userId: user.id, amount: debit.amount, currency: debit.currency, description: order.description ?? 'Used on a booking', reference: creditRef(order.id, debit.currency) });
      } catch (err) {
        if (err instanceof InsufficientCreditError) throw storedValueChanged('Your credit balance');
        throw err;
      }
    }
  }
}

/**
 * Inside the pay transaction, before any charge: takes the member's welcome discount for `orderId`
 * with a conditional update (`welcome_discount_used_at IS NULL` → now). On PostgreSQL a second
 * payment of the same member waits on the row lock and then finds it taken: answers false, and
 * the caller refuses to charge the discounted price (409). Released by releaseStoredValue.
 */
export async function claimWelcomeDiscount(tx: Tx, userId: string, orderId: string, now: Date): Promise<boolean> {
  const claimed = await tx
    .update(users)
    .set({ welcomeDiscountUsedAt: now, welcomeDiscountOrderId: orderId })
    .where(and(eq(users.id, userId), isNull(users.welcomeDiscountUsedAt)))
    .returning({ id: users.id });
  return claimed.length > 0;
}

/** Gives reserved credits, gift-code value and the welcome discount back when the payment fails or lapses. */
export async function releaseStoredValue(tx: Tx, order: { id: string; userId: string | null; giftCodeAmount: number; deductedCreditAmount: number; welcomeDiscountAmount: number }): Promise<void> {
  if (!order.userId) return;
  if (order.welcomeDiscountAmount > 0) {
    await tx
      .update(users)
      .set({ welcomeDiscountUsedAt: null, welcomeDiscountOrderId: null })
      .where(and(eq(users.id, order.userId), eq(users.welcomeDiscountOrderId, order.id)));
  }
  if (order.deductedCreditAmount > 0) {
    const spent = await tx
      .select()
      .from(creditEntries)
      .where(and(eq(creditEntries.userId, order.userId), eq(creditEntries.kind, 'spend'), like(creditEntries.reference, `booking:${order.id}:%`)));
    for (const e of spent) {
      await addCredit(tx, { userId: order.userId, amount: -e.amount, currency: e.currency, kind: 'refund', description: 'Credit returned: the booking was not completed', reference: e.reference ?? creditRef(order.id, e.currency) });
    }
  }
  if (order.giftCodeAmount > 0) {
    await tx
      .update(giftCodes)
      .set({ status: 'active', usedReference: null, redeemedAt: null })
      .where(and(eq(giftCodes.usedReference, order.id), eq(giftCodes.holderUserId, order.userId), eq(giftCodes.status, 'used')));
  }
}

/**
 * When the order is placed: what the booking did not use of its gift code becomes credit in the
 * code's currency, and the bag forgets the code and the credit choice for the next booking.
 */
export async function settleStoredValue(tx: Tx, order: { id: string; userId: string | null; cartId: string | null; baseCurrency: string; giftCodeAmount: number }): Promise<void> {
  if (!order.userId) return;
  if (order.giftCodeAmount > 0) {
    const [code] = await tx.select().from(giftCodes).where(and(eq(giftCodes.usedReference, order.id), eq(giftCodes.status, 'used'))).limit(1);
    if (code) {
      const m = await loadMoneyContext(tx);
      const rest = convertible(m, code.currency) ? giftCodeRest({ amount: code.amount, unit: unitOf(m, code.currency) }, order.giftCodeAmount, unitOf(m, order.baseCurrency), m.rates) : 0;
      if (rest > 0) {
        await addCredit(tx, { userId: order.userId, amount: rest, currency: code.currency, kind: 'gift_code', description: `What was left of gift code ${code.code}`, reference: `gift_code_rest:${code.id}` });
      }
    }
  }
  if (order.cartId) await tx.update(carts).set({ useCredit: false, giftCodeId: null }).where(eq(carts.id, order.cartId));
}

/** A bag that belongs to a user is theirs alone; a guest's bag is reachable by its unguessable id. */
export function mayUseCart(user: PayingUser | null, cart: { userId: string | null }): boolean {
  return cart.userId === null || cart.userId === user?.id;
}

/**
 * Log-in and sign-up (spec: the login calls carry cartId): the guest's bag becomes the user's.
 * A bag that already belongs to someone else is left alone. Answers the user's bag id.
 */
export async function attachCartToUser(db: Db, cartId: string | null | undefined, userId: string): Promise<string | null> {
  if (cartId) {
    const [attached] = await db
      .update(carts)
      .set({ userId, updatedAt: new Date() })
      .where(and(eq(carts.id, cartId), or(isNull(carts.userId), eq(carts.userId, userId))))
      .returning({ id: carts.id });
    if (attached) return attached.id;
  }
  return bagOfUser(db, userId);
}

/** The user's current bag: their latest cart that holds an item not yet booked. */
export async function bagOfUser(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: carts.id })
    .from(carts)
    .innerJoin(orderItems, eq(orderItems.cartId, carts.id))
    .where(eq(carts.userId, userId))
    .orderBy(desc(carts.updatedAt))
    .limit(1);
  return row?.id ?? null;
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

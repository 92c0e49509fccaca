// Attribution and the commission ledger (ADR 0024). The pay call remembers the last affiliate
// click its browser carried (the /a/{id} cookie) against the cart; when the order is paid, in the
// transaction that places it, the link's ambassador earns a commission; a cancelled or declined
// booking writes the reversal in the transaction that cancels it.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { CurrencyCode } from '../../contract/common.ts';
import { commissionFor, DEFAULT_RATE_BPS, reversalOf } from '../../lib/affiliate-commission.ts';
import { toMinor } from '../../lib/money.ts';
import type { Db } from '../db/client.ts';
import { affiliateAttributions, affiliateClicks, affiliateCommissions, affiliateLinks, ambassadorProfiles, carts, currencies, exchangeRates, orderItems, settings, users } from '../db/schema.ts';
import type { Writer } from './credits.ts';

/** The cookie /a/{id} sets: `<linkId>.<clickId>`. */
export const AFFILIATE_COOKIE = 'verdant_aff';
const COOKIE_SHAPE = /^([\w-]{8,64})\.(\d{1,12})$/;

export function affiliateCookieValue(linkId: string, clickId: number): string {
  return `${linkId}.${clickId}`;
}

/** The setting affiliateCappedAmount: money as the wire holds it, major units (a bare number is SGD). */
export const AffiliateCapSetting = z.union([
  z.number().nonnegative().transform((amount) => ({ amount, currency: 'SGD' })),
  z.object({ amount: z.number().nonnegative(), currency: CurrencyCode }),
]);
export const DEFAULT_AFFILIATE_CAP = { amount: 200, currency: 'SGD' };

/** The per-booking cap (initial data affiliateCappedAmount) in minor units; S$200 when unset. */
export async function cappedAmount(db: Writer): Promise<{ amount: number; unit: { code: string; exponent: number } }> {
  const rows = await db.select().from(settings).where(inArray(settings.key, ['affiliateCappedAmount', 'affiliate_capped_amount']));
  const parsed = AffiliateCapSetting.safeParse(rows[0]?.value);
  const cap = parsed.success ? parsed.data : DEFAULT_AFFILIATE_CAP;
  const unit = await unitOf(db, cap.currency);
  return { amount: toMinor(cap.amount, unit.exponent), unit };
}

export async function unitOf(db: Writer, code: string): Promise<{ code: string; exponent: number }> {
  const [row] = await db.select({ exponent: currencies.exponent }).from(currencies).where(eq(currencies.code, code)).limit(1);
  return { code, exponent: row?.exponent ?? 2 };
}

async function rateTable(db: Writer): Promise<Record<string, string>> {
  const rows = await db.select({ to: exchangeRates.toCurrency, rate: exchangeRates.rate }).from(exchangeRates).where(eq(exchangeRates.fromCurrency, 'SGD'));
  return Object.fromEntries(rows.map((r) => [r.to, String(r.rate)]));
}

/**
 * The pay call's cookie, remembered against the cart (the latest wins). A cookie naming no real
 * click of that link is ignored, so a hand-made cookie cannot attribute anything.
 */
export async function rememberAttribution(db: Db, cartId: string, cookie: string | undefined): Promise<void> {
  const m = cookie ? COOKIE_SHAPE.exec(cookie) : null;
  if (!m) return;
  const [click] = await db
    .select({ id: affiliateClicks.id, linkId: affiliateClicks.linkId, at: affiliateClicks.createdAt })
    .from(affiliateClicks)
    .where(and(eq(affiliateClicks.id, Number(m[2])), eq(affiliateClicks.linkId, m[1]!)))
    .limit(1);
  if (!click) return;
  const [cart] = await db.select({ id: carts.id }).from(carts).where(eq(carts.id, cartId)).limit(1);
  if (!cart) return; // the pay call answers the unknown cart itself
  await db
    .insert(affiliateAttributions)
    .values({ cartId, linkId: click.linkId, clickId: click.id, clickedAt: click.at })
    .onConflictDoUpdate({ target: affiliateAttributions.cartId, set: { linkId: click.linkId, clickId: click.id, clickedAt: click.at, updatedAt: sql`now()` } });
}

export type OrderForCommission = { id: string; cartId: string | null; userId: string | null; customerEmail: string; totalAmount: number; baseCurrency: string };

/**
 * Called where an order is paid (inside that transaction). Earns once per order: a second call,
 * an order without attribution, a click older than 30 days, a self-referral or an ambassador who
 * is not approved earns nothing. Answers the amount earned (minor units) or null.
 */
export async function earnCommission(tx: Writer, order: OrderForCommission, paidAt: Date): Promise<number | null> {
  if (!order.cartId) return null;
  const [attr] = await tx
    .select({ linkId: affiliateAttributions.linkId, clickedAt: affiliateAttributions.clickedAt, ambassadorId: affiliateLinks.userId, email: users.email, status: ambassadorProfiles.status, rateBps: ambassadorProfiles.commissionRateBps, uncapped: ambassadorProfiles.uncappedEarning })
    .from(affiliateAttributions)
    .innerJoin(affiliateLinks, eq(affiliateLinks.id, affiliateAttributions.linkId))
    .innerJoin(users, eq(users.id, affiliateLinks.userId))
    .leftJoin(ambassadorProfiles, eq(ambassadorProfiles.userId, affiliateLinks.userId))
    .where(eq(affiliateAttributions.cartId, order.cartId))
    .limit(1);
  if (!attr || attr.status !== 'approved') return null;
  const selfReferral = order.userId === attr.ambassadorId || order.customerEmail.trim().toLowerCase() === attr.email.toLowerCase();
  const cap = await cappedAmount(tx);
  const c = commissionFor({
    basis: { amount: order.totalAmount, unit: await unitOf(tx, order.baseCurrency) },
    cap,
    rateBps: attr.rateBps ?? DEFAULT_RATE_BPS,
    uncapped: attr.uncapped ?? false,
    rates: await rateTable(tx),
    selfReferral,
    clickedAt: attr.clickedAt,
    paidAt,
  });
  // The cart lives on for the traveller's next booking: the attribution is spent either way.
  await tx.delete(affiliateAttributions).where(eq(affiliateAttributions.cartId, order.cartId));
  if (!c.earns) return null;
  const [item] = await tx.select({ optionId: orderItems.optionId }).from(orderItems).where(eq(orderItems.orderId, order.id)).limit(1);
  const inserted = await tx
    .insert(affiliateCommissions)
    .values({
      userId: attr.ambassadorId,
      linkId: attr.linkId,
      orderId: order.id,
      optionId: item?.optionId ?? null,
      kind: 'earned',
      amount: c.amount,
      currency: c.currency,
      basisAmount: order.totalAmount,
      basisCurrency: order.baseCurrency,
      rateBps: attr.rateBps ?? DEFAULT_RATE_BPS,
      capped: c.capped,
      createdAt: paidAt,
    })
    .onConflictDoNothing()
    .returning({ amount: affiliateCommissions.amount });
  return inserted[0]?.amount ?? null;
}

/** Called where a booking is cancelled, declined or refunded (inside that transaction). Idempotent. */
export async function reverseCommission(tx: Writer, orderId: string): Promise<number> {
  const rows = await tx.select().from(affiliateCommissions).where(eq(affiliateCommissions.orderId, orderId));
  const earned = rows.find((r) => r.kind === 'earned');
  if (!earned) return 0;
  const amount = reversalOf(earned.amount, rows.find((r) => r.kind === 'reversed')?.amount ?? 0);
  if (amount === 0) return 0;
  await tx
    .insert(affiliateCommissions)
    .values({ ...earned, id: undefined, kind: 'reversed', amount, createdAt: new Date() })
    .onConflictDoNothing();
  return amount;
}

/** For tests and reports: the orders a commission row exists for. */
export async function commissionsOfOrder(db: Writer, orderId: string) {
  return db.select().from(affiliateCommissions).where(eq(affiliateCommissions.orderId, orderId));
}

// Saved payment cards (ADR 38). A member keeps a card by ticking "Save this card" at checkout:
// the charge goes to their customer at the provider with setup_future_usage, and once it is
// captured the provider's reusable payment method is recorded here with its brand, last four and
// expiry (never the number, never the security code). Paying with a saved card charges that
// payment method on-session, so the gateway's 3-D Secure and declines behave as for a typed card.
// Removing a card detaches it at the provider first, then deletes the row.
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { PaymentCard } from '../../contract/payment-cards.ts';
import { cardExpired } from '../../lib/payment-method.ts';
import type { Db } from '../db/client.ts';
import { paymentCards, paymentCustomers } from '../db/schema.ts';
import { HttpError, notFound } from '../http.ts';
import type { PaymentProvider } from '../providers/payments/port.ts';
import { randomId } from './secrets.ts';

type CardRow = typeof paymentCards.$inferSelect;
type Deps = { db: Db; payments: PaymentProvider; log: Logger };
type Member = { id: string; email: string; name: string };

export const SAVED_CARD_NOT_FOUND = 'Saved card';

export function toPaymentCard(row: CardRow, now = new Date()): PaymentCard {
  return {
    id: row.id,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    isDefault: row.isDefault,
    expired: cardExpired(row, now),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The member's cards at the current provider (a card kept by another provider cannot be charged here). */
export async function cardsOf(d: Pick<Deps, 'db' | 'payments'>, userId: string): Promise<PaymentCard[]> {
  const rows = await d.db
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.userId, userId), eq(paymentCards.provider, d.payments.name)))
    .orderBy(desc(paymentCards.isDefault), desc(paymentCards.createdAt), desc(paymentCards.id));
  const now = new Date();
  return rows.map((r) => toPaymentCard(r, now));
}

/** The member's own card, or 404 exactly as for an id that does not exist. */
async function ownCard(d: Pick<Deps, 'db' | 'payments'>, userId: string, id: string): Promise<CardRow> {
  const [row] = await d.db
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.id, id), eq(paymentCards.userId, userId), eq(paymentCards.provider, d.payments.name)));
  if (!row) throw notFound(SAVED_CARD_NOT_FOUND);
  return row;
}

/** PATCH: make the card the default (the previous default stops being it), or unset it. */
export async function setDefaultCard(d: Pick<Deps, 'db' | 'payments'>, userId: string, id: string, isDefault: boolean): Promise<PaymentCard> {
  const card = await ownCard(d, userId, id);
  if (isDefault && cardExpired(card)) {
    throw new HttpError(422, 'This card has expired: add a new card at checkout instead', { fields: { is_default: 'This card has expired' } });
  }
  await d.db.transaction(async (tx) => {
    if (isDefault) {
      await tx
        .update(paymentCards)
        .set({ isDefault: false, updatedAt: sql`now()` })
        .where(and(eq(paymentCards.userId, userId), eq(paymentCards.provider, card.provider), eq(paymentCards.isDefault, true), ne(paymentCards.id, id)));
    }
    await tx.update(paymentCards).set({ isDefault, updatedAt: sql`now()` }).where(eq(paymentCards.id, id));
  });
  return toPaymentCard({ ...card, isDefault });
}

/**
 * DELETE: detach at the provider first (the card can never be charged again), then forget it.
 * A provider failure answers 502 and keeps the card. A removed default passes to the newest
 * card that has not expired.
 */
export async function removeCard(d: Deps, userId: string, id: string): Promise<void> {
  const card = await ownCard(d, userId, id);
  try {
    await d.payments.detachMethod(card.providerRef);
  } catch (err) {
    d.log.error({ err, cardId: id }, 'could not detach a saved card at the payment provider');
    throw new HttpError(502, 'We could not reach the payment provider to remove this card. It is still saved; please try again.', { body: { code: 'provider_unavailable' } });
  }
  await d.db.transaction(async (tx) => {
    await tx.delete(paymentCards).where(and(eq(paymentCards.id, id), eq(paymentCards.userId, userId)));
    if (!card.isDefault) return;
    const rest = await tx.select().from(paymentCards).where(and(eq(paymentCards.userId, userId), eq(paymentCards.provider, card.provider))).orderBy(desc(paymentCards.createdAt), desc(paymentCards.id));
    const next = rest.find((r) => !cardExpired(r));
    if (next) await tx.update(paymentCards).set({ isDefault: true, updatedAt: sql`now()` }).where(eq(paymentCards.id, next.id));
  });
}

/** The member's customer at the provider, made (once per member and provider) when they first save a card. */
export async function customerFor(d: Pick<Deps, 'db' | 'payments'>, member: Member): Promise<string> {
  const mine = and(eq(paymentCustomers.userId, member.id), eq(paymentCustomers.provider, d.payments.name));
  const [known] = await d.db.select().from(paymentCustomers).where(mine);
  if (known) return known.customerRef;
  // Outside any transaction (a provider call); the provider's own idempotency makes a race harmless.
  const customerRef = await d.payments.createCustomer({ userId: member.id, email: member.email, name: member.name });
  await d.db.insert(paymentCustomers).values({ userId: member.id, provider: d.payments.name, customerRef }).onConflictDoNothing();
  const [row] = await d.db.select().from(paymentCustomers).where(mine);
  return row?.customerRef ?? customerRef;
}

/** What a pay call with `paymentCardId` charges: the member's own card, not expired. */
export async function savedCardForPayment(d: Pick<Deps, 'db' | 'payments'>, member: Member | null, id: string): Promise<{ cardToken: string; customer: string }> {
  if (!member) throw new HttpError(401, 'Log in to pay with a saved card');
  const card = await ownCard(d, member.id, id).catch((err: unknown) => {
    if (err instanceof HttpError && err.status === 404) throw new HttpError(404, 'Saved card not found', { fields: { payment_card_id: 'This card is not saved in your account' } });
    throw err;
  });
  if (cardExpired(card)) {
    throw new HttpError(422, 'This card has expired. Please choose another card or enter a new one.', { fields: { payment_card_id: 'This card has expired' } });
  }
  return { cardToken: card.providerRef, customer: card.customerRef };
}

/**
 * After a payment with "Save this card" was captured: records the card the provider kept for the
 * member (idempotent: the webhook, finalize and the pay call may all report the same payment).
 * The member's first card becomes their default.
 */
export async function keepSavedCard(d: Deps, userId: string, paymentRef: string): Promise<void> {
  const method = await d.payments.savedMethodOf(paymentRef);
  if (!method) return;
  const [same] = await d.db
    .select({ id: paymentCards.id, providerRef: paymentCards.providerRef })
    .from(paymentCards)
    .where(
      and(
        eq(paymentCards.userId, userId),
        eq(paymentCards.provider, d.payments.name),
        eq(paymentCards.brand, method.brand),
        eq(paymentCards.last4, method.last4),
        eq(paymentCards.expMonth, method.expMonth),
        eq(paymentCards.expYear, method.expYear),
      ),
    );
  if (same) {
    // The same card is saved already: keep one, and let the provider forget the copy.
    if (same.providerRef !== method.ref) await d.payments.detachMethod(method.ref);
    return;
  }
  await d.db.transaction(async (tx) => {
    const [hasDefault] = await tx
      .select({ id: paymentCards.id })
      .from(paymentCards)
      .where(and(eq(paymentCards.userId, userId), eq(paymentCards.provider, d.payments.name), eq(paymentCards.isDefault, true)))
      .limit(1);
    await tx
      .insert(paymentCards)
      .values({
        id: randomId(16),
        userId,
        provider: d.payments.name,
        providerRef: method.ref,
        customerRef: method.customerRef,
        brand: method.brand,
        last4: method.last4,
        expMonth: method.expMonth,
        expYear: method.expYear,
        isDefault: !hasDefault,
      })
      .onConflictDoNothing({ target: [paymentCards.provider, paymentCards.providerRef] });
  });
}

// Corporate experiences (ADR 0040). A company's event names the experiences and trip dates it
// pays for; its codes carry the limits (total uses, uses per employee, guests per booking, a
// validity window). An employee applies a code to their bag; the pay call then books it through
// the ordinary checkout with the company paying the whole subtotal. The limits are counted in
// the pay call's transaction with the code's row locked, so two employees racing for the last
// use (or one employee in two tabs) cannot both get it.
import { and, asc, eq, inArray, isNull, isNotNull, or, sql } from 'drizzle-orm';
import type { AdminCorporateEvent, CorporateCode, CorporateCodeLookup, CorporateEvent } from '../../contract/corporate.ts';
import type { z } from 'zod';
import type { CreateCorporateCodeBody as CodeBodySchema, CreateCorporateEventBody as EventBodySchema } from '../../contract/corporate.ts';
import { formatDuration } from '../../lib/format-duration.ts';
import type { Db, Tx } from '../db/client.ts';
import { carts, corporateCodes, corporateEvents, corporateRedemptions, orderItems, orders, options } from '../db/schema.ts';
import { HttpError } from '../http.ts';
import { randomId } from './secrets.ts';
import { loadBookableOption, loadMoneyContext, unitOf } from './booking/catalog.ts';
import type { CorporateOnCart } from './booking/quote.ts';
import { wire } from './booking/views.ts';

type EventRow = typeof corporateEvents.$inferSelect;
type CodeRow = typeof corporateCodes.$inferSelect;
export type CorporateUser = { id: string; email: string };


const codeField = (message: string, status: 409 | 422 = 422) => new HttpError(status, message, { fields: { code: message } });

export function canonicalCorporateCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Uses of a code that count: orders placed (or being paid) whose booking is not cancelled or declined; per employee too. */
export async function usesOf(db: Db | Tx, codeId: number, userId?: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(corporateRedemptions)
    .innerJoin(orders, eq(orders.id, corporateRedemptions.orderId))
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(corporateRedemptions.codeId, codeId),
        isNotNull(corporateRedemptions.orderId),
        inArray(orders.status, ['placed', 'pending_payment', 'requires_action']),
        sql`(${orderItems.status} is null or ${orderItems.status} not in ('cancelled', 'declined'))`,
        ...(userId ? [eq(corporateRedemptions.userId, userId)] : []),
      ),
    );
  return row?.n ?? 0;
}

/** Why this code cannot be used now by this employee at all (dates of the code, the event, who they are). */
function codeRefusal(code: CodeRow, event: EventRow, user: CorporateUser, now: Date): string | null {
  if (!code.active || !event.active) return 'This company code is no longer active';
  if (code.validFrom && now < code.validFrom) return `This company code can be used from ${code.validFrom.toISOString().slice(0, 10)}`;
  if (code.validUntil && now >= code.validUntil) return 'This company code has expired';
  if (event.emailDomain && !user.email.toLowerCase().endsWith(`@${event.emailDomain}`)) return `This code is for ${event.companyName} employees: log in with your @${event.emailDomain} e-mail`;
  return null;
}

/** Why the company cannot pay for this bag: the experience, the date, the guests, or the limits. */
async function bagRefusal(db: Db | Tx, c: { code: CodeRow; event: EventRow; userId: string }, item: { optionId: number; startDate: string; guests: number }): Promise<string | null> {
  if (!c.event.optionIds.includes(item.optionId)) return `${c.event.companyName} does not pay for this experience: choose one from the event page`;
  if (item.startDate < c.event.startDate || item.startDate > c.event.endDate) return `${c.event.companyName} pays for trips from ${c.event.startDate} to ${c.event.endDate}`;
  if (item.guests > c.code.maxGuests) return c.code.maxGuests === 1 ? 'This company code pays for one guest: book for yourself only' : `This company code pays for up to ${c.code.maxGuests} guests`;
  if ((await usesOf(db, c.code.id, c.userId)) >= c.code.maxUsesPerEmployee) {
    return c.code.maxUsesPerEmployee === 1 ? 'You have already used this company code' : `You have used this company code ${c.code.maxUsesPerEmployee} times, its limit`;
  }
  if (c.code.maxUses !== null && (await usesOf(db, c.code.id)) >= c.code.maxUses) return 'This company code has been fully used';
  return null;
}

const guestsOf = (i: { quantity: number; childQuantity: number; localQuantity: number; childLocalQuantity: number }) => i.quantity + i.childQuantity + i.localQuantity + i.childLocalQuantity;

async function findCode(db: Db | Tx, code: string): Promise<{ code: CodeRow; event: EventRow } | null> {
  const [row] = await db
    .select({ code: corporateCodes, event: corporateEvents })
    .from(corporateCodes)
    .innerJoin(corporateEvents, eq(corporateEvents.id, corporateCodes.eventId))
    .where(eq(corporateCodes.code, canonicalCorporateCode(code)))
    .limit(1);
  return row ?? null;
}

/** The corporate code on a bag (not yet on an order), with its problem for the bag's item now. */
export async function corporateOnCart(db: Db | Tx, cartId: string, item: { optionId: number; startDate: string; quantity: number; childQuantity: number; localQuantity: number; childLocalQuantity: number }, user: CorporateUser | null, now = new Date()): Promise<CorporateOnCart | null> {
  const [row] = await db
    .select({ redemptionId: corporateRedemptions.id, userId: corporateRedemptions.userId, code: corporateCodes, event: corporateEvents })
    .from(corporateRedemptions)
    .innerJoin(corporateCodes, eq(corporateCodes.id, corporateRedemptions.codeId))
    .innerJoin(corporateEvents, eq(corporateEvents.id, corporateCodes.eventId))
    .where(and(eq(corporateRedemptions.cartId, cartId), isNull(corporateRedemptions.orderId)))
    .limit(1);
  if (!row) return null;
  // Someone else's bag view (the code belongs to the employee who applied it) never pays.
  const problem =
    !user || user.id !== row.userId
      ? 'Log in as the employee who applied this company code'
      : (codeRefusal(row.code, row.event, user, now) ?? (await bagRefusal(db, { code: row.code, event: row.event, userId: row.userId }, { optionId: item.optionId, startDate: item.startDate, guests: guestsOf(item) })));
  return { ...row, problem };
}

/**
 * POST /promotion-code-redemptions/corporate-redeem: applies the company's code to the bag after
 * checking it against the employee and the bag (the pay call checks again, with the code locked).
 * A promotion code on the bag is taken off: the company pays everything.
 */
export async function redeemCorporateCode(db: Db, cartId: string, typed: string, user: CorporateUser, now = new Date()): Promise<void> {
  const [cart] = await db.select().from(carts).where(eq(carts.id, cartId));
  if (!cart || (cart.userId !== null && cart.userId !== user.id)) throw new HttpError(404, 'Cart not found');
  const [item] = await db.select().from(orderItems).where(eq(orderItems.cartId, cartId)).limit(1);
  if (!item) throw codeField('Add an experience to your bag before using a company code');
  if (item.orderId) {
    const [o] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, item.orderId));
    if (o && (o.status === 'pending_payment' || o.status === 'requires_action')) throw new HttpError(409, 'A payment for this bag is already in progress', { body: { code: 'payment_in_progress' } });
  }
  const found = await findCode(db, typed);
  if (!found) throw codeField('This company code does not exist');
  const refusal = codeRefusal(found.code, found.event, user, now) ?? (await bagRefusal(db, { ...found, userId: user.id }, { optionId: item.optionId, startDate: item.startDate, guests: guestsOf(item) }));
  if (refusal) throw codeField(refusal);
  await db.transaction(async (tx) => {
    await tx.delete(corporateRedemptions).where(and(eq(corporateRedemptions.cartId, cartId), isNull(corporateRedemptions.orderId)));
    await tx.insert(corporateRedemptions).values({ id: randomId(16), codeId: found.code.id, userId: user.id, cartId });
    // The bag becomes the employee's: nobody else can pay with their code.
    await tx.update(carts).set({ userId: cart.userId ?? user.id, updatedAt: sql`now()` }).where(eq(carts.id, cartId));
  });
}

/** DELETE /corporate-redemptions/{id}: takes the code off its bag; answers the bag's id. */
export async function removeCorporateRedemption(db: Db, id: string, user: CorporateUser): Promise<string> {
  const [r] = await db.select().from(corporateRedemptions).where(and(eq(corporateRedemptions.id, id), isNull(corporateRedemptions.orderId)));
  if (!r?.cartId || r.userId !== user.id) throw new HttpError(404, 'Company code not found on your bag');
  await db.delete(corporateRedemptions).where(eq(corporateRedemptions.id, id));
  return r.cartId;
}

/**
 * In the pay call's transaction: locks the code's row, counts its uses again and refuses when a
 * limit was reached since the bag was priced (409). The lock is held until the order commits,
 * so concurrent redemptions of the same code take turns.
 */
export async function claimCorporateUse(tx: Tx, applied: CorporateOnCart, user: CorporateUser, item: { optionId: number; startDate: string; guests: number }, now: Date): Promise<void> {
  const [code] = await tx.select().from(corporateCodes).where(eq(corporateCodes.id, applied.code.id)).for('update');
  if (!code) throw new HttpError(409, 'This company code no longer exists. Please remove it to continue.', { body: { code: 'corporate_unavailable' } });
  const refusal = codeRefusal(code, applied.event, user, now) ?? (await bagRefusal(tx, { code, event: applied.event, userId: user.id }, item));
  if (refusal) throw new HttpError(409, refusal, { body: { code: 'corporate_unavailable' } });
}

/** After the order row exists: the redemption moves from the bag to the order. */
export async function attachCorporateToOrder(tx: Tx, redemptionId: string, orderId: string): Promise<void> {
  await tx.update(corporateRedemptions).set({ orderId, cartId: null }).where(eq(corporateRedemptions.id, redemptionId));
}

/** The company that paid an order, for the order view. */
export async function companyOfOrder(db: Db | Tx, codeId: number | null): Promise<string | null> {
  if (codeId === null) return null;
  const [row] = await db
    .select({ name: corporateEvents.companyName })
    .from(corporateCodes)
    .innerJoin(corporateEvents, eq(corporateEvents.id, corporateCodes.eventId))
    .where(eq(corporateCodes.id, codeId));
  return row?.name ?? null;
}

/** GET /corporate-codes/{code}: the event a code opens (404 for a code that does not exist). */
export async function eventOfCode(db: Db, typed: string): Promise<CorporateCodeLookup> {
  const found = await findCode(db, typed);
  if (!found) throw new HttpError(404, 'This company code does not exist');
  return { code: found.code.code, eventId: found.event.id, companyName: found.event.companyName };
}

// ── The event page ──────────────────────────────────────────────────────────────

export async function corporateEventView(db: Db, id: string, now = new Date()): Promise<CorporateEvent> {
  const [event] = await db.select().from(corporateEvents).where(eq(corporateEvents.id, id));
  if (!event) throw new HttpError(404, 'Corporate event not found');
  const m = await loadMoneyContext(db);
  const list: CorporateEvent['options'] = [];
  for (const optionId of event.optionIds) {
    const o = await loadBookableOption(db, { id: optionId });
    if (!o || !o.published || o.deleted) continue;
    const p = o.pricing;
    const from = p.adultPrice ?? p.groupPrice ?? (o.rooms.length ? Math.min(...o.rooms.map((r) => r.pricePerNight)) : null);
    list.push({
      slugCode: o.slugCode,
      name: o.name,
      cityName: o.city.name,
      countryName: o.country.name,
      imageUrl: o.image?.webpMdUrl ?? null,
      imageAlt: o.image?.alt ?? '',
      fromPrice: from === null ? null : wire(from, unitOf(m, o.currency)),
      durationText: formatDuration(o) ?? '',
    });
  }
  const today = now.toISOString().slice(0, 10);
  return {
    id: event.id,
    companyName: event.companyName,
    title: event.title,
    description: event.description,
    emailDomain: event.emailDomain,
    startDate: event.startDate,
    endDate: event.endDate,
    open: event.active && event.endDate >= today,
    options: list,
  };
}

// ── Back-office ─────────────────────────────────────────────────────────────────

const slugify = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50);

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function madeUpCode(company: string): string {
  const bytes = randomId(12);
  let tail = '';
  for (let i = 0; i < 6; i++) tail += CODE_ALPHABET[bytes.charCodeAt(i) % CODE_ALPHABET.length];
  return `${(slugify(company).replace(/-/g, '').toUpperCase() || 'TEAM').slice(0, 8)}-${tail}`;
}

export async function createCorporateEvent(db: Db, body: z.output<typeof EventBodySchema>): Promise<string> {
  const slugs = body.optionIds.filter((x): x is string => typeof x === 'string');
  const numbers = body.optionIds.filter((x): x is number => typeof x === 'number');
  const rows = await db
    .select({ id: options.id, slug: options.slugCode })
    .from(options)
    .where(and(or(slugs.length ? inArray(options.slugCode, slugs) : sql`false`, numbers.length ? inArray(options.id, numbers) : sql`false`), eq(options.published, true), isNull(options.deletedAt)));
  const find = (x: string | number) => rows.find((r) => (typeof x === 'number' ? r.id === x : r.slug === x));
  const missing = body.optionIds.filter((x) => !find(x));
  if (missing.length) throw new HttpError(422, `Unknown experience: ${missing.join(', ')}`, { fields: { option_ids: `Unknown or unpublished experience: ${missing.join(', ')}` } });
  const id = `${slugify(`${body.companyName} ${body.title}`) || 'event'}-${randomId(6).toLowerCase().replace(/[^a-z0-9]/g, 'x')}`;
  await db.insert(corporateEvents).values({
    id,
    companyName: body.companyName,
    title: body.title,
    description: body.description,
    emailDomain: body.emailDomain ?? null,
    optionIds: [...new Set(body.optionIds.map((x) => find(x)!.id))],
    startDate: body.startDate,
    endDate: body.endDate,
  });
  return id;
}

export async function createCorporateCode(db: Db, eventId: string, body: z.output<typeof CodeBodySchema>): Promise<CorporateCode> {
  const [event] = await db.select().from(corporateEvents).where(eq(corporateEvents.id, eventId));
  if (!event) throw new HttpError(404, 'Corporate event not found');
  const code = body.code ?? madeUpCode(event.companyName);
  const [row] = await db
    .insert(corporateCodes)
    .values({
      eventId,
      code,
      maxUses: body.maxUses,
      maxUsesPerEmployee: body.maxUsesPerEmployee,
      maxGuests: body.maxGuests,
      validFrom: body.validFrom ? new Date(body.validFrom) : null,
      validUntil: body.validUntil ? new Date(body.validUntil) : null,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw codeField('This code is already taken', 409);
  return toCode(row, 0);
}

function toCode(r: CodeRow, uses: number): CorporateCode {
  return {
    id: r.id,
    code: r.code,
    maxUses: r.maxUses,
    maxUsesPerEmployee: r.maxUsesPerEmployee,
    maxGuests: r.maxGuests,
    validFrom: r.validFrom?.toISOString() ?? null,
    validUntil: r.validUntil?.toISOString() ?? null,
    active: r.active,
    uses,
  };
}

export async function adminCorporateEvents(db: Db, siteUrl: string): Promise<AdminCorporateEvent[]> {
  const events = await db.select().from(corporateEvents).orderBy(asc(corporateEvents.createdAt));
  const out: AdminCorporateEvent[] = [];
  for (const e of events) {
    const view = await corporateEventView(db, e.id);
    const codes = await db.select().from(corporateCodes).where(eq(corporateCodes.eventId, e.id)).orderBy(asc(corporateCodes.id));
    out.push({ ...view, url: `${siteUrl}/corporate-events/${e.id}`, codes: await Promise.all(codes.map(async (c) => toCode(c, await usesOf(db, c.id)))) });
  }
  return out;
}

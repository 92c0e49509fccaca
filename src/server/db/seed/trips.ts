// The demo traveller's trips, one in each state the trips pages show: an upcoming confirmed
// trip (every action), a request waiting for the operator, a completed trip waiting for a
// review (and an older one whose two-month review window has closed), a cancelled and
// refunded one, and a gift. Dates are fixed around the demo's "today" (2026-11-23) so two
// seeds are identical; card payments have their test-gateway ledger rows,
// so cancelling a seeded trip refunds through the gateway like a real booking.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import * as s from '../schema.ts';
import { loadBookableOption, type BookableOption } from '../../services/booking/catalog.ts';
import { endTimeOf, isOperatingDate, takeUnits, unitsLeftFor } from '../../services/booking/availability.ts';
import { priceResolved, type Resolved } from '../../services/booking/quote.ts';
import { addDays } from '../../../lib/local-time.ts';
import { idFrom } from './prng.ts';

/** The demo's "today": seeded dates sit around it. */
export const DEMO_TODAY = '2026-11-23';

type Plan = {
  key: string;
  pick: 'instant' | 'request';
  offset: number;
  start: string;
  guests: number;
  itemStatus: NonNullable<(typeof s.orderItems.$inferSelect)['status']>;
  isGift?: boolean;
  refunded?: boolean;
  review?: boolean;
  holdSeats: boolean;
  bookedAt: string;
};

const PLANS: Plan[] = [
  { key: 'upcoming', pick: 'instant', offset: 0, start: '2027-01-16', guests: 2, itemStatus: 'confirmed', holdSeats: true, bookedAt: '2026-11-02T10:15:00Z' },
  { key: 'request', pick: 'request', offset: 0, start: '2027-02-06', guests: 2, itemStatus: 'processing', holdSeats: true, bookedAt: '2026-11-20T08:40:00Z' },
  { key: 'completed', pick: 'instant', offset: 1, start: '2026-11-08', guests: 2, itemStatus: 'completed', review: true, holdSeats: false, bookedAt: '2026-10-12T19:05:00Z' },
  { key: 'cancelled', pick: 'instant', offset: 2, start: '2026-12-12', guests: 3, itemStatus: 'cancelled', refunded: true, holdSeats: false, bookedAt: '2026-10-30T12:00:00Z' },
  { key: 'completed-old', pick: 'instant', offset: 4, start: '2026-08-15', guests: 2, itemStatus: 'completed', review: true, holdSeats: false, bookedAt: '2026-07-20T09:30:00Z' },
  { key: 'gift', pick: 'instant', offset: 3, start: '2027-03-13', guests: 2, itemStatus: 'confirmed', isGift: true, holdSeats: true, bookedAt: '2026-11-05T16:30:00Z' },
];

async function pickOptions(db: Db, bookType: 'instant' | 'request_to_book'): Promise<number[]> {
  const rows = await db
    .select({ id: s.options.id })
    .from(s.options)
    .innerJoin(s.availabilityRules, eq(s.availabilityRules.optionId, s.options.id))
    .where(
      and(
        eq(s.options.published, true),
        sql`${s.options.deletedAt} is null`,
        eq(s.options.priceUnit, 'per_person'),
        eq(s.options.priceCurrency, 'SGD'),
        eq(s.options.bookType, bookType),
        sql`${s.options.cancelType} <> 'all_sales_final'`,
        sql`jsonb_array_length(${s.options.startTimes}) > 0`,
      ),
    )
    .orderBy(sql`${s.options.rescheduleType} = 'allow_reschedule_cancel' desc`, asc(s.options.id))
    .limit(8);
  return rows.map((r) => r.id);
}

/** The first operating date from `from` whose departure still has room for the trip and a few more guests. */
async function firstOpenDate(db: Db, o: BookableOption, from: string, units: number, now: Date): Promise<string> {
  const slotKey = o.startTimes[0] ?? 'day';
  for (let i = 0; i < 28; i++) {
    const d = addDays(from, i);
    if (!isOperatingDate(o, d, now)) continue;
    const { left } = await unitsLeftFor(db, o, { startDate: d, endDate: addDays(d, Math.max(1, o.durationDays ?? 1) - 1), slotKey });
    if (left >= units + 4) return d;
  }
  return from;
}

export async function seedTrips(db: Db, travellerId: string, summary: Record<string, number>): Promise<void> {
  const instant = await pickOptions(db, 'instant');
  const request = await pickOptions(db, 'request_to_book');
  const [tess] = await db.select({ name: s.users.name, email: s.users.email }).from(s.users).where(eq(s.users.id, travellerId));
  if (!tess) throw new Error('seed trips: no traveller');
  const seedNow = new Date(`${DEMO_TODAY}T00:00:00Z`);
  let n = 0;
  for (const plan of PLANS) {
    const optionId = (plan.pick === 'instant' ? instant : request)[plan.offset];
    if (optionId === undefined) continue; // a small catalogue may lack one kind
    const option = await loadBookableOption(db, { id: optionId });
    if (!option) continue;
    const startDate = plan.holdSeats ? await firstOpenDate(db, option, plan.start, plan.guests, seedNow) : plan.start;
    const slotKey = option.startTimes[0] ?? 'day';
    const days = Math.max(1, option.durationDays ?? 1);
    const resolved: Resolved = {
      startDate,
      endDate: addDays(startDate, days - 1),
      startTime: slotKey === 'day' ? null : slotKey,
      endTime: slotKey === 'day' ? null : endTimeOf(option, slotKey),
      slotKey,
      detailedTimeslotId: `${startDate}T${slotKey}`,
      roomId: null,
      nights: 0,
    };
    const priced = priceResolved(option, resolved, { quantity: plan.guests, childQuantity: 0, localQuantity: 0, childLocalQuantity: 0 });
    const orderId = idFrom(`trip-order:${plan.key}`);
    const itemId = idFrom(`trip-item:${plan.key}`);
    const paymentId = idFrom(`trip-payment:${plan.key}`);
    const ref = `pi_test_seed_${plan.key}`;
    const number = `VRD-DEMO-${String(n + 1).padStart(4, '0')}`;
    const bookedAt = new Date(plan.bookedAt);
    const amount = priced.subtotal;
    await db.transaction(async (tx) => {
      await tx
        .insert(s.orders)
        .values({
          id: orderId,
          number,
          userId: travellerId,
          status: 'placed',
          paymentMethod: 'card',
          paymentTiming: 'checkout',
          customerName: tess.name,
          customerEmail: tess.email,
          customerPhone: '+65 9123 4567',
          baseCurrency: 'SGD',
          subtotalAmount: amount,
          totalAmount: amount,
          currency: 'SGD',
          exchangedSubtotalAmount: amount,
          exchangedTotalAmount: amount,
          exchangeRate: '1',
          lines: { base: priced.lines, exchanged: priced.lines },
          specialRequests: plan.key === 'upcoming' ? 'One of us is vegetarian.' : '',
          placedAt: bookedAt,
          paidAt: bookedAt,
          createdAt: bookedAt,
          updatedAt: bookedAt,
        })
        .onConflictDoNothing();
      let unitsHeld = 0;
      if (plan.holdSeats) {
        try {
          await takeUnits(tx, option, resolved, priced.units);
          unitsHeld = priced.units;
        } catch {
          unitsHeld = 0; // a departure the demo's external demand already filled: show the trip without seats
        }
      }
      await tx
        .insert(s.orderItems)
        .values({
          id: itemId,
          orderId,
          optionId: option.id,
          startDate: resolved.startDate,
          endDate: resolved.endDate,
          startTime: resolved.startTime,
          endTime: resolved.endTime,
          slotKey,
          quantity: plan.guests,
          status: plan.itemStatus,
          unitsHeld,
          isGift: plan.isGift ?? false,
          sendGiftDate: plan.isGift ? '2026-11-06' : null,
          createdAt: bookedAt,
          updatedAt: bookedAt,
        })
        .onConflictDoNothing();
      await tx
        .insert(s.orderItemCustomers)
        .values(Array.from({ length: plan.guests }, (_, i) => ({ orderItemId: itemId, position: i, info: { fullName: i === 0 ? tess.name : `Sam Traveller${i > 1 ? ` ${i}` : ''}` }, submittedAt: bookedAt })))
        .onConflictDoNothing();
      await tx
        .insert(s.testGatewayPayments)
        .values({ id: ref, idempotencyKey: `seed:${plan.key}`, method: 'card', amount, currency: 'SGD', status: plan.refunded ? 'refunded' : 'succeeded', scenario: 'succeed', cardBrand: 'visa', cardLast4: '4242', createdAt: bookedAt, updatedAt: bookedAt })
        .onConflictDoNothing();
      await tx
        .insert(s.checkoutPayments)
        .values({ id: paymentId, orderId, provider: 'test', providerRef: ref, method: 'card', status: plan.refunded ? 'refunded' : 'captured', amount, currency: 'SGD', cardBrand: 'visa', cardLast4: '4242', createdAt: bookedAt, updatedAt: bookedAt })
        .onConflictDoNothing();
      if (plan.refunded) {
        await tx.insert(s.orderRefunds).values({ id: idFrom(`trip-refund:${plan.key}`), orderId, paymentId, amount, currency: 'SGD', reason: 'cancelled', createdAt: new Date('2026-11-10T09:00:00Z') }).onConflictDoNothing();
        await tx.insert(s.testGatewayRefunds).values({ id: `re_test_seed_${plan.key}`, idempotencyKey: `seed-refund:${plan.key}`, paymentId: ref, amount }).onConflictDoNothing();
      }
      if (plan.review) {
        await tx.insert(s.reviews).values({ optionId: option.id, userId: travellerId, authorName: tess.name, rating: null, travelledOn: null, orderItemId: itemId }).onConflictDoNothing();
      }
    });
    n++;
  }
  summary['trips'] = n;
}

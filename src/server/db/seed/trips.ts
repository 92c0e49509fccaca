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
import { payoutFigures } from '../../services/partner/payouts.ts';
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

type SeedBooking = {
  key: string;
  number: string;
  option: BookableOption;
  startDate: string;
  guests: number;
  status: Plan['itemStatus'];
  customer: { userId: string | null; name: string; email: string; phone: string };
  /** The other guests' names, by position (1, 2, …). */
  companions: (position: number) => string;
  bookedAt: Date;
  refunded?: boolean | undefined;
  holdSeats: boolean;
  isGift?: boolean | undefined;
  specialRequests?: string;
  review?: boolean | undefined;
};

/** One booking paid by card through the test gateway, as checkout would have written it (ids from its key, so seeds repeat). */
async function insertBooking(db: Db, b: SeedBooking): Promise<void> {
  const { option, key } = b;
  const slotKey = option.startTimes[0] ?? 'day';
  const days = Math.max(1, option.durationDays ?? 1);
  const resolved: Resolved = {
    startDate: b.startDate,
    endDate: addDays(b.startDate, days - 1),
    startTime: slotKey === 'day' ? null : slotKey,
    endTime: slotKey === 'day' ? null : endTimeOf(option, slotKey),
    slotKey,
    detailedTimeslotId: `${b.startDate}T${slotKey}`,
    roomId: null,
    nights: 0,
  };
  const priced = priceResolved(option, resolved, { quantity: b.guests, childQuantity: 0, localQuantity: 0, childLocalQuantity: 0 });
  const orderId = idFrom(`trip-order:${key}`);
  const itemId = idFrom(`trip-item:${key}`);
  const paymentId = idFrom(`trip-payment:${key}`);
  const ref = `pi_test_seed_${key}`;
  const { bookedAt } = b;
  const amount = priced.subtotal;
  await db.transaction(async (tx) => {
    await tx
      .insert(s.orders)
      .values({
        id: orderId,
        number: b.number,
        userId: b.customer.userId,
        status: 'placed',
        paymentMethod: 'card',
        paymentTiming: 'checkout',
        customerName: b.customer.name,
        customerEmail: b.customer.email,
        customerPhone: b.customer.phone,
        baseCurrency: 'SGD',
        subtotalAmount: amount,
        totalAmount: amount,
        currency: 'SGD',
        exchangedSubtotalAmount: amount,
        exchangedTotalAmount: amount,
        exchangeRate: '1',
        lines: { base: priced.lines, exchanged: priced.lines },
        specialRequests: b.specialRequests ?? '',
        placedAt: bookedAt,
        paidAt: bookedAt,
        createdAt: bookedAt,
        updatedAt: bookedAt,
      })
      .onConflictDoNothing();
    let unitsHeld = 0;
    if (b.holdSeats) {
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
        quantity: b.guests,
        status: b.status,
        unitsHeld,
        isGift: b.isGift ?? false,
        sendGiftDate: b.isGift ? '2026-11-06' : null,
        createdAt: bookedAt,
        updatedAt: bookedAt,
      })
      .onConflictDoNothing();
    await tx
      .insert(s.orderItemCustomers)
      .values(Array.from({ length: b.guests }, (_, i) => ({ orderItemId: itemId, position: i, info: { fullName: i === 0 ? b.customer.name : b.companions(i) }, submittedAt: bookedAt })))
      .onConflictDoNothing();
    await tx
      .insert(s.testGatewayPayments)
      .values({ id: ref, idempotencyKey: `seed:${key}`, method: 'card', amount, currency: 'SGD', status: b.refunded ? 'refunded' : 'succeeded', scenario: 'succeed', cardBrand: 'visa', cardLast4: '4242', createdAt: bookedAt, updatedAt: bookedAt })
      .onConflictDoNothing();
    await tx
      .insert(s.checkoutPayments)
      .values({ id: paymentId, orderId, provider: 'test', providerRef: ref, method: 'card', status: b.refunded ? 'refunded' : 'captured', amount, currency: 'SGD', cardBrand: 'visa', cardLast4: '4242', createdAt: bookedAt, updatedAt: bookedAt })
      .onConflictDoNothing();
    if (b.refunded) {
      const refundedAt = new Date(Math.min(Date.parse(`${b.startDate}T00:00:00Z`) - 3 * 86_400_000, Date.parse('2026-11-10T09:00:00Z')));
      await tx.insert(s.orderRefunds).values({ id: idFrom(`trip-refund:${key}`), orderId, paymentId, amount, currency: 'SGD', reason: 'cancelled', createdAt: refundedAt }).onConflictDoNothing();
      await tx.insert(s.testGatewayRefunds).values({ id: `re_test_seed_${key}`, idempotencyKey: `seed-refund:${key}`, paymentId: ref, amount }).onConflictDoNothing();
    }
    if (b.review && b.customer.userId) {
      await tx.insert(s.reviews).values({ optionId: option.id, userId: b.customer.userId, authorName: b.customer.name, rating: null, travelledOn: null, orderItemId: itemId }).onConflictDoNothing();
    }
  });
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
    await insertBooking(db, {
      key: plan.key,
      number: `VRD-DEMO-${String(n + 1).padStart(4, '0')}`,
      option,
      startDate,
      guests: plan.guests,
      status: plan.itemStatus,
      customer: { userId: travellerId, name: tess.name, email: tess.email, phone: '+65 9123 4567' },
      companions: (i) => `Sam Traveller${i > 1 ? ` ${i}` : ''}`,
      bookedAt: new Date(plan.bookedAt),
      refunded: plan.refunded,
      holdSeats: plan.holdSeats,
      isGift: plan.isGift,
      specialRequests: plan.key === 'upcoming' ? 'One of us is vegetarian.' : '',
      review: plan.review,
    });
    n++;
  }
  summary['trips'] = n;
}

/** Travellers of the operators' past bookings (guest checkouts, so no accounts). */
const PAST_GUESTS = [
  ['Mei Ling Tan', '+65 9734 2210'],
  ['Arjun Nair', '+65 8812 4471'],
  ['Hannah Schmidt', '+49 151 2345 6789'],
  ['Kenji Watanabe', '+81 90 1234 5678'],
  ['Siti Rahman', '+60 12 345 6789'],
  ['Lucas Martin', '+33 6 12 34 56 78'],
  ['Priya Sharma', '+91 98765 43210'],
  ['Tom O’Brien', '+44 7700 900123'],
  ['Nguyen Thi Lan', '+84 91 234 56 78'],
] as const;

/**
 * Past months of an operator's trips: the demo partner's Ubin Paddle Co. has August to October
 * paid out (one cancellation refunded in September), and another operator has October's
 * statement due, for an admin to record its transfer (issue 15, payouts).
 */
const HISTORY: { operator: 'demo' | 'other'; month: string; days: number[]; cancelled?: number; paidOn?: string }[] = [
  { operator: 'demo', month: '2026-08', days: [9, 23], paidOn: '2026-09-15T03:12:00Z' },
  { operator: 'demo', month: '2026-09', days: [6, 13, 20, 27], cancelled: 13, paidOn: '2026-10-15T02:48:00Z' },
  { operator: 'demo', month: '2026-10', days: [4, 11, 18], paidOn: '2026-11-13T03:05:00Z' },
  { operator: 'other', month: '2026-10', days: [10, 24] },
];
const DEMO_OPERATOR = 'ubin-paddle-co';

async function historyOptions(db: Db, which: 'demo' | 'other'): Promise<{ operator: typeof s.operators.$inferSelect; options: number[] } | null> {
  const rows = await db
    .select({ id: s.options.id, operatorSlug: s.operators.slug })
    .from(s.options)
    .innerJoin(s.operators, eq(s.operators.id, s.options.operatorId))
    .where(and(eq(s.options.priceUnit, 'per_person'), eq(s.options.priceCurrency, 'SGD'), sql`${s.options.deletedAt} is null`, which === 'demo' ? eq(s.operators.slug, DEMO_OPERATOR) : sql`${s.operators.slug} <> ${DEMO_OPERATOR}`))
    .orderBy(asc(s.operators.slug), asc(s.options.id))
    .limit(8);
  const slug = rows[0]?.operatorSlug;
  if (!slug) return null;
  const [operator] = await db.select().from(s.operators).where(eq(s.operators.slug, slug));
  return { operator: operator!, options: rows.filter((r) => r.operatorSlug === slug).map((r) => r.id) };
}

export async function seedOperatorHistory(db: Db, summary: Record<string, number>): Promise<void> {
  const picked = { demo: await historyOptions(db, 'demo'), other: await historyOptions(db, 'other') };
  let n = 0;
  let payouts = 0;
  for (const h of HISTORY) {
    const p = picked[h.operator];
    if (!p) continue;
    let net = 0;
    for (const [k, day] of h.days.entries()) {
      const option = await loadBookableOption(db, { id: p.options[(n + k) % p.options.length]! });
      if (!option) continue;
      const [name, phone] = PAST_GUESTS[(n + k) % PAST_GUESTS.length]!;
      const startDate = `${h.month}-${String(day).padStart(2, '0')}`;
      const guests = 2 + ((n + k) % 3);
      const cancelled = h.cancelled === day;
      const key = `history:${p.operator.slug}:${startDate}`;
      await insertBooking(db, {
        key,
        number: `VRD-HIST-${String(n + k + 1).padStart(4, '0')}`,
        option,
        startDate,
        guests,
        status: cancelled ? 'cancelled' : 'completed',
        customer: { userId: null, name, email: `${name.toLowerCase().normalize('NFKD').replace(/[^a-z ]/g, '').trim().replace(/ +/g, '.')}@example.com`, phone },
        companions: (i) => `Guest ${i + 1} of ${name.split(' ')[0]}`,
        bookedAt: new Date(Date.parse(`${startDate}T00:00:00Z`) - (12 + ((n + k) % 20)) * 86_400_000 + 9 * 3_600_000),
        refunded: cancelled,
        holdSeats: false,
      });
      const [order] = await db.select({ value: s.orders.subtotalAmount }).from(s.orders).where(eq(s.orders.id, idFrom(`trip-order:${key}`)));
      net += cancelled ? 0 : payoutFigures(order!.value, order!.value, 0, p.operator.commissionBps).net;
    }
    n += h.days.length;
    if (h.paidOn) {
      const reference = `DBS-${h.paidOn.slice(0, 10).replace(/-/g, '')}-${p.operator.id}`;
      await db.insert(s.operatorPayouts).values({ operatorId: p.operator.id, month: h.month, currency: 'SGD', amount: net, reference, paidAt: new Date(h.paidOn) }).onConflictDoNothing();
      payouts++;
    }
  }
  summary['operator_history_bookings'] = n;
  summary['operator_payouts'] = payouts;
}

// The operators' back-office (issue 15): who may open which operator, and the bookings inbox —
// the operator's booked items with their guests, filtered by status and trip date, as a page or
// as CSV. The actions themselves are the operator's trip transitions (services/trips/operator.ts).
import { and, asc, count, eq, gte, inArray, isNotNull, lte, type SQL } from 'drizzle-orm';
import type { PartnerBooking, PartnerBookingFilters, PartnerBookingList, PartnerOperator } from '../../../contract/partner.ts';
import { toCsv } from '../../../lib/csv.ts';
import { localNow, timeZoneOf } from '../../../lib/local-time.ts';
import { operatorActions } from '../../../lib/order-actions.ts';
import { CUSTOMER_FIELD_LABELS, requiredCustomerInfos } from '../../../lib/required-info.ts';
import type { CurrentUser } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { cities, countries, operators, optionRooms, options, orderItemChangeRequests, orderItemCustomers, orderItems, orders, partnerMemberships } from '../../db/schema.ts';
import { HttpError } from '../../http.ts';
import { wire } from '../booking/views.ts';
import { loadMoneyContext, unitOf } from '../booking/catalog.ts';

export const PARTNERS_ONLY = 'The partner back-office is for members of an operator. Ask your operator’s owner to invite you.';
const operatorNotFound = () => new HttpError(404, 'Operator not found');
const bookingNotFound = () => new HttpError(404, 'Booking not found');

/** Whether `user` may use the partner back-office at all (a member of some operator, or an admin). */
export async function mayUsePartner(db: Db, user: CurrentUser): Promise<boolean> {
  if (user.isAdmin) return true;
  const [m] = await db.select({ operatorId: partnerMemberships.operatorId }).from(partnerMemberships).where(eq(partnerMemberships.userId, user.id)).limit(1);
  return Boolean(m);
}

const operatorColumns = { id: operators.id, slug: operators.slug, name: operators.name, currency: operators.currencyCode, email: operators.contactEmail };

/** The operators `user` can open: their memberships; every operator for an admin. */
export async function partnerOperators(db: Db, user: CurrentUser): Promise<PartnerOperator[]> {
  if (user.isAdmin) {
    const rows = await db.select(operatorColumns).from(operators).orderBy(asc(operators.name));
    return rows.map(({ id: _, ...o }) => ({ ...o, role: 'admin' as const }));
  }
  const rows = await db
    .select({ ...operatorColumns, role: partnerMemberships.role })
    .from(partnerMemberships)
    .innerJoin(operators, eq(operators.id, partnerMemberships.operatorId))
    .where(eq(partnerMemberships.userId, user.id))
    .orderBy(asc(operators.name));
  return rows.map(({ id: _, ...o }) => o);
}

/** An operator the caller may open, with the caller's role in it and Verdant's commission on it. */
export type OpenOperator = { id: number; slug: string; name: string; currency: string; email: string; role: PartnerOperator['role']; commissionBps: number };

/** The operator `slug` if `user` is its member or an admin; 404 otherwise (never revealing it exists). */
export async function openOperator(db: Db, user: CurrentUser, slug: string): Promise<OpenOperator> {
  const [op] = await db.select({ ...operatorColumns, commissionBps: operators.commissionBps }).from(operators).where(eq(operators.slug, slug));
  if (!op) throw operatorNotFound();
  if (user.isAdmin) return { ...op, role: 'admin' };
  const [member] = await db.select({ role: partnerMemberships.role }).from(partnerMemberships).where(and(eq(partnerMemberships.userId, user.id), eq(partnerMemberships.operatorId, op.id)));
  if (!member) throw operatorNotFound();
  return { ...op, role: member.role };
}

/** 404 unless order item `itemId` is a booking of `operator` (before any operator action runs on it). */
export async function assertBookingOf(db: Db, operator: OpenOperator, itemId: string): Promise<void> {
  const [row] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .innerJoin(options, eq(options.id, orderItems.optionId))
    .where(and(eq(orderItems.id, itemId), eq(options.operatorId, operator.id), isNotNull(orderItems.status), isNotNull(orderItems.orderId)));
  if (!row) throw bookingNotFound();
}

const NEEDS_ACTION = ['processing', 'having_change_request'] as const;

function where(operatorId: number, f: PartnerBookingFilters, itemId?: string): SQL {
  const parts: (SQL | undefined)[] = [eq(options.operatorId, operatorId), isNotNull(orderItems.status), isNotNull(orderItems.orderId)];
  if (itemId) parts.push(eq(orderItems.id, itemId));
  if (f.status === 'needs_action') parts.push(inArray(orderItems.status, [...NEEDS_ACTION]));
  else if (f.status !== 'all') parts.push(eq(orderItems.status, f.status));
  if (f.from) parts.push(gte(orderItems.startDate, f.from));
  if (f.to) parts.push(lte(orderItems.startDate, f.to));
  return and(...parts)!;
}

function select(db: Db) {
  return db
    .select({
      item: orderItems,
      order: { number: orders.number, customerName: orders.customerName, customerEmail: orders.customerEmail, customerPhone: orders.customerPhone, totalAmount: orders.totalAmount, baseCurrency: orders.baseCurrency, specialRequests: orders.specialRequests, pickupAddress: orders.pickupAddress, placedAt: orders.placedAt },
      option: { slugCode: options.slugCode, name: options.name, kind: options.kind, yachtTrip: options.yachtTrip, minAge: options.minAge, durationDays: options.durationDays, transportItems: options.transportItems },
      place: { countryCode: countries.code, citySlug: cities.slug },
      room: optionRooms.name,
      change: { startDate: orderItemChangeRequests.startDate, endDate: orderItemChangeRequests.endDate, startTime: orderItemChangeRequests.startTime, note: orderItemChangeRequests.note, createdAt: orderItemChangeRequests.createdAt },
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(options, eq(options.id, orderItems.optionId))
    .innerJoin(cities, eq(cities.id, options.cityId))
    .innerJoin(countries, eq(countries.id, cities.countryId))
    .leftJoin(optionRooms, eq(optionRooms.id, orderItems.roomId))
    .leftJoin(orderItemChangeRequests, and(eq(orderItemChangeRequests.orderItemId, orderItems.id), eq(orderItemChangeRequests.status, 'pending')));
}
type Row = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number];

/** What the operator may do now (the change joined is a pending one). */
const actionsOf = (r: Row, now: Date) =>
  operatorActions({ status: r.item.status, endDate: r.item.endDate, pendingChange: r.change !== null }, localNow(timeZoneOf(r.place.countryCode, r.place.citySlug), now).date);

async function toBookings(db: Db, rows: Row[], now: Date): Promise<PartnerBooking[]> {
  if (rows.length === 0) return [];
  const m = await loadMoneyContext(db);
  const customers = await db.select().from(orderItemCustomers).where(inArray(orderItemCustomers.orderItemId, rows.map((r) => r.item.id))).orderBy(asc(orderItemCustomers.position));
  return rows.map((r) => {
    const { item, order, option } = r;
    const transport = option.transportItems.find((t) => t.id === item.transportItemId);
    return {
      id: item.id,
      number: order.number ?? '',
      status: item.status!,
      isGift: item.isGift,
      experience: { slugCode: option.slugCode, name: option.name },
      startDate: item.startDate,
      endDate: item.endDate,
      startTime: item.startTime,
      room: r.room,
      guests: {
        adults: item.quantity,
        children: item.childQuantity,
        locals: item.localQuantity,
        localChildren: item.childLocalQuantity,
        total: item.quantity + item.childQuantity + item.localQuantity + item.childLocalQuantity,
      },
      customer: { name: order.customerName, email: order.customerEmail, phone: order.customerPhone },
      total: wire(order.totalAmount, unitOf(m, order.baseCurrency)),
      specialRequests: order.specialRequests,
      pickup: transport ? { name: transport.name, address: order.pickupAddress } : null,
      requiredCustomerInfos: requiredCustomerInfos(option),
      customers: customers.filter((c) => c.orderItemId === item.id).map((c) => ({ position: c.position, info: c.info, isSubmitted: c.submittedAt !== null })),
      changeRequest: r.change ? { ...r.change, createdAt: r.change.createdAt.toISOString() } : null,
      placedAt: order.placedAt?.toISOString() ?? null,
      actions: actionsOf(r, now),
    };
  });
}

const ORDER = [asc(orderItems.startDate), asc(orderItems.startTime), asc(orderItems.createdAt), asc(orderItems.id)];

export async function listBookings(db: Db, operator: OpenOperator, q: PartnerBookingFilters & { page: number; per: number }, now = new Date()): Promise<PartnerBookingList> {
  const rows = await select(db).where(where(operator.id, q)).orderBy(...ORDER).limit(q.per).offset((q.page - 1) * q.per);
  const counted = (f: PartnerBookingFilters) =>
    db.select({ n: count() }).from(orderItems).innerJoin(options, eq(options.id, orderItems.optionId)).where(where(operator.id, f)).then(([c]) => c?.n ?? 0);
  const [total, needsAction] = await Promise.all([counted(q), counted({ status: 'needs_action' })]);
  return { bookings: await toBookings(db, rows, now), total, needsAction };
}

export async function bookingOf(db: Db, operator: OpenOperator, itemId: string, now = new Date()): Promise<PartnerBooking> {
  const rows = await select(db).where(where(operator.id, { status: 'all' }, itemId));
  const [booking] = await toBookings(db, rows, now);
  if (!booking) throw bookingNotFound();
  return booking;
}

/** At most this many bookings in one CSV file (years of a busy operator). */
export const CSV_LIMIT = 10_000;

/**
 * Every booking matching the filters as CSV: one record a booking, its guests in one cell. More
 * than CSV_LIMIT is refused rather than cut short, so a file never silently misses bookings.
 */
export async function bookingsCsv(db: Db, operator: OpenOperator, f: PartnerBookingFilters, limit = CSV_LIMIT): Promise<string> {
  const rows = await select(db).where(where(operator.id, f)).orderBy(...ORDER).limit(limit + 1);
  if (rows.length > limit) throw new HttpError(422, `More than ${limit.toLocaleString('en')} bookings match these filters: choose a shorter range of trip dates to download them in parts.`);
  const bookings = await toBookings(db, rows, new Date());
  const header = ['Booking', 'Status', 'Experience', 'Date', 'Time', 'End date', 'Room', 'Adults', 'Children', 'Local adults', 'Local children', 'Guests', 'Customer', 'Email', 'Phone', 'Total', 'Currency', 'Guest details', 'Special requests', 'Pickup', 'Date change requested', 'Placed at'];
  return toCsv([
    header,
    ...bookings.map((b) => [
      b.number,
      b.status,
      b.experience.name,
      b.startDate,
      b.startTime,
      b.endDate,
      b.room,
      b.guests.adults,
      b.guests.children,
      b.guests.locals,
      b.guests.localChildren,
      b.guests.total,
      b.customer.name,
      b.customer.email,
      b.customer.phone,
      b.total.amount,
      b.total.currency,
      b.customers.map((c) => b.requiredCustomerInfos.map((k) => `${CUSTOMER_FIELD_LABELS[k]}: ${c.info[k] ?? '—'}`).join(', ')).join('; '),
      b.specialRequests,
      b.pickup ? `${b.pickup.name}${b.pickup.address ? ` (${b.pickup.address})` : ''}` : '',
      b.changeRequest ? `${b.changeRequest.startDate}${b.changeRequest.startTime ? ` ${b.changeRequest.startTime}` : ''}` : '',
      b.placedAt,
    ]),
  ]);
}

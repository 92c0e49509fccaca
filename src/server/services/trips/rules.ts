// What a trip allows now: the facts the status table of src/lib/order-actions.ts needs (money
// paid, free cancellation, guests that fit, date change), the refund a cancellation gives, and
// the 409 for an action the table does not offer.
import type { RefundQuote, TripGroup } from '../../../contract/trips.ts';
import { cancellationDeadline, cancellationTerms, canCancelFreely } from '../../../lib/cancellation-deadline.ts';
import { guestsOf } from '../../../lib/pricing.ts';
import { localNow } from '../../../lib/local-time.ts';
import type { CurrencyUnit } from '../../../lib/money.ts';
import { orderItemActions, REVIEW_WINDOW_MONTHS, type OrderAction, type OrderItemForActions } from '../../../lib/order-actions.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http.ts';
import { todayFor, unitsLeftFor } from '../booking/availability.ts';
import { wire } from '../booking/views.ts';
import type { Tx, ItemRow, PaymentRow, Loaded } from './load.ts';

/** Payment rows that took money (refunds are counted separately, in order_refunds). */
const MONEY_TAKEN: PaymentRow['status'][] = ['captured', 'partial_refunded', 'refunded'];

export const notAllowed = (message: string) => new HttpError(409, message, { body: { code: 'action_not_allowed' } });

export const paidPayments = (t: Loaded) => t.payments.filter((p) => MONEY_TAKEN.includes(p.status) && p.provider !== 'none' && p.providerRef);
export const paidTotal = (t: Loaded) => paidPayments(t).reduce((s, p) => s + p.amount, 0);
const settledPaymentStatus = (t: Loaded) => {
  const booking = t.payments.filter((p) => p.status !== 'failed' && p.status !== 'cancelled');
  return booking[0]?.status ?? (t.order.status === 'placed' ? 'captured' : null);
};

function isFreeToCancel(t: Loaded, now: Date): boolean {
  if (t.item.isGift) return false;
  return canCancelFreely(cancellationDeadline(t.option.cancelType, t.item.startDate, t.item.startTime), t.option.zone, now);
}

/** What cancelling now gives back: everything for an unconfirmed request, the rest by policy; capped at paid − refunded. */
export function refundDue(t: Pick<Loaded, 'item'> & { status: ItemRow['status'] }, policy: { free: boolean }, money: { paid: number; refunded: number }): number {
  const left = Math.max(0, money.paid - money.refunded);
  if (t.item.isGift) return 0;
  const full = t.status === 'processing' || policy.free;
  return full ? left : 0;
}

export function refundQuote(t: Loaded, unit: CurrencyUnit, now: Date): RefundQuote {
  const free = isFreeToCancel(t, now);
  const paid = paidTotal(t);
  const refundable = t.item.status === 'cancelled' || t.item.status === 'declined' ? 0 : refundDue({ item: t.item, status: t.item.status }, { free }, { paid, refunded: t.refunded });
  const deadline = cancellationDeadline(t.option.cancelType, t.item.startDate, t.item.startTime);
  return {
    paid: wire(paid, unit),
    refunded: wire(t.refunded, unit),
    refundable: wire(refundable, unit),
    terms: cancellationTerms(deadline, { isGift: t.item.isGift }),
    freeCancellation: free,
  };
}

export async function numGuestCanAdd(db: Db | Tx, t: Loaded, now: Date): Promise<number> {
  if (t.option.priceUnit !== 'per_person' || t.item.isGift || t.item.status !== 'confirmed') return 0;
  if (t.item.startDate <= todayFor(t.option, now)) return 0;
  const { left } = await unitsLeftFor(db, t.option, { startDate: t.item.startDate, endDate: t.item.endDate, slotKey: t.item.slotKey });
  return Math.max(0, Math.min(left, t.option.pricing.maxQtyForPrice - guestsOf(t.item)));
}

export function canChangeDate(t: Loaded, now: Date): boolean {
  return t.option.rescheduleType === 'allow_reschedule_cancel' && t.option.priceUnit !== 'per_room' && isFreeToCancel(t, now) && t.changeRequest?.status !== 'pending';
}

export function actionInput(t: Loaded, facts: { numGuestCanAdd: number; canChangeDate: boolean }): OrderItemForActions {
  return {
    status: t.item.status!,
    isGift: t.item.isGift,
    paymentStatus: settledPaymentStatus(t),
    numGuestCanAdd: facts.numGuestCanAdd,
    canChangeDate: facts.canChangeDate,
    canShareTrip: t.order.status === 'placed' && t.order.userId !== null,
    startDate: t.item.startDate,
    review: t.review ? { rating: t.review.rating } : null,
  };
}

export async function actionsOf(db: Db | Tx, t: Loaded, user: { id: string } | null, now: Date) {
  const facts = { numGuestCanAdd: await numGuestCanAdd(db, t, now), canChangeDate: canChangeDate(t, now) };
  return { facts, actions: orderItemActions(actionInput(t, facts), { isOwner: !!user && t.order.userId === user.id, now }) };
}

/** Refuses (409, nothing changed) an action the status table does not offer. */
export async function assertAction(db: Db | Tx, t: Loaded, user: { id: string }, action: OrderAction, now: Date, message: string) {
  const { actions, facts } = await actionsOf(db, t, user, now);
  if (!actions.includes(action)) throw notAllowed(message);
  return facts;
}

export function groupOf(t: Loaded, now: Date): TripGroup {
  if (t.item.status === 'cancelled' || t.item.status === 'declined') return 'cancelled';
  if (t.item.status === 'completed' || t.item.endDate < localNow(t.option.zone, now).date) return 'past';
  return 'upcoming';
}

/** The last day a trip may be reviewed (its start date + 2 months). */
export const reviewWindowEnd = (startDate: string) => {
  const [y, m, d] = startDate.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1 + REVIEW_WINDOW_MONTHS, d));
  return date.toISOString().slice(0, 10);
};

// What a traveller may do with a booked order item (spec §4 "Order item actions by status"), and
// what its operator may do. Pure functions, used by the server to authorise an action and by the
// pages to show it.
import dayjs from 'dayjs';
import type { PartnerAction } from '../contract/partner.ts';

export const BOOKING_STATUSES = [
  'processing', 'confirmed', 'declined', 'completed', 'cancelled', 'date_tbc', 'awaiting', 'rescheduling', 'having_change_request',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const ORDER_ACTIONS = ['cancel', 'add_guest', 'change_date', 'review', 'share_trip'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** Payment statuses under which a confirmed booking may still be cancelled, grown or moved. */
const SETTLED_PAYMENTS = new Set(['captured', 'refunded', 'partial_refunded']);

/** Spec §9: a review may be left until two months after the start date. */
export const REVIEW_WINDOW_MONTHS = 2;

export type OrderItemForActions = {
  status: BookingStatus;
  isGift: boolean;
  /** The checkout payment's status (captured, refunded, partial_refunded, pending …), if any. */
  paymentStatus: string | null;
  numGuestCanAdd: number;
  /** The option's reschedule policy and the item's dates allow a date change. */
  canChangeDate: boolean;
  /** The order allows sharing (spec §3 order.canShareTrip). */
  canShareTrip: boolean;
  /** YYYY-MM-DD */
  startDate: string;
  /** The item's review record, if one was created for it; rating null means not yet written. */
  review: { rating: number | null } | null;
};

export function reviewWindowOpen(startDate: string, now: Date): boolean {
  return dayjs(startDate).add(REVIEW_WINDOW_MONTHS, 'month').isAfter(now);
}

/**
 * The actions offered, in display order. Nobody but the order's owner gets any, and gift items
 * have none ('Gifts are non-refundable').
 */
export function orderItemActions(item: OrderItemForActions, viewer: { isOwner: boolean; now: Date }): OrderAction[] {
  if (!viewer.isOwner || item.isGift) return [];
  const share: OrderAction[] = item.canShareTrip ? ['share_trip'] : [];
  switch (item.status) {
    case 'processing':
      return ['cancel', ...share];
    case 'confirmed': {
      if (!item.paymentStatus || !SETTLED_PAYMENTS.has(item.paymentStatus)) return share;
      const actions: OrderAction[] = ['cancel'];
      if (item.numGuestCanAdd > 0) actions.push('add_guest');
      if (item.canChangeDate) actions.push('change_date');
      return [...actions, ...share];
    }
    case 'completed':
      return item.review && item.review.rating === null && reviewWindowOpen(item.startDate, viewer.now) ? ['review'] : [];
    case 'awaiting':
      return ['change_date', ...share];
    case 'having_change_request':
      return share;
    case 'declined':
    case 'cancelled':
    case 'date_tbc':
    case 'rescheduling':
      return [];
  }
}

export function canPerform(action: OrderAction, item: OrderItemForActions, viewer: { isOwner: boolean; now: Date }): boolean {
  return orderItemActions(item, viewer).includes(action);
}

export type OrderItemForOperator = {
  status: BookingStatus | null;
  /** YYYY-MM-DD */
  endDate: string;
  /** A date-change request waits for the operator's answer. */
  pendingChange: boolean;
};

/**
 * What the item's operator may do now: the buttons of the partner back-office and the rule the
 * operator calls enforce (they answer 409 otherwise). `today` is the date where the trip happens.
 */
export function operatorActions(item: OrderItemForOperator, today: string): PartnerAction[] {
  switch (item.status) {
    case 'processing':
      return ['confirm', 'decline'];
    case 'having_change_request':
      return item.pendingChange ? ['accept_change', 'reject_change'] : [];
    case 'confirmed':
      return item.endDate < today ? ['complete'] : [];
    default:
      return [];
  }
}

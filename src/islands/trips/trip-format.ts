// The words and small helpers every trip page shares.
import type { Trip } from '../../contract/trips.ts';

export const STATUS_TEXT: Record<Trip['status'], string> = {
  processing: 'Awaiting the operator',
  confirmed: 'Confirmed',
  declined: 'Declined',
  completed: 'Completed',
  cancelled: 'Cancelled',
  date_tbc: 'Date to be confirmed',
  awaiting: 'Awaiting payment',
  rescheduling: 'Rescheduling',
  having_change_request: 'Date change requested',
};

export const PAYMENT_TEXT: Record<string, string> = {
  pending: 'Pending',
  requires_action: 'Waiting for your bank',
  captured: 'Paid',
  failed: 'Failed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  partial_refunded: 'Partly refunded',
};

export const itemOf = (t: Trip) => t.order.orderItem!;
/** "Kyoto, Japan", or just "Singapore" for a city state. */
export const placeOf = (o: { city: { name: string }; country: { name: string } }) => (o.city.name === o.country.name ? o.city.name : `${o.city.name}, ${o.country.name}`);
export const go = (href: string) => window.location.assign(href);

// The /partner shell's routes and the bookings inbox's filters in the address (so a view can be
// shared and survives a reload): pure, tested.
import type { BookingStatus } from '../contract/booking.ts';
import type { PartnerAction, PartnerStatusFilter, PayoutStatus } from '../contract/partner.ts';
import { PartnerStatusFilter as StatusFilter } from '../contract/partner.ts';

export const PARTNER_SECTIONS = [
  { key: 'bookings', label: 'Bookings' },
  { key: 'messages', label: 'Messages' },
  { key: 'questions', label: 'Questions' },
  { key: 'listings', label: 'Listings' },
  { key: 'availability', label: 'Availability' },
  { key: 'payouts', label: 'Payouts' },
  { key: 'team', label: 'Team' },
] as const;
export type PartnerSectionKey = (typeof PARTNER_SECTIONS)[number]['key'];

export type PartnerRoute =
  | { page: 'bookings' }
  | { page: 'booking'; id: string }
  | { page: 'statement'; month: string }
  | { page: 'listing'; id: number }
  /** /partner/messages/{id}: one conversation, answered as the operator (issue 17). */
  | { page: 'conversation'; id: string }
  | { page: 'section'; section: PartnerSectionKey }
  | { page: 'unknown' };

/** The page of a /partner/* path; the inbox is the home page. */
export function partnerRoute(pathname: string): PartnerRoute {
  const rest = pathname.replace(/^\/partner\/?/, '').replace(/\/+$/, '');
  if (rest === '' || rest === 'bookings') return { page: 'bookings' };
  const booking = /^bookings\/([\w-]{1,64})$/.exec(rest);
  if (booking) return { page: 'booking', id: booking[1]! };
  const conversation = /^messages\/([\w-]{1,64})$/.exec(rest);
  if (conversation) return { page: 'conversation', id: conversation[1]! };
  const listing = /^listings\/(\d{1,9})$/.exec(rest);
  if (listing) return { page: 'listing', id: Number(listing[1]) };
  const statement = /^payouts\/(\d{4}-(?:0[1-9]|1[0-2]))$/.exec(rest);
  if (statement) return { page: 'statement', month: statement[1]! };
  const section = PARTNER_SECTIONS.find((s) => s.key === rest);
  return section ? { page: 'section', section: section.key } : { page: 'unknown' };
}

export type BookingFilters = { status: PartnerStatusFilter; from: string; to: string; page: number };
export const NO_FILTERS: BookingFilters = { status: 'all', from: '', to: '', page: 1 };
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The inbox's filters from the address (`?status=&from=&to=&page=`); what is not valid is left out. */
export function readBookingFilters(search: string): BookingFilters {
  const p = new URLSearchParams(search);
  const status = StatusFilter.safeParse(p.get('status'));
  const day = (k: string) => (DAY.test(p.get(k) ?? '') ? p.get(k)! : '');
  return { status: status.success ? status.data : 'all', from: day('from'), to: day('to'), page: Math.max(1, Math.floor(Number(p.get('page'))) || 1) };
}

/** The address's query for an operator and filters (`operator` first, defaults left out). */
export function bookingsSearch(operator: string | null, f: BookingFilters): string {
  const p = new URLSearchParams();
  if (operator) p.set('operator', operator);
  if (f.status !== 'all') p.set('status', f.status);
  if (f.from) p.set('from', f.from);
  if (f.to) p.set('to', f.to);
  if (f.page > 1) p.set('page', String(f.page));
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** The operator chosen in the address (`?operator=slug`), or null. */
export const operatorInSearch = (search: string): string | null => new URLSearchParams(search).get('operator') || null;

/** A payout statement's state as the operator reads it. */
export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = { open: 'Trips running', due: 'Due', paid: 'Paid' };

/** Operators' words for a booking's status (spec §4 statuses, as the operator sees them). */
export const PARTNER_STATUS_LABELS: Record<BookingStatus, string> = {
  processing: 'Request to book',
  having_change_request: 'Date change requested',
  confirmed: 'Confirmed',
  awaiting: 'Awaiting payment',
  completed: 'Completed',
  declined: 'Declined',
  cancelled: 'Cancelled',
  date_tbc: 'Date to be confirmed',
  rescheduling: 'Rescheduling',
};

export const PARTNER_FILTER_LABELS: Record<PartnerStatusFilter, string> = { all: 'Any status', needs_action: 'Needs your answer', ...PARTNER_STATUS_LABELS };

export const PARTNER_ACTION_LABELS: Record<PartnerAction, string> = {
  confirm: 'Confirm',
  decline: 'Decline',
  accept_change: 'Accept new date',
  reject_change: 'Keep original date',
  complete: 'Mark completed',
};

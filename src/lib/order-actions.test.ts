import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, canPerform, operatorActions, orderItemActions, type OrderItemForActions } from './order-actions.ts';

const now = new Date('2026-11-23T10:00:00Z');
const owner = { isOwner: true, now };
const base: OrderItemForActions = {
  status: 'confirmed',
  isGift: false,
  paymentStatus: 'captured',
  numGuestCanAdd: 2,
  canChangeDate: true,
  canShareTrip: true,
  startDate: '2026-12-10',
  review: null,
};
const item = (over: Partial<OrderItemForActions>): OrderItemForActions => ({ ...base, ...over });

// Spec §4, row by row.
describe.each([
  ['processing', item({ status: 'processing' }), ['cancel', 'share_trip']],
  ['processing, sharing not allowed', item({ status: 'processing', canShareTrip: false }), ['cancel']],
  ['confirmed, captured', item({}), ['cancel', 'add_guest', 'change_date', 'share_trip']],
  ['confirmed, refunded', item({ paymentStatus: 'refunded' }), ['cancel', 'add_guest', 'change_date', 'share_trip']],
  ['confirmed, partial_refunded', item({ paymentStatus: 'partial_refunded' }), ['cancel', 'add_guest', 'change_date', 'share_trip']],
  ['confirmed, captured, no seats to add', item({ numGuestCanAdd: 0 }), ['cancel', 'change_date', 'share_trip']],
  ['confirmed, captured, date change not allowed', item({ canChangeDate: false }), ['cancel', 'add_guest', 'share_trip']],
  ['confirmed, payment pending', item({ paymentStatus: 'pending' }), ['share_trip']],
  ['confirmed, paid later (no payment yet)', item({ paymentStatus: null }), ['share_trip']],
  ['confirmed, payment pending, sharing not allowed', item({ paymentStatus: 'pending', canShareTrip: false }), []],
  ['completed, review record without rating, in window', item({ status: 'completed', startDate: '2026-10-01', review: { rating: null } }), ['review']],
  ['completed, review window ends exactly now', item({ status: 'completed', startDate: '2026-09-23', review: { rating: null } }), []],
  ['completed, review window closed', item({ status: 'completed', startDate: '2026-09-01', review: { rating: null } }), []],
  ['completed, already rated', item({ status: 'completed', startDate: '2026-11-01', review: { rating: 5 } }), []],
  ['completed, no review record', item({ status: 'completed', startDate: '2026-11-01', review: null }), []],
  ['awaiting', item({ status: 'awaiting', paymentStatus: null }), ['change_date', 'share_trip']],
  ['having_change_request', item({ status: 'having_change_request' }), ['share_trip']],
  ['declined', item({ status: 'declined' }), []],
  ['cancelled', item({ status: 'cancelled', paymentStatus: 'refunded' }), []],
  ['date_tbc', item({ status: 'date_tbc' }), []],
  ['rescheduling', item({ status: 'rescheduling' }), []],
] as const)('%s', (_name, it_, expected) => {
  it(`offers ${expected.join(', ') || 'nothing'}`, () => {
    expect(orderItemActions(it_, owner)).toEqual(expected);
  });
});

describe('gifts and other people', () => {
  it.each(BOOKING_STATUSES)('a gift item in status %s has no actions', (status) => {
    expect(orderItemActions(item({ status, isGift: true, review: { rating: null }, startDate: '2026-11-01' }), owner)).toEqual([]);
  });

  it.each(BOOKING_STATUSES)('someone other than the owner gets nothing in status %s', (status) => {
    expect(orderItemActions(item({ status, review: { rating: null }, startDate: '2026-11-01' }), { isOwner: false, now })).toEqual([]);
  });

  it('canPerform agrees with the list', () => {
    expect(canPerform('cancel', item({}), owner)).toBe(true);
    expect(canPerform('review', item({}), owner)).toBe(false);
    expect(canPerform('cancel', item({}), { isOwner: false, now })).toBe(false);
  });
});

describe('operatorActions', () => {
  const today = '2026-11-23';
  it.each([
    ['processing', { status: 'processing', endDate: '2026-12-10', pendingChange: false }, ['confirm', 'decline']],
    ['having_change_request, pending', { status: 'having_change_request', endDate: '2026-12-10', pendingChange: true }, ['accept_change', 'reject_change']],
    ['having_change_request, answered meanwhile', { status: 'having_change_request', endDate: '2026-12-10', pendingChange: false }, []],
    ['confirmed, ended yesterday', { status: 'confirmed', endDate: '2026-11-22', pendingChange: false }, ['complete']],
    ['confirmed, ends today', { status: 'confirmed', endDate: today, pendingChange: false }, []],
    ['completed', { status: 'completed', endDate: '2026-11-01', pendingChange: false }, []],
    ['cancelled', { status: 'cancelled', endDate: '2026-12-10', pendingChange: false }, []],
  ] as const)('%s', (_, item, expected) => {
    expect(operatorActions(item, today)).toEqual(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { bookingsSearch, NO_FILTERS, operatorInSearch, partnerRoute, readBookingFilters } from './partner-pages.ts';

describe('partnerRoute', () => {
  it.each([
    ['/partner', { page: 'bookings' }],
    ['/partner/', { page: 'bookings' }],
    ['/partner/bookings', { page: 'bookings' }],
    ['/partner/bookings/AbC_12-x', { page: 'booking', id: 'AbC_12-x' }],
    ['/partner/payouts', { page: 'section', section: 'payouts' }],
    ['/partner/payouts/2026-12', { page: 'statement', month: '2026-12' }],
    ['/partner/payouts/2026-13', { page: 'unknown' }],
    ['/partner/listings', { page: 'section', section: 'listings' }],
    ['/partner/messages', { page: 'section', section: 'messages' }],
    ['/partner/messages/c_1-x', { page: 'conversation', id: 'c_1-x' }],
    ['/partner/messages/a/b', { page: 'unknown' }],
    ['/partner/listings/42', { page: 'listing', id: 42 }],
    ['/partner/listings/forty-two', { page: 'unknown' }],
    ['/partner/bookings/a/b', { page: 'unknown' }],
    ['/partner/nope', { page: 'unknown' }],
  ])('%s', (path, route) => {
    expect(partnerRoute(path)).toEqual(route);
  });
});

describe('the inbox filters in the address', () => {
  it('reads what is valid and leaves the rest at its default', () => {
    expect(readBookingFilters('?status=needs_action&from=2026-12-01&to=2026-12-31&page=3')).toEqual({ status: 'needs_action', from: '2026-12-01', to: '2026-12-31', page: 3 });
    expect(readBookingFilters('?status=bogus&from=tomorrow&page=-2')).toEqual(NO_FILTERS);
    expect(readBookingFilters('')).toEqual(NO_FILTERS);
  });

  it('writes the operator and the filters that are not defaults, and reads them back', () => {
    const f = { status: 'processing', from: '2026-12-01', to: '', page: 2 } as const;
    const search = bookingsSearch('ubin-paddle-co', f);
    expect(search).toBe('?operator=ubin-paddle-co&status=processing&from=2026-12-01&page=2');
    expect(readBookingFilters(search)).toEqual(f);
    expect(operatorInSearch(search)).toBe('ubin-paddle-co');
    expect(bookingsSearch(null, NO_FILTERS)).toBe('');
    expect(operatorInSearch('')).toBeNull();
  });
});

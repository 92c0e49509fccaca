// The operators' back-office calls (src/contract/partner.ts). Members of an operator and admins;
// others get ApiError 403, and another operator's records 404.
import type { PartnerAction, PartnerBookingFilters, PartnerBookingList, PartnerBookingListQuery, PartnerBookingResponse, PartnerOperatorsResponse } from '../contract/partner.ts';
import { API_BASE, ApiError, INTERNAL_ERROR, PUBLIC_API_KEY, request, toQueryString } from './client.ts';

const bookings = (slug: string) => `/partner/operators/${encodeURIComponent(slug)}/bookings`;

const ACTION_PATHS: Record<PartnerAction, string> = {
  confirm: 'confirm',
  decline: 'decline',
  accept_change: 'change-request/accept',
  reject_change: 'change-request/reject',
  complete: 'complete',
};

export const partnerOperators = () => request<PartnerOperatorsResponse>('/partner/operators');
export const partnerBookings = (slug: string, query: PartnerBookingListQuery) => request<PartnerBookingList>(bookings(slug), { query });
export const partnerBooking = (slug: string, id: string) => request<PartnerBookingResponse>(`${bookings(slug)}/${encodeURIComponent(id)}`);
export const partnerBookingAction = (slug: string, id: string, action: PartnerAction, note?: string) =>
  request<PartnerBookingResponse>(`${bookings(slug)}/${encodeURIComponent(id)}/${ACTION_PATHS[action]}`, { method: 'POST', body: note ? { note } : {} });

/** The filtered list as a CSV file (a Blob to save); a refusal is thrown as ApiError like any call. */
export async function partnerBookingsCsv(slug: string, filters: PartnerBookingFilters): Promise<{ blob: Blob; filename: string }> {
  const res = await fetch(`${API_BASE}${bookings(slug)}.csv${toQueryString(filters)}`, { headers: { Authorization: `Bearer ${PUBLIC_API_KEY}` }, credentials: 'include' });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: string } | null;
    throw new ApiError(res.status, body?.error || INTERNAL_ERROR);
  }
  const filename = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'bookings.csv';
  return { blob: await res.blob(), filename };
}

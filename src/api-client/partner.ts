// The operators' back-office calls (src/contract/partner.ts). Members of an operator and admins;
// others get ApiError 403, and another operator's records 404.
import type {
  PartnerAction,
  PartnerBookingFilters,
  PartnerBookingList,
  PartnerBookingListQuery,
  PartnerBookingResponse,
  PartnerDepartureResponse,
  PartnerDeparturesQuery,
  PartnerDeparturesResponse,
  PartnerOperatorsResponse,
  PartnerOptionsResponse,
} from '../contract/partner.ts';
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

const operatorPath = (slug: string) => `/partner/operators/${encodeURIComponent(slug)}`;
const departuresPath = (slug: string, optionId: number) => `${operatorPath(slug)}/options/${optionId}/departures`;

export const partnerOptions = (slug: string) => request<PartnerOptionsResponse>(`${operatorPath(slug)}/options`);
export const partnerDepartures = (slug: string, optionId: number, query: PartnerDeparturesQuery) => request<PartnerDeparturesResponse>(departuresPath(slug, optionId), { query });
/** Sets one departure's capacity; below the seats sold answers ApiError 409 with the count in its message. */
export const setPartnerCapacity = (slug: string, optionId: number, date: string, slot: string, capacity: number) =>
  request<PartnerDepartureResponse>(`${departuresPath(slug, optionId)}/${date}/${encodeURIComponent(slot)}`, { method: 'PUT', body: { capacity } });

/** A file of the API (it needs the API key, so not a plain link): a Blob to save, or ApiError. */
async function download(path: string, fallbackName: string): Promise<{ blob: Blob; filename: string }> {
  const res = await fetch(`${API_BASE}${path}`, { headers: { Authorization: `Bearer ${PUBLIC_API_KEY}` }, credentials: 'include' });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: string } | null;
    throw new ApiError(res.status, body?.error || INTERNAL_ERROR);
  }
  const filename = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  return { blob: await res.blob(), filename };
}

/** The operator's booked upcoming departures as an iCal file. */
export const partnerDeparturesIcs = (slug: string) => download(`${operatorPath(slug)}/departures.ics`, 'departures.ics');

/** The filtered list as a CSV file (a Blob to save); a refusal is thrown as ApiError like any call. */
export const partnerBookingsCsv = (slug: string, filters: PartnerBookingFilters) => download(`${bookings(slug)}.csv${toQueryString(filters)}`, 'bookings.csv');

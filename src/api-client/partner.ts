// The operators' back-office calls (src/contract/partner.ts). Members of an operator and admins;
// others get ApiError 403, and another operator's records 404.
import type {
  CalendarFeedResponse,
  ListingContent,
  ListingPricesBody,
  PartnerAction,
  PartnerBookingFilters,
  PartnerBookingList,
  PartnerBookingListQuery,
  PartnerBookingResponse,
  PartnerDepartureResponse,
  PartnerDeparturesQuery,
  PartnerDeparturesResponse,
  PartnerListingResponse,
  PartnerListingsResponse,
  PartnerOperatorsResponse,
  PartnerOptionsResponse,
  PartnerPayoutsResponse,
  PartnerPayoutStatementResponse,
  PartnerTeamResponse,
} from '../contract/partner.ts';
import type { PartnerClosureResponse, PartnerDateRangeBody, PartnerRuleBody, PartnerRuleResponse, PartnerSeasonBody, PartnerSeasonsResponse } from '../contract/partner.ts';
import type { UploadedImage } from '../contract/admin.ts';
import { request, type ApiFile } from './client.ts';

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

/** The operator's booked upcoming departures as an iCal file. */
export const partnerDeparturesIcs = async (slug: string) => (await request<ApiFile>(`${operatorPath(slug)}/departures.ics`, { file: true })).data;

/** The subscribable calendar's address (null: off); renewing makes a new one and retires the old, stopping turns it off. */
export const calendarFeed = (slug: string) => request<CalendarFeedResponse>(`${operatorPath(slug)}/calendar-feed`);
export const renewCalendarFeed = (slug: string) => request<CalendarFeedResponse>(`${operatorPath(slug)}/calendar-feed`, { method: 'POST', body: {} });
export const stopCalendarFeed = (slug: string) => request<CalendarFeedResponse>(`${operatorPath(slug)}/calendar-feed`, { method: 'DELETE' });

/** The filtered list as a CSV file (a Blob to save); a refusal is thrown as ApiError like any call. */
export const partnerBookingsCsv = async (slug: string, filters: PartnerBookingFilters) => (await request<ApiFile>(`${bookings(slug)}.csv`, { query: filters, file: true })).data;

// The availability rule, closed dates and seasonal prices of one experience (decision 33).
const optionPath = (slug: string, optionId: number) => `${operatorPath(slug)}/options/${optionId}`;
export const partnerRule = (slug: string, optionId: number) => request<PartnerRuleResponse>(`${optionPath(slug, optionId)}/rule`);
/** Weekdays, closed months, cut-off and default capacity; a bad field answers ApiError 422 with its message. */
export const setPartnerRule = (slug: string, optionId: number, body: PartnerRuleBody) => request<PartnerRuleResponse>(`${optionPath(slug, optionId)}/rule`, { method: 'PUT', body });
/** Closes every departure of the range; any with seats sold answers ApiError 409 naming them, and nothing closes. */
export const closePartnerDates = (slug: string, optionId: number, body: PartnerDateRangeBody) => request<PartnerClosureResponse>(`${optionPath(slug, optionId)}/dates/close`, { method: 'POST', body });
export const reopenPartnerDates = (slug: string, optionId: number, body: PartnerDateRangeBody) => request<PartnerClosureResponse>(`${optionPath(slug, optionId)}/dates/reopen`, { method: 'POST', body });
export const partnerSeasons = (slug: string, optionId: number) => request<PartnerSeasonsResponse>(`${optionPath(slug, optionId)}/seasons`);
/** Adds a season; overlapping another answers ApiError 422 naming it. */
export const createPartnerSeason = (slug: string, optionId: number, body: PartnerSeasonBody) => request<PartnerSeasonsResponse>(`${optionPath(slug, optionId)}/seasons`, { method: 'POST', body });
export const updatePartnerSeason = (slug: string, optionId: number, seasonId: number, body: PartnerSeasonBody) =>
  request<PartnerSeasonsResponse>(`${optionPath(slug, optionId)}/seasons/${seasonId}`, { method: 'PUT', body });
export const deletePartnerSeason = (slug: string, optionId: number, seasonId: number) => request<PartnerSeasonsResponse>(`${optionPath(slug, optionId)}/seasons/${seasonId}`, { method: 'DELETE' });

const payoutsPath = (slug: string) => `${operatorPath(slug)}/payouts`;
const currencyQuery = (currency: string | null) => (currency ? { currency } : {});

/** Every payout statement of the operator, newest month first. */
export const partnerPayouts = (slug: string) => request<PartnerPayoutsResponse>(payoutsPath(slug));
/** One month's statement in `currency` (the operator's own when null), with its bookings. */
export const partnerPayoutStatement = (slug: string, month: string, currency: string | null) => request<PartnerPayoutStatementResponse>(`${payoutsPath(slug)}/${month}`, { query: currencyQuery(currency) });
/** The same statement as a CSV file. */
export const partnerPayoutCsv = async (slug: string, month: string, currency: string | null) => (await request<ApiFile>(`${payoutsPath(slug)}/${month}.csv`, { query: currencyQuery(currency), file: true })).data;
/** Admins record the month's transfer; an open or already paid month answers ApiError 409. */
export const recordPartnerPayout = (slug: string, month: string, currency: string, reference: string) =>
  request<PartnerPayoutStatementResponse>(`${payoutsPath(slug)}/${month}/paid`, { method: 'POST', body: { currency, reference } });

const teamPath = (slug: string) => `${operatorPath(slug)}/team`;

/** The operator's members and pending invitations, and whether the viewer manages them. */
export const partnerTeam = (slug: string) => request<PartnerTeamResponse>(teamPath(slug));
/** Invites a colleague by e-mail (an existing account is added at once); owners and admins only (ApiError 403 otherwise). */
export const inviteToTeam = (slug: string, email: string) => request<PartnerTeamResponse>(`${teamPath(slug)}/invitations`, { method: 'POST', body: { email } });
export const withdrawTeamInvitation = (slug: string, id: string) => request<PartnerTeamResponse>(`${teamPath(slug)}/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });
/** Removes a member; the last owner answers ApiError 409. */
export const removeTeamMember = (slug: string, userId: string) => request<PartnerTeamResponse>(`${teamPath(slug)}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' });

const listingPath = (slug: string, id?: number) => `${operatorPath(slug)}/listings${id === undefined ? '' : `/${id}`}`;

/** The operator's experiences, with their "from" price and whether a change waits for review. */
export const partnerListings = (slug: string) => request<PartnerListingsResponse>(listingPath(slug));
export const partnerListing = (slug: string, id: number) => request<PartnerListingResponse>(listingPath(slug, id));
/** New prices, live at once; a price the experience's basis needs but lacks answers ApiError 422 with the field. */
export const setListingPrices = (slug: string, id: number, body: ListingPricesBody) => request<PartnerListingResponse>(`${listingPath(slug, id)}/prices`, { method: 'PUT', body });
/** Sends a content change for Verdant's review (replacing one still waiting). */
export const submitListingChange = (slug: string, id: number, content: ListingContent) => request<PartnerListingResponse>(`${listingPath(slug, id)}/changes`, { method: 'POST', body: { content } });
export const withdrawListingChange = (slug: string, id: number) => request<PartnerListingResponse>(`${listingPath(slug, id)}/changes`, { method: 'DELETE' });
/** Uploads a photo for the operator's listings; it reaches a page through an approved change. */
export const uploadListingPhoto = (slug: string, form: FormData) => request<UploadedImage>(`${operatorPath(slug)}/images`, { method: 'POST', form });

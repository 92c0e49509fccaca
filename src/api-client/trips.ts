// Trips calls (src/contract/trips.ts). Adding guests is a payment call: Idempotency-Key plus the
// user token through payRequest.
import type { AddGuestBody, CancelResponse, ChangeRequestBody, ReviewBody, SharedTrip, Trip, TripFootprintQueryInput, TripFootprintResponse } from '../contract/trips.ts';
import type { Money } from '../contract/common.ts';
import { request } from './client.ts';
import { payRequest } from './user-token.ts';

export const getTrips = () => request<{ trips: Trip[] }>('/trips');
export const getTrip = (id: string) => request<{ trip: Trip }>(`/trips/${encodeURIComponent(id)}`);
export const cancelOrder = (orderId: string) => request<CancelResponse>(`/orders/${encodeURIComponent(orderId)}/cancel`, { method: 'POST', body: {} });
export const requestRefund = (orderItemId: string) => request<CancelResponse>('/user-refunds', { method: 'POST', body: { orderItemId } });
export const addGuests = (body: AddGuestBody, idempotencyKey: string) =>
  payRequest<{ trip: Trip; charged: Money }>('/trips/add-guests', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });
export const requestDateChange = (body: ChangeRequestBody) => request<{ trip: Trip }>('/order_item_change_requests', { method: 'POST', body });
export const writeReview = (body: ReviewBody) => request<{ trip: Trip }>('/reviews', { method: 'POST', body });
export const getOrderShare = (orderId: string) => request<{ share: SharedTrip }>(`/orders/${encodeURIComponent(orderId)}/share`);
export const getSharedTrip = (shareId: string) => request<{ share: SharedTrip }>(`/shares/${encodeURIComponent(shareId)}`);
export const answerSharedTrip = (answer: 'join' | 'decline' | 'leave', shareId: string) => request<{ share: SharedTrip }>(`/${answer}`, { method: 'POST', body: { shareId } });
export const getAddGuestQuote = (id: string, quantity: number, childQuantity = 0) =>
  request<{ amount: Money; numGuestCanAdd: number }>(`/trips/${encodeURIComponent(id)}/add-guest-quote`, { query: { quantity, childQuantity } });
/** The trip's footprint (ADR 0044); with `fromCityId`, getting there and back `by` plane, train, bus or car. */
export const getTripFootprint = (id: string, q: TripFootprintQueryInput = {}) =>
  request<TripFootprintResponse>(`/trips/${encodeURIComponent(id)}/footprint`, { query: { ...q } });

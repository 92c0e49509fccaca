// Booking calls (src/contract/booking.ts): availability, prices, the bag, promotion codes,
// checkout and the pay calls. Pay calls carry an Idempotency-Key and go through payRequest, which
// adds the user token for signed-in travellers.
import type {
  AvailableDatesResponse,
  Cart,
  CartItemBody,
  CheckoutsAvailableResponse,
  DetailedTimeslotsResponse,
  Order,
  PayBody,
  PayResponse,
  PriceQuoteQueryInput,
  PriceQuoteResponse,
  WaitlistBody,
  WalletMethod,
  WalletTokenBody,
} from '../contract/booking.ts';
import { request } from './client.ts';
import { payRequest } from './user-token.ts';

export const getAvailableDates = (optionId: string) => request<AvailableDatesResponse>('/available-dates', { query: { optionId } });

export const getTimeslots = (optionId: string, date: string, endDate?: string) =>
  request<DetailedTimeslotsResponse>('/detailed-timeslots', { query: { optionId, date, endDate } });

export const getPriceQuote = (slugCode: string, query: PriceQuoteQueryInput) =>
  request<PriceQuoteResponse>(`/options/${encodeURIComponent(slugCode)}/prices`, { query: query as Record<string, string | number | undefined> });

export const getCart = (cartId: string, currency?: string) => request<Cart>('/cart', { query: { cartId, view: 'with_order_item', currency } });

export const putCartItem = (body: { cartId?: string | undefined; currency?: string | undefined; orderItem: CartItemBody }) => request<Cart>('/cart', { method: 'POST', body });

export const patchCartCurrency = (cartId: string, currency: string) => request<Cart>('/cart', { method: 'PATCH', body: { cartId, currency } });

export const patchCartUseCredit = (cartId: string, useCredit: boolean) => request<Cart>('/cart', { method: 'PATCH', body: { cartId, useCredit } });

export const redeemGiftCode = (cartId: string, code: string) => request<Cart>('/gift-card-redemptions', { method: 'POST', body: { cartId, code } });

export const removeGiftCode = (cartId: string) => request<Cart>(`/gift-card-redemptions/${encodeURIComponent(cartId)}`, { method: 'DELETE' });

export const clearCartRequest = (cartId: string) => request<Cart>('/cart/clear', { method: 'POST', body: { cartId } });

export const redeemPromotionCode = (cartId: string, code: string) => request<Cart>('/promotion-code-redemptions', { method: 'POST', body: { cartId, code } });

/** A company code (ADR 0040): the employee's company pays the whole bag. */
export const redeemCorporateCode = (cartId: string, code: string) => request<Cart>('/promotion-code-redemptions/corporate-redeem', { method: 'POST', body: { cartId, code } });
export const removeCorporateCode = (redemptionId: string) => request<Cart>(`/corporate-redemptions/${encodeURIComponent(redemptionId)}`, { method: 'DELETE' });
export const removePromotionCode = (redemptionId: string) => request<Cart>(`/promotion-code-redemptions/${encodeURIComponent(redemptionId)}`, { method: 'DELETE' });

export const getCheckoutsAvailable = (cartId: string | undefined, currency: string | undefined) =>
  request<CheckoutsAvailableResponse>('/checkouts/available', { query: { cartId, currency } });

export const getOrder = (orderId: string) => request<Order>(`/orders/${encodeURIComponent(orderId)}`);

export const claimOrder = (orderId: string) => request<Order>(`/orders/${encodeURIComponent(orderId)}/claim`, { method: 'POST' });

export const joinWaitlist = (body: WaitlistBody) => request<{ waitlist: { date: string; email: string } }>('/waitlists', { method: 'POST', body });

export const createCardToken = (card: { number: string; expMonth: number; expYear: number; cvc: string }) =>
  request<{ token: string; card: { brand: string; last4: string } }>('/test-gateway/tokens', { method: 'POST', body: card });

/** The test gateway's wallet sheet approved `amount` with `wallet`: a one-time token for exactly that. */
export const createWalletToken = (body: WalletTokenBody) =>
  request<{ token: string; wallet: WalletMethod; card: { brand: string; last4: string } }>('/test-gateway/wallet-tokens', { method: 'POST', body });

/**
 * Headers of every pay call. ACCOUNTS SEAM: add `X-User-Token: <login token from storage>` here
 * when a user is signed in (spec §6: the user token is sent on payment calls only).
 */
export function payHeaders(idempotencyKey: string): Record<string, string> {
  return { 'Idempotency-Key': idempotencyKey };
}

export const pay = (body: PayBody, key: string) => payRequest<PayResponse>('/checkouts/pay', { method: 'POST', body, headers: payHeaders(key) });

export const payOtp = (orderId: string, otp: string, key: string) =>
  payRequest<PayResponse>('/checkouts/pay_otp', { method: 'POST', body: { orderId, otp }, headers: payHeaders(key) });

export const payFail = (orderId: string, reason: 'authentication_failed' | 'cancelled', key: string) =>
  payRequest<PayResponse>('/checkouts/pay_fail', { method: 'POST', body: { orderId, reason }, headers: payHeaders(key) });

export const finalizePayment = (orderId: string, key: string) =>
  payRequest<PayResponse>('/checkouts/finalize', { method: 'POST', body: { orderId }, headers: payHeaders(key) });

export const simulatePayNow = (orderId: string) => request<PayResponse>('/checkouts/paynow/simulate', { method: 'POST', body: { orderId } });

/** A fresh key per payment attempt (a retry of the same attempt reuses it). */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

// Saved payment cards (src/contract/payment-cards.ts). Saving one and paying with one are part
// of the pay call (PayBody.saveCard, PayBody.paymentCardId in api-client/booking.ts).
import type { PaymentCard, PaymentCardListResponse, PaymentCardResponse } from '../contract/payment-cards.ts';
import { request } from './client.ts';

export const getPaymentCards = () => request<PaymentCardListResponse>('/payment_cards');
export const setDefaultPaymentCard = (id: string, isDefault = true) =>
  request<PaymentCardResponse>(`/payment_cards/${encodeURIComponent(id)}`, { method: 'PATCH', body: { isDefault } });
export const deletePaymentCard = (id: string) => request<{ deleted: true; paymentCards: PaymentCard[] }>(`/payment_cards/${encodeURIComponent(id)}`, { method: 'DELETE' });

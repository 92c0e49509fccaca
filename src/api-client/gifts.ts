// Gift calls (src/contract/gifts.ts). Paying a gift's order is the normal pay call (booking.ts).
import type { Order } from '../contract/booking.ts';
import type { GiftOptionsResponse } from '../contract/collections.ts';
import type { CreateGiftBody, Gift } from '../contract/gifts.ts';
import { request } from './client.ts';

export const createGift = (body: CreateGiftBody) => request<{ gift: Gift; order: Order }>('/gifts', { method: 'POST', body });
export const getExperienceName = (slugCode: string) => request<{ name: string; slug_code?: string }>(`/options/${encodeURIComponent(slugCode)}`);
export const getMyGifts = () => request<{ gifts: Gift[] }>('/gifts');
export const getCollectionGiftOptions = (collectionId: number) => request<GiftOptionsResponse>(`/collections/${collectionId}/gift-options`);

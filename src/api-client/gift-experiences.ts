// Redeeming a gift experience (src/contract/gifts.ts).
import type { GiftExperienceCode } from '../contract/gifts.ts';
import { request } from './client.ts';

export const getGiftExperienceCode = (code: string) => request<GiftExperienceCode>(`/gift-experience-codes/${encodeURIComponent(code.trim())}`);
export const redeemGiftExperience = (body: { code: string; date: string; detailedTimeslotId?: string }) =>
  request<{ tripId: string; startDate: string }>('/redeem_gift_experiences', { method: 'POST', body });

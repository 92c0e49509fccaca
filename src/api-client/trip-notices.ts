// Trip notices on WhatsApp (src/contract/trip-notices.ts; ADR 0046).
import type { TripNoticeSettings, UpdateTripNoticesBody } from '../contract/trip-notices.ts';
import { request } from './client.ts';

export const tripNoticeSettings = () => request<TripNoticeSettings>('/me/trip_notices');
export const updateTripNotices = (body: UpdateTripNoticesBody) => request<TripNoticeSettings>('/me/trip_notices', { method: 'PUT', body });

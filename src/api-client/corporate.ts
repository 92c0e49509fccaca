// Corporate experiences (ADR 0040): the event page, a code's event, and the back-office's events and codes.
import type { AdminCorporateEvent, CorporateCode, CorporateCodeLookup, CorporateEvent, CreateCorporateCodeBody, CreateCorporateEventBody } from '../contract/corporate.ts';
import { request } from './client.ts';

export const corporateEvent = (id: string) => request<CorporateEvent>(`/corporate-events/${encodeURIComponent(id)}`);
/** The event a company code opens (ApiError 404 for an unknown code). */
export const eventOfCorporateCode = (code: string) => request<CorporateCodeLookup>(`/corporate-codes/${encodeURIComponent(code.trim().toUpperCase())}`);

export const adminCorporateEvents = () => request<{ corporateEvents: AdminCorporateEvent[] }>('/admin/corporate-events');
export const createCorporateEvent = (body: CreateCorporateEventBody) => request<AdminCorporateEvent>('/admin/corporate-events', { method: 'POST', body });
export const createCorporateCode = (eventId: string, body: CreateCorporateCodeBody) => request<CorporateCode>(`/admin/corporate-events/${encodeURIComponent(eventId)}/codes`, { method: 'POST', body });

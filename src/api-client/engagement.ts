// Newsletter, consent tallies, contact and corporate inquiries (src/contract/engagement.ts).
import type {
  ContactBody,
  ContactResponse,
  CookieConsentCountBody,
  CorporateInquiryBody,
  CorporateInquiryResponse,
  SubscribeBody,
  SubscribeResponse,
} from '../contract/engagement.ts';
import type { z } from 'zod';
import { request } from './client.ts';

export const subscribe = (body: SubscribeBody) => request<SubscribeResponse>('/subscribes', { method: 'POST', body });

export const countCookieConsent = (body: CookieConsentCountBody) =>
  request<{ counted: true }>('/cookie_consents/count', { method: 'POST', body });

export const sendContactMessage = (body: ContactBody) =>
  request<z.infer<typeof ContactResponse>>('/contact', { method: 'POST', body });

export const sendCorporateInquiry = (body: CorporateInquiryBody) =>
  request<z.infer<typeof CorporateInquiryResponse>>('/corporate-inquiries', { method: 'POST', body });

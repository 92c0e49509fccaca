// POST /facebook_pixel_event (ADR 0040): the server-side copy of a pixel event, only with targeting consent.
import type { ConversionEventBody, ConversionEventResponse } from '../contract/conversion-events.ts';
import { request } from './client.ts';

export const sendConversionEvent = (body: ConversionEventBody) => request<ConversionEventResponse>('/facebook_pixel_event', { method: 'POST', body });

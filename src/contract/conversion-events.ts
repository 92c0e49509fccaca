// POST /facebook_pixel_event (ADR 0040): the server-side copy of a browser pixel event, sent only
// with the visitor's consent to targeting cookies, de-duplicated by the pixel's event_id.
import { z } from 'zod';
import { CurrencyCode } from './common.ts';

export const CONVERSION_EVENT_NAMES = ['PageView', 'ViewContent', 'AddToCart', 'InitiateCheckout', 'Purchase', 'Lead', 'CompleteRegistration'] as const;
export const ConversionEventName = z.enum(CONVERSION_EVENT_NAMES, { error: 'Unknown event name' });
export type ConversionEventName = z.infer<typeof ConversionEventName>;

export const ConversionEventBody = z
  .object({
    eventName: ConversionEventName,
    /** The browser pixel's eventID: the ad platform counts the two as one. */
    eventId: z.string().regex(/^[A-Za-z0-9_.:-]{8,100}$/, 'event_id must be 8 to 100 letters, digits or _.:-'),
    eventSourceUrl: z.url({ error: 'Give the page address' }).max(2000),
    /** The consent the browser holds (localStorage consentMode); without targeting nothing is sent. */
    consent: z.object({ targetingCookie: z.boolean() }, { error: 'Give the visitor’s consent' }),
    customData: z
      .object({
        value: z.number().min(0).optional(),
        currency: CurrencyCode.optional(),
        contentIds: z.array(z.string().max(200)).max(20).optional(),
        contentType: z.enum(['product']).optional(),
        /** Purchase: the order; value and currency are then read from it, not trusted from the page. */
        orderId: z.string().max(64).optional(),
      })
      .default({}),
  })
  .refine((b) => b.eventName !== 'Purchase' || !!b.customData.orderId, { message: 'A purchase names its order', path: ['customData', 'orderId'] });
export type ConversionEventBody = z.input<typeof ConversionEventBody>;

export const ConversionEventResponse = z.object({
  eventId: z.string(),
  /** queued: will be sent; duplicate: this event_id was already received (nothing sent twice). */
  status: z.enum(['queued', 'duplicate']),
});
export type ConversionEventResponse = z.infer<typeof ConversionEventResponse>;

// Trip notices on WhatsApp (issue 25; ADR 0046): GET /me/trip_notices and PUT /me/trip_notices.
// A traveller with a verified WhatsApp number (PATCH /me with a code) may opt in to booking
// confirmations, the operator's answer to a request or a date change, and a reminder the day
// before with the meeting point. Nothing is sent in their quiet hours (their time zone, which the
// browser gives when they opt in); opting out stops notices already queued.
import { z } from 'zod';
import { isTimeZone } from '../lib/quiet-hours.ts';

export const TripNoticeSettingsSchema = z.object({
  /** Opted in to trip notices on WhatsApp. */
  whatsapp: z.boolean(),
  /** The verified WhatsApp number they go to (E.164), null when none is added yet. */
  phoneNumber: z.string().nullable(),
  /** The IANA time zone the quiet hours follow; null until they first opt in. */
  timeZone: z.string().nullable(),
  /** Local times 'HH:MM': nothing is sent from `start` until `end`. */
  quietHours: z.object({ start: z.string(), end: z.string() }),
});
export type TripNoticeSettings = z.infer<typeof TripNoticeSettingsSchema>;

export const TRIP_NOTICE_TEXT = {
  noPhone: 'Add and verify your WhatsApp number first: trip notices only go to a number you have confirmed with a code.',
  badZone: 'Choose a valid time zone',
  chooseOnOff: 'Choose whether to get trip notices on WhatsApp',
} as const;

export const UpdateTripNoticesBody = z
  .object({
    whatsapp: z.boolean({ error: TRIP_NOTICE_TEXT.chooseOnOff }),
    /** The browser's zone (Intl.DateTimeFormat().resolvedOptions().timeZone); kept when omitted. */
    timeZone: z.string().trim().max(64, TRIP_NOTICE_TEXT.badZone).refine(isTimeZone, TRIP_NOTICE_TEXT.badZone).optional(),
  })
  .strict();
export type UpdateTripNoticesBody = z.input<typeof UpdateTripNoticesBody>;

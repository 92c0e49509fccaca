// Engagement calls of the storefront: newsletter, consent tallies, contact and corporate
// inquiries. Texts are the spec's (§5, §8) where it gives them. Bodies are camelCase here and
// snake_case on the wire.
import { z } from 'zod';

/** Spec §5: 'Please enter email' when empty (or not a string), 'Email is invalid' otherwise. */
export const EmailField = z
  .string({ error: 'Please enter email' })
  .trim()
  .min(1, 'Please enter email')
  .max(254, 'Email is invalid')
  .pipe(z.email({ error: 'Email is invalid' }));

// POST /subscribes
export const SubscribeBody = z.object({
  email: EmailField,
  source: z.enum(['popup', 'footer', 'signup']).default('popup'),
});
export type SubscribeBody = z.input<typeof SubscribeBody>;
/** Spec §7: status subscribed or existed ('You're already a subscriber'). */
export const SubscribeResponse = z.object({ status: z.enum(['subscribed', 'existed']) });
export type SubscribeResponse = z.infer<typeof SubscribeResponse>;

// POST /cookie_consents/count — an anonymous tally of a consent choice.
export const CookieConsentCountBody = z.object({
  choice: z.enum(['accept_all', 'custom']),
  necessaryCookie: z.literal(true),
  performanceCookie: z.boolean(),
  functionalCookie: z.boolean(),
  targetingCookie: z.boolean(),
});
export type CookieConsentCountBody = z.input<typeof CookieConsentCountBody>;
export const CookieConsentCountResponse = z.object({ counted: z.literal(true) });

// POST /contact
export const CONTACT_TOPICS = ['booking', 'payment', 'partnership', 'press', 'feedback', 'other'] as const;
export const ContactBody = z.object({
  name: z.string({ error: 'Please enter your name' }).trim().min(1, 'Please enter your name').max(120),
  email: EmailField,
  topic: z.enum(CONTACT_TOPICS, { error: 'Please choose a topic' }),
  message: z.string().trim().min(10, 'Please tell us a little more (at least 10 characters)').max(5000),
  bookingReference: z.string().trim().max(40).optional(),
});
export type ContactBody = z.input<typeof ContactBody>;
export const ContactResponse = z.object({ received: z.literal(true), reference: z.string() });

// POST /corporate-inquiries
export const CorporateInquiryBody = z.object({
  name: z.string({ error: 'Please enter your name' }).trim().min(1, 'Please enter your name').max(120),
  email: EmailField,
  company: z.string().trim().min(1, 'Please enter your company').max(160),
  phoneNumber: z.string().trim().max(32).optional(),
  groupSize: z.coerce.number({ error: 'Please enter the group size' }).int('Please enter a whole number').min(1, 'At least 1 person').max(10000),
  preferredDates: z.string().trim().max(200).default(''),
  destinations: z.array(z.string().trim().min(1).max(80)).max(20).default([]),
  budgetPerPerson: z.coerce.number().int().min(0).max(1_000_000).optional(),
  budgetCurrency: z.string().regex(/^[A-Z]{3}$/).optional(),
  message: z.string().trim().max(5000).default(''),
});
export type CorporateInquiryBody = z.input<typeof CorporateInquiryBody>;
export const CorporateInquiryResponse = z.object({ received: z.literal(true), reference: z.string() });

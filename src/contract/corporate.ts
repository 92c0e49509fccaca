// Corporate experiences (ADR 0040): a company's event page (GET /corporate-events/{id}), an
// employee redeeming the company's code on their bag (POST /promotion-code-redemptions/corporate-redeem;
// the company pays the whole booking), and the back-office calls that create events and codes.
import { z } from 'zod';
import { IsoDate, IsoDateTime, MAX_INT4, MoneySchema, Slug } from './common.ts';

/** Public ids look like `acme-offsite-2026-k3j9`: letters, digits and dashes. */
export const CorporateEventId = z.string().regex(/^[a-z0-9][a-z0-9-]{2,80}$/, 'Unknown event');
export const CorporateEventParams = z.object({ id: CorporateEventId });

export const CorporateOptionSchema = z.object({
  slugCode: z.string(),
  name: z.string(),
  cityName: z.string(),
  countryName: z.string(),
  imageUrl: z.string().nullable(),
  imageAlt: z.string(),
  /** The "from" price travellers would pay, shown crossed out: the company pays it. */
  fromPrice: MoneySchema.nullable(),
  durationText: z.string(),
});
export type CorporateOption = z.infer<typeof CorporateOptionSchema>;

export const CorporateEventSchema = z.object({
  id: z.string(),
  companyName: z.string(),
  title: z.string(),
  description: z.string(),
  /** Only e-mails at this domain may redeem the codes; null when any member may. */
  emailDomain: z.string().nullable(),
  startDate: IsoDate,
  endDate: IsoDate,
  /** False once the event has ended or was switched off: the page says so and offers nothing. */
  open: z.boolean(),
  options: z.array(CorporateOptionSchema),
});
export type CorporateEvent = z.infer<typeof CorporateEventSchema>;

export const CorporateRedeemBody = z.object({
  cartId: z.string().min(1, 'Your bag is missing').max(64),
  code: z.string().trim().min(1, 'Please enter your company code').max(40, 'Company codes are at most 40 characters'),
});
export type CorporateRedeemBody = z.input<typeof CorporateRedeemBody>;
export const CorporateRedemptionParams = z.object({ id: z.string().min(1).max(64) });

/** The corporate code on a bag (Cart.corporate). */
export const AppliedCorporateSchema = z.object({
  redemptionId: z.string(),
  code: z.string(),
  eventId: z.string(),
  companyName: z.string(),
  eventTitle: z.string(),
  /** Why the company cannot pay for this bag (another experience, date, too many guests, used up), or null. */
  problem: z.string().nullable(),
});
export type AppliedCorporate = z.infer<typeof AppliedCorporateSchema>;

/** GET /corporate-codes/{code}: which event a company code belongs to (the way in from /corporate-experiences). */
export const CorporateCodeParams = z.object({ code: z.string().trim().min(1, 'Please enter your company code').max(40, 'Company codes are at most 40 characters') });
export const CorporateCodeLookupSchema = z.object({ code: z.string(), eventId: z.string(), companyName: z.string() });
export type CorporateCodeLookup = z.infer<typeof CorporateCodeLookupSchema>;

// ── Back-office ─────────────────────────────────────────────────────────────────
const domain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'Enter a domain like acme.com')
  .max(120);

export const CreateCorporateEventBody = z
  .object({
    companyName: z.string().trim().min(1, 'Please enter the company name').max(120),
    title: z.string().trim().min(1, 'Please give the event a title').max(160),
    description: z.string().trim().max(2000).default(''),
    emailDomain: domain.nullable().optional(),
    /** The experiences the company pays for: addresses (slug codes) or the back-office's numbers. */
    optionIds: z.array(z.union([z.number().int().positive().max(MAX_INT4), Slug], { error: 'Choose experiences by address or number' })).min(1, 'Choose at least one experience').max(50),
    startDate: IsoDate,
    endDate: IsoDate,
  })
  .refine((b) => b.startDate <= b.endDate, { message: 'The last day is before the first', path: ['endDate'] });
export type CreateCorporateEventBody = z.input<typeof CreateCorporateEventBody>;

export const CreateCorporateCodeBody = z
  .object({
    /** Left out: a code is made up (e.g. ACME-7KQ2XM). */
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9-]{4,40}$/, 'Use 4 to 40 letters, digits or dashes')
      .optional(),
    maxUses: z.number().int().min(1, 'At least 1').max(100000).nullable().default(null),
    maxUsesPerEmployee: z.number().int().min(1, 'At least 1').max(50).default(1),
    maxGuests: z.number().int().min(1, 'At least 1').max(20).default(1),
    validFrom: IsoDateTime.nullable().default(null),
    validUntil: IsoDateTime.nullable().default(null),
  })
  .refine((b) => !b.validFrom || !b.validUntil || b.validFrom < b.validUntil, { message: 'The code must start before it ends', path: ['validUntil'] });
export type CreateCorporateCodeBody = z.input<typeof CreateCorporateCodeBody>;

export const CorporateCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  maxUses: z.number().int().nullable(),
  maxUsesPerEmployee: z.number().int(),
  maxGuests: z.number().int(),
  validFrom: IsoDateTime.nullable(),
  validUntil: IsoDateTime.nullable(),
  active: z.boolean(),
  /** Bookings it has paid for (cancelled ones give their use back). */
  uses: z.number().int(),
});
export type CorporateCode = z.infer<typeof CorporateCodeSchema>;

export const AdminCorporateEventSchema = CorporateEventSchema.extend({ codes: z.array(CorporateCodeSchema), url: z.string() });
export type AdminCorporateEvent = z.infer<typeof AdminCorporateEventSchema>;
export const AdminCorporateEventsResponse = z.object({ corporateEvents: z.array(AdminCorporateEventSchema) });

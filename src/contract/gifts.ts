// Gifts (spec §1, §7): gift card designs, buying a gift card or a gift experience (paid through
// the normal pay call with `order_id`), the gifts a buyer sent, and redeeming a gift experience.
import { z } from 'zod';
import { isEmail } from '../lib/auth-validation.ts';
import { CurrencyCode, IsoDate, IsoDateTime, MoneySchema } from './common.ts';

export const GiftCardDesignSchema = z.object({ id: z.string(), name: z.string(), tagline: z.string(), from: z.string(), to: z.string(), ink: z.string() });
export type GiftCardDesign = z.infer<typeof GiftCardDesignSchema>;
export const GiftCardsResponse = z.object({
  giftCards: z.array(GiftCardDesignSchema),
  /** Common amounts and custom limits of the asked currency (major units). */
  commonGiftAmounts: z.array(z.number()),
  limits: z.object({ min: z.number(), max: z.number() }),
  currency: CurrencyCode,
});

const text = (required: string, max: number) => z.string({ error: required }).trim().min(1, required).max(max, `At most ${max} characters`);

export const CreateGiftBody = z
  .object({
    kind: z.enum(['card', 'experience'], { error: 'Choose a gift card or a gift experience' }),
    /** Gift card: its value in major units of `currency`. */
    amount: z.number({ error: 'Please choose an amount' }).positive('Please choose an amount').optional(),
    currency: CurrencyCode,
    /** Gift experience: the experience (its slug code) and for how many guests. */
    option: z.string().trim().max(120).optional(),
    guests: z.number().int().min(1, 'At least one guest').max(20, 'At most 20 guests').optional(),
    design: z.string({ error: 'Please choose a design' }).min(1, 'Please choose a design').max(40),
    senderName: text('Please tell them who it is from', 80),
    recipientName: text("Please enter the recipient's name", 80),
    recipientEmail: z.string({ error: "Please enter the recipient's e-mail" }).trim().min(1, "Please enter the recipient's e-mail").max(200).refine(isEmail, 'This e-mail address is not valid'),
    message: z.string().trim().max(500, 'At most 500 characters').default(''),
    sendDate: IsoDate.or(z.literal('')).refine((v) => v !== '', 'Please choose when to send it'),
  })
  .superRefine((b, ctx) => {
    if (b.kind === 'card' && b.amount === undefined) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Please choose an amount' });
    if (b.kind === 'experience' && !b.option) ctx.addIssue({ code: 'custom', path: ['option'], message: 'Please choose an experience' });
  });
export type CreateGiftBody = z.input<typeof CreateGiftBody>;

export const GIFT_STATUSES = ['pending_payment', 'scheduled', 'sent', 'redeemed', 'cancelled'] as const;
export const GiftSchema = z.object({
  id: z.string(),
  kind: z.enum(['card', 'experience']),
  status: z.enum(GIFT_STATUSES),
  orderId: z.string(),
  orderNumber: z.string().nullable(),
  value: MoneySchema,
  /** What the buyer pays (the order's total in the chosen currency). */
  total: MoneySchema,
  design: z.string(),
  senderName: z.string(),
  recipientName: z.string(),
  recipientEmail: z.string(),
  message: z.string(),
  sendDate: IsoDate,
  sentAt: IsoDateTime.nullable(),
  redeemedAt: IsoDateTime.nullable(),
  option: z.object({ slugCode: z.string(), name: z.string() }).nullable(),
  guests: z.number().int(),
  /** Spec §8: always 'Gifts are non-refundable'; a gift has no order actions. */
  terms: z.string(),
  createdAt: IsoDateTime,
});
export type Gift = z.infer<typeof GiftSchema>;
export const GiftsResponse = z.object({ gifts: z.array(GiftSchema) });

/** GET /gift-experience-codes/{code}: what a code gives (spec §7 Gift experience code). */
export const GiftExperienceCodeSchema = z.object({
  code: z.string(),
  optionId: z.number().int(),
  option: z.object({ slugCode: z.string(), name: z.string() }),
  guests: z.number().int(),
  senderName: z.string(),
  message: z.string(),
  expiresAt: IsoDateTime,
});
export type GiftExperienceCode = z.infer<typeof GiftExperienceCodeSchema>;

export const RedeemGiftExperienceBody = z.object({
  code: z.string({ error: 'Please enter your gift code' }).trim().min(1, 'Please enter your gift code').max(40, 'This gift code is not valid'),
  date: IsoDate.or(z.literal('')).refine((v) => v !== '', 'Please choose a date'),
  detailedTimeslotId: z.string().max(40).optional(),
});
export const RedeemGiftExperienceResponse = z.object({ tripId: z.string(), startDate: IsoDate });

export const GIFTS_NON_REFUNDABLE = 'Gifts are non-refundable';

// Saved payment cards (spec §7: GET /payment_cards, PATCH|DELETE /payment_cards/{id}). The spec
// shows no fields; these are what travellers know from Klook, GetYourGuide and Airbnb: the
// brand, the last four digits and the expiry, never the number; one default card; expired cards
// listed as expired and never offered for payment. A card is saved by ticking "Save this card"
// at checkout (PayBody.saveCard) and reused with PayBody.paymentCardId. Everyone sees only
// their own cards: another member's card answers 404, as an id that does not exist.
import { z } from 'zod';
import { IsoDateTime } from './common.ts';


export const PaymentCardSchema = z.object({
  id: z.string(),
  /** Lower-case brand as the provider names it: visa, mastercard, amex, jcb, unionpay, discover, diners… */
  brand: z.string(),
  last4: z.string().regex(/^\d{4}$/),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int(),
  /** The card checkout offers first. At most one card is the default. */
  isDefault: z.boolean(),
  /** Past its expiry month: shown, never offered for payment. */
  expired: z.boolean(),
  createdAt: IsoDateTime,
});
export type PaymentCard = z.infer<typeof PaymentCardSchema>;

/** GET /payment_cards: the default first, then the newest. */
export const PaymentCardListResponse = z.object({ paymentCards: z.array(PaymentCardSchema) });
export type PaymentCardListResponse = z.infer<typeof PaymentCardListResponse>;

export const PaymentCardParams = z.object({ id: z.string().regex(/^[\w-]{8,64}$/, 'Unknown card') });

/** PATCH /payment_cards/{id}: make it the default card (or stop it being the default). */
export const UpdatePaymentCardBody = z.object({
  isDefault: z.boolean({ error: 'Say whether this card should be your default card' }),
});
export type UpdatePaymentCardBody = z.input<typeof UpdatePaymentCardBody>;

/** PATCH answers the card and the whole list (the default moved from another card). */
export const PaymentCardResponse = z.object({ paymentCard: PaymentCardSchema, paymentCards: z.array(PaymentCardSchema) });
export type PaymentCardResponse = z.infer<typeof PaymentCardResponse>;

/** DELETE answers the cards that are left (another card may have become the default). */
export const DeletePaymentCardResponse = z.object({ deleted: z.literal(true), paymentCards: z.array(PaymentCardSchema) });

// Trips: a signed-in traveller's booked order items and what they may do with them (spec §2
// account trips, §4 order item actions by status, §7 orders/{id}/cancel, user-refunds,
// order_item_change_requests, reviews, required-infos, orders/{id}/share, join/decline/leave).
// Only the order's owner sees or acts on a trip; others get 404. An action the status table
// does not offer answers 409 `{ error, code: 'action_not_allowed' }` and changes nothing.
import { z } from 'zod';
import { IsoDate, IsoDateTime, MoneySchema, QueryId } from './common.ts';
import { BookingStatus, OrderSchema, WALLET_METHODS } from './booking.ts';
import { ExperienceFootprintSchema } from './options.ts';
import { ARRIVAL_MODES } from '../lib/footprint.ts';

export const OrderAction = z.enum(['cancel', 'add_guest', 'change_date', 'review', 'share_trip']);
export type OrderActionName = z.infer<typeof OrderAction>;

export const TripGroup = z.enum(['upcoming', 'past', 'cancelled']);
export type TripGroup = z.infer<typeof TripGroup>;

export const ChangeRequestSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'accepted', 'rejected']),
  startDate: IsoDate,
  endDate: IsoDate,
  startTime: z.string().nullable(),
  note: z.string(),
  createdAt: IsoDateTime,
  decidedAt: IsoDateTime.nullable(),
});
export type ChangeRequest = z.infer<typeof ChangeRequestSchema>;

export const RefundQuoteSchema = z.object({
  /** What the traveller paid by card or PayNow, added guests included. */
  paid: MoneySchema,
  refunded: MoneySchema,
  /** What cancelling now gives back (policy; never more than paid − refunded). */
  refundable: MoneySchema,
  /** Spec §8: 'Free cancellation before …', 'Gifts are non-refundable' or 'This booking is non-refundable or cancellable'. */
  terms: z.string(),
  freeCancellation: z.boolean(),
});
export type RefundQuote = z.infer<typeof RefundQuoteSchema>;

export const TripSchema = z.object({
  id: z.string(),
  group: TripGroup,
  status: BookingStatus,
  isGift: z.boolean(),
  actions: z.array(OrderAction),
  order: OrderSchema,
  operator: z.object({ name: z.string(), email: z.string(), phone: z.string().nullable(), website: z.string().nullable() }),
  meetingPoint: z.object({ name: z.string(), address: z.string(), note: z.string() }).nullable(),
  pickup: z.object({ name: z.string(), address: z.string().nullable() }).nullable(),
  refund: RefundQuoteSchema,
  numGuestCanAdd: z.number().int(),
  /** Price of one more adult in the paid currency (null when guests cannot be added). */
  guestPrice: MoneySchema.nullable(),
  canChangeDate: z.boolean(),
  changeRequest: ChangeRequestSchema.nullable(),
  review: z.object({ id: z.number().int(), rating: z.number().int().nullable(), title: z.string(), body: z.string(), windowEndsOn: IsoDate }).nullable(),
  share: z.object({ id: z.string(), members: z.array(z.object({ name: z.string(), status: z.enum(['joined', 'declined', 'left']) })) }).nullable(),
});
export type Trip = z.infer<typeof TripSchema>;

export const TripListResponse = z.object({ trips: z.array(TripSchema) });
export type TripListResponse = z.infer<typeof TripListResponse>;
export const TripResponse = z.object({ trip: TripSchema });

export const CancelBody = z.object({ reason: z.string().trim().max(500).optional() });
export const CancelResponse = z.object({ trip: TripSchema, refunded: MoneySchema });
export type CancelResponse = z.infer<typeof CancelResponse>;
export const UserRefundBody = z.object({ orderItemId: z.string().min(1).max(64), reason: z.string().trim().max(500).optional() });

export const AddGuestBody = z.object({
  orderItemId: z.string().min(1).max(64),
  quantity: z.number().int().min(0).max(50).default(0),
  childQuantity: z.number().int().min(0).max(50).default(0),
  expectedAmount: MoneySchema,
  /** Card, or a mobile wallet (Apple Pay, Google Pay) whose sheet gave `walletToken`. */
  paymentMethod: z.enum(['card', ...WALLET_METHODS]).default('card'),
  cardToken: z.string().max(4000).optional(),
  walletToken: z.string().max(4000).optional(),
}).superRefine((b, ctx) => {
  if (b.paymentMethod === 'card' && !b.cardToken) ctx.addIssue({ code: 'custom', path: ['cardToken'], message: 'Please enter your card details' });
  if (b.paymentMethod !== 'card' && !b.walletToken) ctx.addIssue({ code: 'custom', path: ['walletToken'], message: 'Please approve the payment in your wallet' });
});
export type AddGuestBody = z.input<typeof AddGuestBody>;
export const AddGuestResponse = z.object({ trip: TripSchema, charged: MoneySchema });

export const ChangeRequestBody = z.object({
  orderItemId: z.string().min(1).max(64),
  startDate: IsoDate,
  detailedTimeslotId: z.string().max(40).optional(),
  note: z.string().trim().max(1000).optional(),
});
export type ChangeRequestBody = z.input<typeof ChangeRequestBody>;

export const ReviewBody = z.object({
  orderItemId: z.string().min(1).max(64),
  rating: z.number().int().min(1, 'Please choose a rating').max(5),
  title: z.string().trim().min(1, 'Please give your review a title').max(120),
  body: z.string().trim().min(20, 'Please write at least 20 characters').max(4000),
});
export type ReviewBody = z.input<typeof ReviewBody>;

export const ShareIdBody = z.object({ shareId: z.string().min(1).max(64) });
export const SharedTripSchema = z.object({
  id: z.string(),
  optionName: z.string(),
  optionSlug: z.string(),
  image: z.string().nullable(),
  city: z.string(),
  country: z.string(),
  startDate: IsoDate,
  endDate: IsoDate,
  startTime: z.string().nullable(),
  hostName: z.string(),
  members: z.array(z.object({ name: z.string(), status: z.enum(['joined', 'declined', 'left']) })),
  /** The viewer's own answer, or null (not answered, or not logged in). */
  myStatus: z.enum(['joined', 'declined', 'left']).nullable(),
  isHost: z.boolean(),
  open: z.boolean(),
});
export type SharedTrip = z.infer<typeof SharedTripSchema>;
export const ShareResponse = z.object({ share: SharedTripSchema });

export const OperatorDecisionBody = z.object({ note: z.string().trim().max(1000).optional() });

// ---- Footprint of a trip (ADR 0044) ----
//   GET /trips/{id}/footprint?from_city_id=&by=plane|train|bus|car → TripFootprintResponse
// The experience for the booked group and, when the traveller says where they start, getting
// there and back. Owner only (404 for anyone else).
export const TripFootprintQuery = z.object({
  fromCityId: QueryId.optional(),
  by: z.enum(ARRIVAL_MODES, { error: 'Choose plane, train, bus or car' }).default('plane'),
});
export type TripFootprintQueryInput = z.input<typeof TripFootprintQuery>;
export const StartCitySchema = z.object({ id: z.number().int(), name: z.string(), country: z.string() });
export const TripFootprintSchema = z.object({
  groupSize: z.number().int(),
  /** The experience itself for the group; null when its operator has recorded no facts. */
  experience: ExperienceFootprintSchema.nullable(),
  destination: z.object({ cityId: z.number().int(), name: z.string() }),
  gettingThere: z
    .object({ from: StartCitySchema, by: z.enum(ARRIVAL_MODES), greatCircleKm: z.number(), km: z.number(), totalKg: z.number(), perPersonKg: z.number() })
    .nullable(),
  /** Experience plus getting there, for the whole group (null when neither is known). */
  totalKg: z.number().nullable(),
  /** Cities the traveller may start from (those with coordinates). */
  startCities: z.array(StartCitySchema),
  factorsYear: z.number().int(),
});
export type TripFootprint = z.infer<typeof TripFootprintSchema>;
export const TripFootprintResponse = z.object({ footprint: TripFootprintSchema });
export type TripFootprintResponse = z.infer<typeof TripFootprintResponse>;

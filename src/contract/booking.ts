// Booking: availability, prices, the cart (spec §3 Cart, OrderItem), promotion codes on the
// cart, checkout and pay calls, orders and waitlists (spec §7). Money on the wire is
// `{ amount, currency }` in major units rounded to the currency's exponent; the server computes
// every amount from integer minor units with current rates.
//
// Failures answer `{ error, fields? }` like every call, sometimes with a machine-readable
// `reason` (availability: not_found | no_availability | unpublished) or `code` (payments:
// card_declined, payment_intent_authentication_failure, sold_out, price_changed …).
import { z } from 'zod';
import { CurrencyCode, ImageSchema, IsoDate, IsoDateTime, MoneySchema, Slug, queryInt } from './common.ts';
import { CurrencySchema } from './initial-data.ts';
import { AppliedCorporateSchema } from './corporate.ts';
import { BookType, CancelType, GroupPriceType, OptionKind, PriceUnit, RoomPrivacy, RoomType } from './options.ts';

// ── Availability ──────────────────────────────────────────────────────────────────────
export const AVAILABILITY_FAILURE_REASONS = ['not_found', 'no_availability', 'unpublished'] as const;
export const AvailabilityFailureReason = z.enum(AVAILABILITY_FAILURE_REASONS);
export type AvailabilityFailureReason = z.infer<typeof AvailabilityFailureReason>;
export const SlotStatus = z.enum(['available', 'limited', 'sold_out']);
export type SlotStatus = z.infer<typeof SlotStatus>;
/** What a capacity unit is: a seat (per person), a private group, or a room (per night). */
export const CapacityUnit = z.enum(['seat', 'group', 'room']);

/** GET /available-dates?option_id={slugCode}[&from&to]: the operating dates of the bookable window. */
export const AvailableDatesQuery = z.object({ optionId: Slug, from: IsoDate.optional(), to: IsoDate.optional() });
export const AvailableDateSchema = z.object({
  date: IsoDate,
  status: SlotStatus,
  /** The most units any departure of the day has left (a whole stay night: rooms of any type). */
  unitsLeft: z.number().int(),
});
export type AvailableDate = z.infer<typeof AvailableDateSchema>;
export const AvailableDatesResponse = z.object({
  optionId: z.string(),
  bookType: BookType,
  unit: CapacityUnit,
  /** The bookable window (spec §5: from today to the end of the month one year ahead). */
  firstDate: IsoDate,
  lastDate: IsoDate,
  /** Operating dates only; days it does not run are absent. */
  dates: z.array(AvailableDateSchema),
  reason: AvailabilityFailureReason.nullable(),
});
export type AvailableDatesResponse = z.infer<typeof AvailableDatesResponse>;

/** GET /detailed-timeslots?option_id&date[&end_date]: departures of a date, or rooms of a stay. */
export const DetailedTimeslotsQuery = z.object({ optionId: Slug, date: IsoDate, endDate: IsoDate.optional() });
export const TimeslotSchema = z.object({
  /** `<date>T<HH:MM>` or `<date>T<day>`: what OrderItem.detailedTimeslotId holds. */
  id: z.string(),
  date: IsoDate,
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  capacity: z.number().int(),
  unitsLeft: z.number().int(),
  status: SlotStatus,
});
export type Timeslot = z.infer<typeof TimeslotSchema>;
export const RoomAvailabilitySchema = z.object({
  roomId: z.number().int(),
  name: z.string(),
  roomType: RoomType,
  privacy: RoomPrivacy,
  maxGuests: z.number().int(),
  pricePerNight: MoneySchema,
  /** Rooms of this type free on every night of the stay. */
  unitsLeft: z.number().int(),
  status: SlotStatus,
});
export type RoomAvailability = z.infer<typeof RoomAvailabilitySchema>;
export const DetailedTimeslotsResponse = z.object({
  optionId: z.string(),
  date: IsoDate,
  endDate: IsoDate,
  timeslots: z.array(TimeslotSchema),
  rooms: z.array(RoomAvailabilitySchema),
  reason: AvailabilityFailureReason.nullable(),
});
export type DetailedTimeslotsResponse = z.infer<typeof DetailedTimeslotsResponse>;

// ── A selection of date, departure, guests, room and pickup ───────────────────────────
const qty = z.number().int('Please choose a whole number of guests').min(0, 'Please choose a whole number of guests').max(99, 'At most 99 guests per booking');
const queryQty = queryInt(0, 99);

export const SelectionSchema = z.object({
  startDate: IsoDate,
  /** Stays: the check-out date; others: ignored (the end follows from the duration). */
  endDate: IsoDate.optional(),
  detailedTimeslotId: z.string().max(40).optional(),
  roomId: z.number().int().positive().optional(),
  quantity: qty.default(0),
  childQuantity: qty.default(0),
  localQuantity: qty.default(0),
  childLocalQuantity: qty.default(0),
  transportItemId: z.string().max(40).nullable().optional(),
});
export type Selection = z.infer<typeof SelectionSchema>;
export type SelectionInput = z.input<typeof SelectionSchema>;

/** GET /options/{slugCode}/prices: the price of a selection (dates optional: price only). */
export const PriceQuoteQuery = z.object({
  startDate: IsoDate.optional(),
  endDate: IsoDate.optional(),
  detailedTimeslotId: z.string().max(40).optional(),
  roomId: queryInt(1, 2_147_483_647).optional(),
  quantity: queryQty.default(0),
  childQuantity: queryQty.default(0),
  localQuantity: queryQty.default(0),
  childLocalQuantity: queryQty.default(0),
  transportItemId: z.string().max(40).optional(),
  currency: CurrencyCode.optional(),
});
export type PriceQuoteQueryInput = z.input<typeof PriceQuoteQuery>;

export const PriceLineSchema = z.object({
  kind: z.enum(['adult', 'child', 'local_adult', 'local_child', 'group', 'extra_guest', 'guest', 'room', 'transport', 'gift']),
  label: z.string(),
  quantity: z.number().int(),
  unitAmount: MoneySchema,
  amount: MoneySchema,
});
export type PriceLine = z.infer<typeof PriceLineSchema>;

export const ExchangeInfoSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** One `from` in `to` at today's rate, and with the conversion fee (what is charged). */
  rate: z.number(),
  rateWithFee: z.number(),
  feeApplied: z.boolean(),
  /** Spec §9: 1.02. */
  feeMultiplier: z.number(),
});
export type ExchangeInfo = z.infer<typeof ExchangeInfoSchema>;

export const PriceQuoteResponse = z.object({
  optionId: z.string(),
  lines: z.array(PriceLineSchema),
  subtotal: MoneySchema,
  exchangedLines: z.array(PriceLineSchema),
  exchangedSubtotal: MoneySchema,
  exchange: ExchangeInfoSchema,
  guests: z.number().int(),
  units: z.number().int(),
  nights: z.number().int(),
  /** Null without a date; otherwise whether the selection fits the departure. */
  availability: z.object({ status: SlotStatus, unitsLeft: z.number().int() }).nullable(),
  reason: AvailabilityFailureReason.nullable(),
});
export type PriceQuoteResponse = z.infer<typeof PriceQuoteResponse>;

// ── Cart (spec §3 Cart, OrderItem) ───────────────────────────────────────────────────
export const BookingStatus = z.enum(['processing', 'confirmed', 'declined', 'completed', 'cancelled', 'date_tbc', 'awaiting', 'rescheduling', 'having_change_request']);
export type BookingStatus = z.infer<typeof BookingStatus>;
export const CheckoutPaymentStatus = z.enum(['pending', 'requires_action', 'captured', 'failed', 'cancelled', 'refunded', 'partial_refunded']);
export const CustomerField = z.enum(['fullName', 'dateOfBirth', 'nationality', 'passportNumber']);
export type CustomerFieldName = z.infer<typeof CustomerField>;
export const CustomerInfoSchema = z.object({
  fullName: z.string().max(120).optional(),
  dateOfBirth: z.string().max(10).optional(),
  nationality: z.string().max(80).optional(),
  passportNumber: z.string().max(20).optional(),
});
export type CustomerInfo = z.infer<typeof CustomerInfoSchema>;
export const CustomerSchema = z.object({ position: z.number().int(), info: CustomerInfoSchema, isSubmitted: z.boolean() });

export const BookedTransportSchema = z.object({ id: z.string(), kind: z.literal('pickup'), name: z.string(), price: MoneySchema, per: z.enum(['booking', 'person']) });

export const OrderItemOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slugCode: z.string(),
  images: z.array(ImageSchema),
  kind: OptionKind,
  priceUnit: PriceUnit,
  groupPriceType: GroupPriceType.nullable(),
  useChildPrices: z.boolean(),
  hasLocalPrice: z.boolean(),
  durationMinutes: z.number().int().nullable(),
  durationDays: z.number().int().nullable(),
  durationNights: z.number().int().nullable(),
  transportItems: z.array(BookedTransportSchema),
  cancelType: CancelType,
  bookType: BookType,
  maxQtyForPrice: z.number().int(),
  minQtyForPrice: z.number().int(),
  yachtTrip: z.boolean(),
  currency: z.string(),
  city: z.object({ slug: z.string(), name: z.string() }),
  country: z.object({ code: z.string(), name: z.string() }),
  /** Where the day starts (meeting point or pickup), for the itinerary. */
  meetingPoint: z.string().nullable(),
  timeZone: z.string(),
});
export type OrderItemOption = z.infer<typeof OrderItemOptionSchema>;

export const OrderRefSchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  number: z.string().nullable(),
  canShareTrip: z.boolean(),
  customerName: z.string(),
  customerEmail: z.string(),
});

export const OrderItemSchema = z.object({
  id: z.string(),
  startDate: IsoDate,
  endDate: IsoDate,
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  nights: z.number().int(),
  totalQuantity: z.number().int(),
  quantity: z.number().int(),
  childQuantity: z.number().int(),
  localQuantity: z.number().int(),
  childLocalQuantity: z.number().int(),
  isGift: z.boolean(),
  isGiftExperience: z.boolean(),
  giftImage: z.string().nullable(),
  sendGiftDate: IsoDate.nullable(),
  giftCardId: z.string().nullable(),
  supplierActivityOptionId: z.number().int(),
  status: BookingStatus.nullable(),
  /** The end of free cancellation (null: never free). */
  cancelableDate: IsoDateTime.nullable(),
  canCancel: z.boolean(),
  /** Spec §8 words: 'Free cancellation before …' or the non-refundable text. */
  cancellationTerms: z.string(),
  numGuestCanAdd: z.number().int(),
  canChangeDate: z.boolean(),
  review: z.object({ rating: z.number().int().nullable() }).nullable(),
  checkoutPayment: z.object({ status: CheckoutPaymentStatus }).nullable(),
  customers: z.array(CustomerSchema),
  requiredCustomerInfos: z.array(CustomerField),
  option: OrderItemOptionSchema,
  selectedTransportItem: BookedTransportSchema.nullable(),
  detailedTimeslotId: z.string().nullable(),
  room: z.object({ id: z.number().int(), name: z.string(), roomType: RoomType, privacy: RoomPrivacy, maxGuests: z.number().int() }).nullable(),
  order: OrderRefSchema.nullable(),
  /** The price lines in the option's currency. */
  lines: z.array(PriceLineSchema),
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

export const AppliedPromotionSchema = z.object({
  redemptionId: z.string(),
  code: z.string(),
  title: z.string(),
  discountType: z.enum(['percent', 'fixed']),
  percentOff: z.number().int().nullable(),
  /** Why it no longer takes anything off (e.g. the bag fell under its minimum spend), or null. */
  problem: z.string().nullable(),
});
export type AppliedPromotion = z.infer<typeof AppliedPromotionSchema>;

const ExchangedAmountsSchema = z.object({
  subtotal: MoneySchema,
  promotionDiscount: MoneySchema,
  welcomeDiscount: MoneySchema,
  referralAmount: MoneySchema,
  giftCodeAmount: MoneySchema,
  deductedCredit: MoneySchema,
  /** What the employee's company pays through a corporate code (the whole subtotal). */
  corporateAmount: MoneySchema,
  total: MoneySchema,
  /** The part of the total that is the 2 % conversion fee (zero when nothing is exchanged). */
  conversionFee: MoneySchema,
  lines: z.array(PriceLineSchema),
});

export const CartSchema = z.object({
  id: z.string(),
  /** The currency the traveller pays in. */
  currency: z.string(),
  orderItemId: z.string().nullable(),
  /** Present with view=with_order_item. */
  orderItem: OrderItemSchema.nullable().optional(),
  numPossibleRedemptions: z.number().int(),
  useCredit: z.boolean(),
  fullPaymentByCredit: z.boolean(),
  // In the option's own currency:
  subtotalAmount: MoneySchema,
  totalAmount: MoneySchema,
  deductedCreditAmount: MoneySchema,
  referralAmount: MoneySchema,
  welcomeDiscountAmount: MoneySchema,
  giftCode: z.string().nullable(),
  giftCodeAmount: MoneySchema,
  promotionCode: AppliedPromotionSchema.nullable(),
  /** A company code on the bag (POST /promotion-code-redemptions/corporate-redeem). */
  corporate: AppliedCorporateSchema.nullable(),
  corporateAmount: MoneySchema,
  promoCodeDiscountAmount: MoneySchema,
  /** The promotion discount in SGD, the currency conversions go through. */
  universalPromoCodeDiscountAmount: MoneySchema,
  /** In the chosen currency, with the conversion fee when exchanged. */
  exchangedPromoCodeDiscountAmount: MoneySchema,
  /** The exchanged subtotal, struck through when a promotion applies; otherwise null. */
  totalCrossOutPrice: MoneySchema.nullable(),
  exchangedSubtotalAmountWithConversionFee: MoneySchema,
  exchangedTotalAmountWithConversionFee: MoneySchema,
  exchanged: ExchangedAmountsSchema,
  exchange: ExchangeInfoSchema,
  /** Spec §9 minimum amount (S$10) in the chosen currency. */
  minimumAmount: MoneySchema,
  /** A payment for this bag is being authenticated: the bag cannot change until it ends. */
  paymentInProgress: z.boolean(),
});
export type Cart = z.infer<typeof CartSchema>;

export const CartQuery = z.object({
  cartId: z.string().min(1).max(64),
  view: z.enum(['with_order_item']).optional(),
  currency: CurrencyCode.optional(),
});
export const CartItemBody = SelectionSchema.extend({ optionId: Slug });
export type CartItemBody = z.input<typeof CartItemBody>;
export const CreateCartBody = z.object({
  cartId: z.string().min(1).max(64).optional(),
  currency: CurrencyCode.optional(),
  orderItem: CartItemBody,
});
export type CreateCartBody = z.input<typeof CreateCartBody>;
export const UpdateCartBody = z
  .object({ cartId: z.string().min(1).max(64), currency: CurrencyCode.optional(), useCredit: z.boolean().optional() })
  .refine((b) => b.currency !== undefined || b.useCredit !== undefined, { message: 'Give a currency or use_credit', path: ['currency'] });

// ── Gift codes on the cart (spec /gift-card-redemptions) ─────────────────────────────
export const RedeemGiftCodeBody = z.object({ cartId: z.string().min(1).max(64), code: z.string().trim().min(1, 'Please enter a gift code').max(40) });
export const GiftCodeOnCartParams = z.object({ cartId: z.string().min(1).max(64) });
export const UsableGiftCodeSchema = z.object({ id: z.string(), code: z.string(), amount: MoneySchema, expiresAt: z.string(), senderName: z.string() });
export type UsableGiftCode = z.infer<typeof UsableGiftCodeSchema>;
export const ClearCartBody = z.object({ cartId: z.string().min(1).max(64) });

// ── Promotion codes on the cart ──────────────────────────────────────────────────────
export const CheckPromotionCodeBody = z.object({ code: z.string().trim().min(1, 'Please enter a promotion code').max(40), cartId: z.string().max(64).optional() });
export const RedeemPromotionCodeBody = z.object({ cartId: z.string().min(1).max(64), code: z.string().trim().min(1, 'Please enter a promotion code').max(40) });

// ── Checkout ─────────────────────────────────────────────────────────────────────────
export const PaymentMethod = z.enum(['card', 'credit', 'gift_code', 'paynow', 'invoice', 'apple_pay', 'google_pay', 'grabpay', 'corporate']);
export type PaymentMethod = z.infer<typeof PaymentMethod>;
/** Spec §3's two mobile-wallet methods: a sheet on the device, a one-time card token for us. */
export const WALLET_METHODS = ['apple_pay', 'google_pay'] as const;
export const WalletMethod = z.enum(WALLET_METHODS);
export type WalletMethod = z.infer<typeof WalletMethod>;
export const isWalletMethod = (m: string): m is WalletMethod => (WALLET_METHODS as readonly string[]).includes(m);
/** Spec §3's regional wallet: GrabPay, a redirect to Grab and back, in these currencies only (as Stripe takes it). */
export const GRABPAY_CURRENCIES = ['SGD', 'MYR'] as const;
export const GRABPAY_CURRENCY_RULE = 'GrabPay takes Singapore dollars or Malaysian ringgit: switch the currency to SGD or MYR';
/** How each method is named to the traveller (confirmation, trip, receipt). */
export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, string> = {
  card: 'Card',
  credit: 'Verdant credits',
  gift_code: 'Gift code',
  paynow: 'PayNow',
  invoice: 'Invoice',
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
  grabpay: 'GrabPay',
  corporate: 'Paid by your company',
};
export const PaymentTiming = z.enum(['checkout', 'later', 'invoice']);
export type PaymentTiming = z.infer<typeof PaymentTiming>;

export const CheckoutsAvailableQuery = z.object({ cartId: z.string().max(64).optional(), currency: CurrencyCode.optional() });
export const CheckoutsAvailableResponse = z.object({
  currencies: z.array(CurrencySchema),
  paymentMethods: z.array(z.object({ method: PaymentMethod, available: z.boolean(), reason: z.string().nullable() })),
  paymentTimings: z.array(z.object({ timing: PaymentTiming, available: z.boolean(), dueAt: IsoDateTime.nullable(), reason: z.string().nullable() })),
  provider: z.enum(['test', 'stripe']),
  stripePublishableKey: z.string().nullable(),
  /** The test gateway's simulate-payment control is offered (development only). */
  canSimulatePayments: z.boolean(),
});
export type CheckoutsAvailableResponse = z.infer<typeof CheckoutsAvailableResponse>;

export const ContactSchema = z.object({
  name: z.string().trim().min(1, 'Please enter your name').max(120),
  email: z.string().trim().min(1, 'Please enter email').max(254).pipe(z.email('Email is invalid')),
  phone: z.string().trim().max(32).optional(),
});

export const PayBody = z.object({
  cartId: z.string().max(64).optional(),
  /** Paying an order booked earlier (later payment, invoice) instead of a bag. */
  orderId: z.string().max(64).optional(),
  currency: CurrencyCode,
  /** The total the traveller was shown; a different server total answers 409 price_changed. */
  expectedTotal: MoneySchema,
  contact: ContactSchema.optional(),
  customers: z.array(CustomerInfoSchema).max(99).optional(),
  pickupAddress: z.string().trim().max(300).optional(),
  specialRequests: z.string().trim().max(1000).optional(),
  paymentMethod: PaymentMethod,
  paymentTiming: PaymentTiming.default('checkout'),
  /** A card token from the payment provider (test gateway token or Stripe PaymentMethod id). */
  cardToken: z.string().max(2000).optional(),
  /** Pay by card with one of the member's saved cards (GET /payment_cards) instead of a new card token. */
  paymentCardId: z.string().max(64).optional(),
  /** Members: keep this new card for next time (it is saved once the payment succeeds). */
  saveCard: z.boolean().optional(),
  /**
   * Apple Pay and Google Pay: what the wallet sheet gave (the test gateway's wallet token, or the
   * Stripe PaymentMethod the Express Checkout Element created). Required with those methods.
   */
  walletToken: z.string().max(4000).optional(),
});
export type PayBody = z.input<typeof PayBody>;

/** POST /test-gateway/wallet-tokens: the test gateway's wallet sheet approved (no keys, no device). */
export const WalletTokenBody = z.object({
  wallet: WalletMethod,
  /** The amount and currency the sheet showed: the token pays exactly this. */
  amount: MoneySchema,
  /** The card in the simulated wallet: 4242 pays, 9995 is declined (insufficient funds). */
  card: z.enum(['4242', '9995']).default('4242'),
});
export type WalletTokenBody = z.input<typeof WalletTokenBody>;
export const WalletTokenResponse = z.object({ token: z.string(), wallet: WalletMethod, card: z.object({ brand: z.string(), last4: z.string() }) });

export const NextActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('otp_challenge'), challengeId: z.string(), cardBrand: z.string().nullable(), cardLast4: z.string().nullable(), expiresAt: IsoDateTime }),
  z.object({ type: z.literal('paynow_qr'), imageSvg: z.string().nullable(), imageUrl: z.string().nullable(), reference: z.string(), expiresAt: IsoDateTime }),
  z.object({ type: z.literal('stripe_confirm'), clientSecret: z.string(), expiresAt: IsoDateTime }),
  /** GrabPay: go to the wallet's page; it comes back to /checkout/finalizing (or the payment page). */
  z.object({ type: z.literal('redirect'), url: z.string(), method: z.literal('grabpay'), expiresAt: IsoDateTime }),
]);
export type NextAction = z.infer<typeof NextActionSchema>;

export const OrderPaymentSchema = z.object({
  id: z.string(),
  method: PaymentMethod,
  status: CheckoutPaymentStatus,
  amount: MoneySchema,
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  failureMessage: z.string().nullable(),
});

export const OrderStatus = z.enum(['pending_payment', 'requires_action', 'awaiting_payment', 'placed', 'failed', 'expired', 'cancelled']);
export type OrderStatus = z.infer<typeof OrderStatus>;

export const OrderSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  status: OrderStatus,
  paymentMethod: PaymentMethod,
  paymentTiming: PaymentTiming,
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string().nullable(),
  specialRequests: z.string(),
  pickupAddress: z.string().nullable(),
  subtotalAmount: MoneySchema,
  promoCodeDiscountAmount: MoneySchema,
  deductedCreditAmount: MoneySchema,
  giftCodeAmount: MoneySchema,
  corporateAmount: MoneySchema,
  /** The company that paid through a corporate code, or null. */
  paidByCompany: z.string().nullable(),
  totalAmount: MoneySchema,
  exchangedSubtotalAmountWithConversionFee: MoneySchema,
  exchangedDiscountAmount: MoneySchema,
  exchangedTotalAmountWithConversionFee: MoneySchema,
  conversionFeeAmount: MoneySchema,
  exchange: ExchangeInfoSchema,
  exchangedLines: z.array(PriceLineSchema),
  promotionCode: z.string().nullable(),
  holdExpiresAt: IsoDateTime.nullable(),
  paymentDueAt: IsoDateTime.nullable(),
  placedAt: IsoDateTime.nullable(),
  paidAt: IsoDateTime.nullable(),
  payment: OrderPaymentSchema.nullable(),
  nextAction: NextActionSchema.nullable(),
  orderItem: OrderItemSchema.nullable(),
});
export type Order = z.infer<typeof OrderSchema>;

export const PayResponse = z.object({
  status: z.enum(['succeeded', 'requires_action', 'awaiting_payment', 'failed']),
  order: OrderSchema,
  nextAction: NextActionSchema.nullable(),
});
export type PayResponse = z.infer<typeof PayResponse>;

export const PayOtpBody = z.object({ orderId: z.string().min(1).max(64), challengeId: z.string().max(80).optional(), otp: z.string().trim().max(12) });
export const PayFailBody = z.object({ orderId: z.string().min(1).max(64), reason: z.string().max(200).optional() });
export const FinalizeBody = z.object({ orderId: z.string().min(1).max(64) });

/** PATCH /orders/{id}: the booking's contact details. */
export const UpdateOrderContactBody = z.object({
  name: z.string().trim().min(1, 'Please enter your name').max(120).optional(),
  email: z.string().trim().min(1, 'Please enter email').max(254).pipe(z.email('Email is invalid')).optional(),
  phone: z.string().trim().max(32).optional(),
});

/** POST /required-infos: the guests' details, at checkout or later (/trips/{id}/required_info). */
export const RequiredInfosBody = z.object({ orderItemId: z.string().min(1).max(64), customers: z.array(CustomerInfoSchema).min(1).max(99) });

/**
 * POST /refresh_requirements (ADR 0040): checks a booking's guests against what the operator
 * needs now. Fields the experience began to require after the booking mark the guests who lack
 * them as not submitted, so the trip asks for them.
 */
export const RefreshRequirementsBody = z.object({ orderItemId: z.string().min(1, 'Give the booking').max(64) });
export const RefreshRequirementsResponse = z.object({
  orderItemId: z.string(),
  requiredCustomerInfos: z.array(CustomerField),
  /** Required now but not when the guests' details were given. */
  newlyRequired: z.array(CustomerField),
  customers: z.array(z.object({ position: z.number().int(), isSubmitted: z.boolean(), missing: z.array(CustomerField) })),
  /** Every guest has every field the operator needs. */
  complete: z.boolean(),
});
export type RefreshRequirementsResponse = z.infer<typeof RefreshRequirementsResponse>;

/** POST /waitlists: join the waitlist of a sold-out date. */
export const WaitlistBody = z.object({
  optionId: Slug,
  date: IsoDate,
  detailedTimeslotId: z.string().max(40).optional(),
  name: z.string().trim().min(1, 'Please enter your name').max(120),
  email: z.string().trim().min(1, 'Please enter email').max(254).pipe(z.email('Email is invalid')),
  guests: z.number().int().min(1).max(99).default(1),
});
export type WaitlistBody = z.input<typeof WaitlistBody>;
export const WaitlistResponse = z.object({ waitlist: z.object({ optionId: z.string(), date: IsoDate, email: z.string(), guests: z.number().int(), createdAt: IsoDateTime }) });

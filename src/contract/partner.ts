// The operators' back-office calls (spec §1 suppliers, §2 /partner, §4 booking statuses; issue 15).
// Every call answers 401 to a guest and 403 to anyone signed in who is neither a member of an
// operator nor an admin. A partner addresses only their own operators: another operator, or
// another operator's booking, answers 404 (never revealing that it exists). Admins open any.
//
//   GET  /partner/operators                                   → PartnerOperatorsResponse
//   GET  /partner/operators/{slug}/bookings?status=&from=&to=&page=&per=  → PartnerBookingList
//   GET  /partner/operators/{slug}/bookings.csv?status=&from=&to=         → text/csv (every match)
//   GET  /partner/operators/{slug}/bookings/{id}              → { booking }
//   POST /partner/operators/{slug}/bookings/{id}/confirm      → { booking }
//   POST /partner/operators/{slug}/bookings/{id}/decline      { note } → { booking } (note required: sent to the traveller)
//   POST /partner/operators/{slug}/bookings/{id}/change-request/accept  { note? } → { booking }
//   POST /partner/operators/{slug}/bookings/{id}/change-request/reject  { note? } → { booking }
//   POST /partner/operators/{slug}/bookings/{id}/complete     → { booking }
// The actions are today's operator calls (POST /operator/order-items/{id}/…): same rules, same
// e-mails; an action the booking's status does not allow answers 409. Availability, payouts and team:
// their sections below.
import { z } from 'zod';
import { DraftPricesSchema, ExperienceDraftSchema } from './admin.ts';
import { BookingStatus, CustomerField, CustomerInfoSchema } from './booking.ts';
import { IsoDate, IsoDateTime, MAX_INT4, MoneySchema } from './common.ts';
import { CancelType, OptionKind, PriceUnit, RescheduleType, RoomPrivacy, RoomType } from './options.ts';

export const PartnerOperatorSchema = z.object({
  slug: z.string(),
  name: z.string(),
  currency: z.string(),
  /** Where Verdant e-mails the operator about new bookings, requests and date changes. */
  email: z.string(),
  /** 'admin' when the viewer opens it as a Verdant admin rather than as a member. */
  role: z.enum(['owner', 'staff', 'admin']),
});
export type PartnerOperator = z.infer<typeof PartnerOperatorSchema>;
export const PartnerOperatorsResponse = z.object({ operators: z.array(PartnerOperatorSchema) });
export type PartnerOperatorsResponse = z.infer<typeof PartnerOperatorsResponse>;

/** The inbox's status filter: one booking status, everything, or what waits for the operator's answer. */
export const PartnerStatusFilter = z.enum(['all', 'needs_action', ...BookingStatus.options]);
export type PartnerStatusFilter = z.infer<typeof PartnerStatusFilter>;

export const PartnerBookingFilters = z
  .object({
    status: PartnerStatusFilter.default('all'),
    /** Trips starting on or after this date. */
    from: IsoDate.optional(),
    /** Trips starting on or before this date. */
    to: IsoDate.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'The end date must not be before the start date' });
export type PartnerBookingFilters = z.infer<typeof PartnerBookingFilters>;

export const PartnerBookingListQuery = z.intersection(
  PartnerBookingFilters,
  z.object({
    page: z.coerce.number().int('Use a whole page number').min(1, 'Pages start at 1').max(10_000).default(1),
    per: z.coerce.number().int().min(1).max(100, 'At most 100 a page').default(25),
  }),
);
export type PartnerBookingListQuery = z.infer<typeof PartnerBookingListQuery>;

export const PartnerAction = z.enum(['confirm', 'decline', 'accept_change', 'reject_change', 'complete']);
export type PartnerAction = z.infer<typeof PartnerAction>;

export const PartnerBookingSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: BookingStatus,
  isGift: z.boolean(),
  experience: z.object({ slugCode: z.string(), name: z.string() }),
  startDate: IsoDate,
  endDate: IsoDate,
  startTime: z.string().nullable(),
  room: z.string().nullable(),
  guests: z.object({ adults: z.number().int(), children: z.number().int(), locals: z.number().int(), localChildren: z.number().int(), total: z.number().int() }),
  customer: z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() }),
  /** What the booking is worth in the operator's currency, before refunds. */
  total: MoneySchema,
  specialRequests: z.string(),
  pickup: z.object({ name: z.string(), address: z.string().nullable() }).nullable(),
  /** The details the operator needs of each guest, and what the guests gave. */
  requiredCustomerInfos: z.array(CustomerField),
  customers: z.array(z.object({ position: z.number().int(), info: CustomerInfoSchema, isSubmitted: z.boolean() })),
  /** The open date-change request (while the booking has one). */
  changeRequest: z.object({ startDate: IsoDate, endDate: IsoDate, startTime: z.string().nullable(), note: z.string(), createdAt: IsoDateTime }).nullable(),
  placedAt: IsoDateTime.nullable(),
  /** What the operator may do now (the operator calls refuse the rest with 409). */
  actions: z.array(PartnerAction),
});
export type PartnerBooking = z.infer<typeof PartnerBookingSchema>;

export const PartnerBookingList = z.object({
  bookings: z.array(PartnerBookingSchema),
  total: z.number().int(),
  /** Bookings of this operator waiting for an answer (requests and date changes), whatever the filter. */
  needsAction: z.number().int(),
});
export type PartnerBookingList = z.infer<typeof PartnerBookingList>;
export const PartnerBookingResponse = z.object({ booking: PartnerBookingSchema });
export type PartnerBookingResponse = z.infer<typeof PartnerBookingResponse>;

/** Declining tells the traveller why: the reason goes into their e-mail. */
export const PartnerDeclineBody = z.object({ note: z.string({ error: 'Tell the traveller why you decline' }).trim().min(1, 'Tell the traveller why you decline').max(1000, 'At most 1000 characters') });
export type PartnerDeclineBody = z.infer<typeof PartnerDeclineBody>;

// ---- Availability (issue 15, item 3) ----
//   GET  /partner/operators/{slug}/options                    → PartnerOptionsResponse (the operator's experiences)
//   GET  /partner/operators/{slug}/options/{optionId}/departures?from=&to=  → PartnerDeparturesResponse (at most 62 days)
//   PUT  /partner/operators/{slug}/options/{optionId}/departures/{date}/{slot}  { capacity } → { departure }
//        409 when the capacity is below the seats already sold (the message names the count);
//        capacity 0 closes the departure to new sales (allowed only while nothing is sold).
//   GET  /partner/operators/{slug}/departures.ics             → text/calendar: upcoming departures with bookings
//   GET    /partner/operators/{slug}/calendar-feed             → CalendarFeedResponse: the subscribable address, or null when off
//   POST   /partner/operators/{slug}/calendar-feed             → CalendarFeedResponse: a new address (the old one stops answering)
//   DELETE /partner/operators/{slug}/calendar-feed             → CalendarFeedResponse (url null): the feed is off
//   GET    /calendar/{token}.ics (no session, no API key)      → the same calendar, for calendar apps to poll; 404 for an unknown token
// Another operator's option answers 404, like another operator.

export const CalendarFeedResponse = z.object({ url: z.string().nullable() });
export type CalendarFeedResponse = z.infer<typeof CalendarFeedResponse>;

export const PartnerOptionSchema = z.object({
  id: z.number().int(),
  slugCode: z.string(),
  name: z.string(),
  /** What one unit of capacity is: a seat, a group, or a room (stays). */
  unit: z.enum(['seat', 'group', 'room']),
  published: z.boolean(),
});
export type PartnerOption = z.infer<typeof PartnerOptionSchema>;
export const PartnerOptionsResponse = z.object({ options: z.array(PartnerOptionSchema) });
export type PartnerOptionsResponse = z.infer<typeof PartnerOptionsResponse>;

/** The longest range the departures call lists at once (a month view with its edges). */
export const MAX_DEPARTURE_RANGE_DAYS = 62;

export const PartnerDeparturesQuery = z
  .object({ from: IsoDate, to: IsoDate })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'The end date must not be before the start date' })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_DEPARTURE_RANGE_DAYS, {
    path: ['to'],
    message: `At most ${MAX_DEPARTURE_RANGE_DAYS} days at once`,
  });
export type PartnerDeparturesQuery = z.infer<typeof PartnerDeparturesQuery>;

/** The departure's slot in a URL: a start time 'HH:MM', 'day' (no start time) or 'room:<id>' (stays). */
export const DepartureSlotKey = z.string().regex(/^(?:(?:[01]\d|2[0-3]):[0-5]\d|day|room:\d{1,9})$/, 'Unknown departure time');

export const MAX_DEPARTURE_CAPACITY = 9999;

export const PartnerDepartureSchema = z.object({
  date: IsoDate,
  /** The slot key (see DepartureSlotKey), used in the PUT's URL. */
  slot: z.string(),
  /** Start time 'HH:MM', or null for all-day departures and rooms. */
  startTime: z.string().nullable(),
  /** The room type's name for stays; null otherwise. */
  label: z.string().nullable(),
  capacity: z.number().int(),
  /** Units taken (seats, groups or rooms sold). */
  sold: z.number().int(),
  /** Capacity 0: closed to new sales. */
  closed: z.boolean(),
  /** False for departures of today or earlier (in the experience’s time zone) and beyond the bookable window (a year ahead). */
  editable: z.boolean(),
  /** Why a departure is not editable, so the screen says it in the experience's own day. */
  lockedBecause: z.enum(['today_or_past', 'beyond_window']).nullable(),
});
export type PartnerDeparture = z.infer<typeof PartnerDepartureSchema>;

export const PartnerDeparturesResponse = z.object({ option: PartnerOptionSchema, departures: z.array(PartnerDepartureSchema) });
export type PartnerDeparturesResponse = z.infer<typeof PartnerDeparturesResponse>;

export const PartnerCapacityBody = z.object({
  capacity: z
    .number({ error: 'Enter the capacity as a whole number' })
    .int('Enter the capacity as a whole number')
    .min(0, 'Capacity can’t be negative')
    .max(MAX_DEPARTURE_CAPACITY, `At most ${MAX_DEPARTURE_CAPACITY}`),
});
export type PartnerCapacityBody = z.infer<typeof PartnerCapacityBody>;
export const PartnerDepartureResponse = z.object({ departure: PartnerDepartureSchema });
export type PartnerDepartureResponse = z.infer<typeof PartnerDepartureResponse>;

// ---- Availability: the rule, closed dates and seasonal prices (issue 15, item 3; decision 33) ----
//   GET  /partner/operators/{slug}/options/{optionId}/rule    → PartnerRuleResponse
//   PUT  /partner/operators/{slug}/options/{optionId}/rule    PartnerRuleBody → PartnerRuleResponse
//        Weekdays, closed months, the booking cut-off and the default capacity of a departure. Live at
//        once; departures that have their own capacity (a row: booked or set by hand) keep it.
//   POST /partner/operators/{slug}/options/{optionId}/dates/close   PartnerDateRangeBody → PartnerClosureResponse
//        Every departure of every date in the range gets capacity 0. All or nothing: a departure with
//        seats sold answers 409 naming the dates and counts (`sold`), and nothing is closed.
//   POST /partner/operators/{slug}/options/{optionId}/dates/reopen  PartnerDateRangeBody → PartnerClosureResponse
//        The closed departures of the range return to the rule's figures.
//   GET    /partner/operators/{slug}/options/{optionId}/seasons              → PartnerSeasonsResponse
//   POST   /partner/operators/{slug}/options/{optionId}/seasons              PartnerSeasonBody → 201 PartnerSeasonsResponse
//   PUT    /partner/operators/{slug}/options/{optionId}/seasons/{seasonId}   PartnerSeasonBody → PartnerSeasonsResponse
//   DELETE /partner/operators/{slug}/options/{optionId}/seasons/{seasonId}   → PartnerSeasonsResponse
//        One option's seasons never overlap (422 naming the other season). A trip is priced by the season
//        covering its start date; a stay prices each night by its own season.

/** Weekday numbers on the wire: 0 = Monday … 6 = Sunday. */
export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
/** The longest booking cut-off, in days. */
export const MAX_LEAD_DAYS = 180;

export const PartnerRuleSchema = z.object({
  /** Days it runs, 0 = Monday … 6 = Sunday, in order. */
  weekdays: z.array(z.number().int()),
  /** Months (1–12) without departures, in order. */
  closedMonths: z.array(z.number().int()),
  /** The cut-off: the first bookable date is the experience's local today + leadDays (so 1 = until midnight the day before). */
  leadDays: z.number().int(),
  /** Units of a departure that has no capacity of its own; stays use their room counts instead. */
  slotCapacity: z.number().int(),
  /** True while the experience has no rule of its own (Verdant's defaults apply). */
  isDefault: z.boolean(),
});
export type PartnerRule = z.infer<typeof PartnerRuleSchema>;

export const PartnerRuleResponse = z.object({
  option: PartnerOptionSchema,
  rule: PartnerRuleSchema,
  /** What travellers can book today under this rule: the first and last bookable dates. */
  bookableFrom: IsoDate,
  bookableTo: IsoDate,
  /** Upcoming departures with seats sold on days the rule no longer runs: they stay booked. */
  bookedOutsideRule: z.number().int(),
});
export type PartnerRuleResponse = z.infer<typeof PartnerRuleResponse>;

const uniqueSorted = (xs: number[]) => [...new Set(xs)].sort((a, b) => a - b);

export const PartnerRuleBody = z.object({
  weekdays: z
    .array(z.number({ error: 'Choose the days it runs' }).int('Choose the days it runs').min(0, 'Unknown weekday').max(6, 'Unknown weekday'), { error: 'Choose the days it runs' })
    .min(1, 'Choose at least one day it runs')
    .transform(uniqueSorted),
  closedMonths: z
    .array(z.number({ error: 'Choose months from the list' }).int('Choose months from the list').min(1, 'Unknown month').max(12, 'Unknown month'), { error: 'Choose months from the list' })
    .default([])
    .transform(uniqueSorted)
    .refine((ms) => ms.length < 12, 'It can’t be closed every month: leave at least one open'),
  leadDays: z
    .number({ error: 'Enter the cut-off as a whole number of days' })
    .int('Enter the cut-off as a whole number of days')
    .min(1, 'Bookings close at least 1 day ahead (midnight the day before)')
    .max(MAX_LEAD_DAYS, `At most ${MAX_LEAD_DAYS} days`),
  /** Required except for stays (their rooms have their own counts). */
  slotCapacity: z
    .number({ error: 'Enter the capacity as a whole number' })
    .int('Enter the capacity as a whole number')
    .min(1, 'A departure needs at least 1 place; to stop sales, close dates instead')
    .max(MAX_DEPARTURE_CAPACITY, `At most ${MAX_DEPARTURE_CAPACITY}`)
    .optional(),
});
export type PartnerRuleBody = z.input<typeof PartnerRuleBody>;
/** The rule body after validation (days sorted, closed months defaulted). */
export type PartnerRuleValues = z.output<typeof PartnerRuleBody>;

/** The longest range closed or reopened in one call. */
export const MAX_CLOSE_RANGE_DAYS = 366;
const daySpan = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

export const PartnerDateRangeBody = z
  .object({ from: z.iso.date({ error: 'Choose the first date' }), to: z.iso.date({ error: 'Choose the last date' }) })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'The last date must not be before the first' })
  .refine((q) => daySpan(q.from, q.to) <= MAX_CLOSE_RANGE_DAYS, { path: ['to'], message: `At most ${MAX_CLOSE_RANGE_DAYS} days at once` });
export type PartnerDateRangeBody = z.infer<typeof PartnerDateRangeBody>;

export const PartnerClosureResponse = z.object({
  from: IsoDate,
  to: IsoDate,
  /** Departures (date × start time or room type) closed or reopened by the call. */
  departures: z.number().int(),
});
export type PartnerClosureResponse = z.infer<typeof PartnerClosureResponse>;

/** A 409 refusal to close: the departures with seats sold. */
export const PartnerClosureRefusal = z.object({
  error: z.string(),
  code: z.literal('sold'),
  sold: z.array(z.object({ date: IsoDate, slot: z.string(), sold: z.number().int() })),
});

export const PartnerSeasonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  startDate: IsoDate,
  endDate: IsoDate,
  /** The season's prices, for the option's pricing basis (null where the option has no such price). */
  prices: z.object({
    adult: MoneySchema.nullable(),
    child: MoneySchema.nullable(),
    localAdult: MoneySchema.nullable(),
    localChild: MoneySchema.nullable(),
    group: MoneySchema.nullable(),
    extraGuest: MoneySchema.nullable(),
    rooms: z.array(z.object({ roomId: z.number().int(), name: z.string(), pricePerNight: MoneySchema })),
  }),
});
export type PartnerSeason = z.infer<typeof PartnerSeasonSchema>;

/** Which prices a season of this option gives (its pricing basis), and its own prices to start from. */
export const PartnerPriceFieldSchema = z.object({
  key: z.enum(['adult', 'child', 'localAdult', 'localChild', 'group', 'extraGuest', 'room']),
  /** For 'room': the room type's id. */
  roomId: z.number().int().nullable(),
  label: z.string(),
  /** The option's own price. */
  standard: MoneySchema,
});
export type PartnerPriceField = z.infer<typeof PartnerPriceFieldSchema>;

export const PartnerSeasonsResponse = z.object({
  option: PartnerOptionSchema,
  currency: z.string(),
  /** Decimals of the currency (0 for JPY, 2 for SGD): prices are entered in its major unit. */
  exponent: z.number().int(),
  priceFields: z.array(PartnerPriceFieldSchema),
  seasons: z.array(PartnerSeasonSchema),
});
export type PartnerSeasonsResponse = z.infer<typeof PartnerSeasonsResponse>;

/** The longest season. */
export const MAX_SEASON_DAYS = 366;
const SeasonPrice = z.number({ error: 'Enter a price' }).min(0, 'A price can’t be negative').max(10_000_000, 'That price is too high');

export const PartnerSeasonBody = z
  .object({
    name: z.string({ error: 'Give the season a name' }).trim().min(1, 'Give the season a name, such as “Peak season”').max(60, 'At most 60 characters'),
    startDate: z.iso.date({ error: 'Choose the first date' }),
    endDate: z.iso.date({ error: 'Choose the last date' }),
    /** Major units of the option's currency. Give every price the experience has (see priceFields). */
    prices: z.object(
      {
        adult: SeasonPrice.optional(),
        child: SeasonPrice.optional(),
        localAdult: SeasonPrice.optional(),
        localChild: SeasonPrice.optional(),
        group: SeasonPrice.optional(),
        extraGuest: SeasonPrice.optional(),
        rooms: z.array(z.object({ roomId: z.number().int(), pricePerNight: SeasonPrice })).optional(),
      },
      { error: 'Enter the season’s prices' },
    ),
  })
  .refine((b) => b.startDate <= b.endDate, { path: ['endDate'], message: 'The last date must not be before the first' })
  .refine((b) => daySpan(b.startDate, b.endDate) <= MAX_SEASON_DAYS, { path: ['endDate'], message: `A season lasts at most ${MAX_SEASON_DAYS} days` });
export type PartnerSeasonBody = z.infer<typeof PartnerSeasonBody>;

// ---- Payouts (issue 15, item 5) ----
//   GET  /partner/operators/{slug}/payouts                    → PartnerPayoutsResponse: a statement per month of trips and currency, newest first
//   GET  /partner/operators/{slug}/payouts/{month}?currency=  → PartnerPayoutStatementResponse: the statement and each of its bookings
//   GET  /partner/operators/{slug}/payouts/{month}.csv?currency= → text/csv: the same bookings, with totals
//   POST /partner/operators/{slug}/payouts/{month}/paid  { currency, reference } → PartnerPayoutStatementResponse
//        Verdant admins only (403 to the operator's members); 409 while the month still has trips to run or once it is paid.
// A statement holds the paid bookings whose trip starts in that month: what each is worth at the
// operator's prices (Verdant pays for its own discounts, credits and gift codes), less the share
// refunded to the traveller, less Verdant's commission on the rest.

export const PayoutMonth = z.string().regex(/^\d{4}-(?:0[1-9]|1[0-2])$/, 'Use a month as YYYY-MM');
/** Verdant transfers a month's statement on this day of the month after. */
export const PAYOUT_DAY = 15;

export const PayoutStatus = z.enum(['open', 'due', 'paid']);
export type PayoutStatus = z.infer<typeof PayoutStatus>;

const PayoutFigures = {
  /** The bookings' value at the operator's prices. */
  gross: MoneySchema,
  /** The part of that value given back to travellers (cancellations), in the same proportion as their refunds. */
  refunded: MoneySchema,
  /** Verdant's commission on what is left. */
  commission: MoneySchema,
  /** What the operator is paid: gross − refunded − commission. */
  net: MoneySchema,
};

export const PartnerPayoutSummarySchema = z.object({
  month: PayoutMonth,
  currency: z.string(),
  /** open: the month still has trips to run; due: it is over and not paid yet; paid: transferred. */
  status: PayoutStatus,
  bookings: z.number().int(),
  ...PayoutFigures,
  /** When Verdant transfers an open or due statement (the 15th of the month after). */
  expectedOn: IsoDate,
  payout: z.object({ amount: MoneySchema, reference: z.string(), paidAt: IsoDateTime }).nullable(),
});
export type PartnerPayoutSummary = z.infer<typeof PartnerPayoutSummarySchema>;

export const PartnerPayoutsResponse = z.object({
  /** Verdant's commission rate for this operator, in percent (20 = 20%). */
  commissionPercent: z.number(),
  statements: z.array(PartnerPayoutSummarySchema),
});
export type PartnerPayoutsResponse = z.infer<typeof PartnerPayoutsResponse>;

export const PartnerPayoutLineSchema = z.object({
  bookingId: z.string(),
  number: z.string(),
  experience: z.object({ slugCode: z.string(), name: z.string() }),
  startDate: IsoDate,
  customerName: z.string(),
  status: BookingStatus,
  ...PayoutFigures,
});
export type PartnerPayoutLine = z.infer<typeof PartnerPayoutLineSchema>;

export const PartnerPayoutStatementResponse = z.object({
  commissionPercent: z.number(),
  statement: PartnerPayoutSummarySchema,
  lines: z.array(PartnerPayoutLineSchema),
});
export type PartnerPayoutStatementResponse = z.infer<typeof PartnerPayoutStatementResponse>;

export const PayoutStatementQuery = z.object({ currency: z.string().regex(/^[A-Z]{3}$/, 'Use a three-letter currency code').optional() });
export type PayoutStatementQuery = z.infer<typeof PayoutStatementQuery>;

export const RecordPayoutBody = z.object({
  currency: z.string({ error: 'Say which currency was paid' }).regex(/^[A-Z]{3}$/, 'Use a three-letter currency code'),
  reference: z.string({ error: 'Enter the transfer’s reference' }).trim().min(1, 'Enter the transfer’s reference').max(100, 'At most 100 characters'),
});
export type RecordPayoutBody = z.infer<typeof RecordPayoutBody>;

// ---- Team (issue 15, item 6) ----
//   GET    /partner/operators/{slug}/team                     → PartnerTeamResponse
//   POST   /partner/operators/{slug}/team/invitations { email } → 201 PartnerTeamResponse: an e-mail with a sign-up link
//          (valid 14 days); an address that already has a Verdant account is added at once and told by e-mail;
//          inviting again renews and re-sends; 409 for someone already in the team
//   DELETE /partner/operators/{slug}/team/invitations/{id}    → PartnerTeamResponse (withdrawn)
//   DELETE /partner/operators/{slug}/team/members/{userId}    → PartnerTeamResponse; 409 for the last owner
// Owners and Verdant admins manage the team; staff see it and get 403 on the rest.

/** How long a team invitation's link works. */
export const INVITATION_DAYS = 14;

export const TeamRole = z.enum(['owner', 'staff']);
export type TeamRole = z.infer<typeof TeamRole>;

export const PartnerTeamResponse = z.object({
  members: z.array(z.object({ userId: z.string(), name: z.string(), email: z.string(), role: TeamRole, since: IsoDateTime, isYou: z.boolean() })),
  invitations: z.array(z.object({ id: z.string(), email: z.string(), role: TeamRole, createdAt: IsoDateTime, expiresAt: IsoDateTime })),
  /** Whether the viewer may invite and remove (owners and Verdant admins). */
  canManage: z.boolean(),
});
export type PartnerTeamResponse = z.infer<typeof PartnerTeamResponse>;

export const TeamInviteBody = z.object({
  email: z.string({ error: 'Please enter email' }).trim().min(1, 'Please enter email').max(254, 'At most 254 characters').pipe(z.email('Email is invalid')),
});
export type TeamInviteBody = z.infer<typeof TeamInviteBody>;

// ---- Listings (issue 15, item 2; ADR 0032) ----
//   GET    /partner/operators/{slug}/listings                     → PartnerListingsResponse
//   GET    /partner/operators/{slug}/listings/{optionId}          → PartnerListingResponse
//   PUT    /partner/operators/{slug}/listings/{optionId}/prices   { prices, rooms } → PartnerListingResponse
//          Live at once: the booking widget and the quote use the new prices on their next call, and
//          the pages that show the price are republished.
//   POST   /partner/operators/{slug}/listings/{optionId}/changes  { content } → 201 PartnerListingResponse
//          A content change for Verdant to review; it replaces the operator's earlier change still
//          waiting. 422 when it changes nothing.
//   DELETE /partner/operators/{slug}/listings/{optionId}/changes  → PartnerListingResponse (withdrawn); 404 when none waits
//   POST   /partner/operators/{slug}/images  multipart { file, alt } → 201 UploadedImage: a photo the operator's changes may use
// The review, for Verdant admins (403 to everyone else):
//   GET    /admin/listing_changes?status=                         → ListingChangeList
//   POST   /admin/listing_changes/{id}/approve                    → ListingChangeResponse: live at once, the pages republished
//   POST   /admin/listing_changes/{id}/decline { note }           → ListingChangeResponse; the note goes to the operator
//          Both 409 once the change was decided or withdrawn.

/** What an operator may change about an experience's content; Verdant reviews it before it goes live. */
export const ListingContentSchema = ExperienceDraftSchema.pick({
  name: true,
  summary: true,
  description: true,
  durationMinutes: true,
  durationDays: true,
  durationNights: true,
  minAge: true,
  difficulty: true,
  languages: true,
  highlights: true,
  inclusions: true,
  exclusions: true,
  itinerary: true,
  locations: true,
  faqs: true,
  images: true,
  footprint: true,
}).extend({
  cancelType: CancelType,
  rescheduleType: RescheduleType,
  /** A stay's room types as travellers read them (their prices and counts are live data, not content). */
  rooms: z
    .array(
      z.object({
        id: z.number().int().positive().max(MAX_INT4),
        name: z.string().trim().min(2, 'Name the room type').max(80, 'At most 80 characters'),
        privacy: RoomPrivacy,
        maxGuests: z.number({ error: 'Enter a number' }).int('Use a whole number').min(1, 'At least 1 guest').max(20, 'At most 20 guests'),
      }),
    )
    .max(50, 'At most 50 room types'),
});
export type ListingContent = z.infer<typeof ListingContentSchema>;
export type ListingContentField = keyof ListingContent;

/** The price of a room type, per night in minor units (stays). */
export const ListingRoomPriceSchema = z.object({
  id: z.number().int().positive().max(MAX_INT4),
  pricePerNight: z.number({ error: 'Enter an amount' }).int('Use whole minor units (cents)').min(1, 'A room needs a price').max(2_000_000_000, 'That price is too high for one amount'),
});

export const ListingPricesBody = z.object({
  prices: DraftPricesSchema,
  /** Every room type of a stay, with its new price (empty for other experiences). */
  rooms: z.array(ListingRoomPriceSchema).max(50, 'At most 50 room types'),
});
export type ListingPricesBody = z.infer<typeof ListingPricesBody>;

export const ListingChangeBody = z.object({ content: ListingContentSchema });
export type ListingChangeBody = z.infer<typeof ListingChangeBody>;

export const ListingChangeStatus = z.enum(['pending', 'approved', 'declined', 'withdrawn']);
export type ListingChangeStatus = z.infer<typeof ListingChangeStatus>;

/** One field of a change: what the page said when the operator wrote it, and what they propose. */
export const ListingFieldChangeSchema = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
export type ListingFieldChange = z.infer<typeof ListingFieldChangeSchema>;

export const ListingChangeSchema = z.object({
  id: z.number().int(),
  status: ListingChangeStatus,
  /** The fields it changes, in the order of the form. */
  changes: z.array(ListingFieldChangeSchema),
  submittedBy: z.string(),
  submittedAt: IsoDateTime,
  decidedBy: z.string().nullable(),
  decidedAt: IsoDateTime.nullable(),
  /** Why it was declined (sent to the operator). */
  note: z.string().nullable(),
});
export type ListingChange = z.infer<typeof ListingChangeSchema>;

export const PartnerListingRowSchema = z.object({
  id: z.number().int(),
  slugCode: z.string(),
  name: z.string(),
  kind: OptionKind,
  priceUnit: PriceUnit,
  published: z.boolean(),
  /** The lowest price a traveller sees ("from"), in the operator's currency; null when not priced. */
  fromPrice: MoneySchema.nullable(),
  /** The cover photo's address, if any. */
  image: z.string().nullable(),
  /** A content change waiting for Verdant's review. */
  pendingSince: IsoDateTime.nullable(),
});
export type PartnerListingRow = z.infer<typeof PartnerListingRowSchema>;
export const PartnerListingsResponse = z.object({ listings: z.array(PartnerListingRowSchema) });
export type PartnerListingsResponse = z.infer<typeof PartnerListingsResponse>;

export const PartnerListingSchema = z.object({
  id: z.number().int(),
  slugCode: z.string(),
  name: z.string(),
  kind: OptionKind,
  priceUnit: PriceUnit,
  /** Per group: 'add_on' (each extra guest pays) or 'min_pax' (a minimum number billed). */
  groupPriceType: z.string().nullable(),
  useChildPrices: z.boolean(),
  hasLocalPrice: z.boolean(),
  published: z.boolean(),
  currency: z.string(),
  /** Minor-unit digits of `currency` (prices are minor units). */
  currencyExponent: z.number().int(),
  prices: DraftPricesSchema,
  rooms: z.array(z.object({ id: z.number().int(), name: z.string(), roomType: RoomType, privacy: RoomPrivacy, maxGuests: z.number().int(), quantity: z.number().int(), pricePerNight: z.number().int() })),
  /** What the public page shows now. */
  content: ListingContentSchema,
  /** The operator's change waiting for review (its content is what they proposed), else null. */
  pending: ListingChangeSchema.extend({ content: ListingContentSchema }).nullable(),
  /** The newest decided change (approved or declined) and what it proposed, for the operator to see the answer (and start again from a declined one). */
  lastDecision: ListingChangeSchema.extend({ content: ListingContentSchema }).nullable(),
  /** Addresses of the photos the content, the pending and the last decided change name, by id. */
  imageUrls: z.record(z.string(), z.string()),
});
export type PartnerListing = z.infer<typeof PartnerListingSchema>;
export const PartnerListingResponse = z.object({ listing: PartnerListingSchema });
export type PartnerListingResponse = z.infer<typeof PartnerListingResponse>;

export const ListingChangeListQuery = z.object({ status: ListingChangeStatus.default('pending') });
export type ListingChangeListQuery = z.infer<typeof ListingChangeListQuery>;

/** A change as the reviewing admin sees it: whose, of what, and whether the page moved since. */
export const AdminListingChangeSchema = ListingChangeSchema.extend({
  operator: z.object({ slug: z.string(), name: z.string() }),
  experience: z.object({ id: z.number().int(), slugCode: z.string(), name: z.string() }),
  /** Fields whose live value changed since the operator wrote the change (approving overwrites them). */
  changedSince: z.array(z.string()),
  /** The publish started by approving it. */
  publishRunId: z.string().nullable(),
  /** Addresses of the photos before and after, by id. */
  imageUrls: z.record(z.string(), z.string()),
});
export type AdminListingChange = z.infer<typeof AdminListingChangeSchema>;
export const ListingChangeList = z.object({ changes: z.array(AdminListingChangeSchema), pending: z.number().int() });
export type ListingChangeList = z.infer<typeof ListingChangeList>;
export const ListingChangeResponse = z.object({ change: AdminListingChangeSchema });
export type ListingChangeResponse = z.infer<typeof ListingChangeResponse>;

export const DeclineListingChangeBody = z.object({
  note: z.string({ error: 'Tell the operator why' }).trim().min(1, 'Tell the operator why').max(2000, 'At most 2000 characters'),
});
export type DeclineListingChangeBody = z.infer<typeof DeclineListingChangeBody>;

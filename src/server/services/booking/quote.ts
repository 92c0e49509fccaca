// A selection (date, departure, guests, room, pickup) made concrete and priced: every amount
// of a cart or an order comes from here, computed with current rates in minor units.
import { and, eq, isNull } from 'drizzle-orm';
import type { Selection } from '../../../contract/booking.ts';
import { computeCartAmounts, type CartAmounts } from '../../../lib/cart-amounts.ts';
import { addDays, daysBetween } from '../../../lib/local-time.ts';
import { convertMinor, type CurrencyUnit } from '../../../lib/money.ts';
import type { Priced } from '../../../lib/pricing.ts';
import { priceWithSeasons } from '../../../lib/seasons.ts';
import { promotionDiscount, promotionRefusalText, type PromotionRule } from '../../../lib/promotions.ts';
import { formatMoney } from '../../../lib/format-money.ts';
import type { Db, Tx } from '../../db/client.ts';
import { type corporateCodes, type corporateEvents, currencies, promotionCodeRedemptions, promotionCodes } from '../../db/schema.ts';
import { HttpError } from '../../http.ts';
import { NO_STORED_VALUE, type StoredValue } from './account-seam.ts';
import { endTimeOf, isOperatingDate, isRoomBased, parseTimeslotId, timeslotId } from './availability.ts';
import { isBookable, unitOf, type BookableOption, type MoneyContext } from './catalog.ts';
import { roomSlotKey, timeSlotKeys } from '../../../lib/availability-rules.ts';

export type Resolved = {
  startDate: string;
  endDate: string;
  startTime: string | null;
  endTime: string | null;
  slotKey: string;
  detailedTimeslotId: string | null;
  roomId: number | null;
  nights: number;
};

export function optionMissing(): HttpError {
  return new HttpError(404, 'Option not found', { body: { reason: 'not_found' } });
}

export function optionUnpublished(): HttpError {
  return new HttpError(410, 'This experience is no longer available to book', { body: { reason: 'unpublished' } });
}

export function assertBookable(o: BookableOption | null): asserts o is BookableOption {
  if (!o) throw optionMissing();
  if (!isBookable(o)) throw optionUnpublished();
}

const invalid = (field: string, message: string, reason?: string) =>
  new HttpError(422, message, { fields: { [field.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`)]: message }, ...(reason ? { body: { reason } } : {}) });

/** Dates, departure and room of a selection, or 422 naming the field. */
export function resolveSelection(o: BookableOption, sel: Pick<Selection, 'startDate' | 'endDate' | 'detailedTimeslotId' | 'roomId'>, now = new Date()): Resolved {
  const startDate = sel.startDate;
  if (!isOperatingDate(o, startDate, now)) throw invalid('startDate', 'This date is not available for this experience', 'no_availability');
  if (isRoomBased(o)) {
    const room = o.rooms.find((r) => r.id === sel.roomId);
    if (!room) throw invalid('roomId', 'Please choose a room');
    const endDate = o.kind === 'stay' ? sel.endDate : addDays(startDate, Math.max(1, o.durationNights ?? 1));
    if (!endDate || endDate <= startDate) throw invalid('endDate', 'Please choose your check-out date');
    return { startDate, endDate, startTime: o.startTimes[0] ?? null, endTime: null, slotKey: roomSlotKey(room.id), detailedTimeslotId: null, roomId: room.id, nights: daysBetween(startDate, endDate) };
  }
  const keys = timeSlotKeys(o.startTimes);
  let slotKey: string | undefined;
  if (sel.detailedTimeslotId) {
    const parsed = parseTimeslotId(sel.detailedTimeslotId);
    if (!parsed || parsed.date !== startDate || !keys.includes(parsed.slotKey)) throw invalid('detailedTimeslotId', 'Please choose one of the start times');
    slotKey = parsed.slotKey;
  } else if (keys.length === 1) {
    slotKey = keys[0];
  }
  if (!slotKey) throw invalid('detailedTimeslotId', 'Please choose a start time');
  const startTime = slotKey === 'day' ? null : slotKey;
  const days = Math.max(1, o.durationDays ?? 1);
  return {
    startDate,
    endDate: addDays(startDate, days - 1),
    startTime,
    endTime: endTimeOf(o, startTime),
    slotKey,
    detailedTimeslotId: timeslotId(startDate, slotKey),
    roomId: null,
    nights: o.kind === 'adventure' ? Math.max(0, o.durationNights ?? days - 1) : 0,
  };
}

export type Quantities = Pick<Selection, 'quantity' | 'childQuantity' | 'localQuantity' | 'childLocalQuantity'> & { transportItemId?: string | null | undefined };

/**
 * The price of a resolved selection: the option's price rules at the prices of the season
 * covering its start date (each night's season for stays; src/lib/seasons.ts). Quote, cart,
 * checkout, added guests and gift redemptions all price here.
 */
export function priceResolved(o: BookableOption, r: Resolved, q: Quantities): Priced {
  const priced = priceWithSeasons(o.pricing, o.seasons, {
    quantity: q.quantity,
    childQuantity: q.childQuantity,
    localQuantity: q.localQuantity,
    childLocalQuantity: q.childLocalQuantity,
    roomId: r.roomId,
    nights: isRoomBased(o) ? r.nights : undefined,
    transportItemId: q.transportItemId ?? null,
  }, r.startDate);
  if (!priced.ok) throw invalid(priced.field, priced.message);
  return priced;
}

export type AppliedPromotion = {
  redemptionId: string;
  row: typeof promotionCodes.$inferSelect;
  rule: PromotionRule;
  discount: number;
  problem: string | null;
};

export function promotionRuleOf(row: typeof promotionCodes.$inferSelect, m: MoneyContext): PromotionRule {
  return {
    code: row.code,
    discountType: row.discountType,
    percentOff: row.percentOff,
    amountOff: row.amountOff,
    currency: unitOf(m, row.currencyCode),
    minSpend: row.minSpend,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    maxRedemptions: row.maxRedemptions,
    redemptionsCount: row.redemptionsCount,
    active: row.active && row.deletedAt === null,
  };
}

/** Formats minor units for messages, with the currency's own symbol and separators. */
export async function moneyFormatter(db: Db | Tx) {
  const rows = await db.select().from(currencies);
  const byCode = new Map(rows.map((r) => [r.code, r]));
  return (m: { amount: number; currency: string }) => {
    const c = byCode.get(m.currency);
    if (!c) return `${m.amount} ${m.currency}`;
    return formatMoney({ amount: m.amount / 10 ** c.exponent, currency: m.currency }, c, { trimWholeDecimals: true });
  };
}

export async function appliedPromotion(db: Db, cartId: string): Promise<{ redemptionId: string; row: typeof promotionCodes.$inferSelect } | null> {
  const [r] = await db
    .select({ redemptionId: promotionCodeRedemptions.id, row: promotionCodes })
    .from(promotionCodeRedemptions)
    .innerJoin(promotionCodes, eq(promotionCodes.id, promotionCodeRedemptions.promotionCodeId))
    .where(and(eq(promotionCodeRedemptions.cartId, cartId), isNull(promotionCodeRedemptions.orderId)))
    .limit(1);
  return r ?? null;
}

/** A corporate code on a bag (services/corporate.ts), with why the company cannot pay for it, or null when it can. */
export type CorporateOnCart = {
  redemptionId: string;
  userId: string;
  code: typeof corporateCodes.$inferSelect;
  event: typeof corporateEvents.$inferSelect;
  problem: string | null;
};

export type Quote = {
  option: BookableOption;
  resolved: Resolved;
  priced: Priced;
  base: CurrencyUnit;
  chosen: CurrencyUnit;
  amounts: CartAmounts;
  promotion: AppliedPromotion | null;
  storedValue: StoredValue;
  corporate: CorporateOnCart | null;
};

export async function quote(
  db: Db,
  m: MoneyContext,
  input: { option: BookableOption; resolved: Resolved; priced: Priced; chosen: CurrencyUnit; promotion: { redemptionId: string; row: typeof promotionCodes.$inferSelect } | null; storedValue?: StoredValue; corporate?: CorporateOnCart | null; now?: Date },
): Promise<Quote> {
  const base = unitOf(m, input.option.currency);
  const storedValue = input.storedValue ?? NO_STORED_VALUE;
  let promotion: AppliedPromotion | null = null;
  if (input.promotion) {
    const rule = promotionRuleOf(input.promotion.row, m);
    const outcome = promotionDiscount(rule, { subtotal: input.priced.subtotal, base, chosen: input.chosen.code }, m.rates, input.now ?? new Date());
    const format = outcome.ok ? undefined : await moneyFormatter(db);
    promotion = {
      redemptionId: input.promotion.redemptionId,
      row: input.promotion.row,
      rule,
      discount: outcome.ok ? outcome.discount : 0,
      problem: outcome.ok ? null : promotionRefusalText(outcome, format ?? ((x) => `${x.amount}`)),
    };
  }
  const amounts = computeCartAmounts({
    lines: input.priced.lines,
    base,
    chosen: input.chosen,
    rates: m.rates,
    promotionDiscount: promotion?.discount ?? 0,
    welcomeDiscount: storedValue.welcomeDiscount,
    referralAmount: storedValue.referralAmount,
    giftCodeBalance: storedValue.giftCodeBalance,
    creditBalance: storedValue.useCredit ? storedValue.creditBalance : 0,
    corporateCover: !!input.corporate && input.corporate.problem === null,
  });
  if (promotion && promotion.problem === null && promotion.discount > 0 && amounts.promotionDiscount === 0) {
    const format = await moneyFormatter(db);
    promotion.problem = `Promotion codes apply to bookings over ${format({ amount: amounts.minimumAmount, currency: base.code })}`;
  }
  if (promotion && amounts.corporateAmount > 0) promotion.problem = 'Your company pays for this booking: the promotion code is not needed';
  return { option: input.option, resolved: input.resolved, priced: input.priced, base, chosen: input.chosen, amounts, promotion, storedValue, corporate: input.corporate ?? null };
}

/** SGD view of a base amount (the "universal" promotion discount). */
export function universalAmount(m: MoneyContext, base: CurrencyUnit, amount: number): number {
  return convertMinor(amount, base, { code: 'SGD', exponent: 2 }, m.rates);
}

// Rows and quotes → the wire records of src/contract/booking.ts (major units, spec names).
import type { Money } from '../../../contract/common.ts';
import type { Cart, ExchangeInfo, NextAction, Order, OrderItem, PriceLine as WireLine } from '../../../contract/booking.ts';
import { cancellationDeadline, cancellationTerms, canCancelFreely, deadlineInstant } from '../../../lib/cancellation-deadline.ts';
import { minimumAmountIn } from '../../../lib/cart-amounts.ts';
import { CONVERSION_FEE, exchangeRate, toWireMoney, type CurrencyUnit } from '../../../lib/money.ts';
import type { PriceLine } from '../../../lib/pricing.ts';
import { requiredCustomerInfos } from '../../../lib/required-info.ts';
import type { checkoutPayments, orderItemCustomers, orderItems, orders } from '../../db/schema.ts';
import { unitOf, type BookableOption, type MoneyContext } from './catalog.ts';
import { timeslotId } from './availability.ts';
import { universalAmount, type Quote } from './quote.ts';

type ItemRow = typeof orderItems.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
type PaymentRow = typeof checkoutPayments.$inferSelect;
type CustomerRow = typeof orderItemCustomers.$inferSelect;

export const wire = (minor: number, unit: CurrencyUnit): Money => toWireMoney({ amount: minor, currency: unit.code }, unit.exponent);

export function wireLines(lines: readonly PriceLine[], unit: CurrencyUnit): WireLine[] {
  return lines.map((l) => ({ kind: l.kind, label: l.label, quantity: l.quantity, unitAmount: wire(l.unitAmount, unit), amount: wire(l.amount, unit) }));
}

export function exchangeInfo(m: MoneyContext, base: CurrencyUnit, chosen: CurrencyUnit): ExchangeInfo {
  const feeApplied = base.code !== chosen.code;
  return {
    from: base.code,
    to: chosen.code,
    rate: exchangeRate(base.code, chosen.code, m.rates),
    rateWithFee: exchangeRate(base.code, chosen.code, m.rates, { fee: feeApplied }),
    feeApplied,
    feeMultiplier: Number(CONVERSION_FEE),
  };
}

export type ItemContext = {
  item: ItemRow;
  option: BookableOption;
  m: MoneyContext;
  lines: readonly PriceLine[];
  order: OrderRow | null;
  payment: PaymentRow | null;
  customers: readonly CustomerRow[];
  now?: Date;
};

export function toOrderItem(x: ItemContext): OrderItem {
  const { item, option: o, m } = x;
  const base = unitOf(m, o.currency);
  const deadline = cancellationDeadline(o.cancelType, item.startDate, item.startTime);
  const placed = x.order?.status === 'placed';
  const transport = o.transportItems.find((t) => t.id === item.transportItemId) ?? null;
  const room = o.rooms.find((r) => r.id === item.roomId) ?? null;
  const totalQuantity = item.quantity + item.childQuantity + item.localQuantity + item.childLocalQuantity;
  return {
    id: item.id,
    startDate: item.startDate,
    endDate: item.endDate,
    startTime: item.startTime,
    endTime: item.endTime,
    nights: o.priceUnit === 'per_room' ? Math.max(0, Math.round((Date.parse(item.endDate) - Date.parse(item.startDate)) / 86_400_000)) : 0,
    totalQuantity,
    quantity: item.quantity,
    childQuantity: item.childQuantity,
    localQuantity: item.localQuantity,
    childLocalQuantity: item.childLocalQuantity,
    isGift: false,
    isGiftExperience: false,
    giftImage: null,
    sendGiftDate: null,
    giftCardId: null,
    supplierActivityOptionId: o.id,
    status: item.status,
    cancelableDate: deadline ? deadlineInstant(deadline, o.zone).toISOString() : null,
    canCancel: placed && canCancelFreely(deadline, o.zone, x.now),
    cancellationTerms: cancellationTerms(deadline),
    numGuestCanAdd: 0,
    canChangeDate: false,
    review: null,
    checkoutPayment: x.payment ? { status: x.payment.status } : null,
    customers: x.customers.map((c) => ({ position: c.position, info: c.info, isSubmitted: c.submittedAt !== null })),
    requiredCustomerInfos: requiredCustomerInfos(o),
    option: {
      id: o.id,
      name: o.name,
      slugCode: o.slugCode,
      images: o.image ? [o.image] : [],
      kind: o.kind,
      priceUnit: o.priceUnit,
      groupPriceType: o.groupPriceType,
      useChildPrices: o.pricing.useChildPrices,
      hasLocalPrice: o.pricing.hasLocalPrice,
      durationMinutes: o.durationMinutes,
      durationDays: o.durationDays,
      durationNights: o.durationNights,
      transportItems: o.transportItems.map((t) => ({ id: t.id, kind: 'pickup' as const, name: t.name, price: wire(t.price, base), per: t.per })),
      cancelType: o.cancelType,
      bookType: o.bookType,
      maxQtyForPrice: o.pricing.maxQtyForPrice,
      minQtyForPrice: o.pricing.minQtyForPrice,
      yachtTrip: o.yachtTrip,
      currency: o.currency,
      city: o.city,
      country: o.country,
      meetingPoint: o.meetingPoint,
      timeZone: o.zone,
    },
    selectedTransportItem: transport ? { id: transport.id, kind: 'pickup', name: transport.name, price: wire(transport.price, base), per: transport.per } : null,
    detailedTimeslotId: item.roomId === null ? timeslotId(item.startDate, item.slotKey) : null,
    room: room ? { id: room.id, name: room.name, roomType: room.roomType, privacy: room.privacy, maxGuests: room.maxGuests } : null,
    order: x.order
      ? { id: x.order.id, userId: x.order.userId, number: x.order.number, canShareTrip: placed, customerName: x.order.customerName, customerEmail: x.order.customerEmail }
      : null,
    lines: wireLines(x.lines, base),
  };
}

export function emptyCart(id: string, chosen: CurrencyUnit, m: MoneyContext): Cart {
  const zero = wire(0, chosen);
  return {
    id,
    currency: chosen.code,
    orderItemId: null,
    orderItem: null,
    numPossibleRedemptions: 0,
    useCredit: false,
    fullPaymentByCredit: false,
    subtotalAmount: zero,
    totalAmount: zero,
    deductedCreditAmount: zero,
    referralAmount: zero,
    welcomeDiscountAmount: zero,
    giftCode: null,
    giftCodeAmount: zero,
    promotionCode: null,
    corporate: null,
    corporateAmount: zero,
    promoCodeDiscountAmount: zero,
    universalPromoCodeDiscountAmount: { amount: 0, currency: 'SGD' },
    exchangedPromoCodeDiscountAmount: zero,
    totalCrossOutPrice: null,
    exchangedSubtotalAmountWithConversionFee: zero,
    exchangedTotalAmountWithConversionFee: zero,
    exchanged: { subtotal: zero, promotionDiscount: zero, welcomeDiscount: zero, referralAmount: zero, giftCodeAmount: zero, deductedCredit: zero, corporateAmount: zero, total: zero, conversionFee: zero, lines: [] },
    exchange: exchangeInfo(m, chosen, chosen),
    minimumAmount: wire(minimumAmountIn(chosen, m.rates), chosen),
    paymentInProgress: false,
  };
}

export function toCart(id: string, q: Quote, m: MoneyContext, itemId: string, item: OrderItem | undefined, paymentInProgress: boolean): Cart {
  const a = q.amounts;
  const x = a.exchanged;
  const b = (n: number) => wire(n, q.base);
  const c = (n: number) => wire(n, q.chosen);
  const promoApplies = q.promotion !== null && a.promotionDiscount > 0;
  return {
    id,
    currency: q.chosen.code,
    orderItemId: itemId,
    ...(item ? { orderItem: item } : {}),
    numPossibleRedemptions: q.storedValue.numPossibleRedemptions,
    useCredit: q.storedValue.useCredit,
    fullPaymentByCredit: a.fullPaymentByCredit,
    subtotalAmount: b(a.subtotal),
    totalAmount: b(a.total),
    deductedCreditAmount: b(a.deductedCredit),
    referralAmount: b(a.referralAmount),
    welcomeDiscountAmount: b(a.welcomeDiscount),
    giftCode: q.storedValue.giftCode,
    giftCodeAmount: b(a.giftCodeAmount),
    promotionCode: q.promotion
      ? {
          redemptionId: q.promotion.redemptionId,
          code: q.promotion.row.code,
          title: q.promotion.row.title,
          discountType: q.promotion.row.discountType,
          percentOff: q.promotion.row.discountType === 'percent' ? q.promotion.row.percentOff : null,
          problem: q.promotion.problem,
        }
      : null,
    corporate: q.corporate
      ? { redemptionId: q.corporate.redemptionId, code: q.corporate.code.code, eventId: q.corporate.event.id, companyName: q.corporate.event.companyName, eventTitle: q.corporate.event.title, problem: q.corporate.problem }
      : null,
    corporateAmount: b(a.corporateAmount),
    promoCodeDiscountAmount: b(a.promotionDiscount),
    universalPromoCodeDiscountAmount: wire(universalAmount(m, q.base, a.promotionDiscount), { code: 'SGD', exponent: 2 }),
    exchangedPromoCodeDiscountAmount: c(x.promotionDiscount),
    totalCrossOutPrice: promoApplies ? c(x.subtotal) : null,
    exchangedSubtotalAmountWithConversionFee: c(x.subtotal),
    exchangedTotalAmountWithConversionFee: c(x.total),
    exchanged: {
      subtotal: c(x.subtotal),
      promotionDiscount: c(x.promotionDiscount),
      welcomeDiscount: c(x.welcomeDiscount),
      referralAmount: c(x.referralAmount),
      giftCodeAmount: c(x.giftCodeAmount),
      deductedCredit: c(x.deductedCredit),
      corporateAmount: c(x.corporateAmount),
      total: c(x.total),
      conversionFee: c(x.conversionFee),
      lines: wireLines(x.lines, q.chosen),
    },
    exchange: exchangeInfo(m, q.base, q.chosen),
    minimumAmount: c(minimumAmountIn(q.chosen, m.rates)),
    paymentInProgress,
  };
}

export function toOrder(o: OrderRow, m: MoneyContext, payment: PaymentRow | null, item: OrderItem | null, promotionCode: string | null, paidByCompany: string | null = null): Order {
  const base = unitOf(m, o.baseCurrency);
  const paid = unitOf(m, o.currency);
  const b = (n: number) => wire(n, base);
  const c = (n: number) => wire(n, paid);
  return {
    id: o.id,
    number: o.number,
    status: o.status,
    paymentMethod: o.paymentMethod,
    paymentTiming: o.paymentTiming,
    customerName: o.customerName,
    customerEmail: o.customerEmail,
    customerPhone: o.customerPhone,
    specialRequests: o.specialRequests,
    pickupAddress: o.pickupAddress,
    subtotalAmount: b(o.subtotalAmount),
    promoCodeDiscountAmount: b(o.promotionDiscountAmount),
    deductedCreditAmount: b(o.deductedCreditAmount),
    giftCodeAmount: b(o.giftCodeAmount),
    corporateAmount: b(o.corporateAmount),
    paidByCompany,
    totalAmount: b(o.totalAmount),
    exchangedSubtotalAmountWithConversionFee: c(o.exchangedSubtotalAmount),
    exchangedDiscountAmount: c(o.exchangedDiscountAmount),
    exchangedTotalAmountWithConversionFee: c(o.exchangedTotalAmount),
    conversionFeeAmount: c(o.conversionFeeAmount),
    exchange: {
      from: o.baseCurrency,
      to: o.currency,
      rate: o.feeApplied ? Number((Number(o.exchangeRate) / Number(CONVERSION_FEE)).toFixed(6)) : Number(o.exchangeRate),
      rateWithFee: Number(o.exchangeRate),
      feeApplied: o.feeApplied,
      feeMultiplier: Number(CONVERSION_FEE),
    },
    exchangedLines: wireLines(o.lines.exchanged as PriceLine[], paid),
    promotionCode,
    holdExpiresAt: o.holdExpiresAt?.toISOString() ?? null,
    paymentDueAt: o.paymentDueAt?.toISOString() ?? null,
    placedAt: o.placedAt?.toISOString() ?? null,
    paidAt: o.paidAt?.toISOString() ?? null,
    payment: payment
      ? {
          id: payment.id,
          method: payment.method,
          status: payment.status,
          amount: c(payment.amount),
          cardBrand: payment.cardBrand,
          cardLast4: payment.cardLast4,
          failureMessage: payment.failureMessage,
        }
      : null,
    nextAction: o.status === 'requires_action' && payment?.nextAction ? (payment.nextAction as NextAction) : null,
    orderItem: item,
  };
}

// GET /available-dates, GET /detailed-timeslots, GET /options/{slugCode}/prices.
// Availability failure reasons (spec §3): not_found (404), unpublished (410) and
// no_availability (200 with `reason`, the dates or departures it looked at all sold out).
import { Hono } from 'hono';
import { AvailableDatesQuery, DetailedTimeslotsQuery, PriceQuoteQuery, type AvailableDatesResponse, type DetailedTimeslotsResponse, type PriceQuoteResponse } from '../../../contract/booking.ts';
import { computeCartAmounts } from '../../../lib/cart-amounts.ts';
import type { AppEnv } from '../../context.ts';
import { readQuery, reply } from '../../http.ts';
import { availableDates, capacityUnit, isOperatingDate, isRoomBased, roomsOf, timeslotsOf, unitsLeftFor } from '../../services/booking/availability.ts';
import { checkoutUnit, loadBookableOption, loadMoneyContext, unitOf } from '../../services/booking/catalog.ts';
import { assertBookable, priceResolved, resolveSelection } from '../../services/booking/quote.ts';
import { exchangeInfo, wire, wireLines } from '../../services/booking/views.ts';
import { slugParam } from '../catalogue/shared.ts';
import { addDays } from '../../../lib/local-time.ts';
import { slotStatus } from '../../../lib/availability-rules.ts';
import { HttpError } from '../../http.ts';

export function availabilityRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/available-dates', async (c) => {
    const q = readQuery(c, AvailableDatesQuery);
    const option = await loadBookableOption(c.var.db, { slugCode: q.optionId });
    assertBookable(option);
    const { window, dates } = await availableDates(c.var.db, option, { from: q.from, to: q.to });
    const body: AvailableDatesResponse = {
      optionId: option.slugCode,
      bookType: option.bookType,
      unit: capacityUnit(option),
      firstDate: window.from,
      lastDate: window.to,
      dates,
      reason: dates.some((d) => d.status !== 'sold_out') ? null : 'no_availability',
    };
    return reply(c, body);
  });

  app.get('/detailed-timeslots', async (c) => {
    const q = readQuery(c, DetailedTimeslotsQuery);
    const option = await loadBookableOption(c.var.db, { slugCode: q.optionId });
    assertBookable(option);
    const open = isOperatingDate(option, q.date);
    let body: DetailedTimeslotsResponse;
    if (isRoomBased(option)) {
      const endDate = q.endDate && q.endDate > q.date ? q.endDate : addDays(q.date, Math.max(1, option.pricing.minNights));
      const m = await loadMoneyContext(c.var.db);
      const base = unitOf(m, option.currency);
      const rooms = open ? await roomsOf(c.var.db, option, q.date, endDate, (minor) => wire(minor, base)) : [];
      body = { optionId: option.slugCode, date: q.date, endDate, timeslots: [], rooms, reason: rooms.some((r) => r.unitsLeft > 0) ? null : 'no_availability' };
    } else {
      const timeslots = open ? await timeslotsOf(c.var.db, option, q.date) : [];
      const endDate = addDays(q.date, Math.max(1, option.durationDays ?? 1) - 1);
      body = { optionId: option.slugCode, date: q.date, endDate, timeslots, rooms: [], reason: timeslots.some((t) => t.unitsLeft > 0) ? null : 'no_availability' };
    }
    return reply(c, body);
  });

  app.get('/options/:slugCode/prices', async (c) => {
    const slugCode = slugParam(c, 'slugCode', 'Option');
    const q = readQuery(c, PriceQuoteQuery);
    const option = await loadBookableOption(c.var.db, { slugCode });
    assertBookable(option);
    const m = await loadMoneyContext(c.var.db);
    const base = unitOf(m, option.currency);
    const chosen = checkoutUnit(m, q.currency ?? option.currency);
    const guests = q.quantity + q.childQuantity + q.localQuantity + q.childLocalQuantity;
    const sel = { ...q, quantity: guests === 0 ? Math.max(1, option.pricing.minQtyForPrice) : q.quantity };
    let availability: PriceQuoteResponse['availability'] = null;
    let reason: PriceQuoteResponse['reason'] = null;
    let priced;
    if (q.startDate) {
      let resolved;
      try {
        resolved = resolveSelection(option, { startDate: q.startDate, endDate: q.endDate, detailedTimeslotId: q.detailedTimeslotId, roomId: q.roomId });
      } catch (err) {
        if (err instanceof HttpError && err.body?.['reason'] === 'no_availability') {
          reason = 'no_availability';
          availability = { status: 'sold_out', unitsLeft: 0 };
        } else throw err;
      }
      if (resolved) {
        priced = priceResolved(option, resolved, sel);
        const { left, capacity } = await unitsLeftFor(c.var.db, option, resolved);
        availability = { status: left < priced.units ? 'sold_out' : slotStatus(left, capacity), unitsLeft: left };
        if (left < priced.units) reason = 'no_availability';
      }
    }
    if (!priced) {
      // Price only: the shortest stay in the cheapest room, or the departure-less price.
      const roomId = q.roomId ?? option.rooms[0]?.id;
      priced = priceResolved(
        option,
        { startDate: '', endDate: '', startTime: null, endTime: null, slotKey: '', detailedTimeslotId: null, roomId: roomId ?? null, nights: option.pricing.minNights },
        sel,
      );
    }
    const amounts = computeCartAmounts({ lines: priced.lines, base, chosen, rates: m.rates });
    const body: PriceQuoteResponse = {
      optionId: option.slugCode,
      lines: wireLines(priced.lines, base),
      subtotal: wire(amounts.subtotal, base),
      exchangedLines: wireLines(amounts.exchanged.lines, chosen),
      exchangedSubtotal: wire(amounts.exchanged.subtotal, chosen),
      exchange: exchangeInfo(m, base, chosen),
      guests: priced.guests,
      units: priced.units,
      nights: priced.nights,
      availability,
      reason,
    };
    return reply(c, body);
  });

  return app;
}

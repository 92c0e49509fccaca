// What the booking widget reads from the API, through @nanostores/query (20 s dedupe): the
// operating dates of the option, the departures (or rooms) of a chosen date, and the price of
// the selection in the chosen currency.
import { atom, computed } from 'nanostores';
import type { AvailableDatesResponse, DetailedTimeslotsResponse, PriceQuoteResponse } from '../../contract/booking.ts';
import { getAvailableDates, getPriceQuote, getTimeslots } from '../../api-client/booking.ts';
import { $displayCurrency } from '../../stores/currency.ts';
import { createFetcherStore } from '../../stores/query.ts';

export type Guests = { adults: number; children: number; residents: number; residentChildren: number };

export type WidgetSelection = {
  date: string | null;
  endDate: string | null;
  slotId: string | null;
  roomId: number | null;
  guests: Guests;
  pickup: string | null;
};

export const $optionSlug = atom<string | null>(null);
export const $selection = atom<WidgetSelection>({ date: null, endDate: null, slotId: null, roomId: null, guests: { adults: 2, children: 0, residents: 0, residentChildren: 0 }, pickup: null });
/** Stays need both dates before rooms can be listed. */
export const $isStay = atom(false);

export const $dates = createFetcherStore<AvailableDatesResponse>(['dates:', $optionSlug], {
  fetcher: async (_p: unknown, slug: unknown) => (await getAvailableDates(String(slug))).data,
});

const $slotKey = computed([$selection, $isStay], (s, stay) => (s.date && (!stay || s.endDate) ? `${s.date}|${s.endDate ?? ''}` : null));

export const $slots = createFetcherStore<DetailedTimeslotsResponse>(['slots:', $optionSlug, ':', $slotKey], {
  fetcher: async (_p: unknown, slug: unknown, _s: unknown, key: unknown) => {
    const [date = '', end = ''] = String(key).split('|');
    return (await getTimeslots(String(slug), date, end || undefined)).data;
  },
});

const $quoteQuery = computed([$selection, $isStay, $displayCurrency], (s, stay, currency) => {
  const q = new URLSearchParams();
  if (s.date && (stay ? s.endDate && s.roomId : s.slotId)) {
    q.set('start_date', s.date);
    if (stay && s.endDate) q.set('end_date', s.endDate);
    if (s.slotId) q.set('detailed_timeslot_id', s.slotId);
  }
  if (stay && s.roomId) q.set('room_id', String(s.roomId));
  q.set('quantity', String(s.guests.adults));
  q.set('child_quantity', String(s.guests.children));
  q.set('local_quantity', String(s.guests.residents));
  q.set('child_local_quantity', String(s.guests.residentChildren));
  if (s.pickup) q.set('transport_item_id', s.pickup);
  if (currency) q.set('currency', currency);
  return q.toString();
});

export const $quote = createFetcherStore<PriceQuoteResponse>(['quote:', $optionSlug, '?', $quoteQuery], {
  fetcher: async (_p: unknown, slug: unknown, _q: unknown, query: unknown) => {
    const q = Object.fromEntries(new URLSearchParams(String(query)));
    return (await getPriceQuote(String(slug), q)).data;
  },
});

export function select(patch: Partial<WidgetSelection>) {
  $selection.set({ ...$selection.get(), ...patch });
}

export function setGuests(patch: Partial<Guests>) {
  const s = $selection.get();
  $selection.set({ ...s, guests: { ...s.guests, ...patch } });
}

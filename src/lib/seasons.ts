// Seasonal prices (issue 15, item 3): an option's date ranges with their own prices. A trip is
// priced by the season covering its start date; a stay prices each night by the season covering
// that night (a stay across the start of peak season pays peak only for the peak nights). This
// is the one place seasons meet the price rules (src/lib/pricing.ts), so quote, cart, checkout
// and added guests agree. Pure.
import { addDays } from './local-time.ts';
import { priceSelection, type PriceLine, type PriceResult, type PricingOption, type Selection } from './pricing.ts';
import { sumMinor } from './money.ts';

export type Season = {
  id: number;
  name: string;
  /** First and last date of the season, inclusive (the experience's own calendar). */
  startDate: string;
  endDate: string;
  /** Minor units of the option's currency; null where the option has no such price. */
  adultPrice: number | null;
  childPrice: number | null;
  localAdultPrice: number | null;
  localChildPrice: number | null;
  groupPrice: number | null;
  additionalPaxPrice: number | null;
  /** Stays: room id → price per night; a room type missing here keeps its own price. */
  roomPrices: Readonly<Record<string, number>>;
};

/** The season covering `date`, if any (seasons of an option never overlap). */
export function seasonOn(seasons: readonly Season[], date: string): Season | null {
  if (!date) return null;
  return seasons.find((s) => s.startDate <= date && date <= s.endDate) ?? null;
}

/** Whether two inclusive date ranges share at least one date. */
export const rangesOverlap = (a: { startDate: string; endDate: string }, b: { startDate: string; endDate: string }) => a.startDate <= b.endDate && b.startDate <= a.endDate;

/** The option's prices during `season` (its own prices when null). Pickups keep their price. */
export function withSeason(p: PricingOption, season: Season | null): PricingOption {
  if (!season) return p;
  return {
    ...p,
    adultPrice: season.adultPrice ?? p.adultPrice,
    childPrice: season.childPrice ?? p.childPrice,
    localAdultPrice: season.localAdultPrice ?? p.localAdultPrice,
    localChildPrice: season.localChildPrice ?? p.localChildPrice,
    groupPrice: season.groupPrice ?? p.groupPrice,
    additionalPaxPrice: season.additionalPaxPrice ?? p.additionalPaxPrice,
    rooms: p.rooms.map((r) => ({ ...r, pricePerNight: season.roomPrices[String(r.id)] ?? r.pricePerNight })),
  };
}

/** A room's price on one night: its season's, or its own. */
export function roomPriceOn(p: PricingOption, seasons: readonly Season[], roomId: number, date: string): number | null {
  const room = p.rooms.find((r) => r.id === roomId);
  if (!room) return null;
  return seasonOn(seasons, date)?.roomPrices[String(roomId)] ?? room.pricePerNight;
}

const nightsWord = (n: number) => `${n} ${n === 1 ? 'night' : 'nights'}`;

/**
 * Prices a selection starting on `startDate` ('' when no date is chosen yet: the option's own
 * prices). Every rule of priceSelection applies; a stay whose nights fall in different seasons
 * gets one room line per run of nights at the same price, named after its season.
 */
export function priceWithSeasons(p: PricingOption, seasons: readonly Season[], sel: Selection, startDate: string): PriceResult {
  const first = seasonOn(seasons, startDate);
  const priced = priceSelection(withSeason(p, first), sel);
  if (!priced.ok || p.priceUnit !== 'per_room' || !startDate || seasons.length === 0) return priced;
  const room = p.rooms.find((r) => r.id === sel.roomId);
  const roomLine = priced.lines.find((l) => l.kind === 'room');
  if (!room || !roomLine) return priced;
  const runs: { season: Season | null; price: number; nights: number }[] = [];
  for (let i = 0; i < priced.nights; i++) {
    const season = seasonOn(seasons, addDays(startDate, i));
    const price = season?.roomPrices[String(room.id)] ?? room.pricePerNight;
    const last = runs[runs.length - 1];
    if (last && last.season?.id === season?.id && last.price === price) last.nights++;
    else runs.push({ season, price, nights: 1 });
  }
  if (runs.length <= 1) return priced;
  const units = priced.units;
  const what = units === 1 ? room.name : `${room.name} × ${units}`;
  const roomLines: PriceLine[] = runs.map((r) => ({
    kind: 'room',
    label: `${what}, ${nightsWord(r.nights)}${r.season ? ` (${r.season.name})` : ''}`,
    quantity: units * r.nights,
    unitAmount: r.price,
    amount: units * r.nights * r.price,
  }));
  const lines = priced.lines.flatMap((l) => (l === roomLine ? roomLines : [l]));
  return { ...priced, lines, subtotal: sumMinor(lines.map((l) => l.amount)) };
}

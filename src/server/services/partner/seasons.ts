// Seasonal prices of an option, set from the back-office (issue 15, item 3; decision 33). A season
// gives every price of the option's pricing basis (per person: its ticket categories; per group:
// the group price and the extra guest's, or the price per guest; stays: each room type per
// night). Prices are written in minor units; booking applies them in one place
// (services/booking/quote.ts priceResolved → src/lib/seasons.ts).
import { and, eq, ne } from 'drizzle-orm';
import type { PartnerPriceField, PartnerSeason, PartnerSeasonBody, PartnerSeasonsResponse } from '../../../contract/partner.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { toMajor, toMinor, type CurrencyUnit } from '../../../lib/money.ts';
import { rangesOverlap, type Season } from '../../../lib/seasons.ts';
import type { Db, Tx } from '../../db/client.ts';
import { currencies, options, optionSeasons } from '../../db/schema.ts';
import { HttpError } from '../../http.ts';
import { wire } from '../booking/views.ts';
import { type BookableOption, seasonsOf } from '../booking/catalog.ts';
import { optionView } from './availability.ts';

type PriceKey = Exclude<PartnerPriceField['key'], 'room'>;

/** Which prices a season of `o` gives, with the option's own (minor units). */
function fieldsOf(o: BookableOption): { key: PartnerPriceField['key']; roomId: number | null; label: string; standard: number }[] {
  const p = o.pricing;
  const out: { key: PartnerPriceField['key']; roomId: number | null; label: string; standard: number }[] = [];
  const add = (key: PriceKey, label: string, standard: number | null) => {
    if (standard !== null) out.push({ key, roomId: null, label, standard });
  };
  switch (p.priceUnit) {
    case 'per_person':
      add('adult', p.useChildPrices ? 'Adult' : 'Per guest', p.adultPrice);
      if (p.useChildPrices) add('child', 'Child', p.childPrice);
      if (p.hasLocalPrice) {
        add('localAdult', 'Resident adult', p.localAdultPrice);
        if (p.useChildPrices) add('localChild', 'Resident child', p.localChildPrice);
      }
      break;
    case 'per_group':
      if (p.groupPriceType === 'price_per_group_with_min_pax') add('extraGuest', 'Per guest', p.additionalPaxPrice ?? p.adultPrice);
      else {
        add('group', `Private group (up to ${Math.max(1, p.groupIncludedPax ?? 1)})`, p.groupPrice);
        add('extraGuest', 'Each extra guest', p.additionalPaxPrice);
      }
      break;
    case 'per_room':
      for (const r of p.rooms) out.push({ key: 'room', roomId: r.id, label: `${r.name}, per night`, standard: r.pricePerNight });
      break;
  }
  return out;
}

const COLUMN: Record<PriceKey, 'adultPrice' | 'childPrice' | 'localAdultPrice' | 'localChildPrice' | 'groupPrice' | 'additionalPaxPrice'> = {
  adult: 'adultPrice',
  child: 'childPrice',
  localAdult: 'localAdultPrice',
  localChild: 'localChildPrice',
  group: 'groupPrice',
  extraGuest: 'additionalPaxPrice',
};
const WIRE_KEY: Record<PriceKey, string> = { adult: 'adult', child: 'child', localAdult: 'local_adult', localChild: 'local_child', group: 'group', extraGuest: 'extra_guest' };

async function unitOfOption(db: Db, o: BookableOption): Promise<CurrencyUnit> {
  const [c] = await db.select({ code: currencies.code, exponent: currencies.exponent }).from(currencies).where(eq(currencies.code, o.currency));
  if (!c) throw new Error(`Unknown currency ${o.currency} of option ${o.id}`);
  return c;
}

function seasonView(o: BookableOption, unit: CurrencyUnit, s: Season): PartnerSeason {
  const money = (minor: number | null) => (minor === null ? null : wire(minor, unit));
  return {
    id: s.id,
    name: s.name,
    startDate: s.startDate,
    endDate: s.endDate,
    prices: {
      adult: money(s.adultPrice),
      child: money(s.childPrice),
      localAdult: money(s.localAdultPrice),
      localChild: money(s.localChildPrice),
      group: money(s.groupPrice),
      extraGuest: money(s.additionalPaxPrice),
      rooms: o.rooms.flatMap((r) => {
        const price = s.roomPrices[String(r.id)];
        return price === undefined ? [] : [{ roomId: r.id, name: r.name, pricePerNight: wire(price, unit) }];
      }),
    },
  };
}

export async function seasonsView(db: Db, o: BookableOption): Promise<PartnerSeasonsResponse> {
  const unit = await unitOfOption(db, o);
  const seasons = await seasonsOf(db, o.id);
  return {
    option: optionView(o),
    currency: unit.code,
    exponent: unit.exponent,
    priceFields: fieldsOf(o).map((f) => ({ key: f.key, roomId: f.roomId, label: f.label, standard: wire(f.standard, unit) })),
    seasons: seasons.map((s) => seasonView(o, unit, s)),
  };
}

type Columns = { [K in (typeof COLUMN)[PriceKey]]: number | null } & { roomPrices: Record<string, number> };

/** The body's prices as columns, or 422 naming every missing, unknown or mis-written price. */
function pricesOf(o: BookableOption, unit: CurrencyUnit, prices: PartnerSeasonBody['prices']): Columns {
  const fields: Record<string, string> = {};
  const minor = (wireKey: string, major: number): number => {
    const m = toMinor(major, unit.exponent);
    if (toMajor(m, unit.exponent) !== major) fields[wireKey] = unit.exponent === 0 ? `${unit.code} prices are whole numbers` : `Use at most ${unit.exponent} decimals`;
    return m;
  };
  const cols: Columns = { adultPrice: null, childPrice: null, localAdultPrice: null, localChildPrice: null, groupPrice: null, additionalPaxPrice: null, roomPrices: {} };
  const wanted = fieldsOf(o);
  for (const key of Object.keys(COLUMN) as PriceKey[]) {
    const field = wanted.find((f) => f.key === key);
    const given = prices[key];
    const wireKey = `prices.${WIRE_KEY[key]}`;
    if (field && given === undefined) fields[wireKey] = `Enter the ${field.label.toLowerCase()} price`;
    else if (!field && given !== undefined) fields[wireKey] = 'This experience has no such price';
    else if (given !== undefined) cols[COLUMN[key]] = minor(wireKey, given);
  }
  const rooms = prices.rooms ?? [];
  for (const [i, r] of rooms.entries()) {
    if (!o.rooms.some((x) => x.id === r.roomId)) fields[`prices.rooms.${i}.room_id`] = 'This experience has no such room';
    else cols.roomPrices[String(r.roomId)] = minor(`prices.rooms.${i}.price_per_night`, r.pricePerNight);
  }
  for (const f of wanted) if (f.key === 'room' && cols.roomPrices[String(f.roomId)] === undefined && !Object.keys(fields).some((k) => k.startsWith('prices.rooms'))) fields['prices.rooms'] = `Enter a price per night for every room type (${f.label.replace(/, per night$/, '')} has none)`;
  const first = Object.entries(fields)[0];
  if (first) throw new HttpError(422, first[1], { fields });
  return cols;
}

/** Inside the option's row lock: another season of the option sharing a date, or 422 naming it. */
async function refuseOverlap(tx: Db | Tx, o: BookableOption, body: PartnerSeasonBody, except: number | null) {
  // Season writes of one option queue on its row: two overlapping seasons can't both pass the check.
  await tx.select({ id: options.id }).from(options).where(eq(options.id, o.id)).for('update');
  const others = await tx
    .select({ id: optionSeasons.id, name: optionSeasons.name, startDate: optionSeasons.startDate, endDate: optionSeasons.endDate })
    .from(optionSeasons)
    .where(except === null ? eq(optionSeasons.optionId, o.id) : and(eq(optionSeasons.optionId, o.id), ne(optionSeasons.id, except)));
  const clash = others.find((s) => rangesOverlap(s, body));
  if (clash) {
    const message = `These dates overlap “${clash.name}” (${formatDate(clash.startDate)} – ${formatDate(clash.endDate)}). An experience’s seasons can’t share a date: change the dates or edit that season.`;
    throw new HttpError(422, message, { fields: { start_date: message }, body: { code: 'overlap', seasonId: clash.id } });
  }
}

export async function createSeason(db: Db, o: BookableOption, body: PartnerSeasonBody): Promise<PartnerSeasonsResponse> {
  const unit = await unitOfOption(db, o);
  const cols = pricesOf(o, unit, body.prices);
  await db.transaction(async (tx) => {
    await refuseOverlap(tx, o, body, null);
    await tx.insert(optionSeasons).values({ optionId: o.id, name: body.name, startDate: body.startDate, endDate: body.endDate, ...cols });
  });
  return seasonsView(db, o);
}

const seasonNotFound = () => new HttpError(404, 'Season not found');

export async function updateSeason(db: Db, o: BookableOption, seasonId: number, body: PartnerSeasonBody): Promise<PartnerSeasonsResponse> {
  const unit = await unitOfOption(db, o);
  const cols = pricesOf(o, unit, body.prices);
  await db.transaction(async (tx) => {
    await refuseOverlap(tx, o, body, seasonId);
    const [done] = await tx
      .update(optionSeasons)
      .set({ name: body.name, startDate: body.startDate, endDate: body.endDate, ...cols, updatedAt: new Date() })
      .where(and(eq(optionSeasons.id, seasonId), eq(optionSeasons.optionId, o.id)))
      .returning({ id: optionSeasons.id });
    if (!done) throw seasonNotFound();
  });
  return seasonsView(db, o);
}

export async function deleteSeason(db: Db, o: BookableOption, seasonId: number): Promise<PartnerSeasonsResponse> {
  const [gone] = await db.delete(optionSeasons).where(and(eq(optionSeasons.id, seasonId), eq(optionSeasons.optionId, o.id))).returning({ id: optionSeasons.id });
  if (!gone) throw seasonNotFound();
  return seasonsView(db, o);
}

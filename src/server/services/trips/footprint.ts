// A trip's footprint (ADR 0044): the experience for the booked group, and getting there and back
// from the city the traveller starts in. Owner only, like the trip itself.
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { TripFootprint } from '../../../contract/trips.ts';
import { FACTORS_SOURCE } from '../../../lib/footprint-factors.ts';
import { experienceFootprint, gettingThere, type ArrivalMode } from '../../../lib/footprint.ts';
import type { Db } from '../../db/client.ts';
import { cities, countries, options } from '../../db/schema.ts';
import { HttpError } from '../../http.ts';
import { factsOf } from '../footprint/footprint.ts';
import { loadOwned } from './load.ts';

const DAY_MS = 86_400_000;

export async function tripFootprint(db: Db, user: { id: string }, itemId: string, q: { fromCityId?: number | undefined; by: ArrivalMode }): Promise<TripFootprint> {
  const t = await loadOwned(db, itemId, user);
  const [o] = await db
    .select({ footprintLegs: options.footprintLegs, lodgingType: options.lodgingType, durationNights: options.durationNights, kind: options.kind, cityId: cities.id, cityName: cities.name, lat: cities.latitude, lng: cities.longitude, code: countries.code })
    .from(options)
    .innerJoin(cities, eq(cities.id, options.cityId))
    .innerJoin(countries, eq(countries.id, cities.countryId))
    .where(eq(options.id, t.item.optionId));
  if (!o) throw new HttpError(404, 'Trip not found');
  const i = t.item;
  const groupSize = Math.max(1, i.quantity + i.childQuantity + i.localQuantity + i.childLocalQuantity);
  // A stay's nights are the booked ones; any other experience's come from its duration.
  const nights = o.kind === 'stay' ? Math.max(1, Math.round((Date.parse(i.endDate) - Date.parse(i.startDate)) / DAY_MS)) : o.durationNights;
  const exp = experienceFootprint(factsOf(o), { nights, countryCode: o.code, groupSize });
  const starts = await db
    .select({ id: cities.id, name: cities.name, country: countries.name, lat: cities.latitude, lng: cities.longitude })
    .from(cities)
    .innerJoin(countries, eq(countries.id, cities.countryId))
    .where(and(isNull(cities.deletedAt), isNotNull(cities.latitude), isNotNull(cities.longitude)))
    .orderBy(asc(countries.name), asc(cities.name));
  let there: TripFootprint['gettingThere'] = null;
  if (q.fromCityId !== undefined) {
    const from = starts.find((c) => c.id === q.fromCityId);
    if (!from) throw new HttpError(422, 'Choose a city from the list', { fields: { from_city_id: 'Choose a city from the list' } });
    if (o.lat === null || o.lng === null) throw new HttpError(422, 'We do not know where this experience is yet, so we cannot estimate getting there', { fields: { from_city_id: 'We do not know where this experience is yet' } });
    const g = gettingThere({ latitude: from.lat!, longitude: from.lng! }, { latitude: o.lat, longitude: o.lng }, q.by, groupSize);
    there = { from: { id: from.id, name: from.name, country: from.country }, by: g.by, greatCircleKm: g.greatCircleKm, km: g.km, totalKg: g.totalKg, perPersonKg: g.perPersonKg };
  }
  const known = [exp?.totalKg, there?.totalKg].filter((v): v is number => v !== undefined);
  return {
    groupSize,
    experience: exp && { ...exp, factorsYear: FACTORS_SOURCE.year },
    destination: { cityId: o.cityId, name: o.cityName },
    gettingThere: there,
    totalKg: known.length ? known.reduce((a, b) => a + b, 0) : null,
    startCities: starts.map((c) => ({ id: c.id, name: c.name, country: c.country })),
    factorsYear: FACTORS_SOURCE.year,
  };
}

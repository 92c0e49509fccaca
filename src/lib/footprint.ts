// Footprint arithmetic (kg CO2e): the experience itself (transport used during it, nights of
// stay by lodging type) and getting there from where the traveller starts. Pure: the server,
// the build and the trip screen use the same numbers. Factors: footprint-factors.ts (DESNZ 2024).
import {
  DETOUR_FACTOR,
  DOMESTIC_FLIGHT_MAX_KM,
  GUESTS_PER_ROOM,
  HOTEL_FALLBACK_KG,
  HOTEL_ROOM_NIGHT_KG,
  SHORT_HAUL_MAX_KM,
  TRANSPORT_FACTORS,
  VEHICLE_SEATS,
  type TransportFactorKey,
} from './footprint-factors.ts';

/** Transport used during an experience. Walking, cycling and paddling emit nothing we count. */
export const TRANSPORT_MODES = ['walking', 'bicycle', 'kayak', 'boat', 'jeep', 'car', 'bus', 'train', 'flight'] as const;
export type TransportMode = (typeof TRANSPORT_MODES)[number];
export const TRANSPORT_MODE_LABELS: Record<TransportMode, string> = {
  walking: 'Walking',
  bicycle: 'Bicycle',
  kayak: 'Kayak or paddle',
  boat: 'Boat',
  jeep: 'Jeep or 4×4',
  car: 'Car or van',
  bus: 'Bus',
  train: 'Train',
  flight: 'Flight',
};

/** Where guests sleep. Camping counts no building energy; every roofed stay takes the country's hotel factor. */
export const LODGING_TYPES = ['hotel', 'lodge', 'homestay', 'liveaboard', 'camping'] as const;
export type LodgingType = (typeof LODGING_TYPES)[number];
export const LODGING_LABELS: Record<LodgingType, string> = {
  hotel: 'Hotel',
  lodge: 'Lodge or guesthouse',
  homestay: 'Homestay',
  liveaboard: 'Liveaboard boat',
  camping: 'Tent or camping',
};

/** How a traveller gets to the experience's city and back. */
export const ARRIVAL_MODES = ['plane', 'train', 'bus', 'car'] as const;
export type ArrivalMode = (typeof ARRIVAL_MODES)[number];
export const ARRIVAL_MODE_LABELS: Record<ArrivalMode, string> = { plane: 'Plane', train: 'Train', bus: 'Bus or coach', car: 'Car' };

export type FootprintLeg = { mode: TransportMode; km: number };
/** What an operator records: the legs travelled during the experience and the lodging (nights come from its duration). */
export type FootprintFacts = { legs: FootprintLeg[]; lodging: LodgingType | null };
export const NO_FACTS: FootprintFacts = { legs: [], lodging: null };

export type FootprintPart =
  | { kind: 'transport'; mode: TransportMode; km: number; kg: number }
  | { kind: 'stay'; lodging: LodgingType; nights: number; rooms: number; kg: number };

export type ExperienceFootprint = { groupSize: number; totalKg: number; perPersonKg: number; parts: FootprintPart[] };

const vehicles = (groupSize: number, seats: number) => Math.ceil(groupSize / seats);

function flightFactor(km: number): TransportFactorKey {
  return km <= DOMESTIC_FLIGHT_MAX_KM ? 'flightDomestic' : km <= SHORT_HAUL_MAX_KM ? 'flightShortHaul' : 'flightLongHaul';
}

const MODE_FACTOR: Record<Exclude<TransportMode, 'walking' | 'bicycle' | 'kayak' | 'flight'>, TransportFactorKey> = {
  boat: 'boat',
  jeep: 'jeep',
  car: 'car',
  bus: 'localBus',
  train: 'train',
};

/** kg for a whole group over `km`: passenger factors times riders, vehicle factors times vehicles. */
function transportKg(key: TransportFactorKey, km: number, groupSize: number): number {
  const f = TRANSPORT_FACTORS[key];
  if (f.per === 'passenger_km') return km * f.kg * groupSize;
  const seats = key === 'jeep' ? VEHICLE_SEATS.jeep : VEHICLE_SEATS.car;
  return km * f.kg * vehicles(groupSize, seats);
}

export function legKg(leg: FootprintLeg, groupSize: number): number {
  if (leg.mode === 'walking' || leg.mode === 'bicycle' || leg.mode === 'kayak') return 0;
  const key = leg.mode === 'flight' ? flightFactor(leg.km) : MODE_FACTOR[leg.mode];
  return transportKg(key, leg.km, groupSize);
}

/** The hotel factor of a country (ISO alpha-2), or the fallback the method page names. */
export const roomNightKg = (countryCode: string): number => HOTEL_ROOM_NIGHT_KG[countryCode.toUpperCase()] ?? HOTEL_FALLBACK_KG;

export function stayKg(lodging: LodgingType, nights: number, countryCode: string, groupSize: number): { rooms: number; kg: number } {
  const rooms = vehicles(groupSize, GUESTS_PER_ROOM);
  if (lodging === 'camping' || nights <= 0) return { rooms, kg: 0 };
  return { rooms, kg: roomNightKg(countryCode) * nights * rooms };
}

/** The experience itself for a group; null when the operator has recorded no facts. */
export function experienceFootprint(facts: FootprintFacts, ctx: { nights: number | null; countryCode: string; groupSize: number }): ExperienceFootprint | null {
  if (!facts.legs.length && !facts.lodging) return null;
  const groupSize = Math.max(1, Math.floor(ctx.groupSize));
  const parts: FootprintPart[] = facts.legs.map((l) => ({ kind: 'transport', mode: l.mode, km: l.km, kg: legKg(l, groupSize) }));
  if (facts.lodging) {
    const nights = Math.max(0, ctx.nights ?? 0);
    const s = stayKg(facts.lodging, nights, ctx.countryCode, groupSize);
    parts.push({ kind: 'stay', lodging: facts.lodging, nights, rooms: s.rooms, kg: s.kg });
  }
  const totalKg = parts.reduce((sum, p) => sum + p.kg, 0);
  return { groupSize, totalKg, perPersonKg: totalKg / groupSize, parts };
}

export type Point = { latitude: number; longitude: number };
const EARTH_RADIUS_KM = 6371;
const rad = (d: number) => (d * Math.PI) / 180;

/** Great-circle (haversine) distance in km. */
export function greatCircleKm(a: Point, b: Point): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export type GettingThere = { by: ArrivalMode; greatCircleKm: number; km: number; groupSize: number; totalKg: number; perPersonKg: number };

/** There and back for a group: the great circle times the mode's detour factor, each way. */
export function gettingThere(from: Point, to: Point, by: ArrivalMode, groupSize: number): GettingThere {
  const g = Math.max(1, Math.floor(groupSize));
  const gc = greatCircleKm(from, to);
  const km = gc * DETOUR_FACTOR[by];
  const key: TransportFactorKey = by === 'plane' ? flightFactor(km) : by === 'train' ? 'train' : by === 'bus' ? 'coach' : 'car';
  const totalKg = 2 * transportKg(key, km, g);
  return { by, greatCircleKm: gc, km, groupSize: g, totalKg, perPersonKg: totalKg / g };
}

/** Sorting and storage in whole grams. */
export const toGrams = (kg: number) => Math.round(kg * 1000);

// One formatter each, made once: toLocaleString builds a new Intl.NumberFormat per call, which
// was 0.2 ms of every experience page's render (issue 14's full build, profiled).
const ONE_DECIMAL = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });
const WHOLE = new Intl.NumberFormat('en-GB');

/** "0.4", "7.9", "43", "1,250": one decimal under 10 kg, whole kilograms above. */
export function formatKg(kg: number): string {
  if (kg < 10) return ONE_DECIMAL.format(Math.round(kg * 10) / 10);
  return WHOLE.format(Math.round(kg));
}

/** The page's and the trip's figure: "≈ 43 kg CO₂e". */
export const footprintText = (kg: number) => `≈ ${formatKg(kg)} kg CO₂e`;

export const METHOD_PATH = '/how-we-estimate-footprint';

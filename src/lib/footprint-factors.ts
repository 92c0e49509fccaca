// The emission factors behind every footprint figure, bundled with the code (never fetched at
// run time) so a page built today and the API agree, and a change of factors is a reviewed commit.
// Source: UK Government, Department for Energy Security and Net Zero (DESNZ), "Greenhouse gas
// reporting: conversion factors 2024" (condensed set, published July 2024), kg CO2e per unit.
// Flights include the radiative-forcing uplift, as DESNZ advises for a traveller's full impact.
// Plain data without zod: the server, the build and the trip island share it.

export const FACTORS_SOURCE = {
  publisher: 'UK Government, Department for Energy Security and Net Zero (DESNZ)',
  title: 'Greenhouse gas reporting: conversion factors 2024',
  year: 2024,
  url: 'https://www.gov.uk/government/publications/greenhouse-gas-reporting-conversion-factors-2024',
} as const;

/** kg CO2e per passenger-km (shared transport) or per vehicle-km (cars, jeeps: split among the riders). */
export const TRANSPORT_FACTORS = {
  /** Business travel – air, domestic, average passenger, with RF. */
  flightDomestic: { kg: 0.27257, per: 'passenger_km', row: 'Flights: domestic, average passenger, with RF' },
  /** Business travel – air, short-haul (up to 3,700 km), average passenger, with RF. */
  flightShortHaul: { kg: 0.18592, per: 'passenger_km', row: 'Flights: short-haul, average passenger, with RF' },
  /** Business travel – air, long-haul (over 3,700 km), average passenger, with RF. */
  flightLongHaul: { kg: 0.26128, per: 'passenger_km', row: 'Flights: long-haul, average passenger, with RF' },
  /** Business travel – land, rail, national rail. */
  train: { kg: 0.03546, per: 'passenger_km', row: 'Rail: national rail' },
  /** Business travel – land, bus, coach. */
  coach: { kg: 0.02717, per: 'passenger_km', row: 'Bus: coach' },
  /** Business travel – land, bus, average local bus. */
  localBus: { kg: 0.10846, per: 'passenger_km', row: 'Bus: average local bus' },
  /** Business travel – sea, ferry, foot passenger. */
  boat: { kg: 0.01871, per: 'passenger_km', row: 'Ferry: foot' },
  /** Business travel – land, cars by size, average car, unknown fuel. */
  car: { kg: 0.16691, per: 'vehicle_km', row: 'Cars: average car, unknown fuel' },
  /** Business travel – land, cars by size, large car, diesel (a safari jeep or 4×4). */
  jeep: { kg: 0.20729, per: 'vehicle_km', row: 'Cars: large car, diesel' },
} as const;
export type TransportFactorKey = keyof typeof TRANSPORT_FACTORS;

/**
 * Hotel stay, kg CO2e per room per night, by country (ISO 3166-1 alpha-2). The table lists the
 * countries below; a country it does not list takes the mean of these Asian entries
 * (HOTEL_FALLBACK_KG), which the method page says.
 */
// Checked against the 2024 flat file's rows (DESNZ row ids 29_600_…_13_1). Taiwan's row is
// published without a value, so Taiwan takes the fallback.
export const HOTEL_ROOM_NIGHT_KG: Record<string, number> = {
  CN: 53.5,
  IN: 58.9,
  ID: 62.7,
  JP: 39.0,
  MY: 61.5,
  SG: 24.5,
  TH: 43.4,
  VN: 38.5,
};
const hotelValues = Object.values(HOTEL_ROOM_NIGHT_KG);
export const HOTEL_FALLBACK_KG = Math.round((hotelValues.reduce((a, b) => a + b, 0) / hotelValues.length) * 10) / 10;

/**
 * Distances: a great circle between two points is shorter than the trip. DESNZ's flight factors
 * already include its 8% uplift for routing and stacking, so a flight takes the great-circle
 * distance as it is; roads and railways take the customary 1.3 detour factor.
 */
export const DETOUR_FACTOR = { plane: 1, train: 1.3, bus: 1.3, car: 1.3 } as const;

/** Flights up to this distance use the domestic factor, up to SHORT_HAUL_MAX_KM the short-haul one. */
export const DOMESTIC_FLIGHT_MAX_KM = 500;
export const SHORT_HAUL_MAX_KM = 3700;

/** Seats a vehicle carries before a second one is needed; its emissions are shared by its riders. */
export const VEHICLE_SEATS = { car: 4, jeep: 6 } as const;

/** Guests sharing one room when the method counts rooms (two, as in a double or twin). */
export const GUESTS_PER_ROOM = 2;

/** The group size the experience page's per-person figure assumes. */
export const PAGE_GROUP_SIZE = 2;

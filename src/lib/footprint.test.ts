import { describe, expect, it } from 'vitest';
import { HOTEL_FALLBACK_KG } from './footprint-factors.ts';
import { experienceFootprint, formatKg, gettingThere, greatCircleKm, legKg, stayKg, toGrams, type FootprintLeg } from './footprint.ts';

// Every expectation is worked by hand from the DESNZ 2024 factors (kg CO2e per unit).
describe.each<[string, FootprintLeg, number, number]>([
  ['jeep, 40 km, 2 guests: one jeep', { mode: 'jeep', km: 40 }, 2, 40 * 0.20729],
  ['jeep, 40 km, 6 guests: still one jeep', { mode: 'jeep', km: 40 }, 6, 40 * 0.20729],
  ['jeep, 40 km, 7 guests: two jeeps', { mode: 'jeep', km: 40 }, 7, 2 * 40 * 0.20729],
  ['car, 10 km, 5 guests: two cars', { mode: 'car', km: 10 }, 5, 2 * 10 * 0.16691],
  ['boat, 30 km, 2 guests: per passenger', { mode: 'boat', km: 30 }, 2, 30 * 0.01871 * 2],
  ['bus, 12 km, 3 guests: local bus per passenger', { mode: 'bus', km: 12 }, 3, 12 * 0.10846 * 3],
  ['train, 100 km, 1 guest', { mode: 'train', km: 100 }, 1, 100 * 0.03546],
  ['flight, 300 km: domestic factor', { mode: 'flight', km: 300 }, 1, 300 * 0.27257],
  ['flight, 1,000 km: short-haul factor', { mode: 'flight', km: 1000 }, 2, 1000 * 0.18592 * 2],
  ['flight, 5,000 km: long-haul factor', { mode: 'flight', km: 5000 }, 1, 5000 * 0.26128],
  ['walking counts nothing', { mode: 'walking', km: 12 }, 4, 0],
  ['kayak counts nothing', { mode: 'kayak', km: 8 }, 2, 0],
])('legKg: %s', (_name, leg, group, kg) => {
  it('matches the hand-computed figure', () => expect(legKg(leg, group)).toBeCloseTo(kg, 9));
});

describe('stayKg', () => {
  it('counts rooms of two: 3 guests in Thailand for 2 nights take 2 rooms × 2 nights × 43.4', () => {
    expect(stayKg('hotel', 2, 'TH', 3)).toEqual({ rooms: 2, kg: 173.6 });
  });
  it('uses the country factor whatever the roofed lodging: a homestay in Singapore, 1 night, 2 guests', () => {
    expect(stayKg('homestay', 1, 'sg', 2).kg).toBeCloseTo(24.5, 9);
  });
  it('counts nothing for camping', () => expect(stayKg('camping', 3, 'ID', 2).kg).toBe(0));
  it('takes the mean of the listed Asian countries for one the table lacks (Nepal)', () => {
    expect(HOTEL_FALLBACK_KG).toBe(47.8); // (53.5+58.9+62.7+39.0+61.5+24.5+43.4+38.5) / 8 = 47.75 (Taiwan's 2024 row has no value)
    expect(stayKg('lodge', 2, 'NP', 2).kg).toBeCloseTo(95.6, 9);
  });
});

describe('experienceFootprint', () => {
  it('is null when the operator recorded nothing', () => {
    expect(experienceFootprint({ legs: [], lodging: null }, { nights: 2, countryCode: 'TH', groupSize: 2 })).toBeNull();
  });
  it('adds transport and nights and divides by the group', () => {
    // Jeep 40 km (one jeep) 8.2916 + boat 30 km × 2 guests 1.1226 + 2 nights × 1 room × 62.7 (Indonesia) 125.4 = 134.8142
    const f = experienceFootprint({ legs: [{ mode: 'jeep', km: 40 }, { mode: 'boat', km: 30 }], lodging: 'lodge' }, { nights: 2, countryCode: 'ID', groupSize: 2 })!;
    expect(f.totalKg).toBeCloseTo(134.8142, 9);
    expect(f.perPersonKg).toBeCloseTo(67.4071, 9);
    expect(f.parts.map((p) => p.kind)).toEqual(['transport', 'transport', 'stay']);
  });
  it('a walking day tour is zero, not unknown', () => {
    expect(experienceFootprint({ legs: [{ mode: 'walking', km: 9 }], lodging: null }, { nights: null, countryCode: 'JP', groupSize: 2 })?.totalKg).toBe(0);
  });
  it('a larger group shares the jeep: 4 guests, 60 km → 12.4374 total, 3.10935 each', () => {
    const f = experienceFootprint({ legs: [{ mode: 'jeep', km: 60 }], lodging: null }, { nights: 0, countryCode: 'LK', groupSize: 4 })!;
    expect(f.totalKg).toBeCloseTo(12.4374, 9);
    expect(f.perPersonKg).toBeCloseTo(3.10935, 9);
  });
});

describe('distances', () => {
  it('one degree of longitude on the equator is 6371 × π/180 km', () => {
    expect(greatCircleKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 })).toBeCloseTo(111.19493, 4);
  });
  it('Singapore to Kuala Lumpur is about 316 km by great circle', () => {
    expect(greatCircleKm({ latitude: 1.2903, longitude: 103.8519 }, { latitude: 3.139, longitude: 101.6869 })).toBeCloseTo(316, -1);
  });
  it('a flight takes the great circle (the factor holds DESNZ’s 8% uplift) and comes back: 10° on the equator, short-haul, 2 guests', () => {
    const gc = 6371 * (10 * Math.PI) / 180; // 1111.9493 km
    const g = gettingThere({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 10 }, 'plane', 2);
    expect(g.km).toBeCloseTo(gc, 6);
    expect(g.totalKg).toBeCloseTo(2 * gc * 0.18592 * 2, 6); // 826.9 kg for two, there and back
    expect(g.perPersonKg).toBeCloseTo(413.5, 1);
  });
  it('a car is shared: 5 guests need two cars, 1.3 detour, there and back', () => {
    const gc = 6371 * Math.PI / 180;
    const g = gettingThere({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 }, 'car', 5);
    expect(g.totalKg).toBeCloseTo(2 * gc * 1.3 * 0.16691 * 2, 6); // 96.51 kg
  });
  it('train and coach are per passenger', () => {
    const gc = 6371 * Math.PI / 180;
    expect(gettingThere({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 }, 'train', 3).totalKg).toBeCloseTo(2 * gc * 1.3 * 0.03546 * 3, 6);
    expect(gettingThere({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 }, 'bus', 1).totalKg).toBeCloseTo(2 * gc * 1.3 * 0.02717, 6);
  });
});

describe('formatting', () => {
  it.each([[0, '0'], [0.44, '0.4'], [7.94, '7.9'], [43.4, '43'], [1250.2, '1,250']])('%d kg → %s', (kg, text) => expect(formatKg(kg)).toBe(text));
  it('stores whole grams', () => expect(toGrams(4.18943)).toBe(4189));
});

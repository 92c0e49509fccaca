// Words for listing fields: kinds, pricing basis, booking type, difficulty, location kinds.
import type { z } from 'zod';
import type { Difficulty, LocationKind, OptionKind, PriceUnit, RoomType } from '../contract/options.ts';

export const KIND_LABELS: Record<OptionKind, string> = {
  stay: 'Stay',
  short_adventure: 'Short adventure',
  flexible_adventure: 'Flexible adventure',
  adventure: 'Multi-day adventure',
};

/** "per person", "per group", "per night" (a stay's from-price is its cheapest room-night), "per room". */
export function priceBasis(unit: z.infer<typeof PriceUnit>, kind: OptionKind): string {
  if (unit === 'per_person') return 'per person';
  if (unit === 'per_group') return 'per group';
  return kind === 'stay' ? 'per night' : 'per room';
}

export const DIFFICULTY_LABELS: Record<z.infer<typeof Difficulty>, string> = {
  easy: 'Easy',
  moderate: 'Moderate',
  challenging: 'Challenging',
};

export const LOCATION_LABELS: Record<z.infer<typeof LocationKind>, string> = {
  meetup: 'Meeting point',
  pickup: 'Pickup',
  return: 'End point',
};

export const ROOM_TYPE_LABELS: Record<z.infer<typeof RoomType>, string> = {
  double: 'Double room',
  single: 'Single room',
  twin: 'Twin room',
  triple: 'Triple room',
  family: 'Family room',
  studio: 'Studio',
  suite: 'Suite',
  dorm_bed: 'Bed in a dorm',
  dorm: 'Dorm',
};

/** "1 person", "8 people" (spec §9 plural forms). */
export function people(n: number): string {
  return `${n} ${n === 1 ? 'person' : 'people'}`;
}

/** "English, Malay and Dusun". */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

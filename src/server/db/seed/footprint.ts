// The demo catalogue's footprint facts (ADR 0044): what an operator of each kind of activity
// would record — the transport used during it and where guests sleep on a multi-day trip.
// Distances vary by experience (its id) so "Lowest footprint" has something to sort.
import type { FootprintFacts, FootprintLeg, LodgingType } from '../../../lib/footprint.ts';
import type { Act } from './types.ts';

type Range = readonly [number, number];
/** Legs of each activity, km ranges. Paddling, cycling and walking count nothing but are recorded all the same. */
const LEGS: Record<Act, readonly [FootprintLeg['mode'], Range][]> = {
  hike: [['walking', [6, 16]], ['car', [10, 40]]],
  wild: [['jeep', [25, 70]]],
  dive: [['boat', [8, 35]]],
  kayak: [['kayak', [5, 14]], ['car', [10, 30]]],
  cycle: [['bicycle', [15, 45]]],
  food: [['walking', [2, 5]]],
  culture: [['walking', [2, 6]], ['bus', [5, 20]]],
  camp: [['car', [20, 80]]],
  bird: [['walking', [3, 8]], ['car', [15, 50]]],
  raft: [['kayak', [8, 16]], ['car', [30, 90]]],
  climb: [['walking', [2, 6]], ['car', [15, 45]]],
  photo: [['car', [20, 90]]],
  well: [['walking', [1, 3]]],
  boat: [['boat', [15, 60]]],
  cave: [['walking', [2, 5]], ['jeep', [10, 35]]],
  stay: [],
};
/** Where guests sleep when the experience has nights. */
const LODGING: Record<Act, LodgingType> = {
  hike: 'homestay', wild: 'lodge', dive: 'liveaboard', kayak: 'camping', cycle: 'homestay', food: 'hotel', culture: 'hotel',
  camp: 'camping', bird: 'lodge', raft: 'camping', climb: 'camping', photo: 'lodge', well: 'hotel', boat: 'liveaboard', cave: 'lodge',
  stay: 'lodge',
};

/** Whole kilometres between the range's ends, the same for an experience every time the seed runs. */
const kmFor = (id: number, i: number, [lo, hi]: Range) => lo + ((id * 7919 + i * 104_729) % (hi - lo + 1));

export function demoFootprintFacts(o: { id: number; act: Act; kind: string; durationNights: number | null }): FootprintFacts {
  const legs = LEGS[o.act].map(([mode, range], i) => ({ mode, km: kmFor(o.id, i, range) }));
  const stays = o.kind === 'stay' || (o.durationNights ?? 0) > 0;
  // A stay whose id ends in 3 is a farm homestay rather than a lodge, so stays differ too.
  const lodging = !stays ? null : o.act === 'stay' && o.id % 10 === 3 ? 'homestay' : LODGING[o.act];
  return { legs, lodging };
}

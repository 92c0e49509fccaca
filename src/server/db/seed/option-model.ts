// The authoring shape of an experience (hand-written core and composed alike), and the
// draft it becomes once ids and prices in minor units are known.
import type { z } from 'zod';
import type { CancelType as CancelTypeSchema, Difficulty as DifficultySchema, OptionKind, RescheduleType as RescheduleTypeSchema, RoomType as RoomTypeSchema } from '../../../contract/options.ts';
import type { ItineraryStep, TransportItem } from '../schema.ts';
import type { CoreOptionSchema, LocationSeedSchema, PricingSchema, RoomSeedSchema, StepSeedSchema } from './content-schemas.ts';
import type { Act, Suitable, Sustainability } from './types.ts';

export type Kind = z.infer<typeof OptionKind>;
export type CancelType = z.infer<typeof CancelTypeSchema>;
export type RescheduleType = z.infer<typeof RescheduleTypeSchema>;
export type RoomType = z.infer<typeof RoomTypeSchema>;
export type Difficulty = z.infer<typeof DifficultySchema>;
export type RoomSeed = z.infer<typeof RoomSeedSchema>;
/** Prices in MAJOR units of the operator's currency; converted to minor units on build. */
export type Pricing = z.infer<typeof PricingSchema>;
export type LocationSeed = z.infer<typeof LocationSeedSchema>;
/** [time or null, title, description] */
export type StepSeed = z.infer<typeof StepSeedSchema>;
/** A hand-written experience (content-seed/options/*.yaml). */
export type CoreOption = z.infer<typeof CoreOptionSchema>;

/** A fully built option with everything that goes into the option tables. */
export type OptionDraft = {
  id: number;
  slugCode: string;
  operatorId: number;
  cityId: number;
  activityTypeId: number;
  name: string;
  kind: Kind;
  priceUnit: 'per_person' | 'per_group' | 'per_room';
  groupPriceType: 'price_per_group_with_additional_pax_addon' | 'price_per_group_with_min_pax' | null;
  useChildPrices: boolean;
  hasLocalPrice: boolean;
  durationMinutes: number | null;
  durationDays: number | null;
  durationNights: number | null;
  cancelType: CancelType;
  rescheduleType: RescheduleType;
  bookType: 'instant' | 'request_to_book';
  minQtyForPrice: number;
  maxQtyForPrice: number;
  yachtTrip: boolean;
  tripType: 'private' | 'join_in';
  priceCurrency: string;
  adultPrice: number | null;
  childPrice: number | null;
  localAdultPrice: number | null;
  localChildPrice: number | null;
  groupPrice: number | null;
  groupIncludedPax: number | null;
  additionalPaxPrice: number | null;
  minPax: number | null;
  capacity: number;
  startTimes: string[];
  summary: string;
  description: string;
  highlights: string[];
  itinerary: ItineraryStep[];
  inclusions: string[];
  exclusions: string[];
  transportItems: TransportItem[];
  languages: string[];
  minAge: number | null;
  difficulty: Difficulty;
  published: boolean;
  viewsCount: number;
  ordersCount: number;
  // Related rows
  imageIds: number[];
  tagIds: number[];
  placeIds: number[];
  locations: LocationSeed[];
  rooms: RoomSeed[];
  faqs: [string, string][];
  // Kept for composing reviews, collections and articles
  act: Act;
  countrySlug: string;
  citySlug: string;
  operatorSlug: string;
  suitable: Suitable[];
  sustainability: Sustainability[];
  themeTags: string[];
  core: boolean;
  /** Indicative price per adult in SGD, for "under S$100" style curation. */
  fromSgd: number;
};

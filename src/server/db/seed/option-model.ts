// The authoring shape of an experience (hand-written core and composed alike), and the
// draft it becomes once ids and prices in minor units are known.
import type { Theme } from '../../images/pool.ts';
import type { ItineraryStep, TransportItem } from '../schema.ts';
import type { Act, Suitable, Sustainability } from './types.ts';

export type Kind = 'stay' | 'short_adventure' | 'flexible_adventure' | 'adventure';
export type CancelType = 'all_sales_final' | 'strict' | 'standard' | 'moderate';
export type RescheduleType = 'allow_reschedule_cancel' | 'no_reschedule_cancel';
export type RoomType = 'double' | 'single' | 'twin' | 'triple' | 'family' | 'studio' | 'suite' | 'dorm_bed' | 'dorm';
export type Difficulty = 'easy' | 'moderate' | 'challenging';

export type RoomSeed = { type: RoomType; privacy: 'private' | 'shared'; name: string; guests: number; price: number; qty: number };

/** Prices in MAJOR units of the operator's currency; converted to minor units on build. */
export type Pricing =
  | { unit: 'per_person'; adult: number; child?: number; localAdult?: number; localChild?: number }
  | { unit: 'per_group'; model: 'addon'; group: number; included: number; extra: number }
  | { unit: 'per_group'; model: 'min_pax'; perPax: number; minPax: number }
  | { unit: 'per_room'; rooms: RoomSeed[] };

export type LocationSeed = {
  kind: 'meetup' | 'pickup' | 'return';
  name: string;
  address: string;
  note?: string;
  lat: number;
  lng: number;
};

/** [time or null, title, description] */
export type StepSeed = [string | null, string, string];

export type CoreOption = {
  key: string;
  operator: string;
  act: Act;
  /** Extra activity tags beyond the main one. */
  alsoActs?: Act[];
  places: string[];
  name: string;
  summary: string;
  description: string[];
  highlights: string[];
  itinerary: StepSeed[];
  inclusions: string[];
  exclusions: string[];
  locations: LocationSeed[];
  faqs: [string, string][];
  kind: Kind;
  pricing: Pricing;
  minutes?: number;
  days?: number;
  nights?: number;
  cancel: CancelType;
  reschedule?: RescheduleType;
  requestToBook?: boolean;
  trip?: 'private' | 'join_in';
  difficulty: Difficulty;
  startTimes: string[];
  minAge?: number;
  capacity?: number;
  minQty?: number;
  maxQty?: number;
  yacht?: boolean;
  /** [name, price in major units] */
  transport?: [string, number][];
  suitable: Suitable[];
  sustainability?: Sustainability[];
  themeTags?: string[];
  imageThemes: Theme[];
  languages?: string[];
  published?: boolean;
};

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

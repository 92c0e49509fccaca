// Building blocks for composed experiences: per-activity "kits" of templated copy.
// Templates are plain strings with {placeholders} filled from a Ctx, e.g.
// "{Daypart} Birding Walk in {place}" → "Dawn Birding Walk in Kinabalu Park".
import type { Theme } from '../../images/pool.ts';
import type { Difficulty, Kind } from './option-model.ts';
import type { Act, Suitable } from './types.ts';

export type Ctx = {
  /** Best place of interest for the activity, or the city name. */
  place: string;
  /** A second place (or the city) for variety. */
  place2: string;
  area: string;
  country: string;
  scene: string;
  season: string;
  guide: string;
  guide2: string;
  operator: string;
  founded: string;
  team: string;
  daypart: string;
  Daypart: string;
  days: string;
  Days: string;
  nights: string;
};

export type PriceModel = 'pp' | 'addon' | 'minpax' | 'room';

/** An itinerary step: [offset minutes from start | negative = from end | "HH:MM" | null, title, text]. */
export type StepT = [number | string | null, string, string];

export type Variant = {
  kind: Kind;
  model: PriceModel;
  weight: number;
  /** SGD band: adult price (pp), per-pax price (minpax), group price (addon), double room per night (room). */
  sgd: [number, number];
  minutes?: [number, number];
  days?: [number, number];
  nights?: [number, number];
  times: string[][];
  difficulty: Difficulty[];
  trip?: 'private' | 'join_in';
  names: string[];
  summaries: string[];
  steps: StepT[];
  minAge?: number;
  capacity: [number, number];
  childFriendly?: boolean;
  yacht?: boolean;
  /** Room set for stays. */
  rooms?: 'lodge' | 'homestay' | 'glamping' | 'cabin';
  /** Only offered where the city has one of these landscapes (sailing needs a coast). */
  requiresThemes?: Theme[];
  /** Only offered in these cities (jeep safaris). */
  onlyIn?: string[];
  /** No guide comes along (rentals, passes): copy must not promise one. */
  selfGuided?: boolean;
  /** Overrides the kit's middle sentences for this variant. */
  middles?: string[];
};

export type Kit = {
  act: Act;
  imageThemes: Theme[];
  openers: string[];
  middles: string[];
  highlights: string[];
  inclusions: string[];
  exclusions: string[];
  faqs: [string, string][];
  suitable: Suitable[];
  themeTags: string[];
  variants: Variant[];
};

export function fill(template: string, ctx: Ctx): string {
  return template.replace(/\{(\w+)\}/g, (m, key: string) => {
    const v = (ctx as Record<string, string>)[key];
    return v ?? m;
  });
}

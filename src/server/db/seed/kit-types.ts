// Building blocks for composed experiences: per-activity "kits" of templated copy.
// Templates are plain strings with {placeholders} filled from a Ctx, e.g.
// "{Daypart} Birding Walk in {place}" → "Dawn Birding Walk in Kinabalu Park".
import type { z } from 'zod';
import type { KitSchema, PriceModelSchema, StepTemplateSchema, VariantSchema } from './content-schemas.ts';

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

export type PriceModel = z.infer<typeof PriceModelSchema>;
/** An itinerary step: [offset minutes from start | negative = from end | "HH:MM" | null, title, text]. */
export type StepT = z.infer<typeof StepTemplateSchema>;
export type Variant = z.infer<typeof VariantSchema>;
/** Templated copy for composed experiences of one activity (content-seed/kits.yaml). */
export type Kit = z.infer<typeof KitSchema>;

export function fill(template: string, ctx: Ctx): string {
  return template.replace(/\{(\w+)\}/g, (m, key: string) => {
    const v = (ctx as Record<string, string>)[key];
    return v ?? m;
  });
}

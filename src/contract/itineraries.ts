// Travel itineraries: GET /travel_itineraries, GET /travel_itineraries/{slug}.
import { z } from 'zod';
import { ChangedSinceQuery, CityRefSchema, CountryRefSchema, ImageSchema, IsoDateTime, PageQuery, Slug, listResponse } from './common.ts';
import { OptionSummarySchema } from './options.ts';

export const ItinerarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  image: ImageSchema.nullable(),
  country: CountryRefSchema,
  city: CityRefSchema.nullable(),
  daysCount: z.number().int(),
  shareCount: z.number().int(),
});
export type Itinerary = z.infer<typeof ItinerarySchema>;

export const ItineraryDaySchema = z.object({
  day: z.number().int(),
  title: z.string(),
  description: z.string(),
  options: z.array(OptionSummarySchema),
});
export type ItineraryDay = z.infer<typeof ItineraryDaySchema>;

export const ItineraryDetailSchema = ItinerarySchema.extend({
  days: z.array(ItineraryDaySchema),
  updatedAt: IsoDateTime,
});
export type ItineraryDetail = z.infer<typeof ItineraryDetailSchema>;

/** Filters: `country`, `city` (slugs). Order: newest first. */
export const ListItinerariesQuery = PageQuery.extend({ country: Slug.optional(), city: Slug.optional(), ...ChangedSinceQuery.shape });
export type ListItinerariesQuery = z.infer<typeof ListItinerariesQuery>;
export const ListItinerariesResponse = listResponse('travelItineraries', ItinerarySchema);
export type ListItinerariesResponse = z.infer<typeof ListItinerariesResponse>;

/**
 * POST /travel_itineraries/{slug}/increase_share_count (ADR 39): the itinerary page's share
 * links call it. A visitor (the signed-in user, else a keyed hash of the day, address and
 * browser, as view counting does: ADR 12) counts once per itinerary and day.
 */
export const ShareCountResponse = z.object({ counted: z.boolean(), shareCount: z.number().int() });
export type ShareCountResponse = z.infer<typeof ShareCountResponse>;

// Cities: GET /cities, GET /cities/{slug}. Public address: slug.
import { z } from 'zod';
import { ChangedSinceQuery, CountryRefSchema, ImageSchema, IsoDateTime, PageQuery, QueryBool, QueryId, Slug, listResponse } from './common.ts';

/** Spec §3 City: the country fields plus countryId and featured. */
export const CitySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  countryId: z.number().int(),
  /** Lower-case ISO code of its country, for `/{countryCode}/{citySlug}/…` links. */
  countryCode: z.string(),
  countrySlug: z.string(),
  featured: z.boolean(),
  image: ImageSchema.nullable(),
  optionsCount: z.number().int(),
  ordersCount: z.number().int(),
});
export type City = z.infer<typeof CitySchema>;

export const PlaceOfInterestSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  image: ImageSchema.nullable(),
  /** Published experiences that visit it. */
  optionsCount: z.number().int(),
});
export type PlaceOfInterest = z.infer<typeof PlaceOfInterestSchema>;

export const CityDetailSchema = CitySchema.extend({
  tagline: z.string(),
  description: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  country: CountryRefSchema,
  placesOfInterest: z.array(PlaceOfInterestSchema),
  updatedAt: IsoDateTime,
});
export type CityDetail = z.infer<typeof CityDetailSchema>;

/** Filters: `country_id` or `country` (slug), `featured`. Order: optionsCount desc, name. */
export const ListCitiesQuery = PageQuery.extend({
  countryId: QueryId.optional(),
  country: Slug.optional(),
  featured: QueryBool.optional(),
  ...ChangedSinceQuery.shape,
});
export type ListCitiesQuery = z.infer<typeof ListCitiesQuery>;
export const ListCitiesResponse = listResponse('cities', CitySchema);
export type ListCitiesResponse = z.infer<typeof ListCitiesResponse>;

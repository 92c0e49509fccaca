// Countries: GET /countries, GET /countries/{slug}. Public address: slug.
import { z } from 'zod';
import { ChangedSinceQuery, ImageSchema, IsoDateTime, PageQuery, listResponse } from './common.ts';

/** Spec §3 Country, as the lists, the header and the initial data use it. */
export const CountrySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  /** ISO 3166-1 alpha-2, upper case (routes use it in lower case). */
  code: z.string(),
  name: z.string(),
  currencyCode: z.string(),
  region: z.string(),
  image: ImageSchema.nullable(),
  /** Published experiences in the country's cities. */
  optionsCount: z.number().int(),
  /** Sum of the orders of those experiences. */
  ordersCount: z.number().int(),
});
export type Country = z.infer<typeof CountrySchema>;

export const CountryCitySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  featured: z.boolean(),
  image: ImageSchema.nullable(),
  optionsCount: z.number().int(),
  ordersCount: z.number().int(),
});
export type CountryCity = z.infer<typeof CountryCitySchema>;

export const CountryDetailSchema = CountrySchema.extend({
  tagline: z.string(),
  description: z.string(),
  facts: z.array(z.object({ label: z.string(), value: z.string() })),
  /** Its cities, by optionsCount (desc) then name. */
  cities: z.array(CountryCitySchema),
  updatedAt: IsoDateTime,
});
export type CountryDetail = z.infer<typeof CountryDetailSchema>;

/** Singapore first, then by optionsCount (desc), then name. */
export const ListCountriesQuery = PageQuery.extend(ChangedSinceQuery.shape);
export type ListCountriesQuery = z.infer<typeof ListCountriesQuery>;
export const ListCountriesResponse = listResponse('countries', CountrySchema);
export type ListCountriesResponse = z.infer<typeof ListCountriesResponse>;

// Operators (suppliers): GET /suppliers, GET /suppliers/{slug}. Public address: slug.
import { z } from 'zod';
import { ChangedSinceQuery, CityRefSchema, CountryRefSchema, ImageSchema, IsoDateTime, PageQuery, RatingAggregateSchema, Slug, listResponse } from './common.ts';
import { OptionSummarySchema } from './options.ts';

export const SupplierSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  tagline: z.string(),
  image: ImageSchema.nullable(),
  city: CityRefSchema,
  country: CountryRefSchema,
  optionsCount: z.number().int(),
  rating: RatingAggregateSchema,
});
export type Supplier = z.infer<typeof SupplierSchema>;

export const SupplierDetailSchema = SupplierSchema.extend({
  description: z.string(),
  currencyCode: z.string(),
  foundedYear: z.number().int().nullable(),
  teamSize: z.number().int().nullable(),
  languages: z.array(z.string()),
  website: z.string().nullable(),
  /** Its published experiences, most booked first. */
  options: z.array(OptionSummarySchema),
  updatedAt: IsoDateTime,
});
export type SupplierDetail = z.infer<typeof SupplierDetailSchema>;

/** Filters: `city`, `country` (slugs). Order: name. */
export const ListSuppliersQuery = PageQuery.extend({ city: Slug.optional(), country: Slug.optional(), ...ChangedSinceQuery.shape });
export type ListSuppliersQuery = z.infer<typeof ListSuppliersQuery>;
export const ListSuppliersResponse = listResponse('suppliers', SupplierSchema);
export type ListSuppliersResponse = z.infer<typeof ListSuppliersResponse>;

// Best-of lists: GET /best_of_lists, GET /best_of_lists/{slug}.
import { z } from 'zod';
import { ChangedSinceQuery, CityRefSchema, CountryRefSchema, ImageSchema, IsoDateTime, PageQuery, Slug, listResponse } from './common.ts';
import { OptionSummarySchema } from './options.ts';

export const BestOfListSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  intro: z.string(),
  image: ImageSchema.nullable(),
  country: CountryRefSchema.nullable(),
  city: CityRefSchema.nullable(),
  /** Items whose experience is visible. */
  itemsCount: z.number().int(),
});
export type BestOfList = z.infer<typeof BestOfListSchema>;

export const BestOfListItemSchema = z.object({ position: z.number().int(), blurb: z.string(), option: OptionSummarySchema });
export type BestOfListItem = z.infer<typeof BestOfListItemSchema>;

export const BestOfListDetailSchema = BestOfListSchema.extend({
  items: z.array(BestOfListItemSchema),
  updatedAt: IsoDateTime,
});
export type BestOfListDetail = z.infer<typeof BestOfListDetailSchema>;

/** Filters: `country`, `city` (slugs). Order: newest first. */
export const ListBestOfListsQuery = PageQuery.extend({ country: Slug.optional(), city: Slug.optional(), ...ChangedSinceQuery.shape });
export type ListBestOfListsQuery = z.infer<typeof ListBestOfListsQuery>;
export const ListBestOfListsResponse = listResponse('bestOfLists', BestOfListSchema);
export type ListBestOfListsResponse = z.infer<typeof ListBestOfListsResponse>;

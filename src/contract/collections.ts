// Collections: GET /collections, GET /collections/{slug}, GET /categories/{id}.
// A collection category is addressed either by its numeric id (`/categories/12`, the spec's
// form) or by `/categories/{collectionSlug}/{categorySlug}` (what static pages link to).
import { z } from 'zod';
import { ChangedSinceQuery, CityRefSchema, CountryRefSchema, ImageSchema, IsoDateTime, MoneySchema, PageQuery, QueryBool, Slug, listResponse } from './common.ts';
import { OptionSummarySchema } from './options.ts';

export const CollectionSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  tagline: z.string(),
  isGift: z.boolean(),
  featured: z.boolean(),
  position: z.number().int(),
  countryId: z.number().int().nullable(),
  cityId: z.number().int().nullable(),
  country: CountryRefSchema.nullable(),
  city: CityRefSchema.nullable(),
  image: ImageSchema.nullable(),
  /** Published experiences in it. */
  optionsCount: z.number().int(),
});
export type Collection = z.infer<typeof CollectionSchema>;

export const CollectionCategorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  position: z.number().int(),
  /** Its experiences, in collection order (cards are in the collection's `options`). */
  optionSlugCodes: z.array(z.string()),
});
export type CollectionCategory = z.infer<typeof CollectionCategorySchema>;

export const CollectionTipSchema = z.object({ id: z.number().int(), title: z.string(), body: z.string(), position: z.number().int() });
export type CollectionTip = z.infer<typeof CollectionTipSchema>;

export const CollectionDetailSchema = CollectionSchema.extend({
  description: z.string(),
  categories: z.array(CollectionCategorySchema),
  tips: z.array(CollectionTipSchema),
  /** Every published experience of the collection, in collection order. */
  options: z.array(OptionSummarySchema),
  updatedAt: IsoDateTime,
});
export type CollectionDetail = z.infer<typeof CollectionDetailSchema>;

/** GET /categories/{id}: one category with its collection and experiences. */
export const CategoryDetailSchema = CollectionCategorySchema.omit({ optionSlugCodes: true }).extend({
  collection: CollectionSchema,
  options: z.array(OptionSummarySchema),
});
export type CategoryDetail = z.infer<typeof CategoryDetailSchema>;

/** Filters: `city`, `country` (slugs), `is_gift`, `featured`. Order: position, name. */
export const ListCollectionsQuery = PageQuery.extend({
  city: Slug.optional(),
  country: Slug.optional(),
  isGift: QueryBool.optional(),
  featured: QueryBool.optional(),
  ...ChangedSinceQuery.shape,
});
export type ListCollectionsQuery = z.infer<typeof ListCollectionsQuery>;
export const ListCollectionsResponse = listResponse('collections', CollectionSchema);
export type ListCollectionsResponse = z.infer<typeof ListCollectionsResponse>;

/** GET /collections/{id}/gift-options: the collection's experiences that can be given as gift experiences. */
export const GiftOptionsParams = z.object({ id: z.coerce.number({ error: 'Collection id must be a number' }).int('Collection id must be a whole number').positive('Collection id must be a positive number').max(2_147_483_647, 'Collection not found') });
export const GiftOptionSchema = z.object({
  option: OptionSummarySchema,
  /** The smallest party it is sold for, and the price of the gift for that party. */
  guests: z.number().int(),
  minGuests: z.number().int(),
  maxGuests: z.number().int(),
  price: MoneySchema,
});
export type GiftOption = z.infer<typeof GiftOptionSchema>;
export const GiftOptionsResponse = z.object({ collectionId: z.number().int(), giftOptions: z.array(GiftOptionSchema) });
export type GiftOptionsResponse = z.infer<typeof GiftOptionsResponse>;

// Page calls: one answer with everything a pre-rendered page needs.
// GET /page/home, /page/cities/{slug}, /page/countries/{slug}, /page/options/{slugCode},
// /page/collections/{slug}.
import { z } from 'zod';
import { RatingAggregateSchema, RatingSummarySchema } from './common.ts';
import { BestOfListSchema } from './best-of-lists.ts';
import { BlogSummarySchema } from './blogs.ts';
import { CityDetailSchema, CitySchema } from './cities.ts';
import { CollectionDetailSchema, CollectionSchema } from './collections.ts';
import { CountryDetailSchema, CountrySchema } from './countries.ts';
import { FaqSchema } from './faqs.ts';
import { ItinerarySchema } from './itineraries.ts';
import { OptionDetailSchema, OptionSummarySchema } from './options.ts';
import { ReviewSchema, SiteReviewSchema } from './reviews.ts';
import { TagRefSchema } from './tags.ts';

/** Experiences by listing kind, a few of each (most booked first). */
export const OptionsByKindSchema = z.object({
  stay: z.array(OptionSummarySchema),
  shortAdventure: z.array(OptionSummarySchema),
  flexibleAdventure: z.array(OptionSummarySchema),
  adventure: z.array(OptionSummarySchema),
});
export type OptionsByKind = z.infer<typeof OptionsByKindSchema>;

export const HomePageSchema = z.object({
  topDestinations: z.object({
    /** Singapore first, then by optionsCount. */
    countries: z.array(CountrySchema),
    /** The six cities with most orders. */
    cities: z.array(CitySchema),
  }),
  featuredCollections: z.array(CollectionSchema),
  optionsByKind: OptionsByKindSchema,
  magazineHighlights: z.array(BlogSummarySchema),
  bestOfLists: z.array(BestOfListSchema),
  siteReviews: z.array(SiteReviewSchema),
  siteReviewsAggregate: RatingAggregateSchema,
});
export type HomePage = z.infer<typeof HomePageSchema>;

const placeParts = {
  collections: z.array(CollectionSchema),
  /** Most booked experiences (first 12). */
  topOptions: z.array(OptionSummarySchema),
  optionsByKind: OptionsByKindSchema,
  /** Activity types present here, with the number of experiences of each in this place. */
  activityTypes: z.array(TagRefSchema.extend({ optionsCount: z.number().int() })),
  blogs: z.array(BlogSummarySchema),
  bestOfLists: z.array(BestOfListSchema),
  itineraries: z.array(ItinerarySchema),
};

export const CityPageSchema = z.object({ city: CityDetailSchema, ...placeParts });
export type CityPage = z.infer<typeof CityPageSchema>;

export const CountryPageSchema = z.object({ country: CountryDetailSchema, ...placeParts });
export type CountryPage = z.infer<typeof CountryPageSchema>;

export const OptionPageSchema = z.object({
  option: OptionDetailSchema,
  similar: z.array(OptionSummarySchema),
  /** The newest rated reviews (first 6) and the rating summary. */
  reviews: z.array(ReviewSchema),
  reviewsSummary: RatingSummarySchema,
  /** The option's FAQs followed by the general ones. */
  faqs: z.array(FaqSchema),
});
export type OptionPage = z.infer<typeof OptionPageSchema>;

export const CollectionPageSchema = z.object({
  collection: CollectionDetailSchema,
  /** Other collections of the same place (or featured ones), at most 6. */
  relatedCollections: z.array(CollectionSchema),
});
export type CollectionPage = z.infer<typeof CollectionPageSchema>;

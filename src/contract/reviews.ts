// Reviews: GET /reviews?option=<slugCode> (one experience), GET /customer-reviews (recent,
// across the site), GET /site-reviews (reviews of Verdant itself). Only rated reviews of
// visible options are shown, newest first.
import { z } from 'zod';
import { IsoDateTime, PageQuery, RatingAggregateSchema, RatingSummarySchema, ReviewSchema, Slug, listResponse } from './common.ts';
import { OptionSummarySchema } from './options.ts';

// A review of one experience lives in common.ts, since the option detail embeds its newest ones.
export { ReviewSchema, type Review } from './common.ts';

export const ListReviewsQuery = PageQuery.extend({ option: Slug });
export type ListReviewsQuery = z.infer<typeof ListReviewsQuery>;
/** `{ reviews, pagination, summary }`: summary is the option's rating summary. */
export const ListReviewsResponse = listResponse('reviews', ReviewSchema).extend({ summary: RatingSummarySchema });
export type ListReviewsResponse = z.infer<typeof ListReviewsResponse>;

export const CustomerReviewSchema = ReviewSchema.extend({ option: OptionSummarySchema });
export type CustomerReview = z.infer<typeof CustomerReviewSchema>;
export const ListCustomerReviewsQuery = PageQuery;
/** `{ reviews, pagination, aggregate }`: aggregate over every rated review of a visible option. */
export const ListCustomerReviewsResponse = listResponse('reviews', CustomerReviewSchema).extend({ aggregate: RatingAggregateSchema });
export type ListCustomerReviewsResponse = z.infer<typeof ListCustomerReviewsResponse>;

export const SiteReviewSchema = z.object({
  id: z.number().int(),
  authorName: z.string(),
  authorLocation: z.string(),
  rating: z.number().int().min(1).max(5),
  title: z.string(),
  body: z.string(),
  createdAt: IsoDateTime,
});
export type SiteReview = z.infer<typeof SiteReviewSchema>;
export const ListSiteReviewsQuery = PageQuery;
/** `{ siteReviews, pagination, aggregate }`. */
export const ListSiteReviewsResponse = listResponse('siteReviews', SiteReviewSchema).extend({ aggregate: RatingAggregateSchema });
export type ListSiteReviewsResponse = z.infer<typeof ListSiteReviewsResponse>;

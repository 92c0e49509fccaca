// Reviews of one option, recent reviews across the site, and reviews of Verdant itself.
import { Hono } from 'hono';
import { and, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { RatingAggregate } from '../../../contract/common.ts';
import {
  ListCustomerReviewsQuery,
  ListReviewsQuery,
  ListSiteReviewsQuery,
  type CustomerReview,
  type SiteReview,
} from '../../../contract/reviews.ts';
import type { AppEnv } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { options, reviews, siteReviews } from '../../db/schema.ts';
import { readQuery, reply } from '../../http.ts';
import { iso, noStars, toRatingSummary, toReview } from './mappers.ts';
import { findOptionId, loadOptionSummaryMap, visibleOption } from './options.ts';
import { countAll, loadStarCounts, loaderOf, offsetOf, pageOf } from './shared.ts';

export { toReview, type ReviewRow } from './mappers.ts';

export const toSiteReview = (r: typeof siteReviews.$inferSelect): SiteReview => ({
  id: r.id,
  authorName: r.authorName,
  authorLocation: r.authorLocation,
  rating: r.rating,
  title: r.title,
  body: r.body,
  createdAt: iso(r.createdAt),
});

const ratedReview = and(isNotNull(reviews.rating), isNull(reviews.deletedAt)) as SQL;

export async function queryOptionReviews(db: Db, optionId: number, page: { limit: number; offset: number }) {
  const cond = and(ratedReview, eq(reviews.optionId, optionId));
  const [rows, count] = await Promise.all([
    db.select().from(reviews).where(cond).orderBy(desc(reviews.createdAt), desc(reviews.id)).limit(page.limit).offset(page.offset),
    db.select({ n: countAll }).from(reviews).where(cond),
  ]);
  return { list: rows.map(toReview), total: Number(count[0]?.n ?? 0) };
}

const toAggregate = (r: { n: number; avg: string | number | null } | undefined): RatingAggregate => ({
  average: r?.avg === null || r?.avg === undefined ? null : Math.round(Number(r.avg) * 10) / 10,
  count: Number(r?.n ?? 0),
});

export async function siteReviewsPage(db: Db, page: { limit: number; offset: number }) {
  const cond = isNull(siteReviews.deletedAt);
  const [rows, agg] = await Promise.all([
    db.select().from(siteReviews).where(cond).orderBy(desc(siteReviews.createdAt), desc(siteReviews.id)).limit(page.limit).offset(page.offset),
    db.select({ n: countAll, avg: sql<string | null>`avg(${siteReviews.rating})` }).from(siteReviews).where(cond),
  ]);
  const aggregate = toAggregate(agg[0]);
  return { list: rows.map(toSiteReview), total: aggregate.count, aggregate };
}

export function reviewsRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/reviews', async (c) => {
    const q = readQuery(c, ListReviewsQuery);
    const db = c.var.db;
    const optionId = await findOptionId(db, q.option);
    const [{ list, total }, stars] = await Promise.all([
      queryOptionReviews(db, optionId, { limit: q.per, offset: offsetOf(q) }),
      loadStarCounts(db, [optionId]),
    ]);
    return reply(c, { reviews: list, pagination: pageOf(q, total), summary: toRatingSummary(stars.get(optionId) ?? noStars()) });
  });

  app.get('/customer-reviews', async (c) => {
    const q = readQuery(c, ListCustomerReviewsQuery);
    const L = loaderOf(c);
    const cond = and(ratedReview, visibleOption);
    const [rows, agg] = await Promise.all([
      L.db
        .select({ r: reviews })
        .from(reviews)
        .innerJoin(options, eq(options.id, reviews.optionId))
        .where(cond)
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(q.per)
        .offset(offsetOf(q)),
      L.db.select({ n: countAll, avg: sql<string | null>`avg(${reviews.rating})` }).from(reviews).innerJoin(options, eq(options.id, reviews.optionId)).where(cond),
    ]);
    const summaries = await loadOptionSummaryMap(L, rows.map((r) => r.r.optionId));
    const list: CustomerReview[] = rows.flatMap((r) => {
      const option = summaries.get(r.r.optionId);
      return option ? [{ ...toReview(r.r), option }] : [];
    });
    const aggregate = toAggregate(agg[0]);
    return reply(c, { reviews: list, pagination: pageOf(q, aggregate.count), aggregate });
  });

  app.get('/site-reviews', async (c) => {
    const q = readQuery(c, ListSiteReviewsQuery);
    const { list, total, aggregate } = await siteReviewsPage(c.var.db, { limit: q.per, offset: offsetOf(q) });
    return reply(c, { siteReviews: list, pagination: pageOf(q, total), aggregate });
  });

  return app;
}

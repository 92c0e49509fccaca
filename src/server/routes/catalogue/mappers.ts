// Rows → contract records. Pure functions: every catalogue answer goes through these, and a
// type-level test checks that they return the contract types.
import type { CityRef, CountryRef, Image, Money, RatingAggregate, RatingSummary, Review } from '../../../contract/common.ts';
import { IMAGE_WIDTHS } from '../../../contract/common.ts';
import type { TagRef } from '../../../contract/tags.ts';
import type { cities, countries, images, reviews, tags } from '../../db/schema.ts';

export type ImageRow = Pick<typeof images.$inferSelect, 'id' | 'key' | 'name' | 'contentType' | 'caption' | 'alt' | 'width' | 'height'>;
export type CountryRefRow = Pick<typeof countries.$inferSelect, 'id' | 'slug' | 'name' | 'code'>;
export type CityRefRow = Pick<typeof cities.$inferSelect, 'id' | 'slug' | 'name' | 'countryId'>;
export type TagRefRow = Pick<typeof tags.$inferSelect, 'id' | 'slug' | 'kind' | 'name'>;

/** `/storage/<key>` with each path segment encoded. */
export function storageUrl(key: string): string {
  return `/storage/${key.split('/').map(encodeURIComponent).join('/')}`;
}

export function imageVariantUrl(url: string, width: number, format?: 'webp'): string {
  return `/_image?url=${encodeURIComponent(url)}&w=${width}${format ? `&f=${format}` : ''}`;
}

export function toImage(row: ImageRow): Image {
  const url = storageUrl(row.key);
  return {
    id: row.id,
    name: row.name,
    contentType: row.contentType,
    caption: row.caption,
    alt: row.alt,
    width: row.width,
    height: row.height,
    url,
    lgUrl: imageVariantUrl(url, IMAGE_WIDTHS.lg),
    mdUrl: imageVariantUrl(url, IMAGE_WIDTHS.md),
    webpXlUrl: imageVariantUrl(url, IMAGE_WIDTHS.xl, 'webp'),
    webpLgUrl: imageVariantUrl(url, IMAGE_WIDTHS.lg, 'webp'),
    webpMdUrl: imageVariantUrl(url, IMAGE_WIDTHS.md, 'webp'),
    webpSmUrl: imageVariantUrl(url, IMAGE_WIDTHS.sm, 'webp'),
  };
}

/** Minor units → the wire's major units, exact to the currency's exponent. */
export function toMoney(minor: number, currency: string, exponent: number): Money {
  const factor = 10 ** exponent;
  return { amount: Math.round(minor) / factor, currency };
}

export function toMoneyOrNull(minor: number | null | undefined, currency: string, exponent: number): Money | null {
  return minor === null || minor === undefined ? null : toMoney(minor, currency, exponent);
}

/** Star counts (index 0 = one star) → the rating summary. */
export type StarCounts = [number, number, number, number, number];
export const noStars = (): StarCounts => [0, 0, 0, 0, 0];

export function toRatingSummary(stars: StarCounts): RatingSummary {
  const count = stars.reduce((a, b) => a + b, 0);
  const sum = stars.reduce((a, n, i) => a + n * (i + 1), 0);
  return {
    average: count === 0 ? null : Math.round((sum / count) * 10) / 10,
    count,
    distribution: { 1: stars[0], 2: stars[1], 3: stars[2], 4: stars[3], 5: stars[4] },
  };
}

export function toRatingAggregate(stars: StarCounts): RatingAggregate {
  const { average, count } = toRatingSummary(stars);
  return { average, count };
}

export const toCountryRef = (r: CountryRefRow): CountryRef => ({ id: r.id, slug: r.slug, name: r.name, code: r.code });
export const toCityRef = (r: CityRefRow): CityRef => ({ id: r.id, slug: r.slug, name: r.name, countryId: r.countryId });
export const toTagRef = (r: TagRefRow): TagRef => ({ id: r.id, slug: r.slug, kind: r.kind, name: r.name });

export const iso = (d: Date): string => d.toISOString();
export const isoOrNull = (d: Date | null): string | null => (d ? d.toISOString() : null);

export type ReviewRow = typeof reviews.$inferSelect;

/** Only called for rated rows (the queries ask `rating is not null`). */
export function toReview(r: ReviewRow): Review {
  return {
    id: r.id,
    authorName: r.authorName,
    authorCountry: r.authorCountry,
    rating: r.rating ?? 0,
    title: r.title,
    body: r.body,
    travelledOn: r.travelledOn,
    createdAt: iso(r.createdAt),
  };
}

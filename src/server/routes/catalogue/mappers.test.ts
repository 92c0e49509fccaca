// Type level: the row → contract mappers return exactly the contract types, and the storage
// rows fit the mappers' inputs (a schema change that breaks the wire fails `tsc`).
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { BestOfList } from '../../../contract/best-of-lists.ts';
import type { BlogBlock, BlogSummary } from '../../../contract/blogs.ts';
import type { City } from '../../../contract/cities.ts';
import type { Collection } from '../../../contract/collections.ts';
import type { CityRef, CountryRef, Image, Money, Pagination, RatingAggregate, RatingSummary } from '../../../contract/common.ts';
import { ImageSchema } from '../../../contract/common.ts';
import type { Country } from '../../../contract/countries.ts';
import type { Faq } from '../../../contract/faqs.ts';
import type { Currency } from '../../../contract/initial-data.ts';
import type { Itinerary } from '../../../contract/itineraries.ts';
import type { OptionDetail, OptionSummary } from '../../../contract/options.ts';
import type { PromotionCode } from '../../../contract/promotion-codes.ts';
import type { Review, SiteReview } from '../../../contract/reviews.ts';
import type { Supplier } from '../../../contract/suppliers.ts';
import type { Tag, TagRef } from '../../../contract/tags.ts';
import type { Pagination as LibPagination } from '../../../lib/pagination.ts';
import type { cities, countries, currencies, faqs, images, promotionCodes, reviews, siteReviews, tags } from '../../db/schema.ts';
import { toBestOfList } from './best-of-lists.ts';
import { toBlogBlocks, toBlogSummary } from './blogs.ts';
import { toCollection } from './collections.ts';
import { toCity, toCountry, type CityRow, type CountryRow } from './countries.ts';
import { toFaq } from './faqs.ts';
import { toCurrency } from './initial-data.ts';
import { toItinerary } from './itineraries.ts';
import {
  toCityRef,
  toCountryRef,
  toImage,
  toMoney,
  toRatingAggregate,
  toRatingSummary,
  toTagRef,
  type CityRefRow,
  type CountryRefRow,
  type ImageRow,
  type TagRefRow,
} from './mappers.ts';
import { toOptionDetail, toOptionSummary } from './options.ts';
import { toPromotionCode } from './promotion-codes.ts';
import { toReview, toSiteReview } from './reviews.ts';
import { toSupplier } from './suppliers.ts';
import { toTag, type TagRow } from './tags.ts';

describe('row → contract mappers (types)', () => {
  it('return the contract types', () => {
    expectTypeOf(toImage).returns.toEqualTypeOf<Image>();
    expectTypeOf(toMoney).returns.toEqualTypeOf<Money>();
    expectTypeOf(toRatingSummary).returns.toEqualTypeOf<RatingSummary>();
    expectTypeOf(toRatingAggregate).returns.toEqualTypeOf<RatingAggregate>();
    expectTypeOf(toCountryRef).returns.toEqualTypeOf<CountryRef>();
    expectTypeOf(toCityRef).returns.toEqualTypeOf<CityRef>();
    expectTypeOf(toTagRef).returns.toEqualTypeOf<TagRef>();
    expectTypeOf(toCountry).returns.toEqualTypeOf<Country>();
    expectTypeOf(toCity).returns.toEqualTypeOf<City>();
    expectTypeOf(toTag).returns.toEqualTypeOf<Tag>();
    expectTypeOf(toOptionSummary).returns.toEqualTypeOf<OptionSummary>();
    expectTypeOf(toOptionDetail).returns.toEqualTypeOf<OptionDetail>();
    expectTypeOf(toCollection).returns.toEqualTypeOf<Collection>();
    expectTypeOf(toBlogSummary).returns.toEqualTypeOf<BlogSummary>();
    expectTypeOf(toBlogBlocks).returns.toEqualTypeOf<BlogBlock[]>();
    expectTypeOf(toSupplier).returns.toEqualTypeOf<Supplier>();
    expectTypeOf(toItinerary).returns.toEqualTypeOf<Itinerary>();
    expectTypeOf(toBestOfList).returns.toEqualTypeOf<BestOfList>();
    expectTypeOf(toFaq).returns.toEqualTypeOf<Faq>();
    expectTypeOf(toReview).returns.toEqualTypeOf<Review>();
    expectTypeOf(toSiteReview).returns.toEqualTypeOf<SiteReview>();
    expectTypeOf(toPromotionCode).returns.toEqualTypeOf<PromotionCode>();
    expectTypeOf(toCurrency).returns.toEqualTypeOf<Currency>();
  });

  it('take the storage rows as they are', () => {
    expectTypeOf<typeof images.$inferSelect>().toExtend<ImageRow>();
    expectTypeOf<typeof countries.$inferSelect>().toExtend<CountryRefRow>();
    expectTypeOf<typeof cities.$inferSelect>().toExtend<CityRefRow>();
    expectTypeOf<typeof tags.$inferSelect>().toExtend<TagRefRow>();
    expectTypeOf<typeof tags.$inferSelect>().toEqualTypeOf<TagRow>();
    expectTypeOf<typeof countries.$inferSelect & { optionsCount: null; ordersCount: null }>().toExtend<CountryRow>();
    expectTypeOf<typeof cities.$inferSelect & { countryCode: string; countrySlug: string; optionsCount: number; ordersCount: number }>().toExtend<CityRow>();
    expectTypeOf(toFaq).parameter(0).toEqualTypeOf<typeof faqs.$inferSelect>();
    expectTypeOf(toReview).parameter(0).toEqualTypeOf<typeof reviews.$inferSelect>();
    expectTypeOf(toSiteReview).parameter(0).toEqualTypeOf<typeof siteReviews.$inferSelect>();
    expectTypeOf(toPromotionCode).parameter(0).toEqualTypeOf<typeof promotionCodes.$inferSelect>();
    expectTypeOf(toCurrency).parameter(0).toEqualTypeOf<typeof currencies.$inferSelect>();
  });

  it('keeps the contract pagination record identical to src/lib/pagination', () => {
    expectTypeOf<Pagination>().toEqualTypeOf<LibPagination>();
  });
});

describe('row → contract mappers (values)', () => {
  it('builds image URLs through the image route with the spec widths', () => {
    const image = toImage({ id: 1, key: 'pool/river 1.jpg', name: 'River', contentType: 'image/jpeg', caption: null, alt: 'A river', width: 1600, height: 900 });
    expect(ImageSchema.parse(image)).toEqual(image);
    expect(image.url).toBe('/storage/pool/river%201.jpg');
    expect(image.mdUrl).toBe('/_image?url=%2Fstorage%2Fpool%2Friver%25201.jpg&w=1080');
    expect(image.lgUrl).toContain('&w=1920');
    expect(image.webpXlUrl).toMatch(/&w=3840&f=webp$/);
    expect(image.webpLgUrl).toMatch(/&w=1920&f=webp$/);
    expect(image.webpMdUrl).toMatch(/&w=1080&f=webp$/);
    expect(image.webpSmUrl).toMatch(/&w=640&f=webp$/);
  });

  it.each([
    [12345, 'SGD', 2, 123.45],
    [5000, 'JPY', 0, 5000],
    [1, 'USD', 2, 0.01],
    [250000000, 'VND', 0, 250000000],
  ])('money %i %s (exponent %i) → %d', (minor, currency, exponent, amount) => {
    expect(toMoney(minor, currency, exponent)).toEqual({ amount, currency });
  });

  it('summarises star counts', () => {
    expect(toRatingSummary([0, 0, 1, 0, 2])).toEqual({ average: 4.3, count: 3, distribution: { 1: 0, 2: 0, 3: 1, 4: 0, 5: 2 } });
    expect(toRatingSummary([0, 0, 0, 0, 0]).average).toBeNull();
  });
});

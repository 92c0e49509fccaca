// Option detail records (rooms, schedules, reviews, FAQs, ...), batched, and lookup by slugCode.
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Image } from '../../../../contract/common.ts';
import type { Faq } from '../../../../contract/faqs.ts';
import { faqAnswered, toFaq } from '../../../services/faqs.ts';
import { pageFootprint } from '../../../services/footprint/footprint.ts';
import { OPTION_DETAIL_REVIEWS, type OptionDetail } from '../../../../contract/options.ts';
import type { TagRef } from '../../../../contract/tags.ts';
import type { OptionTagEvidence } from '../../../../contract/tag-evidence.ts';
import { publicEvidenceOf } from '../../../services/tag-evidence.ts';
import { transportPer } from '../../../../lib/pricing.ts';
import type { Db } from '../../../db/client.ts';
import { faqs, operators, optionLocations, optionPlaces, optionRooms, options, optionTags, placesOfInterest, reviews, tags } from '../../../db/schema.ts';
import { notFound } from '../../../http.ts';
import { iso, noStars, toMoney, toMoneyOrNull, toRatingSummary, toReview, toTagRef, type ReviewRow } from '../mappers.ts';
import { exponentOf, imageOf, loadImages, loadStarCounts, type Loader } from '../shared.ts';
import { type OptionRow, selectOptionRows, visibleOption } from './rows.ts';
import { firstOf, loadOptionImages, type SummaryExtras, toOptionSummary } from './summaries.ts';

type DetailExtras = SummaryExtras & {
  images: Map<number, Image[]>;
  tags: Map<number, TagRef[]>;
  places: Map<number, OptionDetail['placesOfInterest']>;
  locations: Map<number, (typeof optionLocations.$inferSelect)[]>;
  rooms: Map<number, (typeof optionRooms.$inferSelect)[]>;
  operators: Map<number, OptionDetail['operator']>;
  faqs: Map<number, Faq[]>;
  reviews: Map<number, ReviewRow[]>;
  evidence: Map<number, OptionTagEvidence[]>;
};

const groupBy = <T, K>(rows: T[], key: (r: T) => K): Map<K, T[]> => {
  const m = new Map<K, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = m.get(k);
    if (list) list.push(r);
    else m.set(k, [r]);
  }
  return m;
};

export function toOptionDetail(row: OptionRow, x: DetailExtras): OptionDetail {
  const o = row.o;
  const cur = o.priceCurrency;
  const exp = exponentOf(x.exponents, cur);
  const money = (minor: number | null) => toMoneyOrNull(minor, cur, exp);
  const tagList = x.tags.get(o.id) ?? [];
  const summary = toOptionSummary(row, x);
  const activityTypes = tagList.filter((t) => t.kind === 'activity_type');
  if (summary.activityType && !activityTypes.some((t) => t.id === summary.activityType?.id)) activityTypes.unshift(summary.activityType);
  const operator = x.operators.get(o.operatorId);
  if (!operator) throw new Error(`option ${o.id}: operator ${o.operatorId} missing`);
  return {
    ...summary,
    description: o.description,
    images: x.images.get(o.id) ?? [],
    currency: cur,
    groupPriceType: o.groupPriceType,
    useChildPrices: o.useChildPrices,
    hasLocalPrice: o.hasLocalPrice,
    prices: {
      adult: money(o.adultPrice),
      child: money(o.childPrice),
      localAdult: money(o.localAdultPrice),
      localChild: money(o.localChildPrice),
      group: money(o.groupPrice),
      groupIncludedPax: o.groupIncludedPax,
      additionalPax: money(o.additionalPaxPrice),
      minPax: o.minPax,
    },
    cancelType: o.cancelType,
    rescheduleType: o.rescheduleType,
    minQtyForPrice: o.minQtyForPrice,
    maxQtyForPrice: o.maxQtyForPrice,
    yachtTrip: o.yachtTrip,
    capacity: o.capacity,
    startTimes: o.startTimes,
    languages: o.languages,
    minAge: o.minAge,
    difficulty: o.difficulty,
    highlights: o.highlights,
    itinerary: o.itinerary.map((s) => ({ time: s.time ?? null, title: s.title, description: s.description })),
    inclusions: o.inclusions,
    exclusions: o.exclusions,
    transportItems: o.transportItems.map((t) => ({ id: t.id, kind: t.kind, name: t.name, price: toMoney(t.price, cur, exp), per: t.per ?? transportPer(t.name) })),
    locations: (x.locations.get(o.id) ?? []).map((l) => ({
      id: l.id,
      kind: l.kind,
      name: l.name,
      address: l.address,
      note: l.note,
      latitude: l.latitude,
      longitude: l.longitude,
    })),
    rooms: (x.rooms.get(o.id) ?? []).map((r) => ({
      id: r.id,
      roomType: r.roomType,
      privacy: r.privacy,
      name: r.name,
      maxGuests: r.maxGuests,
      pricePerNight: toMoney(r.pricePerNight, cur, exp),
      quantity: r.quantity,
    })),
    tags: {
      activityType: activityTypes,
      suitable: tagList.filter((t) => t.kind === 'suitable'),
      sustainability: tagList.filter((t) => t.kind === 'sustainability'),
      theme: tagList.filter((t) => t.kind === 'theme'),
    },
    placesOfInterest: x.places.get(o.id) ?? [],
    operator,
    rating: toRatingSummary(x.stars.get(o.id) ?? noStars()),
    reviews: (x.reviews.get(o.id) ?? []).map(toReview),
    faqs: x.faqs.get(o.id) ?? [],
    footprint: pageFootprint(o, row.country.code),
    tagEvidence: x.evidence.get(o.id) ?? [],
    updatedAt: iso(o.updatedAt),
  };
}

/** The newest `n` rated reviews of each option (one query, ranked per option). */
async function newestReviews(db: Db, optionIds: number[], n: number): Promise<ReviewRow[]> {
  const ranked = db
    .select({ id: reviews.id, rank: sql<number>`row_number() over (partition by ${reviews.optionId} order by ${reviews.createdAt} desc, ${reviews.id} desc)`.as('rank') })
    .from(reviews)
    .where(and(inArray(reviews.optionId, optionIds), isNotNull(reviews.rating), isNull(reviews.deletedAt)))
    .as('ranked');
  const rows = await db
    .select({ r: reviews })
    .from(reviews)
    .innerJoin(ranked, eq(ranked.id, reviews.id))
    .where(sql`${ranked.rank} <= ${n}`)
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  return rows.map((row) => row.r);
}

/** Full detail records for the given ids (hidden ones left out): ~11 queries for any number. */
export async function loadOptionDetails(L: Loader, ids: number[]): Promise<Map<number, OptionDetail>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const db = L.db;
  const [rows, imgs, stars, exponents, tagRows, placeRows, locationRows, roomRows, faqRows, reviewRows, evidence] = await Promise.all([
    selectOptionRows(db, wanted),
    loadOptionImages(db, wanted, false),
    loadStarCounts(db, wanted),
    L.exponents(),
    db
      .select({ optionId: optionTags.optionId, id: tags.id, slug: tags.slug, kind: tags.kind, name: tags.name })
      .from(optionTags)
      .innerJoin(tags, eq(tags.id, optionTags.tagId))
      .where(and(inArray(optionTags.optionId, wanted), isNull(tags.deletedAt)))
      .orderBy(asc(tags.kind), asc(tags.position), asc(tags.name)),
    db
      .select({ optionId: optionPlaces.optionId, id: placesOfInterest.id, slug: placesOfInterest.slug, name: placesOfInterest.name, imageId: placesOfInterest.imageId })
      .from(optionPlaces)
      .innerJoin(placesOfInterest, eq(placesOfInterest.id, optionPlaces.placeId))
      .where(and(inArray(optionPlaces.optionId, wanted), isNull(placesOfInterest.deletedAt)))
      .orderBy(asc(placesOfInterest.name)),
    db.select().from(optionLocations).where(inArray(optionLocations.optionId, wanted)).orderBy(asc(optionLocations.kind), asc(optionLocations.id)),
    db.select().from(optionRooms).where(inArray(optionRooms.optionId, wanted)).orderBy(asc(optionRooms.pricePerNight), asc(optionRooms.id)),
    db
      .select()
      .from(faqs)
      .where(and(inArray(faqs.optionId, wanted), isNull(faqs.deletedAt), faqAnswered))
      .orderBy(asc(faqs.position), asc(faqs.id)),
    newestReviews(db, wanted, OPTION_DETAIL_REVIEWS),
    publicEvidenceOf(db, wanted),
  ]);
  const operatorIds = [...new Set(rows.map((r) => r.o.operatorId))];
  const operatorRows = operatorIds.length
    ? await db
        .select({
          id: operators.id,
          slug: operators.slug,
          name: operators.name,
          tagline: operators.tagline,
          imageId: operators.imageId,
          languages: operators.languages,
          foundedYear: operators.foundedYear,
        })
        .from(operators)
        .where(inArray(operators.id, operatorIds))
    : [];
  const extraImages = await loadImages(db, [...operatorRows.map((r) => r.imageId), ...placeRows.map((r) => r.imageId)]);

  const x: DetailExtras = {
    exponents,
    stars,
    images: imgs,
    firstImage: firstOf(imgs),
    tags: new Map([...groupBy(tagRows, (r) => r.optionId)].map(([k, v]) => [k, v.map(toTagRef)])),
    places: new Map(
      [...groupBy(placeRows, (r) => r.optionId)].map(([k, v]) => [
        k,
        v.map((p) => ({ id: p.id, slug: p.slug, name: p.name, image: imageOf(extraImages, p.imageId) })),
      ]),
    ),
    locations: groupBy(locationRows, (r) => r.optionId),
    rooms: groupBy(roomRows, (r) => r.optionId),
    operators: new Map(
      operatorRows.map((r) => [
        r.id,
        { id: r.id, slug: r.slug, name: r.name, tagline: r.tagline, image: imageOf(extraImages, r.imageId), languages: r.languages, foundedYear: r.foundedYear },
      ]),
    ),
    reviews: groupBy(reviewRows, (r) => r.optionId),
    faqs: new Map(
      [...groupBy(faqRows, (r) => r.optionId ?? 0)].map(([k, v]) => [k, v.map(toFaq)]),
    ),
    evidence,
  };
  return new Map(rows.map((r) => [r.o.id, toOptionDetail(r, x)]));
}

/** The visible option's id by slugCode, or 404. */
export async function findOptionId(db: Db, slugCode: string): Promise<number> {
  const [row] = await db.select({ id: options.id }).from(options).where(and(eq(options.slugCode, slugCode), visibleOption)).limit(1);
  if (!row) throw notFound('Option');
  return row.id;
}

export async function getOptionDetail(L: Loader, slugCode: string): Promise<OptionDetail> {
  const id = await findOptionId(L.db, slugCode);
  const detail = (await loadOptionDetails(L, [id])).get(id);
  if (!detail) throw notFound('Option');
  return detail;
}

// Option summaries (cards) for any number of ids, batched: no N+1 queries.
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Image } from '../../../../contract/common.ts';
import type { OptionSummary } from '../../../../contract/options.ts';
import type { Db } from '../../../db/client.ts';
import { images, optionImages } from '../../../db/schema.ts';
import { noStars, toCityRef, toCountryRef, toImage, toMoneyOrNull, toRatingAggregate, type StarCounts } from '../mappers.ts';
import { exponentOf, inOrder, loadStarCounts, type Loader } from '../shared.ts';
import { fromPriceMinor, type OptionRow, selectOptionRows } from './rows.ts';

export type SummaryExtras = { exponents: Map<string, number>; firstImage: Map<number, Image>; stars: Map<number, StarCounts> };

export function toOptionSummary(row: OptionRow, x: SummaryExtras): OptionSummary {
  const o = row.o;
  const exp = exponentOf(x.exponents, o.priceCurrency);
  return {
    id: o.id,
    slugCode: o.slugCode,
    name: o.name,
    summary: o.summary,
    kind: o.kind,
    priceUnit: o.priceUnit,
    bookType: o.bookType,
    tripType: o.tripType,
    durationMinutes: o.durationMinutes,
    durationDays: o.durationDays,
    durationNights: o.durationNights,
    fromPrice: toMoneyOrNull(fromPriceMinor(row), o.priceCurrency, exp),
    image: x.firstImage.get(o.id) ?? null,
    city: toCityRef(row.city),
    country: toCountryRef(row.country),
    activityType:
      row.activityTagId !== null && row.activityTagSlug !== null && row.activityTagKind !== null && row.activityTagName !== null
        ? { id: row.activityTagId, slug: row.activityTagSlug, kind: row.activityTagKind, name: row.activityTagName }
        : null,
    rating: toRatingAggregate(x.stars.get(o.id) ?? noStars()),
    ordersCount: o.ordersCount,
    footprintKg: o.footprintGrams === null ? null : o.footprintGrams / 1000,
  };
}

/** Images of options in position order (deleted images left out). */
export async function loadOptionImages(db: Db, ids: number[], firstOnly: boolean): Promise<Map<number, Image[]>> {
  const out = new Map<number, Image[]>();
  if (ids.length === 0) return out;
  const base = { optionId: optionImages.optionId, image: images };
  const where = and(inArray(optionImages.optionId, ids), isNull(images.deletedAt));
  const order = [asc(optionImages.optionId), asc(optionImages.position), asc(optionImages.imageId)];
  const rows = firstOnly
    ? await db.selectDistinctOn([optionImages.optionId], base).from(optionImages).innerJoin(images, eq(images.id, optionImages.imageId)).where(where).orderBy(...order)
    : await db.select(base).from(optionImages).innerJoin(images, eq(images.id, optionImages.imageId)).where(where).orderBy(...order);
  for (const r of rows) {
    const list = out.get(r.optionId) ?? [];
    list.push(toImage(r.image));
    out.set(r.optionId, list);
  }
  return out;
}

export const firstOf = (m: Map<number, Image[]>) => new Map([...m].flatMap(([id, list]) => (list[0] ? [[id, list[0]] as const] : [])));

/**
 * Option cards for the given ids, in that order; hidden options are left out.
 * Four small queries whatever the number of ids (rows, first images, star counts, currencies).
 */
export async function loadOptionSummaries(L: Loader, ids: number[]): Promise<OptionSummary[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const [rows, imgs, stars, exponents] = await Promise.all([
    selectOptionRows(L.db, wanted),
    loadOptionImages(L.db, wanted, true),
    loadStarCounts(L.db, wanted),
    L.exponents(),
  ]);
  const x: SummaryExtras = { exponents, firstImage: firstOf(imgs), stars };
  return inOrder(wanted, new Map(rows.map((r) => [r.o.id, toOptionSummary(r, x)])));
}

export async function loadOptionSummaryMap(L: Loader, ids: number[]): Promise<Map<number, OptionSummary>> {
  const list = await loadOptionSummaries(L, ids);
  return new Map(list.map((o) => [o.id, o]));
}

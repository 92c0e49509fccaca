// An experience (option) as the back-office edits it: read from the live tables into one
// document (ExperienceDraft), checked against the catalogue, and written back at publish.
import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { ExperienceDraft } from '../../../contract/admin.ts';
import type { Db, Tx } from '../../db/client.ts';
import { cities, currencies, faqs, images, optionImages, optionLocations, options, optionTags, tags } from '../../db/schema.ts';
import { HttpError } from '../../http.ts';
import { factsOf, refreshFootprint } from '../footprint/footprint.ts';

export type DbOrTx = Db | Tx;

export type OptionBase = typeof options.$inferSelect;

export async function optionRow(db: DbOrTx, id: number): Promise<OptionBase | undefined> {
  const [row] = await db.select().from(options).where(and(eq(options.id, id), isNull(options.deletedAt))).limit(1);
  return row;
}

/** The option row's price columns as the document's prices. */
export function pricesOf(o: OptionBase): ExperienceDraft['prices'] {
  return {
    adult: o.adultPrice,
    child: o.childPrice,
    localAdult: o.localAdultPrice,
    localChild: o.localChildPrice,
    group: o.groupPrice,
    groupIncludedPax: o.groupIncludedPax,
    additionalPax: o.additionalPaxPrice,
    minPax: o.minPax,
  };
}

/** Minor-unit digits of a currency (prices in documents are minor units). */
export async function currencyExponent(db: DbOrTx, code: string): Promise<number> {
  const [c] = await db.select({ exponent: currencies.exponent }).from(currencies).where(eq(currencies.code, code)).limit(1);
  return c?.exponent ?? 2;
}

/** The live experience as an editable document. */
export async function liveDocument(db: DbOrTx, o: OptionBase): Promise<ExperienceDraft> {
  const [locs, faqRows, tagRows, imageRows] = await Promise.all([
    db.select().from(optionLocations).where(eq(optionLocations.optionId, o.id)).orderBy(asc(optionLocations.id)),
    db.select().from(faqs).where(and(eq(faqs.optionId, o.id), isNull(faqs.deletedAt), eq(faqs.fromTraveller, false))).orderBy(asc(faqs.position), asc(faqs.id)),
    db.select({ id: optionTags.tagId }).from(optionTags).where(eq(optionTags.optionId, o.id)).orderBy(asc(optionTags.tagId)),
    db
      .select({ id: images.id, alt: images.alt })
      .from(optionImages)
      .innerJoin(images, eq(images.id, optionImages.imageId))
      .where(eq(optionImages.optionId, o.id))
      .orderBy(asc(optionImages.position), asc(images.id)),
  ]);
  return {
    name: o.name,
    slugCode: o.slugCode,
    summary: o.summary,
    description: o.description,
    cityId: o.cityId,
    activityTypeId: o.activityTypeId,
    prices: pricesOf(o),
    durationMinutes: o.durationMinutes,
    durationDays: o.durationDays,
    durationNights: o.durationNights,
    capacity: o.capacity,
    minAge: o.minAge,
    difficulty: o.difficulty,
    languages: o.languages,
    startTimes: o.startTimes,
    highlights: o.highlights,
    inclusions: o.inclusions,
    exclusions: o.exclusions,
    itinerary: o.itinerary.map((s) => ({ time: s.time ?? null, title: s.title, description: s.description })),
    locations: locs.map((l) => ({ kind: l.kind, name: l.name, address: l.address, note: l.note, latitude: l.latitude, longitude: l.longitude })),
    faqs: faqRows.map((f) => ({ question: f.question, answer: f.answer })),
    tagIds: tagRows.map((t) => t.id),
    // An image without alt text in the catalogue gets its file name's words, so the document
    // stays valid; the editor sees and can improve it.
    images: imageRows.map((i) => ({ id: i.id, alt: i.alt.trim().length >= 3 ? i.alt : `Photo of ${o.name}` })),
    footprint: factsOf(o),
  };
}

const fail = (field: string, message: string) => new HttpError(422, message, { fields: { [field]: message } });

/**
 * What zod cannot know: the references exist, the slug is free, the prices fit the pricing
 * basis. Throws 422 with the field (wire names) that is wrong.
 */
export async function checkDocument(db: DbOrTx, o: OptionBase, d: ExperienceDraft): Promise<void> {
  const [city] = await db.select({ id: cities.id }).from(cities).where(and(eq(cities.id, d.cityId), isNull(cities.deletedAt))).limit(1);
  if (!city) throw fail('draft.city_id', 'Choose a city from the list');
  const tagIds = [...new Set([...d.tagIds, ...(d.activityTypeId ? [d.activityTypeId] : [])])];
  if (tagIds.length) {
    const found = await db.select({ id: tags.id, kind: tags.kind }).from(tags).where(and(inArray(tags.id, tagIds), isNull(tags.deletedAt)));
    const known = new Map(found.map((t) => [t.id, t.kind]));
    const missing = d.tagIds.findIndex((id) => !known.has(id));
    if (missing >= 0) throw fail(`draft.tag_ids.${missing}`, 'That tag no longer exists');
    if (d.activityTypeId && known.get(d.activityTypeId) !== 'activity_type') throw fail('draft.activity_type_id', 'Choose an activity type from the list');
  }
  if (new Set(d.tagIds).size !== d.tagIds.length) throw fail('draft.tag_ids', 'A tag is listed twice');
  if (d.images.length) {
    const ids = d.images.map((i) => i.id);
    if (new Set(ids).size !== ids.length) throw fail('draft.images', 'An image is listed twice');
    const found = new Set((await db.select({ id: images.id }).from(images).where(and(inArray(images.id, ids), isNull(images.deletedAt)))).map((r) => r.id));
    const missing = ids.findIndex((id) => !found.has(id));
    if (missing >= 0) throw fail(`draft.images.${missing}.id`, 'That image no longer exists');
  }
  const [taken] = await db.select({ id: options.id }).from(options).where(and(eq(options.slugCode, d.slugCode), ne(options.id, o.id))).limit(1);
  if (taken) throw fail('draft.slug_code', 'Another experience already uses this address');
  const p = d.prices;
  if (o.priceUnit === 'per_person' && p.adult === null && p.localAdult === null) throw fail('draft.prices.adult', 'A per-person experience needs an adult price');
  if (o.priceUnit === 'per_group' && p.group === null && p.adult === null) throw fail('draft.prices.group', 'A per-group experience needs a group price');
  if (o.useChildPrices && o.priceUnit === 'per_person' && p.child === null) throw fail('draft.prices.child', 'This experience has child prices: enter one');
}

/** Writes the document to the live tables and bumps updatedAt (the content feed's signal). */
export async function applyDocument(tx: Tx, o: OptionBase, d: ExperienceDraft, now: Date): Promise<void> {
  await tx
    .update(options)
    .set({
      name: d.name,
      slugCode: d.slugCode,
      summary: d.summary,
      description: d.description,
      cityId: d.cityId,
      activityTypeId: d.activityTypeId,
      adultPrice: d.prices.adult,
      childPrice: d.prices.child,
      localAdultPrice: d.prices.localAdult,
      localChildPrice: d.prices.localChild,
      groupPrice: d.prices.group,
      groupIncludedPax: d.prices.groupIncludedPax,
      additionalPaxPrice: d.prices.additionalPax,
      minPax: d.prices.minPax,
      durationMinutes: d.durationMinutes,
      durationDays: d.durationDays,
      durationNights: d.durationNights,
      capacity: d.capacity,
      minAge: d.minAge,
      difficulty: d.difficulty,
      languages: d.languages,
      startTimes: d.startTimes,
      highlights: d.highlights,
      inclusions: d.inclusions,
      exclusions: d.exclusions,
      itinerary: d.itinerary.map((s) => ({ ...(s.time ? { time: s.time } : {}), title: s.title, description: s.description })),
      footprintLegs: d.footprint.legs,
      lodgingType: d.footprint.lodging,
      updatedAt: now,
    })
    .where(eq(options.id, o.id));
  // Nights, city and facts may all have changed: the sort's stored figure follows in the same transaction.
  await refreshFootprint(tx, o.id);
  await tx.delete(optionLocations).where(eq(optionLocations.optionId, o.id));
  if (d.locations.length) await tx.insert(optionLocations).values(d.locations.map((l) => ({ optionId: o.id, ...l })));
  // Travellers' questions and the operator's answers are not part of the editors' document.
  await tx.delete(faqs).where(and(eq(faqs.optionId, o.id), eq(faqs.fromTraveller, false)));
  if (d.faqs.length) await tx.insert(faqs).values(d.faqs.map((f, position) => ({ optionId: o.id, question: f.question, answer: f.answer, position, updatedAt: now })));
  await tx.delete(optionTags).where(eq(optionTags.optionId, o.id));
  if (d.tagIds.length) await tx.insert(optionTags).values(d.tagIds.map((tagId) => ({ optionId: o.id, tagId })));
  await tx.delete(optionImages).where(eq(optionImages.optionId, o.id));
  if (d.images.length) await tx.insert(optionImages).values(d.images.map((i, position) => ({ optionId: o.id, imageId: i.id, position })));
  for (const i of d.images) {
    await tx.update(images).set({ alt: i.alt, updatedAt: now }).where(and(eq(images.id, i.id), ne(images.alt, i.alt)));
  }
}

/** The top-level fields (and price lines) that differ between two documents. */
export function changedFields(before: ExperienceDraft | null, after: ExperienceDraft): string[] {
  if (!before) return [];
  const out: string[] = [];
  for (const k of Object.keys(after) as (keyof ExperienceDraft)[]) {
    if (k === 'prices') {
      for (const p of Object.keys(after.prices) as (keyof ExperienceDraft['prices'])[]) {
        if (before.prices?.[p] !== after.prices[p]) out.push(`prices.${p}`);
      }
    } else if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) out.push(k);
  }
  return out;
}

// The footprint on the server (ADR 0044): the stored per-person grams that "Lowest footprint"
// sorts on, kept in step with the facts on every write, and the part-by-part view of a page.
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { ExperienceFootprintT } from '../../../contract/options.ts';
import * as factors from '../../../lib/footprint-factors.ts';
import { FACTORS_SOURCE, PAGE_GROUP_SIZE } from '../../../lib/footprint-factors.ts';
import { experienceFootprint, toGrams, type FootprintFacts } from '../../../lib/footprint.ts';
import type { Db, Tx } from '../../db/client.ts';
import { cities, countries, options, settings } from '../../db/schema.ts';

type FactRow = { footprintLegs: FootprintFacts['legs']; lodgingType: FootprintFacts['lodging']; durationNights: number | null };

/** The facts in the contract's key order (jsonb hands keys back sorted, and documents are compared as JSON). */
export const factsOf = (o: Pick<FactRow, 'footprintLegs' | 'lodgingType'>): FootprintFacts => ({ legs: o.footprintLegs.map((l) => ({ mode: l.mode, km: l.km })), lodging: o.lodgingType });

/** The page's view: the experience for PAGE_GROUP_SIZE guests, or null without facts. */
export function pageFootprint(o: FactRow, countryCode: string): ExperienceFootprintT | null {
  const f = experienceFootprint(factsOf(o), { nights: o.durationNights, countryCode, groupSize: PAGE_GROUP_SIZE });
  return f && { ...f, factorsYear: FACTORS_SOURCE.year };
}

/** Per person, whole grams, as stored in options.footprint_grams. */
export function footprintGramsOf(o: FactRow, countryCode: string): number | null {
  const f = pageFootprint(o, countryCode);
  return f ? toGrams(f.perPersonKg) : null;
}

/** The country code of a city (the hotel factor depends on it). */
export async function countryCodeOfCity(db: Db | Tx, cityId: number): Promise<string> {
  const [row] = await db.select({ code: countries.code }).from(cities).innerJoin(countries, eq(countries.id, cities.countryId)).where(eq(cities.id, cityId));
  return row?.code ?? '';
}

/** Re-derives the stored grams of one experience from its current row (after any write to its facts, nights or city). */
export async function refreshFootprint(db: Db | Tx, optionId: number): Promise<void> {
  const [o] = await db
    .select({ footprintLegs: options.footprintLegs, lodgingType: options.lodgingType, durationNights: options.durationNights, cityId: options.cityId, footprintGrams: options.footprintGrams })
    .from(options)
    .where(eq(options.id, optionId));
  if (!o) return;
  const grams = footprintGramsOf(o, await countryCodeOfCity(db, o.cityId));
  if (grams !== o.footprintGrams) await db.update(options).set({ footprintGrams: grams }).where(eq(options.id, optionId));
}

/** Every experience at once, for when the factors change (a new year's set). Returns how many figures changed. */
export async function refreshAllFootprints(db: Db | Tx): Promise<number> {
  const rows = await db
    .select({ id: options.id, footprintLegs: options.footprintLegs, lodgingType: options.lodgingType, durationNights: options.durationNights, code: countries.code, footprintGrams: options.footprintGrams })
    .from(options)
    .innerJoin(cities, eq(cities.id, options.cityId))
    .innerJoin(countries, eq(countries.id, cities.countryId));
  const changed = rows.map((r) => ({ id: r.id, grams: footprintGramsOf(r, r.code), was: r.footprintGrams })).filter((r) => r.grams !== r.was);
  for (let i = 0; i < changed.length; i += 500) {
    const chunk = changed.slice(i, i + 500);
    const values = sql.join(chunk.map((r) => sql`(${r.id}::int, ${r.grams}::int)`), sql`, `);
    await db.execute(sql`UPDATE options SET footprint_grams = v.g FROM (VALUES ${values}) AS v(id, g) WHERE options.id = v.id`);
  }
  return changed.length;
}

/** The bundled factors' fingerprint: a new year's set, or one corrected value, changes it. */
export const FACTORS_FINGERPRINT = createHash('sha256').update(JSON.stringify(factors)).digest('hex').slice(0, 16);
const FACTORS_SETTING = 'footprint_factors';

/**
 * Run where the server starts, after migrations: when the bundled factors differ from those the
 * stored figures were derived with (`settings.footprint_factors`), re-derives every figure and
 * records the new fingerprint, in one transaction under an advisory lock (several processes may
 * start at once). Returns the number of figures changed, or null when the factors were current.
 */
export async function refreshFootprintsIfFactorsChanged(db: Db): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${FACTORS_SETTING}))`);
    const [row] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, FACTORS_SETTING));
    if ((row?.value as { fingerprint?: string } | undefined)?.fingerprint === FACTORS_FINGERPRINT) return null;
    const changed = await refreshAllFootprints(tx);
    const value = { fingerprint: FACTORS_FINGERPRINT, year: FACTORS_SOURCE.year };
    const now = new Date();
    await tx.insert(settings).values({ key: FACTORS_SETTING, value, updatedAt: now }).onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
    return changed;
  });
}

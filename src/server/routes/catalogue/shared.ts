// Helpers shared by the catalogue routes: a per-request loader with memoized lookups, batch
// loaders (images, ratings), path slugs and list answers.
import type { Context } from 'hono';
import { and, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { SLUG_PATTERN } from '../../../contract/common.ts';
import type { Image, Pagination } from '../../../contract/common.ts';
import { paginate } from '../../../lib/pagination.ts';
import type { AppEnv } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { currencies, images, reviews } from '../../db/schema.ts';
import { notFound } from '../../http.ts';
import { noStars, toImage, type StarCounts } from './mappers.ts';

/** Per-request access to the database plus lookups that are loaded once. */
export type Loader = {
  db: Db;
  /** Currency code → exponent (minor-unit digits). */
  exponents: () => Promise<Map<string, number>>;
};

export function createLoader(db: Db): Loader {
  let exps: Promise<Map<string, number>> | undefined;
  return {
    db,
    exponents: () => {
      exps ??= db
        .select({ code: currencies.code, exponent: currencies.exponent })
        .from(currencies)
        .then((rows) => new Map(rows.map((r) => [r.code, r.exponent])));
      return exps;
    },
  };
}

export const loaderOf = (c: Context<AppEnv>): Loader => createLoader(c.var.db);

export const exponentOf = (exps: Map<string, number>, code: string): number => exps.get(code) ?? 2;

/** A path slug, or 404 for anything that cannot be one (no query needed). */
export function slugParam(c: Context<AppEnv>, name: string, what: string): string {
  const value = c.req.param(name);
  if (!value || !SLUG_PATTERN.test(value)) throw notFound(what);
  return value;
}

const unique = <T>(xs: Iterable<T>): T[] => [...new Set(xs)];

export function presentIds(ids: Iterable<number | null | undefined>): number[] {
  const out: number[] = [];
  for (const id of ids) if (typeof id === 'number') out.push(id);
  return unique(out);
}

/** Images by id (deleted ones left out), one query. */
export async function loadImages(db: Db, ids: Iterable<number | null | undefined>): Promise<Map<number, Image>> {
  const wanted = presentIds(ids);
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(images).where(and(inArray(images.id, wanted), isNull(images.deletedAt)));
  return new Map(rows.map((r) => [r.id, toImage(r)]));
}

export const imageOf = (map: Map<number, Image>, id: number | null | undefined): Image | null =>
  id === null || id === undefined ? null : (map.get(id) ?? null);

/** Rated, not deleted reviews by option and stars: one grouped query. */
export async function loadStarCounts(db: Db, optionIds: number[]): Promise<Map<number, StarCounts>> {
  const out = new Map<number, StarCounts>();
  if (optionIds.length === 0) return out;
  const rows = await db
    .select({ optionId: reviews.optionId, rating: reviews.rating, n: sql<number>`count(*)::int` })
    .from(reviews)
    .where(and(inArray(reviews.optionId, unique(optionIds)), isNotNull(reviews.rating), isNull(reviews.deletedAt)))
    .groupBy(reviews.optionId, reviews.rating);
  for (const r of rows) {
    if (r.rating === null || r.rating < 1 || r.rating > 5) continue;
    const stars = out.get(r.optionId) ?? noStars();
    stars[r.rating - 1] = Number(r.n);
    out.set(r.optionId, stars);
  }
  return out;
}

export function sumStars(list: Iterable<StarCounts | undefined>): StarCounts {
  const total = noStars();
  for (const s of list) if (s) for (let i = 0; i < 5; i++) total[i as 0] += s[i as 0];
  return total;
}

export const pageOf = (q: { page: number; per: number }, total: number): Pagination => paginate(q.page, q.per, total);

export const offsetOf = (q: { page: number; per: number }) => (q.page - 1) * q.per;

/** Keeps the order of `ids`, dropping the ones that have no record. */
export function inOrder<T>(ids: number[], byId: Map<number, T>): T[] {
  const out: T[] = [];
  for (const id of ids) {
    const v = byId.get(id);
    if (v !== undefined) out.push(v);
  }
  return out;
}

/** `%text%` for ILIKE with the wildcards of the user's text escaped. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

export const countAll = sql<number>`count(*)::int`;


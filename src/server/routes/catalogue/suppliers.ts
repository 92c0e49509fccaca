// Operators (suppliers): list and detail with their experiences.
import { Hono } from 'hono';
import { and, asc, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Image } from '../../../contract/common.ts';
import { ListSuppliersQuery, type Supplier, type SupplierDetail } from '../../../contract/suppliers.ts';
import type { AppEnv } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { cities, countries, operators, options } from '../../db/schema.ts';
import { notFound, readQuery, reply } from '../../http.ts';
import { changedSince, listChangeExtras } from './effective.ts';
import { iso, toCityRef, toCountryRef, toRatingAggregate, type StarCounts } from './mappers.ts';
import { loadOptionSummaries, visibleOption } from './options.ts';
import { countAll, imageOf, loadImages, loadStarCounts, loaderOf, offsetOf, pageOf, slugParam, sumStars, type Loader } from './shared.ts';

function selectSuppliers(db: Db) {
  return db
    .select({
      s: operators,
      city: { id: cities.id, slug: cities.slug, name: cities.name, countryId: cities.countryId },
      country: { id: countries.id, slug: countries.slug, name: countries.name, code: countries.code },
    })
    .from(operators)
    .innerJoin(cities, eq(cities.id, operators.cityId))
    .innerJoin(countries, eq(countries.id, cities.countryId));
}
export type SupplierRow = Awaited<ReturnType<ReturnType<typeof selectSuppliers>['where']>>[number];

export function toSupplier(r: SupplierRow, images: Map<number, Image>, optionIds: number[], stars: Map<number, StarCounts>): Supplier {
  return {
    id: r.s.id,
    slug: r.s.slug,
    name: r.s.name,
    tagline: r.s.tagline,
    image: imageOf(images, r.s.imageId),
    city: toCityRef(r.city),
    country: toCountryRef(r.country),
    optionsCount: optionIds.length,
    rating: toRatingAggregate(sumStars(optionIds.map((id) => stars.get(id)))),
  };
}

/** Visible option ids per operator, most booked first. */
async function operatorOptionIds(db: Db, operatorIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (operatorIds.length === 0) return out;
  const rows = await db
    .select({ id: options.id, operatorId: options.operatorId })
    .from(options)
    .where(and(inArray(options.operatorId, operatorIds), visibleOption))
    .orderBy(desc(options.ordersCount), asc(options.id));
  for (const r of rows) out.set(r.operatorId, [...(out.get(r.operatorId) ?? []), r.id]);
  return out;
}

export async function querySuppliers(db: Db, where: SQL[], page?: { limit: number; offset: number }) {
  const cond = and(isNull(operators.deletedAt), ...where);
  const q = selectSuppliers(db).where(cond).orderBy(asc(operators.name), asc(operators.id));
  const [rows, total] = await Promise.all([
    page ? q.limit(page.limit).offset(page.offset) : q,
    page
      ? db
          .select({ n: countAll })
          .from(operators)
          .innerJoin(cities, eq(cities.id, operators.cityId))
          .innerJoin(countries, eq(countries.id, cities.countryId))
          .where(cond)
          .then((r) => Number(r[0]?.n ?? 0))
      : Promise.resolve(-1),
  ]);
  const [imgs, optionIds] = await Promise.all([loadImages(db, rows.map((r) => r.s.imageId)), operatorOptionIds(db, rows.map((r) => r.s.id))]);
  const stars = await loadStarCounts(db, [...optionIds.values()].flat());
  const list = rows.map((r) => toSupplier(r, imgs, optionIds.get(r.s.id) ?? [], stars));
  return { list, total: total < 0 ? list.length : total, rows, optionIds };
}

export async function loadSupplierDetails(L: Loader, ids: number[]): Promise<Map<number, SupplierDetail>> {
  if (ids.length === 0) return new Map();
  const { list, rows, optionIds } = await querySuppliers(L.db, [inArray(operators.id, ids)]);
  const summaries = await loadOptionSummaries(L, [...optionIds.values()].flat());
  const rowById = new Map(rows.map((r) => [r.s.id, r.s]));
  const out = new Map<number, SupplierDetail>();
  for (const s of list) {
    const row = rowById.get(s.id);
    if (!row) continue;
    const mine = new Set(optionIds.get(s.id) ?? []);
    out.set(s.id, {
      ...s,
      description: row.description,
      currencyCode: row.currencyCode,
      foundedYear: row.foundedYear,
      teamSize: row.teamSize,
      languages: row.languages,
      website: row.website,
      options: summaries.filter((o) => mine.has(o.id)),
      updatedAt: iso(row.updatedAt),
    });
  }
  return out;
}

export function suppliersRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/suppliers', async (c) => {
    const q = readQuery(c, ListSuppliersQuery);
    const db = c.var.db;
    const where: SQL[] = [];
    if (q.city !== undefined) where.push(eq(cities.slug, q.city));
    if (q.country !== undefined) where.push(eq(countries.slug, q.country));
    if (q.changedSince) where.push(changedSince(operators.id, 'suppliers', q.changedSince));
    const [{ list, total }, extras] = await Promise.all([
      querySuppliers(db, where, { limit: q.per, offset: offsetOf(q) }),
      listChangeExtras(db, 'suppliers', q.changedSince),
    ]);
    return reply(c, { suppliers: list, pagination: pageOf(q, total), ...extras });
  });

  app.get('/suppliers/:slug', async (c) => {
    const slug = slugParam(c, 'slug', 'Supplier');
    const L = loaderOf(c);
    const [row] = await L.db.select({ id: operators.id }).from(operators).where(and(eq(operators.slug, slug), isNull(operators.deletedAt))).limit(1);
    const d = row ? (await loadSupplierDetails(L, [row.id])).get(row.id) : undefined;
    if (!d) throw notFound('Supplier');
    return reply(c, d);
  });

  return app;
}

// Public promotion codes that can be used now.
import { Hono } from 'hono';
import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { ListPromotionCodesQuery, type PromotionCode } from '../../../contract/promotion-codes.ts';
import type { AppEnv } from '../../context.ts';
import { promotionCodes } from '../../db/schema.ts';
import { readQuery, reply } from '../../http.ts';
import { isoOrNull, toMoney } from './mappers.ts';
import { countAll, exponentOf, loaderOf, offsetOf, pageOf } from './shared.ts';

export function toPromotionCode(r: typeof promotionCodes.$inferSelect, exponents: Map<string, number>): PromotionCode {
  const exp = exponentOf(exponents, r.currencyCode);
  return {
    code: r.code,
    title: r.title,
    description: r.description,
    discountType: r.discountType,
    percentOff: r.discountType === 'percent' ? r.percentOff : null,
    amountOff: r.discountType === 'fixed' && r.amountOff !== null ? toMoney(r.amountOff, r.currencyCode, exp) : null,
    minSpend: r.minSpend > 0 ? toMoney(r.minSpend, r.currencyCode, exp) : null,
    startsAt: isoOrNull(r.startsAt),
    endsAt: isoOrNull(r.endsAt),
  };
}

export const usablePromotionCode = and(
  isNull(promotionCodes.deletedAt),
  eq(promotionCodes.isPublic, true),
  eq(promotionCodes.active, true),
  or(isNull(promotionCodes.startsAt), sql`${promotionCodes.startsAt} <= now()`),
  or(isNull(promotionCodes.endsAt), sql`${promotionCodes.endsAt} > now()`),
  or(isNull(promotionCodes.maxRedemptions), sql`${promotionCodes.redemptionsCount} < ${promotionCodes.maxRedemptions}`),
) as SQL;

export function promotionCodesRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/promotion-codes', async (c) => {
    const q = readQuery(c, ListPromotionCodesQuery);
    const L = loaderOf(c);
    const [rows, count, exponents] = await Promise.all([
      L.db
        .select()
        .from(promotionCodes)
        .where(usablePromotionCode)
        .orderBy(sql`${promotionCodes.endsAt} asc nulls last`, asc(promotionCodes.id))
        .limit(q.per)
        .offset(offsetOf(q)),
      L.db.select({ n: countAll }).from(promotionCodes).where(usablePromotionCode),
      L.exponents(),
    ]);
    return reply(c, { promotionCodes: rows.map((r) => toPromotionCode(r, exponents)), pagination: pageOf(q, Number(count[0]?.n ?? 0)) });
  });
  return app;
}

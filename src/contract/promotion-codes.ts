// GET /promotion-codes: the public codes that can be used now (active, started, not expired,
// not used up). Redeeming is another call (POST /promotion-code-redemptions).
import { z } from 'zod';
import { IsoDateTime, MoneySchema, PageQuery, listResponse } from './common.ts';

export const PromotionCodeSchema = z.object({
  code: z.string(),
  title: z.string(),
  description: z.string(),
  discountType: z.enum(['percent', 'fixed']),
  percentOff: z.number().int().nullable(),
  amountOff: MoneySchema.nullable(),
  /** Null when there is no minimum spend. */
  minSpend: MoneySchema.nullable(),
  startsAt: IsoDateTime.nullable(),
  endsAt: IsoDateTime.nullable(),
});
export type PromotionCode = z.infer<typeof PromotionCodeSchema>;

export const ListPromotionCodesQuery = PageQuery;
export const ListPromotionCodesResponse = listResponse('promotionCodes', PromotionCodeSchema);
export type ListPromotionCodesResponse = z.infer<typeof ListPromotionCodesResponse>;

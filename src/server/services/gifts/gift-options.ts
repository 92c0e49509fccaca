// A collection's gift options (spec §7 GET /collections/{id}/gift-options): its published
// experiences that can be bought as a gift experience, each priced for its smallest party,
// with the guest range a buyer may choose. Experiences without a per-person or group price
// cannot be given (purchase.ts refuses them), so they are left out.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { collectionOptions, collections, options } from '../../db/schema.ts';
import { notFound } from '../../http.ts';
import { exponentOf } from '../referrals.ts';
import { experiencePrice } from './purchase.ts';

export type GiftOptionRow = { optionId: number; guests: number; minGuests: number; maxGuests: number; price: { amount: number; currency: string } };

export async function collectionGiftOptions(db: Db, collectionId: number): Promise<GiftOptionRow[]> {
  const [col] = await db.select({ id: collections.id }).from(collections).where(and(eq(collections.id, collectionId), isNull(collections.deletedAt))).limit(1);
  if (!col) throw notFound('Collection');
  const rows = await db
    .select({ o: options })
    .from(collectionOptions)
    .innerJoin(options, eq(options.id, collectionOptions.optionId))
    .where(and(eq(collectionOptions.collectionId, collectionId), eq(options.published, true), isNull(options.deletedAt)))
    .orderBy(asc(collectionOptions.position), asc(collectionOptions.optionId));
  const out: GiftOptionRow[] = [];
  for (const { o } of rows) {
    const giftable = (o.priceUnit === 'per_person' && !!o.adultPrice) || (o.priceUnit === 'per_group' && !!o.groupPrice);
    if (!giftable) continue;
    const guests = Math.max(1, o.minQtyForPrice);
    if (guests > o.maxQtyForPrice) continue;
    const exp = await exponentOf(db, o.priceCurrency);
    out.push({ optionId: o.id, guests, minGuests: guests, maxGuests: o.maxQtyForPrice, price: { amount: experiencePrice(o, guests) / 10 ** exp, currency: o.priceCurrency } });
  }
  return out;
}

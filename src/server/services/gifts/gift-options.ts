// A collection's gift options (spec §7 GET /collections/{id}/gift-options): its published
// experiences that can be bought as a gift experience, each priced for its smallest party,
// with the guest range a buyer may choose. Experiences the booking price rules cannot price for
// any party (stays, no price yet) cannot be given (purchase.ts refuses them), so they are left out.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { collectionOptions, collections, options } from '../../db/schema.ts';
import { notFound } from '../../http.ts';
import { toMajor } from '../../../lib/money.ts';
import { loadMoneyContext, unitOf } from '../booking/catalog.ts';
import { giftExperiencePrice, giftGuestRange } from './purchase.ts';

export type GiftOptionRow = { optionId: number; guests: number; minGuests: number; maxGuests: number; price: { amount: number; currency: string } };

export async function collectionGiftOptions(db: Db, collectionId: number): Promise<GiftOptionRow[]> {
  const [col] = await db.select({ id: collections.id }).from(collections).where(and(eq(collections.id, collectionId), isNull(collections.deletedAt), eq(collections.published, true))).limit(1);
  if (!col) throw notFound('Collection');
  const rows = await db
    .select({ o: options })
    .from(collectionOptions)
    .innerJoin(options, eq(options.id, collectionOptions.optionId))
    .where(and(eq(collectionOptions.collectionId, collectionId), eq(options.published, true), isNull(options.deletedAt)))
    .orderBy(asc(collectionOptions.position), asc(collectionOptions.optionId));
  const m = await loadMoneyContext(db);
  const out: GiftOptionRow[] = [];
  for (const { o } of rows) {
    const range = giftGuestRange(o);
    if (!range) continue;
    const price = giftExperiencePrice(o, range.min);
    out.push({ optionId: o.id, guests: range.min, minGuests: range.min, maxGuests: range.max, price: { amount: toMajor(price, unitOf(m, o.priceCurrency).exponent), currency: o.priceCurrency } });
  }
  return out;
}

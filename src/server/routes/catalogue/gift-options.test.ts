// GET /collections/{id}/gift-options: a collection's experiences that can be given as gifts.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GiftOptionsResponse, ListCollectionsResponse } from '../../../contract/collections.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { rowsOf } from './effective.ts';
import { expect404, expect422, getOk } from './test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /collections/{id}/gift-options', () => {
  it('answers the giftable experiences of a collection with their price for the smallest party', async () => {
    const { collections } = await getOk(t, '/collections?per=100', ListCollectionsResponse);
    const col = collections.find((c) => c.optionsCount > 0);
    if (!col) throw new Error('no collection with options');
    const answer = await getOk(t, `/collections/${col.id}/gift-options`, GiftOptionsResponse);
    expect(answer.collectionId).toBe(col.id);
    expect(answer.giftOptions.length).toBeGreaterThan(0);
    expect(answer.giftOptions.length).toBeLessThanOrEqual(col.optionsCount);
    const ids = answer.giftOptions.map((g) => g.option.id);
    const rows = rowsOf<{ id: number; price_unit: string; adult_price: number | null; group_price: number | null; min_qty_for_price: number; price_currency: string }>(
      await t.db.execute(sql`select id, price_unit, adult_price, group_price, min_qty_for_price, price_currency from options where id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`),
    );
    for (const g of answer.giftOptions) {
      const row = rows.find((r) => r.id === g.option.id);
      expect(row).toBeDefined();
      expect(g.guests).toBe(Math.max(1, row!.min_qty_for_price));
      expect(g.maxGuests).toBeGreaterThanOrEqual(g.minGuests);
      expect(g.price.currency).toBe(row!.price_currency);
      expect(g.price.amount).toBeGreaterThan(0);
      if (row!.price_unit === 'per_person') expect(g.price.amount * 100).toBeCloseTo((row!.adult_price ?? 0) * g.guests, 0);
    }
  });

  it('answers 404 for a collection that does not exist', async () => {
    await expect404(t, '/collections/999999999/gift-options', 'Collection not found');
  });

  it('answers 422 with a field message for an id that is not a number', async () => {
    await expect422(t, '/collections/abc/gift-options', 'id');
    await expect422(t, '/collections/0/gift-options', 'id');
  });
});

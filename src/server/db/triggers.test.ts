import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { collectionTips, collections, optionImages, options } from './schema.ts';
import { openTestDatabase } from '../testing/test-app.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const past = new Date('2020-01-01T00:00:00Z');

describe('link-table changes bump the parent updatedAt', () => {
  it('for option images (insert and delete)', async () => {
    const db = database.db;
    const [opt] = await db.select({ id: options.id }).from(options).limit(1);
    await db.update(options).set({ updatedAt: past }).where(eq(options.id, opt!.id));
    const [img] = await db.select({ imageId: optionImages.imageId }).from(optionImages).where(eq(optionImages.optionId, opt!.id)).limit(1);
    await db.delete(optionImages).where(sql`${optionImages.optionId} = ${opt!.id} AND ${optionImages.imageId} = ${img!.imageId}`);
    const [afterDelete] = await db.select({ u: options.updatedAt }).from(options).where(eq(options.id, opt!.id));
    expect(afterDelete!.u.getTime()).toBeGreaterThan(past.getTime());
    await db.update(options).set({ updatedAt: past }).where(eq(options.id, opt!.id));
    await db.insert(optionImages).values({ optionId: opt!.id, imageId: img!.imageId, position: 9 });
    const [afterInsert] = await db.select({ u: options.updatedAt }).from(options).where(eq(options.id, opt!.id));
    expect(afterInsert!.u.getTime()).toBeGreaterThan(past.getTime());
  });
  it('for collection tips, and leaves other parents alone', async () => {
    const db = database.db;
    const [a, b] = await db.select({ id: collections.id }).from(collections).orderBy(collections.id).limit(2);
    await db.update(collections).set({ updatedAt: past });
    await db.insert(collectionTips).values({ collectionId: a!.id, title: 'Go early', body: 'The light is softer before nine.' });
    const rows = await db.select({ id: collections.id, u: collections.updatedAt }).from(collections);
    expect(rows.find((r) => r.id === a!.id)!.u.getTime()).toBeGreaterThan(past.getTime());
    expect(rows.find((r) => r.id === b!.id)!.u.getTime()).toBe(past.getTime());
  });
});

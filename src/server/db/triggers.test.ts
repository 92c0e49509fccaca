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

describe('the change feed watches every table a kept answer can read (ADR 0042)', () => {
  it('each table has the trigger, or is named in UNWATCHED_TABLES with its reason', async () => {
    const { AVAILABILITY_TABLES, CATALOGUE_TABLES, PERSONAL_TABLES, SESSION_TABLES, UNWATCHED_TABLES } = await import('../answer-cache.ts');
    const names = async (q: ReturnType<typeof sql>) => {
      const res = (await database.db.execute(q)) as unknown as { rows?: { name: string }[] } | { name: string }[];
      return (Array.isArray(res) ? res : (res.rows ?? [])).map((r) => r.name);
    };
    const tables = await names(sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`);
    const triggered = new Set(await names(sql`select c.relname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid where t.tgname = 'verdant_changes'`));
    expect(tables.length).toBeGreaterThan(90);
    const listed = new Set<string>([...CATALOGUE_TABLES, ...AVAILABILITY_TABLES, ...PERSONAL_TABLES, ...SESSION_TABLES]);
    // A new table: watch it (a migration adding the trigger, and its name in a list) or say why not.
    expect(tables.filter((t) => !triggered.has(t) && !(t in UNWATCHED_TABLES))).toEqual([]);
    expect(tables.filter((t) => triggered.has(t) && !listed.has(t))).toEqual([]);
    expect([...listed].filter((t) => !triggered.has(t))).toEqual([]);
    expect(Object.keys(UNWATCHED_TABLES).filter((t) => triggered.has(t) || !tables.includes(t))).toEqual([]);
  });
});

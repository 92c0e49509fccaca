// Bucket lists: a user's named lists of experiences. A list is private until its owner shares
// it; a shared list is readable (never writable) by anyone holding its unguessable id.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { BucketList } from '../../contract/accounts.ts';
import type { Db } from '../db/client.ts';
import { bucketListOptions, bucketLists, cities, images, optionImages, options, users } from '../db/schema.ts';
import { newToken } from './secrets.ts';

export const MAX_LISTS = 50;
export const MAX_ITEMS_PER_LIST = 200;

type ListRow = typeof bucketLists.$inferSelect;

async function itemsOf(db: Db, listIds: string[]) {
  if (listIds.length === 0) return [];
  return db
    .select({
      id: bucketListOptions.id,
      bucketListId: bucketListOptions.bucketListId,
      optionId: bucketListOptions.optionId,
      createdAt: bucketListOptions.createdAt,
      slugCode: options.slugCode,
      name: options.name,
      cityName: cities.name,
      imageKey: sql<string | null>`(SELECT ${images.key} FROM ${optionImages} JOIN ${images} ON ${images.id} = ${optionImages.imageId} WHERE ${optionImages.optionId} = ${options.id} ORDER BY ${optionImages.position} LIMIT 1)`,
    })
    .from(bucketListOptions)
    .innerJoin(options, eq(options.id, bucketListOptions.optionId))
    .innerJoin(cities, eq(cities.id, options.cityId))
    .where(inArray(bucketListOptions.bucketListId, listIds))
    .orderBy(asc(bucketListOptions.createdAt), asc(bucketListOptions.id));
}

async function toViews(db: Db, rows: ListRow[], viewerId: string | null): Promise<BucketList[]> {
  const items = await itemsOf(db, rows.map((r) => r.id));
  const owners = new Map<string, string>();
  const ownerIds = [...new Set(rows.map((r) => r.userId))];
  if (ownerIds.length) {
    for (const u of await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ownerIds))) owners.set(u.id, u.name);
  }
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    shared: r.shared,
    isOwner: r.userId === viewerId,
    ownerName: (owners.get(r.userId) ?? '').trim().split(/\s+/)[0] ?? '',
    bucketListOptions: items
      .filter((i) => i.bucketListId === r.id)
      .map((i) => ({
        id: i.id,
        bucketListId: i.bucketListId,
        optionId: i.optionId,
        option: { slugCode: i.slugCode, name: i.name, cityName: i.cityName, imageUrl: i.imageKey ? `/storage/${i.imageKey}` : null },
        createdAt: i.createdAt.toISOString(),
      })),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export async function bucketListsOf(db: Db, userId: string, viewerId: string | null): Promise<BucketList[]> {
  const rows = await db.select().from(bucketLists).where(eq(bucketLists.userId, userId)).orderBy(asc(bucketLists.createdAt), asc(bucketLists.id));
  return toViews(db, rows, viewerId);
}

/** The owner's list, or a shared one for anyone else; undefined otherwise (answered as 404). */
export async function readableList(db: Db, id: string, viewerId: string | null): Promise<BucketList | undefined> {
  const [row] = await db.select().from(bucketLists).where(eq(bucketLists.id, id)).limit(1);
  if (!row || (row.userId !== viewerId && !row.shared)) return undefined;
  return (await toViews(db, [row], viewerId))[0];
}

export async function ownedList(db: Db, id: string, userId: string): Promise<ListRow | undefined> {
  const [row] = await db.select().from(bucketLists).where(and(eq(bucketLists.id, id), eq(bucketLists.userId, userId))).limit(1);
  return row;
}

export async function createList(db: Db, userId: string, name: string): Promise<ListRow | 'too-many'> {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(bucketLists).where(eq(bucketLists.userId, userId));
  if (n >= MAX_LISTS) return 'too-many';
  const [row] = await db.insert(bucketLists).values({ id: newToken(16), userId, name }).returning();
  return row!;
}

export async function optionIdBySlug(db: Db, slugCode: string): Promise<number | undefined> {
  const [row] = await db.select({ id: options.id }).from(options).where(and(eq(options.slugCode, slugCode), eq(options.published, true), sql`${options.deletedAt} IS NULL`)).limit(1);
  return row?.id;
}

/** Adds an experience to a list the user owns; adding it twice answers the existing item. */
export async function addItem(db: Db, listId: string, optionId: number): Promise<{ id: string } | 'full'> {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(bucketListOptions).where(eq(bucketListOptions.bucketListId, listId));
  const [existing] = await db.select({ id: bucketListOptions.id }).from(bucketListOptions).where(and(eq(bucketListOptions.bucketListId, listId), eq(bucketListOptions.optionId, optionId))).limit(1);
  if (existing) return existing;
  if (n >= MAX_ITEMS_PER_LIST) return 'full';
  const id = newToken(16);
  await db.insert(bucketListOptions).values({ id, bucketListId: listId, optionId }).onConflictDoNothing();
  const [row] = await db.select({ id: bucketListOptions.id }).from(bucketListOptions).where(and(eq(bucketListOptions.bucketListId, listId), eq(bucketListOptions.optionId, optionId))).limit(1);
  await db.update(bucketLists).set({ updatedAt: new Date() }).where(eq(bucketLists.id, listId));
  return row!;
}

/** An item of one of the user's lists (joined to check ownership), or undefined. */
export async function ownedItem(db: Db, itemId: string, userId: string) {
  const [row] = await db
    .select({ id: bucketListOptions.id, bucketListId: bucketListOptions.bucketListId, optionId: bucketListOptions.optionId })
    .from(bucketListOptions)
    .innerJoin(bucketLists, eq(bucketLists.id, bucketListOptions.bucketListId))
    .where(and(eq(bucketListOptions.id, itemId), eq(bucketLists.userId, userId)))
    .limit(1);
  return row;
}

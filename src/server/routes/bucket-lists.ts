// Bucket lists (spec §7): GET /bucket_lists (yours), GET /bucket_lists/{id} (yours, or a list
// its owner shared), POST /bucket_lists, PATCH|DELETE /bucket_lists/{id}, POST
// /bucket_list_options, PATCH|DELETE /bucket_list_options/{id}. Writing always needs the owner;
// anyone else gets 404, as for an id that does not exist.
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { CreateBucketListBody, CreateBucketListOptionBody, UpdateBucketListBody, UpdateBucketListOptionBody } from '../../contract/accounts.ts';
import type { AppEnv } from '../context.ts';
import { bucketListOptions, bucketLists } from '../db/schema.ts';
import { HttpError, notFound, readBody, readParams, reply } from '../http.ts';
import { currentUser, requireUser } from '../session.ts';
import { addItem, bucketListsOf, createList, MAX_ITEMS_PER_LIST, MAX_LISTS, optionIdBySlug, ownedItem, ownedList, readableList } from '../services/bucket-lists.ts';

const Id = z.object({ id: z.string().regex(/^[\w-]{8,64}$/) });

export function bucketListRoutes() {
  const r = new Hono<AppEnv>();

  r.get('/bucket_lists/:id', async (c) => {
    const { id } = readParams(c, Id);
    const list = await readableList(c.var.db, id, c.var.user?.id ?? null);
    if (!list) throw notFound('Bucket list');
    return reply(c, list);
  });

  r.use('/bucket_lists', requireUser);
  r.use('/bucket_lists/*', requireUser);
  r.use('/bucket_list_options', requireUser);
  r.use('/bucket_list_options/*', requireUser);

  r.get('/bucket_lists', async (c) => {
    const me = currentUser(c);
    return reply(c, { bucketLists: await bucketListsOf(c.var.db, me.id, me.id) });
  });

  r.post('/bucket_lists', async (c) => {
    const me = currentUser(c);
    const body = await readBody(c, CreateBucketListBody);
    let optionId: number | undefined;
    if (body.optionSlugCode) {
      optionId = await optionIdBySlug(c.var.db, body.optionSlugCode);
      if (optionId === undefined) throw notFound('Experience');
    }
    const list = await createList(c.var.db, me.id, body.name);
    if (list === 'too-many') throw new HttpError(422, `You can keep up to ${MAX_LISTS} lists`);
    if (optionId !== undefined) await addItem(c.var.db, list.id, optionId);
    return reply(c, await readableList(c.var.db, list.id, me.id), 201);
  });

  r.patch('/bucket_lists/:id', async (c) => {
    const me = currentUser(c);
    const { id } = readParams(c, Id);
    const body = await readBody(c, UpdateBucketListBody);
    if (!(await ownedList(c.var.db, id, me.id))) throw notFound('Bucket list');
    await c.var.db
      .update(bucketLists)
      .set({ ...(body.name !== undefined && { name: body.name }), ...(body.shared !== undefined && { shared: body.shared }), updatedAt: new Date() })
      .where(and(eq(bucketLists.id, id), eq(bucketLists.userId, me.id)));
    return reply(c, await readableList(c.var.db, id, me.id));
  });

  r.delete('/bucket_lists/:id', async (c) => {
    const me = currentUser(c);
    const { id } = readParams(c, Id);
    const deleted = await c.var.db.delete(bucketLists).where(and(eq(bucketLists.id, id), eq(bucketLists.userId, me.id))).returning({ id: bucketLists.id });
    if (!deleted[0]) throw notFound('Bucket list');
    return reply(c, { deleted: true });
  });

  r.post('/bucket_list_options', async (c) => {
    const me = currentUser(c);
    const body = await readBody(c, CreateBucketListOptionBody);
    if (!(await ownedList(c.var.db, body.bucketListId, me.id))) throw notFound('Bucket list');
    const optionId = await optionIdBySlug(c.var.db, body.optionSlugCode);
    if (optionId === undefined) throw notFound('Experience');
    const item = await addItem(c.var.db, body.bucketListId, optionId);
    if (item === 'full') throw new HttpError(422, `A list holds up to ${MAX_ITEMS_PER_LIST} experiences`);
    return reply(c, await readableList(c.var.db, body.bucketListId, me.id), 201);
  });

  r.patch('/bucket_list_options/:id', async (c) => {
    const me = currentUser(c);
    const { id } = readParams(c, Id);
    const body = await readBody(c, UpdateBucketListOptionBody);
    const item = await ownedItem(c.var.db, id, me.id);
    if (!item) throw notFound('Saved experience');
    if (!(await ownedList(c.var.db, body.bucketListId, me.id))) throw notFound('Bucket list');
    if (body.bucketListId !== item.bucketListId) {
      await c.var.db.transaction(async (tx) => {
        await tx.delete(bucketListOptions).where(eq(bucketListOptions.id, id));
        await tx.insert(bucketListOptions).values({ id, bucketListId: body.bucketListId, optionId: item.optionId }).onConflictDoNothing();
      });
    }
    return reply(c, await readableList(c.var.db, body.bucketListId, me.id));
  });

  r.delete('/bucket_list_options/:id', async (c) => {
    const me = currentUser(c);
    const { id } = readParams(c, Id);
    const item = await ownedItem(c.var.db, id, me.id);
    if (!item) throw notFound('Saved experience');
    await c.var.db.delete(bucketListOptions).where(eq(bucketListOptions.id, id));
    return reply(c, await readableList(c.var.db, item.bucketListId, me.id));
  });

  return r;
}

// Tags: list (filter kind) and detail, with option and article counts.
import { Hono } from 'hono';
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { ListTagsQuery, TAG_KINDS, TagDetailQuery, type Tag, type TagDetail } from '../../../contract/tags.ts';
import type { AppEnv } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { blogs, blogTags, options, optionTags, tags } from '../../db/schema.ts';
import { notFound, readQuery, reply } from '../../http.ts';
import { changedSince, listChangeExtras, rowsOf } from './effective.ts';
import { iso } from './mappers.ts';
import { visibleOption } from './options.ts';
import { countAll, offsetOf, pageOf, slugParam, type Loader } from './shared.ts';

export const visibleBlog = and(isNull(blogs.deletedAt), eq(blogs.published, true), sql`${blogs.publishedAt} <= now()`) as SQL;

/** Visible options per tag (as a tag or as the activity type) and visible articles per tag. */
export async function tagCounts(db: Db, tagIds: number[]) {
  const optionCounts = new Map<number, number>();
  const blogCounts = new Map<number, number>();
  if (tagIds.length === 0) return { optionCounts, blogCounts };
  const [o, b] = await Promise.all([
    db.execute(sql`
      select x.tag_id, count(distinct x.option_id)::int as n from (
        select ${optionTags.tagId} as tag_id, ${optionTags.optionId} as option_id
          from ${optionTags} join ${options} on ${options.id} = ${optionTags.optionId}
          where ${visibleOption} and ${inArray(optionTags.tagId, tagIds)}
        union all
        select ${options.activityTypeId}, ${options.id} from ${options}
          where ${visibleOption} and ${inArray(options.activityTypeId, tagIds)}
      ) x group by x.tag_id`),
    db
      .select({ tagId: blogTags.tagId, n: countAll })
      .from(blogTags)
      .innerJoin(blogs, eq(blogs.id, blogTags.blogId))
      .where(and(visibleBlog, inArray(blogTags.tagId, tagIds)))
      .groupBy(blogTags.tagId),
  ]);
  for (const r of rowsOf<{ tag_id: number; n: number }>(o)) optionCounts.set(Number(r.tag_id), Number(r.n));
  for (const r of b) blogCounts.set(r.tagId, Number(r.n));
  return { optionCounts, blogCounts };
}

export type TagRow = typeof tags.$inferSelect;

export function toTag(r: TagRow, counts: Awaited<ReturnType<typeof tagCounts>>): Tag {
  return {
    id: r.id,
    slug: r.slug,
    kind: r.kind,
    name: r.name,
    description: r.description,
    position: r.position,
    optionsCount: counts.optionCounts.get(r.id) ?? 0,
    blogsCount: counts.blogCounts.get(r.id) ?? 0,
  };
}

const kindOrder = sql`array_position(array[${sql.join(TAG_KINDS.map((k) => sql`${k}`), sql`, `)}]::text[], ${tags.kind}::text)`;

export async function queryTags(db: Db, where: SQL[], page?: { limit: number; offset: number }) {
  const cond = and(isNull(tags.deletedAt), ...where);
  const q = db.select().from(tags).where(cond).orderBy(kindOrder, asc(tags.position), asc(tags.name), asc(tags.id));
  const [rows, total] = await Promise.all([
    page ? q.limit(page.limit).offset(page.offset) : q,
    page ? db.select({ n: countAll }).from(tags).where(cond).then((r) => Number(r[0]?.n ?? 0)) : Promise.resolve(-1),
  ]);
  const counts = await tagCounts(db, rows.map((r) => r.id));
  const list = rows.map((r) => toTag(r, counts));
  return { list, total: total < 0 ? list.length : total, rows };
}

export async function loadTagDetails(L: Loader, ids: number[]): Promise<Map<number, TagDetail>> {
  if (ids.length === 0) return new Map();
  const { list, rows } = await queryTags(L.db, [inArray(tags.id, ids)]);
  const updated = new Map(rows.map((r) => [r.id, r.updatedAt]));
  return new Map(list.map((t) => [t.id, { ...t, updatedAt: iso(updated.get(t.id) ?? new Date(0)) }]));
}

export function tagsRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/tags', async (c) => {
    const q = readQuery(c, ListTagsQuery);
    const db = c.var.db;
    const where: SQL[] = [];
    if (q.kind) where.push(eq(tags.kind, q.kind));
    if (q.changedSince) where.push(changedSince(tags.id, 'tags', q.changedSince));
    const [{ list, total }, extras] = await Promise.all([
      queryTags(db, where, { limit: q.per, offset: offsetOf(q) }),
      listChangeExtras(db, 'tags', q.changedSince),
    ]);
    return reply(c, { tags: list, pagination: pageOf(q, total), ...extras });
  });

  app.get('/tags/:slug', async (c) => {
    const slug = slugParam(c, 'slug', 'Tag');
    const { kind } = readQuery(c, TagDetailQuery);
    const where: SQL[] = [eq(tags.slug, slug)];
    if (kind) where.push(eq(tags.kind, kind));
    const { list, rows } = await queryTags(c.var.db, where, { limit: 1, offset: 0 });
    const tag = list[0];
    const row = rows[0];
    if (!tag || !row) throw notFound('Tag');
    return reply(c, { ...tag, updatedAt: iso(row.updatedAt) } satisfies TagDetail);
  });

  return app;
}

// Magazine articles in the back-office: the article document (every field its public page shows,
// the body as rich text between structured blocks) on the same editing machinery as experiences
// (record-editing.ts): drafts, versions, revisions, publish through the pipeline, schedule,
// redirects. Rich text is sanitised on save (the draft never holds unsafe HTML) and again when
// the content feed serves the article and when its page renders.
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AdminArticle, AdminArticleList, AdminArticleReferences, ArticleDraft } from '../../../contract/admin.ts';
import { ArticleDraftSchema } from '../../../contract/admin.ts';
import type { ContentType } from '../../../contract/content-changes.ts';
import type { Db, Tx } from '../../db/client.ts';
import { blogCategories, blogOptions, blogs, blogTags, cities, contentDrafts, countries, images, options, tags } from '../../db/schema.ts';
import { HttpError } from '../../http.ts';
import { draftBody, sanitizeDraftBody, storedBody } from './article-body.ts';
import { imageUrlsOf, recordEditor, type EditDeps } from './record-editing.ts';

export const ARTICLE: ContentType = 'blogs';
type DbOrTx = Db | Tx;
export type BlogBase = typeof blogs.$inferSelect;

async function blogRow(db: DbOrTx, id: number): Promise<BlogBase | undefined> {
  const [row] = await db.select().from(blogs).where(and(eq(blogs.id, id), isNull(blogs.deletedAt))).limit(1);
  return row;
}

/** The live article as an editable document. */
export async function liveArticle(db: DbOrTx, b: BlogBase): Promise<ArticleDraft> {
  const [tagRows, related] = await Promise.all([
    db.select({ id: blogTags.tagId }).from(blogTags).where(eq(blogTags.blogId, b.id)).orderBy(asc(blogTags.tagId)),
    db.select({ id: blogOptions.optionId }).from(blogOptions).where(eq(blogOptions.blogId, b.id)).orderBy(asc(blogOptions.position), asc(blogOptions.optionId)),
  ]);
  return {
    title: b.title,
    slug: b.slug,
    kind: b.kind,
    categoryId: b.categoryId,
    tagIds: tagRows.map((t) => t.id),
    heroImageId: b.heroImageId,
    excerpt: b.excerpt,
    body: draftBody(b.body),
    authorName: b.authorName,
    authorBio: b.authorBio,
    videoId: b.videoId,
    verdict: b.verdict,
    countryId: b.countryId,
    cityId: b.cityId,
    relatedOptionIds: related.map((r) => r.id),
    publishedAt: b.publishedAt.toISOString(),
  };
}

const fail = (field: string, message: string) => new HttpError(422, message, { fields: { [field]: message } });

/** Ids of `ids` missing from `found` → 422 on the first one's field. */
function firstMissing(ids: readonly number[], found: Set<number>, field: (i: number) => string, message: string) {
  const i = ids.findIndex((id) => !found.has(id));
  if (i >= 0) throw fail(field(i), message);
}

/** What zod cannot know: the references exist, the address is free, a video article has a video. */
export async function checkArticle(db: DbOrTx, b: BlogBase, d: ArticleDraft): Promise<void> {
  const [cat] = await db.select({ id: blogCategories.id }).from(blogCategories).where(and(eq(blogCategories.id, d.categoryId), isNull(blogCategories.deletedAt))).limit(1);
  if (!cat) throw fail('draft.category_id', 'Choose a category from the list');
  if (new Set(d.tagIds).size !== d.tagIds.length) throw fail('draft.tag_ids', 'A tag is listed twice');
  if (d.tagIds.length) {
    const found = await db.select({ id: tags.id }).from(tags).where(and(inArray(tags.id, d.tagIds), eq(tags.kind, 'blog'), isNull(tags.deletedAt)));
    firstMissing(d.tagIds, new Set(found.map((t) => t.id)), (i) => `draft.tag_ids.${i}`, 'That tag no longer exists');
  }
  if (d.countryId) {
    const [c] = await db.select({ id: countries.id }).from(countries).where(and(eq(countries.id, d.countryId), isNull(countries.deletedAt))).limit(1);
    if (!c) throw fail('draft.country_id', 'Choose a country from the list');
  }
  if (d.cityId) {
    const [c] = await db.select({ countryId: cities.countryId }).from(cities).where(and(eq(cities.id, d.cityId), isNull(cities.deletedAt))).limit(1);
    if (!c) throw fail('draft.city_id', 'Choose a city from the list');
    if (d.countryId && c.countryId !== d.countryId) throw fail('draft.city_id', 'This city is not in the chosen country');
  }
  const imageIds = [...(d.heroImageId ? [d.heroImageId] : []), ...d.body.flatMap((x) => (x.type === 'image' ? [x.imageId] : []))];
  if (imageIds.length) {
    const found = new Set((await db.select({ id: images.id }).from(images).where(and(inArray(images.id, imageIds), isNull(images.deletedAt)))).map((r) => r.id));
    if (d.heroImageId && !found.has(d.heroImageId)) throw fail('draft.hero_image_id', 'That image no longer exists');
    d.body.forEach((x, i) => {
      if (x.type === 'image' && !found.has(x.imageId)) throw fail(`draft.body.${i}.image_id`, 'That image no longer exists');
    });
  }
  const optionIds = [...d.relatedOptionIds, ...d.body.flatMap((x) => (x.type === 'item' ? (x.optionId ? [x.optionId] : []) : x.type === 'day' ? x.optionIds : []))];
  if (optionIds.length) {
    const found = new Set((await db.select({ id: options.id }).from(options).where(and(inArray(options.id, optionIds), isNull(options.deletedAt)))).map((r) => r.id));
    firstMissing(d.relatedOptionIds, found, (i) => `draft.related_option_ids.${i}`, 'That experience no longer exists');
    d.body.forEach((x, i) => {
      const ids = x.type === 'item' ? (x.optionId ? [x.optionId] : []) : x.type === 'day' ? x.optionIds : [];
      firstMissing(ids, found, () => `draft.body.${i}.${x.type === 'item' ? 'option_id' : 'option_ids'}`, 'That experience no longer exists');
    });
  }
  if (new Set(d.relatedOptionIds).size !== d.relatedOptionIds.length) throw fail('draft.related_option_ids', 'An experience is listed twice');
  if (d.kind === 'video' && !d.videoId) throw fail('draft.video_id', 'A video article needs its video id');
  if (storedBody(d.body).length === 0) throw fail('draft.body', 'Write the article');
  const [taken] = await db.select({ id: blogs.id }).from(blogs).where(and(eq(blogs.slug, d.slug), ne(blogs.id, b.id))).limit(1);
  if (taken) throw fail('draft.slug', 'Another article already uses this address');
}

/** Writes the document to the live tables and bumps updatedAt (the content feed's signal). */
export async function applyArticle(tx: Tx, b: BlogBase, d: ArticleDraft, now: Date): Promise<void> {
  await tx
    .update(blogs)
    .set({
      title: d.title,
      slug: d.slug,
      kind: d.kind,
      categoryId: d.categoryId,
      heroImageId: d.heroImageId,
      excerpt: d.excerpt,
      body: storedBody(d.body),
      authorName: d.authorName,
      authorBio: d.authorBio,
      videoId: d.videoId,
      verdict: d.verdict,
      countryId: d.countryId,
      cityId: d.cityId,
      publishedAt: new Date(d.publishedAt),
      updatedAt: now,
    })
    .where(eq(blogs.id, b.id));
  await tx.delete(blogTags).where(eq(blogTags.blogId, b.id));
  if (d.tagIds.length) await tx.insert(blogTags).values(d.tagIds.map((tagId) => ({ blogId: b.id, tagId })));
  await tx.delete(blogOptions).where(eq(blogOptions.blogId, b.id));
  if (d.relatedOptionIds.length) await tx.insert(blogOptions).values(d.relatedOptionIds.map((optionId, position) => ({ blogId: b.id, optionId, position })));
}

/** The top-level fields that differ between two documents. */
export function articleChanges(before: ArticleDraft | null, after: ArticleDraft): string[] {
  if (!before) return [];
  return (Object.keys(after) as (keyof ArticleDraft)[]).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
}

export const ARTICLE_EDITOR = recordEditor({
  type: ARTICLE,
  noun: 'article',
  schema: ArticleDraftSchema,
  row: blogRow,
  live: (b) => ({ slug: b.slug, published: b.published, updatedAt: b.updatedAt }),
  lock: async (tx, id) => {
    await tx.select({ id: blogs.id }).from(blogs).where(eq(blogs.id, id)).for('update');
  },
  liveDocument: liveArticle,
  check: checkArticle,
  apply: applyArticle,
  setPublished: async (tx, id, published, now) => {
    await tx.update(blogs).set({ published, updatedAt: now }).where(eq(blogs.id, id));
  },
  slugOf: (d) => d.slug,
  changedFields: articleChanges,
  prepare: (d) => ({ ...d, body: sanitizeDraftBody(d.body) }),
});

export async function articleView(d: EditDeps, id: number): Promise<AdminArticle> {
  const { state } = await ARTICLE_EDITOR.editState(d, id);
  const doc = state.draft;
  const imageIds = [...(doc.heroImageId ? [doc.heroImageId] : []), ...doc.body.flatMap((x) => (x.type === 'image' ? [x.imageId] : []))];
  const optionIds = [...doc.relatedOptionIds, ...doc.body.flatMap((x) => (x.type === 'item' ? (x.optionId ? [x.optionId] : []) : x.type === 'day' ? x.optionIds : []))];
  const names = optionIds.length ? await d.db.select({ id: options.id, name: options.name }).from(options).where(inArray(options.id, optionIds)) : [];
  return { ...state, imageUrls: await imageUrlsOf(d.db, imageIds), optionNames: Object.fromEntries(names.map((n) => [String(n.id), n.name])) };
}

type ListQuery = { q?: string | undefined; status: 'all' | 'published' | 'unpublished' | 'changed' | 'scheduled'; kind?: ArticleDraft['kind'] | undefined; categoryId?: number | undefined; sort: string; page: number; per: number };

const draftJoin = and(eq(contentDrafts.type, ARTICLE), eq(contentDrafts.key, sql`${blogs.id}::text`));
const edited = sql`greatest(${blogs.updatedAt}, coalesce(${contentDrafts.updatedAt}, ${blogs.updatedAt}))`;

/** Articles with search, filters (status, kind, category), sort and pages. */
export async function listArticles(db: Db, q: ListQuery): Promise<AdminArticleList> {
  const where: SQL[] = [isNull(blogs.deletedAt)];
  if (q.q) {
    const like = `%${q.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    const asId = /^\d{1,9}$/.test(q.q) ? Number(q.q) : null;
    where.push(or(ilike(blogs.title, like), ilike(blogs.slug, like), ilike(blogs.authorName, like), ...(asId ? [eq(blogs.id, asId)] : []))!);
  }
  if (q.kind) where.push(eq(blogs.kind, q.kind));
  if (q.categoryId) where.push(eq(blogs.categoryId, q.categoryId));
  if (q.status === 'published') where.push(eq(blogs.published, true));
  if (q.status === 'unpublished') where.push(eq(blogs.published, false));
  if (q.status === 'changed') where.push(and(eq(blogs.published, true), isNotNull(contentDrafts.version), sql`${contentDrafts.version} is distinct from ${contentDrafts.publishedVersion}`)!);
  if (q.status === 'scheduled') where.push(isNotNull(contentDrafts.scheduledAt));
  const order = {
    updated_desc: [desc(edited), desc(blogs.id)],
    updated_asc: [asc(edited), asc(blogs.id)],
    title_asc: [asc(blogs.title), asc(blogs.id)],
    title_desc: [desc(blogs.title), desc(blogs.id)],
    published_desc: [desc(blogs.publishedAt), desc(blogs.id)],
    published_asc: [asc(blogs.publishedAt), asc(blogs.id)],
  }[q.sort] ?? [desc(edited), desc(blogs.id)];
  const rows = await db
    .select({
      id: blogs.id,
      title: blogs.title,
      slug: blogs.slug,
      kind: blogs.kind,
      category: blogCategories.name,
      authorName: blogs.authorName,
      publishedAt: blogs.publishedAt,
      published: blogs.published,
      updatedAt: blogs.updatedAt,
      imageKey: images.key,
      draftVersion: contentDrafts.version,
      publishedVersion: contentDrafts.publishedVersion,
      draftUpdatedAt: contentDrafts.updatedAt,
      draftTitle: sql<string | null>`${contentDrafts.data}->>'title'`,
      scheduledAt: contentDrafts.scheduledAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(blogs)
    .innerJoin(blogCategories, eq(blogCategories.id, blogs.categoryId))
    .leftJoin(images, eq(images.id, blogs.heroImageId))
    .leftJoin(contentDrafts, draftJoin)
    .where(and(...where))
    .orderBy(...order)
    .limit(q.per)
    .offset((q.page - 1) * q.per);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && q.page > 1) {
    const [c] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(blogs).leftJoin(contentDrafts, draftJoin).where(and(...where));
    total = c?.n ?? 0;
  }
  return {
    items: rows.map((r) => {
      const changed = r.draftVersion !== null && r.draftVersion !== r.publishedVersion;
      return {
        id: r.id,
        title: changed && r.draftTitle ? r.draftTitle : r.title,
        slug: r.slug,
        kind: r.kind,
        category: r.category,
        authorName: r.authorName,
        publishedAt: r.publishedAt.toISOString(),
        published: r.published,
        status: !r.published ? 'unpublished' : changed ? 'changed' : 'published',
        scheduledAt: r.scheduledAt?.toISOString() ?? null,
        updatedAt: (r.draftUpdatedAt && r.draftUpdatedAt > r.updatedAt ? r.draftUpdatedAt : r.updatedAt).toISOString(),
        imageUrl: r.imageKey ? `/storage/${r.imageKey}` : null,
      };
    }),
    total,
    page: q.page,
    per: q.per,
  };
}

export async function articleReferences(db: Db): Promise<AdminArticleReferences> {
  const [cats, tagRows, countryRows, cityRows] = await Promise.all([
    db.select({ id: blogCategories.id, name: blogCategories.name }).from(blogCategories).where(isNull(blogCategories.deletedAt)).orderBy(asc(blogCategories.position), asc(blogCategories.name)),
    db.select({ id: tags.id, name: tags.name }).from(tags).where(and(eq(tags.kind, 'blog'), isNull(tags.deletedAt))).orderBy(asc(tags.position), asc(tags.name)),
    db.select({ id: countries.id, name: countries.name }).from(countries).where(isNull(countries.deletedAt)).orderBy(asc(countries.name)),
    db.select({ id: cities.id, name: cities.name, country: countries.name }).from(cities).innerJoin(countries, eq(countries.id, cities.countryId)).where(isNull(cities.deletedAt)).orderBy(asc(countries.name), asc(cities.name)),
  ]);
  return { categories: cats, tags: tagRows, countries: countryRows, cities: cityRows };
}

// Countries, cities and tags in the back-office (ADR 0034): their documents on the generic editing
// machinery of record-editing.ts (drafts, versions, revisions, publish through the pipeline,
// schedule, slug redirects). They cannot be unpublished: the tables have no such state, and
// experiences, operators and articles hang off them (the API answers 422).
import { and, asc, desc, eq, ilike, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { unionAll, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type {
  AdminCity,
  AdminCountry,
  AdminPlaceList,
  AdminPlaceListQuery,
  AdminTag,
  AdminTagList,
  AdminTagListQuery,
  CityDraft,
  CountryDraft,
  TagDraft,
} from '../../../contract/admin-places.ts';
import { CityDraftSchema, CountryDraftSchema, TagDraftSchema } from '../../../contract/admin-places.ts';
import type { ContentType } from '../../../contract/content-changes.ts';
import type { TagKind } from '../../../contract/tags.ts';
import { RESERVED_SLUGS } from '../../../lib/discovery.ts';
import type { Db, Tx } from '../../db/client.ts';
import { blogs, blogTags, cities, contentDrafts, countries, images, options, optionTags, tags } from '../../db/schema.ts';
import { HttpError } from '../../http.ts';
import { imageUrlsOf, recordEditor, type EditDeps } from './record-editing.ts';

type DbOrTx = Db | Tx;
type CountryBase = typeof countries.$inferSelect;
type CityBase = typeof cities.$inferSelect;
type TagBase = typeof tags.$inferSelect;
type Hero = { id: number; alt: string }[];

export const COUNTRY: ContentType = 'countries';
export const CITY: ContentType = 'cities';
export const TAG: ContentType = 'tags';

const fail = (field: string, message: string) => new HttpError(422, message, { fields: { [field]: message } });

/** The answer to an unpublish: these records have no "off the site" state. */
const cannotUnpublish = (what: string) => async (_tx: Tx, _id: number, published: boolean) => {
  if (!published) throw new HttpError(422, `${what} cannot be taken off the site from the back-office: experiences, operators and articles link to them. Change the copy instead, or ask a developer to retire it.`, { body: { code: 'cannot_unpublish' } });
};

/** The top-level fields that differ between two documents. */
function changes<T extends object>(before: T | null, after: T): string[] {
  if (!before) return [];
  return (Object.keys(after) as (keyof T)[]).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k])).map(String);
}

async function heroOf(db: DbOrTx, imageId: number | null, name: string): Promise<Hero> {
  if (!imageId) return [];
  const [img] = await db.select({ id: images.id, alt: images.alt }).from(images).where(eq(images.id, imageId)).limit(1);
  // An image without alt text in the catalogue gets one from the place's name, as experiences do.
  return img ? [{ id: img.id, alt: img.alt.trim().length >= 3 ? img.alt : `Photo of ${name}` }] : [];
}

async function checkHero(db: DbOrTx, hero: Hero): Promise<void> {
  const img = hero[0];
  if (!img) return;
  const [found] = await db.select({ id: images.id }).from(images).where(and(eq(images.id, img.id), isNull(images.deletedAt))).limit(1);
  if (!found) throw fail('draft.images.0.id', 'That image no longer exists');
}

/** Sets the hero image's alt text (shared by every record that shows the image, ADR 0026). */
async function applyHero(tx: Tx, hero: Hero, now: Date): Promise<number | null> {
  const img = hero[0];
  if (!img) return null;
  await tx.update(images).set({ alt: img.alt, updatedAt: now }).where(and(eq(images.id, img.id), ne(images.alt, img.alt)));
  return img.id;
}

// ── Countries ──────────────────────────────────────────────────────────────────────────

async function countryRow(db: DbOrTx, id: number): Promise<CountryBase | undefined> {
  const [row] = await db.select().from(countries).where(and(eq(countries.id, id), isNull(countries.deletedAt))).limit(1);
  return row;
}

async function liveCountry(db: DbOrTx, c: CountryBase): Promise<CountryDraft> {
  return {
    name: c.name,
    slug: c.slug,
    region: c.region,
    tagline: c.tagline,
    description: c.description,
    facts: c.facts.map((f) => ({ label: f.label, value: f.value })),
    images: await heroOf(db, c.imageId, c.name),
  };
}

export const COUNTRY_EDITOR = recordEditor<CountryDraft, CountryBase>({
  type: COUNTRY,
  noun: 'country',
  schema: CountryDraftSchema,
  row: countryRow,
  live: (c) => ({ slug: c.slug, published: true, updatedAt: c.updatedAt }),
  lock: async (tx, id) => {
    await tx.select({ id: countries.id }).from(countries).where(eq(countries.id, id)).for('update');
  },
  liveDocument: liveCountry,
  check: async (db, c, d) => {
    const [taken] = await db.select({ id: countries.id }).from(countries).where(and(eq(countries.slug, d.slug), ne(countries.id, c.id))).limit(1);
    if (taken) throw fail('draft.slug', 'Another country already uses this address');
    await checkHero(db, d.images);
  },
  apply: async (tx, c, d, now) => {
    const imageId = await applyHero(tx, d.images, now);
    await tx
      .update(countries)
      .set({ name: d.name, slug: d.slug, region: d.region, tagline: d.tagline, description: d.description, facts: d.facts, imageId, updatedAt: now })
      .where(eq(countries.id, c.id));
  },
  setPublished: cannotUnpublish('Countries'),
  slugOf: (d) => d.slug,
  changedFields: changes,
});

export async function countryView(d: EditDeps, id: number): Promise<AdminCountry> {
  const { base, state } = await COUNTRY_EDITOR.editState(d, id);
  return { ...state, code: base.code, currencyCode: base.currencyCode, imageUrls: await imageUrlsOf(d.db, state.draft.images.map((i) => i.id)) };
}

// ── Cities ─────────────────────────────────────────────────────────────────────────────

async function cityRow(db: DbOrTx, id: number): Promise<CityBase | undefined> {
  const [row] = await db.select().from(cities).where(and(eq(cities.id, id), isNull(cities.deletedAt))).limit(1);
  return row;
}

async function liveCity(db: DbOrTx, c: CityBase): Promise<CityDraft> {
  return {
    name: c.name,
    slug: c.slug,
    featured: c.featured,
    tagline: c.tagline,
    description: c.description,
    latitude: c.latitude,
    longitude: c.longitude,
    images: await heroOf(db, c.imageId, c.name),
  };
}

export const CITY_EDITOR = recordEditor<CityDraft, CityBase>({
  type: CITY,
  noun: 'city',
  schema: CityDraftSchema,
  row: cityRow,
  live: (c) => ({ slug: c.slug, published: true, updatedAt: c.updatedAt }),
  lock: async (tx, id) => {
    await tx.select({ id: cities.id }).from(cities).where(eq(cities.id, id)).for('update');
  },
  liveDocument: liveCity,
  check: async (db, c, d) => {
    const [taken] = await db.select({ id: cities.id }).from(cities).where(and(eq(cities.slug, d.slug), ne(cities.id, c.id))).limit(1);
    if (taken) throw fail('draft.slug', 'Another city already uses this address');
    if ((d.latitude === null) !== (d.longitude === null)) throw fail(d.latitude === null ? 'draft.latitude' : 'draft.longitude', 'Give both latitude and longitude, or neither');
    await checkHero(db, d.images);
  },
  apply: async (tx, c, d, now) => {
    const imageId = await applyHero(tx, d.images, now);
    await tx
      .update(cities)
      .set({ name: d.name, slug: d.slug, featured: d.featured, tagline: d.tagline, description: d.description, latitude: d.latitude, longitude: d.longitude, imageId, updatedAt: now })
      .where(eq(cities.id, c.id));
  },
  setPublished: cannotUnpublish('Cities'),
  slugOf: (d) => d.slug,
  changedFields: changes,
});

export async function cityView(d: EditDeps, id: number): Promise<AdminCity> {
  const { base, state } = await CITY_EDITOR.editState(d, id);
  const [country] = await d.db.select({ id: countries.id, name: countries.name, code: countries.code }).from(countries).where(eq(countries.id, base.countryId)).limit(1);
  if (!country) throw new Error(`city ${id} has no country ${base.countryId}`);
  return { ...state, country: { ...country, code: country.code.toLowerCase() }, imageUrls: await imageUrlsOf(d.db, state.draft.images.map((i) => i.id)) };
}

// ── Tags ───────────────────────────────────────────────────────────────────────────────

/** A tag's key in the content feed and the pipeline: `<kind>/<slug>` (slugs are unique per kind). */
export const tagKey = (kind: string, slug: string) => `${kind}/${slug}`;

async function tagRow(db: DbOrTx, id: number): Promise<TagBase | undefined> {
  const [row] = await db.select().from(tags).where(and(eq(tags.id, id), isNull(tags.deletedAt))).limit(1);
  return row;
}

export const TAG_EDITOR = recordEditor<TagDraft, TagBase>({
  type: TAG,
  noun: 'tag',
  schema: TagDraftSchema,
  row: tagRow,
  live: (t) => ({ slug: tagKey(t.kind, t.slug), published: true, updatedAt: t.updatedAt }),
  lock: async (tx, id) => {
    await tx.select({ id: tags.id }).from(tags).where(eq(tags.id, id)).for('update');
  },
  liveDocument: async (_db, t) => ({ name: t.name, slug: t.slug, kind: t.kind, description: t.description, position: t.position }),
  check: async (db, t, d) => {
    if (d.kind !== t.kind) throw fail('draft.kind', 'The kind of a tag cannot be changed: experiences and articles use it as this kind');
    if (RESERVED_SLUGS.has(d.slug)) throw fail('draft.slug', 'This word is part of the site’s addresses: choose another');
    const [taken] = await db.select({ id: tags.id }).from(tags).where(and(eq(tags.kind, t.kind), eq(tags.slug, d.slug), ne(tags.id, t.id))).limit(1);
    if (taken) throw fail('draft.slug', 'Another tag of this kind already uses this address');
  },
  apply: async (tx, t, d, now) => {
    await tx.update(tags).set({ name: d.name, slug: d.slug, description: d.description, position: d.position, updatedAt: now }).where(eq(tags.id, t.id));
  },
  setPublished: cannotUnpublish('Tags'),
  slugOf: (d) => tagKey(d.kind, d.slug),
  changedFields: changes,
});

/** A tag other than a magazine tag shows under every place and has no page of its own to preview. */
export const TAG_NO_PREVIEW = 'This tag has no page of its own to preview: it shows on the pages of the places and experiences that carry it. Publish it and look at one of them.';

export async function tagView(d: EditDeps, id: number): Promise<AdminTag> {
  const { base, state } = await TAG_EDITOR.editState(d, id);
  const { liveSlug, ...rest } = state;
  const [[o], [b]] = await Promise.all([
    d.db
      .select({ n: sql<number>`count(distinct ${options.id})`.mapWith(Number) })
      .from(options)
      .leftJoin(optionTags, eq(optionTags.optionId, options.id))
      .where(and(eq(options.published, true), isNull(options.deletedAt), or(eq(optionTags.tagId, id), eq(options.activityTypeId, id)))),
    d.db
      .select({ n: sql<number>`count(distinct ${blogs.id})`.mapWith(Number) })
      .from(blogTags)
      .innerJoin(blogs, eq(blogs.id, blogTags.blogId))
      .where(and(eq(blogTags.tagId, id), eq(blogs.published, true), isNull(blogs.deletedAt))),
  ]);
  return { ...rest, liveSlug: liveSlug.slice(base.kind.length + 1), kind: base.kind, optionsCount: o?.n ?? 0, blogsCount: b?.n ?? 0, imageUrls: {} };
}

// ── Redirects from old addresses (app.ts) ──────────────────────────────────────────────

/** A tag's current slug when `slug` was its address before a rename, among the given kinds. */
export async function tagRedirect(db: Db, kinds: readonly TagKind[], slug: string): Promise<string | null> {
  for (const kind of kinds) {
    const target = await TAG_EDITOR.redirectTarget(db, tagKey(kind, slug));
    if (target) return target.slice(kind.length + 1);
  }
  return null;
}

const PLACE_PATH = /^\/(countries|cities)\/([a-z0-9-]{1,200})(\/[a-z0-9/-]{0,400})?$/;
const LANDING_PATH = /^\/([a-z]{2})\/([a-z0-9-]{1,200})(\/[a-z0-9/-]{0,400})?$/;
const PLACE_TAG_PATH = /^\/(countries|cities)\/([a-z0-9-]{1,200})\/tags\/([a-z0-9-]{1,200})\/?$/;
const MAGAZINE_TAG_PATH = /^\/magazine\/tags\/([a-z0-9-]{1,200})(\/page\/\d{1,6})?\/?$/;
const PLACE_TAG_KINDS: readonly TagKind[] = ['activity_type', 'suitable', 'sustainability', 'theme'];

/**
 * Where an old address of a renamed country, city or tag now lives (301), or null: its page
 * and sub-pages (`/cities/{old}/activities`), a city's landing pages (`/{code}/{old}/…`), a place's
 * tag page and a magazine tag's pages. A few primary-key lookups, only on these paths.
 */
export async function placeRedirect(db: Db, path: string): Promise<string | null> {
  const tag = PLACE_TAG_PATH.exec(path);
  if (tag) {
    const target = await tagRedirect(db, PLACE_TAG_KINDS, tag[3]!);
    if (target) return `/${tag[1]}/${tag[2]}/tags/${target}`;
  }
  const place = PLACE_PATH.exec(path);
  if (place) {
    const target = await (place[1] === 'countries' ? COUNTRY_EDITOR : CITY_EDITOR).redirectTarget(db, place[2]!);
    if (target) return `/${place[1]}/${target}${place[3] ?? ''}`;
  }
  const landing = LANDING_PATH.exec(path);
  if (landing) {
    const target = await CITY_EDITOR.redirectTarget(db, landing[2]!);
    if (target) return `/${landing[1]}/${target}${landing[3] ?? ''}`;
  }
  const magazine = MAGAZINE_TAG_PATH.exec(path);
  if (magazine) {
    const target = await tagRedirect(db, ['blog'], magazine[1]!);
    if (target) return `/magazine/tags/${target}${magazine[2] ?? ''}`;
  }
  return null;
}

// ── Lists ──────────────────────────────────────────────────────────────────────────────

const escapeLike = (q: string) => `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
const draftOf = (type: ContentType, id: AnyPgColumn) => and(eq(contentDrafts.type, type), eq(contentDrafts.key, sql`${id}::text`));
const changedSql = sql<boolean>`(${contentDrafts.version} is not null and ${contentDrafts.version} is distinct from ${contentDrafts.publishedVersion})`;
const editedSql = (updatedAt: AnyPgColumn) => sql<Date>`greatest(${updatedAt}, coalesce(${contentDrafts.updatedAt}, ${updatedAt}))`;

function statusWhere(status: AdminPlaceListQuery['status']): SQL[] {
  if (status === 'changed') return [changedSql];
  if (status === 'published') return [sql`not ${changedSql}`];
  if (status === 'scheduled') return [isNotNull(contentDrafts.scheduledAt)];
  return [];
}

type PlaceQuery = Required<Pick<AdminPlaceListQuery, 'status' | 'sort' | 'page' | 'per'>> & Pick<AdminPlaceListQuery, 'q' | 'kind' | 'countryId' | 'featured'>;

const optionsInCity = sql<number>`(select count(*)::int from ${options} o where o.city_id = ${cities}.id and o.published and o.deleted_at is null)`;
const optionsInCountry = sql<number>`(select count(*)::int from ${options} o join ${cities} c on c.id = o.city_id where c.country_id = ${countries}.id and o.published and o.deleted_at is null)`;

/** Countries and cities in one list: search, filters (kind, country, featured, status), sort and pages. */
export async function listPlaces(db: Db, q: PlaceQuery): Promise<AdminPlaceList> {
  const like = q.q ? escapeLike(q.q) : null;
  const countryWhere: SQL[] = [isNull(countries.deletedAt), ...statusWhere(q.status)];
  const cityWhere: SQL[] = [isNull(cities.deletedAt), isNull(countries.deletedAt), ...statusWhere(q.status)];
  if (like) {
    countryWhere.push(or(ilike(countries.name, like), ilike(countries.slug, like), ilike(countries.code, like), ilike(sql`${contentDrafts.data}->>'name'`, like))!);
    cityWhere.push(or(ilike(cities.name, like), ilike(cities.slug, like), ilike(sql`${contentDrafts.data}->>'name'`, like))!);
  }
  if (q.countryId) {
    countryWhere.push(eq(countries.id, q.countryId));
    cityWhere.push(eq(cities.countryId, q.countryId));
  }
  if (q.featured) {
    // Only cities can be featured.
    if (q.featured === 'true') countryWhere.push(sql`false`);
    cityWhere.push(eq(cities.featured, q.featured === 'true'));
  }
  const parts = [];
  if (q.kind !== 'city') {
    parts.push(
      db
        .select({
          kind: sql<'country' | 'city'>`'country'`.as('kind'),
          id: sql<number>`${countries.id}`.as('id'),
          name: sql<string>`coalesce(case when ${changedSql} then ${contentDrafts.data}->>'name' end, ${countries.name})`.as('name'),
          slug: sql<string>`${countries.slug}`.as('slug'),
          country: sql<string | null>`null::text`.as('country'),
          featured: sql<boolean>`false`.as('featured'),
          optionsCount: optionsInCountry.as('options_count'),
          changed: changedSql.as('changed'),
          scheduledAt: sql<Date | null>`${contentDrafts.scheduledAt}`.as('scheduled_at'),
          edited: editedSql(countries.updatedAt).as('edited'),
          imageKey: sql<string | null>`${images.key}`.as('image_key'),
        })
        .from(countries)
        .leftJoin(images, eq(images.id, countries.imageId))
        .leftJoin(contentDrafts, draftOf(COUNTRY, countries.id))
        .where(and(...countryWhere)),
    );
  }
  if (q.kind !== 'country') {
    parts.push(
      db
        .select({
          kind: sql<'country' | 'city'>`'city'`.as('kind'),
          id: sql<number>`${cities.id}`.as('id'),
          name: sql<string>`coalesce(case when ${changedSql} then ${contentDrafts.data}->>'name' end, ${cities.name})`.as('name'),
          slug: sql<string>`${cities.slug}`.as('slug'),
          country: sql<string | null>`${countries.name}`.as('country'),
          featured: sql<boolean>`${cities.featured}`.as('featured'),
          optionsCount: optionsInCity.as('options_count'),
          changed: changedSql.as('changed'),
          scheduledAt: sql<Date | null>`${contentDrafts.scheduledAt}`.as('scheduled_at'),
          edited: editedSql(cities.updatedAt).as('edited'),
          imageKey: sql<string | null>`${images.key}`.as('image_key'),
        })
        .from(cities)
        .innerJoin(countries, eq(countries.id, cities.countryId))
        .leftJoin(images, eq(images.id, cities.imageId))
        .leftJoin(contentDrafts, draftOf(CITY, cities.id))
        .where(and(...cityWhere)),
    );
  }
  const [first, second] = parts as [(typeof parts)[number], ...(typeof parts)[number][]];
  const u = (second ? unionAll(first, second) : first).as('u');
  const order = {
    name_asc: [asc(u.name), asc(u.kind), asc(u.id)],
    name_desc: [desc(u.name), desc(u.kind), desc(u.id)],
    updated_desc: [desc(u.edited), desc(u.id)],
    updated_asc: [asc(u.edited), asc(u.id)],
    experiences_desc: [desc(u.optionsCount), asc(u.name), asc(u.id)],
  }[q.sort];
  const rows = await db
    .select({
      kind: u.kind,
      id: u.id,
      name: u.name,
      slug: u.slug,
      country: u.country,
      featured: u.featured,
      optionsCount: u.optionsCount,
      changed: u.changed,
      scheduledAt: u.scheduledAt,
      edited: u.edited,
      imageKey: u.imageKey,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(u)
    .orderBy(...order)
    .limit(q.per)
    .offset((q.page - 1) * q.per);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && q.page > 1) {
    const [c] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(u);
    total = c?.n ?? 0;
  }
  return {
    items: rows.map((r) => ({
      kind: r.kind,
      id: r.id,
      name: r.name,
      slug: r.slug,
      country: r.country,
      featured: r.featured,
      optionsCount: Number(r.optionsCount),
      status: r.changed ? 'changed' : 'published',
      scheduledAt: r.scheduledAt ? new Date(r.scheduledAt).toISOString() : null,
      updatedAt: new Date(r.edited).toISOString(),
      imageUrl: r.imageKey ? `/storage/${r.imageKey}` : null,
    })),
    total,
    page: q.page,
    per: q.per,
  };
}

type TagQuery = Required<Pick<AdminTagListQuery, 'status' | 'sort' | 'page' | 'per'>> & Pick<AdminTagListQuery, 'q' | 'kind'>;

/** Tags: search, filters (kind, status), sort and pages. */
export async function listTags(db: Db, q: TagQuery): Promise<AdminTagList> {
  const where: SQL[] = [isNull(tags.deletedAt), ...statusWhere(q.status)];
  if (q.q) {
    const like = escapeLike(q.q);
    where.push(or(ilike(tags.name, like), ilike(tags.slug, like), ilike(sql`${contentDrafts.data}->>'name'`, like))!);
  }
  if (q.kind) where.push(eq(tags.kind, q.kind));
  const edited = editedSql(tags.updatedAt);
  const order = {
    kind_position: [asc(tags.kind), asc(tags.position), asc(tags.name), asc(tags.id)],
    name_asc: [asc(tags.name), asc(tags.id)],
    name_desc: [desc(tags.name), desc(tags.id)],
    updated_desc: [desc(edited), desc(tags.id)],
    updated_asc: [asc(edited), asc(tags.id)],
  }[q.sort];
  const rows = await db
    .select({
      id: tags.id,
      kind: tags.kind,
      name: tags.name,
      slug: tags.slug,
      position: tags.position,
      draftName: sql<string | null>`${contentDrafts.data}->>'name'`,
      changed: changedSql,
      scheduledAt: contentDrafts.scheduledAt,
      edited,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(tags)
    .leftJoin(contentDrafts, draftOf(TAG, tags.id))
    .where(and(...where))
    .orderBy(...order)
    .limit(q.per)
    .offset((q.page - 1) * q.per);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && q.page > 1) {
    const [c] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(tags).leftJoin(contentDrafts, draftOf(TAG, tags.id)).where(and(...where));
    total = c?.n ?? 0;
  }
  return {
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      name: r.changed && r.draftName ? r.draftName : r.name,
      slug: r.slug,
      position: r.position,
      status: r.changed ? 'changed' : 'published',
      scheduledAt: r.scheduledAt?.toISOString() ?? null,
      updatedAt: new Date(r.edited).toISOString(),
    })),
    total,
    page: q.page,
    per: q.per,
  };
}

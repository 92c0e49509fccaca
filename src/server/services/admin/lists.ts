// The back-office's lists: experiences with search, filters, sort and pages; the references
// the edit screen chooses from; site settings.
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AdminExperienceList, AdminExperienceListQuery, AdminReferences, SiteSettings } from '../../../contract/admin.ts';
import { SETTING_KEYS } from '../../../contract/initial-data.ts';
import type { Db, Tx } from '../../db/client.ts';
import { blogs, cities, contentDrafts, countries, currencies, images, optionImages, options, settings, tags } from '../../db/schema.ts';
import { HttpError } from '../../http.ts';
import { fromPriceSgd } from '../../routes/catalogue/options/rows.ts';
import { EXPERIENCE } from './editing.ts';

type Query = { q?: string | undefined; status: 'all' | 'published' | 'unpublished' | 'changed' | 'scheduled'; kind?: AdminExperienceListQuery['kind']; countryId?: number | undefined; sort: string; page: number; per: number };

const fromPriceMinorSql = sql<number | null>`(case ${options.priceUnit}
  when 'per_person' then coalesce(${options.adultPrice}, ${options.localAdultPrice})
  when 'per_group' then coalesce(${options.groupPrice}, ${options.adultPrice} * greatest(1, coalesce(${options.minPax}, 1)))
  else (select min(price_per_night) from option_rooms r where r.option_id = ${options}.id) end)`;

export async function listExperiences(db: Db, q: Query): Promise<AdminExperienceList> {
  const where: SQL[] = [isNull(options.deletedAt)];
  if (q.q) {
    const like = `%${q.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    const asId = /^\d{1,9}$/.test(q.q) ? Number(q.q) : null;
    where.push(or(ilike(options.name, like), ilike(options.slugCode, like), ilike(cities.name, like), ...(asId ? [eq(options.id, asId)] : []))!);
  }
  if (q.kind) where.push(eq(options.kind, q.kind));
  if (q.countryId) where.push(eq(cities.countryId, q.countryId));
  if (q.status === 'published') where.push(eq(options.published, true));
  if (q.status === 'unpublished') where.push(eq(options.published, false));
  if (q.status === 'changed') where.push(and(eq(options.published, true), sql`${contentDrafts.version} is distinct from ${contentDrafts.publishedVersion}`, isNotNull(contentDrafts.version))!);
  if (q.status === 'scheduled') where.push(isNotNull(contentDrafts.scheduledAt));
  const order = {
    updated_desc: [desc(sql`greatest(${options.updatedAt}, coalesce(${contentDrafts.updatedAt}, ${options.updatedAt}))`), desc(options.id)],
    updated_asc: [asc(sql`greatest(${options.updatedAt}, coalesce(${contentDrafts.updatedAt}, ${options.updatedAt}))`), asc(options.id)],
    name_asc: [asc(options.name), asc(options.id)],
    name_desc: [desc(options.name), desc(options.id)],
    price_asc: [sql`${fromPriceSgd} asc nulls last`, asc(options.id)],
    price_desc: [sql`${fromPriceSgd} desc nulls last`, desc(options.id)],
  }[q.sort] ?? [desc(options.updatedAt)];
  const base = db
    .select({
      id: options.id,
      name: options.name,
      slugCode: options.slugCode,
      kind: options.kind,
      city: cities.name,
      country: countries.name,
      published: options.published,
      currency: options.priceCurrency,
      exponent: currencies.exponent,
      fromPrice: fromPriceMinorSql,
      updatedAt: options.updatedAt,
      draftVersion: contentDrafts.version,
      publishedVersion: contentDrafts.publishedVersion,
      draftUpdatedAt: contentDrafts.updatedAt,
      draftName: sql<string | null>`${contentDrafts.data}->>'name'`,
      scheduledAt: contentDrafts.scheduledAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(options)
    .innerJoin(cities, eq(cities.id, options.cityId))
    .innerJoin(countries, eq(countries.id, cities.countryId))
    .leftJoin(currencies, eq(currencies.code, options.priceCurrency))
    .leftJoin(contentDrafts, and(eq(contentDrafts.type, EXPERIENCE), eq(contentDrafts.key, sql`${options.id}::text`)))
    .where(and(...where))
    .orderBy(...order)
    .limit(q.per)
    .offset((q.page - 1) * q.per);
  const rows = await base;
  const ids = rows.map((r) => r.id);
  const imgs = ids.length
    ? await db
        .select({ optionId: optionImages.optionId, key: images.key, position: optionImages.position })
        .from(optionImages)
        .innerJoin(images, eq(images.id, optionImages.imageId))
        .where(inArray(optionImages.optionId, ids))
        .orderBy(asc(optionImages.position))
    : [];
  const firstImage = new Map<number, string>();
  for (const i of imgs) if (!firstImage.has(i.optionId)) firstImage.set(i.optionId, `/storage/${i.key}`);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && q.page > 1) {
    const [c] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(options).innerJoin(cities, eq(cities.id, options.cityId)).leftJoin(contentDrafts, and(eq(contentDrafts.type, EXPERIENCE), eq(contentDrafts.key, sql`${options.id}::text`))).where(and(...where));
    total = c?.n ?? 0;
  }
  return {
    items: rows.map((r) => {
      const changed = r.draftVersion !== null && r.draftVersion !== r.publishedVersion;
      const exp = r.exponent ?? 2;
      return {
        id: r.id,
        name: changed && r.draftName ? r.draftName : r.name,
        slugCode: r.slugCode,
        kind: r.kind,
        city: r.city,
        country: r.country,
        fromPrice: r.fromPrice === null ? null : { amount: Number(r.fromPrice) / 10 ** exp, currency: r.currency },
        published: r.published,
        status: !r.published ? 'unpublished' : changed ? 'changed' : 'published',
        scheduledAt: r.scheduledAt?.toISOString() ?? null,
        updatedAt: (r.draftUpdatedAt && r.draftUpdatedAt > r.updatedAt ? r.draftUpdatedAt : r.updatedAt).toISOString(),
        imageUrl: firstImage.get(r.id) ?? null,
      };
    }),
    total,
    page: q.page,
    per: q.per,
  };
}

export async function references(db: Db): Promise<AdminReferences> {
  const [cityRows, countryRows, tagRows] = await Promise.all([
    db.select({ id: cities.id, name: cities.name, country: countries.name }).from(cities).innerJoin(countries, eq(countries.id, cities.countryId)).where(isNull(cities.deletedAt)).orderBy(asc(countries.name), asc(cities.name)),
    db.select({ id: countries.id, name: countries.name }).from(countries).where(isNull(countries.deletedAt)).orderBy(asc(countries.name)),
    db.select({ id: tags.id, name: tags.name, kind: tags.kind }).from(tags).where(and(isNull(tags.deletedAt), sql`${tags.kind} <> 'blog'`)).orderBy(asc(tags.kind), asc(tags.position), asc(tags.name)),
  ]);
  return { cities: cityRows, countries: countryRows, tags: tagRows };
}

export async function siteSettings(db: Db): Promise<{ settings: SiteSettings; articles: { id: number; title: string }[] }> {
  const rows = await db.select().from(settings).where(inArray(settings.key, [SETTING_KEYS.showBestOfListNav, SETTING_KEYS.giftGuideNavs]));
  const value = new Map(rows.map((r) => [r.key, r.value]));
  const navs = value.get(SETTING_KEYS.giftGuideNavs);
  const articles = await db.select({ id: blogs.id, title: blogs.title }).from(blogs).where(isNull(blogs.deletedAt)).orderBy(asc(blogs.title));
  return {
    settings: {
      showBestOfListNav: value.get(SETTING_KEYS.showBestOfListNav) === true,
      giftGuideNavs: Array.isArray(navs) ? (navs as { blogId: number; title: string }[]).map((n) => ({ blogId: n.blogId, title: n.title })) : [],
    },
    articles,
  };
}

/** Saves the settings and, in the same transaction, `then` (the publish run that shows them). */
export async function saveSiteSettings<T>(db: Db, s: SiteSettings, now: Date, then: (tx: Tx) => Promise<T>): Promise<T> {
  if (s.giftGuideNavs.length) {
    const ids = s.giftGuideNavs.map((n) => n.blogId);
    const found = new Set((await db.select({ id: blogs.id }).from(blogs).where(and(inArray(blogs.id, ids), isNull(blogs.deletedAt)))).map((r) => r.id));
    const missing = ids.findIndex((id) => !found.has(id));
    if (missing >= 0) {
      throw new HttpError(422, 'That article does not exist', { fields: { [`gift_guide_navs.${missing}.blog_id`]: 'Choose an article from the list' } });
    }
  }
  return db.transaction(async (tx) => {
    for (const [key, value] of [[SETTING_KEYS.showBestOfListNav, s.showBestOfListNav], [SETTING_KEYS.giftGuideNavs, s.giftGuideNavs]] as const) {
      await tx.insert(settings).values({ key, value, updatedAt: now }).onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
    }
    return then(tx);
  });
}

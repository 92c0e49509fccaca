// Loads the deterministic demo catalogue into the database.
//   seedCatalogue(db, { storageDir })  → counts per table
//   isEmpty(db)                        → true when no catalogue has been loaded
//   resetCatalogue(db)                 → truncates the catalogue tables (ids restart at 1)
// Rows carry explicit ids (so cross-references are known before inserting); sequences are
// moved past them at the end.
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { ensureImagePool, type PoolImage } from '../../images/pool.ts';
import type { Db, Tx } from '../client.ts';
import * as s from '../schema.ts';
import { availabilityRuleFor } from './availability.ts';
import { buildCatalogue, DEFAULT_OPTION_COUNT } from './catalogue.ts';
import { must } from './prng.ts';
import { seedAccounts } from './accounts.ts';
import { seedOperatorHistory, seedTrips } from './trips.ts';
import { seedChat } from './chat.ts';
import { seedCorporateEvents } from './corporate.ts';
import { footprintGramsOf } from '../../services/footprint/footprint.ts';
import { demoFootprintFacts } from './footprint.ts';
import { DEV_PASSWORD, DEV_USERS, hashPassword } from './users.ts';

export const DEMO_AFFILIATE_LINK_ID = 'amara-kinabalu-trails';

export type SeedOptions = {
  storageDir: string;
  /** Total number of options (experiences); default 320. */
  options?: number;
  onProgress?: (step: string, done?: number, total?: number) => void;
  /** A ready image pool (tests pass fake records); otherwise ensureImagePool renders it. */
  pool?: PoolImage[];
};

/** Rows written per table. */
export type SeedSummary = Record<string, number>;

type Writer = Db | Tx;

/** Rows per statement: ~500 for wide rows (options), more for narrow ones. */
function batchSize(columns: number): number {
  return Math.max(250, Math.min(5000, Math.floor(12_000 / Math.max(1, columns))));
}

/**
 * Bulk insert: each batch is ONE jsonb parameter expanded by jsonb_to_recordset, which is
 * several times faster than binding every value (and works the same on PGlite and PostgreSQL).
 * Row keys are the table's TypeScript column names; every row of a call has the same keys.
 */
async function insertAll(db: Writer, table: PgTable, rows: readonly object[], summary: SeedSummary, name: string, opts?: { ignoreConflicts?: boolean }): Promise<void> {
  summary[name] = (summary[name] ?? 0) + rows.length;
  const first = rows[0];
  if (!first) return;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(first);
  const cols = keys.map((k) => {
    const col = columns[k];
    if (!col) throw new Error(`${name}: no column ${k}`);
    const type = col.getSQLType();
    return { key: k, name: col.name, type: type === 'serial' ? 'integer' : type === 'bigserial' ? 'bigint' : type };
  });
  const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
  const head = `INSERT INTO ${q(getTableName(table))} (${cols.map((c) => q(c.name)).join(', ')}) SELECT ${cols.map((c) => q(c.name)).join(', ')} FROM jsonb_to_recordset(`;
  const tail = `::jsonb) AS x(${cols.map((c) => `${q(c.name)} ${c.type}`).join(', ')})${opts?.ignoreConflicts ? ' ON CONFLICT DO NOTHING' : ''}`;
  const size = batchSize(cols.length);
  for (let i = 0; i < rows.length; i += size) {
    const batch = rows.slice(i, i + size).map((r) => {
      const out: Record<string, unknown> = {};
      for (const c of cols) {
        const v = (r as Record<string, unknown>)[c.key];
        if (v === undefined) throw new Error(`${name}: row without ${c.key}`);
        out[c.name] = v instanceof Date ? v.toISOString() : v;
      }
      return out;
    });
    await db.execute(sql`${sql.raw(head)}${JSON.stringify(batch)}${sql.raw(tail)}`);
  }
}

/** Tables holding catalogue content, in dependency order (children first for truncation). */
export const CATALOGUE_TABLES = [
  'corporate_codes', 'corporate_events',
  'blog_options', 'blog_tags', 'blogs', 'blog_categories',
  'best_of_list_items', 'best_of_lists', 'itineraries',
  'collection_options', 'collection_tips', 'collection_categories', 'collections',
  'faqs', 'reviews', 'site_reviews',
  'availability_rules', 'option_rooms', 'option_locations', 'option_places', 'option_tags', 'option_images', 'options',
  'partner_memberships', 'operators', 'tags', 'places_of_interest', 'cities', 'countries', 'images',
  'exchange_rates', 'currencies', 'promotion_codes', 'settings',
] as const;

const SERIAL_TABLES = [
  'images', 'countries', 'cities', 'places_of_interest', 'operators', 'tags', 'options', 'option_locations', 'option_rooms',
  'collections', 'collection_categories', 'collection_tips', 'itineraries', 'best_of_lists', 'blog_categories', 'blogs',
  'reviews', 'site_reviews', 'faqs', 'promotion_codes',
] as const;

/** Empties every catalogue table (and, by cascade, anything that references them). */
export async function resetCatalogue(db: Db): Promise<void> {
  await db.execute(sql.raw(`TRUNCATE ${CATALOGUE_TABLES.map((t) => `"${t}"`).join(', ')} RESTART IDENTITY CASCADE`));
}

function rowsOf<T>(res: unknown): T[] {
  return (Array.isArray(res) ? res : (res as { rows: T[] }).rows) as T[];
}

/**
 * Large benchmark catalogues skip foreign-key triggers while bulk-loading options and reviews
 * (`session_replication_role = replica`, superuser only, e.g. PGlite). The rows are generated
 * with consistent ids, and the default-size seed (used by the tests) always runs with checks on.
 */
async function canSkipForeignKeyChecks(db: Db, optionCount: number): Promise<boolean> {
  if (optionCount <= 2 * DEFAULT_OPTION_COUNT) return false;
  const [row] = rowsOf<{ su: string }>(await db.execute(sql`SELECT current_setting('is_superuser') AS su`));
  return row?.su === 'on';
}

/** True when no catalogue has been loaded (no countries, options or articles). */
export async function isEmpty(db: Db): Promise<boolean> {
  const res = await db.execute<{ found: boolean }>(sql`SELECT (EXISTS (SELECT 1 FROM countries) OR EXISTS (SELECT 1 FROM options) OR EXISTS (SELECT 1 FROM blogs)) AS found`);
  return rowsOf<{ found: boolean }>(res)[0]?.found !== true;
}

export async function seedCatalogue(db: Db, opts: SeedOptions): Promise<SeedSummary> {
  const progress = opts.onProgress ?? (() => {});
  progress('image pool');
  const pool = opts.pool ?? (await ensureImagePool({ storageDir: opts.storageDir, onProgress: (d, t) => progress('image pool', d, t) }));
  progress('compose catalogue');
  const c = buildCatalogue(pool, opts.options ?? DEFAULT_OPTION_COUNT, progress);
  const w = c.world;
  const summary: SeedSummary = {};

  progress('users');
  const passwordHash = await hashPassword(DEV_PASSWORD);
  const userIds = new Map<string, string>();
  await db.transaction(async (tx) => {
    await insertAll(tx, s.users, DEV_USERS.map((u) => ({
      id: u.id, email: u.email, name: u.name, passwordHash, countryCode: u.countryCode, isAdmin: u.isAdmin, lastLoginMethod: 'email' as const,
    })), summary, 'users', { ignoreConflicts: true });
    const existing = await tx.select({ id: s.users.id, email: s.users.email }).from(s.users)
      .where(sql`lower(${s.users.email}) IN (${sql.join(DEV_USERS.map((u) => sql`${u.email}`), sql`, `)})`);
    for (const row of existing) userIds.set(row.email.toLowerCase(), row.id);
    const profiles = DEV_USERS.filter((u) => u.ambassador).map((u) => ({
      userId: must(userIds, u.email), status: u.ambassador?.status ?? 'applied', channel: u.ambassador?.channel ?? 'other',
      handle: u.ambassador?.handle ?? '', referralCode: u.ambassador?.referralCode ?? '',
    }));
    await insertAll(tx, s.ambassadorProfiles, profiles, summary, 'ambassador_profiles', { ignoreConflicts: true });
  });

  progress('places');
  await db.transaction(async (tx) => {
    await insertAll(tx, s.images, c.images, summary, 'images');
    await insertAll(tx, s.countries, w.countries.map((x) => ({
      id: x.id, slug: x.seed.slug, code: x.seed.code, name: x.seed.name, currencyCode: x.seed.currency, region: x.seed.region,
      tagline: x.seed.tagline, description: x.seed.description.join('\n\n'), facts: x.seed.facts.map(([label, value]) => ({ label, value })), imageId: x.imageId,
    })), summary, 'countries');
    await insertAll(tx, s.cities, w.cities.map((x) => ({
      id: x.id, slug: x.seed.slug, countryId: x.country.id, name: x.seed.name, featured: x.seed.featured, tagline: x.seed.tagline,
      description: x.seed.description, latitude: x.seed.lat, longitude: x.seed.lng, imageId: x.imageId,
    })), summary, 'cities');
    await insertAll(tx, s.placesOfInterest, w.pois.map((x) => ({
      id: x.id, slug: x.seed.slug, cityId: x.city.id, name: x.seed.name, description: x.seed.description, latitude: x.seed.lat, longitude: x.seed.lng, imageId: x.imageId,
    })), summary, 'places_of_interest');
    await insertAll(tx, s.operators, w.operators.map((x) => ({
      id: x.id, slug: x.seed.slug, name: x.seed.name, cityId: x.city.id, currencyCode: x.city.country.seed.currency, tagline: x.seed.tagline,
      description: x.description, foundedYear: x.seed.founded, teamSize: x.seed.team, languages: x.seed.languages,
      contactEmail: `hello@${x.seed.slug}.example`, contactPhone: x.phone, website: `https://${x.seed.slug}.example`, imageId: x.imageId,
    })), summary, 'operators');
    await insertAll(tx, s.tags, w.tags, summary, 'tags');
    const memberships = DEV_USERS.filter((u) => u.partnerOf).map((u) => ({
      userId: must(userIds, u.email), operatorId: must(w.operatorBySlug, u.partnerOf ?? '').id, role: 'owner' as const,
    }));
    await insertAll(tx, s.partnerMemberships, memberships, summary, 'partner_memberships', { ignoreConflicts: true });
  });

  const bulk = await canSkipForeignKeyChecks(db, c.options.length);
  const bulkMode = async (tx: Tx) => {
    if (bulk) await tx.execute(sql`SET LOCAL session_replication_role = replica`);
  };
  const countryCodeBySlug = new Map(w.countries.map((x) => [x.seed.slug, x.seed.code]));
  progress('options', 0, c.options.length);
  for (let i = 0; i < c.options.length; i += 2000) {
    const chunk = c.options.slice(i, i + 2000);
    await db.transaction(async (tx) => {
      await bulkMode(tx);
      await insertAll(tx, s.options, chunk.map((o) => ({
        id: o.id, slugCode: o.slugCode, operatorId: o.operatorId, cityId: o.cityId, activityTypeId: o.activityTypeId, name: o.name, kind: o.kind,
        priceUnit: o.priceUnit, groupPriceType: o.groupPriceType, useChildPrices: o.useChildPrices, hasLocalPrice: o.hasLocalPrice,
        durationMinutes: o.durationMinutes, durationDays: o.durationDays, durationNights: o.durationNights, cancelType: o.cancelType,
        rescheduleType: o.rescheduleType, bookType: o.bookType, minQtyForPrice: o.minQtyForPrice, maxQtyForPrice: o.maxQtyForPrice,
        yachtTrip: o.yachtTrip, tripType: o.tripType, priceCurrency: o.priceCurrency, adultPrice: o.adultPrice, childPrice: o.childPrice,
        localAdultPrice: o.localAdultPrice, localChildPrice: o.localChildPrice, groupPrice: o.groupPrice, groupIncludedPax: o.groupIncludedPax,
        additionalPaxPrice: o.additionalPaxPrice, minPax: o.minPax, capacity: o.capacity, startTimes: o.startTimes, summary: o.summary,
        description: o.description, highlights: o.highlights, itinerary: o.itinerary, inclusions: o.inclusions, exclusions: o.exclusions,
        transportItems: o.transportItems, languages: o.languages, minAge: o.minAge, difficulty: o.difficulty, published: o.published,
        viewsCount: o.viewsCount, ordersCount: o.ordersCount,
        ...footprintColumns(o, countryCodeBySlug.get(o.countrySlug) ?? ''),
      })), summary, 'options');
      await insertAll(tx, s.optionImages, chunk.flatMap((o) => o.imageIds.map((imageId, position) => ({ optionId: o.id, imageId, position }))), summary, 'option_images');
      await insertAll(tx, s.optionTags, chunk.flatMap((o) => o.tagIds.map((tagId) => ({ optionId: o.id, tagId }))), summary, 'option_tags');
      await insertAll(tx, s.optionPlaces, chunk.flatMap((o) => o.placeIds.map((placeId) => ({ optionId: o.id, placeId }))), summary, 'option_places');
      await insertAll(tx, s.optionLocations, chunk.flatMap((o) => o.locations.map((l) => ({
        optionId: o.id, kind: l.kind, name: l.name, address: l.address, note: l.note ?? '', latitude: Number(l.lat.toFixed(6)), longitude: Number(l.lng.toFixed(6)),
      }))), summary, 'option_locations');
      await insertAll(tx, s.optionRooms, chunk.flatMap((o) => o.rooms.map((r) => ({
        optionId: o.id, roomType: r.type, privacy: r.privacy, name: r.name, maxGuests: r.guests, pricePerNight: r.price, quantity: r.qty,
      }))), summary, 'option_rooms');
      await insertAll(tx, s.faqs, chunk.flatMap((o) => o.faqs.map(([question, answer], position) => ({ optionId: o.id, question, answer, position }))), summary, 'faqs');
      await insertAll(tx, s.availabilityRules, chunk.map(availabilityRuleFor), summary, 'availability_rules');
    });
    progress('options', Math.min(i + 2000, c.options.length), c.options.length);
  }

  progress('reviews', 0, c.reviews.length);
  const traveller = must(userIds, 'traveller@verdant.test');
  const seededTraveller = must(new Map(DEV_USERS.map((u) => [u.email, u.id])), 'traveller@verdant.test');
  for (let i = 0; i < c.reviews.length; i += 10_000) {
    const chunk = c.reviews.slice(i, i + 10_000).map((r) => ({ ...r, userId: r.userId === seededTraveller ? traveller : r.userId }));
    await db.transaction(async (tx) => {
      await bulkMode(tx);
      await insertAll(tx, s.reviews, chunk, summary, 'reviews');
    });
    progress('reviews', Math.min(i + 10_000, c.reviews.length), c.reviews.length);
  }

  progress('curation');
  await db.transaction(async (tx) => {
    await insertAll(tx, s.siteReviews, c.siteReviews, summary, 'site_reviews');
    await insertAll(tx, s.faqs, c.generalFaqs.map((f) => ({ optionId: null, ...f })), summary, 'faqs');
    await insertAll(tx, s.collections, c.collections.collections, summary, 'collections');
    await insertAll(tx, s.collectionCategories, c.collections.categories, summary, 'collection_categories');
    await insertAll(tx, s.collectionTips, c.collections.tips, summary, 'collection_tips');
    await insertAll(tx, s.collectionOptions, c.collections.options, summary, 'collection_options');
    await insertAll(tx, s.itineraries, c.itineraries, summary, 'itineraries');
    await insertAll(tx, s.bestOfLists, c.bestOf.lists, summary, 'best_of_lists');
    await insertAll(tx, s.bestOfListItems, c.bestOf.items, summary, 'best_of_list_items');
  });

  progress('magazine');
  await db.transaction(async (tx) => {
    await insertAll(tx, s.blogCategories, c.magazine.categories, summary, 'blog_categories');
    await insertAll(tx, s.blogs, c.magazine.blogs, summary, 'blogs');
    await insertAll(tx, s.blogTags, c.magazine.blogTags, summary, 'blog_tags');
    await insertAll(tx, s.blogOptions, c.magazine.blogOptions, summary, 'blog_options');
    // The link rows above touched every article (updated_at = now()): set when each was last edited.
    const revisions = JSON.stringify(c.magazine.revisions.map((r) => ({ id: r.blogId, updated_at: r.updatedAt.toISOString() })));
    await tx.execute(sql`UPDATE blogs SET updated_at = x.updated_at FROM jsonb_to_recordset(${revisions}::jsonb) AS x(id integer, updated_at timestamptz) WHERE blogs.id = x.id`);
  });

  progress('money and settings');
  await db.transaction(async (tx) => {
    await insertAll(tx, s.currencies, c.currencies, summary, 'currencies', { ignoreConflicts: true });
    await insertAll(tx, s.exchangeRates, c.rates, summary, 'exchange_rates', { ignoreConflicts: true });
    await insertAll(tx, s.promotionCodes, c.promotions.map((p, i) => ({ id: i + 1, ...p })), summary, 'promotion_codes');
    await insertAll(tx, s.settings, c.settings, summary, 'settings', { ignoreConflicts: true });
    for (const t of SERIAL_TABLES) {
      await tx.execute(sql.raw(`SELECT setval(pg_get_serial_sequence('"${t}"', 'id'), GREATEST((SELECT COALESCE(MAX(id), 0) FROM "${t}"), 1), (SELECT COUNT(*) > 0 FROM "${t}"))`));
    }
  });
  // A demo affiliate link of the approved ambassador: /a/amara-kinabalu-trails.
  const [firstOption] = await db.select({ slugCode: s.options.slugCode }).from(s.options)
    .where(sql`${s.options.published} AND ${s.options.deletedAt} IS NULL`).orderBy(s.options.id).limit(1);
  if (firstOption) {
    await db.insert(s.affiliateLinks).values({
      id: DEMO_AFFILIATE_LINK_ID, userId: must(userIds, 'ambassador@verdant.test'), targetPath: `/experiences/${firstOption.slugCode}`,
    }).onConflictDoNothing();
    summary['affiliate_links'] = 1;
  }

  progress('corporate events');
  await seedCorporateEvents(db, c.options, summary);

  progress('accounts');
  await seedAccounts(db, userIds, summary);

  progress('trips');
  await seedTrips(db, must(userIds, 'traveller@verdant.test'), summary);
  await seedOperatorHistory(db, summary);

  progress('chat');
  await seedChat(db, must(userIds, 'traveller@verdant.test'), must(userIds, 'partner@verdant.test'), summary);

  progress('done');
  return summary;
}

/** The demo facts of an experience and the per-person grams the "Lowest footprint" sort reads. */
function footprintColumns(o: Parameters<typeof demoFootprintFacts>[0], countryCode: string) {
  const f = demoFootprintFacts(o);
  const row = { footprintLegs: f.legs, lodgingType: f.lodging, durationNights: o.durationNights };
  return { footprintLegs: f.legs, lodgingType: f.lodging, footprintGrams: footprintGramsOf(row, countryCode) };
}

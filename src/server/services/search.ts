// Free-text search over the catalogue: typo-tolerant name matching with pg_trgm (GIN trigram
// indexes from the search_trgm_sql migration), shared by the search suggestions
// (GET /search) and by anything that narrows options by a free text `q` (GET /options?q=).
//
// Matching rules (same everywhere):
// - The text is trimmed, inner spaces collapsed; matching ignores case.
// - Texts of 3+ characters match a name that contains them, or whose best word extent is
//   trigram-similar (`q <% name`, pg_trgm.word_similarity_threshold, 0.6 by default: one typo in a
//   5-letter word still matches). Shorter texts match a word start (`si` → "Singapore").
// - Options also match through their city's name ("bali" → experiences in Bali, ranked below
//   options named after it), and a text of several words matches when every word matches the
//   option's name or its city's name ("kayak bali").
// Ranking: score (0..~2) = similarity + bonuses for a name that starts with / contains the text;
// ties broken by popularity (orders, then options count), then id.
import { and, eq, inArray, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  SEARCH_ACTIVITIES_LIMIT,
  SEARCH_COLLECTIONS_LIMIT,
  SEARCH_PLACES_LIMIT,
  type SearchResponse,
  type SearchResult,
} from '../../contract/search.ts';
import { WORD_SIMILARITY_THRESHOLD, type Db } from '../db/client.ts';
import { cities, collections, countries, images, optionImages, options } from '../db/schema.ts';
import { rowsOf } from '../routes/catalogue/effective.ts';
import { wordSimilarity } from '../../lib/trigram.ts';
import { imageVariantUrl, storageUrl } from '../routes/catalogue/mappers.ts';

/** Thumbnail width of a suggestion image (spec §9 image size 128: 2× a 56–64 px thumbnail). */
const THUMB_WIDTH = 128;
const MAX_WORDS = 6;

/** The search text as matched: trimmed, inner whitespace collapsed. */
export function normalizeSearchText(q: string): string {
  return q.trim().replace(/\s+/g, ' ');
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/** Words of a text worth matching on their own (2+ characters), at most MAX_WORDS. */
function wordsOf(text: string): string[] {
  return [...new Set(text.toLowerCase().split(' ').filter((w) => w.length >= 2))].slice(0, MAX_WORDS);
}

/**
 * Match condition and score of one text column against the search text. Index-backed through a
 * GIN gin_trgm_ops index on the column (ILIKE and `<%` both use it for texts of 3+ characters).
 */
export function nameMatch(column: SQL | AnyColumn, text: string): { where: SQL; score: SQL } {
  const t = normalizeSearchText(text);
  const contains = `%${escapeLike(t)}%`;
  const starts = `${escapeLike(t)}%`;
  const wordStart = `% ${escapeLike(t)}%`;
  if (t.length < 3) {
    return {
      where: sql`(${column} ilike ${starts} or ${column} ilike ${wordStart})`,
      score: sql`(case when ${column} ilike ${starts} then 1.5 else 1.2 end)`,
    };
  }
  return {
    where: sql`(${column} ilike ${contains} or ${t} <% ${column})`,
    score: sql`(word_similarity(${t}, ${column}) + case when ${column} ilike ${starts} then 0.5 when ${column} ilike ${contains} then 0.2 else 0 end)`,
  };
}

/**
 * Row-level condition and score for options matching a free text, over `options` joined with
 * `cities` (`… from options join cities on cities.id = options.city_id`). Use it to narrow and
 * rank an option query, e.g. GET /options?q=:
 *   const m = optionTextMatch(q); …where(and(…, m.where)).orderBy(desc(m.score), …)
 * Over a whole large catalogue this is a scan (similarity is computed per row); to turn a text
 * into ranked ids quickly, use matchOptionIds (index-ordered candidates, then this).
 */
export function optionTextMatch(q: string): { where: SQL; score: SQL } {
  const t = normalizeSearchText(q);
  const name = nameMatch(options.name, t);
  const city = nameMatch(cities.name, t);
  const words = wordsOf(t);
  const nameScore = sql`case when ${name.where} then ${name.score} else 0 end`;
  const cityScore = sql`case when ${city.where} then ${city.score} * 0.6 else 0 end`;
  if (words.length < 2) return { where: sql`(${name.where} or ${city.where})`, score: sql`greatest(${nameScore}, ${cityScore})` };
  // Several words: every word must match the name or the city ("kayak ubud"); the whole text
  // matching the name as a phrase ranks first.
  const perWord = words.map((w) => {
    const n = nameMatch(options.name, w);
    const c = nameMatch(cities.name, w);
    return { where: sql`(${n.where} or ${c.where})`, score: sql`greatest(case when ${n.where} then ${n.score} else 0 end, case when ${c.where} then ${c.score} * 0.8 else 0 end)` };
  });
  return {
    where: sql`(${sql.join(perWord.map((p) => p.where), sql` and `)})`,
    score: sql`greatest(${nameScore}, (${sql.join(perWord.map((p) => p.score), sql` + `)}) / ${words.length} * 0.9)`,
  };
}

type Candidate = { id: number; name: string; ordersCount: number; cityId: number };

/** Does a name match a text (the rule of nameMatch, in JavaScript for rows already found)? */
function nameMatchesText(name: string, t: string, ws: () => number): boolean {
  const lower = name.toLowerCase();
  const q = t.toLowerCase();
  if (q.length < 3) return lower.startsWith(q) || lower.includes(` ${q}`);
  return lower.includes(q) || ws() >= WORD_SIMILARITY_THRESHOLD;
}

/** nameMatch's score, in JavaScript: similarity plus a bonus for a name that starts with / contains the text. */
function nameScoreOf(name: string, t: string, ws: number): number {
  const lower = name.toLowerCase();
  const q = t.toLowerCase();
  if (q.length < 3) return lower.startsWith(q) ? 1.5 : 1.2;
  return ws + (lower.startsWith(q) ? 0.5 : lower.includes(q) ? 0.2 : 0);
}

/** How long the city names read for matching are reused: a renamed or new city matches within this. */
const CITY_NAMES_TTL_MS = 30_000;
const cityNamesCache = new WeakMap<Db, { at: number; rows: Promise<{ id: number; name: string }[]> }>();

/**
 * The live cities' ids and names, read once per database every 30 s rather than on every
 * keystroke's suggestion request (a few hundred rows; matched in JavaScript below).
 */
function cityNames(db: Db): Promise<{ id: number; name: string }[]> {
  const cached = cityNamesCache.get(db);
  if (cached && Date.now() - cached.at < CITY_NAMES_TTL_MS) return cached.rows;
  const rows = db.select({ id: cities.id, name: cities.name }).from(cities).where(isNull(cities.deletedAt)).then((r) => r);
  cityNamesCache.set(db, { at: Date.now(), rows });
  // A failed read is not kept: the next request tries again.
  rows.catch(() => cityNamesCache.delete(db));
  return rows;
}

/**
 * Visible options matching a free text, best first: `[{ id, score }]`. Reusable wherever a
 * free text `q` must become matching option ids and their ranking (the search bar, /options?q=).
 *
 * Candidates come from indexes only, so the cost does not grow with the catalogue: the options
 * whose names are nearest by word similarity (KNN on the GiST trigram index: it stops after
 * `per` rows even when nothing is close), and the most booked options of the cities whose names
 * match the text or one of its words (options_city_orders_idx). They are then checked and
 * ranked with the rules of optionTextMatch, computed here rather than per row in SQL.
 * `limit` bounds the answer; about 3×limit (at least 60) candidates are looked at per source.
 */
export async function matchOptionIds(db: Db, q: string, limit = 200): Promise<{ id: number; score: number }[]> {
  const t = normalizeSearchText(q);
  if (!t) return [];
  const words = wordsOf(t);
  const per = Math.max(60, limit * 3);
  const [nearest, cityRows] = await Promise.all([
    db.execute(sql`select o.id, o.name, o.orders_count as "ordersCount", o.city_id as "cityId" from ${options} o
      where o.published and o.deleted_at is null order by o.name <->> ${t} limit ${per}`),
    cityNames(db),
  ]);
  // Cities are few: match them here. A city matches the whole text, or (several words) one word.
  const cityScore = new Map<number, number>();
  const cityWords = new Map<number, Set<string>>();
  const cityName = new Map<number, string>();
  for (const c of cityRows) {
    cityName.set(c.id, c.name);
    if (nameMatchesText(c.name, t, () => wordSimilarity(t, c.name))) cityScore.set(c.id, nameScoreOf(c.name, t, wordSimilarity(t, c.name)));
    for (const w of words.length > 1 ? words : []) {
      if (nameMatchesText(c.name, w, () => wordSimilarity(w, c.name))) cityWords.set(c.id, (cityWords.get(c.id) ?? new Set()).add(w));
    }
  }
  const cityIds = [...new Set([...cityScore.keys(), ...cityWords.keys()])];
  // A short text names many cities at once ("s"): fewer options from each.
  const perCity = t.length < 3 ? limit : per;
  const inCities: Candidate[] = cityIds.length
    ? rowsOf<Candidate>(
        await db.execute(sql`select oc.id, oc.name, oc.orders_count as "ordersCount", oc.city_id as "cityId"
          from unnest(${sql.raw(`ARRAY[${cityIds.map(Number).join(',')}]::int[]`)}) as c(id)
          cross join lateral (select o.id, o.name, o.orders_count, o.city_id from ${options} o
            where o.city_id = c.id and o.published and o.deleted_at is null order by o.orders_count desc limit ${perCity}) oc`),
      )
    : [];

  const seen = new Set<number>();
  const ranked: { id: number; score: number; orders: number }[] = [];
  for (const o of [...rowsOf<Candidate>(nearest), ...inCities]) {
    if (seen.has(o.id)) continue;
    seen.add(o.id);
    let ws: number | undefined;
    const wsOf = () => (ws ??= wordSimilarity(t, o.name));
    const byName = nameMatchesText(o.name, t, wsOf) ? nameScoreOf(o.name, t, wsOf()) : 0;
    const byCity = (cityScore.get(o.cityId) ?? 0) * 0.6;
    if (words.length > 1) {
      let sum = 0;
      let all = true;
      for (const w of words) {
        const wws = wordSimilarity(w, o.name);
        const n = nameMatchesText(o.name, w, () => wws) ? nameScoreOf(o.name, w, wws) : 0;
        const c = cityWords.get(o.cityId)?.has(w) ? nameScoreOf(cityName.get(o.cityId) ?? '', w, wordSimilarity(w, cityName.get(o.cityId) ?? '')) * 0.8 : 0;
        if (n === 0 && c === 0) {
          all = false;
          break;
        }
        sum += Math.max(n, c);
      }
      const byWords = all ? (sum / words.length) * 0.9 : 0;
      // Several words: every word must match (a phrase match counts as all of them).
      if (!all && byName === 0) continue;
      const score = Math.max(byName, byWords);
      if (score > 0) ranked.push({ id: o.id, score, orders: o.ordersCount });
      continue;
    }
    const score = Math.max(byName, byCity);
    if (score > 0) ranked.push({ id: o.id, score, orders: o.ordersCount });
  }
  ranked.sort((a, b) => b.score - a.score || b.orders - a.orders || a.id - b.id);
  return ranked.slice(0, limit).map(({ id, score }) => ({ id, score }));
}

const thumb = (key: string | null): string | null => (key ? imageVariantUrl(storageUrl(key), THUMB_WIDTH, 'webp') : null);


async function matchPlaces(db: Db, t: string): Promise<SearchResult[]> {
  const cm = nameMatch(countries.name, t);
  const cityM = nameMatch(cities.name, t);
  const [countryRows, cityRows] = await Promise.all([
    db
      .select({
        id: countries.id,
        slug: countries.slug,
        name: countries.name,
        imageKey: images.key,
        score: sql<number>`${cm.score}`.mapWith(Number),
        // Ties: Singapore first (spec §9 country order), then by name.
        sg: sql<number>`(${countries.code} = 'SG')::int`.mapWith(Number),
      })
      .from(countries)
      .leftJoin(images, and(eq(images.id, countries.imageId), isNull(images.deletedAt)))
      .where(and(isNull(countries.deletedAt), cm.where))
      .orderBy(sql`5 desc`, sql`6 desc`, countries.name)
      .limit(SEARCH_PLACES_LIMIT),
    db
      .select({
        id: cities.id,
        slug: cities.slug,
        name: cities.name,
        countryName: countries.name,
        imageKey: images.key,
        score: sql<number>`${cityM.score}`.mapWith(Number),
        featured: cities.featured,
      })
      .from(cities)
      .innerJoin(countries, eq(countries.id, cities.countryId))
      .leftJoin(images, and(eq(images.id, cities.imageId), isNull(images.deletedAt)))
      .where(and(isNull(cities.deletedAt), isNull(countries.deletedAt), cityM.where))
      .orderBy(sql`6 desc`, sql`7 desc`, cities.name)
      .limit(SEARCH_PLACES_LIMIT),
  ]);
  const places = [
    ...countryRows.map((r) => ({ score: r.score, pop: r.sg, rec: { id: r.id, type: 'Country' as const, slugCode: r.slug, name: r.name, imageUrl: thumb(r.imageKey), cityName: null } })),
    ...cityRows.map((r) => ({ score: r.score, pop: r.featured ? 1 : 0, rec: { id: r.id, type: 'City' as const, slugCode: r.slug, name: r.name, imageUrl: thumb(r.imageKey), cityName: r.countryName } })),
  ];
  // Countries before cities on an equal score (a country is the broader answer); featured cities first.
  places.sort((a, b) => b.score - a.score || (a.rec.type === b.rec.type ? b.pop - a.pop : a.rec.type === 'Country' ? -1 : 1));
  return places.slice(0, SEARCH_PLACES_LIMIT).map((p) => p.rec);
}

async function matchActivities(db: Db, t: string): Promise<SearchResult[]> {
  const ranked = await matchOptionIds(db, t, SEARCH_ACTIVITIES_LIMIT);
  if (ranked.length === 0) return [];
  const ids = ranked.map((r) => r.id);
  const rows = await db
    .select({
      id: options.id,
      slugCode: options.slugCode,
      name: options.name,
      cityName: cities.name,
      imageKey: sql<string | null>`(select i.key from ${optionImages} oi join ${images} i on i.id = oi.image_id
        where oi.option_id = ${options.id} and i.deleted_at is null order by oi.position, oi.image_id limit 1)`,
    })
    .from(options)
    .innerJoin(cities, eq(cities.id, options.cityId))
    .where(inArray(options.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [{ id: r.id, type: 'Activity' as const, slugCode: r.slugCode, name: r.name, imageUrl: thumb(r.imageKey), cityName: r.cityName }] : [];
  });
}

async function matchCollections(db: Db, t: string): Promise<SearchResult[]> {
  const m = nameMatch(collections.name, t);
  const cityOfCollection = sql`coalesce(${cities.name}, (select co.name from ${countries} co where co.id = ${collections.countryId}))`;
  const rows = await db
    .select({
      id: collections.id,
      slug: collections.slug,
      name: collections.name,
      placeName: sql<string | null>`${cityOfCollection}`,
      imageKey: images.key,
      score: sql<number>`${m.score}`.mapWith(Number),
    })
    .from(collections)
    .leftJoin(cities, eq(cities.id, collections.cityId))
    .leftJoin(images, and(eq(images.id, collections.imageId), isNull(images.deletedAt)))
    // The bar shows 'Collection · city': collections tied to no place (gift sets) are left out.
    .where(and(isNull(collections.deletedAt), eq(collections.published, true), sql`(${collections.cityId} is not null or ${collections.countryId} is not null)`, m.where))
    .orderBy(sql`6 desc`, collections.position, collections.id)
    .limit(SEARCH_COLLECTIONS_LIMIT);
  return rows.map((r) => ({ id: r.id, type: 'Collection' as const, slugCode: r.slug, name: r.name, imageUrl: thumb(r.imageKey), cityName: r.placeName }));
}

/** The search-bar suggestions for a text (spec §4 Search): places first, then activities and collections. */
export async function searchSuggestions(db: Db, q: string): Promise<SearchResponse> {
  const t = normalizeSearchText(q);
  if (!t) return { results: [], countriesCities: [] };
  const [countriesCities, activities, cols] = await Promise.all([matchPlaces(db, t), matchActivities(db, t), matchCollections(db, t)]);
  return { countriesCities, results: [...activities, ...cols] };
}

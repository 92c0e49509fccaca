// "When did this record's content last change?" — the effective updatedAt of each content
// type, as SQL. It is the greatest of the row's own updatedAt/deletedAt and those of
// everything its detail record shows (see src/contract/content-changes.ts for the rules).
// Each query yields (id, key, ts, visible); `visible` matches what the detail endpoints show.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { ContentType } from '../../../contract/content-changes.ts';
import type { Tombstone } from '../../../contract/common.ts';
import type { Db } from '../../db/client.ts';

/** PostgreSQL's greatest() ignores NULLs, so deletedAt and optional joins can join in. */
const touched = (a: string) => `${a}.updated_at, ${a}.deleted_at`;

/** The safety window kept behind "now" by every high-water mark. */
export const HIGH_WATER_LAG = "interval '60 seconds'";

/** What an experience's detail record shows, joined: the rows OPTION_TS reads. */
const OPTION_FROM = `
  from options o
  join operators op on op.id = o.operator_id
  left join images opi on opi.id = op.image_id
  join cities c on c.id = o.city_id
  join countries co on co.id = c.country_id
  left join tags att on att.id = o.activity_type_id`;

/** An experience's effective updatedAt, over a row of OPTION_FROM. */
const OPTION_TS = `
    greatest(${touched('o')}, ${touched('op')}, opi.updated_at, ${touched('c')}, ${touched('co')}, ${touched('att')},
      (select max(greatest(r.updated_at, r.deleted_at)) from reviews r where r.option_id = o.id),
      (select max(greatest(i.updated_at, i.deleted_at)) from option_images x join images i on i.id = x.image_id where x.option_id = o.id),
      (select max(greatest(t.updated_at, t.deleted_at)) from option_tags x join tags t on t.id = x.tag_id where x.option_id = o.id),
      (select max(greatest(p.updated_at, p.deleted_at, pi.updated_at)) from option_places x join places_of_interest p on p.id = x.place_id
         left join images pi on pi.id = p.image_id where x.option_id = o.id),
      (select max(greatest(f.updated_at, f.deleted_at)) from faqs f where f.option_id = o.id and f.answer <> ''),
      (select max(e.updated_at) from tag_evidence e where e.option_id = o.id)
    )`;

const OPTION_EFF = `
  select o.id, o.slug_code as key, ${OPTION_TS} as ts,
    (o.published and o.deleted_at is null) as visible
  ${OPTION_FROM}`;

/**
 * max(effective ts) of the options whose ids the given SQL (a one-column select) yields, computed
 * for those options only (a derived table of every option's ts, filtered after, cost the work of
 * all 20,000 at that size: seconds per record of a collection or an operator).
 */
const optionsTs = (idsSelect: string) => `(select max(${OPTION_TS}) ${OPTION_FROM} where o.id in (${idsSelect}))`;

/** Any of these rows' updatedAt or deletedAt later than `since`. */
const changedAfter = (since: SQL, ...aliases: string[]) =>
  sql.join(
    aliases.map((a) => sql`${sql.raw(a)}.updated_at > ${since} or ${sql.raw(a)}.deleted_at > ${since}`),
    sql` or `,
  );

/**
 * The ids of every option whose effective ts may be later than `since`: one of the rows OPTION_TS
 * reads is. A superset (OPTION_TS decides), found from each table's own timestamps, so a pull
 * does not compute the ts of every option (issue 14: 3.6 s a query on PostgreSQL at 20,000
 * options, 0.1 s now; ADR 55).
 */
const optionCandidates = (since: SQL) => sql`
  select o.id ${sql.raw(OPTION_FROM)} where ${changedAfter(since, 'o', 'op', 'opi', 'c', 'co', 'att')}
  union select r.option_id from reviews r where ${changedAfter(since, 'r')}
  union select x.option_id from option_images x join images i on i.id = x.image_id where ${changedAfter(since, 'i')}
  union select x.option_id from option_tags x join tags t on t.id = x.tag_id where ${changedAfter(since, 't')}
  union select x.option_id from option_places x join places_of_interest p on p.id = x.place_id
    left join images pi on pi.id = p.image_id where ${changedAfter(since, 'p', 'pi')}
  union select f.option_id from faqs f where f.answer <> '' and (${changedAfter(since, 'f')})
  union select e.option_id from tag_evidence e where e.updated_at > ${since}`;

/**
 * For the types whose ts covers many rows of another table: their id column in EFFECTIVE, and a
 * superset of the ids whose ts may be later than `since`.
 */
const CANDIDATES: Partial<Record<ContentType, { id: string; of: (since: SQL) => SQL }>> = {
  options: { id: 'o.id', of: optionCandidates },
  suppliers: {
    id: 's.id',
    of: (since) => sql`
      select s.id from operators s join cities sc on sc.id = s.city_id join countries sk on sk.id = sc.country_id
        left join images si on si.id = s.image_id where ${changedAfter(since, 's', 'si', 'sc', 'sk')}
      union select o.operator_id from options o where o.id in (${optionCandidates(since)})`,
  },
};

const EFFECTIVE: Record<ContentType, string> = {
  options: OPTION_EFF,
  countries: `
    select k.id, k.slug as key,
      greatest(${touched('k')}, ${touched('ki')},
        (select max(greatest(kc.updated_at, kc.deleted_at, kci.updated_at)) from cities kc left join images kci on kci.id = kc.image_id
           where kc.country_id = k.id)) as ts,
      k.deleted_at is null as visible
    from countries k left join images ki on ki.id = k.image_id`,
  cities: `
    select ct.id, ct.slug as key,
      greatest(${touched('ct')}, ${touched('cti')}, ${touched('ctk')},
        (select max(greatest(p.updated_at, p.deleted_at, pi.updated_at)) from places_of_interest p left join images pi on pi.id = p.image_id
           where p.city_id = ct.id)) as ts,
      ct.deleted_at is null as visible
    from cities ct join countries ctk on ctk.id = ct.country_id left join images cti on cti.id = ct.image_id`,
  collections: `
    select cl.id, cl.slug as key,
      greatest(${touched('cl')}, ${touched('cli')}, ${touched('clc')}, ${touched('clk')},
        ${optionsTs('select x.option_id from collection_options x where x.collection_id = cl.id')}) as ts,
      (cl.deleted_at is null and cl.published) as visible
    from collections cl left join images cli on cli.id = cl.image_id
      left join cities clc on clc.id = cl.city_id left join countries clk on clk.id = cl.country_id`,
  blogs: `
    select b.id, b.slug as key,
      greatest(${touched('b')}, case when b.published_at <= now() then b.published_at end,
        ${touched('bi')}, ${touched('bc')}, ${touched('bct')}, ${touched('bk')},
        (select max(greatest(t.updated_at, t.deleted_at)) from blog_tags x join tags t on t.id = x.tag_id where x.blog_id = b.id),
        (select max(greatest(i.updated_at, i.deleted_at)) from images i
           where i.id in (select (jsonb_path_query(b.body, '$[*] ? (@.type == "image").imageId'))::int)),
        ${optionsTs(`select x.option_id from blog_options x where x.blog_id = b.id
           union all select (jsonb_path_query(b.body, '$[*].optionId'))::int
           union all select (jsonb_path_query(b.body, '$[*].optionIds[*]'))::int`)}) as ts,
      (b.deleted_at is null and b.published and b.published_at <= now()) as visible
    from blogs b join blog_categories bc on bc.id = b.category_id left join images bi on bi.id = b.hero_image_id
      left join cities bct on bct.id = b.city_id left join countries bk on bk.id = b.country_id`,
  travel_itineraries: `
    select it.id, it.slug as key,
      greatest(${touched('it')}, ${touched('iti')}, ${touched('itc')}, ${touched('itk')},
        ${optionsTs(`select (jsonb_path_query(it.days, '$[*].optionIds[*]'))::int`)}) as ts,
      (it.deleted_at is null and it.published) as visible
    from itineraries it join countries itk on itk.id = it.country_id left join cities itc on itc.id = it.city_id
      left join images iti on iti.id = it.image_id`,
  best_of_lists: `
    select bl.id, bl.slug as key,
      greatest(${touched('bl')}, ${touched('bli')}, ${touched('blc')}, ${touched('blk')},
        ${optionsTs('select x.option_id from best_of_list_items x where x.list_id = bl.id')}) as ts,
      (bl.deleted_at is null and bl.published) as visible
    from best_of_lists bl left join images bli on bli.id = bl.image_id
      left join cities blc on blc.id = bl.city_id left join countries blk on blk.id = bl.country_id`,
  suppliers: `
    select s.id, s.slug as key,
      greatest(${touched('s')}, ${touched('si')}, ${touched('sc')}, ${touched('sk')},
        ${optionsTs('select x.id from options x where x.operator_id = s.id')}) as ts,
      s.deleted_at is null as visible
    from operators s join cities sc on sc.id = s.city_id join countries sk on sk.id = sc.country_id
      left join images si on si.id = s.image_id`,
  tags: `
    select tg.id, tg.kind || '/' || tg.slug as key, greatest(${touched('tg')}) as ts, tg.deleted_at is null as visible
    from tags tg`,
};

/**
 * The (id, key, ts, visible) rows of one type, as a derived table body; with `since`, limited to
 * the rows that may have changed after it (the caller still filters on ts).
 */
export function effective(type: ContentType, since?: string): SQL {
  const candidates = CANDIDATES[type];
  if (since === undefined || !candidates) return sql.raw(EFFECTIVE[type]);
  // OFFSET 0 keeps the caller's `ts > since` inside out of this select: pushed down, PostgreSQL
  // evaluates it, and so the ts of every row, before it narrows the rows to the candidates.
  return sql`select * from (${sql.raw(EFFECTIVE[type])} where ${sql.raw(candidates.id)} in (${candidates.of(sql`${since}::timestamptz`)}) offset 0) candidate`;
}

/** Microsecond-precise ISO text of a timestamptz (JS Dates would round to milliseconds). */
export const isoMicros = (expr: SQL | string) =>
  sql`to_char((${typeof expr === 'string' ? sql.raw(expr) : expr}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** `<idColumn> in (records of type changed after since)`. */
export function changedSince(idColumn: SQLWrapper, type: ContentType, since: string): SQL {
  return sql`${idColumn} in (select e.id from (${effective(type, since)}) e where e.ts > ${since}::timestamptz)`;
}

/** max(since, now − lag), or with `last`: max(since, min(last, now − lag)). */
export async function highWaterMark(db: Db, since: string | undefined, last?: string): Promise<string> {
  const sinceSql = since === undefined ? sql`null::timestamptz` : sql`${since}::timestamptz`;
  const lastSql = last === undefined ? sql`null::timestamptz` : sql`${last}::timestamptz`;
  const rows = await db.execute<{ mark: string }>(
    sql`select ${isoMicros(sql`greatest(${sinceSql}, least(${lastSql}, now() - ${sql.raw(HIGH_WATER_LAG)}))`)} as mark`,
  );
  const mark = rowsOf<{ mark: string }>(rows)[0]?.mark;
  if (!mark) throw new Error('highWaterMark: no row');
  return mark;
}

/** Records of a type that became invisible after `since` (for the lists' `changed_since`). */
export async function tombstonesSince(db: Db, type: ContentType, since: string): Promise<Tombstone[]> {
  const rows = await db.execute<{ key: string; ts: string }>(sql`
    select e.key, ${isoMicros('e.ts')} as ts from (${effective(type, since)}) e
    where not e.visible and e.ts > ${since}::timestamptz order by e.ts, e.id`);
  return rowsOf<{ key: string; ts: string }>(rows).map((r) => ({ key: r.key, deleted: true as const, updatedAt: r.ts }));
}

/** The extras a list adds when it was asked with `changed_since`. */
export async function listChangeExtras(db: Db, type: ContentType, since: string | undefined) {
  if (since === undefined) return {};
  const [tombstones, mark] = await Promise.all([tombstonesSince(db, type, since), highWaterMark(db, since)]);
  return { tombstones, highWaterMark: mark };
}

/** db.execute answers `{ rows }` on both drivers (PGlite and node-postgres). */
export function rowsOf<T>(result: unknown): T[] {
  const r = result as { rows?: T[] } | T[];
  return Array.isArray(r) ? r : (r.rows ?? []);
}

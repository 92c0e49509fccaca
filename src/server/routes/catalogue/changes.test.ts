// The incremental content pull: GET /content/changes and `changed_since` on the lists.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListCollectionsResponse } from '../../../contract/collections.ts';
import { CONTENT_TYPES, contentChangesResponse, type ContentType } from '../../../contract/content-changes.ts';
import { ListCountriesResponse } from '../../../contract/countries.ts';
import { ListOptionsResponse, OptionDetailSchema } from '../../../contract/options.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { effective, rowsOf } from './effective.ts';
import { expect422, getOk } from './test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const dbNow = async () => rowsOf<{ now: string }>(await t.db.execute(sql`select to_char((clock_timestamp() - interval '1 millisecond') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as now`))[0]!.now;

type Change = { key: string; deleted: boolean; updatedAt: string; record?: unknown };

/** A full pull of one type: follows nextCursor to the end, checking each page with the contract. */
async function pull(type: ContentType, changedSince?: string, per = 100) {
  const schema = contentChangesResponse(type);
  const base = `/content/changes?type=${type}&per=${per}${changedSince ? `&changed_since=${encodeURIComponent(changedSince)}` : ''}`;
  const changes: Change[] = [];
  let cursor: string | null = null;
  let mark: string;
  let pages = 0;
  do {
    const page: { changes: Change[]; nextCursor: string | null; highWaterMark: string } = await getOk(t, `${base}${cursor ? `&cursor=${cursor}` : ''}`, schema);
    changes.push(...page.changes);
    cursor = page.nextCursor;
    mark = page.highWaterMark;
    if (++pages > 1000) throw new Error('runaway pull');
  } while (cursor);
  return { changes, highWaterMark: mark, pages };
}

const optionRecord = (c: Change | undefined) => OptionDetailSchema.parse(c?.record);

const keysOf = (changes: { key: string; deleted: boolean }[], deleted: boolean) => changes.filter((c) => c.deleted === deleted).map((c) => c.key);

describe('GET /content/changes', () => {
  it('pulls every record of every type, detail records shaped like the detail endpoints', async () => {
    for (const type of CONTENT_TYPES) {
      const { changes } = await pull(type);
      expect(changes.length, type).toBeGreaterThan(0);
      expect(new Set(changes.map((c) => c.key)).size, `${type} keys are unique`).toBe(changes.length);
    }
    const { changes } = await pull('options', undefined, 7);
    const [{ n } = { n: -1 }] = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from options`));
    expect(changes.length).toBe(n);
    const live = changes.find((c) => !c.deleted);
    if (!live) throw new Error('no live option');
    const detail = await getOk(t, `/options/${live.key}`, OptionDetailSchema);
    expect(optionRecord(live)).toEqual(detail);
  });

  it('pages an incremental pull in updatedAt order', async () => {
    const since = await dbNow();
    const { options } = await getOk(t, '/options?per=5&sort=asc', ListOptionsResponse);
    expect(options.length).toBe(5);
    // PGlite's clock can give two quick updates the same timestamp: space them 1 ms apart.
    for (const [i, o] of [...options].reverse().entries()) {
      await t.db.execute(sql`update options set updated_at = clock_timestamp() + make_interval(secs => ${i} * 0.001) where slug_code = ${o.slugCode}`);
    }
    const { changes, pages } = await pull('options', since, 2);
    expect(pages).toBe(3);
    expect(changes.map((c) => c.key)).toEqual([...options].reverse().map((o) => o.slugCode));
    const times = changes.map((c) => c.updatedAt);
    expect(times).toEqual([...times].sort());
  });

  it('keeps a full pull consistent while records change under it', async () => {
    const first = await getOk(t, '/content/changes?type=options&per=10', contentChangesResponse('options'));
    expect(first.nextCursor).not.toBeNull();
    // a record already read changes during the pull: the pull's mark must stay before that change
    const seen = first.changes[0];
    if (!seen) throw new Error('no option');
    await t.db.execute(sql`update options set updated_at = clock_timestamp() where slug_code = ${seen.key}`);
    let cursor = first.nextCursor;
    let mark = first.highWaterMark;
    while (cursor) {
      const page = await getOk(t, `/content/changes?type=options&per=10&cursor=${cursor}`, contentChangesResponse('options'));
      expect(page.highWaterMark).toBe(first.highWaterMark);
      cursor = page.nextCursor;
      mark = page.highWaterMark;
    }
    const next = await pull('options', mark);
    expect(keysOf(next.changes, false)).toContain(seen.key);
  });

  it('answers only records changed after changed_since, and tombstones for hidden ones', async () => {
    const since = await dbNow();
    const quiet = await pull('options', since);
    expect(quiet.changes).toEqual([]);
    expect(quiet.highWaterMark >= since).toBe(true);

    const { options } = await getOk(t, '/options?per=3&sort=latest', ListOptionsResponse);
    const [edited, unpublished, deleted] = options;
    if (!edited || !unpublished || !deleted) throw new Error('need three options');
    await t.db.execute(sql`update options set name = name || ' (new)', updated_at = clock_timestamp() where slug_code = ${edited.slugCode}`);
    await t.db.execute(sql`update options set published = false, updated_at = clock_timestamp() where slug_code = ${unpublished.slugCode}`);
    await t.db.execute(sql`update options set deleted_at = clock_timestamp(), updated_at = clock_timestamp() where slug_code = ${deleted.slugCode}`);

    const { changes } = await pull('options', since);
    expect(keysOf(changes, false)).toEqual([edited.slugCode]);
    expect(new Set(keysOf(changes, true))).toEqual(new Set([unpublished.slugCode, deleted.slugCode]));
    expect(optionRecord(changes.find((c) => c.key === edited.slugCode)).name).toBe(`${edited.name} (new)`);
    for (const c of changes) expect(c.updatedAt > since).toBe(true);
    for (const c of changes.filter((x) => x.deleted)) expect(c).toEqual({ key: c.key, deleted: true, updatedAt: c.updatedAt });

    // the containers that show these options changed too
    const cols = rowsOf<{ slug: string }>(await t.db.execute(sql`select distinct c.slug from collections c join collection_options x on x.collection_id = c.id
      join options o on o.id = x.option_id where c.deleted_at is null and o.slug_code in (${edited.slugCode}, ${unpublished.slugCode}, ${deleted.slugCode})`));
    const colChanges = await pull('collections', since);
    expect(new Set(keysOf(colChanges.changes, false))).toEqual(new Set(cols.map((c) => c.slug)));
    const suppliers = await pull('suppliers', since);
    const operator = (await getOk(t, `/options/${edited.slugCode}`, OptionDetailSchema)).operator.slug;
    expect(keysOf(suppliers.changes, false)).toContain(operator);
  });

  it('counts a new review as a change of its option', async () => {
    const since = await dbNow();
    const { options } = await getOk(t, '/options?per=1&sort=most_popular', ListOptionsResponse);
    const o = options[0];
    if (!o) throw new Error('no option');
    await t.db.execute(sql`insert into reviews (option_id, author_name, rating, body, created_at, updated_at)
      values (${o.id}, 'Test Traveller', 5, 'Lovely', clock_timestamp(), clock_timestamp())`);
    const { changes } = await pull('options', since);
    expect(keysOf(changes, false)).toEqual([o.slugCode]);
    expect(optionRecord(changes[0]).rating.count).toBe(o.rating.count + 1);
  });

  it('finds, through the rows each table changed, exactly the records whose effective time passed changed_since', async () => {
    const since = await dbNow();
    // One row of each table an experience's (and so an operator's) effective time reads.
    const touch = async (table: string, where: string) =>
      t.db.execute(sql.raw(`update ${table} set updated_at = clock_timestamp() where id = (${where})`));
    await touch('images', 'select image_id from option_images order by option_id desc limit 1');
    await touch('places_of_interest', 'select place_id from option_places order by option_id limit 1');
    await touch('faqs', "select id from faqs where answer <> '' order by id desc limit 1");
    await touch('operators', 'select max(id) from operators');
    await touch('cities', 'select max(id) from cities');
    await touch('tag_evidence', 'select max(id) from tag_evidence');
    await t.db.execute(sql`update reviews set deleted_at = clock_timestamp() where id = (select max(id) from reviews where deleted_at is null)`);
    for (const type of CONTENT_TYPES) {
      // What every record's effective time says, computed for all of them.
      const all = rowsOf<{ key: string }>(await t.db.execute(sql`select e.key from (${effective(type)}) e where e.ts > ${since}::timestamptz`));
      const { changes } = await pull(type, since);
      expect(new Set(changes.map((c) => c.key)), type).toEqual(new Set(all.map((r) => r.key)));
      if (type === 'options' || type === 'suppliers') expect(changes.length, type).toBeGreaterThan(1);
    }
  });

  it('gives a high-water mark that a later pull can start from', async () => {
    const first = await pull('tags');
    expect(Date.parse(first.highWaterMark)).toBeLessThanOrEqual(Date.now() - 59_000);
    const again = await pull('tags', first.highWaterMark);
    expect(again.changes.length).toBeLessThanOrEqual(first.changes.length);
    for (const c of again.changes) expect(c.updatedAt > first.highWaterMark).toBe(true);
    const [tag] = rowsOf<{ kind: string; slug: string }>(await t.db.execute(sql`update tags set name = name || '!', updated_at = clock_timestamp()
      where id = (select min(id) from tags) returning kind, slug`));
    const after = await pull('tags', first.highWaterMark);
    expect(keysOf(after.changes, false)).toContain(`${tag?.kind}/${tag?.slug}`);
  });

  it('refuses a bad type, changed_since, cursor or per with 422', async () => {
    await expect422(t, '/content/changes', 'type');
    await expect422(t, '/content/changes?type=users', 'type');
    await expect422(t, '/content/changes?type=options&changed_since=yesterday', 'changed_since');
    await expect422(t, '/content/changes?type=options&cursor=bm90LWEtY3Vyc29y', 'cursor');
    const full = await getOk(t, '/content/changes?type=options&per=1', contentChangesResponse('options'));
    await expect422(t, `/content/changes?type=options&per=1&changed_since=2000-01-01T00:00:00Z&cursor=${full.nextCursor}`, 'cursor');
    const incr = await getOk(t, '/content/changes?type=options&per=1&changed_since=2000-01-01T00:00:00Z', contentChangesResponse('options'));
    await expect422(t, `/content/changes?type=options&per=1&cursor=${incr.nextCursor}`, 'cursor');
    await expect422(t, '/content/changes?type=options&cursor=%27%3B--', 'cursor');
    await expect422(t, '/content/changes?type=options&per=1000', 'per');
    await expect422(t, '/content/changes?type=options&changed_since=0000-01-01T00:00:00Z', 'changed_since');
    await expect422(t, '/content/changes?type=options&changed_since=2024-02-30T00:00:00Z', 'changed_since');
    const badDay = Buffer.from('t|2024-02-30T00:00:00.000000Z|1').toString('base64url');
    await expect422(t, `/content/changes?type=options&changed_since=2000-01-01T00:00:00Z&cursor=${badDay}`, 'cursor');
    const tooBig = Buffer.from('i|9999999999|2024-02-01T00:00:00.000000Z').toString('base64url');
    await expect422(t, `/content/changes?type=options&cursor=${tooBig}`, 'cursor');
  });

  it('accepts an unencoded +hh:mm offset in changed_since', async () => {
    const answer = await t.get('/api/v1/content/changes?type=tags&per=1&changed_since=2000-01-01T08:00:00+08:00');
    expect(answer.status).toBe(200);
  });
});

describe('changed_since on the lists', () => {
  it('answers changed records, tombstones and a high-water mark', async () => {
    const since = await dbNow();
    const none = await getOk(t, `/countries?changed_since=${since}`, ListCountriesResponse);
    expect(none.countries).toEqual([]);
    expect(none.tombstones).toEqual([]);
    expect(none.highWaterMark).toBeDefined();
    await t.db.execute(sql`update countries set tagline = tagline || '.', updated_at = clock_timestamp() where slug = 'singapore'`);
    const one = await getOk(t, `/countries?changed_since=${since}`, ListCountriesResponse);
    expect(one.countries.map((c) => c.slug)).toEqual(['singapore']);
    expect(one.pagination.totalCount).toBe(1);

    const { options } = await getOk(t, '/options?per=2', ListOptionsResponse);
    const [shown, hidden] = options;
    if (!shown || !hidden) throw new Error('need two options');
    await t.db.execute(sql`update options set updated_at = clock_timestamp() where slug_code = ${shown.slugCode}`);
    await t.db.execute(sql`update options set published = false, updated_at = clock_timestamp() where slug_code = ${hidden.slugCode}`);
    const changed = await getOk(t, `/options?changed_since=${encodeURIComponent(since)}&per=100`, ListOptionsResponse);
    expect(changed.options.map((o) => o.slugCode)).toContain(shown.slugCode);
    expect(changed.options.map((o) => o.slugCode)).not.toContain(hidden.slugCode);
    expect(changed.tombstones?.map((x) => x.key)).toContain(hidden.slugCode);
    const plain = await getOk(t, '/collections?per=1', ListCollectionsResponse);
    expect(plain.tombstones).toBeUndefined();
    expect(plain.highWaterMark).toBeUndefined();
  });

  it('accepts changed_since on every content list', async () => {
    const since = '2000-01-01T00:00:00Z';
    for (const path of ['/countries', '/cities', '/options', '/collections', '/blogs', '/travel_itineraries', '/best_of_lists', '/suppliers', '/tags']) {
      const answer = await t.get(`/api/v1${path}?changed_since=${since}`);
      expect(answer.status, path).toBe(200);
      expect(answer.body['highWaterMark'], path).toEqual(expect.any(String));
      expect(Array.isArray(answer.body['tombstones']), path).toBe(true);
    }
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_ACTIVITIES_LIMIT, SEARCH_COLLECTIONS_LIMIT, SEARCH_PLACES_LIMIT, SearchResponse } from '../../contract/search.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { rowsOf } from './catalogue/effective.ts';
import { getOk } from './catalogue/test-helpers.ts';
import { matchOptionIds } from '../services/search.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const search = (q: string) => getOk(t, `/search?q=${encodeURIComponent(q)}`, SearchResponse);

async function expect400(path: string, message: RegExp) {
  const answer = await t.get(`/api/v1${path}`);
  expect(answer.status, `${path} → ${JSON.stringify(answer.raw)}`).toBe(400);
  const raw = answer.raw as { error?: unknown; fields?: Record<string, string> };
  expect(raw.error).toMatch(message);
  expect(Object.keys(raw.fields ?? {})).toContain('q');
}

describe('GET /search', () => {
  it('answers places first in countriesCities and activities then collections in results', async () => {
    const data = await search('singapore');
    expect(data.countriesCities[0]).toMatchObject({ type: 'Country', slugCode: 'singapore', name: 'Singapore', cityName: null });
    expect(data.countriesCities.some((r) => r.type === 'City' && r.slugCode === 'singapore')).toBe(true);
    expect(data.countriesCities.every((r) => r.type === 'Country' || r.type === 'City')).toBe(true);
    const types = data.results.map((r) => r.type);
    expect(types.length).toBeGreaterThan(0);
    // Activities come before collections.
    expect(types.join(',')).toMatch(/^(Activity,?)*(Collection,?)*$/);
    expect(data.results.some((r) => r.type === 'Collection' && r.slugCode === 'wild-singapore')).toBe(true);
    for (const r of data.results.filter((x) => x.type === 'Activity')) {
      expect(r.cityName).toBeTruthy();
      expect(r.imageUrl).toMatch(/^\/_image\?url=%2Fstorage%2F.+&w=128&f=webp$/);
    }
    expect(data.countriesCities.length).toBeLessThanOrEqual(SEARCH_PLACES_LIMIT);
    expect(data.results.filter((r) => r.type === 'Activity').length).toBeLessThanOrEqual(SEARCH_ACTIVITIES_LIMIT);
    expect(data.results.filter((r) => r.type === 'Collection').length).toBeLessThanOrEqual(SEARCH_COLLECTIONS_LIMIT);
  });

  it('answers snake_case keys on the wire', async () => {
    const answer = await t.get('/api/v1/search?q=bali');
    const raw = answer.raw as Record<string, unknown>;
    expect(Object.keys(raw).sort()).toEqual(['countries_cities', 'results']);
    const first = (raw['results'] as Record<string, unknown>[])[0];
    expect(first && Object.keys(first)).toContain('slug_code');
  });

  it('forgives typos in names', async () => {
    for (const typo of ['singapre', 'Singapur', 'vietnm', 'malasia']) {
      const data = await search(typo);
      expect(data.countriesCities[0]?.type, typo).toBe('Country');
    }
    expect((await search('singapre')).countriesCities[0]?.slugCode).toBe('singapore');
    expect((await search('vietnm')).countriesCities[0]?.slugCode).toBe('vietnam');
    const kayak = await search('kayk');
    expect(kayak.results.some((r) => r.type === 'Activity' && /kayak/i.test(r.name))).toBe(true);
  });

  it('matches a word start for short texts and ignores case and extra spaces', async () => {
    const short = await search('si');
    expect(short.countriesCities.map((r) => r.slugCode)).toContain('singapore');
    const spaced = await search('   SINGAPORE   ');
    expect(spaced.countriesCities[0]?.slugCode).toBe('singapore');
  });

  it('ranks a name that starts with the text above one that merely resembles it', async () => {
    const data = await search('kayak');
    const activities = data.results.filter((r) => r.type === 'Activity');
    expect(activities.length).toBeGreaterThan(0);
    expect(activities[0]?.name.toLowerCase()).toContain('kayak');
  });

  it('matches several words across the name and the city', async () => {
    const [row] = rowsOf<{ id: number; city: string }>(
      await t.db.execute(sql`select o.id, c.name as city from options o join cities c on c.id = o.city_id
        where o.published and o.deleted_at is null and o.name ilike '%kayak%' and o.name not ilike '%' || c.name || '%' order by o.id limit 1`),
    );
    if (!row) throw new Error('no kayak option');
    const { id, city } = row;
    const ids = (await matchOptionIds(t.db, `kayak ${city}`)).map((r) => r.id);
    expect(ids).toContain(id);
  });

  it('leaves out unpublished and deleted options', async () => {
    const [row] = rowsOf<{ id: number; name: string }>(await t.db.execute(sql`select id, name from options where published and deleted_at is null order by id limit 1`));
    if (!row) throw new Error('no option');
    const before = (await matchOptionIds(t.db, row.name)).map((r) => r.id);
    expect(before).toContain(row.id);
    await t.db.execute(sql`update options set published = false where id = ${row.id}`);
    try {
      expect((await matchOptionIds(t.db, row.name)).map((r) => r.id)).not.toContain(row.id);
    } finally {
      await t.db.execute(sql`update options set published = true where id = ${row.id}`);
    }
  });

  it("answers 'Oops'-worthy empty lists for a text that matches nothing", async () => {
    const data = await search('zzqxjw');
    expect(data).toEqual({ results: [], countriesCities: [] });
  });

  it('treats LIKE wildcards as plain text', async () => {
    const data = await search('%');
    expect(data).toEqual({ results: [], countriesCities: [] });
    const under = await search('__');
    expect(under).toEqual({ results: [], countriesCities: [] });
  });

  it('refuses a missing, empty, too long or control-character text with a clear 400', async () => {
    await expect400('/search', /search/i);
    await expect400('/search?q=', /Please enter something to search for/);
    await expect400('/search?q=%20%20%20', /Please enter something to search for/);
    await expect400(`/search?q=${'a'.repeat(101)}`, /at most 100 characters/);
    await expect400('/search?q=bali%00', /control characters/);
    const ok = await t.get(`/api/v1/search?q=${'a'.repeat(100)}`);
    expect(ok.status).toBe(200);
  });

  it('can find the nearest option names by walking the trigram index', async () => {
    // The demo catalogue is small enough for a sort; the benchmark's 20,000 options walk the index.
    await t.db.execute(sql`set enable_seqscan = off`);
    try {
      const plan = rowsOf<Record<string, string>>(await t.db.execute(sql`explain select id from options order by name <->> 'kayk' limit 60`));
      expect(plan.map((r) => Object.values(r)[0]).join('\n')).toMatch(/Index Scan using options_name_trgm_idx/);
    } finally {
      await t.db.execute(sql`set enable_seqscan = on`);
    }
  });

  it('has trigram indexes for name filters', async () => {
    await t.db.execute(sql`set enable_seqscan = off`);
    try {
      const plan = rowsOf<Record<string, string>>(await t.db.execute(sql`explain select id from options where name ilike '%kayak%' or 'kayak' <% name`));
      expect(plan.map((r) => Object.values(r)[0]).join('\n')).toMatch(/options_name_trgm_idx/);
    } finally {
      await t.db.execute(sql`set enable_seqscan = on`);
    }
  });
});

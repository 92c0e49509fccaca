// The answer cache (ADR 0042): catalogue reads are kept, validated with ETags, compressed, and
// never stale after a write — whoever writes (an API call, a direct statement, a booking).
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AvailableDatesResponse, DetailedTimeslotsResponse } from '../contract/booking.ts';
import { SearchResponse as SearchSuggestions } from '../contract/search.ts';
import { AnswerCache, answerKey, GROUPS, makeAnswer, notModified } from './answer-cache.ts';
import type { ChangeFeed } from './change-feed.ts';
import { availabilityRules, countries, options } from './db/schema.ts';
import { Agent } from './testing/agent.ts';
import { bookAs, instantSgd, type OptionPick } from './testing/booking.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';

let t: TestApp;
let walk: OptionPick;

beforeAll(async () => {
  t = await createTestApp();
  walk = await instantSgd(t.db);
});
afterAll(() => t.close());

const raw = (path: string, headers: Record<string, string> = {}) =>
  t.app.request(path, { headers: { authorization: `Bearer ${t.config.publicApiKey}`, 'x-forwarded-for': '203.0.113.9', ...headers } });

describe('a catalogue read', () => {
  it('is computed once, then served from memory with a strong ETag, a CDN-friendly Cache-Control and 304s', async () => {
    const before = t.answers.stats.misses;
    const first = await raw('/api/v1/countries?per=50');
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    // Browsers revalidate every time (a reload shows closed seats at once); CDNs may keep it briefly.
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate, s-maxage=30');
    expect(first.headers.get('cdn-cache-control')).toBe('max-age=30, stale-while-revalidate=60');
    const hits = t.answers.stats.hits;
    const second = await raw('/api/v1/countries?per=50');
    expect(await second.text()).toBe(await first.text());
    expect(t.answers.stats.hits).toBe(hits + 1);
    expect(t.answers.stats.misses).toBe(before + 1);
    // The same query in another order is the same answer.
    await raw('/api/v1/countries?per=50&page=1');
    expect((await raw('/api/v1/countries?page=1&per=50')).headers.get('etag')).toBe((await raw('/api/v1/countries?per=50&page=1')).headers.get('etag'));
    const again = await raw('/api/v1/countries?per=50', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
  });

  it('goes out in brotli or gzip above 1 KB, each encoding with its own validator', async () => {
    const plain = await raw('/api/v1/initial_data');
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(1024);
    const br = await raw('/api/v1/initial_data', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe(`Accept-Encoding, ${t.config.geoCountryHeader}`);
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(text);
    expect(br.headers.get('etag')).toBe(plain.headers.get('etag')!.replace(/"$/, '-br"'));
    const gz = await raw('/api/v1/initial_data', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(text);
    expect((await raw('/api/v1/initial_data', { 'accept-encoding': 'br', 'if-none-match': br.headers.get('etag')! })).status).toBe(304);
  });

  it('keeps the plain answer when two listed paths match one address (/blogs/:slug and /blogs/filter_items)', async () => {
    const br = await raw('/api/v1/blogs/filter_items', { 'accept-encoding': 'br' });
    expect(br.status).toBe(200);
    const plain = await raw('/api/v1/blogs/filter_items');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const text = await plain.text();
    expect(JSON.parse(text)).toHaveProperty('categories');
    const again = await raw('/api/v1/blogs/filter_items', { 'accept-encoding': 'br' });
    expect(again.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await again.arrayBuffer())).toString()).toBe(text);
  });

  it('varies initial data on the visitor’s country header, and keeps an answer per country', async () => {
    const sg = await (await raw('/api/v1/initial_data', { [t.config.geoCountryHeader]: 'SG' })).json();
    const jp = await (await raw('/api/v1/initial_data', { [t.config.geoCountryHeader]: 'jp' })).json();
    const jp2 = await (await raw('/api/v1/initial_data', { [t.config.geoCountryHeader]: 'JP' })).json();
    expect(jp2).toEqual(jp);
    expect(JSON.stringify(sg)).not.toBe(JSON.stringify(jp));
  });

  it('is never kept when it is an error, and personal answers stay no-store', async () => {
    const missing = await raw('/api/v1/countries/no-such-country');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
    expect(missing.headers.get('etag')).toBeNull();
    const cart = await raw('/api/v1/cart');
    expect(cart.headers.get('cache-control')).toBe('no-store');
  });
});

describe('after a write, no kept answer is stale', () => {
  it('a renamed experience is found by its new name in search suggestions at once', async () => {
    const [o] = await t.db.select({ id: options.id, name: options.name }).from(options).where(eq(options.id, walk.id));
    const before = SearchSuggestions.parse((await t.get(`/api/v1/search?q=${encodeURIComponent('Quetzalcoatl')}`)).body);
    expect(JSON.stringify(before)).not.toContain('Quetzalcoatl');
    await t.db.update(options).set({ name: `${o!.name} Quetzalcoatl` }).where(eq(options.id, walk.id));
    const after = SearchSuggestions.parse((await t.get(`/api/v1/search?q=${encodeURIComponent('Quetzalcoatl')}`)).body);
    expect(JSON.stringify(after)).toContain('Quetzalcoatl');
    await t.db.update(options).set({ name: o!.name }).where(eq(options.id, walk.id));
  });

  it('seats left follow a booking made through the API and a capacity change made in the database', async () => {
    const traveller = new Agent(t, '198.51.100.61');
    await traveller.login('traveller@verdant.test');
    const booked = await bookAs(t, traveller, walk, { guests: 2 });
    const slotsOf = async () => DetailedTimeslotsResponse.parse((await t.get(`/api/v1/detailed-timeslots?option_id=${walk.slugCode}&date=${booked.date}`)).body).timeslots;
    const seen = (await slotsOf()).find((s) => s.id.endsWith(booked.slotKey))!;
    const kept = await slotsOf();
    expect(kept).toEqual(await slotsOf());
    // A second booking of the same departure: the kept answer is dropped with the seats taken.
    await bookAs(t, traveller, walk, { guests: 1, at: { date: booked.date, timeslotId: booked.timeslotId } });
    const afterBooking = (await slotsOf()).find((s) => s.id.endsWith(booked.slotKey))!;
    expect(afterBooking.unitsLeft).toBe(seen.unitsLeft - 1);
    // The operator's capacity, written by a statement outside the API.
    await t.db.execute(sql`update availability_slots set capacity = capacity + 5 where option_id = ${walk.id} and date = ${booked.date}`);
    expect((await slotsOf()).find((s) => s.id.endsWith(booked.slotKey))!.unitsLeft).toBe(afterBooking.unitsLeft + 5);
    const dates = AvailableDatesResponse.parse((await t.get(`/api/v1/available-dates?option_id=${walk.slugCode}&from=${booked.date}&to=${booked.date}`)).body);
    expect(dates.dates[0]!.unitsLeft).toBeGreaterThan(0);
  });

  it('a closed month in the operator’s rules removes its dates from the kept answer', async () => {
    const path = `/api/v1/available-dates?option_id=${walk.slugCode}`;
    const before = AvailableDatesResponse.parse((await t.get(path)).body);
    const month = Number(before.dates[0]!.date.slice(5, 7));
    const [rule] = await t.db.select().from(availabilityRules).where(eq(availabilityRules.optionId, walk.id));
    await t.db.update(availabilityRules).set({ closedMonths: [...new Set([...rule!.closedMonths, month])] }).where(eq(availabilityRules.optionId, walk.id));
    const after = AvailableDatesResponse.parse((await t.get(path)).body);
    expect(after.dates.some((d) => Number(d.date.slice(5, 7)) === month)).toBe(false);
    await t.db.update(availabilityRules).set({ closedMonths: rule!.closedMonths }).where(eq(availabilityRules.optionId, walk.id));
  });

  it('a rolled-back write drops nothing, a committed one drops only the groups reading its table', async () => {
    await raw('/api/v1/countries');
    await raw('/api/v1/available-dates?option_id=' + walk.slugCode);
    const kept = t.answers.size().answers;
    await t.db
      .transaction(async (tx) => {
        await tx.update(countries).set({ name: sql`${countries.name}` });
        throw new Error('roll back');
      })
      .catch(() => {});
    await t.get('/healthz');
    expect(t.answers.size().answers).toBe(kept);
    const dropped = t.answers.stats.dropped;
    await t.db.execute(sql`update availability_slots set capacity = capacity where false`);
    await t.get('/healthz');
    // Only availability answers went: the countries list is still kept.
    const hits = t.answers.stats.hits;
    await raw('/api/v1/countries');
    expect(t.answers.stats.hits).toBe(hits + 1);
    expect(t.answers.stats.dropped).toBeGreaterThan(dropped);
  });
});

describe('a traveller’s own reads (GET /me, /cart, /trips)', () => {
  it('are kept per user: a second read is served from memory, and never to anyone else', async () => {
    const tess = new Agent(t, '198.51.100.71');
    const ezra = new Agent(t, '198.51.100.72');
    await tess.login('traveller@verdant.test');
    await ezra.login('explorer@verdant.test');
    const first = await tess.get('/api/v1/me');
    expect(first.status).toBe(200);
    const hits = t.answers.stats.hits;
    const again = await tess.get('/api/v1/me');
    expect(t.answers.stats.hits).toBe(hits + 1);
    expect(again.body).toEqual(first.body);
    expect(again.res.headers.get('cache-control')).toBe('private, no-store');
    expect(again.res.headers.get('cdn-cache-control')).toBeNull();
    expect(again.res.headers.get('vary')).toContain('Cookie');
    const other = await ezra.get('/api/v1/me');
    expect(other.body['email']).toBe('explorer@verdant.test');
    expect((await tess.get('/api/v1/me')).body['email']).toBe('traveller@verdant.test');
    // A guest is refused, whatever is kept.
    expect((await t.get('/api/v1/me')).status).toBe(401);
    expect((await t.get('/api/v1/trips')).status).toBe(401);
  });

  it('follow the traveller’s own writes and anyone else’s: a renamed profile, a new trip, an operator’s change', async () => {
    const tess = new Agent(t, '198.51.100.73');
    await tess.login('traveller@verdant.test');
    await tess.get('/api/v1/me');
    await tess.get('/api/v1/me');
    const renamed = await tess.patch('/api/v1/me', { name: 'Tess Kept' });
    expect(renamed.status).toBe(200);
    expect((await tess.get('/api/v1/me')).body['name']).toBe('Tess Kept');
    const tripsOf = async () => ((await tess.get('/api/v1/trips')).body['trips'] as { id: string; meetingPoint: unknown }[]);
    const before = await tripsOf();
    expect(await tripsOf()).toEqual(before);
    await bookAs(t, tess, walk, { guests: 1 });
    const after = await tripsOf();
    expect(after.length).toBe(before.length + 1);
    // Written outside the API (another process, a job, psql): the kept trips are dropped.
    const [o] = await t.db.select({ name: options.name }).from(options).where(eq(options.id, walk.id));
    await t.db.update(options).set({ name: `${o!.name} (renamed)` }).where(eq(options.id, walk.id));
    expect(JSON.stringify(await tripsOf())).toContain(`${o!.name} (renamed)`);
    await t.db.update(options).set({ name: o!.name }).where(eq(options.id, walk.id));
    await tess.patch('/api/v1/me', { name: 'Tess Traveller' });
  });
});

describe('kept sessions (the session middleware)', () => {
  it('a session deleted or a user removed outside the API is never served from memory', async () => {
    const ezra = new Agent(t, '198.51.100.74');
    await ezra.login('explorer@verdant.test');
    expect((await ezra.get('/api/v1/me')).status).toBe(200);
    expect((await ezra.get('/api/v1/cart?view=with_order_item')).status).not.toBe(401);
    // Another process logs this session out (a "log out everywhere", an admin, psql).
    await t.db.execute(sql`delete from sessions where user_id = (select id from users where email = 'explorer@verdant.test')`);
    expect((await ezra.get('/api/v1/me')).status).toBe(401);
    await ezra.login('explorer@verdant.test');
    expect((await ezra.get('/api/v1/me')).status).toBe(200);
    await t.db.execute(sql`update users set discarded_at = now() where email = 'explorer@verdant.test'`);
    expect((await ezra.get('/api/v1/me')).status).toBe(401);
    await t.db.execute(sql`update users set discarded_at = null where email = 'explorer@verdant.test'`);
  });
});

describe('the personal middleware (cachedAnswers with GROUPS.personal)', () => {
  it('hears what another process committed before serving a kept answer', async () => {
    const { Hono } = await import('hono');
    const { cachedAnswers } = await import('./cached-answers.ts');
    const fns = new Set<(x: string) => void>();
    // Another process committed a change to `carts`: this process hears of it at its next round trip.
    let pending: string | undefined;
    let syncs = 0;
    const f: ChangeFeed = {
      live: true,
      subscribe: (fn) => (fns.add(fn), () => void fns.delete(fn)),
      sync: async () => {
        syncs += 1;
        await new Promise((r) => setTimeout(r, 5));
        if (pending) fns.forEach((fn) => fn(pending!));
        pending = undefined;
      },
      close: async () => {},
    };
    const cache = new AnswerCache(f);
    let version = 1;
    const app = new Hono<{ Variables: { answers: AnswerCache; user: { id: string } | null } }>();
    app.use('*', async (c, next) => {
      c.set('answers', cache);
      c.set('user', { id: c.req.header('x-user') ?? 'a' });
      await next();
    });
    app.use('/cart', cachedAnswers(GROUPS.personal) as never);
    app.get('/cart', (c) => c.json({ user: c.get('user')?.id, version }));
    const read = async (user = 'a') => (await (await app.request('/cart', { headers: { 'x-user': user } })).json()) as { user: string; version: number };
    expect(await read()).toEqual({ user: 'a', version: 1 });
    expect(await read()).toEqual({ user: 'a', version: 1 });
    expect(await read('b')).toEqual({ user: 'b', version: 1 });
    version = 2;
    pending = 'carts';
    // Kept, but the round trip first brings the other process's change: computed again.
    expect(await read()).toEqual({ user: 'a', version: 2 });
    expect(syncs).toBeGreaterThan(0);
  });
});

describe('AnswerCache', () => {
  const feed = (): ChangeFeed & { fire: (table: string) => void; live: boolean } => {
    const fns = new Set<(x: string) => void>();
    return {
      live: true,
      subscribe: (fn) => (fns.add(fn), () => void fns.delete(fn)),
      sync: async () => {},
      close: async () => {},
      fire: (table) => fns.forEach((fn) => fn(table)),
    };
  };
  const body = (s: string) => Buffer.from(JSON.stringify({ s }));

  it('computes concurrent misses of one key once', async () => {
    const c = new AnswerCache(feed());
    let runs = 0;
    const compute = async () => {
      runs += 1;
      await new Promise((r) => setTimeout(r, 20));
      return makeAnswer(GROUPS.catalogue, body('x'), 'application/json', undefined, Date.now());
    };
    const key = answerKey('/api/v1/countries', undefined);
    const first = c.fill(GROUPS.catalogue, key, compute);
    const waiting = c.pending(GROUPS.catalogue, key);
    expect(waiting).toBeDefined();
    expect((await first)?.etag).toBe((await waiting)?.etag);
    expect(runs).toBe(1);
    expect(c.get(GROUPS.catalogue, key)).toBeDefined();
  });

  it('does not keep an answer whose tables changed while it was computed, nor serve while the feed is down', async () => {
    const f = feed();
    const c = new AnswerCache(f);
    const key = '/api/v1/tags';
    await c.fill(GROUPS.catalogue, key, async () => {
      f.fire('tags');
      return makeAnswer(GROUPS.catalogue, body('old'), 'application/json', undefined, Date.now());
    });
    expect(c.get(GROUPS.catalogue, key)).toBeUndefined();
    await c.fill(GROUPS.catalogue, key, async () => makeAnswer(GROUPS.catalogue, body('new'), 'application/json', undefined, Date.now()));
    expect(c.get(GROUPS.catalogue, key)).toBeDefined();
    f.live = false;
    expect(c.get(GROUPS.catalogue, key)).toBeUndefined();
    expect(c.lookup(key)).toBeUndefined();
    f.live = true;
    f.fire('*');
    expect(c.get(GROUPS.catalogue, key)).toBeUndefined();
  });

  it('forgets answers past their lifetime and stays within its memory budget', async () => {
    let now = 1_000;
    const c = new AnswerCache(feed(), { maxBytes: 64 * 1024, now: () => now });
    await c.fill(GROUPS.timed, '/a', async () => makeAnswer(GROUPS.timed, body('a'), 'application/json', undefined, now));
    now += GROUPS.timed.ttlMs;
    expect(c.get(GROUPS.timed, '/a')).toBeUndefined();
    for (let i = 0; i < 200; i++) {
      await c.fill(GROUPS.catalogue, `/k${i}`, async () => makeAnswer(GROUPS.catalogue, Buffer.from(JSON.stringify({ i, pad: 'x'.repeat(600) })), 'application/json', undefined, now));
    }
    expect(c.size().bytes).toBeLessThanOrEqual(64 * 1024);
    expect(c.get(GROUPS.catalogue, '/k199')).toBeDefined();
    expect(c.get(GROUPS.catalogue, '/k0')).toBeUndefined();
  });

  it('matches If-None-Match on any encoding, weak or strong, and *', () => {
    const a = makeAnswer(GROUPS.catalogue, Buffer.from('x'.repeat(2000)), 'application/json', undefined, 0);
    const base = a.etag.slice(1, -1);
    for (const v of [a.etag, `W/${a.etag}`, `"${base}-br"`, `"other", "${base}-gz"`, '*']) expect(notModified(v, a)).toBe(true);
    expect(notModified('"other"', a)).toBe(false);
    expect(notModified(undefined, a)).toBe(false);
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { options, optionViews } from '../db/schema.ts';
import { Agent } from '../testing/agent.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { rowsOf } from './catalogue/effective.ts';
import { viewVisitor } from './tracking.ts';

let t: TestApp;
let ipSeq = 0;
const nextIp = () => `198.18.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => t.close());

/** A fresh published option for each test, so counts never depend on another test. */
async function freshOption(): Promise<{ id: number; slugCode: string }> {
  const [row] = rowsOf<{ id: number; slug_code: string }>(
    await t.db.execute(sql`select id, slug_code from options where published and deleted_at is null
      and id not in (select option_id from option_views) order by id limit 1`),
  );
  if (!row) throw new Error('no option left without views');
  return { id: row.id, slugCode: row.slug_code };
}
const viewsOf = async (id: number) => (await t.db.select({ n: options.viewsCount }).from(options).where(eq(options.id, id)))[0]?.n;
const view = (slugCode: string, opts: { ip: string; ua?: string; cookie?: string }) =>
  t.post('/api/v1/view-count', { slug_code: slugCode }, { ip: opts.ip, headers: { 'user-agent': opts.ua ?? 'Mozilla/5.0 test', ...(opts.cookie ? { cookie: opts.cookie } : {}) } });

describe('POST /view-count', () => {
  it('counts a visitor once a day: a reload does not count again', async () => {
    const o = await freshOption();
    const before = await viewsOf(o.id);
    const ip = nextIp();
    const first = await view(o.slugCode, { ip });
    expect(first.status).toBe(200);
    expect(first.raw).toEqual({ counted: true, views_count: before! + 1 });
    const again = await view(o.slugCode, { ip });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ counted: false, viewsCount: before! + 1 });
    expect(await viewsOf(o.id)).toBe(before! + 1);
  });

  it('counts other visitors: another address or another browser', async () => {
    const o = await freshOption();
    const before = (await viewsOf(o.id))!;
    const ip = nextIp();
    await view(o.slugCode, { ip });
    await view(o.slugCode, { ip, ua: 'Another browser/1.0' });
    await view(o.slugCode, { ip: nextIp() });
    expect(await viewsOf(o.id)).toBe(before + 3);
  });

  it('counts a signed-in traveller once, whatever address they come from', async () => {
    const o = await freshOption();
    const before = (await viewsOf(o.id))!;
    const a = new Agent(t, nextIp());
    await a.login('traveller@verdant.test');
    expect((await a.post('/api/v1/view-count', { slug_code: o.slugCode })).body['counted']).toBe(true);
    const elsewhere = new Agent(t, nextIp());
    for (const [k, v] of a.cookies) elsewhere.cookies.set(k, v);
    expect((await elsewhere.post('/api/v1/view-count', { slug_code: o.slugCode })).body['counted']).toBe(false);
    expect(await viewsOf(o.id)).toBe(before + 1);
  });

  it('stores no address: marks hold a daily keyed hash only', async () => {
    const o = await freshOption();
    const ip = nextIp();
    await view(o.slugCode, { ip });
    const marks = await t.db.select().from(optionViews).where(eq(optionViews.optionId, o.id));
    expect(marks).toHaveLength(1);
    expect(marks[0]!.visitor).toMatch(/^g:[A-Za-z0-9_-]{32}$/);
    expect(marks[0]!.visitor).not.toContain(ip);
    const today = new Date().toISOString().slice(0, 10);
    expect(marks[0]!.day).toBe(today);
    // Tomorrow the same guest is someone else: nothing links the two days.
    const base = { secret: 's', userId: null, ip, userAgent: 'ua' };
    expect(viewVisitor({ ...base, day: '2026-11-23' })).not.toBe(viewVisitor({ ...base, day: '2026-11-24' }));
    expect(viewVisitor({ ...base, day: '2026-11-23', userId: 'abc' })).toBe('u:abc');
  });

  it('answers 422 for a missing or blank slug code and 404 for an unknown or unpublished experience', async () => {
    const ip = nextIp();
    expect((await t.post('/api/v1/view-count', {}, { ip })).status).toBe(422);
    expect((await t.post('/api/v1/view-count', { slug_code: '   ' }, { ip })).status).toBe(422);
    const unknown = await t.post('/api/v1/view-count', { slug_code: 'no-such-experience' }, { ip });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Option not found');
    const o = await freshOption();
    await t.db.update(options).set({ published: false }).where(eq(options.id, o.id));
    try {
      expect((await view(o.slugCode, { ip })).status).toBe(404);
      expect(await t.db.select().from(optionViews).where(and(eq(optionViews.optionId, o.id)))).toHaveLength(0);
    } finally {
      await t.db.update(options).set({ published: true }).where(eq(options.id, o.id));
    }
  });

  it('needs the storefront key', async () => {
    const o = await freshOption();
    const r = await t.call('POST', '/api/v1/view-count', { body: { slug_code: o.slugCode }, auth: false, ip: nextIp() });
    expect(r.status).toBe(401);
  });
});

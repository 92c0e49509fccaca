import { createHash } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PoolImage, THEMES, type TimeOfDay } from '../../images/pool.ts';
import { type Database, openDatabase } from '../client.ts';
import { buildCatalogue } from './catalogue.ts';
import { CURRENCIES } from './money.ts';
import { RESERVED_SLUGS } from './tags.ts';
import { DEV_PASSWORD } from './users.ts';
import { CATALOGUE_TABLES, isEmpty, resetCatalogue, type SeedSummary, seedCatalogue } from './seed.ts';

/** Stand-in for the rendered pool: the same shape, no files. */
function fakePool(perTheme = 16): PoolImage[] {
  const times: TimeOfDay[] = ['dawn', 'day', 'golden', 'dusk', 'night'];
  return THEMES.flatMap((theme) =>
    Array.from({ length: perTheme }, (_, i) => ({
      key: `pool/${theme}-${String(i + 1).padStart(3, '0')}.jpg`,
      theme,
      timeOfDay: times[i % times.length] ?? 'day',
      name: `${theme} ${i + 1}`,
      width: 1600,
      height: 1067,
      contentType: 'image/jpeg' as const,
    })),
  );
}

type Row = Record<string, unknown>;
async function query(database: Database, text: string): Promise<Row[]> {
  const res = (await database.db.execute(sql.raw(text))) as unknown as { rows: Row[] };
  return res.rows;
}

/** A hash of every catalogue table's content, ignoring wall-clock timestamps. */
async function contentHash(database: Database): Promise<string> {
  const h = createHash('sha256');
  for (const table of [...CATALOGUE_TABLES].sort()) {
    const rows = await query(database, `SELECT * FROM "${table}" ORDER BY 1, 2`);
    for (const r of rows) {
      delete r.created_at;
      delete r.updated_at;
      h.update(`${table}:${JSON.stringify(r)}\n`);
    }
  }
  const users = await query(database, 'SELECT id, email, name, is_admin FROM users ORDER BY id');
  h.update(JSON.stringify(users));
  return h.digest('hex');
}

async function fresh(): Promise<Database> {
  const database = await openDatabase({ dataDir: '', memory: true });
  await database.migrate();
  return database;
}

describe('demo catalogue seed', () => {
  let a: Database;
  let summary: SeedSummary;
  let seedMs = 0;

  beforeAll(async () => {
    a = await fresh();
    expect(await isEmpty(a.db)).toBe(true);
    const t = performance.now();
    summary = await seedCatalogue(a.db, { storageDir: '/nonexistent', pool: fakePool() });
    seedMs = performance.now() - t;
  }, 180_000);

  afterAll(async () => {
    await a?.close();
  });

  it('reports counts per table and marks the database non-empty', async () => {
    expect(await isEmpty(a.db)).toBe(false);
    expect(summary.images).toBe(224);
    expect(summary.countries).toBeGreaterThanOrEqual(11);
    expect(summary.options).toBe(320);
    const [{ n } = { n: 0 }] = (await query(a, 'SELECT count(*)::int AS n FROM options')) as { n: number }[];
    expect(n).toBe(320);
    expect(seedMs).toBeLessThan(60_000);
  });

  it('lists Singapore first and every country has cities, places and operators', async () => {
    const countries = await query(a, 'SELECT id, slug, currency_code FROM countries ORDER BY id');
    expect(countries[0]?.slug).toBe('singapore');
    const counts = await query(a, `SELECT c.slug, count(DISTINCT ci.id)::int AS cities, count(DISTINCT p.id)::int AS places, count(DISTINCT o.id)::int AS operators
      FROM countries c JOIN cities ci ON ci.country_id = c.id LEFT JOIN places_of_interest p ON p.city_id = ci.id LEFT JOIN operators o ON o.city_id = ci.id GROUP BY c.slug`);
    expect(counts.length).toBe(countries.length);
    for (const c of counts) {
      expect(c.cities).toBeGreaterThanOrEqual(1);
      expect(c.places).toBeGreaterThanOrEqual(3);
      expect(c.operators).toBeGreaterThanOrEqual(1);
    }
    const ops = await query(a, `SELECT count(*)::int AS n FROM operators o JOIN cities ci ON ci.id = o.city_id JOIN countries c ON c.id = ci.country_id WHERE o.currency_code <> c.currency_code`);
    expect(ops[0]?.n).toBe(0);
  });

  it('covers every kind, price unit, cancel type and booking rule', async () => {
    const pairs = (await query(a, 'SELECT DISTINCT kind || \'|\' || price_unit AS k FROM options')).map((r) => r.k);
    for (const k of ['short_adventure|per_person', 'short_adventure|per_group', 'flexible_adventure|per_person', 'flexible_adventure|per_group', 'adventure|per_person', 'adventure|per_group', 'stay|per_room']) {
      expect(pairs).toContain(k);
    }
    expect(pairs.filter((k) => String(k).endsWith('per_room'))).toEqual(['stay|per_room']);
    const cancel = (await query(a, 'SELECT DISTINCT kind || \'|\' || cancel_type AS k FROM options')).map((r) => r.k);
    for (const kind of ['stay', 'short_adventure', 'flexible_adventure', 'adventure']) {
      for (const c of ['all_sales_final', 'strict', 'standard', 'moderate']) expect(cancel).toContain(`${kind}|${c}`);
    }
    const [f] = await query(a, `SELECT
      count(*) FILTER (WHERE group_price_type = 'price_per_group_with_additional_pax_addon')::int AS addon,
      count(*) FILTER (WHERE group_price_type = 'price_per_group_with_min_pax')::int AS minpax,
      count(*) FILTER (WHERE reschedule_type = 'no_reschedule_cancel')::int AS noresched,
      count(*) FILTER (WHERE book_type = 'request_to_book')::int AS rtb,
      count(*) FILTER (WHERE use_child_prices)::int AS child,
      count(*) FILTER (WHERE has_local_price)::int AS local,
      count(*) FILTER (WHERE yacht_trip)::int AS yacht,
      count(*) FILTER (WHERE trip_type = 'private')::int AS private,
      count(*) FILTER (WHERE NOT published)::int AS unpublished,
      count(*) FILTER (WHERE min_qty_for_price > 1)::int AS minqty,
      count(*) FILTER (WHERE jsonb_array_length(transport_items) > 0 AND (transport_items->0->>'price')::int > 0)::int AS paidpickup,
      count(DISTINCT difficulty)::int AS difficulties
      FROM options`);
    expect(f).toBeDefined();
    for (const k of ['addon', 'minpax', 'noresched', 'rtb', 'child', 'local', 'yacht', 'private', 'unpublished', 'minqty', 'paidpickup']) {
      expect(f?.[k], k).toBeGreaterThan(0);
    }
    expect(f?.difficulties).toBe(3);
    // Plausible shapes: stays in nights with rooms; short adventures under a day; adventures multi-day.
    const [bad] = await query(a, `SELECT
      count(*) FILTER (WHERE kind = 'stay' AND (duration_nights IS NULL OR NOT EXISTS (SELECT 1 FROM option_rooms r WHERE r.option_id = options.id)))::int AS stays,
      count(*) FILTER (WHERE kind = 'short_adventure' AND (duration_minutes IS NULL OR duration_minutes >= 1440))::int AS shorts,
      count(*) FILTER (WHERE kind = 'adventure' AND (duration_days IS NULL OR duration_days < 2))::int AS adventures,
      count(*) FILTER (WHERE price_unit = 'per_person' AND adult_price IS NULL)::int AS pp,
      count(*) FILTER (WHERE price_unit = 'per_group' AND (group_price IS NULL OR group_included_pax IS NULL))::int AS pg
      FROM options`);
    expect(bad).toEqual({ stays: 0, shorts: 0, adventures: 0, pp: 0, pg: 0 });
    const rooms = (await query(a, 'SELECT DISTINCT room_type || \'|\' || privacy AS k FROM option_rooms')).map((r) => String(r.k).split('|')[0]);
    for (const t of ['double', 'single', 'twin', 'triple', 'family', 'studio', 'suite', 'dorm_bed', 'dorm']) expect(rooms).toContain(t);
    const times = await query(a, `SELECT DISTINCT jsonb_array_elements_text(start_times) AS t FROM options`);
    for (const r of times) expect(String(r.t)).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
  });

  it('gives every option 3–6 images, an activity type and copy', async () => {
    const [r] = await query(a, `SELECT min(n)::int AS lo, max(n)::int AS hi FROM (SELECT count(*) AS n FROM option_images GROUP BY option_id) x`);
    expect(r?.lo).toBeGreaterThanOrEqual(3);
    expect(r?.hi).toBeLessThanOrEqual(6);
    const [missing] = await query(a, `SELECT count(*)::int AS n FROM options WHERE activity_type_id IS NULL OR summary = '' OR description = '' OR jsonb_array_length(highlights) < 4
      OR NOT EXISTS (SELECT 1 FROM option_images i WHERE i.option_id = options.id) OR NOT EXISTS (SELECT 1 FROM faqs f WHERE f.option_id = options.id)`);
    expect(missing?.n).toBe(0);
    const slugs = (await query(a, 'SELECT slug_code FROM options')).map((x) => String(x.slug_code));
    for (const s of slugs) expect(s).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*-[a-z0-9]{4}$/);
  });

  it('has reviews, including a few waiting for a rating, and about 100 site reviews', async () => {
    const [r] = await query(a, `SELECT count(*)::int AS n, count(*) FILTER (WHERE rating IS NULL)::int AS pending,
      count(*) FILTER (WHERE rating >= 4)::int AS good, count(*) FILTER (WHERE rating = 3)::int AS three,
      max(travelled_on)::text AS latest, min(travelled_on)::text AS earliest FROM reviews`);
    expect(r?.pending).toBeGreaterThan(0);
    expect(Number(r?.good) / Number(r?.n)).toBeGreaterThan(0.8);
    expect(r?.three).toBeGreaterThan(0);
    expect(String(r?.latest) < '2026-11-01').toBe(true);
    expect(String(r?.earliest) >= '2024-10-01').toBe(true);
    const [perOption] = await query(a, 'SELECT max(n)::int AS hi FROM (SELECT count(*) AS n FROM reviews GROUP BY option_id) x');
    expect(perOption?.hi).toBeLessThanOrEqual(25);
    const [site] = await query(a, 'SELECT count(*)::int AS n FROM site_reviews');
    expect(site?.n).toBe(100);
  });

  it('has curation: collections with categories and tips, itineraries, best-of lists', async () => {
    const [c] = await query(a, `SELECT count(*)::int AS n, count(*) FILTER (WHERE is_gift)::int AS gifts, count(*) FILTER (WHERE featured)::int AS featured,
      count(*) FILTER (WHERE city_id IS NOT NULL)::int AS city, count(*) FILTER (WHERE country_id IS NOT NULL)::int AS country FROM collections`);
    expect(c?.n).toBeGreaterThanOrEqual(20);
    for (const k of ['gifts', 'featured', 'city', 'country']) expect(c?.[k], k).toBeGreaterThan(0);
    const tips = await query(a, 'SELECT collection_id, count(*)::int AS n FROM collection_tips GROUP BY collection_id');
    expect(tips.length).toBe(c?.n);
    for (const t of tips) expect(Number(t.n)).toBeGreaterThanOrEqual(3);
    const [emptyCats] = await query(a, 'SELECT count(*)::int AS n FROM collections c WHERE NOT EXISTS (SELECT 1 FROM collection_categories k WHERE k.collection_id = c.id)');
    expect(emptyCats?.n).toBe(0);
    const its = await query(a, 'SELECT days FROM itineraries');
    expect(its.length).toBeGreaterThanOrEqual(10);
    for (const it of its) expect((it.days as unknown[]).length).toBeGreaterThanOrEqual(2);
    const lists = await query(a, 'SELECT list_id, count(*)::int AS n FROM best_of_list_items GROUP BY list_id');
    expect(lists.length).toBeGreaterThanOrEqual(10);
    for (const l of lists) expect(Number(l.n)).toBeGreaterThanOrEqual(5);
  });

  it('has a magazine of 60+ articles across all six kinds', async () => {
    const blogs = await query(a, 'SELECT slug, kind, video_id, verdict, body, category_id FROM blogs');
    expect(blogs.length).toBeGreaterThanOrEqual(60);
    expect(new Set(blogs.map((b) => b.kind))).toEqual(new Set(['quick_read', 'complete_guide', 'itinerary', 'list', 'tried_and_tested', 'video']));
    expect(new Set(blogs.map((b) => b.category_id)).size).toBe(6);
    for (const b of blogs) {
      if (b.kind === 'video') expect(String(b.video_id)).toMatch(/^[A-Za-z0-9_-]{11}$/);
      else expect(b.video_id).toBeNull();
      if (b.kind === 'tried_and_tested') expect(String(b.verdict ?? '').length).toBeGreaterThan(10);
      if (b.kind === 'itinerary') expect((b.body as { type: string }[]).some((x) => x.type === 'day')).toBe(true);
      if (b.kind === 'list') expect((b.body as { type: string }[]).some((x) => x.type === 'item')).toBe(true);
    }
    // One distinctive word lives in exactly one article and nowhere else in the catalogue.
    const glow = blogs.filter((b) => JSON.stringify(b.body).toLowerCase().includes('bioluminescence'));
    expect(glow.map((b) => b.slug)).toEqual(['where-the-water-glows']);
    const [elsewhere] = await query(a, `SELECT count(*)::int AS n FROM options WHERE (name || summary || description || highlights::text) ILIKE '%bioluminescence%'`);
    expect(elsewhere?.n).toBe(0);
    const [tagged] = await query(a, `SELECT count(DISTINCT b.id)::int AS n FROM blogs b JOIN blog_tags bt ON bt.blog_id = b.id JOIN tags t ON t.id = bt.tag_id WHERE t.kind = 'blog'`);
    expect(tagged?.n).toBe(blogs.length);
    const [related] = await query(a, 'SELECT count(DISTINCT blog_id)::int AS n FROM blog_options');
    expect(Number(related?.n)).toBeGreaterThan(50);
    // Every section has enough stories for a page; last edits are the articles' own, not the seed's.
    for (const s of await query(a, 'SELECT category_id, count(*)::int AS n FROM blogs GROUP BY category_id')) expect(Number(s.n)).toBeGreaterThanOrEqual(3);
    const edits = await query(a, `SELECT count(*) FILTER (WHERE updated_at < published_at)::int AS before, count(*) FILTER (WHERE updated_at > published_at)::int AS revised,
      count(*) FILTER (WHERE updated_at > now() - interval '1 day')::int AS today FROM blogs`);
    expect(edits[0]).toMatchObject({ before: 0, today: 0 });
    expect(Number(edits[0]?.revised)).toBeGreaterThan(5);
  });

  it('has every currency with rates from SGD, promotions and settings', async () => {
    const cur = await query(a, 'SELECT code, exponent, common_gift_amounts, checkout_supported FROM currencies');
    expect(cur.map((c) => c.code).sort()).toEqual(['AUD', 'CAD', 'CHF', 'CNY', 'EUR', 'GBP', 'IDR', 'INR', 'JPY', 'LKR', 'MYR', 'NPR', 'NZD', 'SGD', 'THB', 'TWD', 'USD', 'VND']);
    for (const c of cur) {
      expect(c.exponent).toBe(c.code === 'VND' || c.code === 'JPY' ? 0 : 2);
      expect((c.common_gift_amounts as number[]).length).toBe(4);
      expect(c.checkout_supported).toBe(true);
    }
    expect(cur.find((c) => c.code === 'MYR')?.common_gift_amounts).toEqual([200, 400, 800, 1000]);
    const rates = await query(a, 'SELECT from_currency, to_currency, rate::float AS rate FROM exchange_rates');
    expect(rates.length).toBe(CURRENCIES.length);
    for (const r of rates) {
      expect(r.from_currency).toBe('SGD');
      expect(Number(r.rate)).toBeGreaterThan(0);
    }
    expect(rates.find((r) => r.to_currency === 'SGD')?.rate).toBe(1);
    const promos = await query(a, 'SELECT code, is_public, discount_type, min_spend, ends_at FROM promotion_codes');
    expect(promos.length).toBeGreaterThanOrEqual(6);
    expect(new Set(promos.map((p) => p.discount_type))).toEqual(new Set(['percent', 'fixed']));
    expect(promos.some((p) => p.is_public === false)).toBe(true);
    expect(promos.some((p) => Number(p.min_spend) > 0)).toBe(true);
    expect(promos.some((p) => p.ends_at !== null && new Date(String(p.ends_at)) < new Date('2026-11-01'))).toBe(true);
    const settings = Object.fromEntries((await query(a, 'SELECT key, value FROM settings')).map((r) => [r.key, r.value]));
    expect(settings.showBestOfListNav).toBe(true);
    expect(settings.affiliateCappedAmount).toMatchObject({ currency: 'SGD' });
    const navs = settings.giftGuideNavs as { blogId: number; title: string }[];
    expect(navs.length).toBeGreaterThan(0);
    const blogIds = new Set((await query(a, 'SELECT id FROM blogs')).map((b) => b.id));
    for (const n of navs) expect(blogIds.has(n.blogId)).toBe(true);
  });

  it('seeds a corporate event with its code and the hand-written experiences it pays for', async () => {
    const events = await query(a, `SELECT id, company_name, option_ids, start_date, end_date, email_domain FROM corporate_events`);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ id: 'harbourline-team-day-2027', company_name: 'Harbourline Logistics', email_domain: null });
    const ids = events[0]!.option_ids as number[];
    const named = await query(a, `SELECT name FROM options WHERE id IN (${ids.join(',')}) AND published ORDER BY id`);
    expect(named.map((o) => o.name)).toContain('MacRitchie TreeTop Walk & Rainforest Trail');
    expect(named).toHaveLength(4);
    const codes = await query(a, `SELECT code, max_uses, max_guests FROM corporate_codes WHERE event_id = 'harbourline-team-day-2027'`);
    expect(codes).toEqual([{ code: 'HARBOURLINE-2027', max_uses: 150, max_guests: 1 }]);
  });

  it('creates users of every role with the development password', async () => {
    const users = await query(a, 'SELECT id, email, is_admin, password_hash FROM users ORDER BY email');
    const byEmail = new Map(users.map((u) => [u.email, u]));
    for (const e of ['traveller@verdant.test', 'admin@verdant.test', 'partner@verdant.test', 'ambassador@verdant.test', 'ambassador.applied@verdant.test', 'ambassador.rejected@verdant.test']) {
      expect(byEmail.has(e), e).toBe(true);
    }
    for (const u of users) expect(String(u.id)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(byEmail.get('admin@verdant.test')?.is_admin).toBe(true);
    expect(await verify(String(byEmail.get('traveller@verdant.test')?.password_hash), DEV_PASSWORD)).toBe(true);
    const partners = await query(a, `SELECT u.email FROM partner_memberships m JOIN users u ON u.id = m.user_id`);
    expect(partners.map((p) => p.email)).toEqual(['partner@verdant.test']);
    const amb = await query(a, `SELECT u.email, p.status FROM ambassador_profiles p JOIN users u ON u.id = p.user_id ORDER BY u.email`);
    expect(amb.map((x) => `${x.email}:${x.status}`)).toEqual([
      'ambassador.applied@verdant.test:applied',
      'ambassador.rejected@verdant.test:rejected',
      'ambassador@verdant.test:approved',
    ]);
  });

  it('gives the demo traveller trips in every state the trips pages show', async () => {
    const rows = await query(
      a,
      `SELECT i.status, i.is_gift, i.units_held, o.number, p.status AS payment, r.rating IS NULL AND r.id IS NOT NULL AS awaiting_review
         FROM order_items i JOIN orders o ON o.id = i.order_id JOIN users u ON u.id = o.user_id
         JOIN checkout_payments p ON p.order_id = o.id LEFT JOIN reviews r ON r.order_item_id = i.id
        WHERE u.email = 'traveller@verdant.test' ORDER BY o.number`,
    );
    expect(rows.map((r) => `${r.status}${r.is_gift ? ':gift' : ''}:${r.payment}${r.awaiting_review ? ':review' : ''}`).sort()).toEqual(
      ['cancelled:refunded', 'completed:captured:review', 'completed:captured:review', 'confirmed:captured', 'confirmed:gift:captured', 'processing:captured'].sort(),
    );
    // Every seeded card payment has its test-gateway row, so cancelling refunds through the gateway.
    const [orphans] = await query(a, `SELECT count(*)::int AS n FROM checkout_payments p LEFT JOIN test_gateway_payments g ON g.id = p.provider_ref WHERE g.id IS NULL`);
    expect(orphans?.n).toBe(0);
  });

  it('keeps slugs clear of reserved words and unique across tags and collections', async () => {
    const tagSlugs = (await query(a, 'SELECT slug FROM tags')).map((r) => String(r.slug));
    const collectionSlugs = (await query(a, 'SELECT slug FROM collections')).map((r) => String(r.slug));
    const all = [
      ...tagSlugs, ...collectionSlugs,
      ...(await query(a, 'SELECT slug FROM countries UNION ALL SELECT slug FROM cities UNION ALL SELECT slug FROM blogs UNION ALL SELECT slug FROM blog_categories UNION ALL SELECT slug FROM collection_categories UNION ALL SELECT slug FROM operators')).map((r) => String(r.slug)),
    ];
    for (const r of RESERVED_SLUGS) expect(all).not.toContain(r);
    expect(tagSlugs.filter((t) => collectionSlugs.includes(t))).toEqual([]);
    const sus = (await query(a, `SELECT slug FROM tags WHERE kind = 'sustainability' ORDER BY position`)).map((r) => r.slug);
    expect(sus).toEqual(['wildlife_safe', 'litter_free_leave_no_trace', 'low_carbon', 'refuse_plastics', 'community_based', 'women_owned']);
    // Sequences continue after the seeded ids.
    await a.db.execute(sql`INSERT INTO site_reviews (author_name, rating, body) VALUES ('Test', 5, 'x')`);
    await a.db.execute(sql`DELETE FROM site_reviews WHERE author_name = 'Test'`);
  });

  it('is deterministic: a second seed gives the same content', async () => {
    const b = await fresh();
    try {
      await seedCatalogue(b.db, { storageDir: '/nonexistent', pool: fakePool() });
      expect(await contentHash(b)).toBe(await contentHash(a));
      await resetCatalogue(b.db);
      expect(await isEmpty(b.db)).toBe(true);
      // After a reset the seed runs again on the same database (users are kept and reused).
      await seedCatalogue(b.db, { storageDir: '/nonexistent', pool: fakePool() });
      expect(await contentHash(b)).toBe(await contentHash(a));
    } finally {
      await b.close();
    }
  }, 180_000);

  it('builds larger catalogues in memory, with the first options unchanged', () => {
    const small = buildCatalogue(fakePool(), 320);
    const big = buildCatalogue(fakePool(), 2000);
    expect(big.options.length).toBe(2000);
    expect(big.options.slice(0, 320).map((o) => o.slugCode)).toEqual(small.options.map((o) => o.slugCode));
    expect(new Set(big.options.map((o) => o.slugCode)).size).toBe(2000);
  });
});

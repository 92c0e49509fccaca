// The answer cache (ADR 0042): catalogue reads computed once, served from memory until the data
// they were built from changes.
//
// - An answer that depends only on published data (no user, no cookie) is kept as bytes with
//   its brotli and gzip forms and a strong ETag, under a key of its path, its sorted query and
//   the request headers it varies on.
// - Each answer belongs to a group naming the tables it reads. The change feed
//   (change-feed.ts) says which table a committed statement wrote; every group reading it is
//   dropped at once, in every process. A group also has a lifetime, for what time alone changes
//   (a promotion that ends, a departure past its cut-off).
// - Misses of one key are computed once (the others wait for it), and an answer computed while
//   its group was dropped is served but not kept.
// - While the feed is down nothing is served from memory or kept.
//
// main.ts serves hits before the router (fast-path.ts); `cachedAnswers` (cached-answers.ts) is
// the same cache inside the Hono app (tests call app.request(), and a key's first request goes there).
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { ChangeFeed } from './change-feed.ts';

/** Tables of published content: what a catalogue answer is built from. */
export const CATALOGUE_TABLES = [
  'images', 'countries', 'cities', 'places_of_interest', 'operators', 'tags', 'options', 'option_images',
  'option_tags', 'option_places', 'option_locations', 'option_rooms', 'collections', 'collection_categories',
  'collection_tips', 'collection_options', 'itineraries', 'best_of_lists', 'best_of_list_items', 'blog_categories',
  'blogs', 'blog_tags', 'blog_options', 'reviews', 'site_reviews', 'faqs', 'currencies', 'exchange_rates',
  'promotion_codes', 'settings', 'slug_redirects', 'tag_evidence',
] as const;

/** Seats, departures and bookings: what availability and prices for a date also read. */
export const AVAILABILITY_TABLES = ['availability_rules', 'availability_slots', 'option_seasons', 'orders', 'order_items'] as const;

/**
 * What a traveller's own answers read beyond the catalogue and availability (GET /me, /cart,
 * /trips): accounts, bags, payments, refunds, changes, shares, credits, gifts. Migration 0030 puts
 * the change trigger on them; `UNWATCHED_TABLES` names every table that has none, and why.
 */
export const PERSONAL_TABLES = [
  'users', 'user_security', 'user_identities', 'partner_memberships', 'ambassador_profiles', 'credit_accounts', 'credit_entries',
  'gift_codes', 'gifts', 'referrals', 'bucket_lists', 'bucket_list_options', 'carts', 'order_item_customers', 'checkout_payments',
  'payment_customers', 'payment_cards', 'promotion_code_redemptions', 'waitlists', 'order_refunds', 'order_extra_payments',
  'order_item_change_requests', 'trip_shares', 'trip_share_members', 'itinerary_shares', 'corporate_events', 'corporate_codes',
  'corporate_redemptions', 'affiliate_links', 'affiliate_attributions', 'affiliate_commissions', 'ambassador_bank_accounts',
  'ambassador_payouts', 'operator_payouts', 'listing_changes', 'supplier_invitations',
] as const;

/**
 * Tables no cached answer reads, so they carry no change trigger (their writes are frequent or
 * private to one flow): the test in db/triggers.test.ts fails on a table in neither list.
 */
export const UNWATCHED_TABLES: Record<string, string> = {
  otp_codes: 'log-in codes', password_tokens: 'reset links', idempotency_keys: 'one per paying request',
  outbox: 'messages sent', option_views: 'a row per page view', affiliate_clicks: 'a row per click',
  cookie_consent_counts: 'counters', conversion_events: 'a row per tracked event', publish_runs: 'the publish pipeline',
  content_drafts: 'editors\' drafts (the live rows change at publish)', content_revisions: 'history',
  test_gateway_payments: 'the test gateway\'s own side', test_gateway_payment_methods: 'the test gateway\'s own side',
  test_gateway_refunds: 'the test gateway\'s own side', contact_messages: 'write-only', corporate_inquiries: 'write-only',
  newsletter_subscriptions: 'write-only', problem_reports: 'read by admins only', chat_conversations: 'read live, never cached',
  chat_messages: 'read live, never cached', chat_message_files: 'read live, never cached',
  trip_notice_settings: 'read live by /me/trip_notices and the notice job', trip_notices: 'the notice job\'s own record',
};

/** What a kept session is read from (the session middleware, ADR 0042 §7). */
export const SESSION_TABLES: readonly string[] = ['sessions', 'users'];

/** A group's `tables` entry meaning: dropped when any watched table changes. */
export const ANY_TABLE = '*any';

export type CacheGroup = {
  name: string;
  tables: readonly string[];
  /** How long an answer may be kept at most (what time alone changes). */
  ttlMs: number;
  /** Cache-Control of the answers: browsers revalidate every time (ETag, 304); shared caches keep them `s-maxage`. */
  cacheControl: string;
  /** CDN-Cache-Control (RFC 9213): what a CDN that reads it may do, serving stale while it revalidates. */
  cdnCacheControl?: string;
  /**
   * One user's answers (keyed by user): never for a shared cache, and a hit first waits for the
   * change feed's round trip, so a write committed by any process before the request is seen.
   */
  personal?: true;
};

export const GROUPS = {
  // Never stale-while-revalidate in Cache-Control: browsers honour it too, and a traveller who
  // reloads must see the seats an operator just closed.
  catalogue: { name: 'catalogue', tables: CATALOGUE_TABLES, ttlMs: 60_000, cacheControl: 'public, max-age=0, must-revalidate, s-maxage=30', cdnCacheControl: 'max-age=30, stale-while-revalidate=60' },
  /** Answers that filter on the clock (a promotion's start and end). */
  timed: { name: 'timed', tables: CATALOGUE_TABLES, ttlMs: 10_000, cacheControl: 'public, max-age=0, must-revalidate, s-maxage=5', cdnCacheControl: 'max-age=5, stale-while-revalidate=10' },
  availability: {
    name: 'availability',
    tables: [...CATALOGUE_TABLES, ...AVAILABILITY_TABLES],
    ttlMs: 10_000,
    cacheControl: 'public, max-age=0, must-revalidate, s-maxage=5',
    cdnCacheControl: 'max-age=5, stale-while-revalidate=10',
  },
  /**
   * A signed-in traveller's own reads (me, bag, trips): dropped on any watched change (they read
   * most of the schema) and kept 10 s at most (a hold that lapses, a cancellation deadline).
   */
  personal: { name: 'personal', tables: [ANY_TABLE], ttlMs: 10_000, cacheControl: 'private, no-store', personal: true },
} satisfies Record<string, CacheGroup>;

/** JSON answers smaller than this go out as they are (compression would not pay). */
export const COMPRESS_MIN_BYTES = 1024;

export type CachedAnswer = {
  group: CacheGroup;
  status: 200;
  contentType: string;
  /** The strong validator of the identity bytes; the encoded forms carry it with -br / -gz. */
  etag: string;
  identity: Buffer;
  br: Buffer | undefined;
  gzip: Buffer | undefined;
  vary: string;
  expiresAt: number;
  bytes: number;
};

export type Encoding = 'br' | 'gzip' | 'identity';

/** The best encoding the request accepts of those the answer has. */
export function pickEncoding(acceptEncoding: string | undefined, a: Pick<CachedAnswer, 'br' | 'gzip'>): Encoding {
  if (!acceptEncoding) return 'identity';
  if (a.br && /\bbr\b/.test(acceptEncoding)) return 'br';
  if (a.gzip && /\bgzip\b/.test(acceptEncoding)) return 'gzip';
  return 'identity';
}

export function etagFor(a: CachedAnswer, encoding: Encoding): string {
  return encoding === 'identity' ? a.etag : `${a.etag.slice(0, -1)}-${encoding === 'br' ? 'br' : 'gz'}"`;
}

/** True when If-None-Match names this answer (any of its encodings, weak or strong, or *). */
export function notModified(ifNoneMatch: string | undefined, a: CachedAnswer): boolean {
  if (!ifNoneMatch) return false;
  const base = a.etag.slice(1, -1);
  for (const raw of ifNoneMatch.split(',')) {
    const tag = raw.trim().replace(/^W\//, '');
    if (tag === '*' || tag === `"${base}"` || tag === `"${base}-br"` || tag === `"${base}-gz"`) return true;
  }
  return false;
}

/** The headers of one answer in one encoding (per-request headers are added by the caller). */
export function answerHeaders(a: CachedAnswer, encoding: Encoding): [string, string][] {
  const h: [string, string][] = [
    ['Content-Type', a.contentType],
    ['Cache-Control', a.group.cacheControl],
    ['ETag', etagFor(a, encoding)],
    ['Vary', a.vary],
  ];
  if (a.group.cdnCacheControl) h.push(['CDN-Cache-Control', a.group.cdnCacheControl]);
  if (encoding !== 'identity') h.push(['Content-Encoding', encoding]);
  return h;
}

/** The headers of a 304 for this answer: its validators and caching, no body's type or encoding. */
export function notModifiedHeaders(a: CachedAnswer, encoding: Encoding): [string, string][] {
  return answerHeaders(a, encoding).filter(([k]) => k !== 'Content-Type' && k !== 'Content-Encoding');
}

export function bodyFor(a: CachedAnswer, encoding: Encoding): Buffer {
  return encoding === 'br' ? a.br! : encoding === 'gzip' ? a.gzip! : a.identity;
}

/** Builds the kept form of a 200 JSON answer: ETag and, above 1 KB, brotli and gzip. */
export function makeAnswer(group: CacheGroup, identity: Buffer, contentType: string, varyOn: string | undefined, now: number): CachedAnswer {
  const big = identity.length >= COMPRESS_MIN_BYTES;
  const br = big
    ? brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } })
    : undefined;
  const gzip = big ? gzipSync(identity, { level: 6 }) : undefined;
  const etag = `"${createHash('sha1').update(identity).digest('base64url').slice(0, 22)}"`;
  return {
    group,
    status: 200,
    contentType,
    etag,
    identity,
    br,
    gzip,
    vary: varyOn ? `Accept-Encoding, ${varyOn}` : 'Accept-Encoding',
    expiresAt: now + group.ttlMs,
    bytes: identity.length + (br?.length ?? 0) + (gzip?.length ?? 0) + 200,
  };
}

/** A varying header's value as it enters a key (country codes: case does not matter). */
export const varyValue = (v: string | undefined): string => (v ?? '').trim().toUpperCase();

/** The cache key of a request: path, the query with its pairs sorted, and the varying header. */
export function answerKey(pathAndQuery: string, varyValue: string | undefined): string {
  const q = pathAndQuery.indexOf('?');
  let key = q < 0 ? pathAndQuery : pathAndQuery.slice(0, q);
  if (q >= 0 && q < pathAndQuery.length - 1) {
    const pairs = pathAndQuery.slice(q + 1).split('&').filter(Boolean).sort();
    if (pairs.length) key += `?${pairs.join('&')}`;
  }
  return varyValue ? `${key}\u0000${varyValue}` : key;
}

/** The key of a user's personal answer (never a path, so `lookup` of a request line cannot find it). */
export const personalKey = (userId: string, pathAndQuery: string): string => `\u0002${userId}\u0002${answerKey(pathAndQuery, undefined)}`;

export type AnswerCacheOptions = { maxBytes?: number; now?: () => number };

export class AnswerCache {
  private readonly groups = new Map<string, { gen: number; entries: Map<string, CachedAnswer> }>();
  private readonly byTable = new Map<string, Set<string>>();
  private readonly inflight = new Map<string, Promise<CachedAnswer | null>>();
  private bytes = 0;
  private readonly maxBytes: number;
  readonly now: () => number;
  readonly stats = { hits: 0, misses: 0, dropped: 0 };
  private readonly unsubscribe: () => void;
  private readonly feed: ChangeFeed;

  constructor(feed: ChangeFeed, opts: AnswerCacheOptions = {}) {
    this.feed = feed;
    this.maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
    this.now = opts.now ?? Date.now;
    for (const g of Object.values(GROUPS)) this.register(g);
    this.unsubscribe = feed.subscribe((table) => this.changed(table));
  }

  private register(g: CacheGroup) {
    if (this.groups.has(g.name)) return;
    this.groups.set(g.name, { gen: 0, entries: new Map() });
    for (const t of g.tables) {
      let set = this.byTable.get(t);
      if (!set) this.byTable.set(t, (set = new Set()));
      set.add(g.name);
    }
  }

  /** True while answers may be served and kept. */
  get live(): boolean {
    return this.feed.live;
  }

  /** The change feed told us `table` changed ('*': anything may have). */
  changed(table: string) {
    if (table === '*' || SESSION_TABLES.includes(table)) {
      this.sessionGen += 1;
      this.sessions.clear();
    }
    // A session's hourly extension changes no one's answers.
    const any = table === 'sessions' ? [] : (this.byTable.get(ANY_TABLE) ?? []);
    const names = table === '*' ? [...this.groups.keys()] : [...(this.byTable.get(table) ?? []), ...any];
    for (const name of names) {
      const g = this.groups.get(name)!;
      g.gen += 1;
      for (const a of g.entries.values()) this.bytes -= a.bytes;
      this.stats.dropped += g.entries.size;
      g.entries.clear();
    }
  }

  /**
   * Sessions read by the session middleware, by id (the cookie's hash), dropped whenever
   * `sessions` or `users` changes (a log-out, a new payment token, a renamed or removed user).
   * Values are the middleware's; the cache only keeps and drops them.
   */
  private readonly sessions = new Map<string, unknown>();
  private sessionGen = 0;

  keptSession<T>(id: string): T | undefined {
    return this.feed.live ? (this.sessions.get(id) as T | undefined) : undefined;
  }

  /** Reads the session with `load` and keeps what it returns unless a change came meanwhile. */
  async loadSession<T>(id: string, load: () => Promise<T | null>, keep: (v: T) => boolean): Promise<T | null> {
    const gen = this.sessionGen;
    const v = await load();
    if (v !== null && keep(v) && this.feed.live && gen === this.sessionGen) {
      if (this.sessions.size >= 100_000) this.sessions.clear();
      this.sessions.set(id, v);
    }
    return v;
  }

  /** The kept answer of `key` (`count`: a hit served, not a look before hearing the feed). */
  get(group: CacheGroup, key: string, count = true): CachedAnswer | undefined {
    if (!this.feed.live) return undefined;
    const entries = this.groups.get(group.name)?.entries;
    const a = entries?.get(key);
    if (!a) return undefined;
    if (a.expiresAt <= this.now()) {
      entries!.delete(key);
      this.bytes -= a.bytes;
      return undefined;
    }
    if (count) this.stats.hits += 1;
    return a;
  }

  /** Paths whose answers vary on a request header, and its name (the fast path builds keys). */
  readonly varyByPath = new Map<string, string>();

  /** Paths a personal answer was kept for (the fast path looks only there for a signed-in user's). */
  readonly personalPaths = new Set<string>();

  /** The kept answer of `key` in whichever group holds it (the fast path: no routing). */
  lookup(key: string): CachedAnswer | undefined {
    if (!this.feed.live) return undefined;
    for (const g of this.groups.values()) {
      const a = g.entries.get(key);
      if (a) return this.get(a.group, key);
    }
    return undefined;
  }

  /**
   * Resolves once every transaction committed before the call has been heard (one shared round
   * trip on the feed's connection): a personal hit may then be served, as no other process can
   * have written what its user just changed without this process knowing.
   */
  heard(): Promise<void> {
    return this.feed.sync();
  }

  /** The answer being computed for `key` by another request, if any. */
  pending(group: CacheGroup, key: string): Promise<CachedAnswer | null> | undefined {
    return this.inflight.get(`${group.name}\u0001${key}`);
  }

  /**
   * Computes the answer of `key` once: `compute` runs the route and returns the answer to keep
   * (or null when it is not to be kept: an error, a personal answer). Concurrent callers share it.
   */
  async fill(group: CacheGroup, key: string, compute: () => Promise<CachedAnswer | null>): Promise<CachedAnswer | null> {
    this.register(group);
    const g = this.groups.get(group.name)!;
    const gen = g.gen;
    const id = `${group.name}\u0001${key}`;
    this.stats.misses += 1;
    const p = compute().then(
      (a) => {
        if (a && this.feed.live && g.gen === gen) this.keep(g.entries, key, a);
        return a;
      },
      (err: unknown) => {
        throw err;
      },
    );
    this.inflight.set(id, p);
    try {
      return await p;
    } finally {
      this.inflight.delete(id);
    }
  }

  private keep(entries: Map<string, CachedAnswer>, key: string, a: CachedAnswer) {
    if (a.bytes > this.maxBytes / 8) return;
    const old = entries.get(key);
    if (old) {
      entries.delete(key);
      this.bytes -= old.bytes;
    }
    entries.set(key, a);
    this.bytes += a.bytes;
    // Over budget: the oldest answers of the fullest group go first.
    while (this.bytes > this.maxBytes) {
      let fullest: Map<string, CachedAnswer> | undefined;
      for (const x of this.groups.values()) if (!fullest || x.entries.size > fullest.size) fullest = x.entries;
      const first = fullest?.entries().next().value;
      if (!first) break;
      fullest!.delete(first[0]);
      this.bytes -= first[1].bytes;
    }
  }

  /** Answers kept and bytes used (tests, the bench). */
  size(): { answers: number; bytes: number } {
    let answers = 0;
    for (const g of this.groups.values()) answers += g.entries.size;
    return { answers, bytes: this.bytes };
  }

  close() {
    this.unsubscribe();
  }
}

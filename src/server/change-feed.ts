// The change feed (ADR 0042): which tables changed, as the database tells every process.
//
// Migration 0026 puts a statement-level trigger on each table the cached answers read; it sends
// NOTIFY verdant_changes '<table>' at commit. Each API process listens on one connection of its
// own (PostgreSQL) or on the embedded instance (PGlite) and tells its subscribers, which drop what
// they built from that table. Writes by any process, script, job or psql session count alike, and
// a rolled-back transaction notifies nobody.
//
// While the listening connection is down, `live` is false (callers must not trust their caches)
// and the subscribers hear '*' (everything may have changed) when it drops and again once it is
// back.
import pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from './db/client.ts';

export const CHANGE_CHANNEL = 'verdant_changes';

/** '*' when every table may have changed (the feed was down). */
export type ChangedTable = string;

export interface ChangeFeed {
  /** True while notifications arrive: a cache may serve what it holds. */
  readonly live: boolean;
  subscribe(fn: (table: ChangedTable) => void): () => void;
  /**
   * Resolves once every notification of a transaction this process has committed has been
   * delivered (a round trip on the listening connection). The answer cache calls it after a
   * write request, so the same process never serves an answer older than its own write.
   */
  sync(): Promise<void>;
  close(): Promise<void>;
}

abstract class Subscribers {
  private readonly fns = new Set<(table: ChangedTable) => void>();
  subscribe(fn: (table: ChangedTable) => void) {
    this.fns.add(fn);
    return () => void this.fns.delete(fn);
  }
  protected emit(table: ChangedTable) {
    for (const fn of this.fns) fn(table);
  }
}

class PgliteFeed extends Subscribers implements ChangeFeed {
  live = false;
  private unlisten: (() => Promise<void>) | undefined;
  private readonly client: Extract<Database['driver'], { kind: 'pglite' }>['client'];
  constructor(client: Extract<Database['driver'], { kind: 'pglite' }>['client']) {
    super();
    this.client = client;
  }
  async start() {
    // PGlite is one connection in this process: a notification is handled while the committing
    // query's answer is read, before that query resolves.
    this.unlisten = await this.client.listen(CHANGE_CHANNEL, (table) => this.emit(table));
    this.live = true;
  }
  async sync() {}
  async close() {
    this.live = false;
    await this.unlisten?.().catch(() => {});
  }
}

class PostgresFeed extends Subscribers implements ChangeFeed {
  live = false;
  private client: pg.Client | undefined;
  private closed = false;
  private retryMs = 250;
  private retry: NodeJS.Timeout | undefined;
  private readonly url: string;
  private readonly log: Logger;
  constructor(url: string, log: Logger) {
    super();
    this.url = url;
    this.log = log;
  }

  async start() {
    await this.connect();
  }

  private async connect() {
    const client = new pg.Client({ connectionString: this.url, application_name: 'verdant-change-feed' });
    client.on('notification', (n) => {
      if (n.channel === CHANGE_CHANNEL && n.payload) this.emit(n.payload);
    });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (err) {
      this.lost(client, err);
      return;
    }
    this.client = client;
    this.live = true;
    this.retryMs = 250;
    // Whatever changed while nobody listened.
    this.emit('*');
  }

  private lost(client: pg.Client, err: unknown) {
    if (this.closed || (this.client !== client && this.client !== undefined)) return;
    if (this.live) this.log.error({ err }, 'change feed: the listening connection was lost; cached answers are bypassed until it is back');
    this.live = false;
    this.client = undefined;
    this.emit('*');
    client.removeAllListeners('end');
    void client.end().catch(() => {});
    if (this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.connect();
    }, this.retryMs).unref();
    this.retryMs = Math.min(this.retryMs * 2, 10_000);
  }

  /** The round trip in flight, and the one queued behind it (callers that came after it started). */
  private syncing: Promise<void> | undefined;
  private queued: Promise<void> | undefined;

  sync(): Promise<void> {
    // Concurrent callers share round trips: one that started after a caller arrived serves it,
    // so at most one runs and one waits, however many requests ask.
    if (!this.syncing) {
      this.syncing = this.roundTrip().finally(() => (this.syncing = undefined));
      return this.syncing;
    }
    this.queued ??= this.syncing.then(() => {
      this.queued = undefined;
      return this.sync();
    });
    return this.queued;
  }

  private async roundTrip() {
    const client = this.client;
    if (!client || !this.live) return;
    // The backend sends what it was notified of before it answers the next query: every
    // transaction committed before this query was sent has been heard when it resolves.
    await client.query('select 1').catch((err: unknown) => this.lost(client, err));
  }

  async close() {
    this.closed = true;
    this.live = false;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
    }
  }
}

/** Starts listening on `database` (the connection string of a PostgreSQL pool is reused). */
export async function startChangeFeed(database: Pick<Database, 'driver'>, log: Logger): Promise<ChangeFeed> {
  if (database.driver.kind === 'pglite') {
    const feed = new PgliteFeed(database.driver.client);
    await feed.start();
    return feed;
  }
  const options = database.driver.pool.options as pg.PoolConfig;
  const url = options.connectionString;
  if (!url) throw new Error('change feed: the PostgreSQL pool has no connection string');
  const feed = new PostgresFeed(url, log);
  await feed.start();
  return feed;
}

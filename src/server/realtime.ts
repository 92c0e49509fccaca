// The realtime connection (spec §4: opened once a user id exists; chat uses it). One websocket
// per tab at /api/v1/realtime, authenticated by the session cookie and an Origin check (browsers
// cannot send the bearer header on a websocket). The hub fans events out to the sockets of a user.
//
// With several API processes (REDIS_URL set), a user's sockets may be held by any of them:
// `publish` delivers to the sockets of this process at once and publishes the event on one Redis
// pub/sub channel; every other process delivers it to the sockets it holds (each skips what it
// sent itself). Redis pub/sub is fire-and-forget: an event published while a process is cut off
// is lost for its sockets, which is why chat stores every message before it is sent out and a
// client that reconnects fetches what it missed (ADR 0037). Without REDIS_URL, in process only.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';

export type RealtimeEvent = { type: string } & Record<string, unknown>;
export type RealtimeSocket = { send(data: string): void; close(code?: number, reason?: string): void };

type Entry = { socket: RealtimeSocket; sessionId: string };

/** What travels on the Redis channel: an event for a user's sockets, or a log-out. */
type Envelope = { origin: string } & ({ kind: 'event'; userId: string; event: RealtimeEvent } | { kind: 'end-session'; userId: string; sessionId: string });

export const REALTIME_CHANNEL = 'verdant:realtime';

export type RealtimeHubOptions = {
  /** Fan events out to every API process through Redis pub/sub. */
  redisUrl?: string | undefined;
  /** The channel (tests give each hub group its own). */
  channel?: string;
  log?: Logger;
};

export class RealtimeHub {
  private readonly byUser = new Map<string, Set<Entry>>();
  private readonly origin = randomBytes(9).toString('base64url');
  private readonly channel: string;
  private readonly log: Logger | undefined;
  private readonly pub: Redis | undefined;
  private readonly sub: Redis | undefined;
  /** Resolves once this process listens on the channel (or at once without Redis). */
  readonly ready: Promise<void>;

  constructor(opts: RealtimeHubOptions = {}) {
    this.channel = opts.channel ?? REALTIME_CHANNEL;
    this.log = opts.log;
    if (!opts.redisUrl) {
      this.ready = Promise.resolve();
      return;
    }
    // A subscribed connection cannot publish: one of each. Both reconnect by themselves; a
    // publish while Redis is away is queued briefly (offline queue), then fails and is logged.
    this.pub = new Redis(opts.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
    this.sub = new Redis(opts.redisUrl, { maxRetriesPerRequest: null });
    for (const [name, conn] of [['publish', this.pub], ['subscribe', this.sub]] as const) {
      conn.on('error', (err) => this.log?.error({ err, connection: name }, 'realtime: Redis connection error'));
    }
    this.sub.on('message', (_channel: string, raw: string) => this.receive(raw));
    this.ready = this.sub.subscribe(this.channel).then(() => undefined);
    // ioredis subscribes again by itself after a reconnect.
    this.ready.catch((err: unknown) => this.log?.error({ err }, 'realtime: could not subscribe to Redis'));
  }

  /** Whether events cross processes (Redis) or stay in this one. */
  get shared(): boolean {
    return Boolean(this.pub);
  }

  add(userId: string, sessionId: string, socket: RealtimeSocket): () => void {
    const entry = { socket, sessionId };
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(entry);
    return () => {
      set.delete(entry);
      if (set.size === 0 && this.byUser.get(userId) === set) this.byUser.delete(userId);
    };
  }

  /**
   * Sends an event to every socket of the user, in this process at once and (with Redis) in every
   * other process; answers how many sockets of this process it reached.
   */
  publish(userId: string, event: RealtimeEvent): number {
    const reached = this.deliver(userId, event);
    this.broadcast({ origin: this.origin, kind: 'event', userId, event });
    return reached;
  }

  /** Log-out: the sockets opened with that session, in any process, are told and closed. */
  endSession(userId: string, sessionId: string): void {
    this.closeSession(userId, sessionId);
    this.broadcast({ origin: this.origin, kind: 'end-session', userId, sessionId });
  }

  connections(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /** Quits Redis; a connection that cannot answer (Redis down since start) is dropped after 2 s. */
  async close(): Promise<void> {
    const quit = (r: typeof this.pub) =>
      r ? Promise.race([r.quit().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 2000).unref())]).then(() => r.disconnect()) : undefined;
    await Promise.all([quit(this.pub), quit(this.sub)]);
  }

  private deliver(userId: string, event: RealtimeEvent): number {
    const set = this.byUser.get(userId);
    if (!set) return 0;
    const data = JSON.stringify(event);
    for (const { socket } of set) {
      try {
        socket.send(data);
      } catch (err) {
        this.log?.warn({ err, userId }, 'realtime: a socket refused an event');
      }
    }
    return set.size;
  }

  private closeSession(userId: string, sessionId: string): void {
    for (const entry of [...(this.byUser.get(userId) ?? [])]) {
      if (entry.sessionId !== sessionId) continue;
      entry.socket.send(JSON.stringify({ type: 'session.ended' }));
      entry.socket.close(4401, 'Logged out');
    }
  }

  private broadcast(envelope: Envelope): void {
    if (!this.pub) return;
    this.pub.publish(this.channel, JSON.stringify(envelope)).catch((err: unknown) => this.log?.error({ err, kind: envelope.kind }, 'realtime: publishing to Redis failed; other processes miss this event'));
  }

  private receive(raw: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(raw) as Envelope;
    } catch (err) {
      this.log?.warn({ err }, 'realtime: unreadable message on the Redis channel');
      return;
    }
    if (envelope.origin === this.origin) return;
    if (envelope.kind === 'event') this.deliver(envelope.userId, envelope.event);
    else if (envelope.kind === 'end-session') this.closeSession(envelope.userId, envelope.sessionId);
  }
}

export function createRealtimeHub(redisUrl: string | undefined, log: Logger): RealtimeHub {
  return new RealtimeHub({ redisUrl, log });
}

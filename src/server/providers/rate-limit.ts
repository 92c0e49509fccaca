// Fixed-window counters for rate limiting: in process by default, Redis when REDIS_URL is set
// (so several API processes share one budget per IP).
import { Redis } from 'ioredis';

export type Hit = { count: number; resetInMs: number };
export interface RateLimitStore {
  hit(key: string, windowMs: number): Promise<Hit>;
  /** The same count, at once, for a store in this process (the fast path skips a promise). */
  hitNow?(key: string, windowMs: number): Hit;
  close(): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;
  private readonly now: () => number;
  constructor(now: () => number = Date.now) {
    this.now = now;
  }
  async hit(key: string, windowMs: number): Promise<Hit> {
    return this.hitNow(key, windowMs);
  }
  hitNow(key: string, windowMs: number): Hit {
    const now = this.now();
    if (now - this.lastSweep > windowMs) this.sweep(now);
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count += 1;
    return { count: w.count, resetInMs: w.resetAt - now };
  }
  private sweep(now: number) {
    this.lastSweep = now;
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
  async close() {
    this.windows.clear();
  }
}

export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;
  private readonly prefix: string;
  constructor(url: string, prefix = 'verdant:rl:') {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
    this.prefix = prefix;
  }
  async hit(key: string, windowMs: number): Promise<Hit> {
    const k = this.prefix + key;
    const result = await this.redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec();
    if (!result) throw new Error('Redis rate-limit transaction was aborted');
    for (const [err] of result) if (err) throw err;
    const count = Number(result[0]?.[1]);
    const ttl = Number(result[2]?.[1]);
    return { count, resetInMs: ttl > 0 ? ttl : windowMs };
  }
  async close() {
    await this.redis.quit();
  }
}

export function createRateLimitStore(redisUrl: string | undefined, prefix?: string): RateLimitStore {
  return redisUrl ? new RedisRateLimitStore(redisUrl, prefix) : new MemoryRateLimitStore();
}

import { describe, expect, it } from 'vitest';
import { MemoryRateLimitStore, RedisRateLimitStore } from './rate-limit.ts';

describe('MemoryRateLimitStore', () => {
  it('counts within a window and resets after it', async () => {
    let now = 1_000;
    const store = new MemoryRateLimitStore(() => now);
    expect((await store.hit('a', 60_000)).count).toBe(1);
    expect(await store.hit('a', 60_000)).toEqual({ count: 2, resetInMs: 60_000 });
    now += 30_000;
    expect(await store.hit('a', 60_000)).toEqual({ count: 3, resetInMs: 30_000 });
    now += 30_000;
    expect((await store.hit('a', 60_000)).count).toBe(1);
    expect((await store.hit('b', 60_000)).count).toBe(1);
  });
});

describe.runIf(process.env['TEST_REDIS_URL'])('RedisRateLimitStore', () => {
  it('counts across store instances (two API processes share one budget)', async () => {
    const prefix = `verdant:test:${Date.now()}:`;
    const a = new RedisRateLimitStore(process.env['TEST_REDIS_URL']!, prefix);
    const b = new RedisRateLimitStore(process.env['TEST_REDIS_URL']!, prefix);
    expect((await a.hit('ip', 5_000)).count).toBe(1);
    const second = await b.hit('ip', 5_000);
    expect(second.count).toBe(2);
    expect(second.resetInMs).toBeGreaterThan(0);
    expect(second.resetInMs).toBeLessThanOrEqual(5_000);
    await a.close();
    await b.close();
  });
});

import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.ts';

describe('parseConfig', () => {
  it('has development defaults', () => {
    const c = parseConfig({});
    expect(c.port).toBe(4321);
    expect(c.publicApiKey).toBe('verdant-dev-public-key');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.isProduction).toBe(false);
  });
  it('names the bad variable', () => {
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });
  it('splits the image host allow-list and treats empty values as unset', () => {
    const c = parseConfig({ IMAGE_HOST_ALLOWLIST: 'cdn.example.com, IMG.example.org', REDIS_URL: '' });
    expect(c.imageHostAllowlist).toEqual(['cdn.example.com', 'img.example.org']);
    expect(c.redisUrl).toBeUndefined();
  });
});

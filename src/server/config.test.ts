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

describe('payment provider', () => {
  it('uses the built-in test gateway unless Stripe is configured', () => {
    expect(parseConfig({}).payments.provider).toBe('test');
    const stripe = parseConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', PUBLIC_STRIPE_PUBLISHABLE_KEY: 'pk_test_x' });
    expect(stripe.payments.provider).toBe('stripe');
  });
  it('refuses a half-configured Stripe and an accidental test gateway in production', () => {
    expect(() => parseConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/PAYMENT_PROVIDER/);
    expect(() => parseConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'test' })).toThrow(/TEST_GATEWAY_SECRET/);
    expect(parseConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'test', TEST_GATEWAY_SECRET: 'x'.repeat(32) }).payments.provider).toBe('test');
  });
});

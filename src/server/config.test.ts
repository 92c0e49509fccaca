import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.ts';

/** What production needs besides the setting under test. */
const PROD_ACCOUNTS = { SECRET_KEY: 'a-long-random-production-secret', CAPTCHA_PROVIDER: 'turnstile', CAPTCHA_SITE_KEY: 's', CAPTCHA_SECRET: 's' };
const PROD_PAYMENTS = { PAYMENT_PROVIDER: 'test', TEST_GATEWAY_SECRET: 'x'.repeat(32) };

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
  it('accounts: built-in providers by default, real adapters when configured, refused when half-configured', () => {
    const dev = parseConfig({});
    expect(dev.otp).toEqual({ provider: 'outbox' });
    expect(dev.captcha.provider).toBe('test');
    expect(dev.oauth).toMatchObject({ testProvider: true, google: undefined, facebook: undefined });
    expect(dev.otpResendMs).toBe(30_000);
    const real = parseConfig({
      OTP_PROVIDER: 'whatsapp', WHATSAPP_ACCESS_TOKEN: 'tok', WHATSAPP_PHONE_NUMBER_ID: '123',
      CAPTCHA_PROVIDER: 'turnstile', CAPTCHA_SITE_KEY: 'site', CAPTCHA_SECRET: 'secret',
      GOOGLE_CLIENT_ID: 'g-id', GOOGLE_CLIENT_SECRET: 'g-secret', SMTP_URL: 'smtp://mail.example.com:587',
    });
    expect(real.otp).toMatchObject({ provider: 'whatsapp', phoneNumberId: '123', apiUrl: 'https://graph.facebook.com/v21.0' });
    expect(real.oauth.google).toEqual({ clientId: 'g-id', clientSecret: 'g-secret' });
    expect(real.mail.smtpUrl).toBe('smtp://mail.example.com:587');
    expect(() => parseConfig({ OTP_PROVIDER: 'whatsapp' })).toThrow(/WHATSAPP_ACCESS_TOKEN/);
    expect(() => parseConfig({ CAPTCHA_PROVIDER: 'hcaptcha' })).toThrow(/CAPTCHA_SITE_KEY/);
  });
  it('production needs a real secret and captcha, and never runs the test identity provider', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/SECRET_KEY/);
    const prod = parseConfig({ ...PROD_PAYMENTS, NODE_ENV: 'production', SECRET_KEY: 'a-long-random-production-secret', CAPTCHA_PROVIDER: 'turnstile', CAPTCHA_SITE_KEY: 's', CAPTCHA_SECRET: 's', OAUTH_TEST_PROVIDER: 'true' });
    expect(prod.oauth.testProvider).toBe(false);
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
    expect(() => parseConfig({ ...PROD_ACCOUNTS, NODE_ENV: 'production' })).toThrow(/PAYMENT_PROVIDER/);
    expect(() => parseConfig({ ...PROD_ACCOUNTS, NODE_ENV: 'production', PAYMENT_PROVIDER: 'test' })).toThrow(/TEST_GATEWAY_SECRET/);
    expect(parseConfig({ ...PROD_ACCOUNTS, ...PROD_PAYMENTS, NODE_ENV: 'production' }).payments.provider).toBe('test');
  });
});

// Environment → typed config, parsed once. A bad variable stops start-up with its name.
import { resolve } from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((v) => v === 'true' || v === '1');
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  PUBLIC_SITE_URL: z.url().default('http://localhost:4321'),
  PUBLIC_API_KEY: z.string().min(8).default('verdant-dev-public-key'),
  DATABASE_URL: optionalString.pipe(z.url().optional()),
  DATA_DIR: z.string().min(1).default('.data'),
  CONTENT_DIR: z.string().min(1).default('content-cache'),
  DIST_DIR: z.string().min(1).default('dist'),
  REDIS_URL: optionalString.pipe(z.url().optional()),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_WHITELIST_SECRET: optionalString,
  GEO_COUNTRY_HEADER: z.string().min(1).default('cf-ipcountry').transform((v) => v.toLowerCase()),
  TRUST_PROXY: bool,
  IMAGE_HOST_ALLOWLIST: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean)),
  SEED_IMAGES_PER_THEME: z.coerce.number().int().min(1).max(64).default(16),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PAYMENT_PROVIDER: z.enum(['test', 'stripe', '']).optional().transform((v) => v || undefined),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  PUBLIC_STRIPE_PUBLISHABLE_KEY: optionalString,
  TEST_GATEWAY_SECRET: optionalString,
});

export type Config = ReturnType<typeof parseConfig>;

export function parseConfig(env: Record<string, string | undefined> = process.env) {
  const result = EnvSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const e = result.data;
  const paymentProvider = e.PAYMENT_PROVIDER ?? (e.STRIPE_SECRET_KEY ? 'stripe' : 'test');
  const problems: string[] = [];
  if (paymentProvider === 'stripe' && (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET || !e.PUBLIC_STRIPE_PUBLISHABLE_KEY)) {
    problems.push('  PAYMENT_PROVIDER: stripe needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and PUBLIC_STRIPE_PUBLISHABLE_KEY');
  }
  if (paymentProvider === 'test' && e.NODE_ENV === 'production' && e.PAYMENT_PROVIDER !== 'test') {
    problems.push('  PAYMENT_PROVIDER: production takes real payments: set the Stripe keys, or PAYMENT_PROVIDER=test for a demo');
  }
  if (paymentProvider === 'test' && e.NODE_ENV === 'production' && !e.TEST_GATEWAY_SECRET) {
    problems.push('  TEST_GATEWAY_SECRET: the test gateway in production needs its own secret (32+ characters)');
  }
  if (problems.length > 0) throw new Error(`Invalid environment configuration:\n${problems.join('\n')}`);
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    siteUrl: e.PUBLIC_SITE_URL.replace(/\/$/, ''),
    publicApiKey: e.PUBLIC_API_KEY,
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(e.DATA_DIR),
    contentDir: resolve(e.CONTENT_DIR),
    distDir: resolve(e.DIST_DIR),
    redisUrl: e.REDIS_URL,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    rateLimitWhitelistSecret: e.RATE_LIMIT_WHITELIST_SECRET,
    geoCountryHeader: e.GEO_COUNTRY_HEADER,
    trustProxy: e.TRUST_PROXY,
    imageHostAllowlist: e.IMAGE_HOST_ALLOWLIST,
    logLevel: e.LOG_LEVEL,
    seedImagesPerTheme: e.SEED_IMAGES_PER_THEME,
    payments: {
      provider: paymentProvider as 'test' | 'stripe',
      stripeSecretKey: e.STRIPE_SECRET_KEY,
      stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
      stripePublishableKey: e.PUBLIC_STRIPE_PUBLISHABLE_KEY,
      /** Encrypts the test gateway's card tokens (any process of one deployment must share it). */
      testGatewaySecret: e.TEST_GATEWAY_SECRET ?? `verdant-test-gateway:${e.PUBLIC_API_KEY}`,
    },
  };
}

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
});

export type Config = ReturnType<typeof parseConfig>;

export function parseConfig(env: Record<string, string | undefined> = process.env) {
  const result = EnvSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const e = result.data;
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
  };
}

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

/** Development default; production refuses to start with it. */
export const DEV_SECRET_KEY = 'verdant-development-secret-key-change-me';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4321), // 0: any free port (tests)
  PUBLIC_SITE_URL: z.url().default('http://localhost:4321'),
  PUBLIC_API_KEY: z.string().min(8).default('verdant-dev-public-key'),
  DATABASE_URL: optionalString.pipe(z.url().optional()),
  DATA_DIR: z.string().min(1).default('.data'),
  CONTENT_DIR: z.string().min(1).default('content-cache'),
  DIST_DIR: z.string().min(1).default('dist'),
  REDIS_URL: optionalString.pipe(z.url().optional()),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  /** Memory for kept catalogue answers per API process (ADR 0042). */
  ANSWER_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(64),
  /** Memory for built files served from memory per process (ADR 0042). */
  STATIC_CACHE_MB: z.coerce.number().int().min(1).max(16384).default(256),
  RATE_LIMIT_WHITELIST_SECRET: optionalString,
  /**
   * Reconciliation (ADR 0047): how old a provider payment or an unsettled order must be before
   * it is judged abandoned by its request. Longer than any pay call may take.
   */
  RECONCILE_GRACE_SECONDS: z.coerce.number().int().min(5).max(86_400).default(120),
  GEO_COUNTRY_HEADER: z.string().min(1).default('cf-ipcountry').transform((v) => v.toLowerCase()),
  TRUST_PROXY: bool,
  IMAGE_HOST_ALLOWLIST: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean)),
  SEED_IMAGES_PER_THEME: z.coerce.number().int().min(1).max(64).default(16),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Accounts (src/server/providers): each provider has a built-in default and a real adapter.
  SECRET_KEY: z.string().min(16).default(DEV_SECRET_KEY),
  SUPPORT_EMAIL: z.email().default('support@verdant.example'),
  MAIL_FROM: z.string().min(3).default('Verdant <hello@verdant.example>'),
  SMTP_URL: optionalString.pipe(z.url().optional()),
  OTP_PROVIDER: z.enum(['outbox', 'whatsapp']).default('outbox'),
  /** Seconds before another WhatsApp code may be sent to the same number. */
  OTP_RESEND_SECONDS: z.coerce.number().int().min(0).max(600).default(30),
  WHATSAPP_ACCESS_TOKEN: optionalString,
  WHATSAPP_PHONE_NUMBER_ID: optionalString,
  WHATSAPP_TEMPLATE: z.string().min(1).default('verdant_login_code'),
  WHATSAPP_TEMPLATE_LANGUAGE: z.string().min(2).default('en'),
  WHATSAPP_API_URL: z.url().default('https://graph.facebook.com/v21.0'),
  /** Trip notices (ADR 0046): always kept in the outbox; `whatsapp` also sends them as template messages. */
  WHATSAPP_NOTICES_PROVIDER: z.enum(['outbox', 'whatsapp']).default('outbox'),
  /** Template names are this prefix + the notice's kind (e.g. verdant_trip_reminder), approved in WhatsApp Manager. */
  WHATSAPP_NOTICE_TEMPLATE_PREFIX: z.string().regex(/^[a-z0-9_]*$/, 'lower-case letters, digits and _').default('verdant_trip_'),
  CAPTCHA_PROVIDER: z.enum(['test', 'turnstile', 'hcaptcha']).default('test'),
  CAPTCHA_SITE_KEY: optionalString,
  CAPTCHA_SECRET: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  FACEBOOK_CLIENT_ID: optionalString,
  FACEBOOK_CLIENT_SECRET: optionalString,
  // Server-side conversion events (ADR 0040): both set, events go to Meta; else they are logged.
  FACEBOOK_PIXEL_ID: optionalString,
  FACEBOOK_CAPI_TOKEN: optionalString,
  FACEBOOK_CAPI_TEST_EVENT_CODE: optionalString,
  FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com/v21.0'),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_REGION: z.string().min(1).default('auto'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PUBLIC_URL: optionalString.pipe(z.url().optional()),
  /** Development and tests: the built-in test identity provider stands in for unconfigured providers. */
  OAUTH_TEST_PROVIDER: z.enum(['true', 'false', '1', '0', '']).optional().transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1')),
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
  const isProduction = e.NODE_ENV === 'production';
  const problems: string[] = [];
  if (isProduction && e.SECRET_KEY === DEV_SECRET_KEY) problems.push('  SECRET_KEY: set a long random secret in production');
  if (e.OTP_PROVIDER === 'whatsapp' && !(e.WHATSAPP_ACCESS_TOKEN && e.WHATSAPP_PHONE_NUMBER_ID)) {
    problems.push('  OTP_PROVIDER: whatsapp needs WHATSAPP_ACCESS_TOKEN and WHATSAPP_PHONE_NUMBER_ID');
  }
  if (e.WHATSAPP_NOTICES_PROVIDER === 'whatsapp' && !(e.WHATSAPP_ACCESS_TOKEN && e.WHATSAPP_PHONE_NUMBER_ID)) {
    problems.push('  WHATSAPP_NOTICES_PROVIDER: whatsapp needs WHATSAPP_ACCESS_TOKEN and WHATSAPP_PHONE_NUMBER_ID');
  }
  if (e.CAPTCHA_PROVIDER !== 'test' && !(e.CAPTCHA_SITE_KEY && e.CAPTCHA_SECRET)) {
    problems.push(`  CAPTCHA_PROVIDER: ${e.CAPTCHA_PROVIDER} needs CAPTCHA_SITE_KEY and CAPTCHA_SECRET`);
  }
  if (isProduction && e.CAPTCHA_PROVIDER === 'test') problems.push('  CAPTCHA_PROVIDER: the test challenge is not allowed in production');
  if (e.S3_BUCKET && !(e.S3_ENDPOINT && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY && e.S3_PUBLIC_URL)) {
    problems.push('  S3_BUCKET: needs S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_PUBLIC_URL');
  }
  const oauthTest = e.OAUTH_TEST_PROVIDER ?? !isProduction;
  const oauth = (id: string | undefined, secret: string | undefined) => (id && secret ? { clientId: id, clientSecret: secret } : undefined);
  const paymentProvider = e.PAYMENT_PROVIDER ?? (e.STRIPE_SECRET_KEY ? 'stripe' : 'test');
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
  // The WhatsApp Cloud API account that sign-in codes and trip notices share.
  const whatsappCloud = {
    accessToken: e.WHATSAPP_ACCESS_TOKEN ?? '',
    phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID ?? '',
    language: e.WHATSAPP_TEMPLATE_LANGUAGE,
    apiUrl: e.WHATSAPP_API_URL.replace(/\/$/, ''),
  };
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    siteUrl: e.PUBLIC_SITE_URL.replace(/\/$/, ''),
    publicApiKey: e.PUBLIC_API_KEY,
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(e.DATA_DIR),
    contentDir: resolve(e.CONTENT_DIR),
    distDir: resolve(e.DIST_DIR),
    redisUrl: e.REDIS_URL,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    answerCacheMb: e.ANSWER_CACHE_MB,
    staticCacheMb: e.STATIC_CACHE_MB,
    rateLimitWhitelistSecret: e.RATE_LIMIT_WHITELIST_SECRET,
    geoCountryHeader: e.GEO_COUNTRY_HEADER,
    trustProxy: e.TRUST_PROXY,
    imageHostAllowlist: e.IMAGE_HOST_ALLOWLIST,
    logLevel: e.LOG_LEVEL,
    seedImagesPerTheme: e.SEED_IMAGES_PER_THEME,
    secretKey: e.SECRET_KEY,
    supportEmail: e.SUPPORT_EMAIL,
    mail: { from: e.MAIL_FROM, smtpUrl: e.SMTP_URL },
    otpResendMs: e.OTP_RESEND_SECONDS * 1000,
    otp:
      e.OTP_PROVIDER === 'whatsapp'
        ? {
            provider: 'whatsapp' as const,
            ...whatsappCloud,
            template: e.WHATSAPP_TEMPLATE,
          }
        : { provider: 'outbox' as const },
    notices:
      e.WHATSAPP_NOTICES_PROVIDER === 'whatsapp'
        ? {
            provider: 'whatsapp' as const,
            ...whatsappCloud,
            templatePrefix: e.WHATSAPP_NOTICE_TEMPLATE_PREFIX,
          }
        : { provider: 'outbox' as const },
    s3:
      e.S3_BUCKET && e.S3_ENDPOINT && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY && e.S3_PUBLIC_URL
        ? { bucket: e.S3_BUCKET, endpoint: e.S3_ENDPOINT, region: e.S3_REGION, accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY, publicUrl: e.S3_PUBLIC_URL }
        : undefined,
    captcha: { provider: e.CAPTCHA_PROVIDER, siteKey: e.CAPTCHA_SITE_KEY, secret: e.CAPTCHA_SECRET },
    oauth: {
      /** Unconfigured providers use the built-in test identity provider (never in production unless asked). */
      testProvider: oauthTest && !isProduction,
      google: oauth(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET),
      facebook: oauth(e.FACEBOOK_CLIENT_ID, e.FACEBOOK_CLIENT_SECRET),
    },
    conversions:
      e.FACEBOOK_PIXEL_ID && e.FACEBOOK_CAPI_TOKEN
        ? { pixelId: e.FACEBOOK_PIXEL_ID, accessToken: e.FACEBOOK_CAPI_TOKEN, apiUrl: e.FACEBOOK_GRAPH_URL.replace(/\/$/, ''), testEventCode: e.FACEBOOK_CAPI_TEST_EVENT_CODE }
        : undefined,
    payments: {
      provider: paymentProvider as 'test' | 'stripe',
      stripeSecretKey: e.STRIPE_SECRET_KEY,
      stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
      stripePublishableKey: e.PUBLIC_STRIPE_PUBLISHABLE_KEY,
      /** Encrypts the test gateway's card tokens (any process of one deployment must share it). */
      testGatewaySecret: e.TEST_GATEWAY_SECRET ?? `verdant-test-gateway:${e.PUBLIC_API_KEY}`,
      reconcileGraceMs: e.RECONCILE_GRACE_SECONDS * 1000,
    },
  };
}

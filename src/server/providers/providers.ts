// The accounts' providers, built from the configuration: each has a built-in default and a real
// adapter chosen by environment variables (README "Configuration", .env.example).
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { type CaptchaVerifier, createCaptcha } from './captcha.ts';
import { createMailer, type Mailer } from './mail.ts';
import { createOAuthProviders, type OAuthProviders } from './oauth.ts';
import { TestIdentityProvider } from './oauth-test-idp.ts';
import { createOtpSender, type OtpSender } from './otp.ts';
import type { RateLimitStore } from './rate-limit.ts';
import { type FileStorage, LocalDiskStorage, S3Storage } from './storage.ts';
import { RealtimeHub } from '../realtime.ts';

export type Providers = {
  mailer: Mailer;
  otp: OtpSender;
  captcha: CaptchaVerifier;
  oauth: OAuthProviders;
  /** Present in development and tests (mounted at /dev/oauth). */
  testIdp: TestIdentityProvider | undefined;
  storage: FileStorage;
  realtime: RealtimeHub;
};

/** Stored files: the S3-compatible bucket when configured, else the local folder under DATA_DIR. */
export const createStorage = (config: Config): FileStorage => (config.s3 ? new S3Storage(config.s3) : new LocalDiskStorage(join(config.dataDir, 'storage')));

export function createProviders(config: Config, log: Logger, store: RateLimitStore, overrides: Partial<Providers> = {}): Providers {
  const testIdp = overrides.testIdp ?? (config.oauth.testProvider ? new TestIdentityProvider(config.siteUrl) : undefined);
  return {
    mailer: overrides.mailer ?? createMailer(config, log),
    otp: overrides.otp ?? createOtpSender(config, log),
    captcha: overrides.captcha ?? createCaptcha(config, store),
    oauth: overrides.oauth ?? createOAuthProviders(config, testIdp),
    testIdp,
    storage: overrides.storage ?? createStorage(config),
    realtime: overrides.realtime ?? new RealtimeHub(),
  };
}

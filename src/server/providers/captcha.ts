// Captcha on sign-up. Default: a signed test challenge (the browser ticks a box, the server
// issues an HMAC-signed, short-lived, single-use token). Real: Cloudflare Turnstile or hCaptcha,
// whose widget gives a response the server checks with the provider's siteverify endpoint.
import type { Config } from '../config.ts';
import type { RateLimitStore } from './rate-limit.ts';
import { hmac, newToken, safeEqual } from '../services/secrets.ts';

export const TEST_CHALLENGE_TTL_MS = 10 * 60 * 1000;

export interface CaptchaVerifier {
  readonly provider: 'test' | 'turnstile' | 'hcaptcha';
  readonly siteKey: string | null;
  verify(response: string, ip: string): Promise<boolean>;
}

export class TestCaptcha implements CaptchaVerifier {
  readonly provider = 'test' as const;
  readonly siteKey = null;
  private readonly secret: string;
  private readonly store: RateLimitStore;
  private readonly now: () => number;
  constructor(secret: string, store: RateLimitStore, now: () => number = Date.now) {
    this.secret = secret;
    this.store = store;
    this.now = now;
  }
  issue(): string {
    const payload = `${newToken(12)}.${this.now() + TEST_CHALLENGE_TTL_MS}`;
    return `${payload}.${hmac(this.secret, `captcha:${payload}`)}`;
  }
  async verify(response: string): Promise<boolean> {
    const [nonce, expiry, sig] = response.split('.');
    if (!nonce || !expiry || !sig) return false;
    if (!safeEqual(sig, hmac(this.secret, `captcha:${nonce}.${expiry}`))) return false;
    if (!(Number(expiry) > this.now())) return false;
    // Single use: the first verification of a nonce counts it; any later one is refused.
    const { count } = await this.store.hit(`captcha:${nonce}`, TEST_CHALLENGE_TTL_MS);
    return count === 1;
  }
}

const VERIFY_URL = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
} as const;

export class RemoteCaptcha implements CaptchaVerifier {
  readonly provider: 'turnstile' | 'hcaptcha';
  readonly siteKey: string;
  private readonly secret: string;
  private readonly fetchImpl: typeof fetch;
  constructor(provider: 'turnstile' | 'hcaptcha', siteKey: string, secret: string, fetchImpl: typeof fetch = fetch) {
    this.provider = provider;
    this.siteKey = siteKey;
    this.secret = secret;
    this.fetchImpl = fetchImpl;
  }
  async verify(response: string, ip: string): Promise<boolean> {
    const body = new URLSearchParams({ secret: this.secret, response, remoteip: ip, sitekey: this.siteKey });
    const res = await this.fetchImpl(VERIFY_URL[this.provider], { method: 'POST', body, signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`${this.provider} siteverify answered ${res.status}`);
    const data = (await res.json()) as { success?: unknown };
    return data.success === true;
  }
}

export function createCaptcha(config: Pick<Config, 'captcha' | 'secretKey'>, store: RateLimitStore): CaptchaVerifier {
  const c = config.captcha;
  if (c.provider === 'test') return new TestCaptcha(config.secretKey, store);
  return new RemoteCaptcha(c.provider, c.siteKey ?? '', c.secret ?? '');
}

// The real adapters of the account providers, against recorded HTTP answers (no network here):
// WhatsApp Cloud API codes and Turnstile / hCaptcha verification.
import { describe, expect, it } from 'vitest';
import { RemoteCaptcha, TestCaptcha } from './captcha.ts';
import { OtpDeliveryError, whatsappTransport } from './otp.ts';
import { MemoryRateLimitStore } from './rate-limit.ts';
import { WhatsappNoticeError, whatsappNoticeTransport } from './whatsapp-notices.ts';

type Seen = { url: string; init: RequestInit };
const recorder = (status: number, body: unknown) => {
  const seen: Seen[] = [];
  const f = (async (url: RequestInfo | URL, init?: RequestInit) => {
    seen.push({ url: String(url), init: init ?? {} });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { f, seen };
};

describe('WhatsApp Cloud API transport', () => {
  const cfg = { provider: 'whatsapp' as const, accessToken: 'EAAG-token', phoneNumberId: '1055', template: 'verdant_login_code', language: 'en', apiUrl: 'https://graph.facebook.com/v21.0' };

  it('sends the code as an authentication template message', async () => {
    const { f, seen } = recorder(200, { messages: [{ id: 'wamid.1' }] });
    await whatsappTransport(cfg, f).send('+6591234567', '123456');
    expect(seen[0]!.url).toBe('https://graph.facebook.com/v21.0/1055/messages');
    expect((seen[0]!.init.headers as Record<string, string>)['Authorization']).toBe('Bearer EAAG-token');
    const body = JSON.parse(String(seen[0]!.init.body));
    expect(body).toMatchObject({ messaging_product: 'whatsapp', to: '6591234567', type: 'template', template: { name: 'verdant_login_code', language: { code: 'en' } } });
    expect(JSON.stringify(body.template.components)).toContain('123456');
  });

  it('a refused number raises OtpDeliveryError', async () => {
    const { f } = recorder(400, { error: { message: 'Recipient phone number not in allowed list', code: 131030 } });
    await expect(whatsappTransport(cfg, f).send('+6591234567', '123456')).rejects.toBeInstanceOf(OtpDeliveryError);
  });
});

describe('WhatsApp Cloud API transport of trip notices', () => {
  const cfg = { provider: 'whatsapp' as const, accessToken: 'EAAG-token', phoneNumberId: '1055', templatePrefix: 'verdant_trip_', language: 'en', apiUrl: 'https://graph.facebook.com/v21.0' };

  it('sends the notice as its template, the parameters on one line each and never empty', async () => {
    const { f, seen } = recorder(200, { messages: [{ id: 'wamid.2' }] });
    await whatsappNoticeTransport(cfg, f).send('+6591234567', 'reminder', ['Rosa', 'Gate 2,\n  by the pier', '  ']);
    expect(seen[0]!.url).toBe('https://graph.facebook.com/v21.0/1055/messages');
    const body = JSON.parse(String(seen[0]!.init.body));
    expect(body).toMatchObject({ to: '6591234567', type: 'template', template: { name: 'verdant_trip_reminder', language: { code: 'en' } } });
    expect(body.template.components).toEqual([{ type: 'body', parameters: [{ type: 'text', text: 'Rosa' }, { type: 'text', text: 'Gate 2, by the pier' }, { type: 'text', text: '-' }] }]);
  });

  it('a refusal raises WhatsappNoticeError with WhatsApp\'s status', async () => {
    const { f } = recorder(400, { error: { message: 'Template name does not exist', code: 132001 } });
    await expect(whatsappNoticeTransport(cfg, f).send('+6591234567', 'reminder', ['x'])).rejects.toThrow(new WhatsappNoticeError('WhatsApp refused the notice (400): {"error":{"message":"Template name does not exist","code":132001}}'));
  });
});

describe('captcha', () => {
  it.each(['turnstile', 'hcaptcha'] as const)('%s: verifies the response with the secret and the visitor IP', async (provider) => {
    const { f, seen } = recorder(200, { success: true });
    expect(await new RemoteCaptcha(provider, 'site-key', 'secret-key', f).verify('widget-response', '203.0.113.9')).toBe(true);
    expect(seen[0]!.url).toBe(provider === 'turnstile' ? 'https://challenges.cloudflare.com/turnstile/v0/siteverify' : 'https://api.hcaptcha.com/siteverify');
    const form = new URLSearchParams(String(seen[0]!.init.body));
    expect(Object.fromEntries(form)).toMatchObject({ secret: 'secret-key', response: 'widget-response', remoteip: '203.0.113.9' });
    const { f: no } = recorder(200, { success: false, 'error-codes': ['invalid-input-response'] });
    expect(await new RemoteCaptcha(provider, 'site-key', 'secret-key', no).verify('bad', '203.0.113.9')).toBe(false);
  });

  it('the test challenge is signed, expires and works once', async () => {
    let now = 1_000_000;
    const c = new TestCaptcha('a-secret-of-sixteen+', new MemoryRateLimitStore(() => now), () => now);
    const token = c.issue();
    expect(await c.verify(`${token}x`)).toBe(false);
    expect(await new TestCaptcha('another-secret-16+', new MemoryRateLimitStore()).verify(token)).toBe(false);
    expect(await c.verify(token)).toBe(true);
    expect(await c.verify(token)).toBe(false);
    const late = c.issue();
    now += 11 * 60 * 1000;
    expect(await c.verify(late)).toBe(false);
  });
});


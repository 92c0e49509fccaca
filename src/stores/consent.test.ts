import { describe, expect, it, vi } from 'vitest';

const countCookieConsent = vi.fn(() => Promise.resolve({ data: { counted: true }, response: new Response() }));
vi.mock('../api-client/engagement.ts', () => ({ countCookieConsent }));
const { $consent, $isConsentPreferencesOpen, ACCEPT_ALL, chooseConsent, CONSENT_KEY, parseConsent, readConsent } = await import('./consent.ts');

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('parseConsent', () => {
  it.each([
    [null, null],
    ['', null],
    ['not json', null],
    ['[]', null],
    ['{"performanceCookie":true}', null],
    ['{"performanceCookie":"yes","functionalCookie":true,"targetingCookie":true}', null],
  ])('%s → null', (raw, expected) => expect(parseConsent(raw)).toBe(expected));

  it('always reads necessary as on', () => {
    expect(parseConsent('{"necessaryCookie":false,"performanceCookie":true,"functionalCookie":false,"targetingCookie":false}')).toEqual({
      necessaryCookie: true,
      performanceCookie: true,
      functionalCookie: false,
      targetingCookie: false,
    });
  });
});

describe('chooseConsent', () => {
  it('stores the choice under consentMode, closes the preference centre and counts it', () => {
    const storage = memoryStorage();
    $isConsentPreferencesOpen.set(true);
    chooseConsent('custom', { ...ACCEPT_ALL, targetingCookie: false }, storage);
    expect(JSON.parse(storage.data.get(CONSENT_KEY)!)).toEqual({ necessaryCookie: true, performanceCookie: true, functionalCookie: true, targetingCookie: false });
    expect($consent.get()?.targetingCookie).toBe(false);
    expect($isConsentPreferencesOpen.get()).toBe(false);
    expect(countCookieConsent).toHaveBeenLastCalledWith({ choice: 'custom', necessaryCookie: true, performanceCookie: true, functionalCookie: true, targetingCookie: false });
    expect(readConsent(storage)).toEqual($consent.get());
  });

  it('holds the choice for the page when storage refuses it', () => {
    const storage = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); } };
    chooseConsent('accept_all', ACCEPT_ALL, storage);
    expect($consent.get()).toEqual(ACCEPT_ALL);
  });
});

// Cookie consent (spec §3 "Consent preferences", §4 "Consent"): the visitor's choice, kept in
// localStorage `consentMode`. Null until a choice is made, which is when the banner shows.
import { atom } from 'nanostores';
import { countCookieConsent } from '../api-client/engagement.ts';

export type ConsentMode = {
  necessaryCookie: true;
  performanceCookie: boolean;
  functionalCookie: boolean;
  targetingCookie: boolean;
};
export type ConsentCategory = Exclude<keyof ConsentMode, 'necessaryCookie'>;
export const CONSENT_CATEGORIES: readonly ConsentCategory[] = ['performanceCookie', 'functionalCookie', 'targetingCookie'];

export const CONSENT_KEY = 'consentMode';
/** 'Accept all cookies'; also what the preference centre starts from (spec §9). */
export const ACCEPT_ALL: ConsentMode = { necessaryCookie: true, performanceCookie: true, functionalCookie: true, targetingCookie: true };

/** The stored choice, or null when absent or unreadable. Necessary cookies are always on. */
export function parseConsent(raw: string | null | undefined): ConsentMode | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (!CONSENT_CATEGORIES.every((k) => typeof v[k] === 'boolean')) return null;
  return {
    necessaryCookie: true,
    performanceCookie: v['performanceCookie'] === true,
    functionalCookie: v['functionalCookie'] === true,
    targetingCookie: v['targetingCookie'] === true,
  };
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;
const browserStorage = (): KeyValueStore | undefined => {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // storage disabled by the browser
  }
};

export function readConsent(storage = browserStorage()): ConsentMode | null {
  try {
    return parseConsent(storage?.getItem(CONSENT_KEY));
  } catch {
    return null;
  }
}

export const $consent = atom<ConsentMode | null>(readConsent());

/** The preference centre (opened from the banner or the footer's 'Cookie settings'). */
export const $isConsentPreferencesOpen = atom(false);
export const openConsentPreferences = () => $isConsentPreferencesOpen.set(true);

/** Saves a choice, closes the preference centre and counts the choice (anonymously). */
export function chooseConsent(choice: 'accept_all' | 'custom', mode: ConsentMode, storage = browserStorage()): void {
  const saved: ConsentMode = { ...mode, necessaryCookie: true };
  try {
    storage?.setItem(CONSENT_KEY, JSON.stringify(saved));
  } catch {
    // Storage full or disabled: the choice holds for this page, and the banner returns next time.
  }
  $consent.set(saved);
  $isConsentPreferencesOpen.set(false);
  countCookieConsent({ choice, ...saved }).catch((err: unknown) => console.warn('Could not count the consent choice', err));
}

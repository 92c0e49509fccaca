import { describe, expect, it } from 'vitest';
import { ACCEPT_ALL, type ConsentMode } from '../../stores/consent.ts';
import { gtagConsent, trackerScripts, trackersToLoad } from './third-party.ts';

const NONE: ConsentMode = { necessaryCookie: true, performanceCookie: false, functionalCookie: false, targetingCookie: false };
const both = { analyticsId: 'G-TEST123', pixelId: '1234567890' };

describe('trackersToLoad', () => {
  it.each([
    ['no choice yet', null, both, []],
    ['everything refused', NONE, both, []],
    ['consent given but no id configured (the default build)', ACCEPT_ALL, {}, []],
    ['consent given, ids empty', ACCEPT_ALL, { analyticsId: '', pixelId: '' }, []],
    ['performance only → analytics', { ...NONE, performanceCookie: true }, both, ['analytics']],
    ['targeting only → pixel', { ...NONE, targetingCookie: true }, both, ['pixel']],
    ['functional alone loads nothing', { ...NONE, functionalCookie: true }, both, []],
    ['all accepted, both configured', ACCEPT_ALL, both, ['analytics', 'pixel']],
    ['all accepted, analytics configured', ACCEPT_ALL, { analyticsId: 'G-TEST123' }, ['analytics']],
    ['an id that could break out of a script is ignored', ACCEPT_ALL, { analyticsId: "G-1');alert(1)//" }, []],
  ] as const)('%s', (_what, consent, ids, expected) => {
    expect(trackersToLoad(consent, ids)).toEqual(expected);
  });
});

describe('trackerScripts', () => {
  it('loads gtag with consent mode: denied by default with a 60 s wait, then the visitor’s choice', () => {
    const [lib, inline] = trackerScripts('analytics', both, { ...ACCEPT_ALL, targetingCookie: false });
    expect(lib!.src).toBe('https://www.googletagmanager.com/gtag/js?id=G-TEST123');
    expect(inline!.code).toContain(`gtag('consent','default',{"analytics_storage":"denied"`);
    expect(inline!.code).toContain('"wait_for_update":60000');
    expect(inline!.code).toContain(`gtag('consent','update',{"analytics_storage":"granted"`);
    expect(inline!.code).toContain('"ad_storage":"denied"');
    expect(inline!.code).toContain(`gtag('config',"G-TEST123")`);
  });

  it('starts the pixel with its id', () => {
    const [pixel] = trackerScripts('pixel', both, ACCEPT_ALL);
    expect(pixel!.code).toContain(`fbq('init',"1234567890")`);
    expect(pixel!.src).toBeUndefined();
  });
});

describe('gtagConsent', () => {
  it('maps the three categories', () => {
    expect(gtagConsent({ ...NONE, functionalCookie: true })).toEqual({
      analytics_storage: 'denied',
      functionality_storage: 'granted',
      personalization_storage: 'granted',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      security_storage: 'granted',
    });
  });
});

// Third-party scripts (spec §9, architecture "Pages and hydration"): analytics and an
// advertising pixel run in a web worker through partytown, and only when the build has
// their id AND the visitor agreed (performance → analytics, targeting → pixel). With no id
// configured nothing of partytown is ever requested (its worker costs Lighthouse points).
import type { ConsentMode } from '../../stores/consent.ts';

export type TrackerIds = { analyticsId?: string | undefined; pixelId?: string | undefined };
export type Tracker = 'analytics' | 'pixel';

/** Where @astrojs/partytown copies its files (astro.config.mjs). */
export const PARTYTOWN_LIB = '/~partytown/';
const SAFE_ID = /^[\w-]{1,64}$/;

/** The trackers this visitor's consent allows among those the build configured. */
export function trackersToLoad(consent: ConsentMode | null, ids: TrackerIds): Tracker[] {
  if (!consent) return [];
  const out: Tracker[] = [];
  if (ids.analyticsId && SAFE_ID.test(ids.analyticsId) && consent.performanceCookie) out.push('analytics');
  if (ids.pixelId && SAFE_ID.test(ids.pixelId) && consent.targetingCookie) out.push('pixel');
  return out;
}

/** Google consent mode (spec §9: all denied by default, 60000 ms wait for an update). */
export function gtagConsent(consent: ConsentMode) {
  const g = (on: boolean) => (on ? 'granted' : 'denied');
  return {
    analytics_storage: g(consent.performanceCookie),
    functionality_storage: g(consent.functionalCookie),
    personalization_storage: g(consent.functionalCookie),
    ad_storage: g(consent.targetingCookie),
    ad_user_data: g(consent.targetingCookie),
    ad_personalization: g(consent.targetingCookie),
    security_storage: 'granted',
  };
}

/** The scripts partytown runs for a tracker: [src, inline] pairs (one of them empty). */
export function trackerScripts(tracker: Tracker, ids: TrackerIds, consent: ConsentMode): { src?: string; code?: string }[] {
  if (tracker === 'analytics') {
    const id = ids.analyticsId!;
    const denied = Object.fromEntries(Object.keys(gtagConsent(consent)).map((k) => [k, k === 'security_storage' ? 'granted' : 'denied']));
    return [
      { src: `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}` },
      {
        code:
          'window.dataLayer=window.dataLayer||[];window.gtag=function(){dataLayer.push(arguments)};' +
          `gtag('consent','default',${JSON.stringify({ ...denied, wait_for_update: 60000 })});` +
          `gtag('consent','update',${JSON.stringify(gtagConsent(consent))});` +
          `gtag('js',new Date());gtag('config',${JSON.stringify(id)});`,
      },
    ];
  }
  const id = ids.pixelId!;
  return [
    {
      code:
        "!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};" +
        "if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version='2.0';n.queue=[];t=b.createElement(e);t.async=!0;t.src=v;" +
        "s=b.getElementsByTagName(e)[0];s.parentNode.insertBefore(t,s)}(window,document,'script','https://connect.facebook.net/en_US/fbevents.js');" +
        `fbq('init',${JSON.stringify(id)});fbq('track','PageView');`,
    },
  ];
}

type TrackerWindow = Window & {
  partytown?: { lib: string; forward: string[] };
  gtag?: (...args: unknown[]) => void;
  fbq?: (...args: unknown[]) => void;
};

/**
 * Adds the allowed trackers that are not on the page yet, then starts partytown (first time)
 * or tells it about the new scripts; trackers already running hear the changed consent.
 * Returns the trackers now on the page.
 */
export function loadTrackers(consent: ConsentMode | null, ids: TrackerIds, doc: Document = document): Tracker[] {
  const win = doc.defaultView as TrackerWindow | null;
  const present = new Set([...doc.querySelectorAll<HTMLScriptElement>('script[data-tracker]')].map((s) => s.dataset['tracker'] as Tracker));
  if (!win || !consent) return [...present];
  if (present.has('analytics')) win.gtag?.('consent', 'update', gtagConsent(consent));
  if (present.has('pixel')) win.fbq?.('consent', consent.targetingCookie ? 'grant' : 'revoke');

  const added = trackersToLoad(consent, ids).filter((t) => !present.has(t));
  if (added.length === 0) return [...present];
  for (const tracker of added) {
    for (const { src, code } of trackerScripts(tracker, ids, consent)) {
      const script = doc.createElement('script');
      script.type = 'text/partytown';
      script.dataset['tracker'] = tracker;
      if (src) script.src = src;
      else script.textContent = code ?? '';
      doc.head.append(script);
    }
    present.add(tracker);
  }
  if (win.partytown) {
    win.dispatchEvent(new CustomEvent('ptupdate'));
  } else {
    win.partytown = { lib: PARTYTOWN_LIB, forward: [...(ids.analyticsId ? ['dataLayer.push', 'gtag'] : []), ...(ids.pixelId ? ['fbq'] : [])] };
    const loader = doc.createElement('script');
    loader.src = `${PARTYTOWN_LIB}partytown.js`;
    loader.dataset['partytown'] = '';
    doc.head.append(loader);
  }
  return [...present];
}

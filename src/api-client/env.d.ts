// Public build-time settings the browser bundle reads (Astro/Vite inline PUBLIC_* variables).
interface ImportMetaEnv {
  /** The storefront's guest bearer key (identifies the app, not the user). */
  readonly PUBLIC_API_KEY?: string;
  /** Analytics measurement id; loaded through partytown after performance consent. */
  readonly PUBLIC_ANALYTICS_ID?: string;
  /** Advertising pixel id; loaded through partytown after targeting consent. */
  readonly PUBLIC_PIXEL_ID?: string;
}

// The header's Destinations, Gifts and About menus live in one file of their own,
// /menu/<hash>/ (src/pages/menu/[hash].astro), instead of in every page (docs/decisions/0048):
// pages carry a placeholder in each closed panel and the address of that file, which the
// header's boot script fetches once, at idle after load or on the first hover, focus or tap of
// the navigation, and which the browser keeps for good (the address changes with its content).
// The same links are in the footer of every page, as plain HTML, for visitors and crawlers
// without JavaScript.
// The overlays' dialogs (the cookie preference centre, the rate-limit and log-in dialogs) come in
// the same file (docs/decisions/0051), fetched at the same moments or when one is opened.
import { createHash } from 'node:crypto';
import { once } from '../content-records.ts';
import { getHeaderData } from './header-data.ts';

/** The panels' own source: a change of markup is a new address too, not only a change of data. */
const SOURCES = import.meta.glob<string>(
  [
    './DestinationsPanel.astro',
    './GiftsPanel.astro',
    './AboutPanel.astro',
    '../overlays/ConsentPreferences.astro',
    '../overlays/RateLimitModal.astro',
    '../overlays/LoginModal.astro',
    '../../pages/menu/*.astro',
  ],
  { query: '?raw', import: 'default', eager: true },
);

/** A short hash of what the menus' file holds: the header data and the markup that draws it. */
export const headerMenuHash = once((): Promise<string> =>
  getHeaderData().then((data) => {
    const h = createHash('sha256').update(JSON.stringify(data));
    for (const key of Object.keys(SOURCES).sort()) h.update(`\0${key}\0${SOURCES[key]}`);
    return h.digest('base64url').slice(0, 12).replace(/[-_]/g, 'x');
  }),
);

export const headerMenuHref = (hash: string) => `/menu/${hash}/`;

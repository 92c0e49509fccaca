// The header's menus come from a file of their own (docs/decisions/0048): each closed panel of
// the page holds a placeholder ([data-menu-slot]) and the header names the file
// ([data-menu-src]). It is fetched once per page — at idle once the visitor shows a first sign
// of being there (src/lib/first-sign.ts), or at once on a hover, focus or tap of the navigation
// — and its parts replace the placeholders, before or after the islands hydrate (an island's
// slot is static HTML React never touches again).
import { afterFirstSign } from '../../lib/first-sign.ts';

const PENDING = 'Loading…';
const FAILED = 'The menu could not be loaded. Check your connection, then open it again.';

let loading: Promise<void> | undefined;
let loaded = false;

/** True once the menus' links are in the page (the mobile menu reads them from there). */
export const headerMenusLoaded = () => loaded || !document.querySelector('[data-menu-slot]');

function say(text: string) {
  for (const p of document.querySelectorAll<HTMLElement>('[data-menu-slot] [data-menu-pending]')) p.textContent = text;
}

async function fetchMenus(src: string): Promise<void> {
  const response = await fetch(src);
  if (!response.ok) throw new Error(`GET ${src} answered ${response.status}`);
  const template = document.createElement('template');
  template.innerHTML = await response.text();
  for (const part of template.content.querySelectorAll<HTMLElement>('[data-menu-panel]')) {
    const slot = document.querySelector(`[data-menu-slot="${part.dataset['menuPanel']}"]`);
    slot?.replaceChildren(...part.childNodes);
    slot?.removeAttribute('data-menu-slot');
  }
  loaded = true;
}

/** Fetches the menus once (again after a failure, which the open panel says). */
export function loadHeaderMenus(): Promise<void> {
  const src = document.querySelector<HTMLElement>('[data-menu-src]')?.dataset['menuSrc'];
  if (!src || headerMenusLoaded()) return Promise.resolve();
  return (loading ??= fetchMenus(src).catch((err: unknown) => {
    loading = undefined;
    say(FAILED);
    console.error('The header menus could not be loaded', err);
    throw err;
  }));
}

/**
 * The boot script's part: fetch at the first sign of a visitor (then at idle after load), or at
 * once when the navigation is hovered, focused or tapped.
 */
export function prefetchHeaderMenus() {
  const start = () => {
    if (!loading) say(PENDING);
    loadHeaderMenus().catch(() => {
      // said in the panel and logged by loadHeaderMenus; the next hover or tap tries again
    });
  };
  for (const el of document.querySelectorAll('.site-header__nav, .mnav-toggle')) {
    for (const type of ['pointerenter', 'pointerdown', 'focusin'] as const) el.addEventListener(type, start, { passive: true });
  }
  afterFirstSign(start);
}

// The web fonts come after the first page (docs/decisions/0052). A visitor's first page paints,
// and stays, in metric-matched local faces ('Inter Fallback', 'Fraunces Fallback':
// src/styles/fonts.css), so the fonts' 85 KB do not compete with the page's own image on a slow
// connection, and nothing moves when they arrive: once that page has loaded, both faces download
// into the browser's cache, and a flag remembers it. On every later page the inline script of
// src/components/Fonts.astro reads the flag and sets one class on <html> before the first paint,
// and the fonts come from the cache. (Swapping them in on the first page moved its headings:
// Lighthouse counted a layout shift of 0.19 on an experience page.)
export const FONTS_CLASS = 'wf';
export const FONTS_KEY = 'verdant-fonts';
/** The faces the first view uses: the body face and the display face's heading weight. */
export const FIRST_FACES = ['1em "Inter Variable"', '500 1em "Fraunces Variable"'] as const;

type FontsWindow = Pick<Window, 'addEventListener' | 'setTimeout'> & {
  document: Pick<Document, 'readyState'> & { documentElement: { classList: Pick<DOMTokenList, 'contains'> }; fonts: Pick<FontFaceSet, 'load'> };
  localStorage: Pick<Storage, 'setItem'>;
};

/** Fetches the faces into the cache, then sets the flag (only when every face arrived). */
export async function cacheWebFonts(w: FontsWindow = window): Promise<boolean> {
  const loads = await Promise.allSettled(FIRST_FACES.map((face) => w.document.fonts.load(face)));
  let all = true;
  for (const [i, r] of loads.entries()) {
    // The pages stay readable in their fallback faces; the console says which face failed.
    if (r.status === 'rejected' || r.value.length === 0) {
      all = false;
      console.warn(`web font ${FIRST_FACES[i]} did not load`, r.status === 'rejected' ? r.reason : 'no face matched');
    }
  }
  if (!all) return false;
  try {
    w.localStorage.setItem(FONTS_KEY, '1');
    return true;
  } catch {
    // Storage refused (private mode, quota): the next page stays in the fallbacks too.
    return false;
  }
}

/**
 * How long after the load event: the page's own last paints (its largest image may paint after
 * the load event) come first. The fonts are for the next page; nothing waits for them.
 */
export const AFTER_LOAD_MS = 1500;

/** A while after the load event, unless the fonts are already on. */
export function cacheWebFontsAfterLoad(w: FontsWindow = window): void {
  if (w.document.documentElement.classList.contains(FONTS_CLASS)) return;
  const start = () => w.setTimeout(() => void cacheWebFonts(w), AFTER_LOAD_MS);
  if (w.document.readyState === 'complete') start();
  else w.addEventListener('load', start, { once: true });
}

// Work that only a visitor who is there needs (prefetching island code, fetching the header
// menus; docs/decisions/0048) starts at the first sign of one — the pointer moving, a touch, a
// scroll, a key — and then waits for an idle moment after load. A page that is only loaded and
// looked at (or measured: Lighthouse's first-view bytes) fetches none of it.
const SIGNS = ['pointermove', 'pointerdown', 'touchstart', 'scroll', 'keydown', 'focusin'] as const;

const waiting: (() => void)[] = [];
let seen = false;

function idle(run: () => void) {
  const go = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 200));
  if (document.readyState === 'complete') go();
  else addEventListener('load', go, { once: true });
}

function onSign() {
  if (seen) return;
  seen = true;
  for (const type of SIGNS) removeEventListener(type, onSign, { capture: true });
  for (const run of waiting.splice(0)) idle(run);
}

/** Runs `run` at idle after load, once the visitor has shown a first sign of being there. */
export function afterFirstSign(run: () => void): void {
  if (seen) {
    idle(run);
    return;
  }
  if (waiting.length === 0) for (const type of SIGNS) addEventListener(type, onSign, { capture: true, passive: true });
  waiting.push(run);
}

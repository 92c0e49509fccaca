// The first tap on a sleeping island is answered in plain HTML, before React is there
// (docs/decisions/0027). An island's trigger names what it opens with aria-controls; the island
// renders that panel in its server HTML, closed: a <dialog>, or an element inside a `hidden`
// one (which may be a placeholder of the real content, rendered identically by the server and by
// the island's first render, so hydration matches). The directive opens it on the tap and holds
// the click; once the island is live the click is replayed and React opens its own state over
// what is already on screen (React leaves attributes it did not expect alone when hydrating).
// A second tap on the trigger before that closes the panel again and nothing is replayed.
//
// And the island's code is fetched at idle after load, once the visitor shows a first sign of
// being there (pointer, touch, scroll or key; docs/decisions/0048) — modulepreload, the module
// graph read the way scripts/size.ts reads it: nothing of it runs before the visitor touches the island.

import { afterFirstSign } from '../lib/first-sign.ts';
import { cycleFocus } from '../lib/focus-cycle.ts';

export type Early = {
  trigger: HTMLElement;
  /** Closes the panel again (a second tap on the trigger while the island still loads). */
  undo: () => void;
  /**
   * The island is live: stop watching, and say whether React still has to be told the panel is
   * open (the replayed click was not the trigger's, or the panel was opened by focus).
   */
  handOver: (replayed: HTMLElement | null) => HTMLElement | null;
};

const setExpanded = (trigger: HTMLElement, open: boolean) => trigger.setAttribute('aria-expanded', String(open));

export function openEarly(island: Element, trigger: HTMLElement, onClosed: () => void): Early | null {
  if (trigger.getAttribute('aria-expanded') !== 'false' || trigger.getAttribute('aria-disabled') === 'true') return null;
  const id = trigger.getAttribute('aria-controls');
  const controlled = id ? document.getElementById(id) : null;
  if (!controlled || !island.contains(controlled)) return null;
  const button = trigger instanceof HTMLButtonElement;

  // Until React is there, Escape and a press outside the island (or outside a dialog) close the
  // panel, as they will after; Escape from inside the panel puts focus back on its trigger, as
  // the island does (focus would otherwise be lost with the hidden panel). A dialog keeps Tab
  // inside it, as the modal it becomes at the hand-over will (a popover does not).
  const watch = (inside: Element, shown: Element, close: () => void, keepsFocus = false) => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Tab' && keepsFocus) return cycleFocus(shown, event);
      if (event.key !== 'Escape') return;
      const focusWasInside = document.activeElement instanceof Node && shown.contains(document.activeElement);
      close();
      onClosed();
      if (focusWasInside) trigger.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && inside.contains(event.target)) return;
      close();
      onClosed();
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('pointerdown', onPointer, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('pointerdown', onPointer, true);
    };
  };

  if (controlled instanceof HTMLDialogElement) {
    if (controlled.open || typeof controlled.showPopover !== 'function') return null;
    // Shown as a manual popover, not with showModal(): the same top layer and backdrop, but a
    // modal dialog makes the rest of the page inert, which restyles all of it (on a long page
    // 100–200 ms of a slow phone's main thread, between the tap and the frame that shows it).
    // It becomes modal at the hand-over, in one task, before React's replayed click.
    controlled.popover = 'manual';
    controlled.showPopover();
    setExpanded(trigger, true);
    // A tap on the backdrop lands on the dialog itself: inside, as with a modal one.
    const stop = watch(controlled, controlled, () => close(), true);
    const close = () => {
      stop();
      controlled.hidePopover();
      controlled.removeAttribute('popover');
      setExpanded(trigger, false);
    };
    return {
      trigger,
      undo: close,
      handOver: (replayed) => {
        stop();
        const shown = controlled.matches(':popover-open');
        if (shown) controlled.hidePopover();
        controlled.removeAttribute('popover');
        if (shown) controlled.showModal();
        return controlled.open && button && replayed !== trigger ? trigger : null;
      },
    };
  }

  const panel = controlled.closest('[hidden]');
  if (!(panel instanceof HTMLElement) || !island.contains(panel)) return null;
  const stop = watch(island, panel, () => close());
  const close = () => {
    stop();
    panel.hidden = true;
    setExpanded(trigger, false);
  };
  panel.hidden = false;
  setExpanded(trigger, true);
  return {
    trigger,
    undo: close,
    handOver: (replayed) => {
      stop();
      return button && replayed !== trigger ? trigger : null;
    },
  };
}

const preloaded = new Set<string>();
const IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{},\s]+?\s*from\s*)?["']([^"']+\.m?js)["']/g;

/** Adds a modulepreload for the module and, once its text is in, for what it imports statically. */
async function preload(url: string): Promise<void> {
  if (preloaded.has(url)) return;
  preloaded.add(url);
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = url;
  document.head.append(link);
  // The same request as the link's (same URL, mode and credentials): answered from the cache.
  const res = await fetch(url);
  if (!res.ok) return;
  const code = await res.text();
  await Promise.all([...code.matchAll(IMPORT)].map((m) => preload(new URL(m[1]!, new URL(url, location.href)).pathname)));
}

export function prefetchIsland(el: Element): void {
  const urls = ['component-url', 'renderer-url'].map((a) => el.getAttribute(a)).filter((u): u is string => Boolean(u?.startsWith('/')));
  const run = () => {
    for (const url of urls) {
      // A prefetch is only a head start: if it fails, the island loads its code when touched.
      preload(url).catch((err: unknown) => console.warn('Prefetching an island’s code failed; it loads when touched', url, err));
    }
  };
  // Not on a page nobody touches: at the first sign of a visitor (docs/decisions/0048).
  afterFirstSign(run);
}

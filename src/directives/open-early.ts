// The first tap on a sleeping island is answered in plain HTML, before React is there
// (docs/decisions/0023). An island's trigger names what it opens with aria-controls; the island
// renders that panel in its server HTML, closed: a <dialog>, or an element inside a `hidden`
// one (which may be a placeholder of the real content, rendered identically by the server and by
// the island's first render, so hydration matches). The directive opens it on the tap and holds
// the click; once the island is live the click is replayed and React opens its own state over
// what is already on screen (React leaves attributes it did not expect alone when hydrating).
// A second tap on the trigger before that closes the panel again and nothing is replayed.
//
// And the island's code is fetched at idle after load (modulepreload, the module graph read the
// way scripts/size.ts reads it): nothing of it runs before the visitor touches the island.

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

  if (controlled instanceof HTMLDialogElement) {
    if (controlled.open) return null;
    // Escape closes a modal dialog natively, island or not.
    const onClose = () => {
      setExpanded(trigger, false);
      onClosed();
    };
    controlled.addEventListener('close', onClose, { once: true });
    controlled.showModal();
    setExpanded(trigger, true);
    return {
      trigger,
      undo: () => {
        controlled.removeEventListener('close', onClose);
        controlled.close();
        setExpanded(trigger, false);
      },
      handOver: (replayed) => {
        controlled.removeEventListener('close', onClose);
        return controlled.open && button && replayed !== trigger ? trigger : null;
      },
    };
  }

  const panel = controlled.closest('[hidden]');
  if (!(panel instanceof HTMLElement) || !island.contains(panel)) return null;
  // Until React is there, Escape and a press outside the island close the panel, as they will after.
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    close();
    onClosed();
  };
  const onPointer = (event: PointerEvent) => {
    if (event.target instanceof Node && island.contains(event.target)) return;
    close();
    onClosed();
  };
  const stop = () => {
    document.removeEventListener('keydown', onKey, true);
    document.removeEventListener('pointerdown', onPointer, true);
  };
  const close = () => {
    stop();
    panel.hidden = true;
    setExpanded(trigger, false);
  };
  document.addEventListener('keydown', onKey, true);
  document.addEventListener('pointerdown', onPointer, true);
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
  const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 200));
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}

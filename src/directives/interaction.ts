// client:interaction — hydrate an island on its first hover, focus, click or touch.
// The island's HTML is pre-rendered, so it looks complete before any JavaScript loads.
// `client:interaction="shared"` marks islands that show shared state (cart badge, account
// menu): they hydrate as soon as any island hydrates, so a store change reaches them.
// A click that lands before hydration finishes is replayed once the island is live.
import type { ClientDirective } from 'astro';

const EVENTS = ['pointerover', 'pointerdown', 'focusin', 'touchstart', 'click'] as const;
const HYDRATED = 'verdant:hydrated';

const interaction: ClientDirective = (load, opts, el) => {
  let started = false;
  let pendingClick: HTMLElement | null = null;

  const hydrate = async () => {
    if (started) return;
    started = true;
    for (const type of EVENTS) el.removeEventListener(type, onEvent, true);
    window.removeEventListener(HYDRATED, hydrate);
    const run = await load();
    await run();
    window.dispatchEvent(new Event(HYDRATED));
    const target = pendingClick;
    pendingClick = null;
    // Let React attach its listeners, then replay the click the visitor already made.
    if (target?.isConnected) requestAnimationFrame(() => target.click());
  };

  function onEvent(event: Event) {
    if (event.type === 'click' && event.target instanceof HTMLElement) {
      const actionable = event.target.closest('button, [role="button"], summary');
      if (actionable instanceof HTMLElement && el.contains(actionable)) {
        event.preventDefault();
        event.stopPropagation();
        pendingClick = actionable;
      }
    }
    void hydrate();
  }

  for (const type of EVENTS) el.addEventListener(type, onEvent, { capture: true, passive: type !== 'click' });
  if (opts.value === 'shared') window.addEventListener(HYDRATED, hydrate, { once: true });
};

export default interaction;

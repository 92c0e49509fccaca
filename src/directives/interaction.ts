// client:interaction — hydrate an island on its first hover, focus, click or touch.
// The island's HTML is pre-rendered, so it looks complete before any JavaScript loads.
// `client:interaction="shared"` marks islands that show shared state (cart badge, account
// menu): they hydrate as soon as any island hydrates, so a store change reaches them.
// Clicks on buttons are held until the island is live and then replayed, so the first click
// works even when it lands while the island's code is still loading (hover starts the load).
import type { ClientDirective } from 'astro';

const EVENTS = ['pointerover', 'pointerdown', 'focusin', 'touchstart', 'click'] as const;
const HYDRATED = 'verdant:hydrated';

const interaction: ClientDirective = (load, opts, el) => {
  let state: 'idle' | 'loading' | 'live' = 'idle';
  let pendingClick: HTMLElement | null = null;

  const hydrate = async () => {
    if (state !== 'idle') return;
    state = 'loading';
    window.removeEventListener(HYDRATED, hydrate);
    const run = await load();
    await run();
    state = 'live';
    for (const type of EVENTS) el.removeEventListener(type, onEvent, true);
    window.dispatchEvent(new Event(HYDRATED));
    const target = pendingClick;
    pendingClick = null;
    // Let React attach its listeners, then replay the click the visitor already made.
    if (target?.isConnected) requestAnimationFrame(() => target.click());
  };

  function onEvent(event: Event) {
    if (state === 'live') return;
    if (event.type === 'click' && event.target instanceof Element) {
      const actionable = event.target.closest('button, [role="button"]');
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

// client:interaction — hydrate an island on its first hover, focus, click or touch.
// The island's HTML is pre-rendered, so it looks complete before any JavaScript loads.
// `client:interaction="shared"` marks islands that show shared state (cart badge, account
// menu): they hydrate as soon as any island hydrates, so a store change reaches them.
// Clicks on buttons (and Enter's submit) are held until the island is live and then replayed
// once, so the first click works even when it lands while the island's code is still loading
// (hover starts the load). What the visitor typed, ticked or autofilled before that is adopted
// by the live island (adopt-fields.ts, docs/decisions/0015).
import type { ClientDirective } from 'astro';
import { watchFields } from './adopt-fields.ts';

const EVENTS = ['pointerover', 'pointerdown', 'focusin', 'touchstart', 'click', 'submit'] as const;
const HYDRATED = 'verdant:hydrated';

const interaction: ClientDirective = (load, opts, el) => {
  let state: 'idle' | 'loading' | 'live' = 'idle';
  let pendingClick: HTMLElement | null = null;
  let pendingSubmit: HTMLFormElement | null = null;

  const hydrate = async () => {
    if (state !== 'idle') return;
    state = 'loading';
    window.removeEventListener(HYDRATED, hydrate);
    const fields = watchFields(el);
    const run = await load();
    await run();
    state = 'live';
    for (const type of EVENTS) el.removeEventListener(type, onEvent, true);
    window.dispatchEvent(new Event(HYDRATED));
    // Let React attach its listeners, then adopt the fields and replay the visitor's click or submit.
    // The replay waits one more task, so the state the adoption set has rendered first.
    requestAnimationFrame(() => {
      fields.adopt();
      setTimeout(() => {
        const click = pendingClick;
        const form = pendingSubmit;
        pendingClick = pendingSubmit = null;
        if (click?.isConnected) click.click();
        else if (form?.isConnected) form.requestSubmit();
      });
    });
  };

  function onEvent(event: Event) {
    if (state === 'live') return;
    if (event.type === 'submit' && event.target instanceof HTMLFormElement) {
      // Enter in a form without a submit button (with one, its held click stands for it).
      event.preventDefault();
      event.stopPropagation();
      if (!pendingClick) pendingSubmit = event.target;
      return;
    }
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

  for (const type of EVENTS) el.addEventListener(type, onEvent, { capture: true, passive: type !== 'click' && type !== 'submit' });
  if (opts.value === 'shared') window.addEventListener(HYDRATED, hydrate, { once: true });
};

export default interaction;

// Loads the results code when it is needed: at once on /search (a shell: nothing to show
// without it) and on a landing page whose URL carries filters; otherwise on the first
// interaction with the list (its first page was pre-rendered). Keeps first visits light.
import { hasFilters, readState } from './state.ts';

const root = document.querySelector<HTMLElement>('[data-results-root]');
if (root) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    import('./results.ts')
      .then((m) => m.mountResults(root))
      .catch((err: unknown) => {
        console.error('Loading the filters failed', err);
        const error = root.querySelector<HTMLElement>('[data-error]');
        if (error) {
          error.textContent = 'Couldn’t load the filters. Please reload the page.';
          error.hidden = false;
        }
      });
  };
  if (root.dataset['prerendered'] === undefined || hasFilters(readState(location.search))) start();
  else for (const type of ['pointerover', 'focusin', 'pointerdown', 'touchstart']) root.addEventListener(type, start, { once: true, passive: true });
}

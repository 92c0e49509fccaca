// The overlays' dialogs that nobody sees until asked (the cookie preference centre, the
// rate-limit and log-in dialogs) are not in every page: they come with the header menus' file
// (docs/decisions/0051), fetched at the first sign of a visitor, or here, when one is opened
// before that. Each is set up once, the first time it is found.
import { loadHeaderMenus } from '../header/menu-fragment.ts';
import type { Modal } from './modal.ts';

export type DeferredDialog = {
  /** The dialog and its modal, fetched first if the page does not hold it yet. */
  ready: () => Promise<{ dialog: HTMLDialogElement; modal: Modal }>;
  /** Closes it if it is open (nothing to do if it never came). */
  close: () => void;
};

export function deferredDialog(selector: string, setUp: (dialog: HTMLDialogElement) => Modal): DeferredDialog {
  let found: { dialog: HTMLDialogElement; modal: Modal } | undefined;
  const take = (): typeof found => {
    const dialog = document.querySelector<HTMLDialogElement>(selector);
    if (dialog) found = { dialog, modal: setUp(dialog) };
    return found;
  };
  return {
    ready: async () => {
      if (found ?? take()) return found!;
      await loadHeaderMenus();
      const now = found ?? take();
      if (!now) throw new Error(`${selector} is neither in the page nor in the menus' file`);
      return now;
    },
    close: () => found?.modal.close(),
  };
}

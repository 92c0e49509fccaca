// The overlays' dialogs that nobody sees until asked (the cookie preference centre, the
// rate-limit and log-in dialogs) are not in every page: they come with the header menus' file
// (docs/decisions/0051), fetched at the first sign of a visitor, or here, when one is opened
// before that. Each is set up once, the first time it is found, and follows the store that asks
// for it.
import type { ReadableAtom } from 'nanostores';
import { showNotice } from '../../stores/ui.ts';
import { loadHeaderMenus } from '../header/menu-fragment.ts';
import type { Modal } from './modal.ts';

type DialogOptions = {
  selector: string;
  /** Open while true, closed when false. */
  asked: ReadableAtom<boolean>;
  setUp: (dialog: HTMLDialogElement) => Modal;
  /** Each time, just before it opens (the preference centre fills in the saved choice). */
  beforeOpen?: (dialog: HTMLDialogElement) => void;
  /** Each time, once it is open (the log-in dialog loads its form). */
  afterOpen?: (dialog: HTMLDialogElement) => Promise<void>;
  /** Said in the notice bar when it cannot be opened (its file or its form did not load). */
  failure: string;
  /** Puts the asking store back after a failure. */
  reset?: () => void;
};

export function deferredDialog({ selector, asked, setUp, beforeOpen, afterOpen, failure, reset }: DialogOptions): void {
  let found: { dialog: HTMLDialogElement; modal: Modal } | undefined;
  const take = (): typeof found => {
    const dialog = document.querySelector<HTMLDialogElement>(selector);
    if (dialog) found = { dialog, modal: setUp(dialog) };
    return found;
  };
  const ready = async () => {
    if (found ?? take()) return found!;
    await loadHeaderMenus();
    const now = found ?? take();
    if (!now) throw new Error(`${selector} is neither in the page nor in the menus' file`);
    return now;
  };
  asked.subscribe((open) => {
    if (!open) return found?.modal.close();
    ready()
      .then(async ({ dialog, modal }) => {
        if (!asked.get()) return;
        beforeOpen?.(dialog);
        modal.open();
        await afterOpen?.(dialog);
      })
      .catch((err: unknown) => {
        console.error(`${selector} could not be opened`, err);
        reset?.();
        showNotice({ kind: 'alert', text: failure });
      });
  });
}

// Native <dialog> modals for the overlays: showModal() makes the page behind inert and puts
// the dialog in the top layer; this adds a Tab wrap at both ends and, for dialogs that must
// be answered (the cookie preference centre), refuses Escape. The backdrop never closes a
// dialog here (native behaviour); the newsletter pop-up adds its own backdrop click.
import { cycleFocus } from '../../lib/focus-cycle.ts';

export type Modal = { open: () => void; close: () => void; dispose: () => void };

export function setUpModal(dialog: HTMLDialogElement, opts: { locked?: boolean; onClose?: () => void } = {}): Modal {
  const controller = new AbortController();
  const { signal } = controller;
  dialog.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Escape' && opts.locked) {
        event.preventDefault();
        return;
      }
      if (event.key === 'Tab') cycleFocus(dialog, event);
    },
    { signal },
  );
  // Escape is a close request: a locked dialog refuses it.
  dialog.addEventListener('cancel', (event) => opts.locked && event.preventDefault(), { signal });
  if (opts.onClose) dialog.addEventListener('close', opts.onClose, { signal });
  return {
    open: () => {
      if (!dialog.open) dialog.showModal();
    },
    close: () => {
      if (dialog.open) dialog.close();
    },
    dispose: () => controller.abort(),
  };
}

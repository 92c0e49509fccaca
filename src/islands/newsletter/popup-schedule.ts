// When the newsletter pop-up appears (spec §4, §6, §9): for guests only, once, 30 s after the
// page loads, unless it was shown before (localStorage `hidden_subscription_poup`). A modal
// already open (cookie preferences, rate limit) goes first: the pop-up waits for it to close.
export const POPUP_DELAY_MS = 30_000;
export const POPUP_SEEN_KEY = 'hidden_subscription_poup';
/** The login state kept by the accounts flow (spec §4 "Login"): present means logged in. */
export const ACCESS_TOKEN_KEY = 'access_token';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

export function shouldOfferPopup(storage: KeyValueStore): boolean {
  return !storage.getItem(ACCESS_TOKEN_KEY) && !storage.getItem(POPUP_SEEN_KEY);
}

export function schedulePopup(storage: KeyValueStore, show: () => Promise<void>, delayMs = POPUP_DELAY_MS, doc: Document = document): void {
  if (!shouldOfferPopup(storage)) return;
  const fire = () => {
    if (!shouldOfferPopup(storage)) return; // logged in, or shown in another tab meanwhile
    const busy = doc.querySelector('dialog[open]');
    if (busy) {
      busy.addEventListener('close', () => setTimeout(fire, 0), { once: true });
      return;
    }
    show().then(
      () => storage.setItem(POPUP_SEEN_KEY, 'true'),
      (err: unknown) => console.error('The newsletter pop-up could not load', err),
    );
  };
  setTimeout(fire, delayMs);
}

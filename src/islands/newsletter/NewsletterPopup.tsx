// The newsletter pop-up (spec §4): idle → error or success; after success 'Yay, you're in!'
// with the welcome gift for the visitor's geolocated country, shown once its image loads.
// Loaded only when its 30 s timer fires (popup-schedule.ts), never on page load.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { getInitialData } from '../../api-client/initial-data.ts';
import { readCurrencyCookie } from '../../stores/currency-cookie.ts';
import { setUpModal } from '../overlays/modal.ts';
import { subscribeEmail } from './subscribe.ts';
import { countryFromCurrency, formatGift, welcomeGift, type WelcomeGift } from './welcome-gift.ts';

export const POPUP_IMAGE = '/newsletter.webp';
export const WELCOME_IMAGE = '/newsletter-welcome.webp';

type State = { kind: 'idle' | 'sending' | 'subscribed' } | { kind: 'error' | 'existed'; text: string };

async function geolocatedGift(): Promise<WelcomeGift> {
  try {
    const { data } = await getInitialData();
    return welcomeGift(data.currentGeolocation.countryCode);
  } catch (err) {
    console.warn('Geolocation unavailable; using the currency hint', err);
    return welcomeGift(countryFromCurrency(readCurrencyCookie(document.cookie)));
  }
}

export default function NewsletterPopup({ onClosed }: { onClosed: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [gift, setGift] = useState<WelcomeGift | null>(null);
  const [imageLoaded, setImageLoaded] = useState(false);
  const id = useId();
  const welcomed = state.kind === 'subscribed' && gift !== null && imageLoaded;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    const modal = setUpModal(dialog, { onClose: onClosed });
    modal.open();
    return () => modal.dispose();
  }, [onClosed]);

  // The thank-you replaces the form that had focus: move focus to its title.
  useEffect(() => {
    if (welcomed) titleRef.current?.focus();
  }, [welcomed]);

  const close = () => dialogRef.current?.close();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state.kind === 'sending') return;
    setState({ kind: 'sending' });
    const outcome = await subscribeEmail(inputRef.current?.value ?? '', 'popup');
    if (outcome.kind === 'subscribed') {
      setState({ kind: 'subscribed' });
      setGift(await geolocatedGift());
    } else {
      setState({ kind: outcome.kind, text: outcome.text });
      if (outcome.kind === 'error') inputRef.current?.focus();
    }
  };

  const busy = state.kind === 'sending' || (state.kind === 'subscribed' && !welcomed);

  return (
    <dialog
      ref={dialogRef}
      className="vd-modal nl-popup"
      aria-labelledby={`${id}-title`}
      onClick={(event) => {
        if (event.target === event.currentTarget) close(); // the backdrop
      }}
    >
      <button type="button" className="modal-close" onClick={close} aria-label="Close">
        <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.75" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
        </svg>
      </button>
      <div className="nl-popup__media">
        <img src={POPUP_IMAGE} alt="" width={720} height={540} hidden={welcomed} />
        {state.kind === 'subscribed' && (
          <img src={WELCOME_IMAGE} alt="" width={720} height={540} hidden={!welcomed} onLoad={() => setImageLoaded(true)} onError={() => setImageLoaded(true)} />
        )}
      </div>
      {welcomed ? (
        <div className="nl-popup__body">
          <p className="eyebrow">Welcome to Verdant</p>
          <h2 id={`${id}-title`} tabIndex={-1} ref={titleRef}>
            Yay, you're in!
          </h2>
          <p>
            Here's your welcome gift: <strong>{formatGift(gift)} off</strong> your first experience with us.
          </p>
          <p className="muted">Look out for Field Notes in your inbox: new trips, stories from our hosts and the odd secret find.</p>
          <button type="button" className="button" onClick={close}>
            Start exploring
          </button>
        </div>
      ) : (
        <div className="nl-popup__body">
          <p className="eyebrow">Field Notes</p>
          <h2 id={`${id}-title`}>Wild places, straight to your inbox</h2>
          <p>New experiences from independent hosts across Asia, seasonal guides, and a welcome gift for your first trip.</p>
          <form className="subscribe-form" onSubmit={submit} noValidate aria-busy={busy}>
            <label htmlFor={`${id}-email`} className="visually-hidden">
              Email address
            </label>
            <div className="subscribe-form__row">
              <input
                ref={inputRef}
                id={`${id}-email`}
                name="email"
                type="email"
                autoComplete="email"
                placeholder="Your email address"
                required
                aria-invalid={state.kind === 'error'}
                aria-describedby={`${id}-message`}
              />
              <button type="submit" className="button button--accent" disabled={busy}>
                {busy ? 'Subscribing…' : 'Subscribe'}
              </button>
            </div>
            <p id={`${id}-message`} className="subscribe-form__message" data-tone={state.kind} role="status">
              {state.kind === 'error' || state.kind === 'existed' ? state.text : ''}
            </p>
          </form>
          <p className="nl-popup__fine">
            No spam; unsubscribe at any time. Read our <a href="/privacy">privacy policy</a>.
          </p>
        </div>
      )}
    </dialog>
  );
}

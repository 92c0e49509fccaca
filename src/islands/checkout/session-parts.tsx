// Who is booking, as checkout shows it (ADR 0003): the guest's line (or, when the session this
// page had just ended, a plain note saying so, before the form is filled), log-in in the modal so
// nothing typed is lost, and the member's name and e-mail filled in once they are known.
import { useStore } from '@nanostores/react';
import { useEffect, type MouseEvent } from 'react';
import { ApiError } from '../../api-client/client.ts';
import { clearUserToken } from '../../api-client/user-token.ts';
import { $sessionEnded, $sessionState, $user, sessionEnded } from '../../stores/user.ts';
import { openLoginModal } from '../../stores/ui.ts';

export const SESSION_ENDED_AT_PAY = 'You’ve been logged out. Log in again to pay: what you typed stays.';

function openLogin(e: MouseEvent<HTMLAnchorElement>) {
  // The modal keeps this page, and with it everything typed; the link is the no-script way.
  e.preventDefault();
  openLoginModal();
}

export function GuestNote() {
  const user = useStore($user);
  const state = useStore($sessionState);
  const ended = useStore($sessionEnded);
  if (user || state !== 'ready') return null;
  const login = (
    <a className="text-link" href="/users/login?redirect_path=%2Fcheckout" onClick={openLogin}>
      Log in
    </a>
  );
  return ended ? (
    <p className="checkout__guest" role="status" data-testid="session-ended">
      You’ve been logged out, so you’re booking as a guest. {login} to use your credits and gift codes; what you type here stays.
    </p>
  ) : (
    <p className="checkout__guest">
      Booking as a guest. Have an account? {login} to use your credits and gift codes.
    </p>
  );
}

/**
 * Checkout without a bag because the session this page had just ended (a member's bag is theirs
 * alone): said at once, with the log-in that brings the bag back.
 */
export function LoggedOutBag() {
  return (
    <div className="checkout-empty" data-testid="session-ended">
      <p className="eyebrow">Checkout</p>
      <h1>You’ve been logged out</h1>
      <p className="lead">Log in again to see your bag and book with your account.</p>
      <p>
        <a className="button" href="/users/login?redirect_path=%2Fcheckout" onClick={openLogin}>
          Log in
        </a>
      </p>
    </div>
  );
}

type Contact = { name: string; email: string; phone: string };

/** Fills the contact's empty name and e-mail from the signed-in member, never over typed text. */
export function usePrefilledContact(setContact: (update: (c: Contact) => Contact) => void) {
  const user = useStore($user);
  useEffect(() => {
    if (!user) return;
    setContact((c) => ({ ...c, name: c.name.trim() ? c.name : user.name, email: c.email.trim() ? c.email : user.email }));
  }, [user, setContact]);
}

/**
 * A pay call refused because the session ended while the form was open (after the renewal in
 * payRequest also failed): the page forgets the member but keeps the bag and the form, and
 * answers the words to show by the pay button; the note above the form offers the log-in modal.
 */
export function sessionEndedAtPay(err: unknown): ApiError | null {
  if (!(err instanceof ApiError && err.status === 401 && $user.get())) return null;
  clearUserToken();
  sessionEnded({ keepCart: true });
  return new ApiError(401, SESSION_ENDED_AT_PAY);
}

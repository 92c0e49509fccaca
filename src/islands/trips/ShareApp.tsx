// /s/{id}: a shared trip. Anyone with the link sees the plan; a signed-in friend joins, declines
// or leaves (spec §7 /join, /decline, /leave).
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { SharedTrip } from '../../contract/trips.ts';
import { errorMessage } from '../../api-client/client.ts';
import { answerSharedTrip, getSharedTrip } from '../../api-client/trips.ts';
import { whenText } from '../../lib/booking-format.ts';
import { openLoginModal } from '../../stores/ui.ts';
import { $sessionState, $user } from '../../stores/user.ts';
import { Loading, Problem } from '../account/parts.tsx';
import { useApi } from '../account/use-api.ts';
import '../account/account.css';
import './trips.css';

export function shareIdOf(pathname: string): string | null {
  const m = /^\/s\/([\w-]{8,64})\/?$/.exec(pathname);
  return m ? (m[1] as string) : null;
}

export default function ShareApp() {
  const id = shareIdOf(window.location.pathname);
  const session = useStore($sessionState);
  if (!id) return <Problem text="This share link is not complete. Ask your friend to send it again." />;
  if (session !== 'ready') return <Loading label="Loading the trip…" />;
  return <Shared id={id} />;
}

function Shared({ id }: { id: string }) {
  const user = useStore($user);
  const { state, reload, set } = useApi(() => getSharedTrip(id), `${id}:${user?.id ?? ''}`);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (state.status === 'loading') return <Loading label="Loading the trip…" />;
  if (state.status === 'error') return <Problem text={state.notFound ? 'This shared trip does not exist, or its link has changed.' : state.error} {...(state.notFound ? {} : { onRetry: reload })} />;
  const s: SharedTrip = state.data.share;
  const answer = async (a: 'join' | 'decline' | 'leave') => {
    setBusy(true);
    setError(null);
    try {
      const { data } = await answerSharedTrip(a, s.id);
      set(data);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const coming = s.members.filter((m) => m.status === 'joined');
  return (
    <article className="share">
      {s.image && <img className="share__img" src={`/_image?url=${encodeURIComponent(s.image)}&w=1080`} alt="" width={1080} height={608} />}
      <div className="share__body">
        <p className="eyebrow">{s.hostName} invites you</p>
        <h1>{s.optionName}</h1>
        <p className="lead">
          {whenText(s)} · {s.city === s.country ? s.city : `${s.city}, ${s.country}`}
        </p>
        <p>
          {coming.length === 0 ? 'Nobody has joined yet.' : `Coming: ${[s.hostName, ...coming.map((m) => m.name)].join(', ')}.`}
        </p>
        {s.myStatus && (
          <p className="trip-note" role="status">
            {s.myStatus === 'joined' ? 'You’re in! We’ve told ' + s.hostName + '.' : s.myStatus === 'declined' ? 'You said you can’t make it.' : 'You left this trip.'}
          </p>
        )}
        {error && (
          <p className="form-field__error" role="alert">
            {error}
          </p>
        )}
        <div className="trip-actions">
          {s.isHost ? (
            <p className="acct-muted">This is your trip: send this page’s link to your friends.</p>
          ) : !user ? (
            <button type="button" className="button" onClick={openLoginModal}>
              Log in to join
            </button>
          ) : !s.open ? (
            <p className="acct-muted">This trip is no longer open to join.</p>
          ) : (
            <>
              {s.myStatus !== 'joined' && (
                <button type="button" className="button" onClick={() => answer('join')} disabled={busy} aria-busy={busy}>
                  Join the trip
                </button>
              )}
              {s.myStatus !== 'declined' && s.myStatus !== 'joined' && (
                <button type="button" className="button button--ghost" onClick={() => answer('decline')} disabled={busy}>
                  Can’t make it
                </button>
              )}
              {s.myStatus === 'joined' && (
                <button type="button" className="button button--ghost" onClick={() => answer('leave')} disabled={busy}>
                  Leave the trip
                </button>
              )}
            </>
          )}
          <a className="text-link" href={`/experiences/${s.optionSlug}`}>
            About this experience
          </a>
        </div>
      </div>
    </article>
  );
}

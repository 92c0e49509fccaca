// /reviews/new?trip={id}: the review form for one of the signed-in traveller's completed trips.
// Any other /reviews/* path (the shell's family) says it is not a page.
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { Trip } from '../../contract/trips.ts';
import { getTrip } from '../../api-client/trips.ts';
import { formatDate } from '../../lib/format-date.ts';
import { tripHref } from '../../lib/trip-pages.ts';
import { openLoginModal } from '../../stores/ui.ts';
import { $sessionState, $user } from '../../stores/user.ts';
import { Loading, Problem } from '../account/parts.tsx';
import { useApi } from '../account/use-api.ts';
import ReviewForm from './ReviewForm.tsx';
import '../auth/auth.css';
import '../account/account.css';
import './trips.css';

export default function ReviewNewApp() {
  const id = new URLSearchParams(window.location.search).get('trip') ?? '';
  const user = useStore($user);
  const session = useStore($sessionState);
  if (!/^\/reviews\/new\/?$/.test(window.location.pathname)) {
    return (
      <div className="trip-step">
        <h1>Page not found</h1>
        <p className="lead">
          To review a trip, open <a href="/account/trips">your trips</a>.
        </p>
      </div>
    );
  }
  if (session !== 'ready') return <Loading label="Loading…" />;
  if (!user) {
    return (
      <div className="trip-step">
        <p className="eyebrow">Reviews</p>
        <h1>Log in to review your trip</h1>
        <p className="account-shell__actions">
          <button type="button" className="button" onClick={openLoginModal}>
            Log In
          </button>
        </p>
      </div>
    );
  }
  if (!id) {
    return (
      <div className="trip-step">
        <h1>Which trip?</h1>
        <p className="lead">
          Open <a href="/account/trips">your trips</a> and choose “Leave a review” on a completed one.
        </p>
      </div>
    );
  }
  return <ForTrip id={id} />;
}

function ForTrip({ id }: { id: string }) {
  const { state, reload } = useApi(() => getTrip(id), id);
  const [done, setDone] = useState<Trip | null>(null);
  if (state.status === 'loading') return <Loading label="Loading your trip…" />;
  if (state.status === 'error') return <Problem text={state.notFound ? 'We can’t find this trip in your account.' : state.error} {...(state.notFound ? {} : { onRetry: reload })} />;
  const trip = done ?? state.data.trip;
  const item = trip.order.orderItem!;
  if (done) {
    return (
      <div className="trip-step">
        <p className="eyebrow">Reviews</p>
        <h1>Thank you for your review</h1>
        <p className="lead">It helps other travellers choose {item.option.name}, and the hosts who look after it.</p>
        <a className="button" href={tripHref(trip.id)}>
          Back to your trip
        </a>
      </div>
    );
  }
  const open = trip.actions.includes('review');
  return (
    <div className="trip-step">
      <p className="eyebrow">Review your trip</p>
      <h1>{item.option.name}</h1>
      <p className="lead">
        {formatDate(item.startDate)} · {item.option.city.name}
      </p>
      {open ? (
        <>
          {trip.review && <p className="acct-muted">You can review this trip until {formatDate(trip.review.windowEndsOn)}.</p>}
          <ReviewForm trip={trip} onDone={setDone} />
        </>
      ) : (
        <p className="trip-note" role="status">
          {trip.review?.rating
            ? 'You have already reviewed this trip. Thank you!'
            : trip.review && trip.status === 'completed'
              ? `Reviews for this trip closed on ${formatDate(trip.review.windowEndsOn)}, two months after it started.`
              : 'You can review this trip once it is completed.'}
        </p>
      )}
    </div>
  );
}

// /account/trips and every page under a trip (spec §2 Account). The buttons come from the trip's
// `actions`, which the server computes with the same status table it authorises with
// (src/lib/order-actions.ts), so the page never offers what the server would refuse.
import type { Trip } from '../../contract/trips.ts';
import { getTrip } from '../../api-client/trips.ts';
import { guestsText, whenText } from '../../lib/booking-format.ts';
import { tripPage, type TripPage } from '../../lib/trip-pages.ts';
import { Loading, Problem, SectionHead } from '../account/parts.tsx';
import { useApi } from '../account/use-api.ts';
import AddGuestPage from './AddGuestPage.tsx';
import { CancelDone, CancelPage } from './CancelPages.tsx';
import ChangeDatePage from './ChangeDatePage.tsx';
import Receipt from './Receipt.tsx';
import ReviewForm from './ReviewForm.tsx';
import { itemOf } from './trip-format.ts';
import TripDetail from './TripDetail.tsx';
import TripList from './TripList.tsx';
import { Done } from './TripParts.tsx';
import './trips.css';

export default function TripsSection() {
  const route = tripPage(window.location.pathname);
  if (route.page === 'list') return <TripList />;
  if (route.page === 'unknown') {
    return (
      <div className="acct-section">
        <SectionHead title="Trip not found" lede="This page isn’t part of your trips." />
        <a className="button" href="/account/trips">
          See your trips
        </a>
      </div>
    );
  }
  return <TripPages route={route} />;
}

// ── One trip and its pages ──────────────────────────────────────────────────────────
function TripPages({ route }: { route: Exclude<TripPage, { page: 'list' } | { page: 'unknown' }> }) {
  const { state, reload, set } = useApi(() => getTrip(route.id), route.id);
  if (state.status === 'loading') return <Loading label="Loading your trip…" />;
  if (state.status === 'error') {
    return state.notFound ? (
      <div className="acct-section">
        <SectionHead title="Trip not found" lede="We can’t find this trip in your account. It may belong to another account." />
        <a className="button" href="/account/trips">
          See your trips
        </a>
      </div>
    ) : (
      <Problem text={state.error} onRetry={reload} />
    );
  }
  const trip = state.data.trip;
  const setTrip = (t: Trip) => set({ trip: t });
  switch (route.page) {
    case 'detail':
      return <TripDetail trip={trip} onChange={setTrip} />;
    case 'receipt':
      return <Receipt trip={trip} />;
    case 'cancel':
      return <CancelPage trip={trip} refund={false} />;
    case 'refund':
      return <CancelPage trip={trip} refund />;
    case 'cancel_success':
    case 'refund_confirmation':
      return <CancelDone trip={trip} refund={route.page === 'refund_confirmation'} />;
    case 'add_guest':
      return <AddGuestPage trip={trip} />;
    case 'add_guest_success':
      return (
        <Done trip={trip} title="Guests added" eyebrow="Add guests">
          Your group is now {guestsText(itemOf(trip), { priceUnit: itemOf(trip).option.priceUnit })}. We’ve e-mailed your receipt.{' '}
          <a href={`/trips/${trip.id}/required_info`}>Add the new guests’ details</a> for the operator.
        </Done>
      );
    case 'change_date':
      return <ChangeDatePage trip={trip} />;
    case 'change_date_success':
      return (
        <Done trip={trip} title="Date change requested" eyebrow="Change date">
          {trip.changeRequest ? `We’ve asked the operator to move your trip to ${whenText({ ...trip.changeRequest, endDate: trip.changeRequest.endDate })}. ` : ''}
          Your new places are held, and we’ll e-mail you as soon as they answer. Until then your booking stays as it is.
        </Done>
      );
  }
}

export { ReviewForm };

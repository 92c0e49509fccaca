// Cancel a booking, or cancel it and get a refund, and the page after.
import { useState } from 'react';
import type { Trip } from '../../contract/trips.ts';
import { errorMessage } from '../../api-client/client.ts';
import { cancelOrder, requestRefund } from '../../api-client/trips.ts';
import { whenText } from '../../lib/booking-format.ts';
import { tripHref } from '../../lib/trip-pages.ts';
import { SectionHead } from '../account/parts.tsx';
import { formatPrice } from '../booking/money.ts';
import { STATUS_TEXT, go, itemOf } from './trip-format.ts';
import { Back, Done } from './TripParts.tsx';

export function CancelPage({ trip, refund }: { trip: Trip; refund: boolean }) {
  const item = itemOf(trip);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const allowed = trip.actions.includes('cancel');
  const amount = trip.refund.refundable;
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      if (refund) await requestRefund(trip.id);
      else await cancelOrder(trip.order.id);
      go(tripHref(trip.id, refund ? 'refund/confirmation' : 'cancel/success'));
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  };
  return (
    <div className="acct-section trip-step">
      <Back trip={trip} />
      <SectionHead title={refund ? 'Cancel and get a refund' : 'Cancel this booking'} lede={`${item.option.name} · ${whenText(item)}`} />
      <div className="acct-panel">
        <p>{trip.refund.terms}</p>
        {!allowed ? (
          <p className="trip-note">{trip.isGift ? 'Gifts are non-refundable' : 'This booking can no longer be cancelled online. Please contact us.'}</p>
        ) : refund && amount.amount <= 0 ? (
          <p className="trip-note">Nothing is refundable any more: {trip.refund.terms}.</p>
        ) : (
          <>
            <p className="trip-refund">
              {amount.amount > 0 ? (
                <>
                  You will get back <strong>{formatPrice(amount)}</strong> to your original payment method.
                </>
              ) : (
                <>No refund is due: the booking is past its free cancellation deadline or non-refundable.</>
              )}
            </p>
            <p className="acct-muted">Your places are released for other travellers. This cannot be undone.</p>
            {error && (
              <p className="form-field__error" role="alert">
                {error}
              </p>
            )}
            <div className="trip-actions">
              <button type="button" className="button trip-actions__danger-solid" onClick={submit} disabled={busy} aria-busy={busy}>
                {busy ? 'Cancelling…' : refund ? `Cancel and refund ${formatPrice(amount)}` : 'Cancel booking'}
              </button>
              <a className="text-link" href={tripHref(trip.id)}>
                Keep my booking
              </a>
            </div>
          </>
        )}
      </div>
    </div>
  );
}

export function CancelDone({ trip, refund }: { trip: Trip; refund: boolean }) {
  const refunded = trip.refund.refunded;
  return (
    <Done trip={trip} title={refund ? 'Refund on its way' : 'Booking cancelled'} eyebrow={refund ? 'Refund confirmation' : 'Cancelled'}>
      {trip.status === 'cancelled' ? (
        refunded.amount > 0 ? (
          <>
            We’ve refunded <strong>{formatPrice(refunded)}</strong> to your original payment method; banks usually show it within 5 to 10 working days. We’ve e-mailed you a confirmation.
          </>
        ) : (
          <>Your booking is cancelled and its places released. No refund was due under its terms.</>
        )
      ) : (
        <>This booking is {STATUS_TEXT[trip.status].toLowerCase()}.</>
      )}
    </Done>
  );
}

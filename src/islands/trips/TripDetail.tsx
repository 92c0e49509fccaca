// /trips/{id}: one trip with what the traveller can do with it, when and where, the host (and a
// conversation with them), the payment, the cancellation terms, their review and the share link.
import { useEffect, useState } from 'react';
import type { RefreshRequirementsResponse } from '../../contract/booking.ts';
import type { Trip } from '../../contract/trips.ts';
import { errorMessage, request } from '../../api-client/client.ts';
import { CUSTOMER_FIELD_LABELS } from '../../lib/required-info.ts';
import { listInWords } from '../../lib/format-listing.ts';
import { guestsText, whenText } from '../../lib/booking-format.ts';
import { formatDate, formatTime } from '../../lib/format-date.ts';
import { paymentMethodText } from '../../lib/payment-method.ts';
import { ratingLabel } from '../../lib/rating.ts';
import { messageOperatorAboutTripHref } from '../../lib/chat-pages.ts';
import { tripHref } from '../../lib/trip-pages.ts';
import { formatPrice } from '../booking/money.ts';
import { downloadCalendar } from './download-calendar.ts';
import FootprintPanel from './FootprintPanel.tsx';
import SharePanel from './SharePanel.tsx';
import { PAYMENT_TEXT, itemOf, placeOf } from './trip-format.ts';
import { PriceBreakdown, Row, StatusBadge } from './TripParts.tsx';

export default function TripDetail({ trip, onChange }: { trip: Trip; onChange: (t: Trip) => void }) {
  const item = itemOf(trip);
  const o = trip.order;
  const can = (a: Trip['actions'][number]) => trip.actions.includes(a);
  // What the operator needs may have grown since booking (ADR 0040): ask the server on opening.
  const [requirements, setRequirements] = useState<RefreshRequirementsResponse | null>(null);
  const [refreshError, setRefreshError] = useState<string | null>(null);
  useEffect(() => {
    if (item.requiredCustomerInfos.length === 0 || trip.isGift) return;
    request<RefreshRequirementsResponse>('/refresh_requirements', { method: 'POST', body: { orderItemId: item.id } })
      .then(({ data }) => setRequirements(data))
      .catch((err: unknown) => setRefreshError(errorMessage(err)));
  }, [item.id]);
  const missingInfo = requirements ? !requirements.complete : item.requiredCustomerInfos.length > 0 && (item.customers.length < item.totalQuantity || item.customers.some((c) => !c.isSubmitted));
  const image = item.option.images[0];
  return (
    <div className="acct-section trip">
      <p className="trip-back">
        <a href="/account/trips">← All trips</a>
      </p>
      <header className="trip-hero">
        {image && <img src={`/_image?url=${encodeURIComponent(image.url)}&w=828`} alt="" width={828} height={466} />}
        <div>
          <p className="eyebrow">{placeOf(item.option)}</p>
          <h1>{item.option.name}</h1>
          <p className="trip-hero__meta">
            <StatusBadge trip={trip} /> Booking <strong>{o.number}</strong>
          </p>
        </div>
      </header>

      {requirements && requirements.newlyRequired.length > 0 && !requirements.complete && (
        <p className="trip-note" role="status" data-testid="new-requirements">
          The operator now also needs each guest’s {listInWords(requirements.newlyRequired.map((f) => CUSTOMER_FIELD_LABELS[f].toLowerCase()))}.{' '}
          <a className="text-link" href={`/trips/${trip.id}/required_info`}>
            Add them now
          </a>
        </p>
      )}
      {refreshError && <p className="trip-note" role="alert">We could not check which guest details the operator needs: {refreshError}</p>}
      {trip.isGift && <p className="trip-note">This experience is a gift. Gifts are non-refundable and cannot be changed.</p>}
      {trip.changeRequest?.status === 'pending' && (
        <p className="trip-note" role="status">
          You asked to move this trip to {whenText(trip.changeRequest)}. The operator will accept or decline soon; the new places are held for you.
        </p>
      )}

      {trip.actions.length > 0 && (
        <div className="trip-actions" aria-label="Manage this booking">
          {can('add_guest') && (
            <a className="button" href={tripHref(trip.id, 'add-guest')}>
              Add guests
            </a>
          )}
          {can('change_date') && (
            <a className="button button--ghost" href={tripHref(trip.id, 'change-date')}>
              Change date
            </a>
          )}
          {can('review') && (
            <a className="button" href={`/reviews/new?trip=${encodeURIComponent(trip.id)}`}>
              Leave a review
            </a>
          )}
          {can('cancel') && trip.refund.refundable.amount > 0 && (
            <a className="button button--ghost" href={tripHref(trip.id, 'refund')}>
              Cancel and refund
            </a>
          )}
          {can('cancel') && (
            <a className="button button--ghost trip-actions__danger" href={tripHref(trip.id, 'cancel')}>
              Cancel booking
            </a>
          )}
        </div>
      )}

      <div className="trip-grid">
        <section className="acct-panel" aria-labelledby="trip-when">
          <h2 id="trip-when">Your trip</h2>
          <dl className="trip-rows">
            <Row label="Date">{whenText(item)}</Row>
            {item.startTime && item.endTime && (
              <Row label="Time">
                {formatTime(item.startTime)} – {formatTime(item.endTime)} (local time)
              </Row>
            )}
            {item.endDate !== item.startDate && <Row label="Until">{formatDate(item.endDate)}</Row>}
            {item.room && <Row label="Room">{item.room.name}</Row>}
            <Row label="Guests">{guestsText(item, { priceUnit: item.option.priceUnit })}</Row>
            <Row label="Pickup">{trip.pickup ? `${trip.pickup.name}${trip.pickup.address ? ` from ${trip.pickup.address}` : ''}` : 'No pickup: meet at the meeting point'}</Row>
            <Row label="Meeting point">
              {trip.meetingPoint ? (
                <>
                  {trip.meetingPoint.name}
                  {trip.meetingPoint.address && <span className="acct-muted">, {trip.meetingPoint.address}</span>}
                  {trip.meetingPoint.note && <span className="trip-sub">{trip.meetingPoint.note}</span>}
                </>
              ) : (
                'The operator sends the meeting point before the trip'
              )}
            </Row>
            {o.specialRequests && <Row label="Your requests">{o.specialRequests}</Row>}
          </dl>
          <p className="trip-links">
            <button type="button" className="text-link" onClick={() => downloadCalendar(trip)}>
              Add to calendar (.ics)
            </button>
            {item.requiredCustomerInfos.length > 0 && (
              <a className="text-link" href={`/trips/${trip.id}/required_info`}>
                {missingInfo ? 'Add your guests’ details' : 'Guests’ details'}
              </a>
            )}
            <a className="text-link" href={tripHref(trip.id, 'receipt')}>
              Receipt
            </a>
          </p>
        </section>

        <section className="acct-panel" aria-labelledby="trip-operator">
          <h2 id="trip-operator">Your host</h2>
          <dl className="trip-rows">
            <Row label="Operator">{trip.operator.name}</Row>
            <Row label="E-mail">
              <a href={`mailto:${trip.operator.email}`}>{trip.operator.email}</a>
            </Row>
            {trip.operator.phone && (
              <Row label="Phone">
                <a href={`tel:${trip.operator.phone.replace(/\s/g, '')}`}>{trip.operator.phone}</a>
              </Row>
            )}
          </dl>
          <p className="trip-links">
            <a className="button button--ghost" href={messageOperatorAboutTripHref(trip.id)} data-message-operator="">
              Message {trip.operator.name}
            </a>
          </p>
        </section>

        <section className="acct-panel" aria-labelledby="trip-payment">
          <h2 id="trip-payment">Payment</h2>
          <dl className="trip-rows">
            <Row label="Status">{o.payment ? PAYMENT_TEXT[o.payment.status] : o.status === 'awaiting_payment' ? `Due by ${o.paymentDueAt ? formatDate(o.paymentDueAt.slice(0, 10)) : 'the due date'}` : trip.isGift ? 'Paid by the giver' : 'Paid'}</Row>
            {o.payment && <Row label="Paid with">{paymentMethodText(o.payment)}</Row>}
          </dl>
          <PriceBreakdown trip={trip} />
          {o.status === 'awaiting_payment' && (
            <a className="button" href={`/later-payment/${o.id}`}>
              Pay now
            </a>
          )}
        </section>

        <section className="acct-panel" aria-labelledby="trip-cancel">
          <h2 id="trip-cancel">Cancellation</h2>
          <p>{trip.refund.terms}</p>
          {item.cancelableDate && !trip.isGift && (
            <p className="acct-muted">
              Deadline: {new Date(item.cancelableDate).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: item.option.timeZone })} ({item.option.timeZone.replace(/_/g, ' ')})
            </p>
          )}
          {trip.refund.refunded.amount > 0 && <p>Refunded: {formatPrice(trip.refund.refunded)}</p>}
        </section>

        <FootprintPanel tripId={trip.id} />

        {trip.review && trip.review.rating !== null && (
          <section className="acct-panel" aria-labelledby="trip-review">
            <h2 id="trip-review">Your review</h2>
            {/* The same markup as src/components/Rating.astro's stars: read as words, stars hidden. */}
            <p className="trip-stars">
              <span role="img" aria-label={ratingLabel(trip.review.rating)}>
                <span aria-hidden="true">
                  {'★'.repeat(trip.review.rating)}
                  {'☆'.repeat(5 - trip.review.rating)}
                </span>
              </span>
            </p>
            <p>
              <strong>{trip.review.title}</strong>
            </p>
            <p>{trip.review.body}</p>
          </section>
        )}
        {trip.status === 'completed' && trip.review?.rating === null && !can('review') && (
          <section className="acct-panel">
            <h2>Reviews closed</h2>
            <p>Reviews for this trip closed on {formatDate(trip.review.windowEndsOn)}, two months after it started.</p>
          </section>
        )}

        {(can('share_trip') || trip.share) && <SharePanel trip={trip} canShare={can('share_trip')} onChange={onChange} />}
      </div>
    </div>
  );
}

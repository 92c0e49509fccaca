// /account/trips and every page under a trip (spec §2 Account). The buttons come from the trip's
// `actions`, which the server computes with the same status table it authorises with
// (src/lib/order-actions.ts), so the page never offers what the server would refuse.
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { Timeslot } from '../../contract/booking.ts';
import type { Money } from '../../contract/common.ts';
import type { SharedTrip, Trip } from '../../contract/trips.ts';
import { errorMessage } from '../../api-client/client.ts';
import { getTimeslots, newIdempotencyKey } from '../../api-client/booking.ts';
import { addGuests, cancelOrder, getAddGuestQuote, getOrderShare, getTrip, getTrips, requestDateChange, requestRefund } from '../../api-client/trips.ts';
import { guestsText, whenText } from '../../lib/booking-format.ts';
import { formatDate, formatTime } from '../../lib/format-date.ts';
import { ratingLabel } from '../../lib/rating.ts';
import { tripCalendar, tripHref, tripPage, type TripPage } from '../../lib/trip-pages.ts';
import { formatPrice } from '../booking/money.ts';
import { CardFields, tokenizeCard, type CardErrors, type CardValues } from '../checkout/payment-parts.tsx';
import { Empty, Loading, Problem, SectionHead } from '../account/parts.tsx';
import { useApi } from '../account/use-api.ts';
import ReviewForm from './ReviewForm.tsx';
import './trips.css';

const STATUS_TEXT: Record<Trip['status'], string> = {
  processing: 'Awaiting the operator',
  confirmed: 'Confirmed',
  declined: 'Declined',
  completed: 'Completed',
  cancelled: 'Cancelled',
  date_tbc: 'Date to be confirmed',
  awaiting: 'Awaiting payment',
  rescheduling: 'Rescheduling',
  having_change_request: 'Date change requested',
};

const PAYMENT_TEXT: Record<string, string> = {
  pending: 'Pending',
  requires_action: 'Waiting for your bank',
  captured: 'Paid',
  failed: 'Failed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  partial_refunded: 'Partly refunded',
};

export function StatusBadge({ trip }: { trip: Trip }) {
  const tone = trip.status === 'confirmed' || trip.status === 'completed' ? 'ok' : trip.status === 'cancelled' || trip.status === 'declined' ? 'off' : 'wait';
  return <span className={`trip-badge trip-badge--${tone}`}>{trip.isGift ? 'Gift' : STATUS_TEXT[trip.status]}</span>;
}

const itemOf = (t: Trip) => t.order.orderItem!;
/** "Kyoto, Japan", or just "Singapore" for a city state. */
const placeOf = (o: { city: { name: string }; country: { name: string } }) => (o.city.name === o.country.name ? o.city.name : `${o.city.name}, ${o.country.name}`);
const go = (href: string) => window.location.assign(href);

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

// ── The list ──────────────────────────────────────────────────────────────────────
function TripList() {
  const { state, reload } = useApi(getTrips, 'trips');
  if (state.status === 'loading') return <Loading label="Loading your trips…" />;
  if (state.status === 'error') return <Problem text={state.error} onRetry={reload} />;
  const trips = state.data.trips;
  const groups: { key: Trip['group']; title: string }[] = [
    { key: 'upcoming', title: 'Upcoming' },
    { key: 'past', title: 'Past' },
    { key: 'cancelled', title: 'Cancelled' },
  ];
  return (
    <div className="acct-section">
      <SectionHead title="Bookings" lede="Your upcoming and past trips, with their receipts and changes." />
      {trips.length === 0 && (
        <Empty title="No trips booked yet">
          <p>
            When you book an experience, it appears here. <a href="/">Find your next adventure</a>.
          </p>
        </Empty>
      )}
      {groups.map((g) => {
        const list = g.key === 'past' ? trips.filter((x) => x.group === g.key).reverse() : trips.filter((x) => x.group === g.key);
        if (list.length === 0) return null;
        return (
          <section key={g.key} className="trip-group" aria-labelledby={`trips-${g.key}`}>
            <h2 id={`trips-${g.key}`}>
              {g.title} <span className="trip-group__count">{list.length}</span>
            </h2>
            <ul className="trip-cards" role="list">
              {list.map((t) => (
                <TripCard key={t.id} trip={t} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function TripCard({ trip }: { trip: Trip }) {
  const item = itemOf(trip);
  const image = item.option.images[0];
  return (
    <li className="trip-card">
      {image ? <img src={`/_image?url=${encodeURIComponent(image.url)}&w=640`} alt="" width={160} height={120} loading="lazy" /> : <div className="trip-card__ph" aria-hidden="true" />}
      <div className="trip-card__body">
        <p className="trip-card__eyebrow">
          {placeOf(item.option)} · <StatusBadge trip={trip} />
        </p>
        <h3>
          <a href={tripHref(trip.id)}>{item.option.name}</a>
        </h3>
        <p className="trip-card__meta">
          {whenText(item)} · {guestsText(item, { priceUnit: item.option.priceUnit })}
        </p>
        <p className="trip-card__meta">
          Booking {trip.order.number}
          {trip.isGift ? ' · Gifts are non-refundable' : ''}
        </p>
      </div>
    </li>
  );
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

function Back({ trip, label = 'Back to your trip' }: { trip: Trip; label?: string }) {
  return (
    <p className="trip-back">
      <a href={tripHref(trip.id)}>← {label}</a>
    </p>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="trip-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function downloadCalendar(trip: Trip) {
  const item = itemOf(trip);
  const ics = tripCalendar(
    {
      id: trip.id,
      title: item.option.name,
      startDate: item.startDate,
      endDate: item.endDate,
      startTime: item.startTime,
      endTime: item.endTime,
      timeZone: item.option.timeZone,
      location: trip.meetingPoint ? [trip.meetingPoint.name, trip.meetingPoint.address].filter(Boolean).join(', ') : placeOf(item.option),
      description: `Booking ${trip.order.number ?? ''} · ${guestsText(item, { priceUnit: item.option.priceUnit })}\nOperator: ${trip.operator.name} ${trip.operator.phone ?? trip.operator.email}`,
      url: `${window.location.origin}${tripHref(trip.id)}`,
    },
    new Date(),
  );
  const url = URL.createObjectURL(new Blob([ics], { type: 'text/calendar;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `verdant-${trip.order.number ?? trip.id}.ics`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function TripDetail({ trip, onChange }: { trip: Trip; onChange: (t: Trip) => void }) {
  const item = itemOf(trip);
  const o = trip.order;
  const can = (a: Trip['actions'][number]) => trip.actions.includes(a);
  const missingInfo = item.requiredCustomerInfos.length > 0 && (item.customers.length < item.totalQuantity || item.customers.some((c) => !c.isSubmitted));
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
        </section>

        <section className="acct-panel" aria-labelledby="trip-payment">
          <h2 id="trip-payment">Payment</h2>
          <dl className="trip-rows">
            <Row label="Status">{o.payment ? PAYMENT_TEXT[o.payment.status] : o.status === 'awaiting_payment' ? `Due by ${o.paymentDueAt ? formatDate(o.paymentDueAt.slice(0, 10)) : 'the due date'}` : trip.isGift ? 'Paid by the giver' : 'Paid'}</Row>
            {o.payment?.cardLast4 && (
              <Row label="Card">
                {(o.payment.cardBrand ?? 'card').toUpperCase()} ending {o.payment.cardLast4}
              </Row>
            )}
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

function PriceBreakdown({ trip }: { trip: Trip }) {
  const o = trip.order;
  return (
    <table className="trip-prices">
      <caption className="visually-hidden">Price breakdown</caption>
      <tbody>
        {o.exchangedLines.map((l, i) => (
          <tr key={i}>
            <th scope="row">
              {l.label}
              {l.quantity > 1 && l.kind !== 'guest' ? ` × ${l.quantity}` : ''}
            </th>
            <td>{formatPrice(l.amount)}</td>
          </tr>
        ))}
        {o.exchangedDiscountAmount.amount > 0 && (
          <tr>
            <th scope="row">Discounts{o.promotionCode ? ` (${o.promotionCode})` : ''}</th>
            <td>−{formatPrice(o.exchangedDiscountAmount)}</td>
          </tr>
        )}
        {o.conversionFeeAmount.amount > 0 && (
          <tr>
            <th scope="row">Currency conversion fee (2%)</th>
            <td>included</td>
          </tr>
        )}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Total paid</th>
          <td>{formatPrice(trip.refund.paid.amount > 0 ? trip.refund.paid : o.exchangedTotalAmountWithConversionFee)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

function SharePanel({ trip, canShare, onChange }: { trip: Trip; canShare: boolean; onChange: (t: Trip) => void }) {
  const [share, setShare] = useState<SharedTrip | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const id = share?.id ?? trip.share?.id;
  const link = id ? `${window.location.origin}/s/${id}` : null;
  const make = async () => {
    setBusy(true);
    setError(null);
    try {
      const { data } = await getOrderShare(trip.order.id);
      setShare(data.share);
      onChange({ ...trip, share: { id: data.share.id, members: trip.share?.members ?? [] } });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      setError('Copy the link by hand: your browser did not allow copying.');
    }
  };
  const members = trip.share?.members ?? [];
  return (
    <section className="acct-panel" aria-labelledby="trip-share">
      <h2 id="trip-share">Share this trip</h2>
      <p className="acct-muted">Send friends the link: they can see the plan and say if they’re coming.</p>
      {link ? (
        <div className="acct-copy">
          <input readOnly value={link} aria-label="Share link" onFocus={(e) => e.currentTarget.select()} />
          <button type="button" className="button button--ghost" onClick={copy}>
            {copied ? 'Copied' : 'Copy link'}
          </button>
        </div>
      ) : (
        canShare && (
          <button type="button" className="button button--ghost" onClick={make} disabled={busy} aria-busy={busy}>
            {busy ? 'Creating link…' : 'Get a share link'}
          </button>
        )
      )}
      {error && (
        <p className="form-field__error" role="alert">
          {error}
        </p>
      )}
      {members.length > 0 && (
        <ul className="trip-members" role="list">
          {members.map((m, i) => (
            <li key={i}>
              {m.name} <span className="acct-muted">· {m.status === 'joined' ? 'Coming' : m.status === 'declined' ? 'Can’t make it' : 'Left'}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

// ── Receipt ───────────────────────────────────────────────────────────────────────
function Receipt({ trip }: { trip: Trip }) {
  const item = itemOf(trip);
  const o = trip.order;
  return (
    <div className="receipt">
      <p className="trip-back receipt__noprint">
        <a href={tripHref(trip.id)}>← Back to your trip</a>
        <button type="button" className="button" onClick={() => window.print()}>
          Print or save as PDF
        </button>
      </p>
      <article className="receipt__doc" aria-labelledby="receipt-title">
        <header className="receipt__head">
          <p className="receipt__brand">Verdant</p>
          <div>
            <h1 id="receipt-title">Receipt</h1>
            <p>
              Booking {o.number}
              <br />
              Issued {formatDate((o.paidAt ?? o.placedAt ?? new Date().toISOString()).slice(0, 10))}
            </p>
          </div>
        </header>
        <dl className="trip-rows">
          <Row label="Billed to">
            {o.customerName}
            <span className="trip-sub">{o.customerEmail}</span>
          </Row>
          <Row label="Experience">
            {item.option.name}
            <span className="trip-sub">
              {placeOf(item.option)} · operated by {trip.operator.name}
            </span>
          </Row>
          <Row label="Date">{whenText(item)}</Row>
          <Row label="Guests">{guestsText(item, { priceUnit: item.option.priceUnit })}</Row>
          <Row label="Status">{STATUS_TEXT[trip.status]}</Row>
        </dl>
        <PriceBreakdown trip={trip} />
        <dl className="trip-rows">
          {o.payment && (
            <Row label="Payment">
              {PAYMENT_TEXT[o.payment.status]}
              {o.payment.cardLast4 ? ` · ${(o.payment.cardBrand ?? 'card').toUpperCase()} ending ${o.payment.cardLast4}` : ''}
            </Row>
          )}
          {trip.refund.refunded.amount > 0 && <Row label="Refunded">{formatPrice(trip.refund.refunded)}</Row>}
          <Row label="Cancellation">{trip.refund.terms}</Row>
        </dl>
        <p className="receipt__foot">Verdant · outdoor experiences across Asia · Prices include taxes and fees shown above.</p>
      </article>
    </div>
  );
}

// ── Cancel / refund ──────────────────────────────────────────────────────────────────
function CancelPage({ trip, refund }: { trip: Trip; refund: boolean }) {
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

function CancelDone({ trip, refund }: { trip: Trip; refund: boolean }) {
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

function Done({ trip, title, eyebrow, children }: { trip: Trip; title: string; eyebrow: string; children: ReactNode }) {
  return (
    <div className="acct-section trip-step">
      <p className="eyebrow">{eyebrow}</p>
      <h1>{title}</h1>
      <p className="lead">{children}</p>
      <div className="trip-actions">
        <a className="button" href={tripHref(trip.id)}>
          View your trip
        </a>
        <a className="text-link" href="/account/trips">
          All trips
        </a>
      </div>
    </div>
  );
}

// ── Add guests ──────────────────────────────────────────────────────────────────────
function AddGuestPage({ trip }: { trip: Trip }) {
  const item = itemOf(trip);
  const max = trip.numGuestCanAdd;
  const [n, setN] = useState(1);
  const [amount, setAmount] = useState<Money | null>(trip.guestPrice);
  const [card, setCard] = useState<CardValues>({ number: '', expiry: '', cvc: '' });
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [key] = useState(newIdempotencyKey);
  useEffect(() => {
    if (!trip.actions.includes('add_guest')) return;
    let live = true;
    setAmount(null);
    getAddGuestQuote(trip.id, n).then(
      ({ data }) => live && setAmount(data.amount),
      (err: unknown) => live && setError(errorMessage(err)),
    );
    return () => {
      live = false;
    };
  }, [n]);
  if (!trip.actions.includes('add_guest')) {
    return (
      <div className="acct-section trip-step">
        <Back trip={trip} />
        <SectionHead title="Add guests" />
        <p className="trip-note">Guests can’t be added to this booking{max === 0 && trip.status === 'confirmed' ? ': the departure is full or the group is at its largest' : ''}.</p>
      </div>
    );
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!amount) return;
    setBusy(true);
    setError(null);
    setCardErrors({});
    try {
      const tok = await tokenizeCard(card);
      if ('errors' in tok) {
        setCardErrors(tok.errors);
        setBusy(false);
        return;
      }
      await addGuests({ orderItemId: trip.id, quantity: n, childQuantity: 0, expectedAmount: amount, cardToken: tok.token }, `${key}-${n}`);
      go(tripHref(trip.id, 'add-guest/success'));
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  };
  return (
    <div className="acct-section trip-step">
      <Back trip={trip} />
      <SectionHead title="Add guests" lede={`${item.option.name} · ${whenText(item)} · now ${guestsText(item, { priceUnit: item.option.priceUnit })}`} />
      <form className="acct-panel auth-form" onSubmit={submit} noValidate>
        <div className="trip-stepper">
          <span id="add-adults">Adults to add</span>
          <button type="button" className="trip-stepper__btn" aria-label="One fewer" onClick={() => setN((x) => Math.max(1, x - 1))} disabled={busy || n <= 1}>
            −
          </button>
          <output aria-labelledby="add-adults" aria-live="polite">
            {n}
          </output>
          <button type="button" className="trip-stepper__btn" aria-label="One more" onClick={() => setN((x) => Math.min(max, x + 1))} disabled={busy || n >= max}>
            +
          </button>
          <span className="acct-muted">up to {max}</span>
        </div>
        <p className="trip-refund" aria-live="polite">
          To pay now: <strong>{amount ? formatPrice(amount) : '…'}</strong>
        </p>
        <div className="test-cards" role="note">
          <p className="test-cards__title">Test payments</p>
          <p>
            No real money moves on this site. Pay with <b>4242 4242 4242 4242</b>, any future expiry and any CVC; <b>4000 0000 0000 9995</b> is declined. Cards that ask your bank for a code
            can’t be used to add guests yet.
          </p>
        </div>
        <CardFields values={card} errors={cardErrors} onChange={setCard} disabled={busy} />
        {error && (
          <p className="form-field__error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button" disabled={busy || !amount} aria-busy={busy}>
          {busy ? 'Paying…' : amount ? `Pay ${formatPrice(amount)} and add ${n === 1 ? 'guest' : `${n} guests`}` : 'Pay'}
        </button>
      </form>
    </div>
  );
}

// ── Change date ─────────────────────────────────────────────────────────────────────
function ChangeDatePage({ trip }: { trip: Trip }) {
  const item = itemOf(trip);
  const [date, setDate] = useState('');
  const [slots, setSlots] = useState<Timeslot[] | null>(null);
  const [slot, setSlot] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!date) return;
    let live = true;
    setSlots(null);
    setSlot('');
    setError(null);
    getTimeslots(item.option.slugCode, date).then(
      ({ data }) => {
        if (!live) return;
        const open = data.timeslots.filter((s) => s.unitsLeft >= item.totalQuantity);
        setSlots(open);
        if (open.length === 1) setSlot(open[0]!.id);
      },
      (err: unknown) => live && setError(errorMessage(err)),
    );
    return () => {
      live = false;
    };
  }, [date]);
  if (!trip.actions.includes('change_date')) {
    return (
      <div className="acct-section trip-step">
        <Back trip={trip} />
        <SectionHead title="Change date" />
        <p className="trip-note">The date of this booking can’t be changed online.</p>
      </div>
    );
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!date || !slot) {
      setError('Please choose a new date and start time');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await requestDateChange({ orderItemId: trip.id, startDate: date, detailedTimeslotId: slot, ...(note.trim() ? { note: note.trim() } : {}) });
      go(tripHref(trip.id, 'change-date/success'));
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  };
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  return (
    <div className="acct-section trip-step">
      <Back trip={trip} />
      <SectionHead title="Change date" lede={`${item.option.name} · now ${whenText(item)}`} />
      <form className="acct-panel auth-form" onSubmit={submit} noValidate>
        <p className="acct-muted">The operator confirms the new date. Until they do, your booking stays as it is and the new places are held for you.</p>
        <div className="form-field">
          <label className="form-field__label" htmlFor="cd-date">
            New date
          </label>
          <input id="cd-date" type="date" min={tomorrow} value={date} onChange={(e) => setDate(e.target.value)} disabled={busy} required />
        </div>
        {date && slots === null && !error && <p className="acct-muted">Checking availability…</p>}
        {slots && slots.length === 0 && <p className="trip-note">No departure that day has room for your group. Please try another date.</p>}
        {slots && slots.length > 0 && (
          <fieldset className="trip-slots">
            <legend className="form-field__label">Start time</legend>
            {slots.map((s) => (
              <label key={s.id} className="trip-slot">
                <input type="radio" name="slot" value={s.id} checked={slot === s.id} onChange={() => setSlot(s.id)} disabled={busy} />
                {s.startTime ? formatTime(s.startTime) : 'All day'} <span className="acct-muted">· {s.unitsLeft} left</span>
              </label>
            ))}
          </fieldset>
        )}
        <div className="form-field">
          <label className="form-field__label" htmlFor="cd-note">
            Note for the operator (optional)
          </label>
          <textarea id="cd-note" rows={3} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} disabled={busy} />
        </div>
        {error && (
          <p className="form-field__error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          {busy ? 'Sending…' : 'Request the new date'}
        </button>
      </form>
    </div>
  );
}

export { ReviewForm };

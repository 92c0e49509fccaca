// /trips/{id}/receipt: a printable receipt.
import type { Trip } from '../../contract/trips.ts';
import { guestsText, whenText } from '../../lib/booking-format.ts';
import { formatDate } from '../../lib/format-date.ts';
import { paymentMethodText } from '../../lib/payment-method.ts';
import { tripHref } from '../../lib/trip-pages.ts';
import { formatPrice } from '../booking/money.ts';
import { PAYMENT_TEXT, STATUS_TEXT, itemOf, placeOf } from './trip-format.ts';
import { PriceBreakdown, Row } from './TripParts.tsx';

export default function Receipt({ trip }: { trip: Trip }) {
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
              {` · ${paymentMethodText(o.payment)}`}
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

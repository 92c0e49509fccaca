// Small parts the trip pages share: the status badge, the back link, a labelled row, the
// price breakdown and the page shown after a change went through.
import type { ReactNode } from 'react';
import type { Trip } from '../../contract/trips.ts';
import { tripHref } from '../../lib/trip-pages.ts';
import { formatPrice } from '../booking/money.ts';
import { STATUS_TEXT } from './trip-format.ts';

export function StatusBadge({ trip }: { trip: Trip }) {
  const tone = trip.status === 'confirmed' || trip.status === 'completed' ? 'ok' : trip.status === 'cancelled' || trip.status === 'declined' ? 'off' : 'wait';
  return <span className={`trip-badge trip-badge--${tone}`}>{trip.isGift ? 'Gift' : STATUS_TEXT[trip.status]}</span>;
}

export function Back({ trip, label = 'Back to your trip' }: { trip: Trip; label?: string }) {
  return (
    <p className="trip-back">
      <a href={tripHref(trip.id)}>← {label}</a>
    </p>
  );
}

export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="trip-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function PriceBreakdown({ trip }: { trip: Trip }) {
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

export function Done({ trip, title, eyebrow, children }: { trip: Trip; title: string; eyebrow: string; children: ReactNode }) {
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

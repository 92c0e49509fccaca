// /account/trips: the traveller's trips, upcoming, past and cancelled.
import type { Trip } from '../../contract/trips.ts';
import { getTrips } from '../../api-client/trips.ts';
import { guestsText, whenText } from '../../lib/booking-format.ts';
import { tripHref } from '../../lib/trip-pages.ts';
import { Empty, Loading, Problem, SectionHead } from '../account/parts.tsx';
import { useApi } from '../account/use-api.ts';
import { itemOf, placeOf } from './trip-format.ts';
import GiftsSent from './GiftsSent.tsx';
import { StatusBadge } from './TripParts.tsx';

export default function TripList() {
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
      <GiftsSent />
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

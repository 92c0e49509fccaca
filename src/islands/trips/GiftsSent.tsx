// The gifts the traveller bought, under Bookings: what, for whom, when it is sent, and its state.
// Gifts have no order actions (spec §4): nothing here can be cancelled or changed.
import type { Gift } from '../../contract/gifts.ts';
import { getMyGifts } from '../../api-client/gifts.ts';
import { formatPrice } from '../booking/money.ts';
import { Problem } from '../account/parts.tsx';
import { useApi } from '../account/use-api.ts';

const STATE: Record<Gift['status'], string> = {
  pending_payment: 'Awaiting payment',
  scheduled: 'Scheduled',
  sent: 'Sent',
  redeemed: 'Redeemed',
  cancelled: 'Cancelled',
};

const day = (d: string) => new Date(`${d}T00:00:00Z`).toLocaleDateString('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

export default function GiftsSent() {
  const { state, reload } = useApi(getMyGifts, 'gifts-sent');
  if (state.status === 'loading') return null;
  if (state.status === 'error') return <Problem text={state.error} onRetry={reload} />;
  const gifts = state.data.gifts;
  if (gifts.length === 0) return null;
  return (
    <section className="trip-group" aria-labelledby="trips-gifts">
      <h2 id="trips-gifts">
        Gifts you sent <span className="trip-group__count">{gifts.length}</span>
      </h2>
      <ul className="trip-cards" role="list">
        {gifts.map((g) => (
          <li key={g.id} className="trip-card trip-card--gift" data-gift={g.id}>
            <div className="trip-card__body">
              <p className="trip-card__eyebrow">
                {g.kind === 'card' ? 'Gift card' : 'Gift experience'} · <span className="status-badge">{STATE[g.status]}</span>
              </p>
              <h3>{g.kind === 'card' ? `${formatPrice(g.value)} gift card for ${g.recipientName}` : `${g.option?.name ?? 'Experience'} for ${g.recipientName}`}</h3>
              <p className="trip-card__meta">
                {g.sentAt ? `Sent to ${g.recipientEmail}` : `Sends to ${g.recipientEmail} on ${day(g.sendDate)}`} · Paid {formatPrice(g.total)}
              </p>
              <p className="trip-card__meta">
                Order {g.orderNumber} · {g.terms}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

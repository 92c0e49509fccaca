// /trips/{id}/add-guest: pay for more adults on the same booking, by card or a mobile wallet.
import { useEffect, useState, type FormEvent } from 'react';
import type { WalletMethod } from '../../contract/booking.ts';
import type { Trip } from '../../contract/trips.ts';
import { errorMessage } from '../../api-client/client.ts';
import { getCheckoutsAvailable, newIdempotencyKey } from '../../api-client/booking.ts';
import { addGuests } from '../../api-client/trips.ts';
import { guestsText, whenText } from '../../lib/booking-format.ts';
import { tripHref } from '../../lib/trip-pages.ts';
import { SectionHead } from '../account/parts.tsx';
import { formatPrice } from '../booking/money.ts';
import { CardFields, tokenizeCard, type CardErrors, type CardValues } from '../checkout/payment-parts.tsx';
import { WALLET_NAMES, WalletButtons } from '../checkout/wallet-parts.tsx';
import { go, itemOf } from './trip-format.ts';
import { useAddGuestQuote } from './trip-hooks.ts';
import { Back } from './TripParts.tsx';

export default function AddGuestPage({ trip }: { trip: Trip }) {
  const item = itemOf(trip);
  const max = trip.numGuestCanAdd;
  const [n, setN] = useState(1);
  const [card, setCard] = useState<CardValues>({ number: '', expiry: '', cvc: '' });
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [key] = useState(newIdempotencyKey);
  const amount = useAddGuestQuote(trip, n, setError);
  const [testGateway, setTestGateway] = useState(false);
  useEffect(() => {
    getCheckoutsAvailable(undefined, undefined).then(
      ({ data }) => setTestGateway(data.provider === 'test'),
      () => setTestGateway(false),
    );
  }, []);
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
  /** The wallet sheet approved exactly `amount`: add the guests with its token. */
  const payWithWallet = async (wallet: WalletMethod, walletToken: string) => {
    if (!amount) return;
    setBusy(true);
    setError(null);
    try {
      await addGuests({ orderItemId: trip.id, quantity: n, childQuantity: 0, expectedAmount: amount, paymentMethod: wallet, walletToken }, newIdempotencyKey());
      go(tripHref(trip.id, 'add-guest/success'));
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
      throw err;
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
        {amount && <WalletButtons amount={amount} disabled={busy} stripeKey={null} testGateway={testGateway} onToken={payWithWallet} onCancel={(w) => setError(`You closed ${WALLET_NAMES[w]}: nothing was charged.`)} />}
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

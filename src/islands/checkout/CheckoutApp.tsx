// The /checkout shell (client-only): /checkout, /checkout/finalizing (back from a payment
// provider's redirect) and /checkout/confirmation?order=….
import { useEffect, useState } from 'react';
import type { Order } from '../../contract/booking.ts';
import { ApiError, errorMessage } from '../../api-client/client.ts';
import { useStore } from '@nanostores/react';
import { claimOrder, finalizePayment, getOrder, newIdempotencyKey } from '../../api-client/booking.ts';
import { $sessionState, $user } from '../../stores/user.ts';
import { guestsText, whenText } from '../../lib/booking-format.ts';
import { paymentMethodText } from '../../lib/payment-method.ts';
import { clearCart } from '../../stores/cart.ts';
import { $consent } from '../../stores/consent.ts';
import { sendConversionEvent } from '../../api-client/conversion-events.ts';
import { reportPurchase } from './conversion.ts';
import { formatPrice } from '../booking/money.ts';
import CheckoutForm from './CheckoutForm.tsx';
import './checkout.css';

export function checkoutPage(pathname: string): 'checkout' | 'finalizing' | 'confirmation' | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/checkout') return 'checkout';
  if (path === '/checkout/finalizing') return 'finalizing';
  if (path === '/checkout/confirmation') return 'confirmation';
  return null;
}

const orderParam = () => new URLSearchParams(window.location.search).get('order') ?? '';

export default function CheckoutApp() {
  const page = checkoutPage(window.location.pathname);
  if (page === 'checkout') return <CheckoutForm />;
  if (page === 'finalizing') return <Finalizing />;
  if (page === 'confirmation') return <Confirmation />;
  return (
    <div className="checkout-empty">
      <h1>This page isn’t part of checkout</h1>
      <p>
        <a className="button" href="/checkout">
          Go to checkout
        </a>
      </p>
    </div>
  );
}

function Finalizing() {
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const id = orderParam();
    finalizePayment(id, newIdempotencyKey())
      .then(({ data }) => {
        if (data.status === 'succeeded' || data.status === 'awaiting_payment') clearCart();
        window.location.replace(data.status === 'requires_action' ? '/checkout' : `/checkout/confirmation?order=${encodeURIComponent(id)}`);
      })
      .catch((err: unknown) => setError(errorMessage(err)));
  }, []);
  return (
    <div className="checkout-empty" aria-live="polite">
      <h1>{error ? 'Your payment did not go through' : 'Finishing your payment…'}</h1>
      {error ? (
        <>
          <p className="lead" role="alert">
            {error}
          </p>
          <p className="checkout__hint">Your bag is still here: go back to checkout to try again or choose another way to pay.</p>
          <p>
            <a className="button" href="/checkout">
              Back to checkout
            </a>
          </p>
        </>
      ) : (
        <div className="skeleton" style={{ height: '6rem' }} />
      )}
    </div>
  );
}

export function Confirmation() {
  const [order, setOrder] = useState<Order | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    getOrder(orderParam())
      .then(({ data }) => {
        setOrder(data);
        if (data.status === 'placed' || data.status === 'awaiting_payment') clearCart();
      })
      .catch((err: unknown) => setError(err instanceof ApiError && err.status === 404 ? 'We can’t find this booking. Check the link in your confirmation e-mail.' : errorMessage(err)));
  }, []);
  // The purchase conversion (ADR 0040): once, and only with consent to targeting cookies (also
  // when it is given on this page).
  const consent = useStore($consent);
  useEffect(() => {
    if (order) reportPurchase(order, { consent, win: window as Window & { fbq?: (...args: unknown[]) => void }, send: sendConversionEvent });
  }, [order, consent]);
  if (error) {
    return (
      <div className="checkout-empty" role="alert">
        <h1>Booking not found</h1>
        <p className="lead">{error}</p>
      </div>
    );
  }
  if (!order) return <div className="skeleton" style={{ height: '20rem' }} aria-busy="true" />;
  return <OrderConfirmation order={order} />;
}

export function OrderConfirmation({ order }: { order: Order }) {
  const item = order.orderItem;
  const rtb = item?.status === 'processing';
  const held = order.status === 'awaiting_payment';
  const done = order.status === 'placed';
  const payPath = `/${order.paymentTiming === 'invoice' ? 'invoices' : 'later-payment'}/${order.id}`;
  const title = !done && !held ? 'This booking was not completed' : held ? 'Your places are held' : rtb ? 'Request sent' : 'You’re booked!';
  const image = item?.option.images[0];
  return (
    <article className="confirmation">
      <div className="confirmation__hero">
        <p className="eyebrow">{done ? (rtb ? 'Booking request' : 'Booking confirmed') : held ? 'Booked, payment due' : 'Not booked'}</p>
        <h1 data-testid="confirmation-title">{title}</h1>
        <p className="lead">
          {done && !rtb && <>Thank you, {order.customerName.split(' ')[0]}. Your booking is confirmed and paid; we’ve e-mailed the details to {order.customerEmail}.</>}
          {done && rtb && <>Thank you, {order.customerName.split(' ')[0]}. The operator confirms your date within two working days; if they can’t, you get a full refund. We’ve e-mailed {order.customerEmail}.</>}
          {held && (
            <>
              We’re holding your places until {order.paymentDueAt ? new Date(order.paymentDueAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : 'the due date'}. Pay before then to confirm.
            </>
          )}
          {!done && !held && <>Nothing was charged for this attempt, and the places were released.</>}
        </p>
        {order.number && (
          <p className="confirmation__number">
            Booking number <strong data-testid="order-number">{order.number}</strong>
          </p>
        )}
        {held && (
          <p>
            <a className="button button--accent" href={payPath}>
              Pay {formatPrice(order.exchangedTotalAmountWithConversionFee)} now
            </a>
          </p>
        )}
      </div>
      {item && (
        <section className="confirmation__card" aria-labelledby="conf-trip">
          {image && <img className="confirmation__img" src={image.webpMdUrl} alt="" width={640} height={400} />}
          <div className="confirmation__body">
            <h2 id="conf-trip">{item.option.name}</h2>
            <dl className="confirmation__facts">
              <div>
                <dt>When</dt>
                <dd>{whenText(item)} (local time)</dd>
              </div>
              <div>
                <dt>Guests</dt>
                <dd>{guestsText(item, { priceUnit: item.option.priceUnit })}</dd>
              </div>
              {item.option.meetingPoint && (
                <div>
                  <dt>Meeting point</dt>
                  <dd>{item.option.meetingPoint}</dd>
                </div>
              )}
              {item.selectedTransportItem && (
                <div>
                  <dt>Pickup</dt>
                  <dd>
                    {item.selectedTransportItem.name}
                    {order.pickupAddress ? `, from ${order.pickupAddress}` : ''}
                  </dd>
                </div>
              )}
              <div>
                <dt>{done ? 'Paid' : 'To pay'}</dt>
                <dd data-testid="confirmation-paid">
                  {formatPrice(order.exchangedTotalAmountWithConversionFee)}
                  {order.payment ? ` · ${paymentMethodText(order.payment)}` : ''}
                </dd>
              </div>
              <div>
                <dt>Cancellation</dt>
                <dd>{item.cancellationTerms}</dd>
              </div>
            </dl>
          </div>
        </section>
      )}
      {(done || held) && <AccountOffer order={order} />}
      <p>
        <a className="text-link" href="/">
          Continue exploring
        </a>
      </p>
    </article>
  );
}

/** Where a booking's confirmation page sends a guest to create an account, and back. */
export function signupHref(order: Pick<Order, 'id' | 'customerEmail'>): string {
  const q = new URLSearchParams({ email: order.customerEmail, redirect_path: '/checkout/confirmation', redirect_path_query: JSON.stringify({ order: order.id }) });
  return `/users/signup?${q.toString()}`;
}

/**
 * Guests who checked out are offered an account with the same e-mail; back here signed in with
 * that e-mail, the booking moves into the account. Members see where their trip lives.
 */
function AccountOffer({ order }: { order: Order }) {
  const user = useStore($user);
  const session = useStore($sessionState);
  const owner = order.orderItem?.order?.userId ?? null;
  const [claimed, setClaimed] = useState<'idle' | 'busy' | 'done' | string>('idle');
  const sameEmail = user !== null && user.email.trim().toLowerCase() === order.customerEmail.trim().toLowerCase();
  useEffect(() => {
    if (owner !== null || !sameEmail || claimed !== 'idle') return;
    setClaimed('busy');
    claimOrder(order.id).then(
      () => setClaimed('done'),
      (err: unknown) => setClaimed(errorMessage(err)),
    );
  }, [owner, sameEmail, claimed, order.id]);
  if (session !== 'ready') return null;
  if ((owner !== null && owner === user?.id) || claimed === 'done') {
    return (
      <section className="confirmation__account" aria-labelledby="conf-account" data-testid="account-offer">
        <h2 id="conf-account">It’s in your account</h2>
        <p>Find this booking under your trips: add guests’ details, share it or manage it there.</p>
        <p>
          <a className="button button--ghost" href="/account/trips">
            Go to my trips
          </a>
        </p>
      </section>
    );
  }
  if (user) return claimed !== 'idle' && claimed !== 'busy' ? <p className="checkout__hint">{claimed}</p> : null;
  return (
    <section className="confirmation__account" aria-labelledby="conf-account" data-testid="account-offer">
      <h2 id="conf-account">Keep your trips in one place</h2>
      <p>Create a Verdant account with {order.customerEmail} to see this booking, share it and add guests’ details later.</p>
      <p>
        <a className="button button--ghost" href={signupHref(order)}>
          Create an account with {order.customerEmail}
        </a>
      </p>
    </section>
  );
}

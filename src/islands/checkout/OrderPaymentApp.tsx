// /later-payment/{id}, /invoices/{id} and /invoices/{id}/success (client-only shells): a
// booking held without payment, paid here in its own currency (the currency picker is locked
// on these pages, spec §4).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { GRABPAY_CURRENCIES, GRABPAY_CURRENCY_RULE, type Order, type PaymentMethod, type WalletMethod } from '../../contract/booking.ts';
import { ApiError, errorMessage } from '../../api-client/client.ts';
import { finalizePayment, getCheckoutsAvailable, getOrder, newIdempotencyKey, pay } from '../../api-client/booking.ts';
import { formatPrice } from '../booking/money.ts';
import { OrderConfirmation } from './CheckoutApp.tsx';
import OrderSummary from './OrderSummary.tsx';
import { StripeCard, type StripeCardHandle } from './stripe-card.tsx';
import { WALLET_NAMES, WalletButtons } from './wallet-parts.tsx';
import { CardFields, OtpDialog, PayNowPanel, TestCardsNote, tokenizeCard, usePaymentFlow, type CardErrors, type CardValues } from './payment-parts.tsx';
import './checkout.css';

export function orderPaymentPath(pathname: string): { kind: 'later' | 'invoice'; id: string; success: boolean } | null {
  const m = /^\/(later-payment|invoices)\/([\w-]{8,64})(\/success)?\/?$/.exec(pathname);
  if (!m) return null;
  return { kind: m[1] === 'invoices' ? 'invoice' : 'later', id: m[2] as string, success: !!m[3] };
}

export default function OrderPaymentApp() {
  const route = orderPaymentPath(window.location.pathname);
  const [order, setOrder] = useState<Order | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [provider, setProvider] = useState<Provider>({ test: false, simulate: false, stripeKey: null });
  const [returnError, setReturnError] = useState<string | null>(null);

  useEffect(() => {
    if (!route) return;
    // Back from GrabPay (its page appends redirect_status): ask how the payment ended first.
    const returned = new URLSearchParams(window.location.search).has('redirect_status');
    (returned ? finalizePayment(route.id, newIdempotencyKey()).then(() => getOrder(route.id), (err: unknown) => (setReturnError(errorMessage(err)), getOrder(route.id))) : getOrder(route.id))
      .then(({ data }) => setOrder(data))
      .catch((err: unknown) => setError(err instanceof ApiError && err.status === 404 ? 'We can’t find this booking. Check the link in your e-mail.' : errorMessage(err)));
    getCheckoutsAvailable(undefined, undefined)
      .then(({ data }) => setProvider({ test: data.provider === 'test', simulate: data.canSimulatePayments, stripeKey: data.provider === 'stripe' ? data.stripePublishableKey : null }))
      .catch(() => setProvider({ test: false, simulate: false, stripeKey: null }));
  }, []);

  if (!route || error) {
    return (
      <div className="checkout-empty" role="alert">
        <h1>Booking not found</h1>
        <p className="lead">{error ?? 'This address is not a booking’s payment page.'}</p>
      </div>
    );
  }
  if (!order) return <div className="skeleton" style={{ height: '20rem' }} aria-busy="true" />;
  if (route.success || order.status !== 'awaiting_payment') {
    return (
      <>
        {order.status === 'placed' && route.kind === 'invoice' && <p className="checkout__paid">Invoice {order.number} is paid. Thank you.</p>}
        <OrderConfirmation order={order} />
      </>
    );
  }
  return <PayOrder order={order} kind={route.kind} provider={provider} initialMessage={returnError} onPaid={(o) => (window.location.href = route.kind === 'invoice' ? `/invoices/${o.id}/success` : `/later-payment/${o.id}`)} />;
}

export type Provider = { test: boolean; simulate: boolean; stripeKey: string | null };

/** Pays an order that exists already: a later payment, an invoice, or a gift (the gifts island). */
export function PayOrder({ order, kind, provider, initialMessage, onPaid }: { order: Order; kind: 'later' | 'invoice' | 'gift'; provider: Provider; initialMessage: string | null; onPaid: (o: Order) => void }) {
  const stripeCard = useRef<StripeCardHandle>(null);
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [card, setCard] = useState<CardValues>({ number: '', expiry: '', cvc: '' });
  const [cardErrors, setCardErrors] = useState<CardErrors>({});
  const [message, setMessage] = useState<string | null>(initialMessage);
  const key = useRef<string | null>(null);
  const flow = usePaymentFlow(
    (res) => onPaid(res.order),
    (text) => setMessage(text),
    provider.stripeKey,
  );
  const total = order.exchangedTotalAmountWithConversionFee;
  const busy = flow.state.step !== 'idle';
  const grabOk = (GRABPAY_CURRENCIES as readonly string[]).includes(total.currency);
  const payWithWallet = async (wallet: WalletMethod, walletToken: string) => {
    setMessage(null);
    flow.start();
    try {
      flow.settle((await pay({ orderId: order.id, currency: total.currency, expectedTotal: total, paymentMethod: wallet, walletToken }, newIdempotencyKey())).data);
    } catch (err) {
      flow.fail(err);
      throw err;
    }
  };
  const item = order.orderItem;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setMessage(null);
    setCardErrors({});
    flow.start();
    try {
      let cardToken: string | undefined;
      if (method === 'card' && provider.stripeKey) {
        const pm = stripeCard.current ? await stripeCard.current.paymentMethod() : { error: 'The card form is still loading' };
        if ('error' in pm) {
          flow.fail(new ApiError(422, pm.error));
          return;
        }
        cardToken = pm.token;
      } else if (method === 'card') {
        const t = await tokenizeCard(card);
        if ('errors' in t) {
          setCardErrors(t.errors);
          flow.fail(new ApiError(422, 'Please check your card details'));
          return;
        }
        cardToken = t.token;
      }
      if (method === 'grabpay' && !grabOk) {
        flow.fail(new ApiError(422, GRABPAY_CURRENCY_RULE));
        return;
      }
      key.current = newIdempotencyKey();
      const { data } = await pay({ orderId: order.id, currency: total.currency, expectedTotal: total, paymentMethod: method, ...(cardToken ? { cardToken } : {}) }, key.current);
      flow.settle(data);
    } catch (err) {
      flow.fail(err);
    }
  };

  return (
    <div className="checkout">
      <form className="checkout__main" onSubmit={submit} noValidate>
        {kind === 'gift' ? (
          <>
            <h2>Pay for your gift</h2>
            <p className="lead">{formatPrice(total)}. Gifts are non-refundable.</p>
          </>
        ) : (
          <>
        <p className="eyebrow">{kind === 'invoice' ? `Invoice ${order.number ?? ''}` : `Booking ${order.number ?? ''}`}</p>
        <h1>{kind === 'invoice' ? 'Pay your invoice' : 'Pay for your booking'}</h1>
        <p className="lead">
          {formatPrice(total)} is due by{' '}
          <strong>{order.paymentDueAt ? new Date(order.paymentDueAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : 'the due date'}</strong>. Unpaid by then, the places are released.
        </p>
          </>
        )}
        {kind === 'invoice' && (
          <dl className="invoice-meta">
            <div>
              <dt>Billed to</dt>
              <dd>
                {order.customerName}, {order.customerEmail}
              </dd>
            </div>
            <div>
              <dt>Issued by</dt>
              <dd>Verdant Travel Pte Ltd, licensed travel agent, Singapore</dd>
            </div>
          </dl>
        )}
        <section className="checkout__section" aria-labelledby="op-pay">
          <h2 id="op-pay">Pay with</h2>
          <WalletButtons
            amount={total}
            disabled={busy}
            stripeKey={provider.stripeKey}
            testGateway={provider.test}
            onToken={payWithWallet}
            onCancel={(w) => setMessage(`You closed ${WALLET_NAMES[w]}: nothing was charged.`)}
          />
          <fieldset className="choice-list choice-list--methods">
            <legend className="visually-hidden">Payment method</legend>
            <label className="choice">
              <input type="radio" name="method" checked={method === 'card'} onChange={() => setMethod('card')} />
              <span className="choice__body">
                <span className="choice__title">Card</span>
              </span>
            </label>
            <label className="choice" data-disabled={total.currency !== 'SGD' || undefined}>
              <input type="radio" name="method" checked={method === 'paynow'} disabled={total.currency !== 'SGD'} onChange={() => setMethod('paynow')} />
              <span className="choice__body">
                <span className="choice__title">PayNow</span>
                <span className="choice__text">{total.currency === 'SGD' ? 'Scan a QR with your banking app' : `This booking is in ${total.currency}; PayNow takes SGD`}</span>
              </span>
            </label>
            <label className="choice" data-disabled={!grabOk || undefined}>
              <input type="radio" name="method" checked={method === 'grabpay'} disabled={!grabOk} onChange={() => setMethod('grabpay')} />
              <span className="choice__body">
                <span className="choice__title">GrabPay</span>
                <span className="choice__text">{grabOk ? 'Approve in your Grab app: we take you to GrabPay and back here' : `This booking is in ${total.currency}; ${GRABPAY_CURRENCY_RULE.split(':')[0]}`}</span>
              </span>
            </label>
          </fieldset>
          {method === 'card' && (
            <>
              {provider.stripeKey ? <StripeCard ref={stripeCard} publishableKey={provider.stripeKey} disabled={busy} /> : <CardFields values={card} errors={cardErrors} onChange={setCard} disabled={busy} />}
              {provider.test && <TestCardsNote />}
            </>
          )}
        </section>
        {message && (
          <p className="checkout__message" role="alert">
            {message}
          </p>
        )}
        {flow.state.step === 'paynow' && flow.state.res.nextAction?.type === 'paynow_qr' ? (
          <PayNowPanel action={flow.state.res.nextAction} amount={total} canSimulate={provider.simulate} onSimulate={() => void flow.simulate()} onCancel={() => void flow.cancelChallenge()} busy={flow.state.busy} />
        ) : (
          <button type="submit" className="button button--accent checkout__pay" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Processing…' : method === 'grabpay' ? `Continue to GrabPay to pay ${formatPrice(total)}` : `Pay ${formatPrice(total)}`}
          </button>
        )}
      </form>
        {flow.state.step === 'otp' && (
          <OtpDialog amount={total} card="your card" busy={flow.state.busy} error={flow.state.error} onSubmit={(c) => void flow.submitOtp(c)} onCancel={() => void flow.cancelChallenge()} />
        )}
      {item && (
        <aside className="checkout__aside">
          <OrderSummary
            item={item}
            lines={order.exchangedLines}
            subtotal={order.exchangedSubtotalAmountWithConversionFee}
            discount={order.promotionCode ? { label: `Promotion ${order.promotionCode}`, amount: order.exchangedDiscountAmount } : null}
            crossedOut={order.promotionCode ? order.exchangedSubtotalAmountWithConversionFee : null}
            total={total}
            exchange={order.exchange}
            conversionFee={order.conversionFeeAmount}
          />
        </aside>
      )}
    </div>
  );
}

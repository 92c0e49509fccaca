// Apple Pay and Google Pay on the payment pages (checkout, later payment, add guests). With
// Stripe, its Express Checkout Element shows the wallets the device can pay with and gives a
// PaymentMethod; with the built-in test gateway, look-alike buttons open a simulated wallet
// sheet (an accessible dialog) that approves or cancels and gives a wallet token. Either way the
// page then makes its ordinary pay call with `walletToken`, so seats, idempotency and stored
// value follow the card's rules. A button shows only where the device and browser can pay.
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { WalletMethod } from '../../contract/booking.ts';
import type { Money } from '../../contract/common.ts';
import { errorMessage } from '../../api-client/client.ts';
import { createWalletToken } from '../../api-client/booking.ts';
import { toMinor } from '../../lib/money.ts';
import { currencyExponent, formatPrice } from '../booking/money.ts';
import { loadStripe, type StripeLike } from './stripe-card.tsx';
import './wallets.css';

export const WALLET_NAMES: Record<WalletMethod, string> = { apple_pay: 'Apple Pay', google_pay: 'Google Pay' };

declare global {
  interface Window {
    ApplePaySession?: { canMakePayments(): boolean };
  }
}

/**
 * The wallets this device and browser can pay with, as the test gateway simulates them: Apple Pay
 * where Safari's ApplePaySession says so, Google Pay where the browser has the Payment Request
 * API in a secure context (Chrome, Edge, Android). Stripe's element decides for itself.
 */
export function deviceWallets(w: Pick<Window, 'ApplePaySession' | 'isSecureContext'> & { PaymentRequest?: unknown } = window): WalletMethod[] {
  const out: WalletMethod[] = [];
  try {
    if (w.ApplePaySession?.canMakePayments()) out.push('apple_pay');
  } catch {
    // ApplePaySession throws outside a secure context: no Apple Pay then.
  }
  if (w.isSecureContext && typeof w.PaymentRequest === 'function') out.push('google_pay');
  return out;
}

export type WalletHandlers = {
  /** Called with the wallet's one-time token; throws (with the server's words) when the payment failed. */
  onToken: (wallet: WalletMethod, token: string) => Promise<void>;
  /** The traveller closed the sheet: nothing was charged. */
  onCancel: (wallet: WalletMethod) => void;
  /** Checked before the sheet opens (e.g. the form's required fields); false keeps it closed. */
  beforeOpen?: () => boolean;
};

/** The wallet buttons of a payment page: Stripe's Express Checkout Element, or the test gateway's. */
export function WalletButtons({ amount, disabled, stripeKey, testGateway, ...handlers }: WalletHandlers & { amount: Money; disabled: boolean; stripeKey: string | null; testGateway: boolean }) {
  if (stripeKey) return <StripeExpressCheckout amount={amount} stripeKey={stripeKey} disabled={disabled} {...handlers} />;
  if (!testGateway) return null;
  return <TestWalletButtons amount={amount} disabled={disabled} {...handlers} />;
}

function TestWalletButtons({ amount, disabled, onToken, onCancel, beforeOpen }: WalletHandlers & { amount: Money; disabled: boolean }) {
  const [wallets, setWallets] = useState<WalletMethod[]>([]);
  const [open, setOpen] = useState<WalletMethod | null>(null);
  useEffect(() => setWallets(deviceWallets()), []);
  if (wallets.length === 0) return null;
  return (
    <div className="wallets" data-testid="wallet-buttons">
      <p className="wallets__title">Express checkout</p>
      <div className="wallets__row">
        {wallets.map((w) => (
          <button key={w} type="button" className={`wallet-button wallet-button--${w}`} disabled={disabled} onClick={() => (beforeOpen?.() ?? true) && setOpen(w)}>
            {/* Named by its words, not aria-label: the wordmark is drawn and hidden from the name. */}
            <WalletMark wallet={w} />
            <span className="visually-hidden">Pay with {WALLET_NAMES[w]}</span>
          </button>
        ))}
      </div>
      <p className="wallets__or">
        <span>or pay another way</span>
      </p>
      {open && (
        <WalletSheet
          wallet={open}
          amount={amount}
          onApprove={async (card) => {
            const { data } = await createWalletToken({ wallet: open, amount, card });
            setOpen(null);
            await onToken(open, data.token);
          }}
          onCancel={() => {
            const w = open;
            setOpen(null);
            onCancel(w);
          }}
        />
      )}
    </div>
  );
}

/** The wallet's own wordmark, drawn in text (no third-party artwork on the test gateway). */
function WalletMark({ wallet }: { wallet: WalletMethod }) {
  return wallet === 'apple_pay' ? (
    <span className="wallet-mark" aria-hidden="true">
      <svg viewBox="0 0 14 17" width="14" height="17" focusable="false">
        <path fill="currentColor" d="M11.6 9c0-2 1.7-3 1.8-3.1-1-1.4-2.5-1.6-3-1.6-1.3-.1-2.5.8-3.1.8-.7 0-1.7-.8-2.7-.7C3.2 4.4 2 5.2 1.3 6.4c-1.5 2.5-.4 6.3 1 8.4.7 1 1.5 2.1 2.6 2.1 1 0 1.4-.7 2.7-.7 1.2 0 1.6.7 2.7.7s1.8-1 2.5-2.1c.8-1.2 1.1-2.3 1.1-2.4 0 0-2.3-.9-2.3-3.4ZM9.6 2.9c.6-.7 1-1.6.9-2.6-.8 0-1.8.6-2.4 1.3-.5.6-1 1.6-.9 2.5.9.1 1.8-.5 2.4-1.2Z" />
      </svg>
      Pay
    </span>
  ) : (
    <span className="wallet-mark" aria-hidden="true">
      <b className="wallet-mark__g">G</b> Pay
    </span>
  );
}

/**
 * The test gateway's wallet sheet: what Apple Pay or Google Pay shows on a phone (the merchant,
 * the amount, the card), as an accessible modal dialog. Escape or Cancel closes it with nothing
 * charged.
 */
export function WalletSheet({ wallet, amount, onApprove, onCancel }: { wallet: WalletMethod; amount: Money; onApprove: (card: '4242' | '9995') => Promise<void>; onCancel: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);
  const approve = async () => {
    const card = new FormData(formRef.current ?? undefined).get('card') === '9995' ? '9995' : '4242';
    setBusy(true);
    setError(null);
    try {
      await onApprove(card);
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  };
  const name = WALLET_NAMES[wallet];
  // In document.body, not inside the page's own form (a form may not hold another form).
  return createPortal(
    <dialog ref={ref} className={`wallet-sheet wallet-sheet--${wallet}`} aria-labelledby={`${id}-t`} aria-describedby={`${id}-d`} onCancel={(e) => (e.preventDefault(), busy || onCancel())}>
      <form ref={formRef} onSubmit={(e) => (e.preventDefault(), void approve())} className="wallet-sheet__body">
        <p className="wallet-sheet__brand">
          <WalletMark wallet={wallet} />
        </p>
        <h2 id={`${id}-t`} className="wallet-sheet__title">
          {name}
        </h2>
        <p id={`${id}-d`} className="wallet-sheet__amount">
          Pay <b>Verdant Travel</b> <span data-testid="wallet-sheet-amount">{formatPrice(amount)}</span>
        </p>
        <fieldset className="wallet-sheet__cards">
          <legend>Card</legend>
          <label className="wallet-sheet__card">
            <input type="radio" name="card" value="4242" defaultChecked disabled={busy} /> Visa •••• 4242
          </label>
          <label className="wallet-sheet__card">
            <input type="radio" name="card" value="9995" disabled={busy} /> Visa •••• 9995 <span className="wallet-sheet__hint">(declined: insufficient funds)</span>
          </label>
        </fieldset>
        <p className="wallet-sheet__test">Test mode: a simulated {name} sheet. No money moves.</p>
        {error && (
          <p className="form-field__error" role="alert">
            {error}
          </p>
        )}
        <div className="wallet-sheet__actions">
          <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined} autoFocus>
            {busy ? 'Paying…' : `Pay ${formatPrice(amount)}`}
          </button>
          <button type="button" className="wallet-sheet__cancel" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>,
    document.body,
  );
}

type ExpressElement = {
  mount(el: HTMLElement): void;
  destroy(): void;
  on(event: 'ready', cb: (e: { availablePaymentMethods?: Record<string, boolean> | undefined }) => void): void;
  on(event: 'click', cb: (e: { resolve: (o?: object) => void; reject: () => void }) => void): void;
  on(event: 'cancel', cb: () => void): void;
  on(event: 'confirm', cb: (e: { expressPaymentType: string; paymentFailed: (p?: { reason?: string; message?: string }) => void }) => void): void;
};
type StripeWithElements = StripeLike & {
  elements(opts: Record<string, unknown>): { create(kind: 'expressCheckout', opts: Record<string, unknown>): ExpressElement; submit(): Promise<{ error?: { message?: string } }> };
  createPaymentMethod(opts: { elements: unknown }): Promise<{ error?: { message?: string }; paymentMethod?: { id: string } }>;
};

/**
 * Stripe's Express Checkout Element, limited to Apple Pay and Google Pay, for the all-in amount
 * in the cart's currency. Stripe shows only the wallets the device can pay with (Apple Pay needs
 * the site's domain registered with Stripe: docs/payments-wallets.md). The sheet's PaymentMethod
 * goes to our pay call; the server charges it (paymentMethodCreation: 'manual').
 */
function StripeExpressCheckout({ amount, stripeKey, disabled, onToken, onCancel, beforeOpen }: WalletHandlers & { amount: Money; stripeKey: string; disabled: boolean }) {
  const host = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef({ onToken, onCancel, beforeOpen });
  latest.current = { onToken, onCancel, beforeOpen };
  const minor = toMinor(amount.amount, currencyExponent(amount.currency));
  useEffect(() => {
    let alive = true;
    let element: ExpressElement | null = null;
    loadStripe(stripeKey).then(
      (s) => {
        const stripe = s as StripeWithElements;
        if (!alive || !host.current) return;
        const elements = stripe.elements({ mode: 'payment', amount: minor, currency: amount.currency.toLowerCase(), paymentMethodCreation: 'manual' });
        element = elements.create('expressCheckout', {
          paymentMethods: { applePay: 'auto', googlePay: 'auto', link: 'never', paypal: 'never', amazonPay: 'never', klarna: 'never' },
          buttonHeight: 48,
        });
        element.on('ready', (e) => setShown(!!e.availablePaymentMethods && Object.values(e.availablePaymentMethods).some(Boolean)));
        element.on('click', (e) => ((latest.current.beforeOpen?.() ?? true) ? e.resolve() : e.reject()));
        element.on('cancel', () => latest.current.onCancel('google_pay'));
        element.on('confirm', async (e) => {
          const wallet: WalletMethod = e.expressPaymentType === 'apple_pay' ? 'apple_pay' : 'google_pay';
          const submitted = await elements.submit();
          if (submitted.error) return e.paymentFailed({ reason: 'fail' });
          const pm = await stripe.createPaymentMethod({ elements });
          if (pm.error || !pm.paymentMethod) {
            e.paymentFailed({ reason: 'fail' });
            setError(pm.error?.message ?? 'Your wallet could not pay. Please try again or pay another way.');
            return;
          }
          try {
            await latest.current.onToken(wallet, pm.paymentMethod.id);
          } catch (err) {
            e.paymentFailed({ reason: 'fail', message: errorMessage(err) });
          }
        });
        element.mount(host.current);
      },
      (err: Error) => alive && setError(err.message),
    );
    return () => {
      alive = false;
      element?.destroy();
    };
  }, [stripeKey, minor, amount.currency]);
  return (
    <div className="wallets" hidden={!shown && !error} data-disabled={disabled || undefined}>
      {shown && <p className="wallets__title">Express checkout</p>}
      <div ref={host} />
      {error && (
        <p className="form-field__error" role="alert">
          {error}
        </p>
      )}
      {shown && (
        <p className="wallets__or">
          <span>or pay another way</span>
        </p>
      )}
    </div>
  );
}

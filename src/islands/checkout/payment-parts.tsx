// Pieces shared by the checkout and the later-payment / invoice pages: card fields (sent to
// the payment gateway for a token, never to our order calls), the bank's 3-D Secure challenge,
// the PayNow QR with its countdown, and the flow that drives a pay call to its end.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { NextAction, PayResponse } from '../../contract/booking.ts';
import type { Money } from '../../contract/common.ts';
import { ApiError, errorMessage } from '../../api-client/client.ts';
import { createCardToken, finalizePayment, newIdempotencyKey, payFail, payOtp, simulatePayNow } from '../../api-client/booking.ts';
import { formatPrice } from '../booking/money.ts';

export type CardValues = { number: string; expiry: string; cvc: string };
export type CardErrors = Partial<Record<'number' | 'expiry' | 'cvc', string>>;

/** "4242424242424242" → "4242 4242 4242 4242" as the traveller types. */
export function groupCardNumber(v: string): string {
  return v
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

export function formatExpiry(v: string): string {
  const d = v.replace(/\D/g, '').slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
}

/** The card, exchanged for the gateway's token (what Stripe.js does with Stripe). */
export async function tokenizeCard(card: CardValues): Promise<{ token: string } | { errors: CardErrors }> {
  const digits = card.expiry.replace(/\D/g, '');
  const errors: CardErrors = {};
  if (card.number.replace(/\D/g, '').length < 12) errors.number = 'Please enter your card number';
  if (digits.length !== 4) errors.expiry = 'Please enter the expiry date as MM / YY';
  if (!/^\d{3,4}$/.test(card.cvc.trim())) errors.cvc = 'Please enter the security code';
  if (Object.keys(errors).length > 0) return { errors };
  try {
    const { data } = await createCardToken({ number: card.number.replace(/\D/g, ''), expMonth: Number(digits.slice(0, 2)), expYear: 2000 + Number(digits.slice(2)), cvc: card.cvc.trim() });
    return { token: data.token };
  } catch (err) {
    if (err instanceof ApiError && Object.keys(err.fields).length > 0) return { errors: err.fields as CardErrors };
    throw err;
  }
}

export function CardFields({ values, errors, onChange, disabled }: { values: CardValues; errors: CardErrors; onChange: (v: CardValues) => void; disabled: boolean }) {
  const id = useId();
  const field = (key: keyof CardValues, label: string, props: Record<string, string>, format: (v: string) => string = (v) => v) => (
    <div className={`form-field card-fields__${key}`}>
      <label htmlFor={`${id}-${key}`} className="form-field__label">
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        value={values[key]}
        onChange={(e) => onChange({ ...values, [key]: format(e.target.value) })}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
        disabled={disabled}
        required
        {...props}
      />
      {errors[key] && (
        <p id={`${id}-${key}-error`} className="form-field__error">
          {errors[key]}
        </p>
      )}
    </div>
  );
  return (
    <div className="card-fields">
      {field('number', 'Card number', { inputMode: 'numeric', autoComplete: 'cc-number', placeholder: '1234 1234 1234 1234', name: 'cardnumber' }, groupCardNumber)}
      {field('expiry', 'Expiry', { inputMode: 'numeric', autoComplete: 'cc-exp', placeholder: 'MM / YY', name: 'exp-date' }, formatExpiry)}
      {field('cvc', 'Security code', { inputMode: 'numeric', autoComplete: 'cc-csc', placeholder: 'CVC', maxLength: '4', name: 'cvc' }, (v) => v.replace(/\D/g, ''))}
    </div>
  );
}

export function TestCardsNote() {
  return (
    <div className="test-cards" role="note">
      <p className="test-cards__title">Test payments</p>
      <p>
        No real money moves on this site. Pay with <b>4242 4242 4242 4242</b>, any future expiry and any CVC. <b>4000 0025 0000 3155</b> asks your bank for a code;{' '}
        <b>4000 0000 0000 9995</b> is declined.
      </p>
    </div>
  );
}

/** The bank's 3-D Secure step (the test gateway's stand-in for the card issuer's page). */
export function OtpDialog({ amount, card, busy, error, onSubmit, onCancel }: { amount: Money; card: string; busy: boolean; error: string | null; onSubmit: (code: string) => void; onCancel: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onSubmit(String(new FormData(e.currentTarget).get('otp') ?? ''));
  };
  return (
    <dialog ref={ref} className="otp" aria-labelledby={`${id}-t`} onCancel={(e) => (e.preventDefault(), onCancel())}>
      <form onSubmit={submit} className="otp__body">
        <p className="otp__bank">Verdant Test Bank · Secure verification</p>
        <h2 id={`${id}-t`} className="otp__title">
          Approve this payment
        </h2>
        <p>
          Your bank asks you to confirm <b>{formatPrice(amount)}</b> to Verdant with {card}. Enter the 6-digit code sent to your phone.
        </p>
        <p className="otp__test">Test mode: the code is 123456; any other code fails the check.</p>
        <div className="form-field">
          <label htmlFor={`${id}-otp`} className="form-field__label">
            One-time code
          </label>
          <input id={`${id}-otp`} name="otp" inputMode="numeric" autoComplete="one-time-code" maxLength={6} pattern="\d{6}" required autoFocus disabled={busy} />
        </div>
        {error && (
          <p className="form-field__error" role="alert">
            {error}
          </p>
        )}
        <div className="otp__actions">
          <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Checking…' : 'Verify and pay'}
          </button>
          <button type="button" className="otp__cancel" onClick={onCancel} disabled={busy}>
            Cancel payment
          </button>
        </div>
      </form>
    </dialog>
  );
}

function useCountdown(until: string): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const left = Math.max(0, Math.floor((Date.parse(until) - now) / 1000));
  return `${String(Math.floor(left / 60)).padStart(2, '0')}:${String(left % 60).padStart(2, '0')}`;
}

export function PayNowPanel({ action, amount, canSimulate, onSimulate, onCancel, busy }: { action: Extract<NextAction, { type: 'paynow_qr' }>; amount: Money; canSimulate: boolean; onSimulate: () => void; onCancel: () => void; busy: boolean }) {
  const left = useCountdown(action.expiresAt);
  const src = action.imageSvg ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(action.imageSvg)}` : (action.imageUrl ?? '');
  return (
    <div className="paynow" role="region" aria-label="Pay with PayNow">
      <img className="paynow__qr" src={src} alt={`PayNow QR code for ${formatPrice(amount)}, reference ${action.reference}`} width={220} height={220} />
      <div className="paynow__text">
        <p className="paynow__title">Scan to pay {formatPrice(amount)}</p>
        <ol>
          <li>Open your banking app and choose PayNow → Scan QR.</li>
          <li>Check the amount and reference {action.reference}, then confirm.</li>
          <li>Keep this page open: it moves on by itself once your bank pays.</li>
        </ol>
        <p className="paynow__timer" aria-live="off">
          Code valid for <span className="paynow__countdown">{left}</span>
        </p>
        {canSimulate && (
          <button type="button" className="button button--ghost paynow__simulate" onClick={onSimulate} disabled={busy}>
            Simulate payment (development)
          </button>
        )}
        <button type="button" className="otp__cancel" onClick={onCancel} disabled={busy}>
          Cancel and choose another way to pay
        </button>
      </div>
    </div>
  );
}

export type FlowState =
  | { step: 'idle' }
  | { step: 'paying' }
  | { step: 'otp'; res: PayResponse; busy: boolean; error: string | null }
  | { step: 'paynow'; res: PayResponse; busy: boolean }
  | { step: 'done'; res: PayResponse };

/**
 * Drives a pay call to its end: a challenge goes to pay_otp (or pay_fail), a PayNow QR is
 * polled with finalize until paid. Each follow-up call carries its own Idempotency-Key.
 */
export function usePaymentFlow(onDone: (res: PayResponse) => void, onFailed: (message: string) => void, stripeKey?: string | null) {
  const [state, setState] = useState<FlowState>({ step: 'idle' });
  const stateRef = useRef(state);
  stateRef.current = state;

  const settle = (res: PayResponse) => {
    if (res.status === 'requires_action' && res.nextAction?.type === 'otp_challenge') setState({ step: 'otp', res, busy: false, error: null });
    else if (res.status === 'requires_action' && res.nextAction?.type === 'paynow_qr') setState({ step: 'paynow', res, busy: false });
    else if (res.status === 'requires_action' && res.nextAction?.type === 'redirect') {
      // GrabPay: the wallet's page, which sends the traveller back to finish (/checkout/finalizing).
      setState({ step: 'paying' });
      window.location.assign(res.nextAction.url);
    } else if (res.status === 'requires_action' && res.nextAction?.type === 'stripe_confirm' && stripeKey) {
      // Stripe.js shows the bank's step; then the server asks Stripe how it ended.
      const { clientSecret } = res.nextAction;
      const orderId = res.order.id;
      setState({ step: 'paying' });
      import('./stripe-card.tsx')
        .then(({ handleStripeAction }) => handleStripeAction(stripeKey, clientSecret))
        .then(
          async () => settle((await finalizePayment(orderId, newIdempotencyKey())).data),
          async (err: unknown) => {
            try {
              settle((await payFail(orderId, 'authentication_failed', newIdempotencyKey())).data);
            } catch (failure) {
              fail(failure instanceof ApiError ? failure : err);
            }
          },
        )
        .catch(fail);
    } else if (res.status === 'requires_action') {
      setState({ step: 'idle' });
      onFailed('This payment needs a step this page cannot show. Please choose another way to pay.');
    } else {
      setState({ step: 'done', res });
      onDone(res);
    }
  };

  const fail = (err: unknown) => {
    setState({ step: 'idle' });
    onFailed(errorMessage(err));
  };

  // PayNow: ask every 3 s whether the bank has paid.
  useEffect(() => {
    if (state.step !== 'paynow') return undefined;
    const orderId = state.res.order.id;
    const timer = setInterval(async () => {
      if (stateRef.current.step !== 'paynow' || stateRef.current.busy) return;
      try {
        const { data } = await finalizePayment(orderId, newIdempotencyKey());
        if (data.status !== 'requires_action') settle(data);
      } catch (err) {
        clearInterval(timer);
        fail(err);
      }
    }, 3000);
    return () => clearInterval(timer);
  }, [state.step]);

  return {
    state,
    start: () => setState({ step: 'paying' }),
    settle,
    fail,
    submitOtp: async (code: string) => {
      if (state.step !== 'otp') return;
      setState({ ...state, busy: true, error: null });
      try {
        settle((await payOtp(state.res.order.id, code, newIdempotencyKey())).data);
      } catch (err) {
        fail(err);
      }
    },
    cancelChallenge: async () => {
      if (state.step !== 'otp' && state.step !== 'paynow') return;
      const orderId = state.res.order.id;
      setState({ ...state, busy: true } as FlowState);
      try {
        settle((await payFail(orderId, state.step === 'paynow' ? 'cancelled' : 'authentication_failed', newIdempotencyKey())).data);
      } catch (err) {
        fail(err);
      }
    },
    simulate: async () => {
      if (state.step !== 'paynow') return;
      setState({ ...state, busy: true });
      try {
        settle((await simulatePayNow(state.res.order.id)).data);
      } catch (err) {
        fail(err);
      }
    },
  };
}

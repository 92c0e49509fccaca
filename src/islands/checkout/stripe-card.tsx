// Card entry with Stripe.js, on the payment pages only and only when Stripe is the provider
// (GET /checkouts/available names it and gives the publishable key). The script is added to the
// page when the card form first shows; the page's CSP (src/server/static-site.ts paymentCsp)
// allows exactly Stripe's script, frames, API and QR images. With the test gateway none of this
// runs and no third-party script is loaded.
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';

export const STRIPE_JS_URL = 'https://js.stripe.com/v3/';

type StripeCardElement = { mount(el: HTMLElement): void; destroy(): void; on(event: 'change', cb: (e: { error?: { message: string } }) => void): void };
type StripeResult = { error?: { message?: string } };
export type StripeLike = {
  elements(): { create(kind: 'card', opts?: Record<string, unknown>): StripeCardElement };
  createPaymentMethod(opts: { type: 'card'; card: StripeCardElement }): Promise<StripeResult & { paymentMethod?: { id: string } }>;
  handleNextAction(opts: { clientSecret: string }): Promise<StripeResult>;
};
declare global {
  interface Window {
    Stripe?: (key: string) => StripeLike;
  }
}

let loading: Promise<StripeLike> | null = null;

/** Loads Stripe.js once per page and starts it with the publishable key. */
export function loadStripe(publishableKey: string): Promise<StripeLike> {
  loading ??= new Promise<StripeLike>((resolve, reject) => {
    const fail = () => {
      loading = null;
      reject(new Error('We could not load the secure card form. Check your connection and try again.'));
    };
    const start = () => (window.Stripe ? resolve(window.Stripe(publishableKey)) : fail());
    if (window.Stripe) return start();
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.onload = start;
    script.onerror = fail;
    document.head.appendChild(script);
  });
  return loading;
}

/** The 3-D Secure (or other) step Stripe asks for, shown by Stripe.js itself. */
export async function handleStripeAction(publishableKey: string, clientSecret: string): Promise<void> {
  const stripe = await loadStripe(publishableKey);
  const r = await stripe.handleNextAction({ clientSecret });
  if (r.error) throw new Error(r.error.message ?? 'The provided payment method has failed authentication');
}

export type StripeCardHandle = { paymentMethod(): Promise<{ token: string } | { error: string }> };

export const StripeCard = forwardRef<StripeCardHandle, { publishableKey: string; disabled: boolean }>(function StripeCard({ publishableKey, disabled }, ref) {
  const host = useRef<HTMLDivElement>(null);
  const card = useRef<{ stripe: StripeLike; element: StripeCardElement } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let alive = true;
    loadStripe(publishableKey).then(
      (stripe) => {
        if (!alive || !host.current) return;
        const element = stripe.elements().create('card', { hidePostalCode: true, style: { base: { fontSize: '16px' } } });
        element.mount(host.current);
        element.on('change', (e) => setError(e.error?.message ?? null));
        card.current = { stripe, element };
        setReady(true);
      },
      (err: Error) => alive && setError(err.message),
    );
    return () => {
      alive = false;
      card.current?.element.destroy();
      card.current = null;
    };
  }, [publishableKey]);

  useImperativeHandle(ref, () => ({
    async paymentMethod() {
      if (!card.current) return { error: error ?? 'The card form is still loading' };
      const r = await card.current.stripe.createPaymentMethod({ type: 'card', card: card.current.element });
      if (r.error || !r.paymentMethod) return { error: r.error?.message ?? 'Please check your card details' };
      return { token: r.paymentMethod.id };
    },
  }));

  return (
    <div className="form-field stripe-card" aria-busy={!ready || undefined} data-disabled={disabled || undefined}>
      <span className="form-field__label">Card details</span>
      <div ref={host} className="stripe-card__host" />
      {error && (
        <p className="form-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
});

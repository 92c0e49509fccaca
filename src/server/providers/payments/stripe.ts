// Stripe behind the payment port: PaymentIntents confirmed on the server with the
// PaymentMethod the browser created with Stripe.js (card numbers never reach us), 3-D Secure
// finished by Stripe.js on the client (next action stripe_confirm, then /checkouts/finalize),
// PayNow with Stripe's own QR, Apple Pay and Google Pay through the PaymentMethod the Express
// Checkout Element creates, GrabPay by redirect, refunds, and webhooks verified with the
// endpoint's signing secret.
// Each create call passes our idempotency key, so Stripe charges once per key too.
import Stripe from 'stripe';
import { AUTHENTICATION_FAILED, WebhookSignatureError, type ChargeInput, type PaymentOutcome, type PaymentProvider, type ProviderPayment, type WebhookEvent } from './port.ts';

export type StripeOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Tests pass Stripe.createFetchHttpClient(fakeFetch) so nothing touches the network. */
  httpClient?: ReturnType<typeof Stripe.createFetchHttpClient>;
};

type Intent = Stripe.PaymentIntent;

function stateOf(pi: Intent): PaymentOutcome['state'] {
  switch (pi.status) {
    case 'succeeded':
      return 'succeeded';
    case 'requires_action':
    case 'requires_confirmation':
      return 'requires_action';
    case 'processing':
      return 'processing';
    case 'canceled':
      return 'canceled';
    case 'requires_payment_method':
      // After a failed attempt Stripe puts the intent back to requires_payment_method.
      return pi.last_payment_error ? 'failed' : 'requires_action';
    default:
      return 'processing';
  }
}

function cardOf(pi: Intent): { brand: string | null; last4: string | null } {
  const pm = pi.payment_method;
  if (pm && typeof pm === 'object' && pm.card) return { brand: pm.card.brand, last4: pm.card.last4 };
  const charge = pi.latest_charge;
  if (charge && typeof charge === 'object' && charge.payment_method_details?.card) {
    return { brand: charge.payment_method_details.card.brand, last4: charge.payment_method_details.card.last4 };
  }
  return { brand: null, last4: null };
}

export function outcomeOf(pi: Intent): PaymentOutcome {
  const state = stateOf(pi);
  const err = pi.last_payment_error;
  const card = cardOf(pi);
  let action: PaymentOutcome['action'] = null;
  if (state === 'requires_action') {
    const qr = pi.next_action?.paynow_display_qr_code;
    const redirect = pi.next_action?.redirect_to_url?.url;
    if (redirect && pi.payment_method_types?.includes('grabpay')) {
      action = { type: 'redirect', url: redirect };
    } else if (qr) {
      action = { type: 'paynow_qr', imageSvg: null, imageUrl: qr.image_url_svg, reference: pi.id.slice(-8).toUpperCase(), expiresAt: new Date(((qr as { expires_at?: number }).expires_at ?? Date.now() / 1000 + 900) * 1000) };
    } else if (pi.client_secret) {
      action = { type: 'stripe_confirm', clientSecret: pi.client_secret };
    }
  }
  return {
    ref: pi.id,
    state,
    cardBrand: card.brand,
    cardLast4: card.last4,
    failureCode: state === 'failed' ? (err?.code ?? 'payment_failed') : null,
    declineCode: state === 'failed' ? (err?.decline_code ?? null) : null,
    failureMessage: state === 'failed' ? (err?.code === 'payment_intent_authentication_failure' ? AUTHENTICATION_FAILED : (err?.message ?? 'Your payment failed.')) : null,
    action,
  };
}

/** A declined confirmation throws; its error still carries the intent. */
function outcomeOfError(err: unknown): PaymentOutcome {
  if (err instanceof Stripe.errors.StripeCardError || (err instanceof Stripe.errors.StripeError && err.type === 'StripeInvalidRequestError' && err.payment_intent)) {
    const e = err as InstanceType<typeof Stripe.errors.StripeError>;
    const pi = e.payment_intent;
    return {
      ref: pi?.id ?? '',
      state: 'failed',
      cardBrand: pi ? cardOf(pi).brand : null,
      cardLast4: pi ? cardOf(pi).last4 : null,
      failureCode: e.code ?? 'card_declined',
      declineCode: e.decline_code ?? null,
      failureMessage: e.code === 'payment_intent_authentication_failure' ? AUTHENTICATION_FAILED : (e.message || 'Your card was declined.'),
      action: null,
    };
  }
  throw err;
}

export function createStripeProvider(opts: StripeOptions): PaymentProvider {
  const stripe = new Stripe(opts.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(opts.httpClient ? { httpClient: opts.httpClient } : {}),
  });
  const base = (input: ChargeInput) => ({
    amount: input.amount,
    currency: input.currency.toLowerCase(),
    description: input.description,
    receipt_email: input.email,
    metadata: { order_id: input.orderId, reference: input.reference },
  });
  const expand = ['payment_method', 'latest_charge'];

  /** Creates (and confirms) a PaymentIntent; Stripe's refusals become outcomes, like every charge's. */
  const createIntent = async (params: Stripe.PaymentIntentCreateParams, idempotencyKey: string): Promise<PaymentOutcome> => {
    try {
      return outcomeOf(await stripe.paymentIntents.create(params, { idempotencyKey }));
    } catch (err) {
      return outcomeOfError(err);
    }
  };

  return {
    name: 'stripe',

    async chargeCard(input) {
      // A member's card: the intent is for their customer. A new card they chose to keep is set
      // up for on-session reuse (they pay again at checkout, present, so 3-D Secure can still be
      // asked); Stripe attaches it to the customer when the payment succeeds. A saved card is
      // already attached and is confirmed the same way.
      return createIntent(
        {
          ...base(input),
          payment_method: input.cardToken,
          allowed_payment_method_types: ['card'],
          confirm: true,
          return_url: input.returnUrl,
          expand,
          ...(input.customer ? { customer: input.customer } : {}),
          ...(input.customer && input.saveCard ? { setup_future_usage: 'on_session' as const } : {}),
        },
        input.idempotencyKey,
      );
    },

    async createCustomer(input) {
      const customer = await stripe.customers.create({ email: input.email, name: input.name, metadata: { user_id: input.userId } }, { idempotencyKey: `customer:${input.userId}` });
      return customer.id;
    },

    async savedMethodOf(ref) {
      const pi = await stripe.paymentIntents.retrieve(ref, { expand: ['payment_method'] });
      const pm = pi.payment_method;
      if (pi.status !== 'succeeded' || !pi.setup_future_usage || !pm || typeof pm !== 'object' || !pm.card || !pm.customer) return null;
      const customerRef = typeof pm.customer === 'string' ? pm.customer : pm.customer.id;
      return { ref: pm.id, customerRef, brand: pm.card.brand, last4: pm.card.last4, expMonth: pm.card.exp_month, expYear: pm.card.exp_year };
    },

    async detachMethod(ref) {
      try {
        await stripe.paymentMethods.detach(ref);
      } catch (err) {
        // Already detached (or gone): what we wanted.
        const gone = err instanceof Stripe.errors.StripeInvalidRequestError && (err.code === 'resource_missing' || /not attached/i.test(err.message));
        if (!gone) throw err;
      }
    },

    async startPayNow(input) {
      return createIntent(
        { ...base(input), allowed_payment_method_types: ['paynow'], payment_method_data: { type: 'paynow' }, confirm: true, return_url: input.returnUrl },
        input.idempotencyKey,
      );
    },

    async chargeWallet(input) {
      // The Express Checkout Element made a card PaymentMethod from the wallet (card.wallet.type
      // is apple_pay or google_pay); it is charged like a card, and the device already did the
      // authentication, so Stripe rarely asks for more (if it does, Stripe.js finishes it).
      return createIntent(
        { ...base(input), payment_method: input.walletToken, allowed_payment_method_types: ['card'], confirm: true, return_url: input.returnUrl, expand, metadata: { order_id: input.orderId, reference: input.reference, wallet: input.wallet } },
        input.idempotencyKey,
      );
    },

    async startGrabPay(input) {
      return createIntent(
        { ...base(input), allowed_payment_method_types: ['grabpay'], payment_method_data: { type: 'grabpay' }, confirm: true, return_url: input.returnUrl },
        input.idempotencyKey,
      );
    },

    async answerChallenge() {
      throw new Error('Stripe finishes 3-D Secure in the browser with Stripe.js; call finalize afterwards');
    },

    async retrieve(ref) {
      return outcomeOf(await stripe.paymentIntents.retrieve(ref, { expand }));
    },

    async cancel(ref) {
      try {
        await stripe.paymentIntents.cancel(ref);
      } catch (err) {
        // Already succeeded or canceled: nothing left to cancel.
        if (!(err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'payment_intent_unexpected_state')) throw err;
      }
    },

    async refund(ref, partial) {
      if (partial) {
        await stripe.refunds.create({ payment_intent: ref, amount: partial.amount }, { idempotencyKey: `refund:${partial.idempotencyKey}` });
        return;
      }
      await stripe.refunds.create({ payment_intent: ref }, { idempotencyKey: `refund:${ref}` });
    },

    async listPayments(window) {
      const out: ProviderPayment[] = [];
      const created = { gte: Math.floor(window.since.getTime() / 1000), lt: Math.ceil(window.until.getTime() / 1000) };
      for await (const pi of stripe.paymentIntents.list({ created, limit: 100, expand: ['data.latest_charge'] })) {
        const charge = pi.latest_charge && typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
        const refunded = charge?.amount_refunded ?? 0;
        const state = stateOf(pi);
        out.push({ ref: pi.id, orderId: pi.metadata?.['order_id'] ?? null, state: state === 'succeeded' && charge?.refunded ? 'refunded' : state, amount: pi.amount, refunded, currency: pi.currency.toUpperCase(), createdAt: new Date(pi.created * 1000) });
      }
      return out;
    },

    async readWebhook(rawBody, headers) {
      const signature = headers.get('stripe-signature');
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, opts.webhookSecret);
      } catch (err) {
        throw new WebhookSignatureError(err instanceof Error ? err.message : 'Invalid webhook signature');
      }
      const kinds: Record<string, WebhookEvent['kind']> = {
        'payment_intent.succeeded': 'succeeded',
        'payment_intent.payment_failed': 'failed',
        'payment_intent.canceled': 'canceled',
      };
      const kind = kinds[event.type];
      if (!kind) return { ref: '', kind: 'other', eventId: event.id };
      const pi = event.data.object as Intent;
      return { ref: pi.id, kind, eventId: event.id, orderId: pi.metadata?.['order_id'] };
    },
  };
}

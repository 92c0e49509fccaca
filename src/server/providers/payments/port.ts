// The payment provider port: one interface for the built-in test gateway (test-gateway.ts,
// behaves like Stripe's test cards) and Stripe itself (stripe.ts). Amounts are integer minor
// units in the currency's exponent, which is also what Stripe expects (VND and JPY have none).
// Every call that creates a charge takes an idempotency key: the provider charges once per key.

export type ProviderName = 'test' | 'stripe';
export type PaymentState = 'succeeded' | 'requires_action' | 'processing' | 'failed' | 'canceled' | 'refunded';

export type ProviderAction =
  /** Test gateway 3-D Secure: the bank's one-time code, answered with answerChallenge(). */
  | { type: 'otp_challenge'; challengeId: string }
  /** PayNow: a QR to scan in a banking app. */
  | { type: 'paynow_qr'; imageSvg: string | null; imageUrl: string | null; reference: string; expiresAt: Date }
  /** Stripe: finish on the client with Stripe.js (3-D Secure or a redirect), then finalize. */
  | { type: 'stripe_confirm'; clientSecret: string }
  /** GrabPay: the traveller approves on the wallet's page, which sends them back to returnUrl. */
  | { type: 'redirect'; url: string };

export type PaymentOutcome = {
  /** The provider's payment id (pi_…). */
  ref: string;
  state: PaymentState;
  cardBrand: string | null;
  cardLast4: string | null;
  /** Stripe's codes: card_declined (+ declineCode), expired_card, incorrect_cvc, payment_intent_authentication_failure … */
  failureCode: string | null;
  declineCode: string | null;
  /** The provider's words for a failure, fit to show the traveller. */
  failureMessage: string | null;
  action: ProviderAction | null;
};

export type ChargeInput = {
  amount: number;
  currency: string;
  idempotencyKey: string;
  orderId: string;
  /** What the traveller's bank statement and the provider's dashboard show. */
  description: string;
  email: string;
  /** Where a redirect-based step (3-D Secure on Stripe) comes back to. */
  returnUrl: string;
  /** A short reference for PayNow (shown in the banking app). */
  reference: string;
};

/**
 * A card payment for a member's customer at the provider: `cardToken` is then either a new card
 * (saved when `saveCard`, like Stripe's setup_future_usage) or a payment method already attached
 * to that customer (a saved card, reused with the traveller present).
 */
export type CardChargeInput = ChargeInput & { cardToken: string; customer?: string | undefined; saveCard?: boolean | undefined };

/** A reusable card kept at the provider (Stripe PaymentMethod pm_…, test gateway pm_test_…). */
export type SavedMethod = { ref: string; customerRef: string; brand: string; last4: string; expMonth: number; expYear: number };

/** The wallets a sheet pays with (Apple Pay, Google Pay): the sheet gives a one-time token. */
export type Wallet = 'apple_pay' | 'google_pay';

export type RefundInput = { amount: number; idempotencyKey: string };

/**
 * A payment as the provider's own ledger has it (reconciliation, services/booking/checkout/
 * reconcile.ts): its state, what it took and what has been given back of it, and the order its
 * metadata names.
 */
export type ProviderPayment = { ref: string; orderId: string | null; state: PaymentState; amount: number; refunded: number; currency: string; createdAt: Date };

/** `orderId` comes from the payment's metadata: it finds a payment whose id we never learnt (a crash mid-call). */
export type WebhookEvent = { ref: string; kind: 'succeeded' | 'failed' | 'canceled' | 'other'; eventId: string; orderId?: string | undefined };

export class WebhookSignatureError extends Error {
  constructor(message = 'Invalid webhook signature') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export interface PaymentProvider {
  readonly name: ProviderName;
  chargeCard(input: CardChargeInput): Promise<PaymentOutcome>;
  /** Makes the provider's customer a member's saved cards are attached to (idempotent per user). */
  createCustomer(input: { userId: string; email: string; name: string }): Promise<string>;
  /**
   * The card a succeeded payment kept for its customer (a charge with `saveCard`), or null when
   * it kept none. Safe to ask again: the same method comes back.
   */
  savedMethodOf(ref: string): Promise<SavedMethod | null>;
  /** Detaches a saved card from its customer: it can never be charged again. Already detached is fine. */
  detachMethod(ref: string): Promise<void>;
  startPayNow(input: ChargeInput): Promise<PaymentOutcome>;
  /**
   * Apple Pay or Google Pay: charges what the wallet sheet approved (Stripe: the PaymentMethod
   * the Express Checkout Element created; test gateway: its wallet token). The device already
   * authenticated the traveller, so this succeeds or fails; it never asks for a step.
   */
  chargeWallet(input: ChargeInput & { wallet: Wallet; walletToken: string }): Promise<PaymentOutcome>;
  /** GrabPay: creates the payment and answers a `redirect` action to the wallet's page. */
  startGrabPay(input: ChargeInput): Promise<PaymentOutcome>;
  /** Test gateway only: answers a 3-D Secure challenge with the one-time code. */
  answerChallenge(ref: string, code: string): Promise<PaymentOutcome>;
  retrieve(ref: string): Promise<PaymentOutcome>;
  /** Cancels an unfinished payment (nothing is charged). */
  cancel(ref: string): Promise<void>;
  /**
   * Gives a captured payment back: in full, or `amount` (minor units) of it when given — trips
   * refunds by cancellation policy. A partial refund is idempotent by its key; the provider
   * refuses more than what remains of the payment.
   */
  refund(ref: string, partial?: RefundInput): Promise<void>;
  /**
   * Every payment created at the provider between `since` and `until` (Stripe: PaymentIntents
   * listed by creation time), for reconciliation against our orders. Read-only.
   */
  listPayments(window: { since: Date; until: Date }): Promise<ProviderPayment[]>;
  /** Verifies the signature and reads the event; null for events booking does not handle. */
  readWebhook(rawBody: string, headers: { get(name: string): string | null | undefined }): Promise<WebhookEvent | null>;
  /** Development: pretend the traveller paid the PayNow QR (test gateway only). */
  simulatePayNow?(ref: string): Promise<PaymentOutcome>;
  /** Test gateway only: the traveller's answer on its GrabPay page (approve, decline, or cancel and go back). */
  answerGrabPay?(ref: string, answer: 'approve' | 'decline' | 'cancel'): Promise<PaymentOutcome & { returnUrl: string | null }>;
}

/** Spec §8 for payment_intent_authentication_failure. */
export const AUTHENTICATION_FAILED = 'The provided payment method has failed authentication';

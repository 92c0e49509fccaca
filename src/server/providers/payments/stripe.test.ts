// The Stripe adapter against canned Stripe API answers (a fake fetch behind Stripe's own HTTP
// client) and webhooks signed with Stripe's own test helper: no network.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartSchema } from '../../../contract/booking.ts';
import { checkoutPayments, orders } from '../../db/schema.ts';
import { handleWebhook, payCart } from '../../services/booking/checkout.ts';
import { instantSgd, openDeparture } from '../../testing/booking.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { AUTHENTICATION_FAILED, WebhookSignatureError } from './port.ts';
import { createStripeProvider } from './stripe.ts';

const WEBHOOK_SECRET = 'whsec_test_verdant';

type Call = { method: string; url: string; body: URLSearchParams; headers: Record<string, string> };

/** A fake Stripe API: answers from `routes`, records every call. */
function fakeStripe(routes: (call: Call) => { status?: number; body: unknown }) {
  const calls: Call[] = [];
  const fetchFn = async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    const headers: Record<string, string> = {};
    new Headers(init?.headers as HeadersInit).forEach((v, k) => (headers[k] = v));
    const call = { method: init?.method ?? 'GET', url, body: new URLSearchParams(typeof init?.body === 'string' ? init.body : ''), headers };
    calls.push(call);
    const answer = routes(call);
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json', 'request-id': 'req_test' } });
  };
  const provider = createStripeProvider({ secretKey: 'sk_test_verdant', webhookSecret: WEBHOOK_SECRET, httpClient: Stripe.createFetchHttpClient(fetchFn as typeof fetch) });
  return { provider, calls };
}

const intent = (over: Record<string, unknown>) => ({
  id: 'pi_3Test',
  object: 'payment_intent',
  amount: 9600,
  currency: 'sgd',
  status: 'succeeded',
  client_secret: 'pi_3Test_secret_abc',
  last_payment_error: null,
  next_action: null,
  payment_method: { id: 'pm_1', object: 'payment_method', type: 'card', card: { brand: 'visa', last4: '4242' } },
  latest_charge: null,
  ...over,
});

const charge = { amount: 9600, currency: 'SGD', idempotencyKey: 'pay:abc-123', orderId: 'ord_1', description: 'Verdant booking', email: 'mei@example.com', returnUrl: 'http://localhost/checkout/finalizing?order=ord_1', reference: 'VRDORD1' };

describe('Stripe adapter', () => {
  it('lists the PaymentIntents of a window for reconciliation, with their order and what was refunded, page by page', async () => {
    const page1 = { object: 'list', url: '/v1/payment_intents', has_more: true, data: [intent({ id: 'pi_a', metadata: { order_id: 'ord_a' }, created: 1_800_000_000, latest_charge: { id: 'ch_a', object: 'charge', amount_refunded: 0, refunded: false } })] };
    const page2 = { object: 'list', url: '/v1/payment_intents', has_more: false, data: [intent({ id: 'pi_b', amount: 5000, metadata: {}, created: 1_800_000_100, latest_charge: { id: 'ch_b', object: 'charge', amount_refunded: 5000, refunded: true } })] };
    const { provider, calls } = fakeStripe((c) => ({ body: c.url.includes('starting_after') ? page2 : page1 }));
    const listed = await provider.listPayments({ since: new Date(1_799_999_000_000), until: new Date(1_800_001_000_000) });
    expect(listed).toEqual([
      { ref: 'pi_a', orderId: 'ord_a', state: 'succeeded', amount: 9600, refunded: 0, currency: 'SGD', createdAt: new Date(1_800_000_000_000) },
      { ref: 'pi_b', orderId: null, state: 'refunded', amount: 5000, refunded: 5000, currency: 'SGD', createdAt: new Date(1_800_000_100_000) },
    ]);
    expect(calls[0]?.method).toBe('GET');
    expect(decodeURIComponent(calls[0]?.url ?? '')).toContain('created[gte]=1799999000');
    expect(decodeURIComponent(calls[0]?.url ?? '')).toContain('expand[0]=data.latest_charge');
    expect(calls).toHaveLength(2);
  });

  it('creates and confirms a PaymentIntent with the PaymentMethod and our idempotency key', async () => {
    const { provider, calls } = fakeStripe(() => ({ body: intent({}) }));
    const out = await provider.chargeCard({ ...charge, cardToken: 'pm_card_visa' });
    expect(out).toMatchObject({ ref: 'pi_3Test', state: 'succeeded', cardBrand: 'visa', cardLast4: '4242', action: null });
    const [call] = calls;
    expect(call?.method).toBe('POST');
    expect(call?.url).toContain('/v1/payment_intents');
    expect(call?.headers['idempotency-key']).toBe('pay:abc-123');
    expect(call?.headers['authorization']).toBe('Bearer sk_test_verdant');
    expect(Object.fromEntries(call!.body)).toMatchObject({ amount: '9600', currency: 'sgd', confirm: 'true', payment_method: 'pm_card_visa', 'allowed_payment_method_types[0]': 'card', return_url: charge.returnUrl, 'metadata[order_id]': 'ord_1' });
  });

  it('turns a card decline into a failed outcome with Stripe’s words', async () => {
    const { provider } = fakeStripe(() => ({
      status: 402,
      body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.', payment_intent: intent({ status: 'requires_payment_method' }) } },
    }));
    const out = await provider.chargeCard({ ...charge, cardToken: 'pm_card_visa_chargeDeclinedInsufficientFunds' });
    expect(out).toMatchObject({ state: 'failed', failureCode: 'card_declined', declineCode: 'insufficient_funds', failureMessage: 'Your card has insufficient funds.' });
  });

  it('hands 3-D Secure to Stripe.js, and reports a failed challenge in the spec’s words', async () => {
    const { provider } = fakeStripe((c) =>
      c.method === 'POST'
        ? { body: intent({ status: 'requires_action', next_action: { type: 'use_stripe_sdk', use_stripe_sdk: {} } }) }
        : { body: intent({ status: 'requires_payment_method', last_payment_error: { type: 'card_error', code: 'payment_intent_authentication_failure', message: 'The provided PaymentMethod has failed authentication.' } }) },
    );
    const started = await provider.chargeCard({ ...charge, cardToken: 'pm_card_authenticationRequired' });
    expect(started).toMatchObject({ state: 'requires_action', action: { type: 'stripe_confirm', clientSecret: 'pi_3Test_secret_abc' } });
    const after = await provider.retrieve('pi_3Test');
    expect(after).toMatchObject({ state: 'failed', failureCode: 'payment_intent_authentication_failure', failureMessage: AUTHENTICATION_FAILED });
  });

  it('starts PayNow and passes Stripe’s QR on', async () => {
    const { provider, calls } = fakeStripe(() => ({
      body: intent({ status: 'requires_action', payment_method: null, next_action: { type: 'paynow_display_qr_code', paynow_display_qr_code: { data: '000201…', image_url_svg: 'https://qr.stripe.com/test.svg', image_url_png: 'https://qr.stripe.com/test.png', hosted_instructions_url: 'https://stripe.com/x' } } }),
    }));
    const out = await provider.startPayNow(charge);
    expect(out.action).toMatchObject({ type: 'paynow_qr', imageUrl: 'https://qr.stripe.com/test.svg', imageSvg: null });
    expect(Object.fromEntries(calls[0]!.body)).toMatchObject({ 'allowed_payment_method_types[0]': 'paynow', 'payment_method_data[type]': 'paynow' });
  });

  it('charges an Apple Pay or Google Pay PaymentMethod from the Express Checkout Element like a card, with our key', async () => {
    const { provider, calls } = fakeStripe(() => ({ body: intent({ payment_method: { id: 'pm_w', object: 'payment_method', type: 'card', card: { brand: 'visa', last4: '1111', wallet: { type: 'google_pay' } } } }) }));
    const out = await provider.chargeWallet({ ...charge, wallet: 'google_pay', walletToken: 'pm_w' });
    expect(out).toMatchObject({ state: 'succeeded', cardBrand: 'visa', cardLast4: '1111', action: null });
    expect(calls[0]?.headers['idempotency-key']).toBe('pay:abc-123');
    expect(Object.fromEntries(calls[0]!.body)).toMatchObject({ payment_method: 'pm_w', confirm: 'true', 'allowed_payment_method_types[0]': 'card', 'metadata[wallet]': 'google_pay', 'metadata[order_id]': 'ord_1' });
  });

  it('starts GrabPay and passes Stripe’s redirect on', async () => {
    const { provider, calls } = fakeStripe(() => ({
      body: intent({ status: 'requires_action', payment_method_types: ['grabpay'], payment_method: null, next_action: { type: 'redirect_to_url', redirect_to_url: { url: 'https://pm-redirects.stripe.com/authorize/acct_1/pa_nonce_x', return_url: charge.returnUrl } } }),
    }));
    const out = await provider.startGrabPay(charge);
    expect(out).toMatchObject({ state: 'requires_action', action: { type: 'redirect', url: 'https://pm-redirects.stripe.com/authorize/acct_1/pa_nonce_x' } });
    expect(Object.fromEntries(calls[0]!.body)).toMatchObject({ 'allowed_payment_method_types[0]': 'grabpay', 'payment_method_data[type]': 'grabpay', confirm: 'true', return_url: charge.returnUrl });
  });

  it('saves a new card for the member’s customer for on-session reuse, and pays with a saved one', async () => {
    const { provider, calls } = fakeStripe(() => ({ body: intent({}) }));
    await provider.chargeCard({ ...charge, cardToken: 'pm_new', customer: 'cus_1', saveCard: true });
    expect(Object.fromEntries(calls[0]!.body)).toMatchObject({ payment_method: 'pm_new', customer: 'cus_1', setup_future_usage: 'on_session', confirm: 'true' });
    await provider.chargeCard({ ...charge, idempotencyKey: 'pay:again', cardToken: 'pm_saved', customer: 'cus_1' });
    const reuse = Object.fromEntries(calls[1]!.body);
    expect(reuse).toMatchObject({ payment_method: 'pm_saved', customer: 'cus_1', confirm: 'true' });
    expect(reuse['setup_future_usage']).toBeUndefined();
    await provider.chargeCard({ ...charge, idempotencyKey: 'pay:guest', cardToken: 'pm_guest' });
    expect(Object.fromEntries(calls[2]!.body)['customer']).toBeUndefined();
  });

  it('makes a customer once per member (idempotency key) and reads the card a payment kept', async () => {
    const { provider, calls } = fakeStripe((c) =>
      c.url.includes('/v1/customers')
        ? { body: { id: 'cus_1', object: 'customer' } }
        : { body: intent({ setup_future_usage: 'on_session', payment_method: { id: 'pm_1', object: 'payment_method', type: 'card', customer: 'cus_1', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 } } }) },
    );
    expect(await provider.createCustomer({ userId: 'u1', email: 'mei@example.com', name: 'Mei' })).toBe('cus_1');
    expect(calls[0]?.headers['idempotency-key']).toBe('customer:u1');
    expect(Object.fromEntries(calls[0]!.body)).toMatchObject({ email: 'mei@example.com', 'metadata[user_id]': 'u1' });
    expect(await provider.savedMethodOf('pi_3Test')).toEqual({ ref: 'pm_1', customerRef: 'cus_1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
  });

  it('keeps no card from a payment that was not set up for reuse', async () => {
    const { provider } = fakeStripe(() => ({ body: intent({ setup_future_usage: null }) }));
    expect(await provider.savedMethodOf('pi_3Test')).toBeNull();
  });

  it('detaches a removed card, and takes an already detached one as done', async () => {
    const { provider, calls } = fakeStripe(() => ({ body: { id: 'pm_1', object: 'payment_method', customer: null } }));
    await provider.detachMethod('pm_1');
    expect(calls[0]).toMatchObject({ method: 'POST' });
    expect(calls[0]!.url).toContain('/v1/payment_methods/pm_1/detach');
    const gone = fakeStripe(() => ({ status: 400, body: { error: { type: 'invalid_request_error', message: 'The payment method you provided is not attached to a customer so detachment is impossible.' } } }));
    await expect(gone.provider.detachMethod('pm_1')).resolves.toBeUndefined();
    const down = fakeStripe(() => ({ status: 500, body: { error: { type: 'api_error', message: 'Stripe is down' } } }));
    await expect(down.provider.detachMethod('pm_1')).rejects.toThrow();
  });

  it('refunds with an idempotency key per payment', async () => {
    const { provider, calls } = fakeStripe(() => ({ body: { id: 're_1', object: 'refund', status: 'succeeded' } }));
    await provider.refund('pi_3Test');
    expect(calls[0]?.url).toContain('/v1/refunds');
    expect(calls[0]?.headers['idempotency-key']).toBe('refund:pi_3Test');
  });

  it('refunds part of a payment with the amount and the caller\'s idempotency key', async () => {
    const { provider, calls } = fakeStripe(() => ({ body: { id: 're_2', object: 'refund', status: 'succeeded' } }));
    await provider.refund('pi_3Test', { amount: 4500, idempotencyKey: 'cancel:item1:pay1' });
    expect(calls[0]?.url).toContain('/v1/refunds');
    expect(calls[0]?.body.get('amount')).toBe('4500');
    expect(calls[0]?.body.get('payment_intent')).toBe('pi_3Test');
    expect(calls[0]?.headers['idempotency-key']).toBe('refund:cancel:item1:pay1');
  });

  describe('webhooks', () => {
    const { provider } = fakeStripe(() => ({ body: {} }));
    const event = (type: string) => JSON.stringify({ id: 'evt_1', object: 'event', type, data: { object: intent({}) } });
    const signed = (payload: string, secret = WEBHOOK_SECRET) => ({ get: (n: string) => (n === 'stripe-signature' ? Stripe.webhooks.generateTestHeaderString({ payload, secret }) : null) });

    it('reads a signed event', async () => {
      const payload = event('payment_intent.succeeded');
      expect(await provider.readWebhook(payload, signed(payload))).toEqual({ ref: 'pi_3Test', kind: 'succeeded', eventId: 'evt_1', orderId: undefined });
      const failed = event('payment_intent.payment_failed');
      expect(await provider.readWebhook(failed, signed(failed))).toMatchObject({ kind: 'failed' });
      const other = event('charge.dispute.created');
      expect(await provider.readWebhook(other, signed(other))).toMatchObject({ kind: 'other' });
    });

    it('refuses a wrong signature, a tampered body or none at all', async () => {
      const payload = event('payment_intent.succeeded');
      await expect(provider.readWebhook(payload, signed(payload, 'whsec_wrong'))).rejects.toThrow(WebhookSignatureError);
      await expect(provider.readWebhook(payload.replace('9600', '1'), signed(payload))).rejects.toThrow(WebhookSignatureError);
      await expect(provider.readWebhook(payload, { get: () => null })).rejects.toThrow('Missing Stripe-Signature header');
    });
  });
});

describe('Stripe end to end through checkout (fake API)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('3-D Secure on Stripe: requires_action, then the signed webhook places the order', async () => {
    const walk = await instantSgd(t.db);
    const dep = await openDeparture(t, walk.slugCode, 2);
    const cart = CartSchema.parse((await t.post('/api/v1/cart', { currency: 'SGD', orderItem: { optionId: walk.slugCode, startDate: dep.date, detailedTimeslotId: dep.timeslotId, quantity: 1 } })).body);
    let state = 'requires_action';
    const { provider } = fakeStripe((c) => ({ body: intent({ id: 'pi_e2e', status: c.method === 'POST' ? 'requires_action' : state, next_action: state === 'requires_action' ? { type: 'use_stripe_sdk' } : null }) }));
    const d = { db: t.db, config: t.config, log: pino({ level: 'silent' }), payments: provider, user: null };
    const started = await payCart(
      d,
      {
        cartId: cart.id,
        currency: 'SGD',
        expectedTotal: cart.exchangedTotalAmountWithConversionFee,
        contact: { name: 'Ana Cruz', email: 'ana@example.com' },
        customers: [{ fullName: 'Ana Cruz', dateOfBirth: '1992-05-05' }],
        paymentMethod: 'card',
        paymentTiming: 'checkout',
        cardToken: 'pm_card_authenticationRequired',
      },
      randomUUID(),
    );
    expect(started.body.status).toBe('requires_action');
    expect(started.body.nextAction).toMatchObject({ type: 'stripe_confirm', clientSecret: 'pi_3Test_secret_abc' });

    state = 'succeeded';
    const payload = JSON.stringify({ id: 'evt_2', object: 'event', type: 'payment_intent.succeeded', data: { object: intent({ id: 'pi_e2e' }) } });
    const headers = { get: (n: string) => (n === 'stripe-signature' ? Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) : null) };
    expect(await handleWebhook(d, payload, headers)).toEqual({ handled: true });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, started.body.order.id));
    expect(order?.status).toBe('placed');
    const [payment] = await t.db.select().from(checkoutPayments).where(eq(checkoutPayments.orderId, order!.id));
    expect(payment).toMatchObject({ provider: 'stripe', providerRef: 'pi_e2e', status: 'captured', cardBrand: 'visa', cardLast4: '4242' });
    // The same event again changes nothing.
    expect(await handleWebhook(d, payload, headers)).toEqual({ handled: true });
  });

  it('a charge that went through while our call failed is found by its order and refunded', async () => {
    const walk = await instantSgd(t.db);
    const dep = await openDeparture(t, walk.slugCode, 1);
    const cart = CartSchema.parse((await t.post('/api/v1/cart', { currency: 'SGD', orderItem: { optionId: walk.slugCode, startDate: dep.date, detailedTimeslotId: dep.timeslotId, quantity: 1 } })).body);
    let orderId = '';
    const { provider, calls } = fakeStripe((c) => {
      if (c.method === 'POST' && c.url.endsWith('/v1/payment_intents')) {
        orderId = c.body.get('metadata[order_id]') ?? '';
        return { status: 500, body: { error: { type: 'api_error', message: 'Something went wrong' } } };
      }
      if (c.url.includes('/v1/refunds')) return { body: { id: 're_1', object: 'refund', status: 'succeeded' } };
      return { body: intent({ id: 'pi_lost', status: 'succeeded', metadata: { order_id: orderId } }) };
    });
    const d = { db: t.db, config: t.config, log: pino({ level: 'silent' }), payments: provider, user: null };
    const body = {
      cartId: cart.id,
      currency: 'SGD',
      expectedTotal: cart.exchangedTotalAmountWithConversionFee,
      contact: { name: 'Ana Cruz', email: 'ana@example.com' },
      customers: [{ fullName: 'Ana Cruz', dateOfBirth: '1992-05-05' }],
      paymentMethod: 'card' as const,
      paymentTiming: 'checkout' as const,
      cardToken: 'pm_card_visa',
    };
    await expect(payCart(d, body, randomUUID())).rejects.toMatchObject({ status: 502 });
    const [released] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(released?.status).toBe('failed');

    const payload = JSON.stringify({ id: 'evt_3', object: 'event', type: 'payment_intent.succeeded', data: { object: intent({ id: 'pi_lost', metadata: { order_id: orderId } }) } });
    const headers = { get: (n: string) => (n === 'stripe-signature' ? Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) : null) };
    expect(await handleWebhook(d, payload, headers)).toEqual({ handled: true });
    const [payment] = await t.db.select().from(checkoutPayments).where(eq(checkoutPayments.orderId, orderId));
    expect(payment).toMatchObject({ providerRef: 'pi_lost', status: 'refunded' });
    expect(calls.some((c) => c.url.includes('/v1/refunds') && c.body.get('payment_intent') === 'pi_lost')).toBe(true);
  });
});

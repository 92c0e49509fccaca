// Wallet payments (issue 29): Apple Pay and Google Pay through a wallet sheet (the test
// gateway's wallet token), and GrabPay through a redirect to the gateway's page and back. The
// same seat hold, idempotency and stored-value rules as a card (ADRs 7, 13).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartSchema, CheckoutsAvailableResponse, OrderSchema, PayResponse, WalletTokenResponse, type Cart } from '../../../contract/booking.ts';
import type { Money } from '../../../contract/common.ts';
import { addDays } from '../../../lib/local-time.ts';
import { checkoutPayments, orders, testGatewayPayments, testGatewayRefunds } from '../../db/schema.ts';
import { createPaymentProvider } from '../../providers/payments/select.ts';
import { Agent } from '../../testing/agent.ts';
import { expectStatus, instantSgd, openDeparture, type OptionPick } from '../../testing/booking.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let walk: OptionPick;

beforeAll(async () => {
  t = await createTestApp();
  walk = await instantSgd(t.db, 3);
});
afterAll(() => t.close());

const CONTACT = { name: 'Aisha Rahman', email: 'aisha.rahman@example.com' };
type Booking = { cart: Cart; date: string; timeslotId: string };

async function bag(currency = 'SGD', guests = 2, agent?: Agent, daysAhead = 0): Promise<Booking> {
  const dep = await openDeparture(t, walk.slugCode, guests);
  let date = dep.date;
  let timeslotId = dep.timeslotId;
  if (daysAhead > 0) {
    for (let i = 0, d = addDays(dep.date, daysAhead); i < 60; i++, d = addDays(d, 1)) {
      const s = (await t.get(`/api/v1/detailed-timeslots?option_id=${walk.slugCode}&date=${d}`)).body as { timeslots: { id: string; unitsLeft: number }[] };
      const slot = s.timeslots.find((x) => x.unitsLeft >= guests);
      if (slot) {
        date = d;
        timeslotId = slot.id;
        break;
      }
    }
  }
  const body = { currency, orderItem: { optionId: walk.slugCode, startDate: date, detailedTimeslotId: timeslotId, quantity: guests } };
  const r = agent ? await agent.post('/api/v1/cart', body) : await t.post('/api/v1/cart', body);
  expectStatus(r, 201);
  return { cart: CartSchema.parse(r.body), date, timeslotId };
}

function payBody(b: Booking, over: Record<string, unknown> = {}) {
  const guests = b.cart.orderItem?.totalQuantity ?? 1;
  return {
    cartId: b.cart.id,
    currency: b.cart.currency,
    expectedTotal: b.cart.exchangedTotalAmountWithConversionFee,
    contact: CONTACT,
    customers: Array.from({ length: guests }, (_, i) => ({ fullName: `Guest Number ${i + 1}`, dateOfBirth: '1990-01-01', nationality: 'Malaysian', passportNumber: 'A12345678' })),
    paymentMethod: 'google_pay',
    ...over,
  };
}

const pay = (body: unknown, key: string = randomUUID(), path = '/api/v1/checkouts/pay') => t.post(path, body, { headers: { 'idempotency-key': key } });

/** What the test gateway's wallet sheet gives when the traveller approves `amount`. */
async function walletToken(wallet: 'apple_pay' | 'google_pay', amount: Money, card: '4242' | '9995' = '4242'): Promise<string> {
  const r = await t.post('/api/v1/test-gateway/wallet-tokens', { wallet, amount, card });
  expectStatus(r, 201);
  return WalletTokenResponse.parse(r.body).token;
}

async function unitsLeft(b: Booking): Promise<number> {
  const r = await t.get(`/api/v1/detailed-timeslots?option_id=${walk.slugCode}&date=${b.date}`);
  return (r.body as { timeslots: { id: string; unitsLeft: number }[] }).timeslots.find((s) => s.id === b.timeslotId)!.unitsLeft;
}

const gatewayRowsFor = async (key: string) => t.db.select().from(testGatewayPayments).where(eq(testGatewayPayments.idempotencyKey, `pay:${key}`));

describe('Apple Pay and Google Pay', () => {
  it('pays with the wallet sheet’s token: booked, seats taken, shown as the wallet with its card', async () => {
    const b = await bag();
    const before = await unitsLeft(b);
    const total = b.cart.exchangedTotalAmountWithConversionFee;
    const r = await pay(payBody(b, { walletToken: await walletToken('google_pay', total) }));
    expectStatus(r, 201);
    const res = PayResponse.parse(r.body);
    expect(res.order).toMatchObject({ status: 'placed', paymentMethod: 'google_pay', payment: { method: 'google_pay', status: 'captured', cardBrand: 'visa', cardLast4: '4242' } });
    expect(res.order.exchangedTotalAmountWithConversionFee).toEqual(total);
    expect(await unitsLeft(b)).toBe(before - 2);

    const apple = await bag();
    const a = await pay(payBody(apple, { paymentMethod: 'apple_pay', walletToken: await walletToken('apple_pay', apple.cart.exchangedTotalAmountWithConversionFee) }));
    expectStatus(a, 201);
    expect(PayResponse.parse(a.body).order.payment).toMatchObject({ method: 'apple_pay', status: 'captured' });
  });

  it('is idempotent like a card: a retry replays, five at once charge once, a changed body is refused', async () => {
    const b = await bag();
    const before = await unitsLeft(b);
    const body = payBody(b, { walletToken: await walletToken('google_pay', b.cart.exchangedTotalAmountWithConversionFee) });
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => pay(body, key)));
    for (const a of answers) expect(a.status).toBe(201);
    expect(new Set(answers.map((a) => JSON.stringify(a.raw))).size).toBe(1);
    const retry = await pay(body, key);
    expect(retry.raw).toEqual(answers[0]!.raw);
    expect(retry.res.headers.get('idempotent-replayed')).toBe('true');
    expect(await gatewayRowsFor(key)).toHaveLength(1);
    expect(await t.db.select().from(orders).where(eq(orders.cartId, b.cart.id))).toHaveLength(1);
    expect(await unitsLeft(b)).toBe(before - 2);
    const changed = await pay({ ...body, specialRequests: 'changed' }, key);
    expectStatus(changed, 422);
    expect(changed.raw).toMatchObject({ code: 'idempotency_key_reused' });
  });

  it('a declined wallet card gives the seats back at once and charges nothing', async () => {
    const b = await bag();
    const before = await unitsLeft(b);
    const key = randomUUID();
    const r = await pay(payBody(b, { walletToken: await walletToken('google_pay', b.cart.exchangedTotalAmountWithConversionFee, '9995') }), key);
    expectStatus(r, 402);
    expect(r.raw).toMatchObject({ code: 'card_declined', decline_code: 'insufficient_funds' });
    expect(await unitsLeft(b)).toBe(before);
    expect((await gatewayRowsFor(key))[0]?.status).toBe('failed');
  });

  it('a token pays only the amount and wallet it was approved for', async () => {
    const b = await bag();
    const before = await unitsLeft(b);
    const total = b.cart.exchangedTotalAmountWithConversionFee;
    const cheaper = await pay(payBody(b, { walletToken: await walletToken('google_pay', { ...total, amount: total.amount - 1 }) }));
    expectStatus(cheaper, 402);
    expect(cheaper.raw).toMatchObject({ code: 'amount_mismatch', error: 'The amount changed after your wallet approved it. Please check the total and pay again.' });
    const otherWallet = await pay(payBody(b, { walletToken: await walletToken('apple_pay', total) }));
    expectStatus(otherWallet, 402);
    expect(otherWallet.raw).toMatchObject({ code: 'invalid_token' });
    const forged = await pay(payBody(b, { walletToken: 'wtok_forged' }));
    expectStatus(forged, 402);
    // A card token is not a wallet token.
    const card = await t.post('/api/v1/test-gateway/tokens', { number: '4242424242424242', expMonth: 12, expYear: 2031, cvc: '123' });
    expectStatus(await pay(payBody(b, { walletToken: (card.body as { token: string }).token })), 402);
    expect(await unitsLeft(b)).toBe(before);
  });

  it.each([
    ['no wallet token', { walletToken: undefined }, 'wallet_token'],
    ['an unknown wallet', { paymentMethod: 'samsung_pay', walletToken: 'x' }, 'payment_method'],
    ['an oversized token', { walletToken: 'x'.repeat(4001) }, 'wallet_token'],
  ])('refuses %s with 422, holding nothing', async (_what, over, field) => {
    const b = await bag();
    const before = await unitsLeft(b);
    const r = await pay(payBody(b, over));
    expectStatus(r, 422);
    expect(Object.keys((r.raw as { fields: object }).fields)).toContain(field);
    expect(await unitsLeft(b)).toBe(before);
  });

  it('the wallet sheet’s token call refuses bad input', async () => {
    for (const body of [{ wallet: 'samsung_pay', amount: { amount: 10, currency: 'SGD' } }, { wallet: 'google_pay', amount: { amount: 0, currency: 'SGD' } }, { wallet: 'google_pay', amount: { amount: 10, currency: 'XYZ' } }, { wallet: 'google_pay', amount: { amount: 10, currency: 'SGD' }, card: '1111' }]) {
      expectStatus(await t.post('/api/v1/test-gateway/wallet-tokens', body), 422);
    }
  });

  it('a member’s bag is theirs alone: another member paying it with a wallet gets 404, nothing held', async () => {
    const owner = new Agent(t, '198.51.100.41');
    await owner.login('traveller@verdant.test');
    const b = await bag('SGD', 1, owner);
    const before = await unitsLeft(b);
    const other = new Agent(t, '198.51.100.42');
    await other.login('partner@verdant.test');
    const body = payBody(b, { paymentMethod: 'apple_pay', walletToken: await walletToken('apple_pay', b.cart.exchangedTotalAmountWithConversionFee) });
    const r = await other.post('/api/v1/checkouts/pay', body, { headers: { 'idempotency-key': randomUUID(), 'x-user-token': other.token! } });
    expectStatus(r, 404);
    expectStatus(await pay(body), 404); // a guest with the bag's id neither
    expect(await unitsLeft(b)).toBe(before);
    const mine = await owner.post('/api/v1/checkouts/pay', body, { headers: { 'idempotency-key': randomUUID(), 'x-user-token': owner.token! } });
    expectStatus(mine, 201);
  });

  it('pays a later-payment booking with Google Pay, and refunds through the same port', async () => {
    const b = await bag('SGD', 2, undefined, 20);
    const held = PayResponse.parse((await pay(payBody(b, { paymentMethod: 'card', paymentTiming: 'later' }))).body);
    expect(held.order.status).toBe('awaiting_payment');
    const total = held.order.exchangedTotalAmountWithConversionFee;
    const r = await pay({ orderId: held.order.id, currency: total.currency, expectedTotal: total, paymentMethod: 'google_pay', walletToken: await walletToken('google_pay', total) });
    expectStatus(r, 201);
    const paid = PayResponse.parse(r.body).order;
    expect(paid).toMatchObject({ status: 'placed', payment: { method: 'google_pay', status: 'captured' } });
    const [payment] = await t.db.select().from(checkoutPayments).where(eq(checkoutPayments.orderId, paid.id));
    const ref = payment!.providerRef!;
    const gateway = createPaymentProvider(t.config, t.db);
    await gateway.refund(ref, { amount: 500, idempotencyKey: `test:${ref}:500` });
    await gateway.refund(ref, { amount: 500, idempotencyKey: `test:${ref}:500` }); // once per key
    const refunds = await t.db.select().from(testGatewayRefunds).where(eq(testGatewayRefunds.paymentId, ref));
    expect(refunds.map((x) => x.amount)).toEqual([500]);
  });
});

describe('GrabPay', () => {
  async function startGrab(currency = 'SGD') {
    const b = await bag(currency);
    const r = await pay(payBody(b, { paymentMethod: 'grabpay' }));
    expectStatus(r, 200);
    const res = PayResponse.parse(r.body);
    if (res.nextAction?.type !== 'redirect') throw new Error(`no redirect: ${JSON.stringify(res.nextAction)}`);
    return { b, res, url: new URL(res.nextAction.url) };
  }
  const answer = (url: URL, a: string) => t.app.request(url.pathname, { method: 'POST', body: new URLSearchParams({ answer: a }), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  const finalize = (orderId: string) => pay({ orderId }, randomUUID(), '/api/v1/checkouts/finalize');

  it('redirects to the wallet’s page, holds the seats, and approving comes back to /checkout/finalizing → booked', async () => {
    const { b, res, url } = await startGrab();
    expect(url.pathname).toMatch(/^\/test-gateway\/grabpay\/pi_test_/);
    expect(res.order.status).toBe('requires_action');
    const held = await unitsLeft(b);
    const page = await t.app.request(url.pathname);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Pay Verdant Travel');
    expect(html).toContain(String(b.cart.exchangedTotalAmountWithConversionFee.amount));
    const back = await answer(url, 'approve');
    expect(back.status).toBe(303);
    const to = new URL(back.headers.get('location')!);
    expect(to.pathname).toBe('/checkout/finalizing');
    expect(to.searchParams.get('order')).toBe(res.order.id);
    expect(to.searchParams.get('redirect_status')).toBe('succeeded');
    const done = await finalize(res.order.id);
    expectStatus(done, 201);
    expect(PayResponse.parse(done.body).order).toMatchObject({ status: 'placed', paymentMethod: 'grabpay', payment: { method: 'grabpay', status: 'captured' } });
    expect(await unitsLeft(b)).toBe(held);
  });

  it('a decline comes back with a clear message and the seats released; the page is then closed', async () => {
    const { b, res, url } = await startGrab('MYR');
    const held = await unitsLeft(b);
    const back = await answer(url, 'decline');
    expect(new URL(back.headers.get('location')!).searchParams.get('redirect_status')).toBe('failed');
    const r = await finalize(res.order.id);
    expectStatus(r, 402);
    expect(r.raw).toMatchObject({ code: 'grabpay_declined', error: 'GrabPay declined this payment, so nothing was charged. Please try again or choose another way to pay.' });
    expect(await unitsLeft(b)).toBe(held + 2);
    expect((await t.app.request(url.pathname)).status).toBe(409);
    // Approving now changes nothing.
    await answer(url, 'approve');
    expect(OrderSchema.parse((await t.get(`/api/v1/orders/${res.order.id}`)).body).status).toBe('failed');
  });

  it('abandoned: the seats stay held until the hold lapses on the test clock, then are released', async () => {
    const { b, res, url } = await startGrab();
    const held = await unitsLeft(b);
    const holdEnds = Date.parse(res.order.holdExpiresAt!);
    const early = await t.post('/api/v1/test-gateway/clock', { orderId: res.order.id, at: new Date(holdEnds - 60_000).toISOString() });
    expectStatus(early, 200);
    expect(early.body).toMatchObject({ expired: 0 });
    expect(await unitsLeft(b)).toBe(held);
    const late = await t.post('/api/v1/test-gateway/clock', { orderId: res.order.id, at: new Date(holdEnds + 60_000).toISOString() });
    expect(late.body).toMatchObject({ expired: 1, order: { status: 'expired' } });
    expect(await unitsLeft(b)).toBe(held + 2);
    const [gw] = await t.db.select().from(testGatewayPayments).where(eq(testGatewayPayments.id, url.pathname.split('/').pop()!));
    expect(gw?.status).toBe('canceled');
    expect(await (await t.app.request(url.pathname)).text()).toContain('nothing was charged');
    // The bag is free again: a new attempt can pay.
    const again = await pay(payBody(b, { walletToken: await walletToken('google_pay', b.cart.exchangedTotalAmountWithConversionFee) }));
    expectStatus(again, 201);
  });

  it('the test clock moves only a booking the caller may read, and only with the test gateway', async () => {
    const { res } = await startGrab();
    const member = new Agent(t, '198.51.100.43');
    await member.login('traveller@verdant.test');
    const owner = new Agent(t, '198.51.100.44');
    await owner.login('partner@verdant.test');
    // A guest's order is reachable by its id (as /orders/{id} is); a member's is theirs alone.
    const b = await bag('SGD', 1, owner);
    const mine = await owner.post('/api/v1/checkouts/pay', payBody(b, { paymentMethod: 'grabpay' }), { headers: { 'idempotency-key': randomUUID(), 'x-user-token': owner.token! } });
    const theirs = PayResponse.parse(mine.body).order.id;
    expectStatus(await member.post('/api/v1/test-gateway/clock', { orderId: theirs, at: new Date().toISOString() }), 404);
    expectStatus(await t.post('/api/v1/test-gateway/clock', { orderId: res.order.id, at: 'tomorrow' }), 422);
    expectStatus(await t.post('/api/v1/test-gateway/clock', { orderId: 'no-such-order', at: new Date().toISOString() }), 404);
  });

  it('takes SGD and MYR only, and says so up front', async () => {
    const b = await bag('USD');
    const r = await pay(payBody(b, { paymentMethod: 'grabpay' }));
    expectStatus(r, 422);
    expect(r.raw).toMatchObject({ error: 'GrabPay takes Singapore dollars or Malaysian ringgit: switch the currency to SGD or MYR to pay with GrabPay' });
    const usd = CheckoutsAvailableResponse.parse((await t.get(`/api/v1/checkouts/available?cart_id=${b.cart.id}&currency=USD`)).body);
    expect(usd.paymentMethods.find((m) => m.method === 'grabpay')).toEqual({ method: 'grabpay', available: false, reason: 'GrabPay takes Singapore dollars or Malaysian ringgit: switch the currency to SGD or MYR' });
    expect(usd.paymentMethods.filter((m) => m.method === 'apple_pay' || m.method === 'google_pay').every((m) => m.available)).toBe(true);
    const myr = CheckoutsAvailableResponse.parse((await t.get(`/api/v1/checkouts/available?cart_id=${b.cart.id}&currency=MYR`)).body);
    expect(myr.paymentMethods.find((m) => m.method === 'grabpay')?.available).toBe(true);
  });
});

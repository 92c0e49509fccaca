import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartSchema, CheckoutsAvailableResponse, OrderSchema, PayResponse, type Cart } from '../../../contract/booking.ts';
import { addDays } from '../../../lib/local-time.ts';
import { checkoutPayments, orderItems, orders, outbox, promotionCodes, testGatewayPayments, users, waitlists } from '../../db/schema.ts';
import { createPaymentProvider } from '../../providers/payments/select.ts';
import { sweepBooking } from '../../services/booking/checkout.ts';
import { expectStatus, instantSgd, openDeparture, pickOption, setSlot, slotTaken, type OptionPick } from '../../testing/booking.ts';
import { Agent } from '../../testing/agent.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { options } from '../../db/schema.ts';

let t: TestApp;
let walk: OptionPick;

beforeAll(async () => {
  t = await createTestApp();
  walk = await instantSgd(t.db);
});
afterAll(() => t.close());

const CONTACT = { name: 'Mei Ling Tan', email: 'mei.ling@example.com', phone: '+65 9123 4567' };

async function token(number: string): Promise<string> {
  const r = await t.post('/api/v1/test-gateway/tokens', { number, expMonth: 12, expYear: 2030, cvc: number.startsWith('37') ? '1234' : '123' });
  expectStatus(r, 201);
  return (r.body as { token: string }).token;
}

type Booking = { cart: Cart; date: string; timeslotId: string; slotKey: string };

/** A fresh bag with `guests` adults on an open departure of `option`, in `currency`. */
async function bag(option: OptionPick = walk, guests = 2, currency = 'SGD', minUnits = guests): Promise<Booking> {
  const dep = await openDeparture(t, option.slugCode, minUnits);
  const r = await t.post('/api/v1/cart', { currency, orderItem: { optionId: option.slugCode, startDate: dep.date, detailedTimeslotId: dep.timeslotId, quantity: guests } });
  expectStatus(r, 201);
  return { cart: CartSchema.parse(r.body), date: dep.date, timeslotId: dep.timeslotId, slotKey: dep.timeslotId.slice(11) };
}

function payBody(b: Booking, over: Record<string, unknown> = {}) {
  const guests = b.cart.orderItem?.totalQuantity ?? 1;
  return {
    cartId: b.cart.id,
    currency: b.cart.currency,
    expectedTotal: b.cart.exchangedTotalAmountWithConversionFee,
    contact: CONTACT,
    customers: Array.from({ length: guests }, (_, i) => ({ fullName: `Guest Number ${i + 1}`, dateOfBirth: '1990-01-01', nationality: 'Singaporean', passportNumber: 'K1234567A' })),
    paymentMethod: 'card',
    ...over,
  };
}

const pay = (body: unknown, key: string = randomUUID(), path = '/api/v1/checkouts/pay') => t.post(path, body, { headers: { 'idempotency-key': key } });

async function unitsLeft(option: OptionPick, b: Booking): Promise<number> {
  const r = await t.get(`/api/v1/detailed-timeslots?option_id=${option.slugCode}&date=${b.date}`);
  const slot = (r.body as { timeslots: { id: string; unitsLeft: number }[] }).timeslots.find((s) => s.id === b.timeslotId);
  return slot!.unitsLeft;
}

describe('POST /checkouts/pay by card', () => {
  it('books and pays an instant experience with 4242: confirmed, numbered, seats taken, bag emptied, e-mail sent', async () => {
    const b = await bag();
    const before = await unitsLeft(walk, b);
    const r = await pay(payBody(b, { cardToken: await token('4242 4242 4242 4242'), specialRequests: 'One of us is vegetarian.' }));
    expectStatus(r, 201);
    const res = PayResponse.parse(r.body);
    expect(res.status).toBe('succeeded');
    expect(res.order).toMatchObject({ status: 'placed', paymentMethod: 'card', paymentTiming: 'checkout', customerEmail: CONTACT.email, specialRequests: 'One of us is vegetarian.' });
    expect(res.order.number).toMatch(/^VRD-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(res.order.payment).toMatchObject({ status: 'captured', cardBrand: 'visa', cardLast4: '4242' });
    expect(res.order.orderItem).toMatchObject({ status: 'confirmed', checkoutPayment: { status: 'captured' } });
    expect(res.order.exchangedTotalAmountWithConversionFee).toEqual(b.cart.exchangedTotalAmountWithConversionFee);
    expect(await unitsLeft(walk, b)).toBe(before - 2);

    const cart = CartSchema.parse((await t.get(`/api/v1/cart?cart_id=${b.cart.id}&view=with_order_item`)).body);
    expect(cart.orderItemId).toBeNull();

    const [mail] = await t.db.select().from(outbox).where(and(eq(outbox.recipient, CONTACT.email), sql`${outbox.subject} like ${`%${res.order.number}%`}`));
    expect(mail?.subject).toMatch(/^Booking confirmed: /);
    expect(mail?.body).toContain('YOUR ITINERARY');
    expect(mail?.body).toContain(res.order.orderItem!.cancellationTerms);
    expect(mail?.body).toContain(`/checkout/confirmation?order=${res.order.id}`);

    // The card number never reaches our tables: brand and last four only.
    const dump = JSON.stringify(await t.db.execute(sql`select row_to_json(x)::text from (select * from orders) x union all select row_to_json(y)::text from (select * from checkout_payments) y union all select row_to_json(z)::text from (select * from test_gateway_payments) z`));
    expect(dump).not.toContain('4242424242424242');
  });

  it('declines 4000 0000 0000 9995 with a clear message: nothing booked, seats unchanged, the bag kept', async () => {
    const b = await bag();
    const before = await unitsLeft(walk, b);
    const r = await pay(payBody(b, { cardToken: await token('4000000000009995') }));
    expectStatus(r, 402);
    expect(r.raw).toMatchObject({
      error: 'Your card has insufficient funds. You have not been charged; please try another card or pay with PayNow.',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
    });
    expect(await unitsLeft(walk, b)).toBe(before);
    const orderId = (r.raw as { order_id: string }).order_id;
    const [o] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(o).toMatchObject({ status: 'failed', number: null });
    const cart = CartSchema.parse((await t.get(`/api/v1/cart?cart_id=${b.cart.id}&view=with_order_item`)).body);
    expect(cart.orderItemId).toBe(b.cart.orderItemId);
    expect(cart.paymentInProgress).toBe(false);
    // Another card then works.
    const again = await pay(payBody(b, { cardToken: await token('5555555555554444') }));
    expectStatus(again, 201);
    expect(await unitsLeft(walk, b)).toBe(before - 2);
  });

  it.each([
    ['4000000000000002', 'Your card was declined.'],
    ['4000000000000069', 'Your card has expired.'],
    ['4000000000000127', 'Your card’s security code is incorrect.'],
    ['4111111111111111', 'Your card was declined. This is a test payment page: use a test card such as 4242 4242 4242 4242.'],
  ])('declines %s: "%s"', async (number, message) => {
    const b = await bag();
    const r = await pay(payBody(b, { cardToken: await token(number) }));
    expectStatus(r, 402);
    expect((r.raw as { error: string }).error.startsWith(message)).toBe(true);
  });

  it('tokenises like Stripe: refuses a wrong number, expiry or security code', async () => {
    for (const [body, field] of [
      [{ number: '4242424242424241', expMonth: 12, expYear: 2030, cvc: '123' }, 'number'],
      [{ number: '4242424242424242', expMonth: 13, expYear: 2030, cvc: '123' }, 'expiry'],
      [{ number: '4242424242424242', expMonth: 1, expYear: 2020, cvc: '123' }, 'expiry'],
      [{ number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '12' }, 'cvc'],
    ] as const) {
      const r = await t.post('/api/v1/test-gateway/tokens', body);
      expectStatus(r, 422);
      expect(Object.keys((r.raw as { fields: object }).fields)).toEqual([field]);
    }
    const bad = await pay(payBody(await bag(), { cardToken: 'tok_forged' }));
    expectStatus(bad, 402);
  });
});

describe('3-D Secure (4000 0025 0000 3155)', () => {
  it('asks for the bank’s code, holds the seats, and confirms with the right code', async () => {
    const b = await bag();
    const before = await unitsLeft(walk, b);
    const r = await pay(payBody(b, { cardToken: await token('4000002500003155') }));
    expectStatus(r, 200);
    const res = PayResponse.parse(r.body);
    expect(res.status).toBe('requires_action');
    expect(res.nextAction).toMatchObject({ type: 'otp_challenge', cardBrand: 'visa', cardLast4: '3155' });
    expect(res.order.status).toBe('requires_action');
    expect(await unitsLeft(walk, b)).toBe(before - 2);
    const cart = CartSchema.parse((await t.get(`/api/v1/cart?cart_id=${b.cart.id}`)).body);
    expect(cart.paymentInProgress).toBe(true);
    expectStatus(await t.post('/api/v1/cart/clear', { cartId: b.cart.id }), 409);

    const ok = await pay({ orderId: res.order.id, otp: '123456' }, randomUUID(), '/api/v1/checkouts/pay_otp');
    expectStatus(ok, 201);
    expect(PayResponse.parse(ok.body).order).toMatchObject({ status: 'placed', orderItem: { status: 'confirmed' } });
    expect(await unitsLeft(walk, b)).toBe(before - 2);
  });

  it('a failed challenge answers the spec’s words, books nothing and releases the seats at once', async () => {
    const b = await bag();
    const before = await unitsLeft(walk, b);
    const res = PayResponse.parse((await pay(payBody(b, { cardToken: await token('4000002500003155') }))).body);
    const fail = await pay({ orderId: res.order.id, otp: '000000' }, randomUUID(), '/api/v1/checkouts/pay_otp');
    expectStatus(fail, 402);
    expect(fail.raw).toMatchObject({ error: 'The provided payment method has failed authentication', code: 'payment_intent_authentication_failure' });
    expect(await unitsLeft(walk, b)).toBe(before);
    const [o] = await t.db.select().from(orders).where(eq(orders.id, res.order.id));
    expect(o?.status).toBe('failed');
    // Closing the challenge (pay_fail) does the same.
    const again = PayResponse.parse((await pay(payBody(b, { cardToken: await token('4000002500003155') }))).body);
    const closed = await pay({ orderId: again.order.id }, randomUUID(), '/api/v1/checkouts/pay_fail');
    expectStatus(closed, 402);
    expect((closed.raw as { error: string }).error).toBe('The provided payment method has failed authentication');
    expect(await unitsLeft(walk, b)).toBe(before);
  });

  it('releases seats of an authentication left unfinished after 15 minutes', async () => {
    const b = await bag();
    const before = await unitsLeft(walk, b);
    const res = PayResponse.parse((await pay(payBody(b, { cardToken: await token('4000002500003155') }))).body);
    const d = { db: t.db, config: t.config, log: pino({ level: 'silent' }), payments: createPaymentProvider(t.config, t.db), user: null };
    expect((await sweepBooking({ ...d, now: () => new Date(Date.now() + 14 * 60_000) })).expired).toBe(0);
    expect(await unitsLeft(walk, b)).toBe(before - 2);
    expect((await sweepBooking({ ...d, now: () => new Date(Date.now() + 16 * 60_000) })).expired).toBe(1);
    expect(await unitsLeft(walk, b)).toBe(before);
    const [o] = await t.db.select().from(orders).where(eq(orders.id, res.order.id));
    expect(o?.status).toBe('expired');
    const [gw] = await t.db.select().from(testGatewayPayments).where(eq(testGatewayPayments.id, (await t.db.select().from(checkoutPayments).where(eq(checkoutPayments.orderId, res.order.id)))[0]!.providerRef!));
    expect(gw?.status).toBe('canceled');
    const late = await pay({ orderId: res.order.id, otp: '123456' }, randomUUID(), '/api/v1/checkouts/pay_otp');
    expectStatus(late, 402);
  });
});

describe('Idempotency-Key', () => {
  it('is required', async () => {
    const r = await t.post('/api/v1/checkouts/pay', payBody(await bag()));
    expectStatus(r, 400);
    expect(r.raw).toEqual({ error: 'The Idempotency-Key header is required for payment calls' });
  });

  it('replays the first answer to a retry and charges once', async () => {
    const b = await bag();
    const body = payBody(b, { cardToken: await token('4242424242424242') });
    const key = randomUUID();
    const first = await pay(body, key);
    const second = await pay(body, key);
    expectStatus(first, 201);
    expect(second.status).toBe(201);
    expect(second.raw).toEqual(first.raw);
    expect(second.res.headers.get('idempotent-replayed')).toBe('true');
    expect(await t.db.select().from(testGatewayPayments).where(eq(testGatewayPayments.idempotencyKey, `pay:${key}`))).toHaveLength(1);
    const other = await pay({ ...body, specialRequests: 'changed' }, key);
    expectStatus(other, 422);
    expect(other.raw).toMatchObject({ code: 'idempotency_key_reused' });
  });

  it('the same pay request sent 5 times at once: one charge, one order', async () => {
    const b = await bag();
    const before = await unitsLeft(walk, b);
    const body = payBody(b, { cardToken: await token('4242424242424242') });
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => pay(body, key)));
    for (const a of answers) expect(a.status).toBe(201);
    expect(new Set(answers.map((a) => JSON.stringify(a.raw))).size).toBe(1);
    expect(await t.db.select().from(testGatewayPayments).where(eq(testGatewayPayments.idempotencyKey, `pay:${key}`))).toHaveLength(1);
    expect(await t.db.select().from(orders).where(eq(orders.cartId, b.cart.id))).toHaveLength(1);
    expect(await unitsLeft(walk, b)).toBe(before - 2);
  });

  it('a different key for the same bag while one is in flight is refused, not charged twice', async () => {
    const b = await bag();
    const res = PayResponse.parse((await pay(payBody(b, { cardToken: await token('4000002500003155') }))).body);
    expect(res.status).toBe('requires_action');
    // A new attempt replaces the abandoned challenge (its seats come back first).
    const r = await pay(payBody(b, { cardToken: await token('4242424242424242') }));
    expectStatus(r, 201);
    const [old] = await t.db.select().from(orders).where(eq(orders.id, res.order.id));
    expect(old?.status).toBe('cancelled');
  });
});

describe('checks before charging', () => {
  it('refuses a total the traveller did not see (409 price_changed), taking nothing', async () => {
    const b = await bag();
    const before = await unitsLeft(walk, b);
    const r = await pay(payBody(b, { cardToken: await token('4242424242424242'), expectedTotal: { amount: 1, currency: 'SGD' } }));
    expectStatus(r, 409);
    expect(r.raw).toMatchObject({ code: 'price_changed', total: b.cart.exchangedTotalAmountWithConversionFee });
    expect(await unitsLeft(walk, b)).toBe(before);
  });

  it('says sold out when the seats went in the meantime, and charges nothing', async () => {
    const b = await bag();
    await setSlot(t.db, walk.id, b.date, b.slotKey, 10, 9);
    const r = await pay(payBody(b, { cardToken: await token('4242424242424242') }));
    expectStatus(r, 409);
    expect(r.raw).toMatchObject({ code: 'sold_out', reason: 'no_availability' });
    expect(await slotTaken(t.db, walk.id, b.date, b.slotKey)).toEqual({ capacity: 10, taken: 9 });
    expect(await t.db.select().from(orders).where(eq(orders.cartId, b.cart.id))).toHaveLength(0);
  });

  it.each([
    [{ contact: undefined }, 'contact'],
    [{ contact: { ...CONTACT, email: 'not-an-email' } }, 'contact.email'],
    [{ contact: { ...CONTACT, name: ' ' } }, 'contact.name'],
    [{ contact: { ...CONTACT, phone: '123' } }, 'contact.phone'],
    [{ customers: [] }, 'customers'],
    [{ customers: [{ fullName: 'A' }, { fullName: 'Ben Lim' }] }, 'customers.0.full_name'],
    [{ paymentMethod: 'paynow', currency: 'USD' }, 'payment_method'],
    [{ currency: 'XYZ' }, 'currency'],
    [{ paymentMethod: 'card', cardToken: undefined }, 'card_token'],
    [{ paymentMethod: 'credit' }, 'payment_method'],
  ])('refuses %j', async (over, field) => {
    const b = await bag();
    const r = await pay(payBody(b, { cardToken: await token('4242424242424242'), ...over }));
    expectStatus(r, 422);
    expect(Object.keys((r.raw as { fields: object }).fields)).toContain(field);
  });

  it('messages: invalid email and phone in the spec’s words', async () => {
    const b = await bag();
    const r1 = await pay(payBody(b, { contact: { ...CONTACT, email: 'x@' } }));
    expect((r1.raw as { fields: Record<string, string> }).fields['contact.email']).toBe('Email is invalid');
    const r2 = await pay(payBody(b, { contact: { ...CONTACT, phone: '12' } }));
    expect(r2.raw).toMatchObject({ error: 'Please input a valid phone number' });
  });

  it('refuses an unknown bag and an empty one', async () => {
    const b = await bag();
    expectStatus(await pay(payBody(b, { cartId: 'nope-nope-nope' })), 404);
    await t.post('/api/v1/cart/clear', { cartId: b.cart.id });
    expectStatus(await pay(payBody(b, { cardToken: await token('4242424242424242') })), 422);
  });
});

describe('PayNow', () => {
  it('shows a QR, then settles when the payment arrives (simulated in development)', async () => {
    const b = await bag();
    const r = await pay(payBody(b, { paymentMethod: 'paynow' }));
    expectStatus(r, 200);
    const res = PayResponse.parse(r.body);
    expect(res.nextAction?.type).toBe('paynow_qr');
    if (res.nextAction?.type !== 'paynow_qr') throw new Error('no QR');
    expect(res.nextAction.imageSvg).toContain('<svg');
    // Not paid yet: finalize reports it still waiting.
    const waiting = await pay({ orderId: res.order.id }, randomUUID(), '/api/v1/checkouts/finalize');
    expect(PayResponse.parse(waiting.body).status).toBe('requires_action');
    const sim = await t.post('/api/v1/checkouts/paynow/simulate', { orderId: res.order.id });
    expectStatus(sim, 201);
    const done = await pay({ orderId: res.order.id }, randomUUID(), '/api/v1/checkouts/finalize');
    expect(PayResponse.parse(done.body).order).toMatchObject({ status: 'placed', payment: { method: 'paynow', status: 'captured' } });
  });
});

describe('request to book, pay later, invoice', () => {
  it('puts a request-to-book experience in processing', async () => {
    const rtb = await pickOption(t.db, [eq(options.bookType, 'request_to_book'), eq(options.priceUnit, 'per_person'), sql`jsonb_array_length(${options.startTimes}) > 0`]);
    const b = await bag(rtb, 1);
    const r = await pay(payBody(b, { cardToken: await token('4242424242424242') }));
    expectStatus(r, 201);
    const res = PayResponse.parse(r.body);
    expect(res.order.orderItem?.status).toBe('processing');
    // The traveller's mail (the operator gets one of its own, asking for an answer).
    const [mail] = await t.db.select().from(outbox).where(and(eq(outbox.recipient, CONTACT.email), sql`${outbox.subject} like ${`%${res.order.number}%`}`));
    expect(mail?.subject).toMatch(/^Booking request received: /);
  });

  it('books now and pays later: places held, number issued, then paid on /later-payment', async () => {
    const b = await bagFarAhead();
    const before = await unitsLeft(walk, b);
    const r = await pay(payBody(b, { paymentTiming: 'later' }));
    expectStatus(r, 201);
    const res = PayResponse.parse(r.body);
    expect(res.status).toBe('awaiting_payment');
    expect(res.order).toMatchObject({ status: 'awaiting_payment', orderItem: { status: 'awaiting' } });
    expect(res.order.number).toMatch(/^VRD-/);
    expect(res.order.paymentDueAt).not.toBeNull();
    expect(await unitsLeft(walk, b)).toBe(before - 2);
    const paid = await pay({ orderId: res.order.id, currency: res.order.exchangedTotalAmountWithConversionFee.currency, expectedTotal: res.order.exchangedTotalAmountWithConversionFee, paymentMethod: 'card', cardToken: await token('4242424242424242') });
    expectStatus(paid, 201);
    expect(PayResponse.parse(paid.body).order).toMatchObject({ status: 'placed', orderItem: { status: 'confirmed' } });
    const twice = await pay({ orderId: res.order.id, currency: 'SGD', expectedTotal: res.order.exchangedTotalAmountWithConversionFee, paymentMethod: 'card', cardToken: await token('4242424242424242') });
    expectStatus(twice, 409);
  });

  it('lapses an unpaid later-payment booking after its due time and frees its seats', async () => {
    const b = await bagFarAhead();
    const before = await unitsLeft(walk, b);
    const res = PayResponse.parse((await pay(payBody(b, { paymentMethod: 'invoice' }))).body);
    expect(res.order.paymentTiming).toBe('invoice');
    const d = { db: t.db, config: t.config, log: pino({ level: 'silent' }), payments: createPaymentProvider(t.config, t.db), user: null };
    await sweepBooking({ ...d, now: () => new Date(Date.parse(res.order.paymentDueAt!) + 60_000) });
    expect(await unitsLeft(walk, b)).toBe(before);
    const order = OrderSchema.parse((await t.get(`/api/v1/orders/${res.order.id}`)).body);
    expect(order.status).toBe('expired');
    expect(order.orderItem?.status).toBe('cancelled');
  });
});

async function bagFarAhead(): Promise<Booking> {
  const dep = await openDeparture(t, walk.slugCode, 2);
  let date = addDays(dep.date, 20);
  for (let i = 0; i < 60; i++, date = addDays(date, 1)) {
    const s = (await t.get(`/api/v1/detailed-timeslots?option_id=${walk.slugCode}&date=${date}`)).body as { timeslots: { id: string; unitsLeft: number }[] };
    const slot = s.timeslots.find((x) => x.unitsLeft >= 2);
    if (!slot) continue;
    const r = await t.post('/api/v1/cart', { currency: 'SGD', orderItem: { optionId: walk.slugCode, startDate: date, detailedTimeslotId: slot.id, quantity: 2 } });
    return { cart: CartSchema.parse(r.body), date, timeslotId: slot.id, slotKey: slot.id.slice(11) };
  }
  throw new Error('no departure far ahead');
}

describe('promotion codes at payment', () => {
  it('counts a redemption when paid and gives it back when the card is declined', async () => {
    const b = await bag();
    const applied = CartSchema.parse((await t.post('/api/v1/promotion-code-redemptions', { cartId: b.cart.id, code: 'WELCOME10' })).body);
    const [{ n: start } = { n: 0 }] = await t.db.select({ n: promotionCodes.redemptionsCount }).from(promotionCodes).where(eq(promotionCodes.code, 'WELCOME10'));
    const declined = await pay(payBody({ ...b, cart: applied }, { cardToken: await token('4000000000009995') }));
    expectStatus(declined, 402);
    const [{ n: afterDecline } = { n: 0 }] = await t.db.select({ n: promotionCodes.redemptionsCount }).from(promotionCodes).where(eq(promotionCodes.code, 'WELCOME10'));
    expect(afterDecline).toBe(start);
    const ok = await pay(payBody({ ...b, cart: applied }, { cardToken: await token('4242424242424242') }));
    expectStatus(ok, 201);
    const order = PayResponse.parse(ok.body).order;
    expect(order.promotionCode).toBe('WELCOME10');
    expect(order.promoCodeDiscountAmount).toEqual(applied.promoCodeDiscountAmount);
    const [{ n: afterPay } = { n: 0 }] = await t.db.select({ n: promotionCodes.redemptionsCount }).from(promotionCodes).where(eq(promotionCodes.code, 'WELCOME10'));
    expect(afterPay).toBe(start + 1);
  });
});

describe('a bag paid in another currency', () => {
  it('charges the exchanged total with the fee, and the order shows the rate', async () => {
    const b = await bag(walk, 2, 'EUR');
    expect(b.cart.exchange.feeApplied).toBe(true);
    const r = await pay(payBody(b, { cardToken: await token('4242424242424242') }));
    expectStatus(r, 201);
    const order = PayResponse.parse(r.body).order;
    expect(order.exchangedTotalAmountWithConversionFee).toEqual(b.cart.exchangedTotalAmountWithConversionFee);
    expect(order.exchange).toMatchObject({ from: 'SGD', to: 'EUR', feeApplied: true });
    expect(order.payment?.amount).toEqual(b.cart.exchangedTotalAmountWithConversionFee);
    const [gw] = await t.db.select().from(testGatewayPayments).where(eq(testGatewayPayments.id, (await t.db.select().from(checkoutPayments).where(eq(checkoutPayments.orderId, order.id)))[0]!.providerRef!));
    expect(gw).toMatchObject({ currency: 'EUR', amount: Math.round(order.exchangedTotalAmountWithConversionFee.amount * 100) });
  });
});

describe('GET /orders/{id}, /checkouts/available, /required-infos, /waitlists, webhook', () => {
  it('reads an order by its unguessable id, and never another user’s', async () => {
    const b = await bag();
    const res = PayResponse.parse((await pay(payBody(b, { cardToken: await token('4242424242424242') }))).body);
    expect(OrderSchema.parse((await t.get(`/api/v1/orders/${res.order.id}`)).body).number).toBe(res.order.number);
    expectStatus(await t.get('/api/v1/orders/not-an-order'), 404);
    const patched = await t.call('PATCH', `/api/v1/orders/${res.order.id}`, { body: { phone: '+60 12-345 6789', email: 'mei.new@example.com' } });
    expectStatus(patched, 200);
    expect(OrderSchema.parse(patched.body)).toMatchObject({ customerPhone: '+60 12-345 6789', customerEmail: 'mei.new@example.com', customerName: CONTACT.name });
    expectStatus(await t.call('PATCH', `/api/v1/orders/${res.order.id}`, { body: { email: 'nope' } }), 422);
    expectStatus(await t.call('PATCH', `/api/v1/orders/${res.order.id}`, { body: { phone: '12' } }), 422);
    expectStatus(await t.call('PATCH', '/api/v1/orders/not-an-order', { body: { name: 'X' } }), 404);
    const [someone] = await t.db.select({ id: users.id }).from(users).limit(1);
    await t.db.update(orders).set({ userId: someone!.id }).where(eq(orders.id, res.order.id));
    expectStatus(await t.get(`/api/v1/orders/${res.order.id}`), 404);
    expectStatus(await t.call('PATCH', `/api/v1/orders/${res.order.id}`, { body: { name: 'Someone Else' } }), 404);
  });

  it('lists checkout currencies, methods and timings for a bag', async () => {
    const b = await bag();
    const r = CheckoutsAvailableResponse.parse((await t.get(`/api/v1/checkouts/available?cart_id=${b.cart.id}&currency=USD`)).body);
    expect(r.currencies.map((c) => c.code).slice(0, 3)).toEqual(['USD', 'EUR', 'SGD']);
    expect(r.currencies).toHaveLength(18);
    expect(r.provider).toBe('test');
    expect(r.canSimulatePayments).toBe(true);
    expect(r.paymentMethods.find((m) => m.method === 'paynow')).toMatchObject({ available: false });
    expect(r.paymentMethods.find((m) => m.method === 'credit')).toMatchObject({ available: false, reason: 'Log in to pay with your Verdant credits' });
    expect(r.paymentTimings.map((x) => x.timing)).toEqual(['checkout', 'later', 'invoice']);
  });

  it('takes the guests’ details later (POST /required-infos)', async () => {
    const b = await bag();
    const res = PayResponse.parse((await pay(payBody(b, { cardToken: await token('4242424242424242') }))).body);
    const itemId = res.order.orderItem!.id;
    const r = await t.post('/api/v1/required-infos', { orderItemId: itemId, customers: [{ fullName: 'Aisha Rahman', dateOfBirth: '1988-03-14' }, { fullName: 'Daniel Ong', dateOfBirth: '1991-11-02' }] });
    expectStatus(r, 200);
    expect((r.body as { customers: { info: { fullName: string } }[] }).customers.map((c) => c.info.fullName)).toEqual(['Aisha Rahman', 'Daniel Ong']);
    expectStatus(await t.post('/api/v1/required-infos', { orderItemId: itemId, customers: [{ fullName: 'Only One' }] }), 422);
    expectStatus(await t.post('/api/v1/required-infos', { orderItemId: 'nope', customers: [{ fullName: 'Only One' }] }), 404);
    const [row] = await t.db.select().from(orderItems).where(eq(orderItems.id, itemId));
    expect(row?.status).toBe('confirmed');
    const read = await t.get(`/api/v1/required-infos/${itemId}`);
    expectStatus(read, 200);
    expect((read.body as { orderItem: { customers: { isSubmitted: boolean }[] } }).orderItem.customers.every((c) => c.isSubmitted)).toBe(true);
    expectStatus(await t.get('/api/v1/required-infos/not-a-booking'), 404);
  });

  it('joins the waitlist of a sold-out date only', async () => {
    const dep = await openDeparture(t, walk.slugCode, 1);
    const open = await t.post('/api/v1/waitlists', { optionId: walk.slugCode, date: dep.date, name: 'Ravi Kumar', email: 'ravi@example.com', guests: 2 });
    expectStatus(open, 422);
    const slots = (await t.get(`/api/v1/detailed-timeslots?option_id=${walk.slugCode}&date=${dep.date}`)).body as { timeslots: { startTime: string | null }[] };
    for (const s of slots.timeslots) await setSlot(t.db, walk.id, dep.date, s.startTime ?? 'day', 6, 6);
    const joined = await t.post('/api/v1/waitlists', { optionId: walk.slugCode, date: dep.date, name: 'Ravi Kumar', email: 'ravi@example.com', guests: 2 });
    expectStatus(joined, 201);
    const again = await t.post('/api/v1/waitlists', { optionId: walk.slugCode, date: dep.date, name: 'Ravi Kumar', email: 'RAVI@example.com', guests: 3 });
    expectStatus(again, 201);
    const rows = await t.db.select().from(waitlists).where(eq(waitlists.optionId, walk.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.guests).toBe(3);
    expectStatus(await t.post('/api/v1/waitlists', { optionId: walk.slugCode, date: dep.date, name: '', email: 'x' }), 422);
  });

  it('accepts provider webhooks without the guest key (the test gateway sends none)', async () => {
    const r = await t.post('/api/v1/payments/webhook', { type: 'payment_intent.succeeded' }, { auth: false });
    expectStatus(r, 200);
    expect(r.raw).toEqual({ received: true, handled: false });
  });
});

describe('signed-in travellers (the account seam)', () => {
  it('ties the bag and the order to the user, needs the user token to pay, and hides the order from others', async () => {
    const traveller = new Agent(t, '198.51.100.21');
    await traveller.login('traveller@verdant.test');
    const [me] = await t.db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = 'traveller@verdant.test'`);
    const dep = await openDeparture(t, walk.slugCode, 2);
    const created = await traveller.post('/api/v1/cart', { currency: 'SGD', orderItem: { optionId: walk.slugCode, startDate: dep.date, detailedTimeslotId: dep.timeslotId, quantity: 2 } });
    expectStatus(created, 201);
    const b: Booking = { cart: CartSchema.parse(created.body), date: dep.date, timeslotId: dep.timeslotId, slotKey: dep.timeslotId.slice(11) };
    const before = await unitsLeft(walk, b);
    const body = payBody(b, { cardToken: await token('4242424242424242') });

    // The session cookie alone cannot pay (ADR 0003): nothing is booked.
    const refused = await traveller.post('/api/v1/checkouts/pay', body, { headers: { 'idempotency-key': randomUUID() } });
    expectStatus(refused, 401);
    expect(await unitsLeft(walk, b)).toBe(before);
    const wrong = await traveller.post('/api/v1/checkouts/pay', body, { headers: { 'idempotency-key': randomUUID(), 'x-user-token': 'not-the-token' } });
    expectStatus(wrong, 401);

    const paid = await traveller.post('/api/v1/checkouts/pay', body, { headers: { 'idempotency-key': randomUUID(), 'x-user-token': traveller.token! } });
    expectStatus(paid, 201);
    const order = PayResponse.parse(paid.body).order;
    const [row] = await t.db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, order.id));
    expect(row?.userId).toBe(me!.id);
    expect(await unitsLeft(walk, b)).toBe(before - 2);
    // The traveller's confirmation (the operator is told of the booking in a mail of its own).
    const [mail] = await t.db.select().from(outbox).where(and(eq(outbox.recipient, CONTACT.email), sql`${outbox.subject} like ${`%${order.number}%`}`));
    expect(mail?.body).toContain(`/account/trips/${order.orderItem!.id}`);

    // The owner reads it; another user and a guest never do, even with the id.
    expectStatus(await traveller.get(`/api/v1/orders/${order.id}`), 200);
    const partner = new Agent(t, '198.51.100.22');
    await partner.login('partner@verdant.test');
    expectStatus(await partner.get(`/api/v1/orders/${order.id}`), 404);
    expectStatus(await t.get(`/api/v1/orders/${order.id}`), 404);
  });
});

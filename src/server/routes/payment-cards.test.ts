// Saved payment cards: saved at checkout (opt-in), listed, made default, paid with, removed
// (detached at the gateway), and invisible to everyone but their owner.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartSchema, PayResponse } from '../../contract/booking.ts';
import { DeletePaymentCardResponse, PaymentCardListResponse, PaymentCardResponse, type PaymentCard } from '../../contract/payment-cards.ts';
import { addDays } from '../../lib/local-time.ts';
import { checkoutPayments, paymentCards, paymentCustomers, testGatewayPaymentMethods } from '../db/schema.ts';
import { Agent } from '../testing/agent.ts';
import { cardToken, expectStatus, instantSgd, openDeparture, type OptionPick } from '../testing/booking.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let walk: OptionPick;
let traveller: Agent;
let stranger: Agent;

beforeAll(async () => {
  t = await createTestApp();
  walk = await instantSgd(t.db);
  traveller = new Agent(t, '198.51.100.61');
  await traveller.login('traveller@verdant.test');
  stranger = new Agent(t, '198.51.100.62');
  await stranger.login('ambassador@verdant.test');
});
afterAll(() => t.close());

let dayOffset = 7;
/** A fresh bag for `who` and the pay body's details (each on a later day, so seats never run out). */
async function bag(who: Agent | TestApp) {
  const dep = await openDeparture(t, walk.slugCode, 4, { from: addDays(new Date().toISOString().slice(0, 10), dayOffset++) });
  const created = await who.post('/api/v1/cart', { currency: 'SGD', orderItem: { optionId: walk.slugCode, startDate: dep.date, detailedTimeslotId: dep.timeslotId, quantity: 1 } });
  expectStatus(created, 201);
  const cart = CartSchema.parse(created.body);
  return {
    cartId: cart.id,
    currency: 'SGD',
    expectedTotal: cart.exchangedTotalAmountWithConversionFee,
    contact: { name: 'Tess Traveller', email: 'traveller@verdant.test' },
    customers: [{ fullName: 'Tess Traveller', dateOfBirth: '1990-01-01', nationality: 'British', passportNumber: 'K1234567A' }],
    paymentMethod: 'card',
  };
}

const payAs = async (who: Agent, body: Record<string, unknown>, path = '/api/v1/checkouts/pay') => who.post(path, body, { headers: { 'idempotency-key': randomUUID(), 'x-user-token': who.token! } });

async function cardsOf(who: Agent): Promise<PaymentCard[]> {
  const r = await who.get('/api/v1/payment_cards');
  expectStatus(r, 200);
  return PaymentCardListResponse.parse(r.body).paymentCards;
}

/** Books and pays with a new card, ticking "Save this card". */
async function bookSaving(who: Agent, number = '4242424242424242') {
  const r = await payAs(who, { ...(await bag(who)), cardToken: await cardToken(t, number), saveCard: true });
  expectStatus(r, 201);
  return PayResponse.parse(r.body);
}

describe('/payment_cards', () => {
  it('asks a guest to log in', async () => {
    expectStatus(await t.get('/api/v1/payment_cards'), 401);
    expectStatus(await t.call('PATCH', '/api/v1/payment_cards/abcdefghijklmnop', { body: { isDefault: true } }), 401);
    expectStatus(await t.call('DELETE', '/api/v1/payment_cards/abcdefghijklmnop'), 401);
  });

  it('saves nothing unless the traveller ticks the box', async () => {
    const r = await payAs(traveller, { ...(await bag(traveller)), cardToken: await cardToken(t) });
    expectStatus(r, 201);
    expect(await cardsOf(traveller)).toEqual([]);
  });

  it('saves a card at checkout: brand, last four, expiry, the first one default, never the number', async () => {
    await bookSaving(traveller);
    const cards = await cardsOf(traveller);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, isDefault: true, expired: false });
    // Neither our rows nor the gateway's vault hold a card number or a security code.
    const stored = JSON.stringify([await t.db.select().from(paymentCards), await t.db.select().from(testGatewayPaymentMethods)]);
    expect(stored).not.toContain('4242424242424242');
    expect(stored).not.toMatch(/"cvc"|123"/);
    const [customer] = await t.db.select().from(paymentCustomers);
    expect(customer?.customerRef).toMatch(/^cus_test_/);
    // The same card again is not saved twice.
    await bookSaving(traveller);
    expect(await cardsOf(traveller)).toHaveLength(1);
  });

  it('pays the next booking with the saved card, without typing it', async () => {
    const [card] = await cardsOf(traveller);
    const r = await payAs(traveller, { ...(await bag(traveller)), paymentCardId: card!.id });
    expectStatus(r, 201);
    const res = PayResponse.parse(r.body);
    expect(res.status).toBe('succeeded');
    expect(res.order.payment).toMatchObject({ method: 'card', status: 'captured', cardBrand: 'visa', cardLast4: '4242' });
  });

  it('refuses a saved card together with a new card, and an unknown saved card', async () => {
    const [card] = await cardsOf(traveller);
    const both = await payAs(traveller, { ...(await bag(traveller)), paymentCardId: card!.id, cardToken: await cardToken(t) });
    expectStatus(both, 422);
    expect(both.body).toMatchObject({ fields: { paymentCardId: expect.any(String) } });
    expectStatus(await payAs(traveller, { ...(await bag(traveller)), paymentCardId: 'nosuchcard000000' }), 404);
  });

  it('asks a guest to log in to save a card or pay with one', async () => {
    const guestBag = await bag(t);
    const save = await t.post('/api/v1/checkouts/pay', { ...guestBag, cardToken: await cardToken(t), saveCard: true }, { headers: { 'idempotency-key': randomUUID() } });
    expectStatus(save, 401);
    const [card] = await cardsOf(traveller);
    const use = await t.post('/api/v1/checkouts/pay', { ...guestBag, paymentCardId: card!.id }, { headers: { 'idempotency-key': randomUUID() } });
    expectStatus(use, 401);
  });

  it('makes another card the default with PATCH, one default at a time', async () => {
    await bookSaving(traveller, '5555555555554444');
    const cards = await cardsOf(traveller);
    expect(cards.map((c) => [c.brand, c.isDefault])).toEqual([
      ['visa', true],
      ['mastercard', false],
    ]);
    const master = cards.find((c) => c.brand === 'mastercard')!;
    const r = await traveller.patch(`/api/v1/payment_cards/${master.id}`, { is_default: true });
    expectStatus(r, 200);
    const body = PaymentCardResponse.parse(r.body);
    expect(body.paymentCard).toMatchObject({ id: master.id, isDefault: true });
    expect(body.paymentCards.map((c) => [c.brand, c.isDefault])).toEqual([
      ['mastercard', true],
      ['visa', false],
    ]);
  });

  it('answers 422 with the field for bad input', async () => {
    const [card] = await cardsOf(traveller);
    const bad = await traveller.patch(`/api/v1/payment_cards/${card!.id}`, { is_default: 'yes' });
    expectStatus(bad, 422);
    expect(bad.body).toMatchObject({ fields: { isDefault: expect.any(String) } });
    expectStatus(await traveller.patch(`/api/v1/payment_cards/${card!.id}`, {}), 422);
    expectStatus(await traveller.patch('/api/v1/payment_cards/x', { is_default: true }), 422);
  });

  it('keeps one member’s cards invisible to every other member (404 as for no card)', async () => {
    const [card] = await cardsOf(traveller);
    expect(await cardsOf(stranger)).toEqual([]);
    const patch = await stranger.patch(`/api/v1/payment_cards/${card!.id}`, { is_default: true });
    expectStatus(patch, 404);
    expect(patch.body).toEqual({ error: 'Saved card not found' });
    expectStatus(await stranger.delete(`/api/v1/payment_cards/${card!.id}`), 404);
    expectStatus(await traveller.patch('/api/v1/payment_cards/nosuchcard000000', { is_default: true }), 404);
    expectStatus(await payAs(stranger, { ...(await bag(stranger)), paymentCardId: card!.id }), 404);
    // Nor can the gateway's payment method id be charged by anyone else as a card token.
    const [row] = await t.db.select().from(paymentCards).where(eq(paymentCards.id, card!.id));
    const stolen = await payAs(stranger, { ...(await bag(stranger)), cardToken: row!.providerRef });
    expectStatus(stolen, 402);
    expect((stolen.body as { error: string }).error).toMatch(/no longer available/);
    expect((await cardsOf(traveller)).find((c) => c.id === card!.id)?.isDefault).toBe(true);
  });

  it('asks for the bank’s code again with a saved 3-D Secure card, and saves it only once paid', async () => {
    const started = await payAs(traveller, { ...(await bag(traveller)), cardToken: await cardToken(t, '4000002500003155'), saveCard: true });
    expectStatus(started, 200);
    expect(PayResponse.parse(started.body).nextAction?.type).toBe('otp_challenge');
    expect((await cardsOf(traveller)).some((c) => c.last4 === '3155')).toBe(false);
    const ok = await payAs(traveller, { orderId: PayResponse.parse(started.body).order.id, otp: '123456' }, '/api/v1/checkouts/pay_otp');
    expectStatus(ok, 201);
    const saved = (await cardsOf(traveller)).find((c) => c.last4 === '3155')!;
    expect(saved).toBeDefined();

    const again = await payAs(traveller, { ...(await bag(traveller)), paymentCardId: saved.id });
    expectStatus(again, 200);
    const challenge = PayResponse.parse(again.body);
    expect(challenge.nextAction).toMatchObject({ type: 'otp_challenge', cardLast4: '3155' });
    const wrong = await payAs(traveller, { orderId: challenge.order.id, otp: '000000' }, '/api/v1/checkouts/pay_otp');
    expectStatus(wrong, 402);
    expect((wrong.body as { error: string }).error).toBe('The provided payment method has failed authentication');
  });

  it('gives the same clear error as a typed card when the gateway declines a saved card', async () => {
    const saved = (await cardsOf(traveller)).find((c) => c.brand === 'visa')!;
    const [row] = await t.db.select().from(paymentCards).where(eq(paymentCards.id, saved.id));
    // The bank now declines this card (as 4000 0000 0000 9995 does).
    await t.db.update(testGatewayPaymentMethods).set({ scenario: 'decline:card_declined|insufficient_funds|Your card has insufficient funds.' }).where(eq(testGatewayPaymentMethods.id, row!.providerRef));
    const typed = await payAs(traveller, { ...(await bag(traveller)), cardToken: await cardToken(t, '4000000000009995') });
    const reused = await payAs(traveller, { ...(await bag(traveller)), paymentCardId: saved.id });
    expectStatus(typed, 402);
    expectStatus(reused, 402);
    expect((reused.body as { error: string }).error).toBe((typed.body as { error: string }).error);
    expect((reused.body as { error: string }).error).toBe('Your card has insufficient funds. You have not been charged; please try another card or pay with PayNow.');
    await t.db.update(testGatewayPaymentMethods).set({ scenario: 'succeed' }).where(eq(testGatewayPaymentMethods.id, row!.providerRef));
  });

  it('shows an expired card as expired and never pays with it', async () => {
    const saved = (await cardsOf(traveller)).find((c) => c.last4 === '3155')!;
    await t.db.update(paymentCards).set({ expMonth: 1, expYear: 2020 }).where(eq(paymentCards.id, saved.id));
    const listed = (await cardsOf(traveller)).find((c) => c.id === saved.id)!;
    expect(listed).toMatchObject({ expired: true, expMonth: 1, expYear: 2020 });
    const paid = await payAs(traveller, { ...(await bag(traveller)), paymentCardId: saved.id });
    expectStatus(paid, 422);
    expect(paid.body).toMatchObject({ error: 'This card has expired. Please choose another card or enter a new one.', fields: { paymentCardId: 'This card has expired' } });
    expectStatus(await traveller.patch(`/api/v1/payment_cards/${saved.id}`, { is_default: true }), 422);
  });

  it('removes a card: detached at the gateway, gone from the list, the default passes on', async () => {
    const before = await cardsOf(traveller);
    const def = before.find((c) => c.isDefault)!;
    const [row] = await t.db.select().from(paymentCards).where(eq(paymentCards.id, def.id));
    const r = await traveller.delete(`/api/v1/payment_cards/${def.id}`);
    expectStatus(r, 200);
    const after = DeletePaymentCardResponse.parse(r.body).paymentCards;
    expect(after.map((c) => c.id)).not.toContain(def.id);
    // The newest card that has not expired is the default now.
    expect(after.filter((c) => c.isDefault).map((c) => c.brand)).toEqual(['visa']);
    const [pm] = await t.db.select().from(testGatewayPaymentMethods).where(eq(testGatewayPaymentMethods.id, row!.providerRef));
    expect(pm?.detachedAt).not.toBeNull();
    expectStatus(await traveller.delete(`/api/v1/payment_cards/${def.id}`), 404);
    expectStatus(await payAs(traveller, { ...(await bag(traveller)), paymentCardId: def.id }), 404);
    // A payment that asked to save a card keeps that wish on its row (for finalize and webhooks).
    const [{ n } = { n: 0 }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(checkoutPayments).where(eq(checkoutPayments.saveCard, true));
    expect(n).toBeGreaterThan(0);
  });
});

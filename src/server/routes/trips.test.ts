import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CancelResponse, ShareResponse, TripListResponse, TripResponse, type Trip } from '../../contract/trips.ts';
import { addDays } from '../../lib/local-time.ts';
import { checkoutPayments, options, orderItems, orderRefunds, outbox, partnerMemberships, reviews, testGatewayPayments, testGatewayRefunds, users } from '../db/schema.ts';
import { QUEUES } from '../jobs/queue.ts';
import { Agent } from '../testing/agent.ts';
import { bookAs, cardToken, expectStatus, instantSgd, openDeparture, pickOption, type Booked, type OptionPick } from '../testing/booking.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createPaymentProvider } from '../providers/payments/select.ts';

let t: TestApp;
let walk: OptionPick;
let traveller: Agent;
let stranger: Agent;
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  walk = await instantSgd(t.db);
  // A known policy for the tests: free cancellation until a day before, dates can move.
  await t.db.update(options).set({ cancelType: 'standard', rescheduleType: 'allow_reschedule_cancel', maxQtyForPrice: 10 }).where(eq(options.id, walk.id));
  traveller = new Agent(t, '198.51.100.31');
  await traveller.login('traveller@verdant.test');
  stranger = new Agent(t, '198.51.100.32');
  await stranger.login('ambassador@verdant.test');
  admin = new Agent(t, '198.51.100.33');
  await admin.login('admin@verdant.test');
});
afterAll(() => t.close());

const token = (number?: string) => cardToken(t, number);
/** Books `option` for the traveller through the real cart and pay calls. */
const book = (option: OptionPick = walk, guests = 2, skip = 0) => bookAs(t, traveller, option, { guests, skip });

async function trip(itemId: string, who: Agent = traveller): Promise<Trip> {
  const r = await who.get(`/api/v1/trips/${itemId}`);
  expectStatus(r, 200);
  return TripResponse.parse(r.body).trip;
}

async function unitsLeft(option: OptionPick, date: string, slotKey: string): Promise<number> {
  const r = await t.get(`/api/v1/detailed-timeslots?option_id=${option.slugCode}&date=${date}`);
  return (r.body as { timeslots: { id: string; unitsLeft: number }[] }).timeslots.find((s) => s.id === `${date}T${slotKey}`)!.unitsLeft;
}

const mails = (like: string) => t.db.select().from(outbox).where(and(eq(outbox.recipient, 'traveller@verdant.test'), sql`${outbox.subject} like ${like}`));

describe('GET /trips, /trips/{id}', () => {
  it('lists the traveller\'s trips with every detail and the actions of the status table', async () => {
    const b = await book();
    const list = TripListResponse.parse((await traveller.get('/api/v1/trips')).body);
    const mine = list.trips.find((x) => x.id === b.itemId)!;
    expect(mine).toMatchObject({ group: 'upcoming', status: 'confirmed', isGift: false, actions: ['cancel', 'add_guest', 'change_date', 'share_trip'] });
    expect(mine.refund.freeCancellation).toBe(true);
    expect(mine.refund.terms).toMatch(/^Free cancellation before /);
    expect(mine.refund.paid.amount).toBe(b.paid);
    expect(mine.refund.refundable.amount).toBe(b.paid);
    expect(mine.operator.email).toContain('@');
    expect(mine.order.orderItem?.startDate).toBe(b.date);
    expect(mine.numGuestCanAdd).toBeGreaterThan(0);
    expect(mine.guestPrice?.currency).toBe('SGD');
    expect(mine.order.orderItem).toMatchObject({ canCancel: true, canChangeDate: true, numGuestCanAdd: mine.numGuestCanAdd, isGift: false, review: null });
  });

  it('answers 401 to guests and 404 to another user on every trip call', async () => {
    const b = await book();
    expectStatus(await t.get(`/api/v1/trips/${b.itemId}`), 401);
    expectStatus(await t.get('/api/v1/trips'), 401);
    const s = stranger;
    expect(TripListResponse.parse((await s.get('/api/v1/trips')).body).trips.find((x) => x.id === b.itemId)).toBeUndefined();
    expectStatus(await s.get(`/api/v1/trips/${b.itemId}`), 404);
    expectStatus(await s.post(`/api/v1/orders/${b.orderId}/cancel`, {}), 404);
    expectStatus(await s.post('/api/v1/user-refunds', { orderItemId: b.itemId }), 404);
    expectStatus(await s.post('/api/v1/order_item_change_requests', { orderItemId: b.itemId, startDate: addDays(b.date, 1) }), 404);
    expectStatus(await s.post('/api/v1/reviews', { orderItemId: b.itemId, rating: 5, title: 'Mine now', body: 'Trying to review a trip that is not mine.' }), 404);
    expectStatus(await s.get(`/api/v1/orders/${b.orderId}/share`), 404);
    const addGuest = await s.post('/api/v1/trips/add-guests', { orderItemId: b.itemId, quantity: 1, expectedAmount: { amount: 1, currency: 'SGD' }, cardToken: await token() }, { headers: { 'idempotency-key': randomUUID(), 'x-user-token': s.token! } });
    expectStatus(addGuest, 404);
    // Operator calls: a traveller who is no partner of the operator gets 404 too.
    expectStatus(await traveller.post(`/api/v1/operator/order-items/${b.itemId}/complete`, {}), 404);
    expectStatus(await s.post(`/api/v1/operator/order-items/${b.itemId}/change-request/accept`, {}), 404);
    // Nothing changed.
    expect((await trip(b.itemId)).status).toBe('confirmed');
  });
});

describe('cancel and refund', () => {
  it('cancels inside the free window: full refund through the provider, seats released, e-mails', async () => {
    const b = await book();
    const before = await unitsLeft(walk, b.date, b.slotKey);
    const r = await traveller.post(`/api/v1/orders/${b.orderId}/cancel`, {});
    expectStatus(r, 200);
    const res = CancelResponse.parse(r.body);
    expect(res.refunded.amount).toBe(b.paid);
    expect(res.trip).toMatchObject({ status: 'cancelled', group: 'cancelled', actions: [] });
    expect(res.trip.refund.refunded.amount).toBe(b.paid);
    expect(await unitsLeft(walk, b.date, b.slotKey)).toBe(before + 2);
    const [pay] = await t.db.select().from(checkoutPayments).where(eq(checkoutPayments.orderId, b.orderId));
    expect(pay?.status).toBe('refunded');
    const [gw] = await t.db.select().from(testGatewayPayments).where(eq(testGatewayPayments.id, pay!.providerRef!));
    expect(gw?.status).toBe('refunded');
    expect((await mails('Booking cancelled:%')).some((m) => m.body.includes(b.orderId) || m.subject.includes(res.trip.order.number!))).toBe(true);
    expect((await mails(`Refund on its way:%${res.trip.order.number}%`)).length).toBe(1);

    // A second cancel is refused and changes nothing.
    const again = await traveller.post(`/api/v1/orders/${b.orderId}/cancel`, {});
    expectStatus(again, 409);
    expect(again.raw).toMatchObject({ code: 'action_not_allowed' });
    expect(await unitsLeft(walk, b.date, b.slotKey)).toBe(before + 2);
    const refunds = await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, b.orderId));
    expect(refunds.reduce((s, x) => s + x.amount, 0)).toBe(Math.round(b.paid * 100));
  });

  it('gives nothing back after the deadline, and /user-refunds refuses with the policy words', async () => {
    const b = await book();
    await t.db.update(options).set({ cancelType: 'all_sales_final' }).where(eq(options.id, walk.id));
    try {
      const tr = await trip(b.itemId);
      expect(tr.refund).toMatchObject({ freeCancellation: false, terms: 'This booking is non-refundable or cancellable', refundable: { amount: 0 } });
      const refused = await traveller.post('/api/v1/user-refunds', { orderItemId: b.itemId });
      expectStatus(refused, 409);
      expect(refused.body.error).toBe('Nothing is refundable: This booking is non-refundable or cancellable');
      expect((await trip(b.itemId)).status).toBe('confirmed');
      const r = await traveller.post(`/api/v1/orders/${b.orderId}/cancel`, {});
      expectStatus(r, 200);
      expect(CancelResponse.parse(r.body).refunded.amount).toBe(0);
      expect(await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, b.orderId))).toHaveLength(0);
    } finally {
      await t.db.update(options).set({ cancelType: 'standard' }).where(eq(options.id, walk.id));
    }
  });

  it('never refunds more than what is left of what was paid', async () => {
    const b = await book();
    const [pay] = await t.db.select().from(checkoutPayments).where(eq(checkoutPayments.orderId, b.orderId));
    // Part of it was already refunded (e.g. by support): 1000 minor units.
    await t.db.insert(orderRefunds).values({ id: randomUUID(), orderId: b.orderId, paymentId: pay!.id, amount: 1000, currency: 'SGD', reason: 'cancelled' });
    await t.db.insert(testGatewayRefunds).values({ id: `re_${randomUUID()}`, idempotencyKey: randomUUID(), paymentId: pay!.providerRef!, amount: 1000 });
    const quote = (await trip(b.itemId)).refund;
    expect(Math.round(quote.refundable.amount * 100)).toBe(pay!.amount - 1000);
    const r = await traveller.post('/api/v1/user-refunds', { orderItemId: b.itemId });
    expectStatus(r, 201);
    expect(Math.round(CancelResponse.parse(r.body).refunded.amount * 100)).toBe(pay!.amount - 1000);
    const rows = await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, b.orderId));
    expect(rows.reduce((s, x) => s + x.amount, 0)).toBe(pay!.amount);
    const gw = await t.db.select().from(testGatewayRefunds).where(eq(testGatewayRefunds.paymentId, pay!.providerRef!));
    expect(gw.reduce((s, x) => s + x.amount, 0)).toBe(pay!.amount);
  });

  it('the test gateway refunds part of a payment once per key and never more than remains', async () => {
    const b = await book();
    const [pay] = await t.db.select().from(checkoutPayments).where(eq(checkoutPayments.orderId, b.orderId));
    const gateway = createPaymentProvider(t.config, t.db);
    const ref = pay!.providerRef!;
    await gateway.refund(ref, { amount: 500, idempotencyKey: 'k-1' });
    await gateway.refund(ref, { amount: 500, idempotencyKey: 'k-1' }); // a retry: refunded once
    expect((await t.db.select().from(testGatewayRefunds).where(eq(testGatewayRefunds.paymentId, ref))).map((r) => r.amount)).toEqual([500]);
    await expect(gateway.refund(ref, { amount: pay!.amount, idempotencyKey: 'k-2' })).rejects.toThrow(/exceeds/);
    await gateway.refund(ref, { amount: pay!.amount - 500, idempotencyKey: 'k-3' });
    const [row] = await t.db.select().from(testGatewayPayments).where(eq(testGatewayPayments.id, ref));
    expect(row?.status).toBe('refunded');
    await expect(gateway.refund(ref, { amount: 1, idempotencyKey: 'k-4' })).rejects.toThrow(/not refundable/);
  });

  it('refuses bad input clearly', async () => {
    expectStatus(await traveller.post('/api/v1/user-refunds', {}), 422);
    expectStatus(await traveller.post('/api/v1/orders/nope/cancel', {}), 404);
    expectStatus(await traveller.get('/api/v1/trips/does-not-exist'), 404);
  });
});

describe('add guests', () => {
  it('charges the added guests through the payment port with an Idempotency-Key and the user token', async () => {
    const b = await book();
    const tr = await trip(b.itemId);
    const before = await unitsLeft(walk, b.date, b.slotKey);
    const quote = await traveller.get(`/api/v1/trips/${b.itemId}/add-guest-quote?quantity=1`);
    expectStatus(quote, 200);
    expect(quote.body).toMatchObject({ amount: tr.guestPrice });
    expectStatus(await traveller.get(`/api/v1/trips/${b.itemId}/add-guest-quote?quantity=0`), 422);
    expectStatus(await stranger.get(`/api/v1/trips/${b.itemId}/add-guest-quote?quantity=1`), 404);
    const body = { orderItemId: b.itemId, quantity: 1, expectedAmount: tr.guestPrice!, cardToken: await token() };
    expectStatus(await traveller.post('/api/v1/trips/add-guests', body, { headers: { 'idempotency-key': randomUUID() } }), 401);
    expectStatus(await traveller.post('/api/v1/trips/add-guests', body, { headers: { 'x-user-token': traveller.token! } }), 400);
    const wrong = await traveller.post('/api/v1/trips/add-guests', { ...body, expectedAmount: { amount: 0.01, currency: 'SGD' } }, { headers: { 'idempotency-key': randomUUID(), 'x-user-token': traveller.token! } });
    expectStatus(wrong, 409);
    const tooMany = await traveller.post('/api/v1/trips/add-guests', { ...body, quantity: 40 }, { headers: { 'idempotency-key': randomUUID(), 'x-user-token': traveller.token! } });
    expectStatus(tooMany, 422);
    const declined = await traveller.post('/api/v1/trips/add-guests', { ...body, cardToken: await token('4000000000000002') }, { headers: { 'idempotency-key': randomUUID(), 'x-user-token': traveller.token! } });
    expectStatus(declined, 402);
    expect(await unitsLeft(walk, b.date, b.slotKey)).toBe(before);

    const key = randomUUID();
    const ok = await traveller.post('/api/v1/trips/add-guests', body, { headers: { 'idempotency-key': key, 'x-user-token': traveller.token! } });
    expectStatus(ok, 201);
    const replay = await traveller.post('/api/v1/trips/add-guests', body, { headers: { 'idempotency-key': key, 'x-user-token': traveller.token! } });
    expectStatus(replay, 201);
    const after = await trip(b.itemId);
    expect(after.order.orderItem?.totalQuantity).toBe(3);
    expect(await unitsLeft(walk, b.date, b.slotKey)).toBe(before - 1);
    expect(after.refund.paid.amount).toBeCloseTo(b.paid + tr.guestPrice!.amount, 6);
    const charges = await t.db.select().from(checkoutPayments).where(eq(checkoutPayments.orderId, b.orderId));
    expect(charges.filter((c) => c.status === 'captured')).toHaveLength(2);
    expect((await mails(`Guests added:%${after.order.number}%`)).length).toBe(1);

    // Cancelling now refunds both payments, and no more than both.
    const c = await traveller.post(`/api/v1/orders/${b.orderId}/cancel`, {});
    expectStatus(c, 200);
    expect(CancelResponse.parse(c.body).refunded.amount).toBeCloseTo(b.paid + tr.guestPrice!.amount, 6);
    expect(await unitsLeft(walk, b.date, b.slotKey)).toBe(before + 2);
  });
});

describe('add guests with a mobile wallet (issue 29)', () => {
  it('charges Google Pay with the wallet token for exactly the quoted amount; cancelling refunds it through the port', async () => {
    const b = await book();
    const tr = await trip(b.itemId);
    const before = await unitsLeft(walk, b.date, b.slotKey);
    const headers = () => ({ 'idempotency-key': randomUUID(), 'x-user-token': traveller.token! });
    const wallet = async (amount = tr.guestPrice!) => ((await t.post('/api/v1/test-gateway/wallet-tokens', { wallet: 'google_pay', amount })).body as { token: string }).token;
    // No token, or a card token: refused before anything is held.
    expectStatus(await traveller.post('/api/v1/trips/add-guests', { orderItemId: b.itemId, quantity: 1, expectedAmount: tr.guestPrice!, paymentMethod: 'google_pay' }, { headers: headers() }), 422);
    const stale = await traveller.post('/api/v1/trips/add-guests', { orderItemId: b.itemId, quantity: 1, expectedAmount: tr.guestPrice!, paymentMethod: 'google_pay', walletToken: await wallet({ ...tr.guestPrice!, amount: tr.guestPrice!.amount + 1 }) }, { headers: headers() });
    expectStatus(stale, 402);
    expect(await unitsLeft(walk, b.date, b.slotKey)).toBe(before);
    // Someone else's trip: 404 whatever they hold.
    const body = { orderItemId: b.itemId, quantity: 1, expectedAmount: tr.guestPrice!, paymentMethod: 'google_pay', walletToken: await wallet() };
    expectStatus(await stranger.post('/api/v1/trips/add-guests', body, { headers: { 'idempotency-key': randomUUID(), 'x-user-token': stranger.token! } }), 404);

    const ok = await traveller.post('/api/v1/trips/add-guests', body, { headers: headers() });
    expectStatus(ok, 201);
    const charges = await t.db.select().from(checkoutPayments).where(eq(checkoutPayments.orderId, b.orderId));
    // The refused stale token left a failed attempt; the approved one is captured.
    expect(charges.filter((c) => c.method === 'google_pay').map((c) => [c.status, c.cardLast4]).sort()).toEqual([['captured', '4242'], ['failed', null]]);
    expect(await unitsLeft(walk, b.date, b.slotKey)).toBe(before - 1);
    const c = await traveller.post(`/api/v1/orders/${b.orderId}/cancel`, {});
    expectStatus(c, 200);
    expect(CancelResponse.parse(c.body).refunded.amount).toBeCloseTo(b.paid + tr.guestPrice!.amount, 6);
    const refunded = await t.db.select().from(checkoutPayments).where(eq(checkoutPayments.orderId, b.orderId));
    expect(refunded.filter((x) => x.method === 'google_pay').map((x) => x.status).sort()).toEqual(['failed', 'refunded']);
  });
});

/** An open departure of `walk` on another day than the booking's. */
async function otherDeparture(b: Booked): Promise<{ id: string; unitsLeft: number }> {
  for (let i = 1; i < 40; i++) {
    const date = addDays(b.date, i);
    const r = await t.get(`/api/v1/detailed-timeslots?option_id=${walk.slugCode}&date=${date}`);
    const slot = (r.body as { timeslots?: { id: string; unitsLeft: number }[] }).timeslots?.find((x) => x.unitsLeft >= 4);
    if (slot) return slot;
  }
  throw new Error('no other departure within 40 days');
}

describe('change date through the operator', () => {
  it('holds the new departure, waits in having_change_request, and moves the trip when the operator accepts', async () => {
    const b = await book(walk, 2);
    const target = await openDeparture(t, walk.slugCode, 10);
    let newDate = target.date;
    let newSlot = target.timeslotId;
    if (newDate === b.date) {
      const next = await t.get(`/api/v1/detailed-timeslots?option_id=${walk.slugCode}&date=${addDays(b.date, 7)}`);
      const s = (next.body as { timeslots: { id: string; unitsLeft: number }[] }).timeslots.find((x) => x.unitsLeft >= 2)!;
      newDate = addDays(b.date, 7);
      newSlot = s.id;
    }
    const newKey = newSlot.slice(11);
    const oldBefore = await unitsLeft(walk, b.date, b.slotKey);
    const newBefore = await unitsLeft(walk, newDate, newKey);
    expectStatus(await traveller.post('/api/v1/order_item_change_requests', { orderItemId: b.itemId, startDate: b.date, detailedTimeslotId: `${b.date}T${b.slotKey}` }), 422);
    const r = await traveller.post('/api/v1/order_item_change_requests', { orderItemId: b.itemId, startDate: newDate, detailedTimeslotId: newSlot, note: 'Rain forecast' });
    expectStatus(r, 201);
    const pending = TripResponse.parse(r.body).trip;
    expect(pending).toMatchObject({ status: 'having_change_request', actions: ['share_trip'], changeRequest: { status: 'pending', startDate: newDate } });
    expect(await unitsLeft(walk, newDate, newKey)).toBe(newBefore - 2);
    // Not allowed twice, nor cancelling while the request is open (share only).
    expectStatus(await traveller.post('/api/v1/order_item_change_requests', { orderItemId: b.itemId, startDate: newDate, detailedTimeslotId: newSlot }), 409);
    expectStatus(await traveller.post(`/api/v1/orders/${b.orderId}/cancel`, {}), 409);

    const accepted = await admin.post(`/api/v1/operator/order-items/${b.itemId}/change-request/accept`, {});
    expectStatus(accepted, 200);
    const moved = await trip(b.itemId);
    expect(moved).toMatchObject({ status: 'confirmed', changeRequest: { status: 'accepted' } });
    expect(moved.order.orderItem?.startDate).toBe(newDate);
    expect(await unitsLeft(walk, b.date, b.slotKey)).toBe(oldBefore + 2);
    expect(await unitsLeft(walk, newDate, newKey)).toBe(newBefore - 2);
    expect((await mails(`Date changed:%${moved.order.number}%`)).length).toBe(1);
    expectStatus(await admin.post(`/api/v1/operator/order-items/${b.itemId}/change-request/accept`, {}), 409);
    // No SMTP configured: the confirmation and the answer stay in the outbox, with no mail-delivery job.
    const [confirmation] = await mails(`Booking confirmed:%(${moved.order.number})`);
    const [changed] = await mails(`Date changed:%${moved.order.number}%`);
    for (const kept of [confirmation, changed]) {
      expect(kept).toMatchObject({ sentAt: null, error: null });
      expect(await t.jobs.jobsOf(QUEUES.mailDelivery.name, `mail:${kept!.id}`)).toEqual([]);
    }
  });

  it('gives the held departure back when the operator (a partner of its operator) rejects', async () => {
    const b = await book(walk, 2);
    const partner = new Agent(t, '198.51.100.34');
    await partner.login('partner@verdant.test');
    const [op] = await t.db.select({ operatorId: options.operatorId }).from(options).where(eq(options.id, walk.id));
    const [pu] = await t.db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = 'partner@verdant.test'`);
    await t.db.insert(partnerMemberships).values({ userId: pu!.id, operatorId: op!.operatorId }).onConflictDoNothing();
    const s = await otherDeparture(b);
    const newDate = s.id.slice(0, 10);
    const before = await unitsLeft(walk, newDate, s.id.slice(11));
    expectStatus(await traveller.post('/api/v1/order_item_change_requests', { orderItemId: b.itemId, startDate: newDate, detailedTimeslotId: s.id }), 201);
    const r = await partner.post(`/api/v1/operator/order-items/${b.itemId}/change-request/reject`, { note: 'Fully booked guides' });
    expectStatus(r, 200);
    const back = await trip(b.itemId);
    expect(back).toMatchObject({ status: 'confirmed', changeRequest: { status: 'rejected' } });
    expect(back.order.orderItem?.startDate).toBe(b.date);
    expect(await unitsLeft(walk, newDate, s.id.slice(11))).toBe(before);
  });
});

describe('reschedule policy and bad input', () => {
  it('offers no date change when the policy forbids it, and refuses the call', async () => {
    const b = await book();
    const other = await otherDeparture(b);
    await t.db.update(options).set({ rescheduleType: 'no_reschedule_cancel' }).where(eq(options.id, walk.id));
    try {
      const tr = await trip(b.itemId);
      expect(tr.canChangeDate).toBe(false);
      expect(tr.actions).not.toContain('change_date');
      const r = await traveller.post('/api/v1/order_item_change_requests', { orderItemId: b.itemId, startDate: other.id.slice(0, 10), detailedTimeslotId: other.id });
      expectStatus(r, 409);
      expect(r.body.error).toBe('The date of this booking cannot be changed');
      expect((await trip(b.itemId)).status).toBe('confirmed');
    } finally {
      await t.db.update(options).set({ rescheduleType: 'allow_reschedule_cancel' }).where(eq(options.id, walk.id));
    }
  });

  it('answers 422 naming the field for malformed bodies', async () => {
    const b = await book();
    const bad = await traveller.post('/api/v1/order_item_change_requests', { orderItemId: b.itemId, startDate: '17/01/2027' });
    expectStatus(bad, 422);
    expect(Object.keys(bad.body.fields ?? {})).toContain('startDate');
    expectStatus(await traveller.post('/api/v1/join', {}), 422);
    expectStatus(await traveller.post('/api/v1/reviews', { orderItemId: b.itemId }), 422);
    expectStatus(await traveller.post('/api/v1/trips/add-guests', { orderItemId: b.itemId, quantity: 1 }, { headers: { 'idempotency-key': randomUUID(), 'x-user-token': traveller.token! } }), 422);
    expectStatus(await traveller.call('POST', `/api/v1/orders/${b.orderId}/cancel`, { rawBody: '{nope', headers: { 'content-type': 'application/json' } }), 422);
    expect((await trip(b.itemId)).status).toBe('confirmed');
  });
});

describe('request to book: operator confirms or declines', () => {
  it('confirms a processing request, and declining another refunds it in full', async () => {
    const rtb = await pickOption(t.db, [eq(options.bookType, 'request_to_book'), eq(options.priceUnit, 'per_person'), sql`jsonb_array_length(${options.startTimes}) > 0`]);
    const a = await book(rtb, 1);
    expect((await trip(a.itemId))).toMatchObject({ status: 'processing' });
    expectStatus(await stranger.post(`/api/v1/operator/order-items/${a.itemId}/confirm`, {}), 404);
    expectStatus(await admin.post(`/api/v1/operator/order-items/${a.itemId}/confirm`, {}), 200);
    expect((await trip(a.itemId)).status).toBe('confirmed');
    expectStatus(await admin.post(`/api/v1/operator/order-items/${a.itemId}/confirm`, {}), 409);

    // The traveller may cancel an unconfirmed request at any time, for a full refund.
    const c = await book(rtb, 1);
    expect((await trip(c.itemId)).actions).toEqual(['cancel', 'share_trip']);
    const cancelled = await traveller.post(`/api/v1/orders/${c.orderId}/cancel`, {});
    expectStatus(cancelled, 200);
    expect(CancelResponse.parse(cancelled.body).refunded.amount).toBe(c.paid);

    const b = await book(rtb, 1);
    const r = await admin.post(`/api/v1/operator/order-items/${b.itemId}/decline`, { note: 'Boat in repair' });
    expectStatus(r, 200);
    expect(r.body).toMatchObject({ status: 'declined', refunded: { amount: b.paid } });
    const tr = await trip(b.itemId);
    expect(tr).toMatchObject({ status: 'declined', group: 'cancelled', actions: [] });
    expect((await mails(`Booking request declined:%${tr.order.number}%`)).length).toBe(1);
  });
});

describe('complete and review', () => {
  it('completes after the trip, then the traveller reviews within two months, once', async () => {
    const b = await book();
    expectStatus(await admin.post(`/api/v1/operator/order-items/${b.itemId}/complete`, {}), 409); // not over yet
    const started = addDays(new Date().toISOString().slice(0, 10), -10);
    await t.db.update(orderItems).set({ startDate: started, endDate: started }).where(eq(orderItems.id, b.itemId));
    expectStatus(await admin.post(`/api/v1/operator/order-items/${b.itemId}/complete`, {}), 200);
    const done = await trip(b.itemId);
    expect(done).toMatchObject({ status: 'completed', group: 'past', actions: ['review'], review: { rating: null } });
    expect((await mails('How was %')).length).toBeGreaterThan(0);
    expectStatus(await traveller.post('/api/v1/reviews', { orderItemId: b.itemId, rating: 9, title: 'x', body: 'short' }), 422);
    const r = await traveller.post('/api/v1/reviews', { orderItemId: b.itemId, rating: 5, title: 'Glorious mangroves', body: 'Our guide knew every bird by its call. Go early.' });
    expectStatus(r, 201);
    expect(TripResponse.parse(r.body).trip).toMatchObject({ actions: [], review: { rating: 5, title: 'Glorious mangroves' } });
    const again = await traveller.post('/api/v1/reviews', { orderItemId: b.itemId, rating: 4, title: 'Again', body: 'A second review should not be possible.' });
    expectStatus(again, 409);
    const [row] = await t.db.select().from(reviews).where(eq(reviews.orderItemId, b.itemId));
    expect(row?.rating).toBe(5);
  });

  it('refuses a review after the two-month window, saying when it closed', async () => {
    const b = await book();
    const started = addDays(new Date().toISOString().slice(0, 10), -70);
    await t.db.update(orderItems).set({ startDate: started, endDate: started }).where(eq(orderItems.id, b.itemId));
    expectStatus(await admin.post(`/api/v1/operator/order-items/${b.itemId}/complete`, {}), 200);
    expect((await trip(b.itemId)).actions).toEqual([]);
    const r = await traveller.post('/api/v1/reviews', { orderItemId: b.itemId, rating: 4, title: 'Late', body: 'Writing this far too late, sorry.' });
    expectStatus(r, 409);
    expect(r.body.error).toMatch(/^Reviews for this trip closed on /);
  });
});

describe('share a trip', () => {
  it('gives the owner a link; a friend joins, declines, leaves; the host cannot join', async () => {
    const b = await book();
    const r = await traveller.get(`/api/v1/orders/${b.orderId}/share`);
    expectStatus(r, 200);
    const share = ShareResponse.parse(r.body).share;
    expect(share).toMatchObject({ isHost: true, open: true, members: [], hostName: 'Tess' });
    expect(ShareResponse.parse((await traveller.get(`/api/v1/orders/${b.orderId}/share`)).body).share.id).toBe(share.id);

    const pub = ShareResponse.parse((await t.get(`/api/v1/shares/${share.id}`)).body).share;
    expect(pub).toMatchObject({ isHost: false, myStatus: null, open: true });
    expectStatus(await t.post('/api/v1/join', { shareId: share.id }), 401);
    expectStatus(await traveller.post('/api/v1/join', { shareId: share.id }), 409);
    expectStatus(await stranger.post('/api/v1/leave', { shareId: share.id }), 409);

    const joined = await stranger.post('/api/v1/join', { shareId: share.id });
    expectStatus(joined, 200);
    expect(ShareResponse.parse(joined.body).share).toMatchObject({ myStatus: 'joined', members: [{ name: 'Amara', status: 'joined' }] });
    expect((await trip(b.itemId)).share?.members).toEqual([{ name: 'Amara Ambassador', status: 'joined' }]);
    expectStatus(await stranger.post('/api/v1/leave', { shareId: share.id }), 200);
    const declined = await stranger.post('/api/v1/decline', { shareId: share.id });
    expect(ShareResponse.parse(declined.body).share.myStatus).toBe('declined');
    expectStatus(await stranger.post('/api/v1/join', { shareId: 'nope' }), 404);

    // Once cancelled, the trip is closed to new friends.
    expectStatus(await traveller.post(`/api/v1/orders/${b.orderId}/cancel`, {}), 200);
    expectStatus(await stranger.post('/api/v1/join', { shareId: share.id }), 409);
    expectStatus(await traveller.get(`/api/v1/orders/${b.orderId}/share`), 409);
  });
});

describe('gift items', () => {
  it('shows a gift without actions and refuses to cancel it', async () => {
    const b = await book();
    await t.db.update(orderItems).set({ isGift: true }).where(eq(orderItems.id, b.itemId));
    const g = await trip(b.itemId);
    expect(g).toMatchObject({ isGift: true, actions: [], refund: { terms: 'Gifts are non-refundable', refundable: { amount: 0 } } });
    const r = await traveller.post(`/api/v1/orders/${b.orderId}/cancel`, {});
    expectStatus(r, 409);
    expect(r.body.error).toBe('Gifts are non-refundable');
  });
});

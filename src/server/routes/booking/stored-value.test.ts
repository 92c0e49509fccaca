// Stored value on the bag (spec §3 Cart, §9): credits, gift codes, the welcome discount, and the
// bag's owner. Each test makes its own member so balances are known exactly.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartSchema, PayResponse, type Cart } from '../../../contract/booking.ts';
import { creditAccounts, creditEntries, giftCodes, orders, users } from '../../db/schema.ts';
import { addCredit, changeCredit } from '../../services/credits.ts';
import { expectStatus, instantSgd, openDeparture, type OptionPick } from '../../testing/booking.ts';
import { Agent } from '../../testing/agent.ts';
import { DEV_PASSWORD } from '../../db/seed/users.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let walk: OptionPick;
let hash: string;

beforeAll(async () => {
  t = await createTestApp();
  walk = await instantSgd(t.db);
  const [tess] = await t.db.select({ hash: users.passwordHash }).from(users).where(sql`lower(${users.email}) = 'traveller@verdant.test'`);
  hash = tess!.hash!;
});
afterAll(() => t.close());

let n = 0;
/** A new member (logged in), optionally with credits and a welcome gift already received. */
async function member(opts: { country?: string; credits?: { amount: number; currency: string }[]; hadWelcome?: boolean } = {}) {
  n++;
  const id = `sv-user-${n}-${randomUUID().slice(0, 8)}`;
  const email = `stored.value.${n}.${id.slice(-8)}@example.com`;
  await t.db.insert(users).values({ id, email, name: `Member ${n}`, passwordHash: hash, countryCode: opts.country ?? 'SG' });
  if (opts.hadWelcome ?? true) {
    // A welcome gift received as credit (and already spent): the balance starts at zero.
    await addCredit(t.db, { userId: id, amount: 1000, currency: 'SGD', kind: 'welcome', description: 'Welcome gift', reference: `test:welcome:${id}` });
    await changeCredit(t.db, { userId: id, amount: -1000, currency: 'SGD', kind: 'spend', description: 'Spent', reference: `test:spent:${id}` });
  }
  for (const [i, c] of (opts.credits ?? []).entries()) await addCredit(t.db, { userId: id, amount: c.amount, currency: c.currency, kind: 'adjustment', description: 'Test credit', reference: `test:${id}:${i}` });
  const agent = new Agent(t, `198.51.100.${100 + n}`);
  await agent.login(email);
  return { id, email, agent };
}

async function balance(userId: string, currency = 'SGD') {
  const [row] = await t.db.select({ balance: creditAccounts.balance }).from(creditAccounts).where(and(eq(creditAccounts.userId, userId), eq(creditAccounts.currency, currency)));
  return row?.balance ?? 0;
}

async function bagFor(agent: Agent, guests = 1, currency = 'SGD', room = guests): Promise<Cart> {
  const dep = await openDeparture(t, walk.slugCode, room);
  const r = await agent.post('/api/v1/cart', { currency, orderItem: { optionId: walk.slugCode, startDate: dep.date, detailedTimeslotId: dep.timeslotId, quantity: guests } });
  expectStatus(r, 201);
  return CartSchema.parse(r.body);
}

const minor = (m: { amount: number }) => Math.round(m.amount * 100);

function payBody(cart: Cart, over: Record<string, unknown> = {}) {
  return {
    cartId: cart.id,
    currency: cart.currency,
    expectedTotal: cart.exchangedTotalAmountWithConversionFee,
    contact: { name: 'Mei Ling Tan', email: 'mei.ling@example.com' },
    customers: Array.from({ length: cart.orderItem?.totalQuantity ?? 1 }, (_, i) => ({ fullName: `Guest ${i + 1}`, dateOfBirth: '1990-01-01', nationality: 'Singaporean', passportNumber: 'K1234567A' })),
    paymentMethod: 'card',
    ...over,
  };
}
const payAs = (agent: Agent, body: unknown, key = randomUUID()) => agent.post('/api/v1/checkouts/pay', body, { headers: { 'idempotency-key': key, 'x-user-token': agent.token! } });

describe('credits (useCredit, fullPaymentByCredit)', () => {
  it('pays in full with credits, without the card gateway, debiting the ledger with the order', async () => {
    const m = await member({ credits: [{ amount: 100_000, currency: 'SGD' }] });
    const cart = await bagFor(m.agent);
    expect(cart.useCredit).toBe(false);
    const on = await m.agent.patch('/api/v1/cart', { cartId: cart.id, useCredit: true });
    expectStatus(on, 200);
    const priced = CartSchema.parse(on.body);
    expect(priced).toMatchObject({ useCredit: true, fullPaymentByCredit: true });
    expect(priced.totalAmount.amount).toBe(0);
    expect(priced.deductedCreditAmount).toEqual(priced.subtotalAmount);
    const avail = await m.agent.get(`/api/v1/checkouts/available?cart_id=${cart.id}&currency=SGD`);
    expect((avail.body as { paymentMethods: { method: string; available: boolean }[] }).paymentMethods.find((x) => x.method === 'credit')?.available).toBe(true);

    const card = await payAs(m.agent, payBody(priced, { paymentMethod: 'card', cardToken: 'tok_x' }));
    expectStatus(card, 422);
    const paid = await payAs(m.agent, payBody(priced, { paymentMethod: 'credit' }));
    expectStatus(paid, 201);
    const res = PayResponse.parse(paid.body);
    expect(res.order).toMatchObject({ status: 'placed', paymentMethod: 'credit', payment: null });
    expect(res.order.deductedCreditAmount).toEqual(priced.subtotalAmount);
    expect(await balance(m.id)).toBe(100_000 - minor(priced.subtotalAmount));
    const [entry] = await t.db.select().from(creditEntries).where(and(eq(creditEntries.userId, m.id), eq(creditEntries.kind, 'spend')));
    expect(entry).toMatchObject({ amount: -minor(priced.subtotalAmount), reference: `booking:${res.order.id}:SGD` });
    // The bag forgets the choice for the next booking.
    const next = await bagFor(m.agent);
    expect(next.useCredit).toBe(false);
  });

  it('uses credits in part, leaving at least S$10 for the card, and gives them back when the card is declined', async () => {
    const m = await member({ credits: [{ amount: 1500, currency: 'SGD' }] });
    const cart = await bagFor(m.agent, 2);
    const priced = CartSchema.parse((await m.agent.patch('/api/v1/cart', { cartId: cart.id, useCredit: true })).body);
    expect(priced.fullPaymentByCredit).toBe(false);
    expect(minor(priced.deductedCreditAmount)).toBe(Math.min(1500, minor(priced.subtotalAmount) - 1000));
    expect(minor(priced.totalAmount)).toBe(minor(priced.subtotalAmount) - minor(priced.deductedCreditAmount));
    expectStatus(await payAs(m.agent, payBody(priced, { paymentMethod: 'credit' })), 422);
    const tok = await t.post('/api/v1/test-gateway/tokens', { number: '4000000000009995', expMonth: 12, expYear: 2030, cvc: '123' });
    const declined = await payAs(m.agent, payBody(priced, { cardToken: (tok.body as { token: string }).token }));
    expectStatus(declined, 402);
    expect(await balance(m.id)).toBe(1500);
    const tok2 = await t.post('/api/v1/test-gateway/tokens', { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' });
    const paid = await payAs(m.agent, payBody(priced, { cardToken: (tok2.body as { token: string }).token }));
    expectStatus(paid, 201);
    expect(PayResponse.parse(paid.body).order.payment).toMatchObject({ status: 'captured', amount: priced.totalAmount });
    expect(await balance(m.id)).toBe(1500 - minor(priced.deductedCreditAmount));
  });

  it('answers 409 and charges nothing when the balance was spent elsewhere since the bag was priced', async () => {
    const m = await member({ credits: [{ amount: 100_000, currency: 'SGD' }] });
    const cart = await bagFor(m.agent);
    const priced = CartSchema.parse((await m.agent.patch('/api/v1/cart', { cartId: cart.id, useCredit: true })).body);
    await t.db.update(creditAccounts).set({ balance: 500 }).where(and(eq(creditAccounts.userId, m.id), eq(creditAccounts.currency, 'SGD')));
    const r = await payAs(m.agent, payBody(priced, { paymentMethod: 'credit' }));
    expectStatus(r, 409);
    expect(await balance(m.id)).toBe(500);
    expect(await t.db.select().from(orders).where(eq(orders.userId, m.id))).toHaveLength(0);
  });

  it('never lets two concurrent payments overdraw the balance', async () => {
    const m = await member({ credits: [{ amount: 100_000, currency: 'SGD' }] });
    const a = CartSchema.parse((await m.agent.patch('/api/v1/cart', { cartId: (await bagFor(m.agent)).id, useCredit: true })).body);
    const value = minor(a.subtotalAmount);
    await t.db.update(creditAccounts).set({ balance: value + value / 2 }).where(and(eq(creditAccounts.userId, m.id), eq(creditAccounts.currency, 'SGD')));
    const b = await bagFor(m.agent);
    // Both bags were priced with the full balance; only one can be paid by credits.
    const bPriced = CartSchema.parse((await m.agent.patch('/api/v1/cart', { cartId: b.id, useCredit: true })).body);
    const aPriced = CartSchema.parse((await m.agent.get(`/api/v1/cart?cart_id=${a.id}&view=with_order_item`)).body);
    const answers = await Promise.all([payAs(m.agent, payBody(aPriced, { paymentMethod: 'credit' })), payAs(m.agent, payBody(bPriced, { paymentMethod: 'credit' }))]);
    expect(answers.map((x) => x.status).sort()).toEqual([201, 409]);
    expect(await balance(m.id)).toBe(value / 2);
  });

  it('is for members only, and not for someone else’s bag', async () => {
    const guestBag = await t.post('/api/v1/cart', { currency: 'SGD', orderItem: { optionId: walk.slugCode, startDate: (await openDeparture(t, walk.slugCode, 1)).date, detailedTimeslotId: (await openDeparture(t, walk.slugCode, 1)).timeslotId, quantity: 1 } });
    const id = (guestBag.body as { id: string }).id;
    expectStatus(await t.call('PATCH', '/api/v1/cart', { body: { cartId: id, useCredit: true } }), 401);
    expectStatus(await t.call('PATCH', '/api/v1/cart', { body: { cartId: id, useCredit: 'yes' } }), 422);
    expectStatus(await t.call('PATCH', '/api/v1/cart', { body: { cartId: id } }), 422);
    const a = await member({ credits: [{ amount: 5000, currency: 'SGD' }] });
    const b = await member();
    const mine = await bagFor(a.agent);
    expectStatus(await b.agent.patch('/api/v1/cart', { cartId: mine.id, useCredit: true }), 404);
  });
});

describe('gift codes on the bag (/gift-card-redemptions)', () => {
  async function code(amount: number, holder: string | null, currency = 'SGD') {
    const id = randomUUID();
    const c = `GIFT-${id.slice(0, 8).toUpperCase()}`;
    await t.db.insert(giftCodes).values({ id, code: c, amount, currency, holderUserId: holder, senderName: 'Maya', expiresAt: new Date('2030-01-01T00:00:00Z'), claimedAt: holder ? new Date() : null });
    return { id, code: c };
  }

  it('applies a held code, takes it off again, and pays in full with it: used once, the rest kept as credit', async () => {
    const m = await member();
    const cart = await bagFor(m.agent);
    const sub = minor(cart.subtotalAmount);
    const g = await code(sub + 2000, m.id);
    const list = await m.agent.get('/api/v1/gift-card-redemptions');
    expectStatus(list, 200);
    expect((list.body as { giftCodes: { code: string }[] }).giftCodes.map((x) => x.code)).toContain(g.code);

    const on = await m.agent.post('/api/v1/gift-card-redemptions', { cartId: cart.id, code: g.code.toLowerCase() });
    expectStatus(on, 201);
    const priced = CartSchema.parse(on.body);
    expect(priced).toMatchObject({ giftCode: g.code, fullPaymentByCredit: false });
    expect(minor(priced.giftCodeAmount)).toBe(sub);
    expect(priced.totalAmount.amount).toBe(0);

    const off = CartSchema.parse((await m.agent.delete(`/api/v1/gift-card-redemptions/${cart.id}`)).body);
    expect(off.giftCode).toBeNull();
    expect(off.totalAmount).toEqual(cart.totalAmount);
    expectStatus(await m.agent.delete(`/api/v1/gift-card-redemptions/${cart.id}`), 404);

    const again = CartSchema.parse((await m.agent.post('/api/v1/gift-card-redemptions', { cartId: cart.id, code: g.code })).body);
    const paid = await payAs(m.agent, payBody(again, { paymentMethod: 'gift_code' }));
    expectStatus(paid, 201);
    const order = PayResponse.parse(paid.body).order;
    expect(order).toMatchObject({ status: 'placed', paymentMethod: 'gift_code' });
    const [row] = await t.db.select().from(giftCodes).where(eq(giftCodes.id, g.id));
    expect(row).toMatchObject({ status: 'used', usedReference: order.id });
    expect(await balance(m.id)).toBe(2000); // what was left of the code
  });

  it('claims an unclaimed code; refuses unknown, someone else’s and used codes with clear words', async () => {
    const m = await member();
    const other = await member();
    const cart = await bagFor(m.agent);
    const free = await code(500, null);
    expectStatus(await m.agent.post('/api/v1/gift-card-redemptions', { cartId: cart.id, code: free.code }), 201);
    const [claimed] = await t.db.select().from(giftCodes).where(eq(giftCodes.id, free.id));
    expect(claimed?.holderUserId).toBe(m.id);

    const nope = await m.agent.post('/api/v1/gift-card-redemptions', { cartId: cart.id, code: 'NOT-A-CODE' });
    expectStatus(nope, 422);
    expect((nope.body as { error: string }).error).toBe('This gift code is not valid');
    const theirs = await code(500, other.id);
    const taken = await m.agent.post('/api/v1/gift-card-redemptions', { cartId: cart.id, code: theirs.code });
    expectStatus(taken, 422);
    expect((taken.body as { error: string }).error).toBe('This gift code has already been used');
    expectStatus(await m.agent.post('/api/v1/gift-card-redemptions', { cartId: cart.id, code: '' }), 422);
    // A guest and another member cannot touch the bag.
    expectStatus(await t.post('/api/v1/gift-card-redemptions', { cartId: cart.id, code: free.code }), 401);
    expectStatus(await other.agent.post('/api/v1/gift-card-redemptions', { cartId: cart.id, code: theirs.code }), 404);
    expectStatus(await t.get('/api/v1/gift-card-redemptions'), 401);
  });

  it('gives the code back when the payment fails', async () => {
    const m = await member();
    const cart = await bagFor(m.agent, 2);
    const g = await code(1000, m.id);
    const priced = CartSchema.parse((await m.agent.post('/api/v1/gift-card-redemptions', { cartId: cart.id, code: g.code })).body);
    expect(minor(priced.giftCodeAmount)).toBe(1000);
    const tok = await t.post('/api/v1/test-gateway/tokens', { number: '4000000000009995', expMonth: 12, expYear: 2030, cvc: '123' });
    expectStatus(await payAs(m.agent, payBody(priced, { cardToken: (tok.body as { token: string }).token })), 402);
    const [row] = await t.db.select().from(giftCodes).where(eq(giftCodes.id, g.id));
    expect(row).toMatchObject({ status: 'active', usedReference: null });
  });
});

describe('welcome discount (spec §9) on a first booking', () => {
  it.each([
    ['SG', 1000],
    ['MY', 913], // RM30 in SGD
    ['GB', 1295], // US$10 in SGD
  ])('a member from %s gets %i off their first booking, once', async (country, off) => {
    const m = await member({ country, hadWelcome: false });
    const cart = await bagFor(m.agent, 2);
    expect(minor(cart.welcomeDiscountAmount)).toBe(Math.min(off, minor(cart.subtotalAmount) - 1000));
    expect(minor(cart.totalAmount)).toBe(minor(cart.subtotalAmount) - minor(cart.welcomeDiscountAmount));
    const tok = await t.post('/api/v1/test-gateway/tokens', { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' });
    expectStatus(await payAs(m.agent, payBody(cart, { cardToken: (tok.body as { token: string }).token })), 201);
    const next = await bagFor(m.agent, 2);
    expect(next.welcomeDiscountAmount.amount).toBe(0);
  });

  const cardToken = async (number: string) => ((await t.post('/api/v1/test-gateway/tokens', { number, expMonth: 12, expYear: 2030, cvc: '123' })).body as { token: string }).token;
  const welcomeOf = async (orderId: string) => (await t.db.select({ w: orders.welcomeDiscountAmount }).from(orders).where(eq(orders.id, orderId)))[0]?.w;
  const claimOf = async (userId: string) => (await t.db.select({ usedAt: users.welcomeDiscountUsedAt, orderId: users.welcomeDiscountOrderId }).from(users).where(eq(users.id, userId)))[0];

  it('is single use under concurrency: of two bags paid at once, exactly one gets it, the other is told the new total', async () => {
    const m = await member({ hadWelcome: false });
    // Both on a departure with room for both bags: only the welcome discount is contended.
    const bags = [await bagFor(m.agent, 2, 'SGD', 4), await bagFor(m.agent, 2, 'SGD', 4)];
    for (const b of bags) expect(minor(b.welcomeDiscountAmount)).toBeGreaterThan(0);
    const tokens = [await cardToken('4242424242424242'), await cardToken('4242424242424242')];
    const answers = await Promise.all(bags.map((b, i) => payAs(m.agent, payBody(b, { cardToken: tokens[i] }))));
    expect(answers.map((x) => x.status).sort()).toEqual([201, 409]);
    const won = answers.find((x) => x.status === 201)!;
    const lost = answers.find((x) => x.status === 409)!;
    const order = PayResponse.parse(won.body).order;
    expect(await welcomeOf(order.id)).toBeGreaterThan(0);
    expect(lost.body).toMatchObject({ code: 'price_changed' });
    expect(lost.body.error).toMatch(/The total is now|welcome discount has just been used/);
    // Nothing was charged or booked for the losing bag; the claim names the winning order.
    const mine = await t.db.select().from(orders).where(eq(orders.userId, m.id));
    expect(mine.map((o) => o.id)).toEqual([order.id]);
    expect(mine.filter((o) => o.welcomeDiscountAmount > 0)).toHaveLength(1);
    expect(await claimOf(m.id)).toMatchObject({ orderId: order.id });
    // The losing bag is repriced without the discount, and pays that price.
    const loser = bags[answers.indexOf(lost)]!;
    const repriced = CartSchema.parse((await m.agent.get(`/api/v1/cart?cart_id=${loser.id}&view=with_order_item`)).body);
    expect(repriced.welcomeDiscountAmount.amount).toBe(0);
    expect(minor(repriced.totalAmount)).toBe(minor(loser.totalAmount) + minor(loser.welcomeDiscountAmount));
    if ((lost.body as { total?: unknown }).total) expect((lost.body as { total: unknown }).total).toEqual(repriced.exchangedTotalAmountWithConversionFee);
    const second = await payAs(m.agent, payBody(repriced, { cardToken: await cardToken('4242424242424242') }));
    expectStatus(second, 201);
    expect(await welcomeOf(PayResponse.parse(second.body).order.id)).toBe(0);
  });

  it('is given back when the card is declined, and kept by the bag whose payment waits for authentication', async () => {
    const m = await member({ hadWelcome: false });
    const cart = await bagFor(m.agent, 2);
    const off = minor(cart.welcomeDiscountAmount);
    expect(off).toBeGreaterThan(0);
    expectStatus(await payAs(m.agent, payBody(cart, { cardToken: await cardToken('4000000000009995') })), 402);
    expect(await claimOf(m.id)).toEqual({ usedAt: null, orderId: null });
    const again = CartSchema.parse((await m.agent.get(`/api/v1/cart?cart_id=${cart.id}&view=with_order_item`)).body);
    expect(minor(again.welcomeDiscountAmount)).toBe(off);

    // 3-D Secure left unfinished: the claim is held for this bag only.
    const challenged = await payAs(m.agent, payBody(again, { cardToken: await cardToken('4000002500003155') }));
    expectStatus(challenged, 200);
    const held = PayResponse.parse(challenged.body).order;
    expect(await claimOf(m.id)).toMatchObject({ orderId: held.id });
    const other = await bagFor(m.agent, 2);
    expect(other.welcomeDiscountAmount.amount).toBe(0);
    const same = CartSchema.parse((await m.agent.get(`/api/v1/cart?cart_id=${cart.id}&view=with_order_item`)).body);
    expect(minor(same.welcomeDiscountAmount)).toBe(off);
    // A new attempt on the same bag replaces the challenge and keeps the discount.
    const paid = await payAs(m.agent, payBody(same, { cardToken: await cardToken('4242424242424242') }));
    expectStatus(paid, 201);
    const order = PayResponse.parse(paid.body).order;
    expect(await welcomeOf(order.id)).toBe(off);
    expect(await claimOf(m.id)).toMatchObject({ orderId: order.id });
    expect((await bagFor(m.agent, 2)).welcomeDiscountAmount.amount).toBe(0);
  });

  it('is not given to guests or to members who had their welcome gift as credit', async () => {
    const guest = await t.post('/api/v1/cart', { currency: 'SGD', orderItem: { optionId: walk.slugCode, startDate: (await openDeparture(t, walk.slugCode, 1)).date, detailedTimeslotId: (await openDeparture(t, walk.slugCode, 1)).timeslotId, quantity: 1 } });
    expect(CartSchema.parse(guest.body).welcomeDiscountAmount.amount).toBe(0);
    const m = await member({ hadWelcome: true });
    expect((await bagFor(m.agent)).welcomeDiscountAmount.amount).toBe(0);
  });
});

describe('the bag at log-in, and whose bag it is', () => {
  it('a guest’s bag becomes the user’s when they log in with its id; others never read or change it', async () => {
    const dep = await openDeparture(t, walk.slugCode, 1);
    const guest = new Agent(t, '198.51.100.240');
    const created = await guest.post('/api/v1/cart', { currency: 'SGD', orderItem: { optionId: walk.slugCode, startDate: dep.date, detailedTimeslotId: dep.timeslotId, quantity: 1 } });
    const cartId = (created.body as { id: string }).id;
    const m = await member();
    const fresh = new Agent(t, '198.51.100.241');
    const login = await fresh.main('POST', '/users/login', { user: { email: m.email, password: DEV_PASSWORD }, cartId });
    expectStatus(login, 200);
    expect((login.body as { user: { cartId: string | null } }).user.cartId).toBe(cartId);
    const me = await fresh.get('/api/v1/me');
    expect((me.body as { user?: { cartId: string | null }; cartId?: string | null }).user?.cartId ?? (me.body as { cartId: string | null }).cartId).toBe(cartId);

    // Now it is the user's: the guest (and another member) get 404 on every bag call.
    expectStatus(await fresh.get(`/api/v1/cart?cart_id=${cartId}`), 200);
    expectStatus(await guest.get(`/api/v1/cart?cart_id=${cartId}`), 404);
    const other = await member();
    expectStatus(await other.agent.get(`/api/v1/cart?cart_id=${cartId}`), 404);
    expectStatus(await other.agent.patch('/api/v1/cart', { cartId, currency: 'USD' }), 404);
    expectStatus(await other.agent.post('/api/v1/cart/clear', { cartId }), 404);
    expectStatus(await other.agent.post('/api/v1/cart', { cartId, currency: 'SGD', orderItem: { optionId: walk.slugCode, startDate: dep.date, detailedTimeslotId: dep.timeslotId, quantity: 1 } }), 404);
    expectStatus(await other.agent.post('/api/v1/promotion-code-redemptions', { cartId, code: 'WELCOME10' }), 404);
    expectStatus(await other.agent.get(`/api/v1/checkouts/available?cart_id=${cartId}`), 404);
    expectStatus(await payAs(other.agent, { cartId, currency: 'SGD', expectedTotal: { amount: 1, currency: 'SGD' }, contact: { name: 'X Y', email: 'x@example.com' }, customers: [], paymentMethod: 'card' }), 404);
    // Another member's login with this id does not take it over.
    const thief = new Agent(t, '198.51.100.242');
    const stolen = await thief.main('POST', '/users/login', { user: { email: other.email, password: DEV_PASSWORD }, cartId });
    expectStatus(stolen, 200);
    expect((stolen.body as { user: { cartId: string | null } }).user.cartId).not.toBe(cartId);
  });
});

describe('a guest who checked out creates an account with the same e-mail (POST /orders/{id}/claim)', () => {
  it('moves the guest’s booking into the account with the matching e-mail only', async () => {
    const dep = await openDeparture(t, walk.slugCode, 1);
    const created = await t.post('/api/v1/cart', { currency: 'SGD', orderItem: { optionId: walk.slugCode, startDate: dep.date, detailedTimeslotId: dep.timeslotId, quantity: 1 } });
    const cart = CartSchema.parse(created.body);
    const m = await member();
    const tok = await t.post('/api/v1/test-gateway/tokens', { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' });
    const paid = await t.post('/api/v1/checkouts/pay', { ...payBody(cart, { cardToken: (tok.body as { token: string }).token }), contact: { name: 'Mei Ling Tan', email: m.email.toUpperCase() } }, { headers: { 'idempotency-key': randomUUID() } });
    expectStatus(paid, 201);
    const orderId = PayResponse.parse(paid.body).order.id;

    expectStatus(await t.post(`/api/v1/orders/${orderId}/claim`), 401);
    const other = await member();
    const wrong = await other.agent.post(`/api/v1/orders/${orderId}/claim`);
    expectStatus(wrong, 403);
    expectStatus(await m.agent.post('/api/v1/orders/not-an-order/claim'), 404);
    const mine = await m.agent.post(`/api/v1/orders/${orderId}/claim`);
    expectStatus(mine, 200);
    const [row] = await t.db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
    expect(row?.userId).toBe(m.id);
    // Now it is the member's: the guest link and other members no longer read it.
    expectStatus(await t.get(`/api/v1/orders/${orderId}`), 404);
    expectStatus(await other.agent.post(`/api/v1/orders/${orderId}/claim`), 404);
    expectStatus(await m.agent.post(`/api/v1/orders/${orderId}/claim`), 200);
  });
});

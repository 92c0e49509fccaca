// Reconciliation (ADR 0047): what a process killed mid-payment leaves behind, found and fixed.
// Each case is a shape the crash harness (scripts/crash-test.ts) produced with kill -9; here it
// is made on purpose: a pay call whose provider answer never comes back stands for the process
// that died between the charge and its settlement.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartSchema, PayResponse } from '../../../../contract/booking.ts';
import { checkoutPayments, orderItems, orderRefunds, orders, testGatewayPayments } from '../../../db/schema.ts';
import type { PaymentProvider } from '../../../providers/payments/port.ts';
import { createTestGateway } from '../../../providers/payments/test-gateway.ts';
import { expectStatus, instantSgd, openDeparture, slotTaken, type OptionPick } from '../../../testing/booking.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { payCart } from './pay-cart.ts';
import { reconcilePayments } from './reconcile.ts';

let t: TestApp;
let walk: OptionPick;
let gateway: ReturnType<typeof createTestGateway>;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  t = await createTestApp();
  walk = await instantSgd(t.db);
  gateway = createTestGateway(t.db, t.config.payments.testGatewaySecret);
});
afterAll(() => t.close());

const later = (ms: number) => () => new Date(Date.now() + ms);
const deps = (payments: PaymentProvider = gateway, now?: () => Date) => ({ db: t.db, config: t.config, log, payments, user: null, jobs: t.jobs, ...(now ? { now } : {}) });

async function bag() {
  const dep = await openDeparture(t, walk.slugCode, 2);
  const r = await t.post('/api/v1/cart', { currency: 'SGD', orderItem: { optionId: walk.slugCode, startDate: dep.date, detailedTimeslotId: dep.timeslotId, quantity: 1 } });
  expectStatus(r, 201);
  const cart = CartSchema.parse(r.body);
  const token = gateway.tokenize({ number: '4242424242424242', expMonth: 12, expYear: 2031, cvc: '123' }).token;
  return {
    cart,
    dep,
    body: {
      cartId: cart.id,
      currency: 'SGD',
      expectedTotal: cart.exchangedTotalAmountWithConversionFee,
      contact: { name: 'Crash Test', email: 'crash@example.com' },
      customers: [{ fullName: 'Crash Test Guest', dateOfBirth: '1990-01-01', nationality: 'Singaporean', passportNumber: 'K1234567A' }],
      paymentMethod: 'card' as const,
      paymentTiming: 'checkout' as const,
      cardToken: token,
    },
  };
}

const taken = async (dep: { date: string; timeslotId: string }) => (await slotTaken(t.db, walk.id, dep.date, dep.timeslotId.slice(11)))?.taken ?? 0;

/** A gateway that charges (when `charge`) and then never answers: the process died with the call in flight. */
function dyingGateway(charge: boolean): PaymentProvider & { charged: Promise<void> } {
  let done!: () => void;
  const charged = new Promise<void>((r) => (done = r));
  return {
    ...gateway,
    charged,
    async chargeCard(input) {
      if (charge) await gateway.chargeCard(input);
      done();
      return new Promise(() => {});
    },
  };
}

/** Starts a pay call that dies in the provider call; answers its order once the order exists. */
async function killedPay(charge: boolean) {
  const b = await bag();
  const dying = dyingGateway(charge);
  void payCart(deps(dying), b.body as never, randomUUID());
  await dying.charged;
  const [order] = await t.db.select().from(orders).where(eq(orders.cartId, b.cart.id));
  expect(order?.status).toBe('pending_payment');
  return { ...b, order: order! };
}

describe('reconciliation after a process died mid-payment', () => {
  it('a charge captured at the gateway whose order never learnt of it: the order is marked paid', async () => {
    const { order, dep } = await killedPay(true);
    const before = await taken(dep);
    // Not judged while its request may still be running.
    expect((await reconcilePayments(deps(), { graceMs: 120_000 })).fixed).toEqual({});
    const report = await reconcilePayments(deps(gateway, later(3 * 60_000)), { graceMs: 120_000 });
    expect(report.fixed).toEqual({ charge_settled: 1 });
    const [placed] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(placed).toMatchObject({ status: 'placed' });
    const [payment] = await t.db.select().from(checkoutPayments).where(eq(checkoutPayments.orderId, order.id));
    expect(payment?.status).toBe('captured');
    expect(payment?.providerRef).toMatch(/^pi_test_/);
    expect(await taken(dep)).toBe(before);
    // A second run finds nothing to do.
    expect((await reconcilePayments(deps(gateway, later(3 * 60_000)), { graceMs: 120_000 })).fixed).toEqual({});
  });

  it('a charge whose order the sweeper already released: the money is refunded', async () => {
    const { order, dep } = await killedPay(true);
    const before = await taken(dep);
    const report = await reconcilePayments(deps(gateway, later(16 * 60_000)), { graceMs: 120_000 });
    expect(report.fixed).toMatchObject({ hold_expired: 1, charge_refunded_order_released: 1 });
    const [o] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(o?.status).toBe('expired');
    const [gw] = await t.db.select().from(testGatewayPayments).where(eq(testGatewayPayments.orderId, order.id));
    expect(gw?.status).toBe('refunded');
    expect(await taken(dep)).toBe(before - 1);
  });

  it('an order whose process died before charging: its seats are released long before the 15-minute hold', async () => {
    const { order, dep } = await killedPay(false);
    const before = await taken(dep);
    const report = await reconcilePayments(deps(gateway, later(3 * 60_000)), { graceMs: 120_000 });
    expect(report.fixed).toEqual({ interrupted_order_released: 1 });
    const [o] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(o?.status).toBe('failed');
    expect(await taken(dep)).toBe(before - 1);
    // The bag can be paid again (the item went back to it).
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.cartId, order.cartId!));
    expect(item?.orderId).toBeNull();
  });

  it('a charge for no order of ours is refunded', async () => {
    const token = gateway.tokenize({ number: '4242424242424242', expMonth: 12, expYear: 2031, cvc: '123' }).token;
    const stray = await gateway.chargeCard({ amount: 1234, currency: 'SGD', idempotencyKey: `stray:${randomUUID()}`, orderId: 'no-such-order', description: 'x', email: 'x@example.com', returnUrl: 'http://localhost/', reference: 'X', cardToken: token });
    expect(stray.state).toBe('succeeded');
    const report = await reconcilePayments(deps(gateway, later(3 * 60_000)), { graceMs: 120_000 });
    expect(report.fixed).toEqual({ orphan_charge_refunded: 1 });
    const [gw] = await t.db.select().from(testGatewayPayments).where(eq(testGatewayPayments.id, stray.ref));
    expect(gw?.status).toBe('refunded');
  });

  it('the test gateway lists what each charge got back, partial refunds included (reconciliation compares it with ours)', async () => {
    const token = gateway.tokenize({ number: '4242424242424242', expMonth: 12, expYear: 2031, cvc: '123' }).token;
    const c = await gateway.chargeCard({ amount: 5000, currency: 'SGD', idempotencyKey: `list:${randomUUID()}`, orderId: 'list-test', description: 'x', email: 'x@example.com', returnUrl: 'http://localhost/', reference: 'X', cardToken: token });
    const listed = async () => (await gateway.listPayments({ since: new Date(Date.now() - 60_000), until: new Date(Date.now() + 60_000) })).find((p) => p.ref === c.ref);
    // Two partial refunds: the sum of its refunds, the charge still succeeded (it read 0 before).
    await gateway.refund(c.ref, { amount: 1200, idempotencyKey: `list:a:${c.ref}` });
    await gateway.refund(c.ref, { amount: 800, idempotencyKey: `list:b:${c.ref}` });
    await gateway.refund(c.ref, { amount: 800, idempotencyKey: `list:b:${c.ref}` }); // a retry: once
    expect(await listed()).toMatchObject({ state: 'succeeded', amount: 5000, refunded: 2000 });
    // Never more than what is left; the rest refunds it in full.
    await expect(gateway.refund(c.ref, { amount: 3001, idempotencyKey: `list:c:${c.ref}` })).rejects.toThrow(/exceeds the 3000 left/);
    await gateway.refund(c.ref, { amount: 3000, idempotencyKey: `list:d:${c.ref}` });
    expect(await listed()).toMatchObject({ state: 'refunded', refunded: 5000 });
  });

  it('a refund made at the gateway whose cancellation was never recorded: the cancellation is finished', async () => {
    const b = await bag();
    const r = await t.post('/api/v1/checkouts/pay', b.body, { headers: { 'idempotency-key': randomUUID() } });
    expectStatus(r, 201);
    const paid = PayResponse.parse(r.body);
    const before = await taken(b.dep);
    const [payment] = await t.db.select().from(checkoutPayments).where(eq(checkoutPayments.orderId, paid.order.id));
    // The cancel call refunded at the provider, then its process was killed before its transaction.
    await gateway.refund(payment!.providerRef!, { amount: payment!.amount, idempotencyKey: `trip:cancel:x:${payment!.id}:${payment!.amount}` });
    const report = await reconcilePayments(deps(gateway, later(3 * 60_000)), { graceMs: 120_000 });
    expect(report.fixed).toEqual({ cancellation_finished: 1 });
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, paid.order.id));
    expect(item).toMatchObject({ status: 'cancelled', unitsHeld: 0 });
    const refunds = await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, paid.order.id));
    expect(refunds.map((x) => x.amount)).toEqual([payment!.amount]);
    expect(await taken(b.dep)).toBe(before - 1);
    expect((await reconcilePayments(deps(gateway, later(3 * 60_000)), { graceMs: 120_000 })).fixed).toEqual({});
  });
});

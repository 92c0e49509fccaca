import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartSchema, type Cart } from '../../../contract/booking.ts';
import { carts, options } from '../../db/schema.ts';
import { expectStatus, instantSgd, openDeparture, setSlot, type OptionPick } from '../../testing/booking.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let walk: OptionPick;
let dep: { date: string; timeslotId: string };
let prices: { adult: number; child: number };

beforeAll(async () => {
  t = await createTestApp();
  walk = await instantSgd(t.db);
  dep = await openDeparture(t, walk.slugCode, 4);
  const [o] = await t.db.select().from(options).where(eq(options.id, walk.id));
  prices = { adult: o!.adultPrice!, child: o!.childPrice! };
});
afterAll(() => t.close());

const cents = (m: { amount: number }) => Math.round(m.amount * 100);

function parseCart(answer: { status: number; raw: unknown; body: unknown }, status = 200): Cart {
  expectStatus(answer, status);
  const parsed = CartSchema.safeParse(answer.body);
  if (!parsed.success) expect.fail(JSON.stringify(parsed.error.issues.slice(0, 4)));
  return parsed.data;
}

const item = (over: Record<string, unknown> = {}) => ({
  optionId: walk.slugCode,
  startDate: dep.date,
  detailedTimeslotId: dep.timeslotId,
  quantity: 2,
  childQuantity: 1,
  ...over,
});

async function newCart(over: Record<string, unknown> = {}, currency = 'SGD'): Promise<Cart> {
  return parseCart(await t.post('/api/v1/cart', { currency, orderItem: item(over) }), 201);
}

describe('POST /cart', () => {
  it('creates a bag with the one item, priced by the server', async () => {
    const cart = await newCart();
    expect(cart.id).toMatch(/^[\w-]{22}$/);
    expect(cart.orderItemId).toBe(cart.orderItem?.id);
    expect(cart.orderItem).toMatchObject({ startDate: dep.date, quantity: 2, childQuantity: 1, totalQuantity: 3, detailedTimeslotId: dep.timeslotId, status: null, order: null });
    expect(cart.orderItem?.option.slugCode).toBe(walk.slugCode);
    const subtotal = 2 * prices.adult + prices.child;
    expect(cents(cart.subtotalAmount)).toBe(subtotal);
    expect(cents(cart.totalAmount)).toBe(subtotal);
    expect(cart.exchangedTotalAmountWithConversionFee).toEqual(cart.totalAmount);
    expect(cart.exchange.feeApplied).toBe(false);
    expect(cart.totalCrossOutPrice).toBeNull();
    expect(cart.promotionCode).toBeNull();
    expect(cart.minimumAmount).toEqual({ amount: 10, currency: 'SGD' });
  });

  it('replaces the item of an existing bag (one item at most)', async () => {
    const cart = await newCart();
    const again = parseCart(await t.post('/api/v1/cart', { cartId: cart.id, orderItem: item({ quantity: 1, childQuantity: 0 }) }));
    expect(again.id).toBe(cart.id);
    expect(again.orderItemId).not.toBe(cart.orderItemId);
    expect(cents(again.subtotalAmount)).toBe(prices.adult);
  });

  it.each([
    [{ quantity: -1 }, 422, 'order_item.quantity'],
    [{ quantity: 1.5 }, 422, 'order_item.quantity'],
    [{ quantity: 0, childQuantity: 0 }, 422, 'quantity'],
    [{ startDate: '2020-01-01' }, 422, 'start_date'],
    [{ detailedTimeslotId: '2020-01-01T08:00' }, 422, 'detailed_timeslot_id'],
    [{ startDate: 'tomorrow' }, 422, 'order_item.start_date'],
  ])('refuses %j', async (over, status, field) => {
    const r = await t.post('/api/v1/cart', { orderItem: item(over) });
    expectStatus(r, status);
    expect(Object.keys((r.raw as { fields: object }).fields)).toContain(field);
  });

  it('answers not_found and sold out', async () => {
    const missing = await t.post('/api/v1/cart', { orderItem: item({ optionId: 'no-such-option' }) });
    expectStatus(missing, 404);
    expect(missing.raw).toMatchObject({ reason: 'not_found' });

    // Another departure than the one the other tests book (filling that one would sell them out).
    const other = await openDeparture(t, walk.slugCode, 1, { except: dep.date });
    const slot = other.timeslotId.slice(11);
    const date = other.date;
    await setSlot(t.db, walk.id, date, slot, 8, 7);
    const full = await t.post('/api/v1/cart', { orderItem: item({ startDate: date, detailedTimeslotId: `${date}T${slot}` }) });
    expectStatus(full, 409);
    expect(full.raw).toMatchObject({ error: 'Sorry, only 1 place is left on this date.', reason: 'no_availability', code: 'sold_out', units_left: 1 });
  });

  it('refuses an unknown bag and a request without the storefront key', async () => {
    expectStatus(await t.post('/api/v1/cart', { cartId: 'not-a-real-cart-id-000', orderItem: item() }), 404);
    expectStatus(await t.post('/api/v1/cart', { orderItem: item() }, { auth: false }), 401);
  });
});

describe('GET /cart', () => {
  it('shows the bag in the chosen currency with the 2 % fee, every amount consistent', async () => {
    const cart = await newCart();
    const usd = parseCart(await t.get(`/api/v1/cart?cart_id=${cart.id}&view=with_order_item&currency=USD`));
    expect(usd.currency).toBe('USD');
    expect(usd.exchange).toMatchObject({ from: 'SGD', to: 'USD', feeApplied: true, feeMultiplier: 1.02 });
    expect(usd.exchangedSubtotalAmountWithConversionFee.currency).toBe('USD');
    const lines = usd.exchanged.lines.reduce((a, l) => a + cents(l.amount), 0);
    expect(cents(usd.exchangedSubtotalAmountWithConversionFee)).toBe(lines);
    expect(cents(usd.exchangedTotalAmountWithConversionFee)).toBe(lines);
    expect(cents(usd.exchanged.conversionFee)).toBeGreaterThan(0);
    expect(usd.subtotalAmount).toEqual(cart.subtotalAmount); // base amounts do not move
    // A read does not change the bag's currency; PATCH does.
    expect(parseCart(await t.get(`/api/v1/cart?cart_id=${cart.id}`)).currency).toBe('SGD');
    const patched = parseCart(await t.call('PATCH', '/api/v1/cart', { body: { cartId: cart.id, currency: 'JPY' } }));
    expect(patched.currency).toBe('JPY');
    expect(Number.isInteger(patched.exchangedTotalAmountWithConversionFee.amount)).toBe(true);
    const [row] = await t.db.select().from(carts).where(eq(carts.id, cart.id));
    expect(row?.currency).toBe('JPY');
  });

  it('omits the item without view=with_order_item', async () => {
    const cart = await newCart();
    const plain = parseCart(await t.get(`/api/v1/cart?cart_id=${cart.id}`));
    expect(plain.orderItemId).toBe(cart.orderItemId);
    expect(plain.orderItem).toBeUndefined();
  });

  it('refuses unknown bags and currencies', async () => {
    const cart = await newCart();
    expectStatus(await t.get('/api/v1/cart?cart_id=nope'), 404);
    expectStatus(await t.get('/api/v1/cart'), 422);
    const bad = await t.get(`/api/v1/cart?cart_id=${cart.id}&currency=XYZ`);
    expectStatus(bad, 422);
    expect(bad.raw).toMatchObject({ error: 'Encounter unsupported currency: XYZ is not supported' });
    expectStatus(await t.call('PATCH', '/api/v1/cart', { body: { cartId: cart.id, currency: 'XYZ' } }), 422);
    expectStatus(await t.call('PATCH', '/api/v1/cart', { body: { cartId: 'nope', currency: 'USD' } }), 404);
  });
});

describe('POST /cart/clear', () => {
  it('empties the bag', async () => {
    const cart = await newCart();
    await t.post('/api/v1/promotion-code-redemptions', { cartId: cart.id, code: 'WELCOME10' });
    const cleared = parseCart(await t.post('/api/v1/cart/clear', { cartId: cart.id }));
    expect(cleared.orderItemId).toBeNull();
    expect(cleared.promotionCode).toBeNull();
    expect(cleared.totalAmount.amount).toBe(0);
    expectStatus(await t.post('/api/v1/cart/clear', { cartId: 'nope' }), 404);
  });
});

describe('promotion codes on the bag', () => {
  it('applies a percent code: subtotal struck through, total reduced, then removed', async () => {
    const cart = await newCart({}, 'USD');
    const applied = parseCart(await t.post('/api/v1/promotion-code-redemptions', { cartId: cart.id, code: 'welcome10' }), 201);
    expect(applied.promotionCode).toMatchObject({ code: 'WELCOME10', discountType: 'percent', percentOff: 10, problem: null });
    const subtotal = 2 * prices.adult + prices.child;
    expect(cents(applied.promoCodeDiscountAmount)).toBe(Math.round(subtotal / 10));
    expect(applied.universalPromoCodeDiscountAmount).toEqual(applied.promoCodeDiscountAmount); // SGD option
    expect(applied.totalCrossOutPrice).toEqual(applied.exchangedSubtotalAmountWithConversionFee);
    expect(cents(applied.exchangedTotalAmountWithConversionFee)).toBe(cents(applied.exchangedSubtotalAmountWithConversionFee) - cents(applied.exchangedPromoCodeDiscountAmount));
    expect(applied.exchangedPromoCodeDiscountAmount.currency).toBe('USD');

    const removed = parseCart(await t.call('DELETE', `/api/v1/promotion-code-redemptions/${applied.promotionCode!.redemptionId}`));
    expect(removed.promotionCode).toBeNull();
    expect(removed.totalCrossOutPrice).toBeNull();
    expectStatus(await t.call('DELETE', `/api/v1/promotion-code-redemptions/${applied.promotionCode!.redemptionId}`), 404);
  });

  it.each([
    ['NOPE2026', 'This promotion code does not exist'],
    ['EARTHDAY25', 'This promotion code has expired'],
    ['GREENSEASON', 'Spend at least S$150 to use this promotion code'],
    ['MONSOONMY', 'This promotion code is for bookings paid in MYR'],
  ])('refuses %s with "%s"', async (code, message) => {
    const cart = await newCart({ quantity: 1, childQuantity: 0 });
    const r = await t.post('/api/v1/promotion-code-redemptions', { cartId: cart.id, code });
    expectStatus(r, 422);
    expect(r.raw).toEqual({ error: message, fields: { code: message } });
  });

  it('refuses a code on an empty or unknown bag', async () => {
    const cart = await newCart();
    await t.post('/api/v1/cart/clear', { cartId: cart.id });
    expectStatus(await t.post('/api/v1/promotion-code-redemptions', { cartId: cart.id, code: 'WELCOME10' }), 422);
    expectStatus(await t.post('/api/v1/promotion-code-redemptions', { cartId: 'nope', code: 'WELCOME10' }), 404);
    expectStatus(await t.post('/api/v1/promotion-code-redemptions', { cartId: cart.id, code: '' }), 422);
  });

  it('checks a code without applying it (POST /promotion-codes)', async () => {
    const ok = await t.post('/api/v1/promotion-codes', { code: 'friends15' });
    expectStatus(ok, 200);
    expect(ok.body).toMatchObject({ promotionCode: { code: 'FRIENDS15', percentOff: 15 }, usable: true });
    const ended = await t.post('/api/v1/promotion-codes', { code: 'EARTHDAY25' });
    expect(ended.body).toMatchObject({ usable: false });
    expectStatus(await t.post('/api/v1/promotion-codes', { code: 'NOPE' }), 422);
  });
});

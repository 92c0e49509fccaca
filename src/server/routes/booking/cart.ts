// The bag: GET/POST/PATCH /cart, POST /cart/clear, and promotion codes on it
// (POST /promotion-codes checks a code, POST /promotion-code-redemptions applies it,
// DELETE /promotion-code-redemptions/{id} takes it off).
import { Hono } from 'hono';
import { z } from 'zod';
import { CartQuery, CheckPromotionCodeBody, ClearCartBody, CreateCartBody, GiftCodeOnCartParams, RedeemGiftCodeBody, RedeemPromotionCodeBody, UpdateCartBody, type UsableGiftCode } from '../../../contract/booking.ts';
import type { AppEnv } from '../../context.ts';
import { readBody, readParams, readQuery, reply } from '../../http.ts';
import { currentBookingUser, usableGiftCodes } from '../../services/booking/account-seam.ts';
import { wire } from '../../services/booking/views.ts';
import { unitOf } from '../../services/booking/catalog.ts';
import { HttpError } from '../../http.ts';
import { applyGiftCode, applyPromotionCode, cartView, clearCartItems, findPromotionCode, putCartItem, removeGiftCodeFromCart, removePromotionCode, unknownCode, updateCart } from '../../services/booking/cart.ts';
import { loadMoneyContext } from '../../services/booking/catalog.ts';
import { promotionUsableAt } from '../../../lib/promotions.ts';
import { promotionRuleOf } from '../../services/booking/quote.ts';
import { toPromotionCode } from '../catalogue/promotion-codes.ts';

const RedemptionParams = z.object({ id: z.string().min(1).max(64) });

export function cartRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/cart', async (c) => {
    const q = readQuery(c, CartQuery);
    const user = await currentBookingUser(c, { payCall: false });
    return reply(c, await cartView(c.var.db, q.cartId, { currency: q.currency, withItem: q.view === 'with_order_item', user }));
  });

  app.post('/cart', async (c) => {
    const body = await readBody(c, CreateCartBody);
    const user = await currentBookingUser(c, { payCall: false });
    const cartId = await putCartItem(c.var.db, body, user);
    return reply(c, await cartView(c.var.db, cartId, { currency: body.currency, withItem: true, user }), body.cartId ? 200 : 201);
  });

  app.patch('/cart', async (c) => {
    const body = await readBody(c, UpdateCartBody);
    const user = await currentBookingUser(c, { payCall: false });
    await updateCart(c.var.db, body.cartId, body, user);
    return reply(c, await cartView(c.var.db, body.cartId, { withItem: true, user }));
  });

  app.post('/cart/clear', async (c) => {
    const body = await readBody(c, ClearCartBody);
    const user = await currentBookingUser(c, { payCall: false });
    await clearCartItems(c.var.db, body.cartId, user);
    return reply(c, await cartView(c.var.db, body.cartId, { withItem: true, user }));
  });

  app.post('/promotion-codes', async (c) => {
    const body = await readBody(c, CheckPromotionCodeBody);
    const row = await findPromotionCode(c.var.db, body.code);
    if (!row) throw unknownCode();
    const m = await loadMoneyContext(c.var.db);
    const refused = promotionUsableAt(promotionRuleOf(row, m), new Date());
    const exponents = new Map([...m.units].map(([k, u]) => [k, u.exponent]));
    return reply(c, { promotionCode: toPromotionCode(row, exponents), usable: refused === null });
  });

  app.post('/promotion-code-redemptions', async (c) => {
    const body = await readBody(c, RedeemPromotionCodeBody);
    const user = await currentBookingUser(c, { payCall: false });
    await applyPromotionCode(c.var.db, body.cartId, body.code, user);
    return reply(c, await cartView(c.var.db, body.cartId, { withItem: true, user }), 201);
  });

  app.delete('/promotion-code-redemptions/:id', async (c) => {
    const { id } = readParams(c, RedemptionParams);
    const user = await currentBookingUser(c, { payCall: false });
    const cartId = await removePromotionCode(c.var.db, id, user);
    return reply(c, await cartView(c.var.db, cartId, { withItem: true, user }));
  });

  /** The gift codes the signed-in user could apply to a bag (spec GET /gift-card-redemptions). */
  app.get('/gift-card-redemptions', async (c) => {
    const user = await currentBookingUser(c, { payCall: false });
    if (!user) throw new HttpError(401, 'Log in to use your gift codes', { body: { code: 'login_required' } });
    const m = await loadMoneyContext(c.var.db);
    const rows = await usableGiftCodes(c.var.db, user.id);
    const giftCodes: UsableGiftCode[] = rows
      .filter((r) => m.units.has(r.currency))
      .map((r) => ({ id: r.id, code: r.code, amount: wire(r.amount, unitOf(m, r.currency)), expiresAt: r.expiresAt.toISOString(), senderName: r.senderName }));
    return reply(c, { giftCodes });
  });

  /** Applies a gift code to the bag (spec POST /gift-card-redemptions); answers the repriced bag. */
  app.post('/gift-card-redemptions', async (c) => {
    const body = await readBody(c, RedeemGiftCodeBody);
    const user = await currentBookingUser(c, { payCall: false });
    await applyGiftCode(c.var.db, body.cartId, body.code, user);
    return reply(c, await cartView(c.var.db, body.cartId, { withItem: true, user }), 201);
  });

  app.delete('/gift-card-redemptions/:cartId', async (c) => {
    const { cartId } = readParams(c, GiftCodeOnCartParams);
    const user = await currentBookingUser(c, { payCall: false });
    await removeGiftCodeFromCart(c.var.db, cartId, user);
    return reply(c, await cartView(c.var.db, cartId, { withItem: true, user }));
  });

  return app;
}

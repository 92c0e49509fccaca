// Corporate experiences (ADR 0040): the event page's data, an employee's company code on their
// bag, and the back-office's events and codes (behind requireAdmin, mounted under /admin).
import { Hono } from 'hono';
import { CorporateCodeParams, CorporateEventParams, CorporateRedeemBody, CorporateRedemptionParams, CreateCorporateCodeBody, CreateCorporateEventBody } from '../../contract/corporate.ts';
import type { AppEnv } from '../context.ts';
import { HttpError, readBody, readParams, reply } from '../http.ts';
import { currentBookingUser } from '../services/booking/account-seam.ts';
import { cartView } from '../services/booking/cart.ts';
import { adminCorporateEvents, corporateEventView, createCorporateCode, createCorporateEvent, eventOfCode, redeemCorporateCode, removeCorporateRedemption } from '../services/corporate.ts';

const loginFirst = () => new HttpError(401, 'Log in with your work e-mail to use your company code', { body: { code: 'login_required' } });

export function corporateRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/corporate-events/:id', async (c) => {
    const { id } = readParams(c, CorporateEventParams);
    return reply(c, await corporateEventView(c.var.db, id));
  });

  app.get('/corporate-codes/:code', async (c) => {
    const { code } = readParams(c, CorporateCodeParams);
    return reply(c, await eventOfCode(c.var.db, code));
  });

  /** Applies the company's code to the employee's bag; answers the repriced bag (the company pays it all). */
  app.post('/promotion-code-redemptions/corporate-redeem', async (c) => {
    const user = await currentBookingUser(c, { payCall: false });
    if (!user) throw loginFirst();
    const body = await readBody(c, CorporateRedeemBody);
    await redeemCorporateCode(c.var.db, body.cartId, body.code, user);
    return reply(c, await cartView(c.var.db, body.cartId, { withItem: true, user }), 201);
  });

  app.delete('/corporate-redemptions/:id', async (c) => {
    const { id } = readParams(c, CorporateRedemptionParams);
    const user = await currentBookingUser(c, { payCall: false });
    if (!user) throw loginFirst();
    const cartId = await removeCorporateRedemption(c.var.db, id, user);
    return reply(c, await cartView(c.var.db, cartId, { withItem: true, user }));
  });

  app.get('/admin/corporate-events', async (c) => reply(c, { corporateEvents: await adminCorporateEvents(c.var.db, c.var.config.siteUrl) }));

  app.post('/admin/corporate-events', async (c) => {
    const body = await readBody(c, CreateCorporateEventBody);
    const id = await createCorporateEvent(c.var.db, body);
    const [event] = (await adminCorporateEvents(c.var.db, c.var.config.siteUrl)).filter((e) => e.id === id);
    return reply(c, event, 201);
  });

  app.post('/admin/corporate-events/:id/codes', async (c) => {
    const { id } = readParams(c, CorporateEventParams);
    const body = await readBody(c, CreateCorporateCodeBody);
    return reply(c, await createCorporateCode(c.var.db, id, body), 201);
  });

  return app;
}

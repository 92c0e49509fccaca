// Gift codes a user holds: GET /gift_codes, GET /gift_codes/{id}, POST /gift_codes (add a code
// to your account), POST /gift_codes/{id}/redeem (into credit), POST /gift_codes/{id}/remove.
// Someone else's code answers 404, exactly like a code that does not exist.
import { Hono } from 'hono';
import { z } from 'zod';
import { AddGiftCodeBody } from '../../contract/accounts.ts';
import type { AppEnv } from '../context.ts';
import { HttpError, notFound, readBody, readParams, reply } from '../http.ts';
import { currentUser, requireUser } from '../session.ts';
import { claimGiftCode, creditTargetOf, giftCodeView, heldGiftCode, heldGiftCodes, redeemGiftCode, removeGiftCode } from '../services/gift-codes.ts';
import { exponentOf } from '../services/referrals.ts';
import { rateLimit } from '../middleware.ts';

const Id = z.object({ id: z.string().regex(/^[\w-]{8,64}$/) });

export function giftCodeRoutes() {
  const r = new Hono<AppEnv>();
  r.use('/gift_codes', requireUser);
  r.use('/gift_codes/*', requireUser);

  r.get('/gift_codes', async (c) => {
    const me = currentUser(c);
    const [rows, target] = await Promise.all([heldGiftCodes(c.var.db, me.id), creditTargetOf(c.var.db, me.id)]);
    return reply(c, { giftCodes: await Promise.all(rows.map((row) => giftCodeView(c.var.db, row, target))) });
  });

  r.get('/gift_codes/:id', async (c) => {
    const { id } = readParams(c, Id);
    const me = currentUser(c);
    const row = await heldGiftCode(c.var.db, id, me.id);
    if (!row) throw notFound('Gift code');
    return reply(c, await giftCodeView(c.var.db, row, await creditTargetOf(c.var.db, me.id)));
  });

  // Guessing codes is the risk here: a tight per-IP budget.
  r.post('/gift_codes', rateLimit({ bucket: 'gift-code-claim', limit: (c) => Math.max(10, Math.floor(c.var.config.rateLimitPerMinute / 30)) }), async (c) => {
    const body = await readBody(c, AddGiftCodeBody);
    const me = currentUser(c);
    const result = await claimGiftCode(c.var.db, me.id, body.code);
    if (!result.ok) throw new HttpError(422, result.error, { fields: { code: result.error } });
    // The answer joins the list as it is: converted into the credit currency like the list's.
    return reply(c, await giftCodeView(c.var.db, result.row, await creditTargetOf(c.var.db, me.id)), 201);
  });

  r.post('/gift_codes/:id/redeem', async (c) => {
    const { id } = readParams(c, Id);
    const result = await redeemGiftCode(c.var.db, id, currentUser(c).id);
    if (!result.ok) throw new HttpError(result.status, result.error);
    const exp = await exponentOf(c.var.db, result.row.currency);
    return reply(c, { giftCode: await giftCodeView(c.var.db, result.row), balance: { amount: result.balance / 10 ** exp, currency: result.row.currency } });
  });

  r.post('/gift_codes/:id/remove', async (c) => {
    const { id } = readParams(c, Id);
    const result = await removeGiftCode(c.var.db, id, currentUser(c).id);
    if (!result.ok) throw new HttpError(result.status, result.error);
    return reply(c, { removed: true });
  });

  return r;
}

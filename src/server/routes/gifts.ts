// Gifts (spec §7): GET /gift-cards and /gift-cards/{id} (the designs, with the currency's common
// amounts), POST /gifts (buy a gift card or gift experience: answers the order to pay with the
// normal pay call), GET /gifts and /gifts/{id} (the gifts I bought). The printable card
// (/gift-cards/print/{id}) and the admin previews are pages on the main host: giftPageRoutes.
import { and, desc, eq, ne } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { CreateGiftBody, RedeemGiftExperienceBody } from '../../contract/gifts.ts';
import { CurrencyCode } from '../../contract/common.ts';
import { GIFT_DESIGNS, giftDesign } from '../../lib/gift-designs.ts';
import type { AppEnv } from '../context.ts';
import { gifts } from '../db/schema.ts';
import { HttpError, notFound, readBody, readParams, readQuery, reply } from '../http.ts';
import { currentUser, requireUser, sessionMiddleware } from '../session.ts';
import { loadMoneyContext } from '../services/booking/catalog.ts';
import { orderView } from '../services/booking/checkout.ts';
import { giftExperienceCode, redeemGiftExperience } from '../services/gifts/experience.ts';
import { createGift, giftCardLimits } from '../services/gifts/purchase.ts';
import { rateLimit } from '../middleware.ts';
import { giftForMail, giftView } from '../services/gifts/gift-view.ts';
import { giftEmail, printableCard, printKeyMatches } from '../services/gifts/mail.ts';

const Id = z.object({ id: z.string().regex(/^[\w-]{8,64}$/) });

export function giftRoutes() {
  const r = new Hono<AppEnv>();

  r.get('/gift-cards', async (c) => {
    const { currency } = readQuery(c, z.object({ currency: CurrencyCode.default('SGD') }));
    const { common, limits } = await giftCardLimits(c.var.db, currency);
    return reply(c, { giftCards: GIFT_DESIGNS, commonGiftAmounts: common, limits, currency });
  });

  r.get('/gift-cards/:id', (c) => {
    const { id } = readParams(c, z.object({ id: z.string().max(40) }));
    const design = giftDesign(id);
    if (!design) throw notFound('Gift card');
    return reply(c, design);
  });

  r.use('/gifts', requireUser);
  r.use('/gifts/*', requireUser);

  r.post('/gifts', async (c) => {
    const body = await readBody(c, CreateGiftBody);
    const me = currentUser(c);
    const { gift, order } = await createGift(c.var.db, { id: me.id, email: me.email, name: me.name }, body, new Date());
    const m = await loadMoneyContext(c.var.db);
    return reply(c, { gift: await giftView(c.var.db, gift, m), order: await orderView(c.var.db, order.id, m) }, 201);
  });

  r.get('/gifts', async (c) => {
    const rows = await c.var.db
      .select()
      .from(gifts)
      .where(and(eq(gifts.buyerUserId, currentUser(c).id), ne(gifts.status, 'pending_payment'), ne(gifts.status, 'cancelled')))
      .orderBy(desc(gifts.createdAt));
    const m = await loadMoneyContext(c.var.db);
    return reply(c, { gifts: await Promise.all(rows.map((g) => giftView(c.var.db, g, m))) });
  });

  r.get('/gifts/:id', async (c) => {
    const { id } = readParams(c, Id);
    const [g] = await c.var.db.select().from(gifts).where(and(eq(gifts.id, id), eq(gifts.buyerUserId, currentUser(c).id)));
    if (!g) throw notFound('Gift');
    return reply(c, await giftView(c.var.db, g, await loadMoneyContext(c.var.db)));
  });

  // Gift experiences: what a code gives, and redeeming it for a date. Guessing codes is the
  // risk: a tight per-IP budget, like adding a gift code.
  const guard = rateLimit({ bucket: 'gift-experience-code', limit: (c) => Math.max(10, Math.floor(c.var.config.rateLimitPerMinute / 30)) });
  r.get('/gift-experience-codes/:code', requireUser, guard, async (c) => {
    const { code } = readParams(c, z.object({ code: z.string().min(1).max(40) }));
    return reply(c, await giftExperienceCode(c.var.db, code));
  });
  r.post('/redeem_gift_experiences', requireUser, guard, async (c) => {
    const body = await readBody(c, RedeemGiftExperienceBody);
    const me = currentUser(c);
    return reply(c, await redeemGiftExperience(c.var.db, { id: me.id, name: me.name, email: me.email }, body), 201);
  });

  return r;
}

const SAMPLE = {
  senderName: 'Maya',
  recipientName: 'Tess',
  message: 'Happy birthday! Go and find those hornbills.',
  expiresOn: '2029-11-26',
};

/** Main-host pages: the printable card of a sent gift, and the admins' previews. */
export function giftPageRoutes() {
  const r = new Hono<AppEnv>();
  const html = (body: string, status: 200 | 404 = 200) =>
    new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-robots-tag': 'noindex', 'referrer-policy': 'no-referrer' } });

  // The link carries a key only the recipient's e-mail has (the buyer knows the gift's id).
  r.get('/gift-cards/print/:id', async (c) => {
    const parsed = Id.safeParse(c.req.param());
    const keyed = parsed.success && printKeyMatches(c.var.config.secretKey, parsed.data.id, c.req.query('key') ?? '');
    const [g] = keyed ? await c.var.db.select().from(gifts).where(eq(gifts.id, parsed.data.id)) : [];
    const data = g && g.sentAt ? await giftForMail(c.var.db, g) : null;
    if (!data) return html('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Gift card not found</title></head><body><main><h1>Gift card not found</h1><p>Check the link in your e-mail.</p></main></body></html>', 404);
    return html(printableCard(data));
  });

  r.get('/admin/previews/:kind', sessionMiddleware, async (c) => {
    const user = c.var.user;
    if (!user?.isAdmin) throw new HttpError(404, 'Not found');
    const kind = c.req.param('kind');
    if (kind !== 'gift-card' && kind !== 'gift-experience') throw new HttpError(404, 'Not found');
    const format = c.req.query('format');
    const sample = {
      id: 'preview',
      kind: kind === 'gift-card' ? ('card' as const) : ('experience' as const),
      value: kind === 'gift-card' ? 'S$100.00' : 'S$180.00',
      code: kind === 'gift-card' ? 'GC-SAMPL-E0000-00000-00000' : 'GX-SAMPL-E0000-00000-00000',
      design: c.req.query('design') ?? 'canopy',
      experienceName: kind === 'gift-card' ? null : 'Sunrise kayak through the Ubin mangroves',
      guests: 2,
      ...SAMPLE,
    };
    if (format === 'email') {
      const mail = giftEmail(sample, { url: c.var.config.siteUrl, secret: c.var.config.secretKey });
      const esc = (s: string) => s.replace(/[&<>]/g, (x) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[x] as string);
      return html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Preview: ${esc(mail.subject)}</title></head><body><main><h1>${esc(mail.subject)}</h1><pre style="white-space:pre-wrap;font:16px/1.5 system-ui,sans-serif">${esc(mail.text)}</pre></main></body></html>`);
    }
    return html(printableCard(sample, { preview: true }));
  });
  return r;
}

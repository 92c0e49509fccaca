// /a/{id}: records an affiliate click, sets the attribution cookie and redirects to the target.
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import type { AppEnv } from '../context.ts';
import { affiliateClicks, affiliateLinks } from '../db/schema.ts';
import { AFFILIATE_COOKIE, affiliateCookieValue } from '../services/affiliate-commissions.ts';

export { AFFILIATE_COOKIE };

export function mountAffiliateLinks(app: Hono<AppEnv>) {
  app.get('/a/:id', async (c, next) => {
    const id = c.req.param('id');
    if (!/^[\w-]{8,64}$/.test(id)) return next();
    const db = c.var.db;
    const link = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(affiliateLinks)
        .set({ clicksCount: sql`${affiliateLinks.clicksCount} + 1` })
        .where(eq(affiliateLinks.id, id))
        .returning({ id: affiliateLinks.id, targetPath: affiliateLinks.targetPath });
      if (!row) return undefined;
      const [click] = await tx.insert(affiliateClicks).values({
        linkId: row.id,
        // Attribution needs no raw IP: a salted hash is enough to spot click floods.
        ipHash: createHash('sha256').update(`${c.var.config.publicApiKey}:${c.var.clientIp}`).digest('base64url').slice(0, 22),
        userAgent: (c.req.header('user-agent') ?? '').slice(0, 300),
        referer: c.req.header('referer')?.slice(0, 500) ?? null,
      }).returning({ id: affiliateClicks.id });
      return { ...row, clickId: click!.id };
    });
    if (!link) return next(); // unknown id: the 404 page
    // The click, not only the link: attribution counts 30 days from the last click (ADR 0024).
    setCookie(c, AFFILIATE_COOKIE, affiliateCookieValue(link.id, link.clickId), {
      httpOnly: true,
      sameSite: 'Lax',
      secure: c.var.config.isProduction,
      path: '/',
      maxAge: 60 * 60 * 24 * 30,
    });
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    const target = link.targetPath.startsWith('/') && !link.targetPath.startsWith('//') ? link.targetPath : '/';
    return c.redirect(target, 302);
  });
}

// /a/{id}: records an affiliate click, sets the attribution cookie and redirects to the target.
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import type { AppEnv } from '../context.ts';
import { affiliateClicks, affiliateLinks } from '../db/schema.ts';

export const AFFILIATE_COOKIE = 'verdant_aff';

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
      await tx.insert(affiliateClicks).values({
        linkId: row.id,
        // Attribution needs no raw IP: a salted hash is enough to spot click floods.
        ipHash: createHash('sha256').update(`${c.var.config.publicApiKey}:${c.var.clientIp}`).digest('base64url').slice(0, 22),
        userAgent: (c.req.header('user-agent') ?? '').slice(0, 300),
        referer: c.req.header('referer')?.slice(0, 500) ?? null,
      });
      return row;
    });
    if (!link) return next(); // unknown id: the 404 page
    setCookie(c, AFFILIATE_COOKIE, link.id, {
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

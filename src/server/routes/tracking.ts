import { createHmac } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../context.ts';
import { itineraries, itineraryShares, options, optionViews } from '../db/schema.ts';
import type { ShareCountResponse } from '../../contract/itineraries.ts';
import { Slug } from '../../contract/common.ts';
import { notFound, readBody, reply } from '../http.ts';
import { rateLimit } from '../middleware.ts';

const ViewCountBody = z.object({
  slugCode: z.string().trim().min(1, 'Please give the experience').max(200),
});

/** Days of view marks kept (a visitor counts once a day; older marks only cost space). */
export const VIEW_MARK_DAYS = 2;

/**
 * Who is looking, for counting each visitor once a day: the signed-in user, else a keyed hash of
 * the day, IP address and browser. The day is in the key, so the same guest gets an unrelated
 * value tomorrow and nothing follows a person over time (no cookie is set).
 */
export function viewVisitor(opts: { secret: string; day: string; userId: string | null; ip: string; userAgent: string }): string {
  if (opts.userId) return `u:${opts.userId}`;
  return `g:${createHmac('sha256', opts.secret).update(`${opts.day}\n${opts.ip}\n${opts.userAgent}`).digest('base64url').slice(0, 32)}`;
}

export function trackingRoutes() {
  const r = new Hono<AppEnv>();
  // One count per visitor, experience and day; a per-IP budget keeps floods out.
  r.post('/view-count', rateLimit({ bucket: 'view-count', limit: () => 60 }), async (c) => {
    const { slugCode } = await readBody(c, ViewCountBody);
    const db = c.var.db;
    const [option] = await db
      .select({ id: options.id, viewsCount: options.viewsCount })
      .from(options)
      .where(and(eq(options.slugCode, slugCode), eq(options.published, true), isNull(options.deletedAt)))
      .limit(1);
    if (!option) throw notFound('Option');
    const now = new Date();
    const day = now.toISOString().slice(0, 10);
    const visitor = viewVisitor({
      secret: c.var.config.secretKey,
      day,
      userId: c.var.user?.id ?? null,
      ip: c.var.clientIp,
      userAgent: c.req.header('user-agent') ?? '',
    });
    const result = await db.transaction(async (tx) => {
      const marked = await tx.insert(optionViews).values({ optionId: option.id, visitor, day }).onConflictDoNothing().returning({ day: optionViews.day });
      if (marked.length === 0) {
        const [row] = await tx.select({ viewsCount: options.viewsCount }).from(options).where(eq(options.id, option.id));
        return { counted: false, viewsCount: row?.viewsCount ?? option.viewsCount };
      }
      const [row] = await tx
        .update(options)
        .set({ viewsCount: sql`${options.viewsCount} + 1` })
        .where(eq(options.id, option.id))
        .returning({ viewsCount: options.viewsCount });
      return { counted: true, viewsCount: row?.viewsCount ?? option.viewsCount + 1 };
    });
    if (result.counted && Math.random() < 0.01) {
      // Now and then, drop marks nobody can match any more (they only ever match today's key).
      const cutoff = new Date(now.getTime() - VIEW_MARK_DAYS * 86_400_000).toISOString().slice(0, 10);
      await db.delete(optionViews).where(lt(optionViews.day, cutoff));
    }
    return reply(c, result);
  });

  // An itinerary shared (ADR 39): once per visitor, itinerary and day, as views are counted.
  r.post('/travel_itineraries/:slug/increase_share_count', rateLimit({ bucket: 'share-count', limit: () => 30 }), async (c) => {
    const slug = Slug.safeParse(c.req.param('slug'));
    if (!slug.success) throw notFound('Itinerary');
    const db = c.var.db;
    const [it] = await db
      .select({ id: itineraries.id })
      .from(itineraries)
      .where(and(eq(itineraries.slug, slug.data), eq(itineraries.published, true), isNull(itineraries.deletedAt)))
      .limit(1);
    if (!it) throw notFound('Itinerary');
    const now = new Date();
    const day = now.toISOString().slice(0, 10);
    const visitor = viewVisitor({ secret: c.var.config.secretKey, day, userId: c.var.user?.id ?? null, ip: c.var.clientIp, userAgent: c.req.header('user-agent') ?? '' });
    const result = await db.transaction(async (tx) => {
      const marked = await tx.insert(itineraryShares).values({ itineraryId: it.id, visitor, day }).onConflictDoNothing().returning({ day: itineraryShares.day });
      // shareCount is not content: updatedAt stays, so counting never republishes the page.
      const [row] = marked.length
        ? await tx.update(itineraries).set({ shareCount: sql`${itineraries.shareCount} + 1` }).where(eq(itineraries.id, it.id)).returning({ shareCount: itineraries.shareCount })
        : await tx.select({ shareCount: itineraries.shareCount }).from(itineraries).where(eq(itineraries.id, it.id));
      return { counted: marked.length > 0, shareCount: row?.shareCount ?? 0 } satisfies ShareCountResponse;
    });
    if (result.counted && Math.random() < 0.01) {
      const cutoff = new Date(now.getTime() - VIEW_MARK_DAYS * 86_400_000).toISOString().slice(0, 10);
      await db.delete(itineraryShares).where(lt(itineraryShares.day, cutoff));
    }
    return reply(c, result);
  });
  return r;
}

import { and, eq, isNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../context.ts';
import { options } from '../db/schema.ts';
import { notFound, readBody, reply } from '../http.ts';
import { rateLimit } from '../middleware.ts';

const ViewCountBody = z.object({
  slugCode: z.string().trim().min(1, 'Please give the experience').max(200),
});

export function trackingRoutes() {
  const r = new Hono<AppEnv>();
  // One count per page view; a tighter per-IP budget keeps bots from inflating popularity.
  r.post('/view-count', rateLimit({ bucket: 'view-count', limit: () => 60 }), async (c) => {
    const { slugCode } = await readBody(c, ViewCountBody);
    const [row] = await c.var.db
      .update(options)
      .set({ viewsCount: sql`${options.viewsCount} + 1` })
      .where(and(eq(options.slugCode, slugCode), eq(options.published, true), isNull(options.deletedAt)))
      .returning({ viewsCount: options.viewsCount });
    if (!row) throw notFound('Option');
    return reply(c, { viewsCount: row.viewsCount });
  });
  return r;
}

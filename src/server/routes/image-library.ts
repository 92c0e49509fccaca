// GET /images (src/contract/images.ts; ADR 39): the image library the back-office picks from.
// Admins only: it lists uploads no page shows yet (drafts, operators' photos waiting for review).
import { and, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { ImageLibraryQuery, type ImageLibraryResponse } from '../../contract/images.ts';
import { paginate } from '../../lib/pagination.ts';
import type { AppEnv } from '../context.ts';
import { images, operators } from '../db/schema.ts';
import { readQuery, reply } from '../http.ts';
import { requireAdmin } from '../session.ts';
import { toImage } from './catalogue/mappers.ts';

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

export function imageLibraryRoutes() {
  const r = new Hono<AppEnv>();
  r.get('/images', requireAdmin, async (c) => {
    const q = readQuery(c, ImageLibraryQuery);
    const words = (q.q ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
    const where = and(
      isNull(images.deletedAt),
      ...words.map((w) => or(ilike(images.name, `%${likeEscape(w)}%`), ilike(images.alt, `%${likeEscape(w)}%`), ilike(images.caption, `%${likeEscape(w)}%`))),
    ) as SQL;
    const [rows, total] = await Promise.all([
      c.var.db
        .select({ i: images, operator: operators.name })
        .from(images)
        .leftJoin(operators, eq(operators.id, images.uploadedForOperatorId))
        .where(where)
        .orderBy(desc(images.createdAt), desc(images.id))
        .limit(q.per)
        .offset((q.page - 1) * q.per),
      c.var.db.$count(images, where),
    ]);
    const list = rows.map((x) => ({ ...toImage(x.i), createdAt: x.i.createdAt.toISOString(), uploadedForOperator: x.operator }));
    return reply(c, { images: list, pagination: paginate(q.page, q.per, total) } satisfies ImageLibraryResponse);
  });
  return r;
}

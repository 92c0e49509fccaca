// FAQs: the option's ones (`option=<slugCode>`) or the general ones.
import { Hono } from 'hono';
import { and, asc, isNull, eq, type SQL } from 'drizzle-orm';
import { ListFaqsQuery, type Faq } from '../../../contract/faqs.ts';
import type { AppEnv } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { faqs } from '../../db/schema.ts';
import { readQuery, reply } from '../../http.ts';
import { findOptionId } from './options.ts';
import { countAll, offsetOf, pageOf } from './shared.ts';

export const toFaq = (r: typeof faqs.$inferSelect): Faq => ({ id: r.id, question: r.question, answer: r.answer, position: r.position });

/** `optionId` null: the general FAQs. */
export async function queryFaqs(db: Db, optionId: number | null, page: { limit: number; offset: number }) {
  const cond = and(isNull(faqs.deletedAt), optionId === null ? isNull(faqs.optionId) : eq(faqs.optionId, optionId)) as SQL;
  const [rows, count] = await Promise.all([
    db.select().from(faqs).where(cond).orderBy(asc(faqs.position), asc(faqs.id)).limit(page.limit).offset(page.offset),
    db.select({ n: countAll }).from(faqs).where(cond),
  ]);
  return { list: rows.map(toFaq), total: Number(count[0]?.n ?? 0) };
}

export function faqsRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/faqs', async (c) => {
    const q = readQuery(c, ListFaqsQuery);
    const db = c.var.db;
    const optionId = q.option === undefined ? null : await findOptionId(db, q.option);
    const { list, total } = await queryFaqs(db, optionId, { limit: q.per, offset: offsetOf(q) });
    return reply(c, { faqs: list, pagination: pageOf(q, total) });
  });
  return app;
}

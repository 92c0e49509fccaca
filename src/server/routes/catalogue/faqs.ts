// FAQs (src/contract/faqs.ts; ADR 39): the answered questions of an experience (`option=`) or the
// general ones, filtered by topic and words; and a traveller's own questions, asked, changed and
// withdrawn while they wait for the operator's answer (services/faqs.ts holds the rules).
import { Hono, type Context } from 'hono';
import {
  AskQuestionBody,
  AskedQuestionsQuery,
  EditQuestionBody,
  FaqFilterQuery,
  FaqIdParam,
  ListFaqsQuery,
  type AskedQuestionResponse,
  type AskedQuestionsResponse,
  type FaqFilterResponse,
} from '../../../contract/faqs.ts';
import type { AppEnv } from '../../context.ts';
import { notFound, readBody, readQuery, reply } from '../../http.ts';
import { rateLimit, userOrIp } from '../../middleware.ts';
import { askedQuestions, askQuestion, deleteQuestion, editQuestion, queryFaqs } from '../../services/faqs.ts';
import { currentUser, requireUser } from '../../session.ts';
import { findOptionId } from './options.ts';
import { offsetOf, pageOf } from './shared.ts';

export { queryFaqs, toFaq } from '../../services/faqs.ts';

/**
 * Questions one traveller may ask in an hour, over all experiences; it grows with the API-wide
 * limit as engagement.ts's budgets do (a test run raises that one).
 */
export const QUESTIONS_PER_HOUR = 10;
const askBudget = (c: Context<AppEnv>) => Math.max(QUESTIONS_PER_HOUR, Math.floor((QUESTIONS_PER_HOUR * c.var.config.rateLimitPerMinute) / 300));

export function faqsRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/faqs', async (c) => {
    const q = readQuery(c, ListFaqsQuery);
    const db = c.var.db;
    const optionId = q.option === undefined ? null : await findOptionId(db, q.option);
    const { list, total } = await queryFaqs(db, optionId, { limit: q.per, offset: offsetOf(q) });
    return reply(c, { faqs: list, pagination: pageOf(q, total) });
  });

  app.get('/faqs/filter', async (c) => {
    const q = readQuery(c, FaqFilterQuery);
    const db = c.var.db;
    const optionId = q.option === undefined ? null : await findOptionId(db, q.option);
    const { list, total, topics } = await queryFaqs(db, optionId, { limit: q.per, offset: offsetOf(q) }, { topic: q.topic, q: q.q });
    return reply(c, { faqs: list, pagination: pageOf(q, total), topics } satisfies FaqFilterResponse);
  });

  app.get('/faqs/asked', requireUser, async (c) => {
    const q = readQuery(c, AskedQuestionsQuery);
    return reply(c, { questions: await askedQuestions(c.var.db, currentUser(c), q.option) } satisfies AskedQuestionsResponse);
  });

  app.post('/faqs', requireUser, rateLimit({ bucket: 'faqs-ask', limit: askBudget, windowMs: 3600_000, key: userOrIp }), async (c) => {
    const body = await readBody(c, AskQuestionBody);
    const question = await askQuestion({ db: c.var.db, config: c.var.config, jobs: c.var.jobs }, currentUser(c), body);
    return reply(c, { question } satisfies AskedQuestionResponse, 201);
  });

  app.patch('/faqs/:id', requireUser, async (c) => {
    const id = questionId(c);
    const body = await readBody(c, EditQuestionBody);
    return reply(c, { question: await editQuestion(c.var.db, currentUser(c), id, body) } satisfies AskedQuestionResponse);
  });

  app.delete('/faqs/:id', requireUser, async (c) => {
    const id = questionId(c);
    await deleteQuestion(c.var.db, currentUser(c), id);
    return reply(c, { deleted: true });
  });
  return app;
}

/** The question of the address: an id that cannot be one is a question that does not exist (404). */
function questionId(c: Context<AppEnv>): number {
  const parsed = FaqIdParam.safeParse(c.req.param());
  if (!parsed.success) throw notFound('Question');
  return parsed.data.id;
}

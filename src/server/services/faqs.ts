// Questions and answers (src/contract/faqs.ts; ADR 39). A traveller's question is a `faqs` row
// with `fromTraveller` and an empty answer; it reaches the experience page when the operator
// answers it: the answer and the publish run commit together, and the pipeline renders the page
// again (ADR 25). Only rows with an answer are ever shown (`faqAnswered`).
import { and, asc, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  FAQ_TOPIC_LABELS,
  OPEN_QUESTIONS_PER_OPTION,
  type AskedQuestion,
  type Faq,
  type FaqTopic,
  type PartnerQuestion,
} from '../../contract/faqs.ts';
import type { CurrentUser } from '../context.ts';
import type { Db } from '../db/client.ts';
import { faqs, operators, options, users } from '../db/schema.ts';
import { HttpError, notFound } from '../http.ts';
import type { MailDeps } from '../providers/mail.ts';
import { mailOf, queueMail } from '../providers/mail.ts';
import type { Publisher } from './admin/publisher.ts';
import type { OpenOperator } from './partner/bookings.ts';

type FaqRow = typeof faqs.$inferSelect;

/** The rows a page or list may show: answered, not deleted. */
export const faqAnswered: SQL = and(ne(faqs.answer, ''), isNull(faqs.deletedAt)) as SQL;
/** Where travellers' questions sit among the editors' ones: after them. */
const TRAVELLER_POSITION = 1000;

export const toFaq = (r: FaqRow): Faq => ({ id: r.id, question: r.question, answer: r.answer, position: r.position, topic: r.topic as FaqTopic, fromTraveller: r.fromTraveller });

const iso = (d: Date) => d.toISOString();
/** `%`, `_` and `\` in a search are the visitor's characters, not patterns. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `optionId` null: the general FAQs. `topic` and `q` narrow; `topics` counts the whole scope. */
export async function queryFaqs(db: Db, optionId: number | null, page: { limit: number; offset: number }, filter: { topic?: FaqTopic | undefined; q?: string | undefined } = {}) {
  const scope = and(faqAnswered, optionId === null ? isNull(faqs.optionId) : eq(faqs.optionId, optionId)) as SQL;
  const words = (filter.q ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
  const narrow = and(
    scope,
    filter.topic ? eq(faqs.topic, filter.topic) : undefined,
    ...words.map((w) => or(ilike(faqs.question, `%${likeEscape(w)}%`), ilike(faqs.answer, `%${likeEscape(w)}%`))),
  ) as SQL;
  const [rows, count, topics] = await Promise.all([
    db.select().from(faqs).where(narrow).orderBy(asc(faqs.position), asc(faqs.id)).limit(page.limit).offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(faqs).where(narrow),
    db.select({ topic: faqs.topic, n: sql<number>`count(*)::int` }).from(faqs).where(scope).groupBy(faqs.topic),
  ]);
  const order = Object.keys(FAQ_TOPIC_LABELS) as FaqTopic[];
  return {
    list: rows.map(toFaq),
    total: Number(count[0]?.n ?? 0),
    topics: topics
      .map((t) => ({ topic: t.topic as FaqTopic, label: FAQ_TOPIC_LABELS[t.topic as FaqTopic] ?? t.topic, count: Number(t.n) }))
      .sort((a, b) => order.indexOf(a.topic) - order.indexOf(b.topic)),
  };
}

// ── The asker ─────────────────────────────────────────────────────────────────────────

const askedColumns = { f: faqs, slugCode: options.slugCode, name: options.name };

function toAsked(r: { f: FaqRow; slugCode: string; name: string }): AskedQuestion {
  const answered = r.f.answer !== '';
  return {
    id: r.f.id,
    option: { slugCode: r.slugCode, name: r.name },
    question: r.f.question,
    topic: r.f.topic as FaqTopic,
    status: answered ? 'answered' : 'awaiting_answer',
    answer: answered ? r.f.answer : null,
    askedAt: iso(r.f.createdAt),
    answeredAt: r.f.answeredAt ? iso(r.f.answeredAt) : null,
  };
}

/** The caller's questions (on one experience, or all), newest first. */
export async function askedQuestions(db: Db, user: CurrentUser, optionSlug?: string): Promise<AskedQuestion[]> {
  const rows = await db
    .select(askedColumns)
    .from(faqs)
    .innerJoin(options, eq(options.id, faqs.optionId))
    .where(and(eq(faqs.askedById, user.id), isNull(faqs.deletedAt), optionSlug ? eq(options.slugCode, optionSlug) : undefined))
    .orderBy(desc(faqs.createdAt), desc(faqs.id))
    .limit(100);
  return rows.map(toAsked);
}

/** The caller's own question `id`, or 404 (someone else's question is not theirs to know of). */
async function ownQuestion(db: Db, user: CurrentUser, id: number) {
  const [row] = await db
    .select(askedColumns)
    .from(faqs)
    .innerJoin(options, eq(options.id, faqs.optionId))
    .where(and(eq(faqs.id, id), eq(faqs.askedById, user.id), isNull(faqs.deletedAt)))
    .limit(1);
  if (!row) throw notFound('Question');
  return row;
}

const ANSWERED_ALREADY = 'The operator has already answered this question, so it can no longer be changed';

export async function askQuestion(d: { db: Db } & MailDeps & { config: MailDeps['config'] & { siteUrl: string } }, user: CurrentUser, body: { option: string; question: string; topic: FaqTopic }): Promise<AskedQuestion> {
  const [o] = await d.db
    .select({ id: options.id, slugCode: options.slugCode, name: options.name, operatorEmail: operators.contactEmail, operatorName: operators.name })
    .from(options)
    .innerJoin(operators, eq(operators.id, options.operatorId))
    .where(and(eq(options.slugCode, body.option), eq(options.published, true), isNull(options.deletedAt)))
    .limit(1);
  if (!o) throw new HttpError(422, 'That experience is not on Verdant', { fields: { option: 'That experience is not on Verdant' } });
  return d.db.transaction(async (tx) => {
    // The asker's row lock keeps two quick submissions from both passing the count.
    await tx.execute(sql`select id from users where id = ${user.id} for update`);
    const [open] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(faqs)
      .where(and(eq(faqs.optionId, o.id), eq(faqs.askedById, user.id), eq(faqs.answer, ''), isNull(faqs.deletedAt)));
    if (Number(open?.n ?? 0) >= OPEN_QUESTIONS_PER_OPTION) {
      const msg = `You already have ${OPEN_QUESTIONS_PER_OPTION} questions waiting for an answer on this experience. Please wait for the operator to answer them.`;
      throw new HttpError(422, msg, { fields: { question: msg } });
    }
    const [row] = await tx
      .insert(faqs)
      .values({ optionId: o.id, question: body.question, answer: '', topic: body.topic, fromTraveller: true, askedById: user.id, position: TRAVELLER_POSITION })
      .returning();
    await queueMail(
      tx,
      d,
      mailOf(o.operatorEmail, `A traveller asked about ${o.name}`, [
        `Hello ${o.operatorName},`,
        '',
        `A traveller asked a question about ${o.name}:`,
        '',
        `“${body.question}”`,
        '',
        `Answer it in your partner back-office: ${d.config.siteUrl}/partner/questions`,
        'Your answer will show on the experience page for every traveller.',
      ]),
    );
    return toAsked({ f: row!, slugCode: o.slugCode, name: o.name });
  });
}

export async function editQuestion(db: Db, user: CurrentUser, id: number, body: { question?: string | undefined; topic?: FaqTopic | undefined }): Promise<AskedQuestion> {
  const current = await ownQuestion(db, user, id);
  if (current.f.answer !== '') throw new HttpError(409, ANSWERED_ALREADY);
  const [row] = await db
    .update(faqs)
    .set({ ...(body.question !== undefined ? { question: body.question } : {}), ...(body.topic !== undefined ? { topic: body.topic } : {}), updatedAt: new Date() })
    // Only while still unanswered: an answer that lands meanwhile wins.
    .where(and(eq(faqs.id, id), eq(faqs.answer, ''), isNull(faqs.deletedAt)))
    .returning();
  if (!row) throw new HttpError(409, ANSWERED_ALREADY);
  return toAsked({ f: row, slugCode: current.slugCode, name: current.name });
}

export async function deleteQuestion(db: Db, user: CurrentUser, id: number): Promise<void> {
  const current = await ownQuestion(db, user, id);
  if (current.f.answer !== '') throw new HttpError(409, 'The operator has already answered this question, so it stays on the page for other travellers');
  const now = new Date();
  const done = await db
    .update(faqs)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(faqs.id, id), eq(faqs.answer, ''), isNull(faqs.deletedAt)))
    .returning({ id: faqs.id });
  if (!done.length) throw new HttpError(409, 'The operator has already answered this question, so it stays on the page for other travellers');
}

// ── The operator ──────────────────────────────────────────────────────────────────────

const partnerColumns = { f: faqs, optionId: options.id, slugCode: options.slugCode, name: options.name, askerName: users.name };

function toPartnerQuestion(r: { f: FaqRow; optionId: number; slugCode: string; name: string; askerName: string | null }): PartnerQuestion {
  const answered = r.f.answer !== '';
  return {
    id: r.f.id,
    option: { id: r.optionId, slugCode: r.slugCode, name: r.name },
    question: r.f.question,
    topic: r.f.topic as FaqTopic,
    askerName: (r.askerName ?? '').trim().split(/\s+/)[0] || 'A traveller',
    askedAt: iso(r.f.createdAt),
    answer: answered ? r.f.answer : null,
    answeredAt: r.f.answeredAt ? iso(r.f.answeredAt) : null,
  };
}

const ofOperator = (op: OpenOperator) => and(eq(options.operatorId, op.id), eq(faqs.fromTraveller, true), isNull(faqs.deletedAt)) as SQL;

export async function partnerQuestions(db: Db, op: OpenOperator, q: { status: 'awaiting_answer' | 'answered' | 'all'; page: number; per: number }) {
  const status = q.status === 'awaiting_answer' ? eq(faqs.answer, '') : q.status === 'answered' ? ne(faqs.answer, '') : undefined;
  const where = and(ofOperator(op), status) as SQL;
  const [rows, [count], [awaiting]] = await Promise.all([
    db
      .select(partnerColumns)
      .from(faqs)
      .innerJoin(options, eq(options.id, faqs.optionId))
      .leftJoin(users, eq(users.id, faqs.askedById))
      .where(where)
      // Waiting ones oldest first (first asked, first answered); answered ones newest first.
      .orderBy(q.status === 'awaiting_answer' ? asc(faqs.createdAt) : desc(faqs.createdAt), asc(faqs.id))
      .limit(q.per)
      .offset((q.page - 1) * q.per),
    db.select({ n: sql<number>`count(*)::int` }).from(faqs).innerJoin(options, eq(options.id, faqs.optionId)).where(where),
    db.select({ n: sql<number>`count(*)::int` }).from(faqs).innerJoin(options, eq(options.id, faqs.optionId)).where(and(ofOperator(op), eq(faqs.answer, ''))),
  ]);
  return { list: rows.map(toPartnerQuestion), total: Number(count?.n ?? 0), awaitingCount: Number(awaiting?.n ?? 0) };
}

/**
 * The operator answers (or corrects their answer): the answer and the publish of the experience
 * page commit together. A question on another operator's experience answers 404.
 */
export async function answerQuestion(
  d: { db: Db; publisher: Publisher } & MailDeps & { config: MailDeps['config'] & { siteUrl: string } },
  user: CurrentUser,
  op: OpenOperator,
  id: number,
  answer: string,
): Promise<PartnerQuestion> {
  const find = () =>
    d.db
      .select({ ...partnerColumns, askerEmail: users.email })
      .from(faqs)
      .innerJoin(options, eq(options.id, faqs.optionId))
      .leftJoin(users, eq(users.id, faqs.askedById))
      .where(and(eq(faqs.id, id), ofOperator(op)))
      .limit(1);
  const [current] = await find();
  if (!current) throw notFound('Question');
  const first = current.f.answer === '';
  const { row, run } = await d.db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(faqs)
      .set({ answer, answeredAt: now, answeredById: user.id, updatedAt: now })
      .where(and(eq(faqs.id, id), isNull(faqs.deletedAt)))
      .returning();
    if (!row) throw notFound('Question');
    const run = await d.publisher.publishIn(tx, [{ type: 'options', key: current.slugCode }], user.id);
    if (first && current.askerEmail) {
      await queueMail(
        tx,
        d,
        mailOf(current.askerEmail, `${op.name} answered your question`, [
          `Hi ${toPartnerQuestion(current).askerName},`,
          '',
          `You asked about ${current.name}:`,
          `“${current.f.question}”`,
          '',
          `${op.name} answered:`,
          answer,
          '',
          `The answer is on the experience page for every traveller: ${d.config.siteUrl}/experiences/${current.slugCode}`,
        ]),
      );
    }
    return { row, run };
  });
  run.wake();
  return toPartnerQuestion({ ...current, f: row });
}

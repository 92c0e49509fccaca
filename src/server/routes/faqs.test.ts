// Travellers' questions (ADR 39): asked on an experience, answered by its operator in /partner,
// then on the experience's record (and published again); the asker changes or withdraws a
// question while it waits; /faqs/filter narrows by topic and words.
import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AskedQuestionResponse, AskedQuestionsResponse, FaqFilterResponse, ListFaqsResponse, OPEN_QUESTIONS_PER_OPTION, PartnerQuestionResponse, PartnerQuestionsResponse } from '../../contract/faqs.ts';
import { faqs, options, outbox, publishRuns } from '../db/schema.ts';
import { Agent } from '../testing/agent.ts';
import { expectStatus, pickOption, type OptionPick } from '../testing/booking.ts';
import { operatorOf, partnerCast, type Cast } from '../testing/partner.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let c: Cast;
let optA: OptionPick;
let optB: OptionPick;
let opB: { id: number; slug: string };
const Q = (slug: string) => `/api/v1/partner/operators/${slug}/questions`;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1500' });
  c = await partnerCast(t, 220);
  optA = await pickOption(t.db, [eq(options.operatorId, c.opA.id)]);
  optB = await pickOption(t.db, [ne(options.operatorId, c.opA.id)]);
  opB = await operatorOf(t.db, optB.id);
});
afterAll(() => t.close());

async function ask(who: Agent, option: string, question: string, topic?: string) {
  const r = await who.post('/api/v1/faqs', { option, question, ...(topic ? { topic } : {}) });
  expectStatus(r, 201);
  return AskedQuestionResponse.parse(r.body).question;
}

describe('asking, changing and withdrawing a question', () => {
  it('a traveller asks; the operator is mailed; it waits, unseen by others, until answered', async () => {
    const q = await ask(c.traveller, optA.slugCode, 'Is the kayak suitable for a seven-year-old?', 'safety');
    expect(q).toMatchObject({ status: 'awaiting_answer', answer: null, topic: 'safety', option: { slugCode: optA.slugCode } });
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.recipient, c.opA.email)).orderBy(desc(outbox.id)).limit(1);
    expect(mail?.subject).toContain('A traveller asked');
    const listed = ListFaqsResponse.parse((await t.get(`/api/v1/faqs?option=${optA.slugCode}`)).body);
    expect(listed.faqs.map((f) => f.id)).not.toContain(q.id);
    const detail = (await t.get(`/api/v1/options/${optA.slugCode}`)).body as { faqs: { id: number }[] };
    expect(detail.faqs.map((f) => f.id)).not.toContain(q.id);
    const mine = AskedQuestionsResponse.parse((await c.traveller.get(`/api/v1/faqs/asked?option=${optA.slugCode}`)).body);
    expect(mine.questions[0]?.id).toBe(q.id);
  });

  it('the asker edits and deletes their waiting question', async () => {
    const q = await ask(c.traveller, optA.slugCode, 'Do you provide dry bags for phones?');
    const r = await c.traveller.patch(`/api/v1/faqs/${q.id}`, { question: 'Do you provide dry bags for phones and cameras?', topic: 'what_to_bring' });
    expectStatus(r, 200);
    expect(AskedQuestionResponse.parse(r.body).question).toMatchObject({ question: 'Do you provide dry bags for phones and cameras?', topic: 'what_to_bring' });
    expectStatus(await c.traveller.delete(`/api/v1/faqs/${q.id}`), 200);
    expectStatus(await c.traveller.delete(`/api/v1/faqs/${q.id}`), 404);
    const mine = AskedQuestionsResponse.parse((await c.traveller.get('/api/v1/faqs/asked')).body);
    expect(mine.questions.map((x) => x.id)).not.toContain(q.id);
  });

  it('refuses bad input with field messages', async () => {
    const short = await c.traveller.post('/api/v1/faqs', { option: optA.slugCode, question: 'Why?' });
    expectStatus(short, 422);
    expect(short.body.fields?.['question']).toMatch(/at least 10 characters/);
    const noOption = await c.traveller.post('/api/v1/faqs', { option: 'no-such-experience', question: 'Is there parking nearby?' });
    expectStatus(noOption, 422);
    expect(noOption.body.fields?.['option']).toBe('That experience is not on Verdant');
    const topic = await c.traveller.post('/api/v1/faqs', { option: optA.slugCode, question: 'Is there parking nearby?', topic: 'weather' });
    expectStatus(topic, 422);
    expect(topic.body.fields?.['topic']).toBe('Please choose a topic from the list');
    const q = await ask(c.traveller, optA.slugCode, 'Is there parking nearby?');
    const empty = await c.traveller.patch(`/api/v1/faqs/${q.id}`, {});
    expectStatus(empty, 422);
    // An address that cannot name a question names none: 404, as for an id that does not exist.
    expectStatus(await c.traveller.patch('/api/v1/faqs/abc', { question: 'Is there parking close by?' }), 404);
    expectStatus(await c.traveller.patch('/api/v1/faqs/999999', { question: 'Is there parking close by?' }), 404);
    await c.traveller.delete(`/api/v1/faqs/${q.id}`);
    const filter = await t.get(`/api/v1/faqs/filter?topic=nope`);
    expectStatus(filter, 422);
  });

  it('guests are asked to log in; another traveller cannot touch the question (404)', async () => {
    expectStatus(await c.guest.post('/api/v1/faqs', { option: optA.slugCode, question: 'Is there parking nearby?' }), 401);
    expectStatus(await c.guest.get('/api/v1/faqs/asked'), 401);
    const q = await ask(c.traveller, optA.slugCode, 'Can we bring our own life jackets?');
    expectStatus(await c.partner.patch(`/api/v1/faqs/${q.id}`, { question: 'Somebody else’s words here' }), 404);
    expectStatus(await c.partner.delete(`/api/v1/faqs/${q.id}`), 404);
    expectStatus(await c.admin.delete(`/api/v1/faqs/${q.id}`), 404);
    const others = AskedQuestionsResponse.parse((await c.partner.get('/api/v1/faqs/asked')).body);
    expect(others.questions.map((x) => x.id)).not.toContain(q.id);
    await c.traveller.delete(`/api/v1/faqs/${q.id}`);
  });

  it(`at most ${OPEN_QUESTIONS_PER_OPTION} questions wait on one experience per traveller`, async () => {
    const asker = new Agent(t, '198.51.100.240');
    await asker.login('traveller@verdant.test');
    const waiting = AskedQuestionsResponse.parse((await asker.get(`/api/v1/faqs/asked?option=${optB.slugCode}`)).body).questions.filter((x) => x.status === 'awaiting_answer');
    const ids: number[] = [];
    for (let i = waiting.length; i < OPEN_QUESTIONS_PER_OPTION; i++) ids.push((await ask(asker, optB.slugCode, `Question number ${i} about the route?`)).id);
    const over = await asker.post('/api/v1/faqs', { option: optB.slugCode, question: 'One question too many about it?' });
    expectStatus(over, 422);
    expect(over.body.fields?.['question']).toMatch(/waiting for an answer/);
    for (const id of ids) await asker.delete(`/api/v1/faqs/${id}`);
  });
});

describe('the operator answers in /partner', () => {
  it('lists its waiting questions, answers one; the answer is on the experience and a publish is queued', async () => {
    const q = await ask(c.traveller, optA.slugCode, 'What time should we arrive at the jetty?', 'getting_there');
    const list = await c.partner.get(Q(c.opA.slug));
    expectStatus(list, 200);
    const parsed = PartnerQuestionsResponse.parse(list.body);
    const mine = parsed.questions.find((x) => x.id === q.id);
    expect(mine).toMatchObject({ answer: null, option: { slugCode: optA.slugCode } });
    expect(mine?.askerName).not.toContain('@');
    expect(parsed.awaitingCount).toBeGreaterThan(0);

    const r = await c.partner.post(`${Q(c.opA.slug)}/${q.id}/answer`, { answer: 'Fifteen minutes before the start, at the jetty’s blue shelter.' });
    expectStatus(r, 200);
    expect(PartnerQuestionResponse.parse(r.body).question.answer).toBe('Fifteen minutes before the start, at the jetty’s blue shelter.');
    const [run] = await t.db.select().from(publishRuns).orderBy(desc(publishRuns.requestedAt)).limit(1);
    expect(run?.changes).toEqual([{ type: 'options', key: optA.slugCode }]);

    const detail = (await t.get(`/api/v1/options/${optA.slugCode}`)).body as { faqs: { id: number; answer: string; fromTraveller: boolean }[] };
    expect(detail.faqs.find((f) => f.id === q.id)).toMatchObject({ fromTraveller: true, answer: 'Fifteen minutes before the start, at the jetty’s blue shelter.' });
    const asked = AskedQuestionsResponse.parse((await c.traveller.get(`/api/v1/faqs/asked?option=${optA.slugCode}`)).body).questions.find((x) => x.id === q.id);
    expect(asked?.status).toBe('answered');
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.recipient, 'traveller@verdant.test')).orderBy(desc(outbox.id)).limit(1);
    expect(mail?.subject).toContain('answered your question');

    // Answered: the asker can no longer change or withdraw it.
    expectStatus(await c.traveller.patch(`/api/v1/faqs/${q.id}`, { question: 'What time should we really arrive?' }), 409);
    expectStatus(await c.traveller.delete(`/api/v1/faqs/${q.id}`), 409);

    const filtered = FaqFilterResponse.parse((await t.get(`/api/v1/faqs/filter?option=${optA.slugCode}&topic=getting_there&q=jetty`)).body);
    expect(filtered.faqs.map((f) => f.id)).toContain(q.id);
    expect(filtered.topics.find((x) => x.topic === 'getting_there')?.count).toBeGreaterThan(0);
    const none = FaqFilterResponse.parse((await t.get(`/api/v1/faqs/filter?option=${optA.slugCode}&q=${encodeURIComponent('zebra%_')}`)).body);
    expect(none.faqs).toEqual([]);
  });

  it('an editor publishing the experience keeps travellers’ questions out of the document and on the page', async () => {
    const before = await t.db.select({ id: faqs.id }).from(faqs).where(and(eq(faqs.optionId, optA.id), eq(faqs.fromTraveller, true), isNull(faqs.deletedAt)));
    expect(before.length).toBeGreaterThan(0);
    const E = `/api/v1/admin/experiences/${optA.id}`;
    const x = (await c.admin.get(E)).body as { version: number; draft: { faqs: { question: string }[] } };
    expect(x.draft.faqs.map((f) => f.question)).not.toContain('What time should we arrive at the jetty?');
    const saved = await c.admin.call('PUT', `${E}/draft`, { body: { version: x.version, draft: { ...x.draft, faqs: [...x.draft.faqs, { question: 'Is there a toilet at the jetty?', answer: 'Yes, by the shelter.' }] } } });
    expectStatus(saved, 200);
    expectStatus(await c.admin.post(`${E}/publish`, { version: (saved.body as { version: number }).version }), 202);
    const after = await t.db.select({ id: faqs.id }).from(faqs).where(and(eq(faqs.optionId, optA.id), eq(faqs.fromTraveller, true), isNull(faqs.deletedAt)));
    expect(after.map((r) => r.id).sort()).toEqual(before.map((r) => r.id).sort());
  });

  it('refuses an empty answer; a partner answering another operator’s question gets 404; travellers 403; guests 401', async () => {
    const q = await ask(c.traveller, optB.slugCode, 'Is lunch vegetarian friendly here?');
    expectStatus(await c.partner.post(`${Q(c.opA.slug)}/${q.id}/answer`, { answer: 'Yes, all of it.' }), 404);
    const own = await ask(c.traveller, optA.slugCode, 'Is lunch vegetarian friendly there?');
    const blank = await c.partner.post(`${Q(c.opA.slug)}/${own.id}/answer`, { answer: '  ' });
    expectStatus(blank, 422);
    expect(blank.body.fields?.['answer']).toBe('Please write the answer');
    expectStatus(await c.partner.get(Q(opB.slug)), 404);
    expectStatus(await c.partner.post(`${Q(opB.slug)}/${q.id}/answer`, { answer: 'Yes' }), 404);
    expectStatus(await c.traveller.get(Q(c.opA.slug)), 403);
    expectStatus(await c.guest.get(Q(c.opA.slug)), 401);
    // An admin may answer for any operator.
    expectStatus(await c.admin.post(`${Q(opB.slug)}/${q.id}/answer`, { answer: 'Yes, always.' }), 200);
    await c.traveller.delete(`/api/v1/faqs/${own.id}`);
  });
});

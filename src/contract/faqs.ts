// FAQs (ADR 39).
// - GET /faqs?option=<slugCode>: the answered questions of an experience; without `option`, the
//   general (site-wide) ones.
// - GET /faqs/filter?option=&topic=&q=: the same, narrowed by topic and words, with the topics
//   and how many questions each holds (the FAQ lists' chips).
// - GET /faqs/asked?option=: the caller's own questions (answered or waiting), newest first.
// - POST /faqs: a signed-in traveller asks the operator about an experience. It shows on the
//   experience page once the operator has answered it in /partner (then the page is published
//   again through the pipeline, ADR 25).
// - PATCH /faqs/{id}, DELETE /faqs/{id}: the asker changes or withdraws a question that is still
//   waiting for its answer; anyone else's question answers 404, an answered one 409.
import { z } from 'zod';
import { IsoDateTime, PageQuery, Slug, listResponse } from './common.ts';

export const FAQ_TOPICS = ['general', 'booking', 'getting_there', 'what_to_bring', 'accessibility', 'safety', 'cancellation'] as const;
export const FaqTopic = z.enum(FAQ_TOPICS, { error: 'Please choose a topic from the list' });
export type FaqTopic = z.infer<typeof FaqTopic>;
export const FAQ_TOPIC_LABELS: Record<FaqTopic, string> = {
  general: 'General',
  booking: 'Booking and payment',
  getting_there: 'Getting there',
  what_to_bring: 'What to bring',
  accessibility: 'Accessibility',
  safety: 'Safety',
  cancellation: 'Changes and cancellation',
};

export const FaqSchema = z.object({
  id: z.number().int(),
  question: z.string(),
  answer: z.string(),
  position: z.number().int(),
  topic: FaqTopic,
  /** Asked by a traveller and answered by the operator (false: written by Verdant's editors). */
  fromTraveller: z.boolean(),
});
export type Faq = z.infer<typeof FaqSchema>;

export const ListFaqsQuery = PageQuery.extend({ option: Slug.optional() });
export type ListFaqsQuery = z.infer<typeof ListFaqsQuery>;
export const ListFaqsResponse = listResponse('faqs', FaqSchema);
export type ListFaqsResponse = z.infer<typeof ListFaqsResponse>;

export const FaqFilterQuery = ListFaqsQuery.extend({
  topic: FaqTopic.optional(),
  /** Words to find in the question or the answer (all of them), at most 100 characters. */
  q: z.string().trim().max(100, 'Please search with at most 100 characters').optional(),
});
export type FaqFilterQuery = z.input<typeof FaqFilterQuery>;
export const FaqTopicCountSchema = z.object({ topic: FaqTopic, label: z.string(), count: z.number().int() });
export const FaqFilterResponse = ListFaqsResponse.extend({
  /** Every topic that holds a question in the scope (the option or the general FAQs), with its count before `topic` and `q` narrow it. */
  topics: z.array(FaqTopicCountSchema),
});
export type FaqFilterResponse = z.infer<typeof FaqFilterResponse>;

export const QUESTION_MIN = 10;
export const QUESTION_MAX = 500;
/** Questions a traveller may have waiting for an answer on one experience. */
export const OPEN_QUESTIONS_PER_OPTION = 5;

const QuestionText = z
  .string({ error: 'Please write your question' })
  .trim()
  .min(1, 'Please write your question')
  .min(QUESTION_MIN, `Please write at least ${QUESTION_MIN} characters so the operator can answer`)
  .max(QUESTION_MAX, `Please keep your question under ${QUESTION_MAX} characters`);

export const AskQuestionBody = z.object({
  option: Slug,
  question: QuestionText,
  topic: FaqTopic.default('general'),
});
export type AskQuestionBody = z.input<typeof AskQuestionBody>;

export const EditQuestionBody = z
  .object({ question: QuestionText.optional(), topic: FaqTopic.optional() })
  .refine((b) => b.question !== undefined || b.topic !== undefined, { message: 'Please change the question or its topic', path: ['question'] });
export type EditQuestionBody = z.input<typeof EditQuestionBody>;

export const FaqIdParam = z.object({ id: z.coerce.number({ error: 'Question not found' }).int('Question not found').min(1, 'Question not found').max(2_147_483_647, 'Question not found') });

/** A question as its asker sees it. */
export const AskedQuestionSchema = z.object({
  id: z.number().int(),
  option: z.object({ slugCode: z.string(), name: z.string() }),
  question: z.string(),
  topic: FaqTopic,
  status: z.enum(['awaiting_answer', 'answered']),
  answer: z.string().nullable(),
  askedAt: IsoDateTime,
  answeredAt: IsoDateTime.nullable(),
});
export type AskedQuestion = z.infer<typeof AskedQuestionSchema>;
export const AskedQuestionResponse = z.object({ question: AskedQuestionSchema });
export type AskedQuestionResponse = z.infer<typeof AskedQuestionResponse>;
export const AskedQuestionsQuery = z.object({ option: Slug.optional() });
export const AskedQuestionsResponse = z.object({ questions: z.array(AskedQuestionSchema) });
export type AskedQuestionsResponse = z.infer<typeof AskedQuestionsResponse>;
export const DeletedQuestionResponse = z.object({ deleted: z.literal(true) });

// ── The operator's side, in /partner (GET /partner/operators/{slug}/questions …) ──────────
export const PartnerQuestionStatus = z.enum(['awaiting_answer', 'answered', 'all']);
export const PartnerQuestionsQuery = PageQuery.extend({ status: PartnerQuestionStatus.default('awaiting_answer') });
export type PartnerQuestionsQuery = z.input<typeof PartnerQuestionsQuery>;
export const PartnerQuestionSchema = z.object({
  id: z.number().int(),
  option: z.object({ id: z.number().int(), slugCode: z.string(), name: z.string() }),
  question: z.string(),
  topic: FaqTopic,
  /** The asker's first name: enough to address them, nothing more. */
  askerName: z.string(),
  askedAt: IsoDateTime,
  answer: z.string().nullable(),
  answeredAt: IsoDateTime.nullable(),
});
export type PartnerQuestion = z.infer<typeof PartnerQuestionSchema>;
export const PartnerQuestionsResponse = listResponse('questions', PartnerQuestionSchema).extend({ awaitingCount: z.number().int() });
export type PartnerQuestionsResponse = z.infer<typeof PartnerQuestionsResponse>;
export const ANSWER_MAX = 2000;
export const AnswerQuestionBody = z.object({
  answer: z.string({ error: 'Please write the answer' }).trim().min(1, 'Please write the answer').max(ANSWER_MAX, `Please keep the answer under ${ANSWER_MAX} characters`),
});
export type AnswerQuestionBody = z.input<typeof AnswerQuestionBody>;
export const PartnerQuestionResponse = z.object({ question: PartnerQuestionSchema });
export type PartnerQuestionResponse = z.infer<typeof PartnerQuestionResponse>;

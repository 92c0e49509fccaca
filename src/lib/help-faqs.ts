// The help centre (/help, ADR 39): the site-wide FAQs grouped by topic in the contract's order,
// with the count of each topic (the chips) before the visitor narrows anything.
import { FAQ_TOPIC_LABELS, FAQ_TOPICS, type Faq, type FaqTopic } from '../contract/faqs.ts';

export type FaqGroup = { topic: FaqTopic; label: string; faqs: Faq[] };
export type TopicCount = { topic: FaqTopic; label: string; count: number };

/** The element id of a topic's section on the page. */
export const topicSectionId = (topic: FaqTopic) => `help-${topic.replace(/_/g, '-')}`;

/** Topics in the contract's order, each with its questions by position; empty topics are left out. */
export function groupFaqsByTopic(faqs: readonly Faq[]): FaqGroup[] {
  const sorted = [...faqs].sort((a, b) => a.position - b.position || a.id - b.id);
  return FAQ_TOPICS.flatMap((topic) => {
    const mine = sorted.filter((f) => f.topic === topic);
    return mine.length > 0 ? [{ topic, label: FAQ_TOPIC_LABELS[topic], faqs: mine }] : [];
  });
}

export const topicCounts = (groups: readonly FaqGroup[]): TopicCount[] => groups.map((g) => ({ topic: g.topic, label: g.label, count: g.faqs.length }));

/** "1 answer" / "5 answers", with what narrowed them: "3 answers about Safety for “rain”". */
export function resultSummary(count: number, narrowed: { label?: string | undefined; q?: string | undefined }): string {
  const n = `${count} ${count === 1 ? 'answer' : 'answers'}`;
  const about = narrowed.label ? ` about ${narrowed.label}` : '';
  const words = narrowed.q ? ` for “${narrowed.q}”` : '';
  return `${n}${about}${words}`;
}

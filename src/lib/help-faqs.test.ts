import { describe, expect, it } from 'vitest';
import type { Faq } from '../contract/faqs.ts';
import { faqPageJsonLd } from './seo.ts';
import { groupFaqsByTopic, resultSummary, topicCounts, topicSectionId } from './help-faqs.ts';

const faq = (id: number, topic: Faq['topic'], position: number): Faq => ({ id, question: `Q${id}?`, answer: `A${id}.`, position, topic, fromTraveller: false });

describe('groupFaqsByTopic', () => {
  const groups = groupFaqsByTopic([faq(1, 'safety', 5), faq(2, 'booking', 2), faq(3, 'safety', 1), faq(4, 'general', 9)]);
  it('follows the contract’s topic order and leaves empty topics out', () => expect(groups.map((g) => g.topic)).toEqual(['general', 'booking', 'safety']));
  it('orders questions by position within a topic', () => expect(groups[2]?.faqs.map((f) => f.id)).toEqual([3, 1]));
  it('labels and counts each topic', () =>
    expect(topicCounts(groups)).toEqual([
      { topic: 'general', label: 'General', count: 1 },
      { topic: 'booking', label: 'Booking and payment', count: 1 },
      { topic: 'safety', label: 'Safety', count: 2 },
    ]));
  it('is empty without questions', () => expect(groupFaqsByTopic([])).toEqual([]));
});

describe('resultSummary', () => {
  it('counts one answer', () => expect(resultSummary(1, {})).toBe('1 answer'));
  it('names the topic and the words', () => expect(resultSummary(3, { label: 'Safety', q: 'rain' })).toBe('3 answers about Safety for “rain”'));
  it('says none', () => expect(resultSummary(0, { q: 'zebra' })).toBe('0 answers for “zebra”'));
});

it('gives each topic a section id', () => expect(topicSectionId('getting_there')).toBe('help-getting-there'));

it('describes the questions as a schema.org FAQPage', () =>
  expect(faqPageJsonLd([{ question: 'Q?', answer: 'A.' }])).toEqual({
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: [{ '@type': 'Question', name: 'Q?', acceptedAnswer: { '@type': 'Answer', text: 'A.' } }],
  }));

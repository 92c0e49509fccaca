import { describe, expect, it } from 'vitest';
import { similarity, trigrams, wordSimilarity } from './trigram.ts';

describe('trigrams', () => {
  it('pads each word as pg_trgm does', () => {
    expect([...trigrams('Cat')].sort()).toEqual(['  c', ' ca', 'at ', 'cat'].sort());
    expect(trigrams('a-b').size).toBe(4); // "  a", " a ", "  b", " b "
  });

  it('measures similarity as shared over all trigrams', () => {
    expect(similarity(trigrams('kayak'), trigrams('kayak'))).toBe(1);
    expect(similarity(trigrams('malasia'), trigrams('malaysia'))).toBeCloseTo(6 / 11);
    expect(similarity(trigrams(''), trigrams('x'))).toBe(0);
  });

  it.each([
    // Expected values are PostgreSQL's word_similarity() for the same arguments.
    ['kayak', 'Sunset Kayak at Krabi', 1],
    ['malasia', 'Malaysia', 0.54545456],
    ['kayk', 'Morning Kayak', 0.6],
    ['kayak krabi', 'Kayak Hire at Krabi', 0.57894737],
    ['singapre', 'Singapore', 0.6666667],
    ['si', 'Singapore', 0.6666667],
    ['zzqxj', 'Sunset Kayak at Krabi', 0],
  ])('word similarity of %s in %s', (q, name, expected) => {
    expect(wordSimilarity(q, name)).toBeCloseTo(expected);
  });

  it('looks at runs of words', () => {
    expect(wordSimilarity('forest bathing', 'Forest Bathing in Kyoto')).toBe(1);
  });
});

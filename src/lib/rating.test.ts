import { describe, expect, it } from 'vitest';
import { filledStars, ratingLabel } from './rating.ts';

describe('ratingLabel', () => {
  it('reads an average with one decimal and its review count', () => {
    expect(ratingLabel(4.6666, 25)).toBe('4.7 out of 5 stars, 25 reviews');
    expect(ratingLabel(5, 1)).toBe('5.0 out of 5 stars, 1 review');
    expect(ratingLabel(4.25, 12345)).toBe('4.3 out of 5 stars, 12,345 reviews');
  });

  it("reads one review's rating as a whole number of stars", () => {
    expect(ratingLabel(4)).toBe('4 out of 5 stars');
    expect(ratingLabel(3.5)).toBe('3.5 out of 5 stars');
  });
});

describe('filledStars', () => {
  it('rounds to a whole star within 0–5', () => {
    expect(filledStars(4.4)).toBe(4);
    expect(filledStars(4.5)).toBe(5);
    expect(filledStars(7)).toBe(5);
    expect(filledStars(-1)).toBe(0);
  });
});

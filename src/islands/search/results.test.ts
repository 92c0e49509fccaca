import { describe, expect, it } from 'vitest';
import { pageNumbers } from './results.ts';

describe('pager numbers', () => {
  it('shows first, last, the current page and its neighbours, with gaps', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(1, 3)).toEqual([1, 2, 3]);
    expect(pageNumbers(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageNumbers(10, 10)).toEqual([1, null, 9, 10]);
    expect(pageNumbers(2, 10)).toEqual([1, 2, 3, null, 10]);
  });
});

import { describe, expect, it } from 'vitest';
import { paginate } from './pagination.ts';

describe.each([
  [1, 20, 0, { totalPages: 1, prevPage: null, nextPage: null, isFirstPage: true, isLastPage: true, offset: 0 }],
  [1, 20, 45, { totalPages: 3, prevPage: null, nextPage: 2, isFirstPage: true, isLastPage: false, offset: 0 }],
  [2, 20, 45, { totalPages: 3, prevPage: 1, nextPage: 3, isFirstPage: false, isLastPage: false, offset: 20 }],
  [3, 20, 45, { totalPages: 3, prevPage: 2, nextPage: null, isFirstPage: false, isLastPage: true, offset: 40 }],
  [5, 20, 45, { totalPages: 3, prevPage: 4, nextPage: null, isFirstPage: false, isLastPage: true, offset: 80 }],
])('page %i of %i per page, %i records', (page, per, total, expected) => {
  it('matches the record', () => {
    expect(paginate(page, per, total)).toMatchObject({ ...expected, currentPage: page, limitValue: per, totalCount: total });
  });
});

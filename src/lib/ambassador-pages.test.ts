import { describe, expect, it } from 'vitest';
import { ambassadorSection, bars, tickIndexes } from './ambassador-pages.ts';

describe('ambassadorSection', () => {
  it.each([
    ['/ambassador/signup', 'signup'],
    ['/ambassador/status/', 'status'],
    ['/ambassador/bank-details/add', 'bank-details/add'],
    ['/ambassador/popular-products', 'popular-products'],
    ['/ambassador/nope', 'unknown'],
    ['/ambassador', 'unknown'],
  ])('%s → %s', (path, want) => expect(ambassadorSection(path)).toBe(want));
});

it('bars scale to the tallest value and keep negatives at zero', () => {
  const b = bars([0, 5, 10, -3], 40, 100, 2);
  expect(b.map((x) => x.height)).toEqual([0, 50, 100, 0]);
  expect(b[1]).toMatchObject({ x: 11, y: 50, width: 8 });
  expect(bars([], 10, 10)).toEqual([]);
  expect(bars([3], 640, 100)[0]).toMatchObject({ x: 300, width: 40, height: 100 });
  expect(bars([0, 0], 10, 10).every((x) => x.height === 0)).toBe(true);
});

it('tickIndexes spreads ticks including both ends', () => {
  expect(tickIndexes(7, 5)).toEqual([0, 2, 3, 5, 6]);
  expect(tickIndexes(3)).toEqual([0, 1, 2]);
  expect(tickIndexes(0)).toEqual([]);
});

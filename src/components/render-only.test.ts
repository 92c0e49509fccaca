import { describe, expect, it } from 'vitest';
import { inShard } from './render-only.ts';

describe('inShard', () => {
  const paths = Array.from({ length: 4000 }, (_, i) => `/experiences/kayak-${i}-x${(i * 7919) % 1000}`);

  it('puts every path in exactly one shard', () => {
    for (const path of paths) expect([0, 1, 2].filter((index) => inShard({ index, count: 3 }, path))).toHaveLength(1);
  });

  it('spreads the pages evenly over the shards', () => {
    const first = paths.filter((p) => inShard({ index: 0, count: 2 }, p)).length;
    expect(first).toBeGreaterThan(paths.length * 0.45);
    expect(first).toBeLessThan(paths.length * 0.55);
  });

  it('answers the same for the same path in every process', () => {
    expect(inShard({ index: 0, count: 2 }, '/cities/ubud')).toBe(inShard({ index: 0, count: 2 }, '/cities/ubud'));
    expect(inShard({ index: 1, count: 2 }, '/')).toBe(!inShard({ index: 0, count: 2 }, '/'));
  });
});

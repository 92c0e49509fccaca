import { describe, expect, it } from 'vitest';
import { camelizeKeys, snakeizeKeys, toCamelKey, toSnakeKey } from './key-case.ts';

describe.each([
  ['order_item_id', 'orderItemId'],
  ['exchanged_total_amount_with_conversion_fee', 'exchangedTotalAmountWithConversionFee'],
  ['id', 'id'],
  ['SGD', 'SGD'],
  ['webp_md_url', 'webpMdUrl'],
  ['is_first_page', 'isFirstPage'],
])('%s ⇄ %s', (snake, camel) => {
  it('camelizes', () => expect(toCamelKey(snake)).toBe(camel));
  it('snakeizes', () => expect(toSnakeKey(camel)).toBe(snake));
});

describe('deep conversion', () => {
  it('keeps data keys such as currency codes and age bands', () => {
    expect(toCamelKey('0_3')).toBe('0_3');
    expect(snakeizeKeys({ ratesBySgd: { MYR: 3.4 }, items: [{ slugCode: 'x' }] })).toEqual({
      rates_by_sgd: { MYR: 3.4 },
      items: [{ slug_code: 'x' }],
    });
  });
  it('leaves dates and arrays of scalars alone', () => {
    const d = new Date(0);
    expect(camelizeKeys({ created_at: d, ids: [1, 2] })).toEqual({ createdAt: d, ids: [1, 2] });
  });
});

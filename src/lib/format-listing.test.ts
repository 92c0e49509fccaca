import { describe, expect, it } from 'vitest';
import { listInWords, people, priceBasis } from './format-listing.ts';

describe.each([
  ['per_person', 'short_adventure', 'per person'],
  ['per_group', 'adventure', 'per group'],
  ['per_room', 'stay', 'per night'],
  ['per_room', 'adventure', 'per room'],
] as const)('priceBasis(%s, %s)', (unit, kind, expected) => {
  it(`is ${expected}`, () => expect(priceBasis(unit, kind)).toBe(expected));
});

describe.each([
  [[], ''],
  [['English'], 'English'],
  [['English', 'Thai'], 'English and Thai'],
  [['English', 'Malay', 'Dusun'], 'English, Malay and Dusun'],
])('listInWords(%o)', (items, expected) => {
  it(`is "${expected}"`, () => expect(listInWords(items)).toBe(expected));
});

describe('people', () => {
  it('is singular for one', () => expect(people(1)).toBe('1 person'));
  it('is plural otherwise', () => expect(people(8)).toBe('8 people'));
});

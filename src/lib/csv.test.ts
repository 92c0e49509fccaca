import { describe, expect, it } from 'vitest';
import { parseCsv, toCsv } from './csv.ts';

describe('toCsv', () => {
  it.each([
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+65 9123 4567', "'+65 9123 4567"],
    ['@cmd', "'@cmd"],
    ['', ''],
  ])('writes %j as %j', (input, out) => {
    expect(toCsv([[input]])).toBe(`${out}\r\n`);
  });

  it('writes numbers and empty cells as they are', () => {
    expect(toCsv([[1, -2.5, null, undefined, 'x']])).toBe('1,-2.5,,,x\r\n');
  });

  it('reads back what it wrote, record by record', () => {
    const rows = [
      ['Booking', 'Guest names', 'Requests'],
      ['VB-1', 'Ana "Nan" Lee; Bo, Chen', 'Line one\r\nline two'],
      ['VB-2', '', 'ünïcödé ✓'],
    ];
    expect(parseCsv(toCsv(rows))).toEqual(rows);
  });

  it('refuses an unclosed quote', () => {
    expect(() => parseCsv('"open,1\r\n')).toThrow(/Unclosed/);
  });
});

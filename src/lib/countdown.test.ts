import { describe, expect, it } from 'vitest';
import { countdown } from './countdown.ts';

const now = Date.parse('2026-07-01T10:00:00Z');

describe('countdown (spec §4)', () => {
  it.each([
    ['5 minutes', now + 5 * 60_000, '00:05:00', false],
    ['1 second', now + 1000, '00:00:01', false],
    ['a partial second rounds up', now + 1, '00:00:01', false],
    ['exactly now', now, '00:00:00', true],
    ['in the past', now - 60_000, '00:00:00', true],
    ['hours', now + (2 * 3600 + 3 * 60 + 4) * 1000, '02:03:04', false],
    ['hours modulo 24', now + (25 * 3600) * 1000, '01:00:00', false],
    ['an invalid date', Number.NaN, '00:00:00', true],
  ])('%s', (_what, expiry, text, done) => {
    const c = countdown(expiry, now);
    expect(c.text).toBe(text);
    expect(c.done).toBe(done);
  });

  it('takes ISO strings in UTC', () => expect(countdown('2026-07-01T10:01:30Z', now).text).toBe('00:01:30'));
});

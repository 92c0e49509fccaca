import { describe, expect, it } from 'vitest';
import { codeExpiry, countdown } from './countdown.ts';

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

describe('codeExpiry', () => {
  it('counts the server time left on this device’s clock', () => {
    // The device is 10 minutes ahead of the server; 4:30 are left.
    const deviceNow = now + 600_000;
    expect(codeExpiry('2026-07-01T10:04:30Z', new Date(now).toUTCString(), deviceNow).getTime()).toBe(deviceNow + 270_000);
  });
  it('never more than 5 minutes, never negative', () => {
    expect(codeExpiry('2026-07-01T11:00:00Z', new Date(now).toUTCString(), now).getTime()).toBe(now + 300_000);
    expect(codeExpiry('2026-07-01T09:00:00Z', new Date(now).toUTCString(), now).getTime()).toBe(now);
  });
  it('falls back to the expiry alone, then to 5 minutes from now', () => {
    expect(codeExpiry('2026-07-01T10:03:00Z', null, now).toISOString()).toBe('2026-07-01T10:03:00.000Z');
    expect(codeExpiry(undefined, undefined, now).getTime()).toBe(now + 300_000);
  });
});

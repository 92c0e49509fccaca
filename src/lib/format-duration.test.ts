import { describe, expect, it } from 'vitest';
import { formatDuration, type DurationFields } from './format-duration.ts';

const d = (kind: DurationFields['kind'], durationMinutes: number | null, durationDays: number | null = null, durationNights: number | null = null): DurationFields => ({
  kind,
  durationMinutes,
  durationDays,
  durationNights,
});

describe.each([
  [d('short_adventure', 1), '1 min'],
  [d('short_adventure', 45), '45 mins'],
  [d('short_adventure', 59), '59 mins'],
  [d('short_adventure', 60), '1 hr'],
  [d('short_adventure', 90), '1.5 hrs'],
  [d('short_adventure', 100), '1 hr 40 mins'],
  [d('short_adventure', 180), '3 hrs'],
  [d('flexible_adventure', 1439), '23 hrs 59 mins'],
  [d('adventure', 1440), '1 day'],
  [d('adventure', 2000), '2 days'],
  [d('adventure', null, 3, 2), '3 days, 2 nights'],
  [d('adventure', null, 1), '1 day'],
  [d('stay', null, null, 2), '2 nights'],
  [d('stay', null, null, 1), '1 night'],
  [d('stay', null, 3, null), '2 nights'],
  [d('stay', 120, null, null), null],
  [d('short_adventure', null), null],
  [d('short_adventure', 0), null],
])('formatDuration(%o)', (fields, expected) => {
  it(`is ${String(expected)}`, () => expect(formatDuration(fields)).toBe(expected));
});

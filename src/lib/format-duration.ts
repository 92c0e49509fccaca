// Duration of an experience in words (spec §9): under 60 minutes as minutes, under 24 hours
// as hours, else days; stays are measured in nights.
import type { OptionKind } from '../contract/options.ts';

export type DurationFields = {
  kind: OptionKind;
  durationMinutes: number | null;
  durationDays: number | null;
  durationNights: number | null;
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const nights = (n: number) => plural(n, 'night', 'nights');
const days = (n: number) => plural(n, 'day', 'days');

function hours(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (m === 0) return plural(h, 'hr', 'hrs');
  if (m === 30) return `${h}.5 hrs`;
  return `${plural(h, 'hr', 'hrs')} ${plural(m, 'min', 'mins')}`;
}

/** "45 mins", "3 hrs", "1.5 hrs", "3 days, 2 nights", "2 nights"; null when nothing is known. */
export function formatDuration(o: DurationFields): string | null {
  if (o.kind === 'stay') {
    if (o.durationNights && o.durationNights > 0) return nights(o.durationNights);
    if (o.durationDays && o.durationDays > 1) return nights(o.durationDays - 1);
    return null;
  }
  if (o.durationDays && o.durationDays > 0) {
    return o.durationNights && o.durationNights > 0 ? `${days(o.durationDays)}, ${nights(o.durationNights)}` : days(o.durationDays);
  }
  const m = o.durationMinutes;
  if (m === null || m <= 0) return null;
  if (m < 60) return plural(m, 'min', 'mins');
  if (m < 24 * 60) return hours(m);
  return days(Math.ceil(m / (24 * 60)));
}

// A month calendar of the bookable window (spec §5: today to the end of the month one year
// ahead, day-month-year): only operating dates can be chosen; sold-out dates are marked (and
// lead to the waitlist); nearly full ones get a dot. Stays pick a check-in and a check-out.
import { useMemo, useState } from 'react';
import type { AvailableDate } from '../../contract/booking.ts';
import { addDays, weekdayOf } from '../../lib/local-time.ts';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

type Props = {
  firstDate: string;
  lastDate: string;
  dates: readonly AvailableDate[];
  range: boolean;
  start: string | null;
  end: string | null;
  minNights: number;
  onPick: (date: string) => void;
};

const monthOf = (date: string) => date.slice(0, 7);
function nextMonth(ym: string, by: number): string {
  const [y, m] = ym.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return d.toISOString().slice(0, 7);
}

export default function Calendar({ firstDate, lastDate, dates, range, start, end, minNights, onPick }: Props) {
  const byDate = useMemo(() => new Map(dates.map((d) => [d.date, d])), [dates]);
  const firstOpen = dates.find((d) => d.status !== 'sold_out')?.date ?? firstDate;
  const [month, setMonth] = useState(monthOf(start ?? firstOpen));
  const [y, m] = month.split('-').map(Number) as [number, number];
  const first = `${month}-01`;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const lead = weekdayOf(first);
  const canPrev = month > monthOf(firstDate);
  const canNext = month < monthOf(lastDate);
  const choosingEnd = range && start !== null && end === null;

  const cells: (string | null)[] = [...Array.from({ length: lead }, () => null), ...Array.from({ length: days }, (_, i) => addDays(first, i))];

  return (
    <div className="cal">
      <div className="cal__head">
        <button type="button" className="cal__nav" onClick={() => setMonth(nextMonth(month, -1))} disabled={!canPrev} aria-label="Previous month">
          ‹
        </button>
        <p className="cal__month" aria-live="polite">
          {MONTHS[m - 1]} {y}
        </p>
        <button type="button" className="cal__nav" onClick={() => setMonth(nextMonth(month, 1))} disabled={!canNext} aria-label="Next month">
          ›
        </button>
      </div>
      <div className="cal__grid" role="grid" aria-label={`${MONTHS[m - 1]} ${y}`}>
        {DAYS.map((d) => (
          <span key={d} className="cal__dow" aria-hidden="true">
            {d}
          </span>
        ))}
        {cells.map((date, i) => {
          if (!date) return <span key={`x${i}`} />;
          const info = byDate.get(date);
          const inWindow = date >= firstDate && date <= lastDate;
          let selectable = inWindow && info !== undefined;
          if (choosingEnd && start) {
            // A check-out: after the check-in, at least the minimum stay, every night open.
            selectable = inWindow && date > start && date >= addDays(start, minNights) && nightsOpen(byDate, start, date);
          }
          const soldOut = info?.status === 'sold_out' && !choosingEnd;
          const selected = date === start || date === end;
          const between = range && start && end && date > start && date < end;
          const label = `${DAY_NAMES[weekdayOf(date)]} ${Number(date.slice(8))} ${MONTHS[m - 1]} ${y}${soldOut ? ', sold out' : info?.status === 'limited' ? ', a few places left' : selectable ? '' : ', not available'}`;
          return (
            <button
              key={date}
              type="button"
              className="cal__day"
              data-date={date}
              data-status={choosingEnd ? (selectable ? 'available' : undefined) : info?.status}
              data-selected={selected || undefined}
              data-between={between || undefined}
              disabled={!selectable}
              aria-pressed={selected}
              aria-label={label}
              onClick={() => onPick(date)}
            >
              {Number(date.slice(8))}
            </button>
          );
        })}
      </div>
      <p className="cal__legend">
        <span className="cal__key cal__key--limited">A few places left</span>
        <span className="cal__key cal__key--sold">Sold out</span>
      </p>
    </div>
  );
}

function nightsOpen(byDate: Map<string, AvailableDate>, start: string, end: string): boolean {
  for (let d = start; d < end; d = addDays(d, 1)) {
    const info = byDate.get(d);
    if (!info || info.status === 'sold_out') return false;
  }
  return true;
}

// The date-range calendar of the search bar (spec §5: from today to the end of the month one
// year ahead, shown day-month-year). One month at a time; the first pick starts the range, the
// second ends it. Arrow keys move between days (roving tab stop), Enter or Space picks.
import { useRef, useState, type KeyboardEvent } from 'react';
import { addDays, weekdayOf } from '../../lib/local-time.ts';
import { formatRange, pickDate, type DateRange, type DateWindow } from '../../lib/search-bar.ts';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];
const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const monthOf = (date: string) => date.slice(0, 7);
function shiftMonth(ym: string, by: number): string {
  const [y, m] = ym.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + by, 1)).toISOString().slice(0, 7);
}
function dayLabel(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${DAY_NAMES[weekdayOf(date)]} ${d} ${MONTHS[m - 1]} ${y}`;
}

type Props = {
  window: DateWindow;
  range: DateRange;
  onChange: (range: DateRange) => void;
  onDone?: () => void;
};

export default function DatesPicker({ window: win, range, onChange, onDone }: Props) {
  const [month, setMonth] = useState(monthOf(range.start ?? win.first));
  const [focusDate, setFocusDate] = useState(range.start ?? win.first);
  const gridRef = useRef<HTMLDivElement>(null);
  const [y, m] = month.split('-').map(Number) as [number, number];
  const first = `${month}-01`;
  const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const lead = weekdayOf(first);
  const days = Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
  const tabDate = days.includes(focusDate) && focusDate >= win.first && focusDate <= win.last ? focusDate : (days.find((d) => d >= win.first && d <= win.last) ?? days[0]);

  const moveFocus = (date: string) => {
    const clamped = date < win.first ? win.first : date > win.last ? win.last : date;
    setFocusDate(clamped);
    if (monthOf(clamped) !== month) setMonth(monthOf(clamped));
    requestAnimationFrame(() => gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${clamped}"]`)?.focus());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const date = target.dataset['date'];
    if (!date) return;
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }[event.key];
    if (step !== undefined) {
      event.preventDefault();
      moveFocus(addDays(date, step));
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      moveFocus(event.key === 'Home' ? first : (days[days.length - 1] as string));
    } else if (event.key === 'PageUp' || event.key === 'PageDown') {
      event.preventDefault();
      moveFocus(`${shiftMonth(month, event.key === 'PageUp' ? -1 : 1)}-01`);
    }
  };

  const inRange = (d: string) => range.start !== null && range.end !== null && d > range.start && d < range.end;
  const title = `${MONTHS[m - 1]} ${y}`;
  const summary = formatRange(range);

  return (
    <div className="sb-cal">
      <div className="sb-cal__head">
        <button type="button" className="sb-cal__nav" onClick={() => setMonth(shiftMonth(month, -1))} disabled={month <= monthOf(win.first)} aria-label="Previous month">
          ‹
        </button>
        <p className="sb-cal__title" aria-live="polite">
          {title}
        </p>
        <button type="button" className="sb-cal__nav" onClick={() => setMonth(shiftMonth(month, 1))} disabled={month >= monthOf(win.last)} aria-label="Next month">
          ›
        </button>
      </div>
      <div className="sb-cal__grid" role="group" aria-label={title} ref={gridRef} onKeyDown={onKeyDown}>
        {DAYS.map((d) => (
          <span key={d} className="sb-cal__dow" aria-hidden="true">
            {d}
          </span>
        ))}
        {Array.from({ length: lead }, (_, i) => (
          <span key={`lead-${i}`} aria-hidden="true" />
        ))}
        {days.map((d) => {
          const outside = d < win.first || d > win.last;
          const edge = d === range.start || d === range.end;
          return (
            <button
              key={d}
              type="button"
              data-date={d}
              className={`sb-cal__day${edge ? ' is-edge' : ''}${inRange(d) ? ' is-between' : ''}`}
              disabled={outside}
              tabIndex={d === tabDate ? 0 : -1}
              aria-pressed={edge || inRange(d)}
              aria-label={dayLabel(d)}
              onClick={() => {
                setFocusDate(d);
                onChange(pickDate(range, d, win));
              }}
            >
              {Number(d.slice(8))}
            </button>
          );
        })}
      </div>
      <div className="sb-cal__foot">
        <p className="sb-cal__summary" aria-live="polite">
          {summary || 'Choose your dates'}
        </p>
        <button type="button" className="sb-link" onClick={() => onChange({ start: null, end: null })} disabled={!range.start}>
          Clear
        </button>
        {onDone ? (
          <button type="button" className="button button--small" onClick={onDone}>
            Done
          </button>
        ) : null}
      </div>
    </div>
  );
}

// Adults and children counters (spec §5: guests = adults + children; decreasing goes down to 1
// then empty; whole numbers only, never negative).
import { useId } from 'react';
import { GUEST_MAX, parseCounter, stepCounter, type Guests } from '../../lib/search-bar.ts';

type Props = { guests: Guests; onChange: (guests: Guests) => void; onDone?: () => void };

const ROWS = [
  { key: 'adults', label: 'Adults', hint: 'Ages 13 or above', one: 'an adult' },
  { key: 'children', label: 'Children', hint: 'Ages 0 to 12', one: 'a child' },
] as const;

export default function GuestsPicker({ guests, onChange, onDone }: Props) {
  const id = useId();
  return (
    <div className="sb-guests">
      {ROWS.map((row) => {
        const value = guests[row.key];
        const inputId = `${id}-${row.key}`;
        return (
          <div className="sb-guests__row" key={row.key}>
            <label className="sb-guests__label" htmlFor={inputId}>
              <span>{row.label}</span>
              <span className="sb-guests__hint">{row.hint}</span>
            </label>
            <div className="sb-stepper">
              <button type="button" className="sb-stepper__btn" aria-label={`Remove ${row.one}`} aria-controls={inputId} disabled={value === null} onClick={() => onChange({ ...guests, [row.key]: stepCounter(value, -1) })}>
                −
              </button>
              <input
                id={inputId}
                className="sb-stepper__value"
                type="text"
                inputMode="numeric"
                pattern="[0-9]*"
                autoComplete="off"
                value={value ?? ''}
                placeholder="0"
                onChange={(e) => onChange({ ...guests, [row.key]: parseCounter(e.currentTarget.value) })}
              />
              <button type="button" className="sb-stepper__btn" aria-label={`Add ${row.one}`} aria-controls={inputId} disabled={value !== null && value >= GUEST_MAX} onClick={() => onChange({ ...guests, [row.key]: stepCounter(value, 1) })}>
                +
              </button>
            </div>
          </div>
        );
      })}
      {onDone ? (
        <div className="sb-guests__foot">
          <button type="button" className="button button--small" onClick={onDone}>
            Done
          </button>
        </div>
      ) : null}
    </div>
  );
}

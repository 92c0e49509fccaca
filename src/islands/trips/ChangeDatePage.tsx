// /trips/{id}/change-date: ask the operator to move the trip to another date and start time.
import { useState, type FormEvent } from 'react';
import type { Trip } from '../../contract/trips.ts';
import { errorMessage } from '../../api-client/client.ts';
import { requestDateChange } from '../../api-client/trips.ts';
import { whenText } from '../../lib/booking-format.ts';
import { formatTime } from '../../lib/format-date.ts';
import { tripHref } from '../../lib/trip-pages.ts';
import { SectionHead } from '../account/parts.tsx';
import { go, itemOf } from './trip-format.ts';
import { useOpenTimeslots } from './trip-hooks.ts';
import { Back } from './TripParts.tsx';

export default function ChangeDatePage({ trip }: { trip: Trip }) {
  const item = itemOf(trip);
  const [date, setDate] = useState('');
  const [slot, setSlot] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const slots = useOpenTimeslots(trip, date, {
    reset: () => {
      setSlot('');
      setError(null);
    },
    loaded: (open) => {
      if (open.length === 1) setSlot(open[0]!.id);
    },
    failed: setError,
  });
  if (!trip.actions.includes('change_date')) {
    return (
      <div className="acct-section trip-step">
        <Back trip={trip} />
        <SectionHead title="Change date" />
        <p className="trip-note">The date of this booking can’t be changed online.</p>
      </div>
    );
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!date || !slot) {
      setError('Please choose a new date and start time');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await requestDateChange({ orderItemId: trip.id, startDate: date, detailedTimeslotId: slot, ...(note.trim() ? { note: note.trim() } : {}) });
      go(tripHref(trip.id, 'change-date/success'));
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  };
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  return (
    <div className="acct-section trip-step">
      <Back trip={trip} />
      <SectionHead title="Change date" lede={`${item.option.name} · now ${whenText(item)}`} />
      <form className="acct-panel auth-form" onSubmit={submit} noValidate>
        <p className="acct-muted">The operator confirms the new date. Until they do, your booking stays as it is and the new places are held for you.</p>
        <div className="form-field">
          <label className="form-field__label" htmlFor="cd-date">
            New date
          </label>
          <input id="cd-date" type="date" min={tomorrow} value={date} onChange={(e) => setDate(e.target.value)} disabled={busy} required />
        </div>
        {date && slots === null && !error && <p className="acct-muted">Checking availability…</p>}
        {slots && slots.length === 0 && <p className="trip-note">No departure that day has room for your group. Please try another date.</p>}
        {slots && slots.length > 0 && (
          <fieldset className="trip-slots">
            <legend className="form-field__label">Start time</legend>
            {slots.map((s) => (
              <label key={s.id} className="trip-slot">
                <input type="radio" name="slot" value={s.id} checked={slot === s.id} onChange={() => setSlot(s.id)} disabled={busy} />
                {s.startTime ? formatTime(s.startTime) : 'All day'} <span className="acct-muted">· {s.unitsLeft} left</span>
              </label>
            ))}
          </fieldset>
        )}
        <div className="form-field">
          <label className="form-field__label" htmlFor="cd-note">
            Note for the operator (optional)
          </label>
          <textarea id="cd-note" rows={3} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} disabled={busy} />
        </div>
        {error && (
          <p className="form-field__error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          {busy ? 'Sending…' : 'Request the new date'}
        </button>
      </form>
    </div>
  );
}

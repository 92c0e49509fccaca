// /redeem-gift-experiences: the recipient enters their code, sees the experience, picks a date
// (and start time) with room, and books it: the trip lands in their account. Hydrates on first
// interaction; the code field is uncontrolled (a `?code=` link prefills it before hydration).
import { useState, type FormEvent } from 'react';
import type { Timeslot } from '../../contract/booking.ts';
import type { GiftExperienceCode } from '../../contract/gifts.ts';
import { ApiError, errorMessage } from '../../api-client/client.ts';
import { getAvailableDates, getTimeslots } from '../../api-client/booking.ts';
import { getGiftExperienceCode, redeemGiftExperience } from '../../api-client/gift-experiences.ts';
import { tripHref } from '../../lib/trip-pages.ts';
import { openLoginModal } from '../../stores/ui.ts';
import { $user, sessionReady } from '../../stores/user.ts';
import FormField from '../forms/FormField.tsx';
import './gifts.css';

type Found = { gift: GiftExperienceCode; dates: string[] };
const day = (d: string) => new Date(`${d}T00:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

export default function RedeemExperienceApp() {
  const [found, setFound] = useState<Found | null>(null);
  const [date, setDate] = useState('');
  const [slots, setSlots] = useState<Timeslot[]>([]);
  const [slot, setSlot] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ tripId: string; startDate: string } | null>(null);

  const lookUp = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    if (busy) return;
    setError(null);
    setBusy(true);
    // Sent the moment the page opened, the form waits for this page's answer on who is logged in.
    await sessionReady();
    if (!$user.get()) {
      setBusy(false);
      setError('Please log in or sign up to redeem your gift. Your code stays here.');
      openLoginModal();
      return;
    }
    const code = String(new FormData(form).get('code') ?? '').trim();
    if (!code) {
      setBusy(false);
      return setError('Please enter your gift code');
    }
    try {
      const { data: gift } = await getGiftExperienceCode(code);
      const { data: avail } = await getAvailableDates(gift.option.slugCode);
      setFound({ gift, dates: avail.dates.filter((d) => d.unitsLeft >= gift.guests).map((d) => d.date) });
    } catch (err) {
      setError(err instanceof ApiError && err.fields['code'] ? err.fields['code'] : errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const chooseDate = async (d: string) => {
    setDate(d);
    setSlot('');
    setSlots([]);
    if (!d || !found) return;
    try {
      const { data } = await getTimeslots(found.gift.option.slugCode, d);
      const open = data.timeslots.filter((s) => s.unitsLeft >= found.gift.guests);
      setSlots(open);
      setSlot(open[0]?.id ?? '');
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  const book = async (e: FormEvent) => {
    e.preventDefault();
    if (!found || busy) return;
    if (!date) return setError('Please choose a date');
    setBusy(true);
    setError(null);
    try {
      const { data } = await redeemGiftExperience({ code: found.gift.code, date, ...(slot ? { detailedTimeslotId: slot } : {}) });
      setDone(data);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  if (done && found) {
    return (
      <div className="gift-done" role="status">
        <h2>You’re booked!</h2>
        <p className="lead">
          {found.gift.option.name}, {day(done.startDate)}, for {found.gift.guests} {found.gift.guests === 1 ? 'guest' : 'guests'}.
        </p>
        <p>
          <a className="button" href={tripHref(done.tripId)}>
            See your trip
          </a>
        </p>
      </div>
    );
  }

  return (
    <div className="gift-redeem">
      <form className="gift-form" onSubmit={(e) => void lookUp(e)} noValidate>
        <FormField label="Gift code" error={found ? undefined : (error ?? undefined)} hint="It is in the e-mail you received, e.g. GX-1A2B3-…">
          <input name="code" type="text" autoComplete="off" autoCapitalize="characters" maxLength={40} readOnly={!!found} />
        </FormField>
        {!found && (
          <button type="submit" className="button button--accent" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Looking…' : 'Find my gift'}
          </button>
        )}
      </form>
      {found && (
        <form className="gift-form" onSubmit={(e) => void book(e)} noValidate>
          <div className="gift-found">
            <p className="eyebrow">A gift from {found.gift.senderName}</p>
            <h2>
              <a href={`/experiences/${found.gift.option.slugCode}`}>{found.gift.option.name}</a>
            </h2>
            <p>
              For {found.gift.guests} {found.gift.guests === 1 ? 'guest' : 'guests'} · use it before {found.gift.expiresAt.slice(0, 10)}
            </p>
            {found.gift.message && <blockquote>“{found.gift.message}”</blockquote>}
          </div>
          {found.dates.length === 0 ? (
            <p role="alert">No date has room for your group right now. Please check again soon.</p>
          ) : (
            <FormField label="Date">
              <select name="date" value={date} onChange={(e) => void chooseDate(e.target.value)}>
                <option value="">Choose a date</option>
                {found.dates.map((d) => (
                  <option key={d} value={d}>
                    {day(d)}
                  </option>
                ))}
              </select>
            </FormField>
          )}
          {slots.length > 1 && (
            <FormField label="Start time">
              <select name="slot" value={slot} onChange={(e) => setSlot(e.target.value)}>
                {slots.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.startTime ?? 'All day'}
                  </option>
                ))}
              </select>
            </FormField>
          )}
          {error && (
            <p className="gift-form__message" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="button button--accent" disabled={busy || !date} aria-busy={busy || undefined}>
            {busy ? 'Booking…' : 'Book this date'}
          </button>
          <p className="gift-form__terms">Gifts are non-refundable.</p>
        </form>
      )}
    </div>
  );
}

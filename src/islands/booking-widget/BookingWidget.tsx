// The booking widget of the experience page (issue 7 §2): a date (or check-in/check-out for
// stays) from the operating dates only, a start time or a room, guests on whole-number
// steppers, an optional pickup, and a live price in the chosen currency computed by the server
// (with the exchange rate and the 2 % fee when converted). Sold-out dates offer the waitlist.
// Hydrates on the first interaction (client:interaction): its server-rendered form looks
// complete, and the first click is replayed once it is live.
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Money } from '../../contract/common.ts';
import { ApiError, errorMessage } from '../../api-client/client.ts';
import { joinWaitlist } from '../../api-client/booking.ts';
import { formatDate, formatTime } from '../../lib/format-date.ts';
import { daysBetween } from '../../lib/local-time.ts';
import { addToCart } from '../../stores/cart.ts';
import { openMenu } from '../header/menu-store.ts';
import { formatPrice } from '../booking/money.ts';
import Calendar from './Calendar.tsx';
import { $dates, $isStay, $optionSlug, $quote, $selection, $slots, select, setGuests, type Guests } from './widget-data.ts';

export type WidgetOption = {
  slugCode: string;
  name: string;
  kind: 'stay' | 'short_adventure' | 'flexible_adventure' | 'adventure';
  priceUnit: 'per_person' | 'per_group' | 'per_room';
  bookType: 'instant' | 'request_to_book';
  useChildPrices: boolean;
  hasLocalPrice: boolean;
  minQty: number;
  maxQty: number;
  minAge: number | null;
  minNights: number;
  transportItems: { id: string; name: string; per: 'booking' | 'person'; price: Money }[];
};

type Props = { option: WidgetOption };

const GUEST_ROWS: { key: keyof Guests; label: string; hint: (o: WidgetOption) => string | null; show: (o: WidgetOption) => boolean }[] = [
  { key: 'adults', label: 'Adults', hint: (o) => (o.minAge ? `Age ${o.minAge} and up` : null), show: () => true },
  { key: 'children', label: 'Children', hint: () => 'Up to 12 years', show: (o) => o.priceUnit === 'per_person' && o.useChildPrices },
  { key: 'residents', label: 'Resident adults', hint: () => 'With local ID', show: (o) => o.hasLocalPrice },
  { key: 'residentChildren', label: 'Resident children', hint: () => 'With local ID', show: (o) => o.hasLocalPrice && o.useChildPrices },
];

const total = (g: Guests) => g.adults + g.children + g.residents + g.residentChildren;

function guestsSummary(g: Guests, o: WidgetOption): string {
  const n = total(g);
  if (!o.useChildPrices && !o.hasLocalPrice) return `${n} ${n === 1 ? 'guest' : 'guests'}`;
  return [
    g.adults && `${g.adults} ${g.adults === 1 ? 'adult' : 'adults'}`,
    g.children && `${g.children} ${g.children === 1 ? 'child' : 'children'}`,
    g.residents && `${g.residents} resident${g.residents === 1 ? '' : 's'}`,
    g.residentChildren && `${g.residentChildren} resident ${g.residentChildren === 1 ? 'child' : 'children'}`,
  ]
    .filter(Boolean)
    .join(', ');
}

function readEditParams(o: WidgetOption) {
  if (typeof window === 'undefined') return null;
  const q = new URLSearchParams(window.location.search);
  if (q.get('edit') !== '1') return null;
  const n = (k: string) => {
    const v = Number(q.get(k) ?? 0);
    return Number.isInteger(v) && v >= 0 && v <= 99 ? v : 0;
  };
  const room = Number(q.get('room'));
  return {
    date: q.get('date'),
    endDate: q.get('end'),
    slotId: q.get('slot'),
    roomId: Number.isInteger(room) && room > 0 ? room : null,
    pickup: o.transportItems.some((t) => t.id === q.get('pickup')) ? q.get('pickup') : null,
    guests: { adults: n('adults'), children: n('children'), residents: n('residents'), residentChildren: n('resident_children') },
  };
}

export default function BookingWidget({ option }: Props) {
  const stay = option.priceUnit === 'per_room';
  const [open, setOpen] = useState<'calendar' | 'guests' | null>(null);
  const [busy, setBusy] = useState<'book' | 'bag' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState(false);
  const sel = useStore($selection);
  const dates = useStore($dates);
  const slots = useStore($slots);
  const quote = useStore($quote);
  const hydrated = useRef(false);
  const uid = useId();

  useEffect(() => {
    if (hydrated.current) return;
    hydrated.current = true;
    $isStay.set(stay);
    $optionSlug.set(option.slugCode);
    const min = Math.max(1, option.minQty);
    const edit = readEditParams(option);
    if (edit && total(edit.guests) > 0) {
      $selection.set({ date: edit.date, endDate: stay ? edit.endDate : null, slotId: stay ? null : edit.slotId, roomId: stay ? edit.roomId : null, pickup: edit.pickup, guests: edit.guests });
    } else if (total($selection.get().guests) < min || total($selection.get().guests) > option.maxQty) {
      setGuests({ adults: Math.min(Math.max(min, 2), option.maxQty), children: 0, residents: 0, residentChildren: 0 });
    }
  }, [option, stay]);

  const guests = total(sel.guests);
  const dateInfo = dates.data?.dates.find((d) => d.date === sel.date);
  const reason = dates.error instanceof ApiError ? (dates.error.details['reason'] as string | undefined) : undefined;
  const soldOutDay = !stay && sel.date !== null && (dateInfo?.status === 'sold_out' || (slots.data !== undefined && slots.data.timeslots.length > 0 && slots.data.timeslots.every((t) => t.unitsLeft === 0)));
  const slot = slots.data?.timeslots.find((t) => t.id === sel.slotId);
  const room = slots.data?.rooms.find((r) => r.roomId === sel.roomId);
  const ready = sel.date !== null && (stay ? sel.endDate !== null && room !== undefined : slot !== undefined) && !soldOutDay;
  const fits = ready && quote.data?.availability && quote.data.availability.status !== 'sold_out';
  const nights = stay && sel.date && sel.endDate ? daysBetween(sel.date, sel.endDate) : 0;

  // Pick the only departure of a day for the traveller.
  useEffect(() => {
    const list = slots.data?.timeslots ?? [];
    if (!stay && sel.date && list.length > 0 && !list.some((t) => t.id === sel.slotId)) {
      const only = list.filter((t) => t.unitsLeft > 0);
      select({ slotId: only.length === 1 ? only[0]!.id : null });
    }
  }, [slots.data, sel.date, sel.slotId, stay]);

  const pickDate = (date: string) => {
    setError(null);
    setAdded(false);
    if (stay) {
      if (!sel.date || sel.endDate || date <= sel.date) select({ date, endDate: null, roomId: null });
      else {
        select({ endDate: date });
        setOpen(null);
      }
    } else {
      select({ date, slotId: null });
      setOpen(null);
    }
  };

  const book = async (mode: 'book' | 'bag') => {
    if (!ready || !sel.date) {
      setOpen('calendar');
      return;
    }
    setBusy(mode);
    setError(null);
    try {
      await addToCart({
        optionId: option.slugCode,
        startDate: sel.date,
        ...(stay ? { endDate: sel.endDate ?? undefined, roomId: sel.roomId ?? undefined } : { detailedTimeslotId: sel.slotId ?? undefined }),
        quantity: sel.guests.adults,
        childQuantity: sel.guests.children,
        localQuantity: sel.guests.residents,
        childLocalQuantity: sel.guests.residentChildren,
        transportItemId: sel.pickup,
      });
      if (mode === 'book') {
        window.location.assign('/checkout');
        return;
      }
      setAdded(true);
      openMenu('cart', 'click');
      window.scrollTo({ top: 0, behavior: 'smooth' });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  const dateLabel = sel.date ? (stay ? `${formatDate(sel.date)}${sel.endDate ? ` – ${formatDate(sel.endDate)}` : ' – check-out?'}` : formatDate(sel.date)) : stay ? 'Check-in – check-out' : 'Choose a date';

  if (reason === 'not_found' || reason === 'unpublished') {
    return (
      <div className="bw" data-booking-widget>
        <p className="bw__closed" role="status">
          {reason === 'unpublished' ? 'This experience is no longer available to book.' : 'This experience can no longer be found.'}
        </p>
      </div>
    );
  }

  return (
    <div className="bw" data-booking-widget>
      <div className="bw__fields">
        <button type="button" className="bw__field" aria-expanded={open === 'calendar'} aria-controls={`${uid}-cal`} onClick={() => setOpen(open === 'calendar' ? null : 'calendar')}>
          <span className="bw__field-label">{stay ? 'Dates' : 'Date'}</span>
          <span className="bw__field-value">{dateLabel}</span>
        </button>
        <button type="button" className="bw__field" aria-expanded={open === 'guests'} aria-controls={`${uid}-guests`} onClick={() => setOpen(open === 'guests' ? null : 'guests')}>
          <span className="bw__field-label">Guests</span>
          <span className="bw__field-value">{guestsSummary(sel.guests, option)}</span>
        </button>
      </div>

      {/* Both drops are in the server HTML, hidden: the tap that wakes the island opens one at
          once (client:interaction, docs/decisions/0027). The calendar shows its placeholder
          until React renders the real one, the same on the server and at hydration. */}
      <div className="bw__drop" id={`${uid}-cal`} hidden={open !== 'calendar'}>
        {open === 'calendar' ? (
          <>
            {dates.loading && !dates.data && <div className="skeleton bw__sk-cal" aria-busy="true" aria-label="Loading available dates" />}
            {dates.data && dates.data.reason === 'no_availability' && <p className="bw__note">No dates are open right now. Check back soon: operators add departures through the season.</p>}
            {dates.data && (
              <Calendar
                firstDate={dates.data.firstDate}
                lastDate={dates.data.lastDate}
                dates={dates.data.dates}
                range={stay}
                start={sel.date}
                end={sel.endDate}
                minNights={option.minNights}
                onPick={pickDate}
              />
            )}
            {dates.error && !reason && <p className="bw__error" role="alert">{errorMessage(dates.error)}</p>}
            {stay && sel.date && !sel.endDate && <p className="bw__hint">Now choose your check-out date{option.minNights > 1 ? ` (at least ${option.minNights} nights)` : ''}.</p>}
          </>
        ) : (
          <div className="skeleton bw__sk-cal" aria-busy="true">
            <span className="visually-hidden">Loading available dates</span>
          </div>
        )}
      </div>

      <div className="bw__drop" id={`${uid}-guests`} hidden={open !== 'guests'}>
        {GUEST_ROWS.filter((r) => r.show(option)).map((r) => {
          const value = sel.guests[r.key];
          const canDown = value > 0 && guests - 1 >= Math.max(1, option.minQty);
          const canUp = guests + 1 <= option.maxQty;
          const hint = r.hint(option);
          return (
            <div className="stepper" key={r.key}>
              <div>
                <p className="stepper__label" id={`${uid}-${r.key}`}>
                  {r.label}
                </p>
                {hint && <p className="stepper__hint">{hint}</p>}
              </div>
              <div className="stepper__controls" role="group" aria-labelledby={`${uid}-${r.key}`}>
                <button type="button" className="stepper__btn" aria-label={`One fewer: ${r.label.toLowerCase()}`} disabled={!canDown} onClick={() => setGuests({ [r.key]: value - 1 })}>
                  −
                </button>
                <output className="stepper__value" aria-live="polite">
                  {value}
                </output>
                <button type="button" className="stepper__btn" aria-label={`One more: ${r.label.toLowerCase()}`} disabled={!canUp} onClick={() => setGuests({ [r.key]: value + 1 })}>
                  +
                </button>
              </div>
            </div>
          );
        })}
        <p className="bw__hint">
          {option.minQty > 1 ? `For ${option.minQty} to ${option.maxQty} guests.` : `Up to ${option.maxQty} guests per booking.`}
        </p>
        <button type="button" className="button button--ghost bw__done" onClick={() => setOpen(null)}>
          Done
        </button>
      </div>

      {!stay && sel.date && !soldOutDay && (
        <fieldset className="bw__times">
          <legend className="bw__legend">Start time</legend>
          {slots.loading && !slots.data && <div className="skeleton bw__sk-line" aria-busy="true" />}
          <div className="bw__chips">
            {slots.data?.timeslots.map((t) => (
              <label key={t.id} className="bw__chip" data-status={t.status}>
                <input type="radio" name={`${uid}-slot`} value={t.id} checked={sel.slotId === t.id} disabled={t.unitsLeft === 0} onChange={() => select({ slotId: t.id })} />
                <span>
                  {t.startTime ? formatTime(t.startTime) : 'All day'}
                  <small>{t.status === 'sold_out' ? 'Sold out' : t.status === 'limited' ? `${t.unitsLeft} left` : ''}</small>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}

      {stay && sel.date && sel.endDate && (
        <fieldset className="bw__rooms">
          <legend className="bw__legend">Room, {nights} {nights === 1 ? 'night' : 'nights'}</legend>
          {slots.loading && !slots.data && <div className="skeleton bw__sk-line" aria-busy="true" />}
          {slots.data?.rooms.map((r) => (
            <label key={r.roomId} className="bw__room" data-status={r.status}>
              <input type="radio" name={`${uid}-room`} value={r.roomId} checked={sel.roomId === r.roomId} disabled={r.unitsLeft === 0} onChange={() => select({ roomId: r.roomId })} />
              <span className="bw__room-name">
                {r.name}
                <small>
                  Sleeps {r.maxGuests} · {r.privacy === 'shared' ? 'shared' : 'private'}
                  {r.status === 'sold_out' ? ' · sold out' : r.status === 'limited' ? ` · ${r.unitsLeft} left` : ''}
                </small>
              </span>
              <span className="bw__room-price">
                {formatPrice(r.pricePerNight, { trim: true })}
                <small>/ night</small>
              </span>
            </label>
          ))}
        </fieldset>
      )}

      {soldOutDay && sel.date && <Waitlist slugCode={option.slugCode} date={sel.date} guests={guests} />}

      {option.transportItems.length > 0 && !soldOutDay && (
        <div className="form-field bw__pickup">
          <label htmlFor={`${uid}-pickup`} className="form-field__label">
            Pickup
          </label>
          <select id={`${uid}-pickup`} value={sel.pickup ?? ''} onChange={(e) => select({ pickup: e.target.value || null })}>
            <option value="">No pickup: I’ll meet the guide</option>
            {option.transportItems.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
                {t.price.amount > 0 ? ` (+${formatPrice(t.price, { trim: true })}${t.per === 'person' ? ' per person' : ''})` : ' (free)'}
              </option>
            ))}
          </select>
        </div>
      )}

      {!soldOutDay && (
        <PriceBreakdown ready={!!ready} />
      )}

      {quote.error && <p className="bw__error" role="alert">{errorMessage(quote.error)}</p>}
      {ready && quote.data?.availability?.status === 'sold_out' && (
        <p className="bw__error" role="alert">
          {quote.data.availability.unitsLeft > 0 ? `Only ${quote.data.availability.unitsLeft} ${option.priceUnit === 'per_room' ? 'rooms' : 'places'} left: choose fewer guests or another date.` : 'Sold out: choose another date.'}
        </p>
      )}

      {!soldOutDay && (
        <div className="bw__actions">
          <button type="button" className="button button--accent bw__cta" data-booking-cta onClick={() => (ready ? void book('book') : setOpen('calendar'))} disabled={busy !== null || (ready && !fits)} aria-busy={busy === 'book' || undefined}>
            {busy === 'book' ? 'Reserving…' : ready ? (option.bookType === 'request_to_book' ? 'Request to book' : 'Book now') : 'Check availability'}
          </button>
          {ready && (
            <button type="button" className="button button--ghost bw__bag" onClick={() => void book('bag')} disabled={busy !== null || !fits} aria-busy={busy === 'bag' || undefined}>
              {busy === 'bag' ? 'Adding…' : 'Add to bag'}
            </button>
          )}
        </div>
      )}
      {error && (
        <p className="bw__error" role="alert">
          {error}
        </p>
      )}
      {added && (
        <p className="bw__added" role="status">
          Added to your bag.{' '}
          <a className="text-link" href="/checkout">
            Go to checkout
          </a>
        </p>
      )}
      {option.bookType === 'request_to_book' && ready && (
        <p className="bw__hint">You pay now; the operator confirms your date within two working days, or you get a full refund.</p>
      )}
    </div>
  );
}

function PriceBreakdown({ ready }: { ready: boolean }) {
  const quote = useStore($quote);
  const q = quote.data;
  if (!ready) return null;
  if (!q) return <div className="skeleton bw__sk-price" aria-busy="true" aria-label="Working out the price" />;
  return (
    <div className="bw__price" aria-live="polite">
      <dl>
        {q.exchangedLines.map((l) => (
          <div key={`${l.kind}-${l.label}`}>
            <dt>
              {l.quantity > 1 && l.kind !== 'group' ? `${l.quantity} × ` : ''}
              {l.label}
              {l.quantity > 1 && l.kind !== 'group' && <span className="muted"> at {formatPrice(l.unitAmount)}</span>}
            </dt>
            <dd>{formatPrice(l.amount)}</dd>
          </div>
        ))}
        <div className="bw__total">
          <dt>Total</dt>
          <dd data-testid="widget-total">{formatPrice(q.exchangedSubtotal)}</dd>
        </div>
      </dl>
      {q.exchange.feeApplied && (
        <p className="bw__fx">
          Priced in {q.exchange.from}; shown and charged in {q.exchange.to} at 1 {q.exchange.from} = {q.exchange.rateWithFee} {q.exchange.to}, which includes a 2% conversion fee.
        </p>
      )}
    </div>
  );
}

function Waitlist({ slugCode, date, guests }: { slugCode: string; date: string; guests: number }) {
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);
  const uid = useId();
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setState('busy');
    setError(null);
    try {
      await joinWaitlist({ optionId: slugCode, date, name: String(form.get('name') ?? ''), email: String(form.get('email') ?? ''), guests: Math.max(1, guests) });
      setState('done');
    } catch (err) {
      setError(errorMessage(err));
      setState('idle');
    }
  };
  if (state === 'done') {
    return (
      <p className="bw__waitlist bw__waitlist--done" role="status">
        You’re on the waitlist for {formatDate(date)}. We’ll e-mail you if places free up.
      </p>
    );
  }
  return (
    <form className="bw__waitlist" onSubmit={submit}>
      <p className="bw__waitlist-title">{formatDate(date)} is sold out</p>
      <p className="bw__hint">Join the waitlist and we’ll e-mail you the moment places free up.</p>
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${uid}-n`}>
          Name
        </label>
        <input id={`${uid}-n`} name="name" autoComplete="name" required />
      </div>
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${uid}-e`}>
          Email
        </label>
        <input id={`${uid}-e`} name="email" type="email" autoComplete="email" required />
      </div>
      {error && (
        <p className="bw__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={state === 'busy'} aria-busy={state === 'busy' || undefined}>
        {state === 'busy' ? 'Joining…' : 'Join the waitlist'}
      </button>
    </form>
  );
}

// Availability (issue 15, item 3): one of the operator's experiences, a month of its departures
// with seats sold and capacity, a capacity changed inline (a refusal — e.g. below the seats
// already sold — is shown beside its field), and the booked departures as an iCal file. The
// departures are the booking widget's own, so a change is live on the storefront at once.
import { useState } from 'react';
import { errorMessage } from '../../api-client/client.ts';
import { partnerDepartures, partnerDeparturesIcs, partnerOptions, setPartnerCapacity } from '../../api-client/partner.ts';
import type { PartnerDeparture, PartnerOption } from '../../contract/partner.ts';
import { MAX_DEPARTURE_CAPACITY, PartnerCapacityBody } from '../../contract/partner.ts';
import { formatDate, formatMonth, formatTime } from '../../lib/format-date.ts';
import { addDays } from '../../lib/local-time.ts';
import { Problem } from '../account/parts.tsx';
import { useApi } from '../account/use-api.ts';
import { ColumnHeads } from '../admin/AdminList.tsx';
import AvailabilitySettings from './AvailabilitySettings.tsx';
import CalendarFeed from './CalendarFeed.tsx';
import { useFileDownload, type Opened } from './parts.tsx';

/** 'YYYY-MM' → its first and last dates. */
function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { from: `${month}-01`, to: addDays(next, -1) };
}

function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const i = y * 12 + (m - 1) + by;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
}

const monthLabel = (month: string) => formatMonth(`${month}-01`);
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' });
const unitWord = (unit: PartnerOption['unit'], n: number) => `${unit}${n === 1 ? '' : 's'}`;

type RowState = { busy: boolean; error: string | null; saved: boolean };

function DepartureRow({ slug, option, dep, onSaved }: { slug: string; option: PartnerOption; dep: PartnerDeparture; onSaved: (d: PartnerDeparture) => void }) {
  const [value, setValue] = useState(String(dep.capacity));
  const [state, setState] = useState<RowState>({ busy: false, error: null, saved: false });
  // A new capacity from the server (a save, or the month read again) replaces what the field
  // shows, adjusted while rendering rather than in an effect (no frame with the old figure).
  const [shown, setShown] = useState(dep.capacity);
  if (shown !== dep.capacity) {
    setShown(dep.capacity);
    setValue(String(dep.capacity));
  }
  const id = `cap-${dep.date}-${dep.slot.replace(/[^\w-]/g, '')}`;
  const when = `${formatDate(dep.date)}${dep.startTime ? ` ${formatTime(dep.startTime)}` : dep.label ? ` ${dep.label}` : ''}`;
  const changed = value.trim() !== String(dep.capacity);

  async function save(e: React.FormEvent) {
    e.preventDefault();
    if (state.busy) return;
    // The API's own rules, checked before the call (an empty field is not 0).
    const checked = PartnerCapacityBody.safeParse({ capacity: value.trim() === '' ? NaN : Number(value) });
    if (!checked.success) {
      setState({ busy: false, error: checked.error.issues[0]?.message ?? `Enter a whole number from 0 to ${MAX_DEPARTURE_CAPACITY}.`, saved: false });
      return;
    }
    const { capacity } = checked.data;
    setState({ busy: true, error: null, saved: false });
    try {
      const r = await setPartnerCapacity(slug, option.id, dep.date, dep.slot, capacity);
      onSaved(r.data.departure);
      setState({ busy: false, error: null, saved: true });
    } catch (err) {
      // The API's message says why (e.g. "8 seats are already sold on this departure; …").
      console.error(`Capacity of ${option.id} ${dep.date} ${dep.slot} not saved`, err);
      setState({ busy: false, error: errorMessage(err), saved: false });
    }
  }

  const left = dep.capacity - dep.sold;
  return (
    <tr data-departure={`${dep.date}T${dep.slot}`}>
      <td className="ptn-col-when">
        <strong>{formatDate(dep.date)}</strong>
        <span className="adm-sub">{weekday(dep.date)}</span>
      </td>
      <td className="ptn-av-time">{dep.startTime ? formatTime(dep.startTime) : (dep.label ?? 'All day')}</td>
      <td className="ptn-av-sold">
        <span className="ptn-av-ratio">
          {dep.sold} / {dep.capacity}
        </span>
        <span className="adm-sub">{dep.closed ? 'Closed' : left <= 0 ? 'Sold out' : `${left} ${unitWord(option.unit, left)} left`}</span>
      </td>
      <td className="ptn-av-cap">
        {dep.editable ? (
          <form className="ptn-av-form" onSubmit={(e) => void save(e)} noValidate aria-busy={state.busy || undefined}>
            <label className="visually-hidden" htmlFor={id}>
              Capacity on {when}
            </label>
            <input
              id={id}
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_DEPARTURE_CAPACITY}
              step={1}
              value={value}
              aria-invalid={state.error ? true : undefined}
              aria-describedby={state.error ? `${id}-msg` : undefined}
              onChange={(e) => {
                setValue(e.target.value);
                setState({ busy: false, error: null, saved: false });
              }}
            />
            <button type="submit" className="button button--ghost" disabled={state.busy || !changed}>
              {state.busy ? 'Saving…' : 'Save'}
              <span className="visually-hidden"> capacity on {when}</span>
            </button>
            {state.error && (
              <p className="adm-field__error ptn-av-msg" id={`${id}-msg`} role="alert">
                {state.error}
              </p>
            )}
            {state.saved && (
              <p className="adm-field__hint ptn-av-msg" role="status">
                Saved: live on Verdant now.
              </p>
            )}
          </form>
        ) : (
          <span className="adm-sub">{dep.lockedBecause === 'beyond_window' ? 'Not on sale yet' : 'Today or past: fixed'}</span>
        )}
      </td>
    </tr>
  );
}

export default function Availability({ opened }: { opened: Opened }) {
  const slug = opened.operator.slug;
  const options = useApi(() => partnerOptions(slug), `options:${slug}`);
  const [picked, setPicked] = useState<number | null>(null);
  const [month, setMonth] = useState(() => new Date().toISOString().slice(0, 7));
  const ics = useFileDownload('iCal', () => partnerDeparturesIcs(slug));
  const list = options.state.status === 'ready' ? options.state.data.options : [];
  const option = list.find((o) => o.id === picked) ?? list[0] ?? null;
  const range = monthRange(month);
  const departures = useApi<{ departures: PartnerDeparture[] }>(
    () => (option ? partnerDepartures(slug, option.id, range) : Promise.resolve({ data: { departures: [] } })),
    `${slug}:${option?.id ?? 'none'}:${month}`,
  );
  // A saved row is replaced by the API's answer (the stored capacity and seats sold).
  const replace = (n: PartnerDeparture) => departures.set((data) => ({ departures: data.departures.map((d) => (d.date === n.date && d.slot === n.slot ? n : d)) }));

  const rows = departures.state.status === 'ready' ? departures.state.data.departures : [];

  return (
    <section className="adm-page">
      <header className="adm-pagehead">
        <div>
          <h1>Availability</h1>
          <p className="ptn-sub">Set how many {option ? unitWord(option.unit, 2) : 'seats'} each departure sells, when the experience runs, which dates are closed and its seasonal prices. Changes are live on Verdant at once; a departure can’t go below what is already sold, and 0 closes it to new bookings.</p>
        </div>
        <button type="button" className="button button--ghost" disabled={ics.busy} onClick={() => void ics.run()}>
          {ics.busy ? 'Preparing calendar…' : 'Download calendar (iCal)'}
        </button>
      </header>
      {ics.error && (
        <p className="adm-alert adm-alert--error" role="alert">
          The calendar could not be made: {ics.error}
        </p>
      )}
      {options.state.status === 'error' && <Problem text={options.state.error} onRetry={options.reload} />}

      <div className="adm-card adm-list">
        <div className="adm-toolbar ptn-toolbar ptn-av-toolbar">
          {/* A label beside (not around) the select: its name stays "Experience", not the option picked. */}
          <div className="adm-select ptn-av-option">
            <label className="ptn-toolbar__label" htmlFor="ptn-av-option">
              Experience
            </label>
            <select id="ptn-av-option" value={option?.id ?? ''} disabled={list.length === 0} onChange={(e) => setPicked(Number(e.target.value))}>
              {list.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                  {o.published ? '' : ' (not published)'}
                </option>
              ))}
            </select>
          </div>
          <div className="ptn-av-month" role="group" aria-label="Month">
            <button type="button" className="button button--ghost" onClick={() => setMonth((m) => shiftMonth(m, -1))} aria-label={`Previous month, ${monthLabel(shiftMonth(month, -1))}`}>
              ‹
            </button>
            <h2 className="ptn-av-monthname" aria-live="polite">
              {monthLabel(month)}
            </h2>
            <button type="button" className="button button--ghost" onClick={() => setMonth((m) => shiftMonth(m, 1))} aria-label={`Next month, ${monthLabel(shiftMonth(month, 1))}`}>
              ›
            </button>
          </div>
        </div>
        {departures.state.status === 'error' && <Problem text={departures.state.error} onRetry={departures.reload} />}
        {options.state.status === 'ready' && list.length === 0 ? (
          <div className="adm-empty">
            <p className="adm-empty__title">No experiences yet</p>
            <p className="muted">Once your experiences are on Verdant, their departures appear here.</p>
          </div>
        ) : (
          <div className="adm-table ptn-av ptn-stack" aria-busy={departures.state.status === 'loading'}>
            <table>
              <caption className="visually-hidden">
                Departures of {option?.name ?? 'the experience'} in {monthLabel(month)}
              </caption>
              <ColumnHeads columns={[['Date'], ['Time', 'ptn-av-time'], [`Sold / capacity`, 'ptn-av-sold'], ['Capacity', 'ptn-av-cap']]} />
              <tbody>
                {option &&
                  rows.map((d) => (
                    <DepartureRow key={`${option.id}:${d.date}T${d.slot}`} slug={slug} option={option} dep={d} onSaved={replace} />
                  ))}
              </tbody>
            </table>
            {departures.state.status === 'ready' && rows.length === 0 && (
              <div className="adm-empty">
                <p className="adm-empty__title">No departures in {monthLabel(month)}</p>
                <p className="muted">This experience doesn’t run this month (its weekdays or closed months).</p>
              </div>
            )}
          </div>
        )}
      </div>
      {/* When it runs, closed dates and seasonal prices (decision 33); a change re-reads the month above. */}
      {option && <AvailabilitySettings key={option.id} slug={slug} option={option} onChanged={departures.reload} />}
      <CalendarFeed slug={slug} />
    </section>
  );
}

// The rest of the availability calendar (issue 15, item 3; decision 33), under an experience's
// departures: when it runs (weekdays, closed months, the booking cut-off and the default capacity
// of a departure), closing or reopening a range of dates, and seasonal prices. Each form is one
// call at a time; the API's field messages land beside their fields.
import { useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage, refusalOf } from '../../api-client/client.ts';
import { closePartnerDates, createPartnerSeason, deletePartnerSeason, partnerRule, partnerSeasons, reopenPartnerDates, setPartnerRule, updatePartnerSeason } from '../../api-client/partner.ts';
import type { PartnerOption, PartnerPriceField, PartnerRuleResponse, PartnerSeason, PartnerSeasonBody, PartnerSeasonsResponse } from '../../contract/partner.ts';
import { MAX_CLOSE_RANGE_DAYS, MAX_DEPARTURE_CAPACITY, MAX_LEAD_DAYS, WEEKDAY_NAMES } from '../../contract/partner.ts';
import { formatDate } from '../../lib/format-date.ts';
import { addDays } from '../../lib/local-time.ts';
import { Problem } from '../account/parts.tsx';
import { useApi } from '../account/use-api.ts';
import { ColumnHeads } from '../admin/AdminList.tsx';
import { Field, FormProblem, useNotice, type FormError } from './parts.tsx';

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
const unitWords = (unit: PartnerOption['unit']) => (unit === 'seat' ? 'seats' : unit === 'group' ? 'groups' : 'rooms');
/** A field's number, or NaN when empty (the API then says what is missing). */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * One call of a form with several fields at a time: its refusal kept whole, so each field shows
 * its own message and the alert shows only what belongs to no field of the form.
 */
function useFieldsCall(names: readonly string[]) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const run = async (call: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await call();
    } catch (err) {
      console.error('Availability settings: call refused', err);
      setFailure(refusalOf(err));
    }
    setBusy(false);
  };
  const fieldError = (name: string): FormError | null => (failure?.fields[name] ? { message: failure.message, field: failure.fields[name] } : null);
  const general: FormError | null = failure && !names.some((n) => failure.fields[n]) ? { message: failure.message, field: null } : null;
  return { busy, run, fieldError, general, clear: () => setFailure(null) };
}

/** A group of chips (checkboxes) with a legend and its field error. */
function Chips({ id, legend, hint, items, picked, onToggle, error }: { id: string; legend: string; hint?: string; items: readonly { value: number; name: string }[]; picked: readonly number[]; onToggle: (v: number) => void; error: FormError | null }) {
  return (
    <fieldset className="ptn-chips" aria-describedby={[hint ? `${id}-hint` : '', error?.field ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined}>
      <legend className="adm-field__label">{legend}</legend>
      {hint && (
        <span className="adm-field__hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      <div className="adm-chips">
        {items.map((it) => (
          <label className="adm-chip" key={it.value}>
            <input type="checkbox" checked={picked.includes(it.value)} onChange={() => onToggle(it.value)} />
            {/* Three letters on screen (the pill right after the box), the whole name read out. */}
            <span aria-hidden="true">{it.name.slice(0, 3)}</span>
            <span className="visually-hidden">{it.name}</span>
          </label>
        ))}
      </div>
      {error?.field && (
        <span className="adm-field__error" id={`${id}-error`}>
          {error.field}
        </span>
      )}
    </fieldset>
  );
}

const toggle = (xs: readonly number[], v: number) => (xs.includes(v) ? xs.filter((x) => x !== v) : [...xs, v].sort((a, b) => a - b));

function RuleForm({ slug, option, loaded, onSaved }: { slug: string; option: PartnerOption; loaded: PartnerRuleResponse; onSaved: (r: PartnerRuleResponse) => void }) {
  const [weekdays, setWeekdays] = useState<number[]>(loaded.rule.weekdays);
  const [closed, setClosed] = useState<number[]>(loaded.rule.closedMonths);
  const [lead, setLead] = useState(String(loaded.rule.leadDays));
  const [capacity, setCapacity] = useState(String(loaded.rule.slotCapacity));
  const call = useFieldsCall(['weekdays', 'closedMonths', 'leadDays', 'slotCapacity']);
  const { setNotice, view: notice } = useNotice();
  const rooms = option.unit === 'room';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void call.run(async () => {
      const { data } = await setPartnerRule(slug, option.id, { weekdays, closedMonths: closed, leadDays: numberOf(lead), ...(rooms ? {} : { slotCapacity: numberOf(capacity) }) });
      onSaved(data);
      const outside = data.bookedOutsideRule > 0 ? ` ${plural(data.bookedOutsideRule, 'booked departure falls', 'booked departures fall')} on days it no longer runs: they stay booked, so cancel or move them from Bookings if they can’t go ahead.` : '';
      setNotice({ ok: true, text: `Saved: travellers can now book from ${formatDate(data.bookableFrom)} to ${formatDate(data.bookableTo)}.${outside}` });
    });
  };

  return (
    <form className="adm-card ptn-av-card" onSubmit={submit} noValidate aria-labelledby="ptn-rule-title" aria-busy={call.busy || undefined}>
      <h2 id="ptn-rule-title">When it runs</h2>
      <p className="muted">
        {loaded.rule.isDefault ? 'Verdant’s defaults apply until you save: every day, all year, bookable until the day before. ' : ''}
        {rooms ? 'Each room type sells its own number of rooms; change a night’s rooms in the list above.' : `The capacity here applies to dates without their own: departures already booked or changed in the list above keep theirs.`}
      </p>
      {notice}
      <div className="ptn-av-fields">
        <Chips
          id="ptn-rule-weekdays"
          legend="Runs on"
          items={WEEKDAY_NAMES.map((name, i) => ({ value: i, name }))}
          picked={weekdays}
          onToggle={(v) => setWeekdays((xs) => toggle(xs, v))}
          error={call.fieldError('weekdays')}
        />
        <Chips
          id="ptn-rule-months"
          legend="Closed months"
          hint="No departures at all in these months (monsoon, nesting season)."
          items={MONTH_NAMES.map((name, i) => ({ value: i + 1, name }))}
          picked={closed}
          onToggle={(v) => setClosed((xs) => toggle(xs, v))}
          error={call.fieldError('closedMonths')}
        />
        <Field
          id="ptn-rule-lead"
          label="Booking cut-off (days before)"
          hint={`1 = bookable until midnight the day before, 2 = until midnight two days before, and so on (the experience’s local time). At most ${MAX_LEAD_DAYS}.`}
          error={call.fieldError('leadDays')}
          control={(aria) => <input id="ptn-rule-lead" type="number" inputMode="numeric" min={1} max={MAX_LEAD_DAYS} step={1} value={lead} disabled={call.busy} {...aria} onChange={(e) => setLead(e.target.value)} />}
        />
        {!rooms && (
          <Field
            id="ptn-rule-capacity"
            label={`Default ${unitWords(option.unit)} per departure`}
            hint={option.unit === 'group' ? 'How many private groups one departure takes (usually 1).' : 'Used for every date that has no capacity of its own.'}
            error={call.fieldError('slotCapacity')}
            control={(aria) => <input id="ptn-rule-capacity" type="number" inputMode="numeric" min={1} max={MAX_DEPARTURE_CAPACITY} step={1} value={capacity} disabled={call.busy} {...aria} onChange={(e) => setCapacity(e.target.value)} />}
          />
        )}
      </div>
      <FormProblem error={call.general} />
      <div className="adm-actions">
        <button type="submit" className="button" disabled={call.busy}>
          {call.busy ? 'Saving…' : 'Save when it runs'}
        </button>
      </div>
    </form>
  );
}

function ClosureForm({ slug, option, first, last, onChanged }: { slug: string; option: PartnerOption; first: string; last: string; onChanged: () => void }) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const call = useFieldsCall(['from', 'to']);
  const { setNotice, view: notice } = useNotice();
  const act = (what: 'close' | 'reopen') =>
    void call.run(async () => {
      setNotice(null);
      const body = { from, to: to || from };
      const { data } = what === 'close' ? await closePartnerDates(slug, option.id, body) : await reopenPartnerDates(slug, option.id, body);
      const range = data.from === data.to ? formatDate(data.from) : `${formatDate(data.from)} – ${formatDate(data.to)}`;
      setNotice({
        ok: true,
        text:
          what === 'close'
            ? `Closed ${range}: ${plural(data.departures, 'departure')} no longer on sale.`
            : data.departures === 0
              ? `Nothing was closed in ${range}.`
              : `Reopened ${range}: ${plural(data.departures, 'departure')} on sale again.`,
      });
      onChanged();
    });
  return (
    <form className="adm-card ptn-av-card" onSubmit={(e) => {
        e.preventDefault();
        act('close');
      }} noValidate aria-labelledby="ptn-close-title" aria-busy={call.busy || undefined}>
      <h2 id="ptn-close-title">Close dates</h2>
      <p className="muted">Stop sales on a holiday, a private charter or a boat in for repairs: every departure of every date in the range closes at once, up to {MAX_CLOSE_RANGE_DAYS} days. Dates with bookings can’t close; we’ll tell you which.</p>
      {notice}
      <div className="ptn-av-fields ptn-av-fields--two">
        <Field id="ptn-close-from" label="From" error={call.fieldError('from')} control={(aria) => <input id="ptn-close-from" type="date" min={first} max={last} value={from} disabled={call.busy} {...aria} onChange={(e) => setFrom(e.target.value)} />} />
        <Field id="ptn-close-to" label="To (included)" hint="Leave empty for one day." error={call.fieldError('to')} control={(aria) => <input id="ptn-close-to" type="date" min={from || first} max={last} value={to} disabled={call.busy} {...aria} onChange={(e) => setTo(e.target.value)} />} />
      </div>
      <FormProblem error={call.general} />
      <div className="adm-actions">
        <button type="submit" className="button" disabled={call.busy}>
          {call.busy ? 'Working…' : 'Close these dates'}
        </button>
        <button type="button" className="button button--ghost" disabled={call.busy} onClick={() => act('reopen')}>
          Reopen these dates
        </button>
      </div>
    </form>
  );
}

/** What a season's price fields hold while being edited: text by field key (rooms as `room:<id>`). */
type PriceTexts = Record<string, string>;
const priceKey = (f: PartnerPriceField) => (f.key === 'room' ? `room:${f.roomId}` : f.key);
const wireName = (f: PartnerPriceField, i: number) => (f.key === 'room' ? `prices.rooms.${i}.pricePerNight` : `prices.${f.key}`);

function seasonPrices(view: PartnerSeasonsResponse, s: PartnerSeason): PriceTexts {
  const out: PriceTexts = {};
  for (const f of view.priceFields) {
    const m = f.key === 'room' ? s.prices.rooms.find((r) => r.roomId === f.roomId)?.pricePerNight : s.prices[f.key];
    out[priceKey(f)] = m ? String(m.amount) : '';
  }
  return out;
}

function bodyOf(view: PartnerSeasonsResponse, draft: { name: string; startDate: string; endDate: string; prices: PriceTexts }): PartnerSeasonBody {
  const prices: PartnerSeasonBody['prices'] = {};
  const rooms: { roomId: number; pricePerNight: number }[] = [];
  for (const f of view.priceFields) {
    const text = draft.prices[priceKey(f)] ?? '';
    if (text.trim() === '') continue;
    if (f.key === 'room') rooms.push({ roomId: f.roomId!, pricePerNight: Number(text) });
    else prices[f.key] = Number(text);
  }
  if (rooms.length > 0) prices.rooms = rooms;
  return { name: draft.name, startDate: draft.startDate, endDate: draft.endDate, prices };
}

const money = (m: { amount: number; currency: string }) => `${m.currency} ${m.amount.toLocaleString('en-GB', { maximumFractionDigits: 2 })}`;

function SeasonForm({ slug, option, view, editing, onDone, onCancel }: { slug: string; option: PartnerOption; view: PartnerSeasonsResponse; editing: PartnerSeason | null; onDone: (v: PartnerSeasonsResponse, text: string) => void; onCancel: () => void }) {
  const [draft, setDraft] = useState(() => ({ name: editing?.name ?? '', startDate: editing?.startDate ?? '', endDate: editing?.endDate ?? '', prices: editing ? seasonPrices(view, editing) : ({} as PriceTexts) }));
  const names = ['name', 'startDate', 'endDate', 'prices', 'prices.rooms', ...view.priceFields.map(wireName)];
  const call = useFieldsCall(names);
  const step = view.exponent === 0 ? '1' : `0.${'0'.repeat(view.exponent - 1)}1`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void call.run(async () => {
      const body = bodyOf(view, draft);
      const { data } = editing ? await updatePartnerSeason(slug, option.id, editing.id, body) : await createPartnerSeason(slug, option.id, body);
      onDone(data, `${editing ? 'Saved' : 'Added'} “${body.name.trim()}”: bookings from ${formatDate(body.startDate)} to ${formatDate(body.endDate)} are priced with it now.`);
    });
  };
  let roomIndex = -1;
  return (
    <form className="ptn-season-form" onSubmit={submit} noValidate aria-labelledby="ptn-season-form-title" aria-busy={call.busy || undefined}>
      <h3 id="ptn-season-form-title">{editing ? `Edit “${editing.name}”` : 'Add a season'}</h3>
      <div className="ptn-av-fields ptn-av-fields--three">
        <Field id="ptn-season-name" label="Name" error={call.fieldError('name')} control={(aria) => <input id="ptn-season-name" type="text" maxLength={60} value={draft.name} disabled={call.busy} {...aria} onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))} />} />
        <Field id="ptn-season-start" label="First date" error={call.fieldError('startDate')} control={(aria) => <input id="ptn-season-start" type="date" value={draft.startDate} disabled={call.busy} {...aria} onChange={(e) => setDraft((d) => ({ ...d, startDate: e.target.value }))} />} />
        <Field id="ptn-season-end" label="Last date (included)" error={call.fieldError('endDate')} control={(aria) => <input id="ptn-season-end" type="date" min={draft.startDate || undefined} value={draft.endDate} disabled={call.busy} {...aria} onChange={(e) => setDraft((d) => ({ ...d, endDate: e.target.value }))} />} />
      </div>
      <fieldset className="ptn-av-fields ptn-av-fields--three ptn-season-prices">
        <legend className="adm-field__label">Prices in {view.currency}</legend>
        {view.priceFields.map((f) => {
          if (f.key === 'room') roomIndex++;
          const id = `ptn-season-${priceKey(f).replace(':', '-')}`;
          const k = priceKey(f);
          const err = call.fieldError(wireName(f, roomIndex)) ?? (f.key === 'room' ? call.fieldError('prices.rooms') : null);
          return (
            <Field
              key={k}
              id={id}
              label={f.label}
              hint={`Usually ${money(f.standard)}`}
              error={err}
              control={(aria) => (
                <div className="adm-money">
                  <span aria-hidden="true">{view.currency}</span>
                  <input id={id} type="number" inputMode="decimal" min={0} step={step} value={draft.prices[k] ?? ''} disabled={call.busy} {...aria} onChange={(e) => setDraft((d) => ({ ...d, prices: { ...d.prices, [k]: e.target.value } }))} />
                </div>
              )}
            />
          );
        })}
      </fieldset>
      <FormProblem error={call.general} />
      <div className="adm-actions">
        <button type="submit" className="button" disabled={call.busy}>
          {call.busy ? 'Saving…' : editing ? 'Save season' : 'Add season'}
        </button>
        {editing && (
          <button type="button" className="button button--ghost" disabled={call.busy} onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

function pricesText(view: PartnerSeasonsResponse, s: PartnerSeason): ReactNode {
  const parts = view.priceFields.flatMap((f) => {
    const m = f.key === 'room' ? s.prices.rooms.find((r) => r.roomId === f.roomId)?.pricePerNight : s.prices[f.key];
    return m ? [`${f.label}: ${money(m)}`] : [];
  });
  return parts.join(' · ');
}

function Seasons({ slug, option }: { slug: string; option: PartnerOption }) {
  const loaded = useApi(() => partnerSeasons(slug, option.id), `seasons:${slug}:${option.id}`);
  const [editing, setEditing] = useState<PartnerSeason | null>(null);
  // A new form (empty, or another season's) after each save: its key changes.
  const [round, setRound] = useState(0);
  const { setNotice, view: notice } = useNotice();
  const [deleting, setDeleting] = useState<number | null>(null);

  if (loaded.state.status === 'loading') return <p className="muted">Loading seasonal prices…</p>;
  if (loaded.state.status === 'error') return <Problem text={loaded.state.error} onRetry={loaded.reload} />;
  const view = loaded.state.data;
  const remove = async (s: PartnerSeason) => {
    setDeleting(s.id);
    try {
      loaded.set((await deletePartnerSeason(slug, option.id, s.id)).data);
      if (editing?.id === s.id) setEditing(null);
      setNotice({ ok: true, text: `Deleted “${s.name}”: those dates are back at the usual prices.` });
    } catch (err) {
      console.error(`Season ${s.id} not deleted`, err);
      setNotice({ ok: false, text: errorMessage(err) });
    }
    setDeleting(null);
  };

  return (
    <section className="adm-card ptn-av-card ptn-av-card--wide" aria-labelledby="ptn-seasons-title">
      <h2 id="ptn-seasons-title">Seasonal prices</h2>
      <p className="muted">Charge more at peak times or less in the quiet months. A trip is priced by the season of its date; a stay prices each night by its own season. Outside every season, the usual prices apply. Seasons can’t overlap, and a stay’s bill names the season of its nights.</p>
      {notice}
      {view.priceFields.length === 0 ? (
        <p className="adm-alert">This experience has no prices to vary yet.</p>
      ) : (
        <>
          {view.seasons.length === 0 ? (
            <p className="ptn-av-none">No seasons yet: every date sells at the usual prices.</p>
          ) : (
            <div className="adm-table ptn-stack ptn-seasons">
              <table>
                <caption className="visually-hidden">Seasons of {option.name}</caption>
                <ColumnHeads columns={[['Season'], ['Dates', 'ptn-season-dates'], ['Prices', 'ptn-season-prices-col'], ['', 'ptn-col-act']]} />
                <tbody>
                  {view.seasons.map((s) => (
                    <tr key={s.id} data-season={s.name}>
                      <td>
                        <strong>{s.name}</strong>
                      </td>
                      <td className="ptn-season-dates">
                        {formatDate(s.startDate)} – {formatDate(s.endDate)}
                      </td>
                      <td className="ptn-season-prices-col">{pricesText(view, s)}</td>
                      <td className="ptn-col-act">
                        <span className="ptn-season-actions">
                          <button type="button" className="button button--ghost ptn-small" onClick={() => {
                              setEditing(s);
                              setRound((r) => r + 1);
                            }}>
                            Edit<span className="visually-hidden"> {s.name}</span>
                          </button>
                          <button type="button" className="button button--ghost ptn-small" disabled={deleting === s.id} onClick={() => void remove(s)}>
                            {deleting === s.id ? 'Deleting…' : 'Delete'}
                            <span className="visually-hidden"> {s.name}</span>
                          </button>
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <SeasonForm
            key={`${editing?.id ?? 'new'}:${round}`}
            slug={slug}
            option={option}
            view={view}
            editing={editing}
            onCancel={() => setEditing(null)}
            onDone={(v, text) => {
              loaded.set(v);
              setEditing(null);
              setRound((r) => r + 1);
              setNotice({ ok: true, text });
            }}
          />
        </>
      )}
    </section>
  );
}

/** The rule, closing dates and seasons of `option`; `onChanged` reads the departures again. */
export default function AvailabilitySettings({ slug, option, onChanged }: { slug: string; option: PartnerOption; onChanged: () => void }) {
  const rule = useApi(() => partnerRule(slug, option.id), `rule:${slug}:${option.id}`);
  return (
    <div className="ptn-av-settings">
      {rule.state.status === 'error' && <Problem text={rule.state.error} onRetry={rule.reload} />}
      {rule.state.status === 'ready' && (
        <>
          <RuleForm
            key={`${option.id}`}
            slug={slug}
            option={option}
            loaded={rule.state.data}
            onSaved={(r) => {
              rule.set(r);
              onChanged();
            }}
          />
          <ClosureForm slug={slug} option={option} first={addDays(new Date().toISOString().slice(0, 10), 1)} last={rule.state.data.bookableTo} onChanged={onChanged} />
        </>
      )}
      <Seasons key={option.id} slug={slug} option={option} />
    </div>
  );
}

// Corporate events in the back-office (ADR 0040): every company's event with its page address,
// the experiences it pays for and its codes (uses and limits); a new event (company, title,
// trip dates, an optional e-mail domain, the experiences) and a new code on an event.
import { useId, useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../api-client/client.ts';
import { adminCorporateEvents, createCorporateCode, createCorporateEvent } from '../../api-client/corporate.ts';
import type { AdminCorporateEvent, CorporateCode } from '../../contract/corporate.ts';
import { formatDate } from '../../lib/format-date.ts';
import { Loading, Problem } from '../account/parts.tsx';
import { useApi } from '../account/use-api.ts';
import { ExperiencePicker } from './ExperiencePicker.tsx';

type Errors = Record<string, string>;
const fieldsOf = (err: unknown): Errors => (err instanceof ApiError ? err.fields : {});

function Field({ label, error, hint, wide, children, id }: { label: string; error?: string | undefined; hint?: string; wide?: boolean; children: React.ReactNode; id: string }) {
  return (
    <div className={wide ? 'adm-field adm-field--wide' : 'adm-field'}>
      <label className="adm-field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <span className="adm-field__hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {children}
      {error && (
        <span className="adm-field__error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}

function NewEventForm({ onCreated, onCancel }: { onCreated: (e: AdminCorporateEvent) => void; onCancel: () => void }) {
  const uid = useId();
  const [v, setV] = useState({ companyName: '', title: '', description: '', emailDomain: '', startDate: '', endDate: '' });
  const [optionIds, setOptionIds] = useState<number[]>([]);
  const [names, setNames] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV((x) => ({ ...x, [k]: e.target.value }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    setProblem(null);
    try {
      const { data } = await createCorporateEvent({ ...v, emailDomain: v.emailDomain.trim() || null, optionIds });
      onCreated(data);
    } catch (err) {
      // An empty date is "Invalid ISO date" to the contract: say what is missing instead.
      const fields = { ...fieldsOf(err), ...(v.startDate ? {} : { startDate: 'Choose the first day' }), ...(v.endDate ? {} : { endDate: 'Choose the last day' }) };
      setErrors(fields);
      setProblem(Object.keys(fields).length ? 'Check the fields marked above.' : errorMessage(err));
      setBusy(false);
    }
  };
  const input = (k: keyof typeof v, type = 'text') => (
    <input id={`${uid}-${k}`} type={type} value={v[k]} onChange={set(k)} aria-invalid={errors[k] ? true : undefined} aria-describedby={errors[k] ? `${uid}-${k}-error` : undefined} />
  );
  return (
    <form className="adm-card" onSubmit={(e) => void submit(e)} noValidate aria-label="New corporate event">
      <fieldset className="adm-fields" disabled={busy}>
        <legend>New corporate event</legend>
        <Field id={`${uid}-companyName`} label="Company" error={errors['companyName']}>
          {input('companyName')}
        </Field>
        <Field id={`${uid}-title`} label="Event title" error={errors['title']}>
          {input('title')}
        </Field>
        <Field id={`${uid}-description`} label="Description" hint="Shown on the event page under the title." error={errors['description']} wide>
          <textarea id={`${uid}-description`} rows={3} value={v.description} onChange={set('description')} />
        </Field>
        <Field id={`${uid}-startDate`} label="First trip day" error={errors['startDate']}>
          {input('startDate', 'date')}
        </Field>
        <Field id={`${uid}-endDate`} label="Last trip day" error={errors['endDate']}>
          {input('endDate', 'date')}
        </Field>
        <Field id={`${uid}-emailDomain`} label="Employees’ e-mail domain (optional)" hint="Only members whose e-mail ends with @this domain can use the codes. Leave empty to let anyone with a code." error={errors['emailDomain']} wide>
          {input('emailDomain')}
        </Field>
        <ExperiencePicker
          label="Experiences the company pays for"
          items={optionIds}
          idOf={(x) => x}
          make={(x) => x}
          onChange={setOptionIds}
          names={names}
          onPicked={(id, name) => setNames((n) => ({ ...n, [String(id)]: name }))}
          rowError={() => undefined}
          error={errors['optionIds']}
          max={50}
        />
        {problem && (
          <p className="adm-alert adm-alert--error adm-field--wide" role="alert">
            {problem}
          </p>
        )}
        <div className="adm-actions adm-field--wide">
          <button type="submit" className="button">
            {busy ? 'Creating…' : 'Create event'}
          </button>
          <button type="button" className="button button--ghost" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </fieldset>
    </form>
  );
}

function NewCodeForm({ event, onCreated }: { event: AdminCorporateEvent; onCreated: (c: CorporateCode) => void }) {
  const uid = useId();
  const [v, setV] = useState({ code: '', maxUses: '', maxUsesPerEmployee: '1', maxGuests: '1' });
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV((x) => ({ ...x, [k]: e.target.value }));
  const whole = (s: string) => (/^\d+$/.test(s.trim()) ? Number(s) : NaN);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local: Errors = {};
    if (v.maxUses.trim() && Number.isNaN(whole(v.maxUses))) local['maxUses'] = 'Enter a whole number, or leave empty for no limit';
    if (Number.isNaN(whole(v.maxUsesPerEmployee))) local['maxUsesPerEmployee'] = 'Enter a whole number';
    if (Number.isNaN(whole(v.maxGuests))) local['maxGuests'] = 'Enter a whole number';
    setErrors(local);
    setProblem(null);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const { data } = await createCorporateCode(event.id, {
        ...(v.code.trim() ? { code: v.code.trim() } : {}),
        maxUses: v.maxUses.trim() ? whole(v.maxUses) : null,
        maxUsesPerEmployee: whole(v.maxUsesPerEmployee),
        maxGuests: whole(v.maxGuests),
      });
      setV({ code: '', maxUses: '', maxUsesPerEmployee: '1', maxGuests: '1' });
      onCreated(data);
    } catch (err) {
      const fields = fieldsOf(err);
      setErrors(fields);
      // A field's own message says it all (a taken code); anything else is said above the button.
      setProblem(Object.keys(fields).length ? null : errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const input = (k: keyof typeof v, mode: 'text' | 'numeric' = 'numeric') => (
    <input id={`${uid}-${k}`} type="text" inputMode={mode} value={v[k]} onChange={set(k)} aria-invalid={errors[k] ? true : undefined} aria-describedby={errors[k] ? `${uid}-${k}-error` : undefined} />
  );
  return (
    <form className="adm-corp__newcode" onSubmit={(e) => void submit(e)} noValidate aria-label={`New code for ${event.title}`}>
      <fieldset className="adm-fields adm-corp__codefields" disabled={busy}>
        <legend>Add a code</legend>
        <Field id={`${uid}-code`} label="Code" hint="Leave empty to make one up." error={errors['code']}>
          {input('code', 'text')}
        </Field>
        <Field id={`${uid}-maxUses`} label="Bookings in all" hint="Empty: no limit." error={errors['maxUses']}>
          {input('maxUses')}
        </Field>
        <Field id={`${uid}-maxUsesPerEmployee`} label="Bookings per employee" hint="Usually 1." error={errors['maxUsesPerEmployee']}>
          {input('maxUsesPerEmployee')}
        </Field>
        <Field id={`${uid}-maxGuests`} label="Guests per booking" hint="The employee included." error={errors['maxGuests']}>
          {input('maxGuests')}
        </Field>
        {problem && (
          <p className="adm-alert adm-alert--error adm-field--wide" role="alert">
            {problem}
          </p>
        )}
        <div className="adm-actions adm-field--wide">
          <button type="submit" className="button button--ghost">
            {busy ? 'Adding…' : 'Add code'}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

function EventCard({ event, onCode }: { event: AdminCorporateEvent; onCode: (c: CorporateCode) => void }) {
  const headingId = `adm-corp-${event.id}`;
  return (
    <li>
      <article className="adm-card adm-corp" aria-labelledby={headingId} data-event-id={event.id}>
        <header className="adm-corp__head">
          <div>
            <p className="adm-sub">{event.companyName}</p>
            <h2 id={headingId}>{event.title}</h2>
          </div>
          <span className={`adm-badge ${event.open ? 'adm-badge--published' : 'adm-badge--unpublished'}`}>{event.open ? 'Open' : 'Ended'}</span>
        </header>
        <dl className="adm-app__facts">
          <div>
            <dt>Trip dates</dt>
            <dd>
              {formatDate(event.startDate)} – {formatDate(event.endDate)}
            </dd>
          </div>
          <div>
            <dt>Who can use the codes</dt>
            <dd>{event.emailDomain ? `@${event.emailDomain} e-mails` : 'Any member with a code'}</dd>
          </div>
          <div className="adm-app__wide">
            <dt>Event page</dt>
            <dd>
              <a className="text-link adm-corp__url" href={new URL(event.url).pathname} target="_blank" rel="noopener">
                {event.url}
              </a>
            </dd>
          </div>
          <div className="adm-app__wide">
            <dt>Experiences</dt>
            <dd>{event.options.length ? event.options.map((o) => o.name).join(' · ') : <span className="muted">None on the site any more</span>}</dd>
          </div>
        </dl>
        {/* Scrolls sideways on a phone: focusable so a keyboard can scroll it too. */}
        <div className="adm-table" tabIndex={0} role="region" aria-label={`Codes of ${event.title}`}>
          <table>
            <caption className="visually-hidden">Codes of {event.title}</caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Used</th>
                <th scope="col">Per employee</th>
                <th scope="col">Guests</th>
              </tr>
            </thead>
            <tbody>
              {event.codes.length === 0 ? (
                <tr>
                  <td colSpan={4} className="muted">
                    No codes yet: add one below.
                  </td>
                </tr>
              ) : (
                event.codes.map((c) => (
                  <tr key={c.id}>
                    <td>
                      <strong className="adm-corp__code">{c.code}</strong>
                      {!c.active && <span className="adm-sub"> · switched off</span>}
                    </td>
                    <td>
                      {c.uses}
                      {c.maxUses !== null ? ` of ${c.maxUses}` : ' (no limit)'}
                    </td>
                    <td>{c.maxUsesPerEmployee}</td>
                    <td>{c.maxGuests}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
        <NewCodeForm event={event} onCreated={onCode} />
      </article>
    </li>
  );
}

export default function CorporateEvents() {
  const list = useApi(adminCorporateEvents, 'corporate-events');
  const events = list.state.status === 'ready' ? list.state.data.corporateEvents : null;
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <section className="adm-page">
      <header className="adm-pagehead">
        <div>
          <h1>Corporate events</h1>
          <p className="muted">{events ? `${events.length.toLocaleString('en')} ${events.length === 1 ? 'event' : 'events'}: companies paying for their team’s experiences` : '\u00a0'}</p>
        </div>
        {!creating && (
          <button type="button" className="button" onClick={() => setCreating(true)}>
            New event
          </button>
        )}
      </header>
      {notice && (
        <div className="adm-alert adm-alert--ok" role="status">
          <p>{notice}</p>
        </div>
      )}
      {creating && (
        <NewEventForm
          onCancel={() => setCreating(false)}
          onCreated={(e) => {
            list.set((d) => ({ corporateEvents: [e, ...d.corporateEvents] }));
            setCreating(false);
            setNotice(`Created ${e.title}. Add a code to it below, then send the employees the event page’s address.`);
          }}
        />
      )}
      {list.state.status === 'error' ? (
        <Problem text={list.state.error} onRetry={list.reload} />
      ) : !events ? (
        <Loading label="Loading the corporate events…" />
      ) : events.length === 0 ? (
        <div className="adm-card adm-empty">
          <p className="adm-empty__title">No corporate events yet</p>
          <p className="muted">Create one for a company that pays for its team’s experiences.</p>
        </div>
      ) : (
        <ul className="adm-corp__list" role="list">
          {events.map((e) => (
            <EventCard
              key={e.id}
              event={e}
              onCode={(c) => {
                list.set((d) => ({ corporateEvents: d.corporateEvents.map((x) => (x.id === e.id ? { ...x, codes: [...x.codes, c] } : x)) }));
                setNotice(`Added the code ${c.code} to ${e.title}.`);
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

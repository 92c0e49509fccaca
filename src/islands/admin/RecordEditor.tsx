// The editing screen every kind of record shares (experiences, articles): its state and actions
// (a draft saved beside the live record; preview, publish now or at a time, unpublish; revision
// history with restore; a save that lost a race with another editor is refused, 409, and the form
// keeps what was typed), the page head with its actions, the notices, and the publishing and
// history panels. Each kind gives its form (toForm / fromForm) and its fields as children.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RecordCalls } from '../../api-client/admin.ts';
import { ApiError, errorMessage } from '../../api-client/client.ts';
import type { EditStatus, PublishRunView, Revision } from '../../contract/admin.ts';
import { localToIso } from '../../lib/admin-pages.ts';
import { Loading, Problem } from '../account/parts.tsx';
import { formatWhen } from './format.ts';
import { RunState, StatusBadge } from './parts.tsx';
import { useRun } from './use-run.ts';

/** What every record's edit view carries (contract AdminExperience, AdminArticle). */
export type RecordView = {
  version: number;
  status: EditStatus;
  published: boolean;
  hasUnpublishedChanges: boolean;
  scheduledAt: string | null;
  updatedAt: string;
  updatedBy: { name: string } | null;
  lastRun: PublishRunView | null;
};

export type Notice = { kind: 'ok' | 'error' | 'conflict'; text: string };

// NaN (a number field whose text is not a number) differs from the null JSON would make of it.
const same = (a: unknown, b: unknown) => {
  const nan = (_k: string, v: unknown) => (typeof v === 'number' && Number.isNaN(v) ? 'NaN' : v);
  return JSON.stringify(a, nan) === JSON.stringify(b, nan);
};

type Options<View, Draft, Form> = {
  id: number;
  calls: RecordCalls<View, Draft>;
  /** 'experience', 'article' (in the editor's messages). */
  noun: string;
  toForm: (v: View) => Form;
  /** The form as a document, or the fields the browser can already tell are wrong. */
  fromForm: (f: Form, v: View) => { doc: Draft } | { errors: Record<string, string> };
};

export function useRecordEditor<View extends RecordView, Draft, Form>({ id, calls, noun, toForm, fromForm }: Options<View, Draft, Form>) {
  const [x, setX] = useState<View | null>(null);
  const [loadError, setLoadError] = useState<{ text: string; notFound: boolean } | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [revs, setRevs] = useState<Revision[] | null>(null);
  const [scheduleAt, setScheduleAt] = useState('');
  const [run, setRun, runLost] = useRun();
  const [preview, setPreview, previewLost] = useRun();
  // One action at a time, whatever started it (a button, or Cmd/Ctrl+S while another runs):
  // two saves of the same version would refuse the editor's own second one as a conflict.
  const inFlight = useRef(false);
  const saved = useRef<Form | null>(null);

  /**
   * Shows the record as the server answered it. `sent`: the form a save sent; what was typed
   * while that save was on its way stays in the form (and makes it dirty again).
   */
  const adopt = useCallback((data: View, sent?: Form) => {
    setX(data);
    const f = toForm(data);
    setForm((now) => (sent === undefined || now === sent ? f : now));
    saved.current = f;
    setErrors({});
    if (data.lastRun) setRun(data.lastRun);
  }, []);

  const loadRevisions = useCallback(() => {
    calls.revisions(id).then(({ data }) => setRevs(data.revisions), () => setRevs([]));
  }, [id]);

  const load = useCallback(() => {
    calls.get(id).then(
      ({ data }) => adopt(data),
      (err: unknown) => setLoadError({ text: errorMessage(err), notFound: err instanceof ApiError && err.status === 404 }),
    );
    loadRevisions();
  }, [id]);

  useEffect(() => {
    load();
  }, [load]);

  const dirty = !!form && !!saved.current && !same(form, saved.current);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    addEventListener('beforeunload', warn);
    return () => removeEventListener('beforeunload', warn);
  }, [dirty]);

  /** Handles a failed call: field messages, the version conflict, or the message. */
  function failed(e: unknown) {
    if (e instanceof ApiError && e.status === 422 && Object.keys(e.fields).length) {
      setErrors(e.fields);
      setNotice({ kind: 'error', text: `Please fix the marked fields: ${e.message}` });
    } else if (e instanceof ApiError && e.status === 409) {
      setNotice({ kind: 'conflict', text: e.message });
    } else {
      setNotice({ kind: 'error', text: errorMessage(e) });
    }
  }

  /** Saves the form if it changed; answers the version to act on, or null when it failed. */
  async function saveIfNeeded(): Promise<View | null> {
    if (!form || !x) return null;
    if (!dirty) return x;
    const built = fromForm(form, x);
    if ('errors' in built) {
      setErrors(built.errors);
      setNotice({ kind: 'error', text: 'Please fix the marked fields.' });
      return null;
    }
    try {
      const { data } = await calls.saveDraft(id, x.version, built.doc);
      adopt(data, form);
      loadRevisions();
      return data;
    } catch (e) {
      failed(e);
      loadRevisions();
      return null;
    }
  }

  async function act(label: string, fn: () => Promise<void>) {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(label);
    setNotice(null);
    try {
      await fn();
    } finally {
      inFlight.current = false;
      setBusy(null);
    }
  }

  /** Calls `fn`, adopts the record it answers and says `ok`; or shows why it failed. */
  const attempt = async (fn: () => Promise<{ data: View }>, ok: string, history = true) => {
    try {
      adopt((await fn()).data);
      if (history) loadRevisions();
      setNotice({ kind: 'ok', text: ok });
    } catch (e) {
      failed(e);
    }
  };

  const actions = {
    save: () =>
      act('save', async () => {
        const r = await saveIfNeeded();
        if (r) setNotice({ kind: 'ok', text: `Draft saved (version ${r.version}). The public site changes when you publish.` });
      }),
    publish: () =>
      act('publish', async () => {
        const r = await saveIfNeeded();
        if (r) await attempt(() => calls.publish(id, r.version), `Published. The pages that show this ${noun} are being rebuilt.`);
      }),
    schedule: () =>
      act('schedule', async () => {
        const at = localToIso(scheduleAt);
        if (!at) {
          setErrors({ at: 'Choose a date and time' });
          return;
        }
        const r = await saveIfNeeded();
        if (r) await attempt(() => calls.publish(id, r.version, at), `Scheduled: this draft goes live on ${formatWhen(at)}.`);
      }),
    cancelSchedule: () => act('cancel', () => attempt(() => calls.cancelSchedule(id), 'The scheduled publish is cancelled.', false)),
    unpublish: () =>
      act('unpublish', async () => {
        if (!x || !confirm(`Take this ${noun} off the site? Its page will answer “not found” and it leaves listings and search until you publish it again.`)) return;
        await attempt(() => calls.unpublish(id, x.version), 'Unpublished. The site is being updated.');
      }),
    preview: () =>
      act('preview', async () => {
        const r = await saveIfNeeded();
        if (!r) return;
        try {
          const { data } = await calls.preview(id);
          if (data.run) setPreview(data.run);
        } catch (e) {
          failed(e);
        }
      }),
    restore: (rev: Revision) =>
      act('restore', async () => {
        if (!x || (dirty && !confirm('You have unsaved changes. Restoring replaces them with the old version. Continue?'))) return;
        await attempt(() => calls.restore(id, rev.id, x.version), `Version ${rev.version} restored as a new draft. Publish to make it live.`);
      }),
  };

  /** Merges fields into the form (editors whose form is the draft itself). */
  const patchForm = (patch: Partial<Form>) => setForm((f) => (f ? { ...f, ...patch } : f));
  return { x, form, setForm, patchForm, errors, notice, setNotice, busy, revs, scheduleAt, setScheduleAt, run, runLost, preview, previewLost, dirty, load, setLoadError, loadError, actions };
}

/** What the shared parts of the screen read of the editor's state. */
export type RecordEditorState = {
  x: RecordView | null;
  busy: string | null;
  dirty: boolean;
  notice: Notice | null;
  setNotice: (n: Notice | null) => void;
  revs: Revision[] | null;
  errors: Record<string, string>;
  run: PublishRunView | null;
  runLost: string | null;
  preview: PublishRunView | null;
  previewLost: string | null;
  scheduleAt: string;
  setScheduleAt: (v: string) => void;
  load: () => void;
  loadError: { text: string; notFound: boolean } | null;
  setLoadError: (v: null) => void;
  actions: Record<'save' | 'publish' | 'schedule' | 'cancelSchedule' | 'unpublish' | 'preview', () => Promise<void>> & { restore: (r: Revision) => Promise<void> };
};

export function Field({ label, error, hint, children, wide }: { label: string; error?: string | undefined; hint?: string; children: React.ReactElement; wide?: boolean }) {
  return (
    <label className={`adm-field${wide ? ' adm-field--wide' : ''}`}>
      <span className="adm-field__label">{label}</span>
      {hint && <span className="adm-field__hint">{hint}</span>}
      {children}
      {error && (
        <span className="adm-field__error" role="alert">
          {error}
        </span>
      )}
    </label>
  );
}

/** Loading, not found, or a failure to load; null once the record is there. */
export function EditorGate({ ed, noun, listHref, listLabel }: { ed: RecordEditorState; noun: string; listHref: string; listLabel: string }) {
  if (ed.loadError) {
    return (
      <section className="adm-page">
        {ed.loadError.notFound ? (
          <div className="adm-card adm-empty">
            <p className="adm-empty__title">This {noun} doesn’t exist</p>
            <a className="button" href={listHref}>
              {listLabel}
            </a>
          </div>
        ) : (
          <Problem text={ed.loadError.text} onRetry={() => { ed.setLoadError(null); ed.load(); }} />
        )}
      </section>
    );
  }
  return <Loading label={`Loading the ${noun}…`} />;
}

const ACTION_LABEL: Record<Revision['action'], string> = {
  save: 'Saved',
  publish: 'Published',
  unpublish: 'Unpublished',
  schedule: 'Scheduled',
  schedule_failed: 'Scheduled publish failed',
  restore: 'Restored',
  refused: 'Refused save (conflict)',
  operator_change: 'Operator’s change',
};

type ChromeProps = {
  ed: RecordEditorState;
  title: string;
  back: { href: string; label: string };
  /** The public page; null when the record has none of its own. */
  liveHref: string | null;
  /** A problem loading the form's reference lists, shown above it. */
  problem?: React.ReactNode;
  fieldLabel: (field: string) => string;
  /** Why this kind cannot be taken off the site (no Unpublish button); absent: it can. */
  staysPublished?: string;
  /** False: the record has no page of its own to preview (no Preview button). */
  canPreview?: boolean;
  children: React.ReactNode;
};

/** The edit page around a kind's fields: head and actions, notices, publishing and history. */
export function EditorChrome({ ed, title, back, liveHref, problem, fieldLabel, staysPublished, canPreview = true, children }: ChromeProps) {
  const { x, busy, dirty, notice, revs, actions, errors } = ed;
  if (!x) return null;
  return (
    <section className="adm-page adm-edit" onKeyDown={(e) => { if ((e.metaKey || e.ctrlKey) && e.key === 's') { e.preventDefault(); if (dirty) void actions.save(); } }}>
      <header className="adm-pagehead adm-edit__head">
        <div>
          <a className="adm-back" href={back.href}>
            ← {back.label}
          </a>
          <h1>{title}</h1>
          <p className="adm-edit__meta">
            <StatusBadge status={dirty ? 'changed' : x.status} scheduledAt={x.scheduledAt} />
            <span className="muted">
              {x.version ? `Version ${x.version}` : 'No draft yet: showing what is live'}
              {x.updatedBy ? ` · saved by ${x.updatedBy.name} ${formatWhen(x.updatedAt)}` : ''}
              {dirty ? ' · unsaved changes' : ''}
            </span>
          </p>
        </div>
        <div className="adm-actions">
          {liveHref && (
            <a className="button button--ghost" href={liveHref} target="_blank" rel="noopener">
              View live
            </a>
          )}
          {canPreview && (
            <button type="button" className="button button--ghost" onClick={actions.preview} disabled={!!busy}>
              {busy === 'preview' ? 'Preparing…' : 'Preview'}
            </button>
          )}
          <button type="button" className="button button--ghost" onClick={actions.save} disabled={!!busy || !dirty}>
            {busy === 'save' ? 'Saving…' : 'Save draft'}
          </button>
          <button type="button" className="button" onClick={actions.publish} disabled={!!busy || (!dirty && x.status === 'published')}>
            {busy === 'publish' ? 'Publishing…' : 'Publish'}
          </button>
        </div>
      </header>

      {problem}
      {revs?.[0]?.action === 'schedule_failed' && (
        <div className="adm-alert adm-alert--error" role="alert">
          <p>{revs[0].note}</p>
        </div>
      )}
      {notice && (
        <div className={`adm-alert adm-alert--${notice.kind}`} role={notice.kind === 'ok' ? 'status' : 'alert'}>
          <p>{notice.text}</p>
          {notice.kind === 'conflict' && (
            <p className="adm-alert__actions">
              <button type="button" className="button button--ghost" onClick={() => { ed.setNotice(null); ed.load(); }}>
                Load the newest version
              </button>
              <span className="muted">Your text stays on screen until you do; copy what you need first.</span>
            </p>
          )}
        </div>
      )}
      {ed.run && <RunState run={ed.run} lost={ed.runLost} />}
      {ed.preview && <RunState run={ed.preview} lost={ed.previewLost} />}

      <div className="adm-edit__grid">
        <div className="adm-edit__main">{children}</div>

        <aside className="adm-edit__side">
          <div className="adm-card adm-side">
            <h2>Publishing</h2>
            <p className="muted">
              {x.status === 'unpublished'
                ? 'Not on the site. Publish to bring it back.'
                : x.hasUnpublishedChanges || dirty
                  ? 'The site shows the last published version; your draft is not live yet.'
                  : 'The site shows this version.'}
            </p>
            {x.scheduledAt ? (
              <div className="adm-scheduled">
                <p>
                  Goes live <strong>{formatWhen(x.scheduledAt)}</strong>
                </p>
                <button type="button" className="button button--ghost" onClick={actions.cancelSchedule} disabled={!!busy}>
                  Cancel schedule
                </button>
              </div>
            ) : (
              <div className="adm-schedule">
                <Field label="Publish later" error={errors['at']}>
                  <input type="datetime-local" value={ed.scheduleAt} onChange={(e) => ed.setScheduleAt(e.target.value)} />
                </Field>
                <button type="button" className="button button--ghost" onClick={actions.schedule} disabled={!!busy || !ed.scheduleAt}>
                  {busy === 'schedule' ? 'Scheduling…' : 'Schedule'}
                </button>
              </div>
            )}
            {x.published && !staysPublished && (
              <button type="button" className="adm-danger" onClick={actions.unpublish} disabled={!!busy}>
                Unpublish
              </button>
            )}
            {staysPublished && <p className="adm-note">{staysPublished}</p>}
          </div>

          <div className="adm-card adm-side">
            <h2>History</h2>
            {!revs && <p className="muted">Loading…</p>}
            {revs && revs.length === 0 && <p className="muted">No changes from the back-office yet.</p>}
            <ol className="adm-history" role="list">
              {revs?.slice(0, 30).map((r) => (
                <li key={r.id} data-revision={r.version}>
                  <div>
                    <strong>{ACTION_LABEL[r.action]}</strong> <span className="muted">v{r.version}</span>
                    <span className="adm-sub">
                      {r.by.name} · {formatWhen(r.createdAt)}
                    </span>
                    {r.changedFields.length > 0 && <span className="adm-sub">Changed: {r.changedFields.map(fieldLabel).join(', ')}</span>}
                    {r.note && <span className="adm-sub">{r.note}</span>}
                  </div>
                  <button type="button" className="text-link" onClick={() => actions.restore(r)} disabled={!!busy}>
                    Restore
                  </button>
                </li>
              ))}
            </ol>
          </div>
        </aside>
      </div>
    </section>
  );
}

/** Marks every number of the draft whose field text is not a number (NumberField sets NaN). */
export function markNaN(v: unknown, path: string, out: Record<string, string>) {
  if (typeof v === 'number' && Number.isNaN(v)) out[path] = 'Enter a number';
  else if (Array.isArray(v)) v.forEach((x, i) => markNaN(x, `${path}.${i}`, out));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) markNaN(x, `${path}.${k}`, out);
}

/** A number field's text: null when empty, NaN when it is not a number (yet). */
function readNumber(text: string, decimal: boolean): number | null {
  const t = text.trim();
  if (t === '') return null;
  return (decimal ? /^-?(\d+(\.\d*)?|\.\d+)$/ : /^\d+$/).test(t) ? Number(t) : Number.NaN;
}

/** `list` with its item `i` moved one place up (-1) or down (1). */
export function moveItem<T>(list: readonly T[], i: number, by: -1 | 1): T[] {
  const next = [...list];
  [next[i], next[i + by]] = [next[i + by]!, next[i]!];
  return next;
}

/**
 * A number typed as text: the text stays as typed ("1.", "-6.") while the draft holds its
 * value, so a decimal point or a minus sign can be typed; text that is not a number is marked
 * at once and holds NaN in the draft, which blocks saving (fromForm).
 */
export function NumberField({ label, error, value, onValue, decimal = false }: { label: string; error?: string | undefined; value: number | null; onValue: (v: number | null) => void; decimal?: boolean }) {
  const [text, setText] = useState(value === null || Number.isNaN(value) ? '' : String(value));
  const typed = readNumber(text, decimal);
  useEffect(() => {
    // A value set from outside (a restore, a reload) replaces the text.
    if (!Object.is(typed, value)) setText(value === null || Number.isNaN(value) ? '' : String(value));
  }, [value]);
  const bad = Number.isNaN(typed) && !/^-?\.?$/.test(text.trim());
  return (
    <Field label={label} error={bad ? (decimal ? 'Enter a number like 1.3521' : 'Enter a whole number') : error}>
      <input
        inputMode={decimal ? 'decimal' : 'numeric'}
        aria-invalid={bad || !!error || undefined}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onValue(readNumber(e.target.value, decimal));
        }}
      />
    </Field>
  );
}


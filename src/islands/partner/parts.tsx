// Small shared pieces of the partner back-office: the opened operator and its links, the
// booking status badge, a file download (the CSV, the iCal feed), and the small forms' parts:
// one call at a time with its refusal, a labelled field with its error, the focused notice.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ApiError, errorMessage } from '../../api-client/client.ts';
import type { BookingStatus } from '../../contract/booking.ts';
import type { PartnerOperator } from '../../contract/partner.ts';
import { PARTNER_STATUS_LABELS } from '../../lib/partner-pages.ts';

/** The operator on screen; `param` keeps `?operator=` in links when the viewer can open several. */
export type Opened = { operator: PartnerOperator; param: string | null };
export const hrefIn = (o: Opened, path: string) => `${path}${o.param ? `${path.includes('?') ? '&' : '?'}operator=${encodeURIComponent(o.param)}` : ''}`;

export function BookingBadge({ status }: { status: BookingStatus }) {
  return <span className={`adm-badge ptn-badge--${status}`}>{PARTNER_STATUS_LABELS[status]}</span>;
}

/**
 * A file the API makes (it needs the session, so it is fetched, then saved from memory): `run`
 * downloads it once at a time; `error` says why it failed (the console has the cause).
 */
export function useFileDownload(what: string, fetchFile: () => Promise<{ blob: Blob; filename: string }>) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const run = async () => {
    if (state.busy) return;
    setState({ busy: true, error: null });
    try {
      const { blob, filename } = await fetchFile();
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = filename;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      setState({ busy: false, error: null });
    } catch (err) {
      console.error(`${what} download failed`, err);
      setState({ busy: false, error: errorMessage(err) });
    }
  };
  return { ...state, run };
}

/** A refusal as a form shows it: the message, and the text for the field it names (or null). */
export type FormError = { message: string; field: string | null };
export const formErrorOf = (err: unknown, field: string): FormError => ({ message: errorMessage(err), field: err instanceof ApiError ? (err.fields[field] ?? null) : null });

/** One call of a small form at a time: busy while it runs, its refusal kept for `field` and the alert. */
export function useFormCall(field: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FormError | null>(null);
  const run = async (call: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await call();
    } catch (err) {
      setError(formErrorOf(err, field));
    }
    setBusy(false);
  };
  return { busy, error, run };
}

/** A labelled control with an optional hint and its field error; `control` gets the ARIA that ties them. */
export function Field({ id, label, hint, error, control }: { id: string; label: string; hint?: string; error: FormError | null; control: (aria: { 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode }) {
  const described = [hint ? `${id}-hint` : '', error?.field ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="adm-field">
      <label className="adm-field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <span className="adm-field__hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {control({ ...(error?.field ? { 'aria-invalid': true as const } : {}), ...(described ? { 'aria-describedby': described } : {}) })}
      {error?.field && (
        <span className="adm-field__error" id={`${id}-error`}>
          {error.field}
        </span>
      )}
    </div>
  );
}

/** The refusal that belongs to no field, as an alert. */
export function FormProblem({ error }: { error: FormError | null }) {
  if (!error || error.field) return null;
  return (
    <p className="adm-alert adm-alert--error" role="alert">
      {error.message}
    </p>
  );
}

export type Notice = { ok: boolean; text: string };

/** The outcome of an action, announced and focused so a keyboard or screen-reader user hears it. */
export function useNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) ref.current?.focus();
  }, [notice]);
  const view = notice && (
    <div className={`adm-alert ${notice.ok ? 'adm-alert--ok' : 'adm-alert--error'}`} role={notice.ok ? 'status' : 'alert'} tabIndex={-1} ref={ref}>
      <p>{notice.text}</p>
    </div>
  );
  return { notice, setNotice, view };
}

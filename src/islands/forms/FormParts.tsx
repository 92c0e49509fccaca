// The pieces every API form shares: the confirmation that takes focus once sent, and the
// footer with the form-level error and the submit button.
import { useEffect, useRef, type ReactNode } from 'react';

export function FormDone(props: { title: string; children: ReactNode; againLabel: string; onAgain: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="form-done" ref={ref} tabIndex={-1} role="status">
      <p className="form-done__title">{props.title}</p>
      <p>{props.children}</p>
      <button type="button" className="button button--quiet" onClick={props.onAgain}>
        {props.againLabel}
      </button>
    </div>
  );
}

type ErrorState = { status: string; message?: string; fields?: Record<string, string> };

export function FormFooter(props: { state: ErrorState; sending: boolean; submitLabel: string }) {
  const { state } = props;
  const hasFieldErrors = state.status === 'error' && Object.keys(state.fields ?? {}).length > 0;
  return (
    <>
      {state.status === 'error' && (
        <p className="api-form__error" role="alert">
          {hasFieldErrors ? 'Please check the fields marked above.' : state.message}
        </p>
      )}
      <div className="api-form__actions">
        <button type="submit" className="button" disabled={props.sending}>
          {props.sending ? 'Sending…' : props.submitLabel}
        </button>
      </div>
    </>
  );
}

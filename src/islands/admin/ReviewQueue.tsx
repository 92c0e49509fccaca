// A review queue of the back-office (operators' changes, tag evidence): a status filter kept in
// the address (?status=, the first status is the default), the count waiting for a review, and the
// list's loading, error and empty states; each screen draws its own cards.
import { useEffect, useState, type ReactNode } from 'react';
import { Loading, Problem } from '../account/parts.tsx';
import { DecisionButtons } from './parts.tsx';
import type { Loaded } from '../account/use-api.ts';

export type Statuses<S extends string> = readonly (readonly [S, string])[];

/** The status the address names (or the first), kept in the address as it changes. */
export function useQueueStatus<S extends string>(statuses: Statuses<S>, path: string): [S, (s: S) => void] {
  const first = statuses[0]![0];
  const [status, setStatus] = useState<S>(() => {
    const s = new URLSearchParams(location.search).get('status');
    return statuses.find(([v]) => v === s)?.[0] ?? first;
  });
  useEffect(() => history.replaceState(null, '', `${path}${status === first ? '' : `?status=${status}`}`), [status]);
  return [status, setStatus];
}

export function ReviewQueue<S extends string, D extends { pending: number }>(props: {
  title: string;
  statuses: Statuses<S>;
  status: S;
  onStatus: (s: S) => void;
  state: Loaded<D>;
  onRetry: () => void;
  loading: string;
  /** Whether the loaded list is empty. */
  empty: (d: D) => boolean;
  /** The empty state's title for the status's label (the first status: nothing waits). */
  emptyTitle: (label: string, first: boolean) => string;
  emptyText: string;
  children: (d: D) => ReactNode;
}) {
  const { state, status, statuses } = props;
  const data = state.status === 'ready' ? state.data : null;
  const label = statuses.find(([s]) => s === status)![1];
  return (
    <section className="adm-page">
      <header className="adm-pagehead">
        <div>
          <h1>{props.title}</h1>
          <p className="muted">{data ? `${data.pending.toLocaleString('en')} waiting for a review` : '\u00a0'}</p>
        </div>
        <label className="adm-select adm-apps__filter">
          <span className="adm-field__label">Status</span>
          <select value={status} onChange={(e) => props.onStatus(e.target.value as S)}>
            {statuses.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </label>
      </header>
      {state.status === 'error' ? (
        <Problem text={state.error} onRetry={props.onRetry} />
      ) : !data ? (
        <Loading label={props.loading} />
      ) : props.empty(data) ? (
        <div className="adm-card adm-empty">
          <p className="adm-empty__title">{props.emptyTitle(label, status === statuses[0]![0])}</p>
          <p className="muted">{props.emptyText}</p>
        </div>
      ) : (
        <ul className="adm-apps" role="list">
          {props.children(data)}
        </ul>
      )}
    </section>
  );
}

/**
 * One item's decision: the reason field (required by the refusing button), its error or the
 * call's, and the two buttons.
 */
export function ReviewDecision<K extends string>(props: {
  id: string;
  label: string;
  hint: string;
  maxLength: number;
  reason: string;
  onReason: (text: string) => void;
  busy: K | null;
  error: { text: string; field: boolean } | null;
  yes: [K, string, string];
  no: [K, string, string];
  onDecide: (k: K) => void;
}) {
  const { id, error } = props;
  return (
    <div className="adm-app__review">
      <div className="adm-field">
        <label className="adm-field__label" htmlFor={id}>
          {props.label}
        </label>
        <span className="adm-field__hint" id={`${id}-hint`}>
          {props.hint}
        </span>
        <textarea
          id={id}
          rows={2}
          maxLength={props.maxLength}
          value={props.reason}
          disabled={!!props.busy}
          aria-describedby={`${id}-hint${error?.field ? ` ${id}-error` : ''}`}
          aria-invalid={error?.field || undefined}
          onChange={(x) => props.onReason(x.target.value)}
        />
        {error?.field && (
          <span className="adm-field__error" id={`${id}-error`} role="alert">
            {error.text}
          </span>
        )}
      </div>
      {error && !error.field && (
        <p className="adm-alert adm-alert--error" role="alert">
          {error.text}
        </p>
      )}
      <DecisionButtons busy={props.busy} yes={props.yes} no={props.no} onDecide={props.onDecide} />
    </div>
  );
}

// Operators' content changes in the back-office (issue 15, item 2; ADR 0032): each waiting change
// with its operator, experience and field-by-field before and after, a warning when the page
// moved since the operator wrote it, and Approve (live at once: the publish is followed here) or
// Decline with a reason that is e-mailed to the operator. Decided changes stay listed by status.
import { useEffect, useState } from 'react';
import { approveListingChange, declineListingChange, listingChanges, publishRun } from '../../api-client/admin.ts';
import { errorMessage } from '../../api-client/client.ts';
import type { AdminListingChange, ListingChangeStatus } from '../../contract/partner.ts';
import { Loading, Problem } from '../account/parts.tsx';
import { useApi } from '../account/use-api.ts';
import { ChangeSummary, listingFieldName } from './ExperienceFields.tsx';
import { formatWhen } from './format.ts';
import { DecisionButtons, RunState } from './parts.tsx';
import { useRun } from './use-run.ts';

const STATUSES: [ListingChangeStatus, string][] = [
  ['pending', 'Waiting'],
  ['approved', 'Approved'],
  ['declined', 'Declined'],
  ['withdrawn', 'Withdrawn'],
];

const statusInSearch = (search: string): ListingChangeStatus => {
  const s = new URLSearchParams(search).get('status');
  return STATUSES.find(([v]) => v === s)?.[0] ?? 'pending';
};

function ChangeCard({ change, onDecided }: { change: AdminListingChange; onDecided: (c: AdminListingChange) => void }) {
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState<'approve' | 'decline' | null>(null);
  const [error, setError] = useState<{ text: string; field: boolean } | null>(null);
  const [run, setRun, lost] = useRun();
  const [decided, setDecided] = useState<AdminListingChange | null>(null);
  const c = decided ?? change;
  const headingId = `adm-change-${c.id}`;
  const noteId = `adm-change-note-${c.id}`;

  async function decide(what: 'approve' | 'decline') {
    if (busy) return;
    if (what === 'decline' && !note.trim()) return setError({ text: 'Tell the operator why', field: true });
    setBusy(what);
    setError(null);
    try {
      const { data } = what === 'approve' ? await approveListingChange(c.id) : await declineListingChange(c.id, note.trim());
      setDecided(data.change);
      onDecided(data.change);
      if (data.change.publishRunId) setRun((await publishRun(data.change.publishRunId)).data);
    } catch (err) {
      setError({ text: errorMessage(err), field: false });
    }
    setBusy(null);
  }

  return (
    <li>
      <article className="adm-card adm-app" aria-labelledby={headingId} data-change-id={c.id}>
        <header className="adm-app__head">
          <h2 id={headingId}>
            <a href={`/admin/experiences/${c.experience.id}`}>{c.experience.name}</a>
          </h2>
          <span className="muted">
            {c.operator.name} · {c.submittedBy}, {formatWhen(c.submittedAt)}
          </span>
        </header>
        <ChangeSummary changes={c.changes} imageUrls={c.imageUrls} />
        {c.changedSince.length > 0 && (
          <p className="adm-alert adm-alert--error">
            Since the operator wrote this, the page’s {c.changedSince.map(listingFieldName).join(', ').toLowerCase()} changed. Approving replaces {c.changedSince.length === 1 ? 'it' : 'them'} with the operator’s version.
          </p>
        )}
        {c.status === 'pending' ? (
          <div className="adm-app__review">
            <div className="adm-field">
              <label className="adm-field__label" htmlFor={noteId}>
                Reason, if you decline
              </label>
              <span className="adm-field__hint" id={`${noteId}-hint`}>
                E-mailed to the operator, who can adjust the change and send it again.
              </span>
              <textarea
                id={noteId}
                rows={2}
                maxLength={2000}
                value={note}
                disabled={!!busy}
                aria-describedby={`${noteId}-hint${error?.field ? ` ${noteId}-error` : ''}`}
                aria-invalid={error?.field || undefined}
                onChange={(e) => setNote(e.target.value)}
              />
              {error?.field && (
                <span className="adm-field__error" id={`${noteId}-error`} role="alert">
                  {error.text}
                </span>
              )}
            </div>
            {error && !error.field && (
              <p className="adm-alert adm-alert--error" role="alert">
                {error.text}
              </p>
            )}
            <DecisionButtons busy={busy} yes={['approve', 'Approve and publish', 'Approving…']} no={['decline', 'Decline', 'Declining…']} onDecide={(k) => void decide(k)} />
          </div>
        ) : (
          <p className="adm-note">
            {c.status === 'approved' ? 'Approved' : c.status === 'declined' ? 'Declined' : 'Withdrawn'}
            {c.decidedBy ? ` by ${c.decidedBy}` : ''}
            {c.decidedAt ? `, ${formatWhen(c.decidedAt)}` : ''}
            {c.note ? `: “${c.note}”` : '.'}
          </p>
        )}
        {run && <RunState run={run} lost={lost} />}
      </article>
    </li>
  );
}

export default function ListingChanges() {
  const [status, setStatus] = useState<ListingChangeStatus>(() => statusInSearch(location.search));
  const list = useApi(() => listingChanges(status), status);
  useEffect(() => history.replaceState(null, '', `/admin/listing-changes${status === 'pending' ? '' : `?status=${status}`}`), [status]);
  const data = list.state.status === 'ready' ? list.state.data : null;
  const label = STATUSES.find(([s]) => s === status)![1];
  return (
    <section className="adm-page">
      <header className="adm-pagehead">
        <div>
          <h1>Operator changes</h1>
          <p className="muted">{data ? `${data.pending.toLocaleString('en')} waiting for a review` : '\u00a0'}</p>
        </div>
        <label className="adm-select adm-apps__filter">
          <span className="adm-field__label">Status</span>
          <select value={status} onChange={(e) => setStatus(e.target.value as ListingChangeStatus)}>
            {STATUSES.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </label>
      </header>
      {list.state.status === 'error' ? (
        <Problem text={list.state.error} onRetry={list.reload} />
      ) : !data ? (
        <Loading label="Loading the changes…" />
      ) : data.changes.length === 0 ? (
        <div className="adm-card adm-empty">
          <p className="adm-empty__title">{status === 'pending' ? 'No changes are waiting' : `No ${label.toLowerCase()} changes`}</p>
          <p className="muted">Operators send changes to their listings from the partner back-office; they appear here for review.</p>
        </div>
      ) : (
        <ul className="adm-apps" role="list">
          {data.changes.map((c) => (
            <ChangeCard key={c.id} change={c} onDecided={() => list.set((d) => ({ ...d, pending: Math.max(0, d.pending - 1) }))} />
          ))}
        </ul>
      )}
    </section>
  );
}

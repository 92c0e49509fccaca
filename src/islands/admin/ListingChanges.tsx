// Operators' content changes in the back-office (issue 15, item 2; ADR 0032): each waiting change
// with its operator, experience and field-by-field before and after, a warning when the page
// moved since the operator wrote it, and Approve (live at once: the publish is followed here) or
// Decline with a reason that is e-mailed to the operator. Decided changes stay listed by status.
import { useState } from 'react';
import { approveListingChange, declineListingChange, listingChanges, publishRun } from '../../api-client/admin.ts';
import { errorMessage } from '../../api-client/client.ts';
import type { AdminListingChange, ListingChangeStatus } from '../../contract/partner.ts';
import { useApi } from '../account/use-api.ts';
import { ChangeSummary, listingFieldName } from './ExperienceFields.tsx';
import { formatWhen } from './format.ts';
import { RunState } from './parts.tsx';
import { ReviewDecision, ReviewQueue, type Statuses, useQueueStatus } from './ReviewQueue.tsx';
import { useRun } from './use-run.ts';

const STATUSES: Statuses<ListingChangeStatus> = [
  ['pending', 'Waiting'],
  ['approved', 'Approved'],
  ['declined', 'Declined'],
  ['withdrawn', 'Withdrawn'],
];

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
          <ReviewDecision
            id={noteId}
            label="Reason, if you decline"
            hint="E-mailed to the operator, who can adjust the change and send it again."
            maxLength={2000}
            reason={note}
            onReason={setNote}
            busy={busy}
            error={error}
            yes={['approve', 'Approve and publish', 'Approving…']}
            no={['decline', 'Decline', 'Declining…']}
            onDecide={(k) => void decide(k)}
          />
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
  const [status, setStatus] = useQueueStatus(STATUSES, '/admin/listing-changes');
  const list = useApi(() => listingChanges(status), status);
  return (
    <ReviewQueue
      title="Operator changes"
      statuses={STATUSES}
      status={status}
      onStatus={setStatus}
      state={list.state}
      onRetry={list.reload}
      loading="Loading the changes…"
      empty={(d) => d.changes.length === 0}
      emptyTitle={(label, first) => (first ? 'No changes are waiting' : `No ${label.toLowerCase()} changes`)}
      emptyText="Operators send changes to their listings from the partner back-office; they appear here for review."
    >
      {(data) => data.changes.map((c) => <ChangeCard key={c.id} change={c} onDecided={() => list.set((d) => ({ ...d, pending: Math.max(0, d.pending - 1) }))} />)}
    </ReviewQueue>
  );
}

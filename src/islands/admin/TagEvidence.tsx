// Evidence behind sustainability tags in the back-office (issue 25, item 2; ADR 0045): the queue
// of evidence operators sent, each with its experience, tag, certificate, statement and document;
// Verify (the experience page shows "Verified" with today's date once the publish is live) or
// Reject with a reason the operator sees; and Correct what the operator wrote (a typo in the
// number, the expiry). Decided evidence stays listed by status.
import { useState, type FormEvent } from 'react';
import { publishRun } from '../../api-client/admin.ts';
import { errorMessage, type FormRefusal, refusalOf } from '../../api-client/client.ts';
import { adminEvidence, correctEvidence, rejectEvidence, verifyEvidence } from '../../api-client/tag-evidence.ts';
import type { AdminEvidence, EvidenceStatus } from '../../contract/tag-evidence.ts';
import { formatDate } from '../../lib/format-date.ts';
import { useApi } from '../account/use-api.ts';
import { formatWhen } from './format.ts';
import { Field } from './RecordEditor.tsx';
import { RunState } from './parts.tsx';
import { ReviewDecision, ReviewQueue, type Statuses, useQueueStatus } from './ReviewQueue.tsx';
import { useRun } from './use-run.ts';

const STATUSES: Statuses<EvidenceStatus> = [
  ['pending', 'Waiting'],
  ['verified', 'Verified'],
  ['rejected', 'Rejected'],
  ['expired', 'Expired'],
];

type Refusal = FormRefusal | null;

function CorrectForm({ e, onSaved, onCancel }: { e: AdminEvidence; onSaved: (x: AdminEvidence) => void; onCancel: () => void }) {
  const [f, setF] = useState({ issuer: e.issuer, certificateNumber: e.certificateNumber, expiresOn: e.expiresOn ?? '', statement: e.statement });
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal>(null);
  const err = (k: string) => refusal?.fields[`fields.${k}`];
  const save = async (ev: FormEvent) => {
    ev.preventDefault();
    if (busy) return;
    setBusy(true);
    setRefusal(null);
    try {
      const { data } = await correctEvidence(e.id, { version: e.version, fields: f });
      onSaved(data.evidence);
    } catch (error) {
      setRefusal(refusalOf(error));
    }
    setBusy(false);
  };
  return (
    <form className="adm-fields adm-evidence__form" onSubmit={save} noValidate>
      {refusal && (
        <p className="adm-alert adm-alert--error adm-field--wide" role="alert">
          {refusal.message}
        </p>
      )}
      <Field label="Issued by" error={err('issuer')}>
        <input value={f.issuer} maxLength={120} onChange={(x) => setF({ ...f, issuer: x.target.value })} />
      </Field>
      <Field label="Certificate number" error={err('certificateNumber')}>
        <input value={f.certificateNumber} maxLength={80} onChange={(x) => setF({ ...f, certificateNumber: x.target.value })} />
      </Field>
      <Field label="Valid until" hint="Empty when it does not expire" error={err('expiresOn')}>
        <input type="date" value={f.expiresOn} onChange={(x) => setF({ ...f, expiresOn: x.target.value })} />
      </Field>
      <Field label="Statement" error={err('statement')} wide>
        <textarea rows={3} maxLength={600} value={f.statement} onChange={(x) => setF({ ...f, statement: x.target.value })} />
      </Field>
      <div className="adm-actions adm-field--wide">
        <button className="button" type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save the correction'}
        </button>
        <button className="button button--ghost" type="button" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function EvidenceCard({ evidence, onDecided }: { evidence: AdminEvidence; onDecided: (before: AdminEvidence, after: AdminEvidence) => void }) {
  const [e, setE] = useState(evidence);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState<'verify' | 'reject' | null>(null);
  const [error, setError] = useState<{ text: string; field: boolean } | null>(null);
  const [correcting, setCorrecting] = useState(false);
  const [run, setRun, lost] = useRun();
  const headingId = `adm-evidence-${e.id}`;
  const reasonId = `adm-evidence-reason-${e.id}`;

  const follow = async (x: AdminEvidence) => {
    onDecided(e, x);
    setE(x);
    if (x.publishRunId) setRun((await publishRun(x.publishRunId)).data);
  };

  async function decide(what: 'verify' | 'reject') {
    if (busy) return;
    if (what === 'reject' && reason.trim().length < 3) return setError({ text: 'Tell the operator why', field: true });
    setBusy(what);
    setError(null);
    try {
      const { data } = what === 'verify' ? await verifyEvidence(e.id, e.version) : await rejectEvidence(e.id, e.version, reason.trim());
      await follow(data.evidence);
    } catch (err) {
      setError({ text: errorMessage(err), field: false });
    }
    setBusy(null);
  }

  return (
    <li>
      <article className="adm-card adm-app" aria-labelledby={headingId} data-evidence-id={e.id}>
        <header className="adm-app__head">
          <h2 id={headingId}>
            {e.tag.name} · <a href={`/admin/experiences/${e.experience.id}`}>{e.experience.name}</a>
          </h2>
          <span className="muted">
            {e.operator.name} · {e.submittedBy}, {formatWhen(e.submittedAt)}
          </span>
        </header>
        {correcting ? (
          <CorrectForm
            e={e}
            onCancel={() => setCorrecting(false)}
            onSaved={(x) => {
              setCorrecting(false);
              void follow(x);
            }}
          />
        ) : (
          <>
            <dl className="adm-evidence__facts">
              <div>
                <dt>Issued by</dt>
                <dd>{e.issuer || '—'}</dd>
              </div>
              <div>
                <dt>Certificate number</dt>
                <dd>{e.certificateNumber || '—'}</dd>
              </div>
              <div>
                <dt>Valid until</dt>
                <dd>{e.expiresOn ? formatDate(e.expiresOn) : 'Does not expire'}</dd>
              </div>
              <div>
                <dt>Document</dt>
                <dd>
                  {e.document ? (
                    <a href={e.document.url} target="_blank" rel="noopener">
                      {e.document.name}
                    </a>
                  ) : (
                    'None'
                  )}
                </dd>
              </div>
            </dl>
            {e.statement && <p className="adm-evidence__statement">“{e.statement}”</p>}
            <button type="button" className="text-link adm-evidence__correct" onClick={() => setCorrecting(true)}>
              Correct the details
            </button>
          </>
        )}
        {e.status === 'pending' || e.status === 'expired' ? (
          <ReviewDecision
            id={reasonId}
            label="Reason, if you reject"
            hint="The operator sees it beside the tag and can send the evidence again."
            maxLength={1000}
            reason={reason}
            onReason={setReason}
            busy={busy}
            error={error}
            yes={['verify', 'Verify and publish', 'Verifying…']}
            no={['reject', 'Reject', 'Rejecting…']}
            onDecide={(k) => void decide(k)}
          />
        ) : (
          <p className="adm-note" data-evidence-status={e.status}>
            {e.status === 'verified' ? 'Verified' : 'Rejected'}
            {e.decidedBy ? ` by ${e.decidedBy}` : ''}
            {e.decidedAt ? `, ${formatWhen(e.decidedAt)}` : ''}
            {e.rejectReason && e.status === 'rejected' ? `: “${e.rejectReason}”` : '.'}
          </p>
        )}
        {run && <RunState run={run} lost={lost} />}
      </article>
    </li>
  );
}

export default function TagEvidence() {
  const [status, setStatus] = useQueueStatus(STATUSES, '/admin/tag-evidence');
  const list = useApi(() => adminEvidence(status), status);
  return (
    <ReviewQueue
      title="Tag evidence"
      statuses={STATUSES}
      status={status}
      onStatus={setStatus}
      state={list.state}
      onRetry={list.reload}
      loading="Loading the evidence…"
      empty={(d) => d.evidence.length === 0}
      emptyTitle={(label, first) => (first ? 'No evidence is waiting' : `No ${label.toLowerCase()} evidence`)}
      emptyText="Operators send certificates and statements for their sustainability tags from their listings in the partner back-office; they appear here for review."
    >
      {(data) =>
        data.evidence.map((x) => (
          <EvidenceCard
            key={x.id}
            evidence={x}
            onDecided={(before, after) => {
              if (before.status === 'pending' && after.status !== 'pending') list.set((d) => ({ ...d, pending: Math.max(0, d.pending - 1) }));
            }}
          />
        ))
      }
    </ReviewQueue>
  );
}

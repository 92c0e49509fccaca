// Ambassador applications in the back-office (issue 18): the waiting applications with who, where
// they share and their pitch, approved or rejected with an optional note (the applicant is
// e-mailed either way), and the approved, rejected and suspended ambassadors. The status filter
// is kept in the address so a list can be shared and survives a reload.
import { useEffect, useRef, useState } from 'react';
import { ambassadorApplications, reviewApplication } from '../../api-client/ambassador.ts';
import { errorMessage } from '../../api-client/client.ts';
import { CHANNEL_LABELS, type AdminApplication } from '../../contract/ambassador.ts';
import { applicationStatus, type AmbassadorStatus } from '../../lib/admin-pages.ts';
import { Loading, Problem } from '../account/parts.tsx';
import { useApi } from '../account/use-api.ts';
import { formatWhen } from './format.ts';
import { DecisionButtons } from './parts.tsx';

const STATUSES: [AmbassadorStatus, string][] = [
  ['applied', 'Applied'],
  ['approved', 'Approved'],
  ['rejected', 'Rejected'],
  ['suspended', 'Suspended'],
];

function writeStatus(status: AmbassadorStatus) {
  history.replaceState(null, '', `/admin/ambassadors${status === 'applied' ? '' : `?status=${status}`}`);
}

/** An audience link as a link only when it is a web address (the API checks them on apply). */
function AudienceLink({ href }: { href: string }) {
  if (!/^https?:\/\//i.test(href)) return <span>{href}</span>;
  return (
    <a className="text-link" href={href} target="_blank" rel="noopener nofollow ugc">
      {href}
    </a>
  );
}

function ApplicationCard({ app, onReviewed }: { app: AdminApplication; onReviewed: (app: AdminApplication, decision: 'approve' | 'reject') => void }) {
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const headingId = `adm-app-${app.userId}`;
  const noteId = `adm-app-note-${app.userId}`;

  async function review(decision: 'approve' | 'reject') {
    if (busy) return;
    setBusy(decision);
    setError(null);
    try {
      await reviewApplication(app.userId, { decision, ...(note.trim() ? { note: note.trim() } : {}) });
      onReviewed(app, decision);
    } catch (err) {
      setError(errorMessage(err));
      setBusy(null);
    }
  }

  return (
    <li>
      <article className="adm-card adm-app" aria-labelledby={headingId} data-user-id={app.userId}>
        <header className="adm-app__head">
          <h2 id={headingId}>{app.name}</h2>
          <a className="adm-app__email" href={`mailto:${app.email}`}>
            {app.email}
          </a>
        </header>
        <dl className="adm-app__facts">
          <div>
            <dt>Channels</dt>
            <dd>{app.channels.map((c) => CHANNEL_LABELS[c]).join(', ')}</dd>
          </div>
          <div>
            <dt>Applied</dt>
            <dd>{formatWhen(app.appliedAt)}</dd>
          </div>
          {app.reviewedAt && (
            <div>
              <dt>Reviewed</dt>
              <dd>{formatWhen(app.reviewedAt)}</dd>
            </div>
          )}
          <div className="adm-app__wide">
            <dt>Audience</dt>
            <dd>
              {app.audienceLinks.length === 0 ? (
                <span className="muted">None given</span>
              ) : (
                <ul className="adm-app__links" role="list">
                  {app.audienceLinks.map((l) => (
                    <li key={l}>
                      <AudienceLink href={l} />
                    </li>
                  ))}
                </ul>
              )}
            </dd>
          </div>
          <div className="adm-app__wide">
            <dt>Pitch</dt>
            <dd className="adm-app__pitch">{app.pitch.trim() || <span className="muted">None given</span>}</dd>
          </div>
        </dl>
        {app.status === 'applied' && (
          <div className="adm-app__review">
            <div className="adm-field">
              <label className="adm-field__label" htmlFor={noteId}>
                Note to the applicant (optional)
              </label>
              <span className="adm-field__hint" id={`${noteId}-hint`}>
                Sent in the rejection e-mail; kept with the review either way.
              </span>
              <textarea id={noteId} rows={2} maxLength={500} value={note} disabled={!!busy} aria-describedby={`${noteId}-hint`} onChange={(e) => setNote(e.target.value)} />
            </div>
            {error && (
              <p className="adm-alert adm-alert--error" role="alert">
                {error}
              </p>
            )}
            <DecisionButtons busy={busy} yes={['approve', 'Approve', 'Approving…']} no={['reject', 'Reject', 'Rejecting…']} onDecide={(k) => void review(k)} />
          </div>
        )}
      </article>
    </li>
  );
}

export default function AmbassadorApplications() {
  const [status, setStatus] = useState<AmbassadorStatus>(() => applicationStatus(location.search));
  const list = useApi(() => ambassadorApplications(status), status);
  const apps = list.state.status === 'ready' ? list.state.data.applications : null;
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  useEffect(() => writeStatus(status), [status]);

  // The reviewed card leaves the list: the notice takes the focus so a keyboard stays in place.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const onReviewed = (app: AdminApplication, decision: 'approve' | 'reject') => {
    // From the latest list: two cards reviewed in quick succession both leave it.
    list.set((d) => ({ ...d, applications: d.applications.filter((a) => a.userId !== app.userId) }));
    setNotice(decision === 'approve' ? `Approved: ${app.name} can now use the Ambassador Dashboard. We e-mailed them.` : `Rejected: we e-mailed ${app.name}.`);
  };
  const label = STATUSES.find(([s]) => s === status)![1];

  return (
    <section className="adm-page">
      <header className="adm-pagehead">
        <div>
          <h1>Ambassador applications</h1>
          <p className="muted">{apps ? `${apps.length.toLocaleString('en')} ${status === 'applied' ? 'waiting for a review' : label.toLowerCase()}` : '\u00a0'}</p>
        </div>
        <label className="adm-select adm-apps__filter">
          <span className="adm-field__label">Status</span>
          <select
            value={status}
            onChange={(e) => {
              setNotice(null);
              setStatus(e.target.value as AmbassadorStatus);
            }}
          >
            {STATUSES.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </label>
      </header>

      {notice && (
        <div className="adm-alert adm-alert--ok" role="status" tabIndex={-1} ref={noticeRef}>
          <p>{notice}</p>
        </div>
      )}
      {list.state.status === 'error' ? (
        <Problem text={list.state.error} onRetry={list.reload} />
      ) : !apps ? (
        <Loading label="Loading the applications…" />
      ) : apps.length === 0 ? (
        <div className="adm-card adm-empty">
          <p className="adm-empty__title">{status === 'applied' ? 'No applications are waiting' : `No ${label.toLowerCase()} ambassadors`}</p>
          <p className="muted">{status === 'applied' ? 'New applications from /ambassador/signup appear here.' : 'Choose another status to see the other applications.'}</p>
        </div>
      ) : (
        <ul className="adm-apps" role="list">
          {apps.map((a) => (
            <ApplicationCard key={a.userId} app={a} onReviewed={onReviewed} />
          ))}
        </ul>
      )}
    </section>
  );
}

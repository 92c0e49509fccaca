// Problems visitors reported with listings (ADR 39): the open ones newest first, each with its
// experience, operator, what is wrong and who said it; Mark resolved (or Reopen a resolved one).
import { Pager } from './parts.tsx';
import { useState } from 'react';
import { problemReports, setProblemReportResolved } from '../../api-client/admin.ts';
import { errorMessage } from '../../api-client/client.ts';
import { PROBLEM_KIND_LABELS, type ProblemReport } from '../../contract/problem-reports.ts';
import { Loading, Problem } from '../account/parts.tsx';
import { useApi } from '../account/use-api.ts';
import { formatWhen } from './format.ts';

const STATUSES = [
  ['open', 'Open'],
  ['resolved', 'Resolved'],
  ['all', 'All'],
] as const;
type Status = (typeof STATUSES)[number][0];

function ReportCard({ r, onChanged }: { r: ProblemReport; onChanged: (r: ProblemReport) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toggle = async () => {
    setBusy(true);
    setError(null);
    try {
      onChanged((await setProblemReportResolved(r.id, r.resolvedAt === null)).data.problemReport);
    } catch (err) {
      setError(errorMessage(err));
    }
    setBusy(false);
  };
  const headingId = `adm-report-${r.id}`;
  return (
    <li>
      <article className="adm-card adm-app" aria-labelledby={headingId} data-report={r.reference}>
        <header className="adm-app__head">
          <h2 id={headingId}>{PROBLEM_KIND_LABELS[r.kind]}</h2>
          <span className="muted">
            {r.reference} · {formatWhen(r.createdAt)}
          </span>
        </header>
        <p>
          <a href={`/experiences/${r.option.slugCode}`} target="_blank" rel="noopener">
            {r.option.name}
          </a>{' '}
          <span className="muted">by {r.option.operatorName}</span> · <a href={`/admin/experiences/${r.option.id}`}>Edit the experience</a>
        </p>
        {r.details && <p className="adm-report__details">“{r.details}”</p>}
        <p className="muted">
          {r.reporterEmail ? `Reported by ${r.reporterEmail}` : 'Reported by a visitor who was not logged in'}
          {r.resolvedAt && ` · resolved ${formatWhen(r.resolvedAt)}${r.resolvedBy ? ` by ${r.resolvedBy}` : ''}`}
        </p>
        {error && (
          <p className="adm-alert adm-alert--error" role="alert">
            {error}
          </p>
        )}
        <div className="adm-actions">
          <button type="button" className={`button ${r.resolvedAt ? 'button--ghost' : ''}`} disabled={busy} onClick={() => void toggle()}>
            {busy ? 'Saving…' : r.resolvedAt ? 'Reopen' : 'Mark resolved'}
          </button>
        </div>
      </article>
    </li>
  );
}

export default function ProblemReports() {
  const [status, setStatus] = useState<Status>('open');
  const [page, setPage] = useState(1);
  const list = useApi(() => problemReports({ status, page, per: 20 }), `${status}:${page}`);
  const data = list.state.status === 'ready' ? list.state.data : null;
  return (
    <section className="adm-page">
      <header className="adm-pagehead">
        <div>
          <h1>Reported problems</h1>
          <p className="muted">{data ? `${data.openCount.toLocaleString('en')} open` : '\u00a0'}</p>
        </div>
        <label className="adm-select adm-apps__filter">
          <span className="adm-field__label">Status</span>
          <select
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as Status);
              setPage(1);
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
      {list.state.status === 'loading' && <Loading label="Loading the reports…" />}
      {list.state.status === 'error' && <Problem text={list.state.error} onRetry={list.reload} />}
      {data && data.problemReports.length === 0 && (
        <div className="adm-card adm-empty">
          <p className="adm-empty__title">{status === 'open' ? 'No open reports' : 'No reports'}</p>
          <p className="muted">Visitors report broken photos, wrong prices or closed businesses from the experience pages; the reports appear here.</p>
        </div>
      )}
      {data && data.problemReports.length > 0 && (
        <ul className="adm-apps" role="list">
          {data.problemReports.map((r) => (
            <ReportCard
              key={r.id}
              r={r}
              onChanged={(n) => list.set({ ...data, problemReports: data.problemReports.map((x) => (x.id === n.id ? n : x)), openCount: data.openCount + (n.resolvedAt ? -1 : 1) })}
            />
          ))}
        </ul>
      )}
      {data && data.pagination.totalPages > 1 && <Pager page={data.pagination.currentPage} pages={data.pagination.totalPages} onPage={setPage} />}
    </section>
  );
}

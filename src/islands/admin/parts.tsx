// Small shared pieces of the back-office: status badges and the publish run's live state.
import type { EditStatus, PublishRunView } from '../../contract/admin.ts';
import { formatWhen } from './format.ts';

const LABEL: Record<EditStatus, string> = { draft: 'Draft', changed: 'Unpublished changes', published: 'Published', unpublished: 'Unpublished' };

export function StatusBadge({ status, scheduledAt }: { status: EditStatus; scheduledAt?: string | null }) {
  return (
    <span className="adm-badges">
      <span className={`adm-badge adm-badge--${status}`}>{LABEL[status]}</span>
      {scheduledAt && <span className="adm-badge adm-badge--scheduled">Scheduled {formatWhen(scheduledAt)}</span>}
    </span>
  );
}

const RUN_LABEL = { queued: 'Queued', building: 'Building', live: 'Live', failed: 'Failed' } as const;

/** `lost`: why the screen stopped following the run (signed out, too many requests). */
export function RunState({ run, lost }: { run: PublishRunView; lost?: string | null }) {
  return (
    <div className={`adm-run adm-run--${run.state}`} role="status" aria-live="polite" data-run-state={run.state}>
      <span className="adm-run__dot" aria-hidden="true" />
      <span>
        <strong>
          {run.kind === 'preview' ? 'Preview' : 'Publish'}: {RUN_LABEL[run.state]}
        </strong>
        {run.state === 'queued' && <span className="adm-sub"> Waiting for the site builder…</span>}
        {run.state === 'building' && <span className="adm-sub"> Rebuilding the pages that show this record…</span>}
        {run.state === 'live' && run.kind === 'publish' && <span className="adm-sub"> The public site shows this version.</span>}
        {run.state === 'failed' && <span className="adm-run__error">{run.failure ?? 'The build failed; the live site is unchanged.'}</span>}
        {lost && <span className="adm-run__error"> This screen stopped following the run: {lost} Reload the page to see where it stands.</span>}
      </span>
      {run.state === 'live' && run.url && (
        <a className="text-link" href={run.url} target="_blank" rel="noopener">
          Open preview
        </a>
      )}
    </div>
  );
}

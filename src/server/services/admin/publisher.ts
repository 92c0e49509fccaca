// The back-office's view of the publish pipeline (services/publish.ts, owned by the pipeline):
// publish a set of changed records, preview one draft record, and read a run's state.
import type { PublishRunView } from '../../../contract/admin.ts';
import type { ContentType } from '../../../contract/content-changes.ts';
import type { PublishChange } from '../../../contract/publish.ts';
import type { Db, Tx } from '../../db/client.ts';
import { HttpError } from '../../http.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { getPublishRun, requestPreview, requestPublishIn, wakePublisher } from '../publish.ts';

export type Publisher = {
  /**
   * Queues the publish in the transaction that changes the live records (so a refusal, 503 when
   * this process has no queue, rolls the change back); `wake()` after the commit.
   */
  publishIn(tx: Tx, changes: PublishChange[], requestedBy: string): Promise<{ id: string; wake: () => void }>;
  preview(db: Db, p: { type: ContentType; key: string; record: unknown; requestedBy: string }): Promise<{ id: string }>;
  getRun(db: Db, id: string): Promise<PublishRunView | null>;
};

const noQueue = () => new HttpError(503, 'Publishing is not available in this process (no job queue); try again in a moment');

export function pipelinePublisher(jobs: JobQueue | null): Publisher {
  return {
    publishIn: async (tx, changes, requestedBy) => {
      if (!jobs) throw noQueue();
      const run = await requestPublishIn(tx, jobs, { changes, requestedBy });
      return { id: run.id, wake: () => wakePublisher(jobs) };
    },
    preview: (db, p) => {
      if (!jobs) throw noQueue();
      return requestPreview(db, jobs, { type: p.type, key: p.key, record: p.record, requestedBy: p.requestedBy });
    },
    getRun: async (db, id) => {
      const run = await getPublishRun(db, id);
      if (!run) return null;
      return { id: run.id, kind: run.kind, state: run.state, failure: run.failure, url: run.previewUrl, createdAt: run.requestedAt };
    },
  };
}

// The publish pipeline's runs (issue 14, ADR 0025). The back-office asks for a publish (some
// content records to bring live) or a preview (one draft record rendered as its public page);
// each request is a row of publish_runs plus a job of the `site-publish` queue, written in one
// transaction. The worker (publishHandler) claims every queued publish run at once — concurrent
// publishes coalesce into one build — and hands their records to the SiteBuilder, which lives
// with the process that owns the static site (scripts/lib/site-publisher.ts, injected through
// main.ts: src/server never imports scripts/). The builder swaps pages in atomically and throws
// when a render fails, leaving the live site as it was; the runs then say failed, with why.
import { and, eq, inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import { CONTENT_DETAIL_SCHEMAS, type ContentType } from '../../contract/content-changes.ts';
import type { ContentRef, PublishChange, PublishRun } from '../../contract/publish.ts';
import type { Db, Tx } from '../db/client.ts';
import { publishRuns } from '../db/schema.ts';
import { fieldErrors, HttpError } from '../http.ts';
import { type JobQueue, QUEUES } from '../jobs/queue.ts';
import { randomId } from './secrets.ts';

/** What renders the static site; implemented by the process that owns dist (npm start, dev). */
export type SiteBuilder = {
  /**
   * Brings the current state of these records live: their pages and every page that shows them,
   * swapped in atomically. Throws when anything fails; the live site is then unchanged.
   */
  publish(changes: PublishChange[]): Promise<{ pages: number; seconds: number; mode: string }>;
  /** Renders one draft record as its public page would be; answers the path it is served at. */
  preview(ref: ContentRef, record: unknown, runId: string): Promise<{ url: string }>;
};

type RunRow = typeof publishRuns.$inferSelect;
type Queue = Pick<JobQueue, 'enqueue' | 'wake'>;

export function toPublishRun(r: RunRow): PublishRun {
  return {
    id: r.id,
    kind: r.kind,
    state: r.state,
    failure: r.error,
    requestedBy: r.requestedBy,
    changes: r.changes as PublishChange[],
    previewUrl: r.previewUrl,
    requestedAt: r.requestedAt.toISOString(),
    startedAt: r.startedAt?.toISOString() ?? null,
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}

/** Unique records, in first-seen order. */
export function mergeChanges(lists: PublishChange[][]): PublishChange[] {
  const seen = new Set<string>();
  const out: PublishChange[] = [];
  for (const c of lists.flat()) {
    const k = `${c.type}\0${c.key}`;
    if (!seen.has(k)) {
      seen.add(k);
      out.push({ ...c });
    }
  }
  return out;
}

async function insertRun(tx: Db | Tx, queue: Queue, values: typeof publishRuns.$inferInsert): Promise<{ id: string }> {
  await tx.insert(publishRuns).values(values);
  await queue.enqueue(tx, QUEUES.sitePublish.name, { runId: values.id }, { startAfter: new Date(), key: `publish:${values.id}` });
  return { id: values.id! };
}

async function enqueueRun(db: Db, queue: Queue, values: typeof publishRuns.$inferInsert): Promise<{ id: string }> {
  const run = await db.transaction((tx) => insertRun(tx, queue, values));
  wakePublisher(queue);
  return run;
}

/** Makes this process's publish worker look for runs now (after the transaction that queued one commits). */
export const wakePublisher = (queue: Queue) => queue.wake(QUEUES.sitePublish.name);

function publishValues(req: { changes: PublishChange[]; requestedBy: string | null }): typeof publishRuns.$inferInsert {
  const changes = mergeChanges([req.changes]);
  if (changes.length === 0) throw new HttpError(422, 'Nothing to publish', { fields: { changes: 'Give at least one record' } });
  return { id: randomId(), kind: 'publish', changes, requestedBy: req.requestedBy };
}

/** Queues a publish of these records; answers the run's id (poll getPublishRun for its state). */
export async function requestPublish(db: Db, queue: Queue, req: { changes: PublishChange[]; requestedBy: string | null }): Promise<{ id: string }> {
  return enqueueRun(db, queue, publishValues(req));
}

/**
 * Queues a publish inside the caller's transaction, the one that changes the live records: the
 * run exists if and only if the change commits. Call wakePublisher after the commit.
 */
export async function requestPublishIn(tx: Tx, queue: Queue, req: { changes: PublishChange[]; requestedBy: string | null }): Promise<{ id: string }> {
  return insertRun(tx, queue, publishValues(req));
}

/**
 * Queues a preview of a draft record (the content contract's detail shape for its type, e.g.
 * OptionDetail for options). 422 with field messages when the record does not match it.
 */
export async function requestPreview(
  db: Db,
  queue: Queue,
  req: { type: ContentType; key: string; record: unknown; requestedBy: string | null },
): Promise<{ id: string }> {
  const schema = CONTENT_DETAIL_SCHEMAS[req.type];
  if (!schema) throw new HttpError(422, 'Unknown content type', { fields: { type: 'Unknown content type' } });
  const parsed = schema.safeParse(req.record);
  if (!parsed.success) throw new HttpError(422, 'The draft does not match its content type', { fields: fieldErrors(parsed.error) });
  return enqueueRun(db, queue, {
    id: randomId(),
    kind: 'preview',
    changes: [{ type: req.type, key: req.key }],
    previewRecord: parsed.data,
    requestedBy: req.requestedBy,
  });
}

export async function getPublishRun(db: Db, id: string): Promise<PublishRun | null> {
  const [row] = await db.select().from(publishRuns).where(eq(publishRuns.id, id));
  return row ? toPublishRun(row) : null;
}

export type PublishWorkerDeps = { db: Db; log: Logger; site: SiteBuilder };

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 4000);

async function finish(db: Db, ids: string[], outcome: { state: 'live' | 'failed'; error?: string; previewUrl?: string; stats?: Record<string, number | string> }) {
  if (ids.length === 0) return;
  await db
    .update(publishRuns)
    .set({ state: outcome.state, error: outcome.error ?? null, finishedAt: new Date(), ...(outcome.previewUrl ? { previewUrl: outcome.previewUrl } : {}), ...(outcome.stats ? { stats: outcome.stats } : {}) })
    .where(and(inArray(publishRuns.id, ids), eq(publishRuns.state, 'building')));
}

/**
 * The `site-publish` job. A preview job renders its own run. A publish job claims every queued
 * publish run (coalescing: runs requested while the last build ran go live in one build; their
 * own jobs then find nothing queued and end). Idempotent: a run already claimed is skipped.
 */
export const publishHandler = (d: PublishWorkerDeps) => async (data: { runId: string }) => {
  const [run] = await d.db.select().from(publishRuns).where(eq(publishRuns.id, data.runId));
  if (!run) {
    d.log.warn({ runId: data.runId }, 'site-publish: the run no longer exists');
    return;
  }
  if (run.kind === 'preview') {
    const [claimed] = await d.db
      .update(publishRuns)
      .set({ state: 'building', startedAt: new Date() })
      .where(and(eq(publishRuns.id, run.id), eq(publishRuns.state, 'queued')))
      .returning();
    if (!claimed) return;
    try {
      const ref = (claimed.changes as ContentRef[])[0]!;
      const { url } = await d.site.preview(ref, claimed.previewRecord, claimed.id);
      await finish(d.db, [claimed.id], { state: 'live', previewUrl: url });
    } catch (err) {
      d.log.error({ err, runId: claimed.id }, 'preview render failed');
      await finish(d.db, [claimed.id], { state: 'failed', error: errorText(err) });
    }
    return;
  }
  const claimed = await d.db
    .update(publishRuns)
    .set({ state: 'building', startedAt: new Date() })
    .where(and(eq(publishRuns.kind, 'publish'), eq(publishRuns.state, 'queued')))
    .returning();
  if (claimed.length === 0) return;
  const ids = claimed.map((r) => r.id);
  const changes = mergeChanges(claimed.map((r) => r.changes as PublishChange[]));
  try {
    const result = await d.site.publish(changes);
    await finish(d.db, ids, { state: 'live', stats: { pages: result.pages, seconds: Math.round(result.seconds * 1000) / 1000, mode: result.mode, coalesced: ids.length } });
    d.log.info({ runs: ids, records: changes.length, ...result }, 'publish live');
  } catch (err) {
    d.log.error({ err, runs: ids }, 'publish failed; the live site is unchanged');
    await finish(d.db, ids, { state: 'failed', error: errorText(err) });
  }
};

/**
 * After a restart: runs left `building` by a process that died go back to the queue, with a job
 * to pick them up (their old jobs may have been retried out already).
 */
export async function recoverPublishRuns(db: Db, queue: Queue): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.update(publishRuns).set({ state: 'queued', startedAt: null }).where(eq(publishRuns.state, 'building')).returning({ id: publishRuns.id });
    for (const r of rows) await queue.enqueue(tx, QUEUES.sitePublish.name, { runId: r.id }, { startAfter: new Date(), key: `publish:${r.id}:recover:${Date.now()}` });
    return rows.length;
  });
}

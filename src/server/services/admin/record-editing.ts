// Editing as editors expect (ADR 0026), for any kind of record: drafts beside the live record, a
// version number that refuses a stale save (409, the refused work kept as a revision), revision
// history with restore, publish / unpublish / scheduled publish through the publish pipeline, and
// a permanent redirect from a record's old address when its slug changes. A kind of record
// (experiences, articles) plugs in its document: how to read it from the live tables, check it,
// and write it back (an `EditKind`).
import { and, desc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { z } from 'zod';
import type { EditStatus, PublishRunView, Revision } from '../../../contract/admin.ts';
import type { ContentType } from '../../../contract/content-changes.ts';
import type { Db, Tx } from '../../db/client.ts';
import { contentDrafts, contentRevisions, images, slugRedirects, users } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { QUEUES } from '../../jobs/queue.ts';
import type { Publisher } from './publisher.ts';

export type Editor = { id: string; name: string };
export type EditDeps = { db: Db; jobs: JobQueue | null; publisher: Publisher; now?: () => Date };
type DbOrTx = Db | Tx;

/** What the editing machinery needs to know of the live record. */
export type LiveState = { slug: string; published: boolean; updatedAt: Date };

/** One kind of editable record: its document and how it maps onto the live tables. */
export type EditKind<Doc, Base> = {
  type: ContentType;
  /** The record in the editor's messages: 'experience', 'article'. */
  noun: string;
  schema: z.ZodType<Doc>;
  /** The live row (undefined: no such record, 404). */
  row(db: DbOrTx, id: number): Promise<Base | undefined>;
  live(base: Base): LiveState;
  /** Locks the live row: it always exists, so it serialises every editor, the first save too. */
  lock(tx: Tx, id: number): Promise<void>;
  liveDocument(db: DbOrTx, base: Base): Promise<Doc>;
  /** What zod cannot know (references exist, the slug is free): 422 with the wire field. */
  check(db: DbOrTx, base: Base, doc: Doc): Promise<void>;
  /** Writes the document to the live tables and bumps updatedAt (the content feed's signal). */
  apply(tx: Tx, base: Base, doc: Doc, now: Date): Promise<void>;
  setPublished(tx: Tx, id: number, published: boolean, now: Date): Promise<void>;
  slugOf(doc: Doc): string;
  changedFields(before: Doc | null, after: Doc): string[];
  /** The document as it is stored (e.g. rich text sanitised); identity when absent. */
  prepare?(doc: Doc): Doc;
};

type DraftRow = typeof contentDrafts.$inferSelect;
type RevisionAction = Revision['action'];
export type ScheduledPublishJob = { type: string; id: number; at: string; by: string };

/** The generic part of a record's edit view (the kinds add their own fields). */
export type EditState<Doc> = {
  id: number;
  liveSlug: string;
  published: boolean;
  status: EditStatus;
  draft: Doc;
  version: number;
  publishedVersion: number | null;
  hasUnpublishedChanges: boolean;
  scheduledAt: string | null;
  updatedAt: string;
  updatedBy: { id: string | null; name: string } | null;
  redirectsFrom: string[];
  lastRun: PublishRunView | null;
};

const keyOf = (id: number) => String(id);
const hhmm = (d: Date) => `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 16)} UTC`;
export const scheduleJobKey = (type: string, id: number, at: Date) => `publish:${type}:${id}:${at.getTime()}`;

async function editorName(db: DbOrTx, id: string | null): Promise<{ id: string | null; name: string } | null> {
  if (!id) return null;
  const [u] = await db.select({ name: users.name }).from(users).where(eq(users.id, id)).limit(1);
  return { id, name: u?.name ?? 'A former editor' };
}

/** The editing calls of one kind of record. */
export function recordEditor<Doc, Base>(kind: EditKind<Doc, Base>) {
  const { type, noun } = kind;
  const Noun = noun[0]!.toUpperCase() + noun.slice(1);
  /** The draft row of a record (where clause). */
  const draftOf = (id: number) => and(eq(contentDrafts.type, type), eq(contentDrafts.key, keyOf(id)));
  const parse = (data: unknown) => kind.schema.parse(data);
  const stale = (what = 'changed after you opened it') => new HttpError(409, `This ${noun} ${what}. Reload to see the newest version first.`, { body: { code: 'version_conflict' } });

  /** The record's draft; with `lock`, the live row is locked first (see EditKind.lock). */
  async function draftRow(db: DbOrTx, id: number, lock = false): Promise<DraftRow | undefined> {
    if (lock) await kind.lock(db as Tx, id);
    const q = db.select().from(contentDrafts).where(draftOf(id)).limit(1);
    const [row] = lock ? await q.for('update') : await q;
    return row;
  }

  async function mustRow(db: DbOrTx, id: number): Promise<Base> {
    const b = await kind.row(db, id);
    if (!b) throw notFound(Noun);
    return b;
  }

  async function addRevision(
    tx: DbOrTx,
    id: number,
    r: { version: number; action: RevisionAction; data: Doc; changed: string[]; by: Editor; at: Date; runId?: string; note?: string },
  ) {
    const [row] = await tx
      .insert(contentRevisions)
      .values({ type, key: keyOf(id), version: r.version, action: r.action, data: r.data, changedFields: r.changed, userId: r.by.id, userName: r.by.name, createdAt: r.at, publishRunId: r.runId ?? null, note: r.note ?? null })
      .returning({ id: contentRevisions.id });
    return row!.id;
  }

  /** The 409 a stale version gets; the refused document is kept as a revision first. */
  async function refuse(db: Db, id: number, current: DraftRow, attempted: Doc, by: Editor, now: Date): Promise<never> {
    const who = (await editorName(db, current.updatedBy))?.name ?? 'Another editor';
    const revisionId = await addRevision(db, id, { version: current.version, action: 'refused', data: attempted, changed: [], by, at: now });
    throw new HttpError(
      409,
      `${who} saved this ${noun} at ${hhmm(current.updatedAt)}, after you opened it. Your changes were not saved over theirs; they are kept in the revision history. Reload to see the newest version, then apply your changes again.`,
      { body: { code: 'version_conflict', currentVersion: current.version, refusedRevisionId: revisionId } },
    );
  }

  /** The draft (or the live document), its version and where it stands. */
  async function editState(d: EditDeps, id: number): Promise<{ base: Base; state: EditState<Doc> }> {
    const base = await mustRow(d.db, id);
    const live = kind.live(base);
    const draft = await draftRow(d.db, id);
    const doc = draft ? parse(draft.data) : await kind.liveDocument(d.db, base);
    const [redirects, lastRun, by] = await Promise.all([
      d.db.select({ from: slugRedirects.fromSlug }).from(slugRedirects).where(and(eq(slugRedirects.type, type), eq(slugRedirects.targetId, id))),
      d.db
        .select({ runId: contentRevisions.publishRunId })
        .from(contentRevisions)
        .where(and(eq(contentRevisions.type, type), eq(contentRevisions.key, keyOf(id)), isNotNull(contentRevisions.publishRunId)))
        .orderBy(desc(contentRevisions.id))
        .limit(1),
      editorName(d.db, draft?.updatedBy ?? null),
    ]);
    const runId = lastRun[0]?.runId;
    const status: EditStatus = !live.published ? 'unpublished' : draft && draft.version !== draft.publishedVersion ? 'changed' : 'published';
    return {
      base,
      state: {
        id,
        liveSlug: live.slug,
        published: live.published,
        status,
        draft: doc,
        version: draft?.version ?? 0,
        publishedVersion: draft?.publishedVersion ?? null,
        hasUnpublishedChanges: !!draft && draft.version !== draft.publishedVersion,
        scheduledAt: draft?.scheduledAt?.toISOString() ?? null,
        updatedAt: (draft?.updatedAt ?? live.updatedAt).toISOString(),
        updatedBy: by,
        redirectsFrom: redirects.map((r) => r.from).sort(),
        lastRun: runId ? await d.publisher.getRun(d.db, runId) : null,
      },
    };
  }

  /**
   * Saves the editor's document as the draft, if `version` is still the newest (0: no draft yet).
   * Live is untouched. A stale version answers 409 and keeps the refused document as a revision.
   */
  async function saveDraft(d: EditDeps, id: number, body: { version: number; draft: Doc }, by: Editor, action: RevisionAction = 'save'): Promise<void> {
    const now = d.now?.() ?? new Date();
    const base = await mustRow(d.db, id);
    const doc = kind.prepare ? kind.prepare(body.draft) : body.draft;
    await kind.check(d.db, base, doc);
    const conflict = await d.db.transaction(async (tx) => {
      const current = await draftRow(tx, id, true);
      if ((current?.version ?? 0) !== body.version) return current ?? null;
      const before = current ? parse(current.data) : await kind.liveDocument(tx, base);
      const version = body.version + 1;
      if (current) {
        await tx.update(contentDrafts).set({ data: doc, version, updatedBy: by.id, updatedAt: now }).where(and(draftOf(id), eq(contentDrafts.version, body.version)));
      } else {
        // First save: the live document is version 0 and counts as published.
        await tx.insert(contentDrafts).values({ type, key: keyOf(id), data: doc, version, publishedVersion: 0, updatedBy: by.id, updatedAt: now, createdAt: now });
      }
      await addRevision(tx, id, { version, action, data: doc, changed: kind.changedFields(before, doc), by, at: now });
      return undefined;
    });
    if (conflict === null) throw new HttpError(409, `This ${noun} has no saved draft any more. Reload to see the newest version.`, { body: { code: 'version_conflict', currentVersion: 0 } });
    if (conflict) await refuse(d.db, id, conflict, doc, by, now);
  }

  /** Restores an old revision's document as a new draft version (not live until published). */
  async function restoreRevision(d: EditDeps, id: number, revisionId: number, version: number, by: Editor): Promise<void> {
    const [rev] = await d.db
      .select()
      .from(contentRevisions)
      .where(and(eq(contentRevisions.id, revisionId), eq(contentRevisions.type, type), eq(contentRevisions.key, keyOf(id))))
      .limit(1);
    if (!rev) throw notFound('Revision');
    const parsed = kind.schema.safeParse(rev.data);
    if (!parsed.success) throw new HttpError(422, `This revision no longer fits the ${noun} form and cannot be restored`, { fields: { revision_id: 'Cannot be restored' } });
    await saveDraft(d, id, { version, draft: parsed.data }, by, 'restore');
  }

  async function revisions(db: Db, id: number): Promise<Revision[]> {
    await mustRow(db, id);
    const rows = await db
      .select()
      .from(contentRevisions)
      .where(and(eq(contentRevisions.type, type), eq(contentRevisions.key, keyOf(id))))
      .orderBy(desc(contentRevisions.id))
      .limit(200);
    const nameOf = (data: unknown) => {
      const o = data as { name?: unknown; title?: unknown };
      return typeof o.name === 'string' ? o.name : typeof o.title === 'string' ? o.title : '';
    };
    return rows.map((r) => ({
      id: r.id,
      version: r.version,
      action: r.action,
      changedFields: r.changedFields,
      note: r.note,
      by: { id: r.userId, name: r.userName },
      createdAt: r.createdAt.toISOString(),
      name: nameOf(r.data),
    }));
  }

  /** publishNow; with `scheduledAt`, only while the draft is still scheduled for then (null if not). */
  async function publishDraft(d: EditDeps, id: number, version: number, by: Editor, action: RevisionAction, scheduledAt?: string): Promise<{ runId: string } | null> {
    const now = d.now?.() ?? new Date();
    const base = await mustRow(d.db, id);
    const result = await d.db.transaction(async (tx) => {
      const current = await draftRow(tx, id, true);
      // Checked under the lock: a schedule cancelled or moved a moment ago is not published.
      if (scheduledAt !== undefined && current?.scheduledAt?.toISOString() !== scheduledAt) return { stale: true } as const;
      if ((current?.version ?? 0) !== version) return { conflict: current ?? null } as const;
      const doc = current ? parse(current.data) : await kind.liveDocument(tx, base);
      await kind.check(tx, base, doc);
      const oldSlug = kind.live(base).slug;
      const newSlug = kind.slugOf(doc);
      await kind.apply(tx, base, doc, now);
      await kind.setPublished(tx, id, true, now);
      if (newSlug !== oldSlug) {
        await tx.insert(slugRedirects).values({ type, fromSlug: oldSlug, targetId: id }).onConflictDoUpdate({ target: [slugRedirects.type, slugRedirects.fromSlug], set: { targetId: id, createdAt: now } });
      }
      // The new address is live again: it must not redirect anywhere.
      await tx.delete(slugRedirects).where(and(eq(slugRedirects.type, type), eq(slugRedirects.fromSlug, newSlug)));
      const next = version + 1;
      if (current) {
        await tx.update(contentDrafts).set({ version: next, publishedVersion: next, scheduledAt: null, scheduledBy: null, updatedBy: by.id, updatedAt: now }).where(draftOf(id));
      } else {
        await tx.insert(contentDrafts).values({ type, key: keyOf(id), data: doc, version: next, publishedVersion: next, updatedBy: by.id, updatedAt: now, createdAt: now });
      }
      const changes = [{ type, key: newSlug }, ...(oldSlug !== newSlug ? [{ type, key: oldSlug }] : [])];
      const run = await d.publisher.publishIn(tx, changes, by.id);
      await addRevision(tx, id, { version: next, action, data: doc, changed: [], by, at: now, runId: run.id });
      return { run } as const;
    });
    if ('stale' in result) return null;
    if ('conflict' in result) {
      const who = (await editorName(d.db, result.conflict?.updatedBy ?? null))?.name ?? 'Another editor';
      throw new HttpError(409, `${who} changed this ${noun} after you opened it. Reload to see the newest version before publishing.`, {
        body: { code: 'version_conflict', currentVersion: result.conflict?.version ?? 0 },
      });
    }
    result.run.wake();
    return { runId: result.run.id };
  }

  /**
   * Publishes the draft at `version` now: writes it to the live tables in one transaction (a slug
   * change leaves a redirect from the old address) and, in the same transaction, asks the pipeline
   * to rebuild what shows it: no live change without its publish run, no run without the change.
   */
  async function publishNow(d: EditDeps, id: number, version: number, by: Editor, action: RevisionAction = 'publish'): Promise<{ runId: string }> {
    return (await publishDraft(d, id, version, by, action))!;
  }

  /** Takes the record off the site: its page answers 404 and it leaves listings and search. */
  async function unpublish(d: EditDeps, id: number, version: number, by: Editor): Promise<{ runId: string }> {
    const now = d.now?.() ?? new Date();
    const base = await mustRow(d.db, id);
    const live = kind.live(base);
    if (!live.published) throw new HttpError(422, `This ${noun} is not published`, { fields: { version: 'Already unpublished' } });
    const result = await d.db.transaction(async (tx) => {
      const current = await draftRow(tx, id, true);
      if ((current?.version ?? 0) !== version) return null;
      const doc = current ? parse(current.data) : await kind.liveDocument(tx, base);
      await kind.setPublished(tx, id, false, now);
      const next = version + 1;
      // The draft keeps its content; publishing again puts it back. publishedVersion stays behind.
      if (current) await tx.update(contentDrafts).set({ version: next, scheduledAt: null, scheduledBy: null, updatedBy: by.id, updatedAt: now }).where(draftOf(id));
      else await tx.insert(contentDrafts).values({ type, key: keyOf(id), data: doc, version: next, publishedVersion: 0, updatedBy: by.id, updatedAt: now, createdAt: now });
      const run = await d.publisher.publishIn(tx, [{ type, key: live.slug }], by.id);
      await addRevision(tx, id, { version: next, action: 'unpublish', data: doc, changed: [], by, at: now, runId: run.id });
      return run;
    });
    if (result === null) throw stale();
    result.wake();
    return { runId: result.id };
  }

  /**
   * Publishes the draft at `at` (in the future). The job carries the time it was scheduled for; a
   * job whose time no longer matches the draft's (rescheduled, cancelled or published since) does
   * nothing. What goes live is the newest draft at that moment.
   */
  async function schedulePublish(d: EditDeps, id: number, version: number, at: Date, by: Editor): Promise<void> {
    const now = d.now?.() ?? new Date();
    if (!d.jobs) throw new HttpError(503, 'Scheduling is not available in this process');
    const jobs = d.jobs;
    if (at.getTime() <= now.getTime() + 30_000) throw new HttpError(422, 'Choose a time at least a minute from now', { fields: { at: 'Must be in the future' } });
    if (at.getTime() > now.getTime() + 366 * 86400_000) throw new HttpError(422, 'Choose a time within a year', { fields: { at: 'At most a year ahead' } });
    const base = await mustRow(d.db, id);
    const ok = await d.db.transaction(async (tx) => {
      const current = await draftRow(tx, id, true);
      if ((current?.version ?? 0) !== version) return false;
      const doc = current ? parse(current.data) : await kind.liveDocument(tx, base);
      await kind.check(tx, base, doc);
      const next = version + 1;
      if (current) await tx.update(contentDrafts).set({ version: next, scheduledAt: at, scheduledBy: by.id, updatedBy: by.id, updatedAt: now }).where(draftOf(id));
      else await tx.insert(contentDrafts).values({ type, key: keyOf(id), data: doc, version: next, publishedVersion: 0, scheduledAt: at, scheduledBy: by.id, updatedBy: by.id, updatedAt: now, createdAt: now });
      await addRevision(tx, id, { version: next, action: 'schedule', data: doc, changed: [], by, at: now });
      const job: ScheduledPublishJob = { type, id, at: at.toISOString(), by: by.id };
      await jobs.enqueue(tx, QUEUES.scheduledPublish.name, job, { startAfter: at, key: scheduleJobKey(type, id, at) });
      return true;
    });
    if (!ok) throw stale();
  }

  async function cancelSchedule(d: EditDeps, id: number, by: Editor): Promise<void> {
    const now = d.now?.() ?? new Date();
    await mustRow(d.db, id);
    // Under the record's lock, like the scheduled publish itself: one of the two wins, and the
    // editor is told when the publish did.
    const cancelled = await d.db.transaction(async (tx) => {
      const current = await draftRow(tx, id, true);
      if (!current?.scheduledAt) return false;
      await tx.update(contentDrafts).set({ scheduledAt: null, scheduledBy: null, updatedBy: by.id, updatedAt: now }).where(draftOf(id));
      return true;
    });
    if (!cancelled) throw new HttpError(409, `Nothing is scheduled for this ${noun} any more: it may just have been published. Reload to see where it stands.`, { body: { code: 'not_scheduled' } });
  }

  /**
   * The scheduled-publish job (jobs/workers.ts). Idempotent: a second run finds no schedule. A
   * draft that cannot go live (it no longer passes the checks: an address taken since, a
   * reference removed) is not retried: the schedule is cleared and the history says why, for the
   * editor to see. A version race (an editor saved a moment ago) or a failure of the database or
   * the queue is thrown, so the queue tries again with the newest draft.
   */
  async function runScheduledPublish(d: EditDeps, job: ScheduledPublishJob): Promise<'published' | 'stale' | 'failed'> {
    const draft = await draftRow(d.db, job.id);
    if (!draft?.scheduledAt || draft.scheduledAt.toISOString() !== job.at) return 'stale';
    const [u] = await d.db.select({ name: users.name }).from(users).where(eq(users.id, job.by)).limit(1);
    const by = { id: job.by, name: u?.name ?? 'Scheduled publish' };
    try {
      return (await publishDraft(d, job.id, draft.version, by, 'publish', job.at)) ? 'published' : 'stale';
    } catch (err) {
      if (!(err instanceof HttpError) || err.status === 409 || err.status >= 500) throw err;
      const now = d.now?.() ?? new Date();
      const failed = await d.db.transaction(async (tx) => {
        const current = await draftRow(tx, job.id, true);
        if (!current || current.scheduledAt?.toISOString() !== job.at) return false;
        await tx.update(contentDrafts).set({ scheduledAt: null, scheduledBy: null, updatedAt: now }).where(draftOf(job.id));
        await addRevision(tx, job.id, { version: current.version, action: 'schedule_failed', data: parse(current.data), changed: [], by, at: now, note: scheduleFailure(err) });
        return true;
      });
      return failed ? 'failed' : 'stale';
    }
  }

  /**
   * Puts a change made outside the editor live at once, inside the caller's transaction: an
   * operator's new prices, or an operator's content change an admin approved (ADR 0032). `patch`
   * is applied to the live document and to the draft, if there is one, so the draft's next publish
   * does not undo it; the draft's version moves on, so an editor who has it open is told by the
   * usual 409 (with who changed it) and keeps their work. `alsoApply` writes what the document
   * does not hold (room prices, the cancellation policy). Returns the publish run (wake it after
   * the commit) and the fields that changed on the live record.
   */
  async function patchLiveIn(
    tx: Tx,
    d: EditDeps,
    id: number,
    patch: (doc: Doc) => Doc,
    by: Editor,
    opts: { note: string; alsoApply?: (tx: Tx, base: Base) => Promise<void>; alsoChanged?: string[]; now?: Date },
  ): Promise<{ run: { id: string; wake: () => void }; changed: string[] }> {
    const now = opts.now ?? d.now?.() ?? new Date();
    const current = await draftRow(tx, id, true);
    const base = await mustRow(tx, id);
    const liveDoc = await kind.liveDocument(tx, base);
    const next = patch(liveDoc);
    await kind.check(tx, base, next);
    await kind.apply(tx, base, next, now);
    await opts.alsoApply?.(tx, base);
    const changed = [...kind.changedFields(liveDoc, next), ...(opts.alsoChanged ?? [])];
    let version: number;
    let data: Doc;
    if (current) {
      version = current.version + 1;
      data = patch(parse(current.data));
      // A draft that equalled live still does; one with unpublished changes keeps them.
      const caughtUp = current.version === current.publishedVersion;
      await tx
        .update(contentDrafts)
        .set({ data, version, publishedVersion: caughtUp ? version : current.publishedVersion, updatedBy: by.id, updatedAt: now })
        .where(draftOf(id));
    } else {
      version = 1;
      data = next;
      await tx.insert(contentDrafts).values({ type, key: keyOf(id), data, version, publishedVersion: version, updatedBy: by.id, updatedAt: now, createdAt: now });
    }
    const run = await d.publisher.publishIn(tx, [{ type, key: kind.slugOf(next) }], by.id);
    await addRevision(tx, id, { version, action: 'operator_change', data, changed, by, at: now, runId: run.id, note: opts.note });
    return { run, changed };
  }

  /** The record whose old address `slug` was, if it is live: its current slug (null otherwise). */
  async function redirectTarget(db: Db, slug: string): Promise<string | null> {
    const [r] = await db.select({ id: slugRedirects.targetId }).from(slugRedirects).where(and(eq(slugRedirects.type, type), eq(slugRedirects.fromSlug, slug))).limit(1);
    const base = r ? await kind.row(db, r.id) : undefined;
    if (!base) return null;
    const live = kind.live(base);
    return live.published && live.slug !== slug ? live.slug : null;
  }

  return { type, kind, mustRow, editState, saveDraft, restoreRevision, revisions, publishNow, unpublish, schedulePublish, cancelSchedule, runScheduledPublish, redirectTarget, patchLiveIn };
}

export type RecordEditor = ReturnType<typeof recordEditor<unknown, unknown>>;

/** The editor's words for why a scheduled publish could not go live. */
function scheduleFailure(err: HttpError): string {
  const fields = Object.values(err.fields ?? {});
  return `The scheduled publish could not go live: ${err.message}${fields.length ? ` (${fields.join('; ')})` : ''}. The draft is kept; fix it and publish or schedule again.`;
}

/**
 * The test clock (development and tests only): "it is now `at`" makes every scheduled publish
 * due by then run now, through the queue's own worker (its start time is moved to now).
 */
export async function moveScheduleClock(d: EditDeps, at: Date): Promise<{ due: number }> {
  if (!d.jobs) return { due: 0 };
  const rows = await d.db
    .select({ type: contentDrafts.type, key: contentDrafts.key, scheduledAt: contentDrafts.scheduledAt })
    .from(contentDrafts)
    .where(and(isNotNull(contentDrafts.scheduledAt), lte(contentDrafts.scheduledAt, at)));
  const now = d.now?.() ?? new Date();
  let due = 0;
  for (const r of rows) due += await d.jobs.reschedule(QUEUES.scheduledPublish.name, scheduleJobKey(r.type, Number(r.key), r.scheduledAt!), now);
  return { due };
}

/** `/storage/…` addresses of images, by id (the edit screens' previews). */
export async function imageUrlsOf(db: Db, ids: number[]): Promise<Record<string, string>> {
  const rows = ids.length ? await db.select({ id: images.id, key: images.key }).from(images).where(inArray(images.id, ids)) : [];
  return Object.fromEntries(rows.map((r) => [String(r.id), `/storage/${r.key}`]));
}

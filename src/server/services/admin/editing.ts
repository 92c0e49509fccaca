// Editing as editors expect (ADR 0026): drafts beside the live record, a version number that
// refuses a stale save (409, the refused work kept as a revision), revision history with restore,
// publish / unpublish / scheduled publish through the publish pipeline, and a permanent redirect
// from an experience's old address when its slug changes.
import { and, desc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { AdminExperience, ExperienceDraft, PublishRunView, Revision } from '../../../contract/admin.ts';
import { ExperienceDraftSchema } from '../../../contract/admin.ts';
import type { ContentType } from '../../../contract/content-changes.ts';
import type { Db, Tx } from '../../db/client.ts';
import { contentDrafts, contentRevisions, currencies, images, options, slugRedirects, users } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { QUEUES } from '../../jobs/queue.ts';
import { applyDocument, changedFields, checkDocument, liveDocument, optionRow, type OptionBase } from './experience-doc.ts';
import type { Publisher } from './publisher.ts';

export const EXPERIENCE: ContentType = 'options';
export type Editor = { id: string; name: string };

export type EditDeps = { db: Db; jobs: JobQueue | null; publisher: Publisher; now?: () => Date };

type DraftRow = typeof contentDrafts.$inferSelect;
type RevisionAction = Revision['action'];

const keyOf = (id: number) => String(id);

/**
 * The record's draft; with `lock`, the experience row is locked first: it always exists, so it
 * serialises every editor of the record, including the first save, when no draft row exists yet
 * to lock (two first saves would otherwise both insert, and the second would fail with a 500).
 */
/** The draft row of an experience (where clause). */
const draftOf = (id: number) => and(eq(contentDrafts.type, EXPERIENCE), eq(contentDrafts.key, keyOf(id)));

async function draftRow(db: Db | Tx, id: number, lock = false): Promise<DraftRow | undefined> {
  if (lock) await db.select({ id: options.id }).from(options).where(eq(options.id, id)).for('update');
  const q = db.select().from(contentDrafts).where(draftOf(id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

async function mustOption(db: Db | Tx, id: number): Promise<OptionBase> {
  const o = await optionRow(db, id);
  if (!o) throw notFound('Experience');
  return o;
}

async function editorName(db: Db | Tx, id: string | null): Promise<{ id: string | null; name: string } | null> {
  if (!id) return null;
  const [u] = await db.select({ name: users.name }).from(users).where(eq(users.id, id)).limit(1);
  return { id, name: u?.name ?? 'A former editor' };
}

function statusOf(o: OptionBase, d: DraftRow | undefined): AdminExperience['status'] {
  if (!o.published) return 'unpublished';
  if (d && d.version !== d.publishedVersion) return 'changed';
  return 'published';
}

const hhmm = (d: Date) => `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 16)} UTC`;

async function addRevision(
  tx: Db | Tx,
  id: number,
  r: { version: number; action: RevisionAction; data: ExperienceDraft; changed: string[]; by: Editor; at: Date; runId?: string; note?: string },
) {
  const [row] = await tx
    .insert(contentRevisions)
    .values({ type: EXPERIENCE, key: keyOf(id), version: r.version, action: r.action, data: r.data, changedFields: r.changed, userId: r.by.id, userName: r.by.name, createdAt: r.at, publishRunId: r.runId ?? null, note: r.note ?? null })
    .returning({ id: contentRevisions.id });
  return row!.id;
}

/** The 409 a stale version gets; the refused document is kept as a revision first. */
async function refuse(db: Db, id: number, current: DraftRow, attempted: ExperienceDraft, by: Editor, now: Date): Promise<never> {
  const who = (await editorName(db, current.updatedBy))?.name ?? 'Another editor';
  const revisionId = await addRevision(db, id, { version: current.version, action: 'refused', data: attempted, changed: [], by, at: now });
  throw new HttpError(
    409,
    `${who} saved this experience at ${hhmm(current.updatedAt)}, after you opened it. Your changes were not saved over theirs; they are kept in the revision history. Reload to see the newest version, then apply your changes again.`,
    { body: { code: 'version_conflict', currentVersion: current.version, refusedRevisionId: revisionId } },
  );
}

/** The run's state for the editor (a publish run or a preview). */
export async function runView(p: Publisher, db: Db, runId: string | null | undefined): Promise<PublishRunView | null> {
  if (!runId) return null;
  return p.getRun(db, runId);
}

export async function experienceView(d: EditDeps, id: number): Promise<AdminExperience> {
  const o = await mustOption(d.db, id);
  const draft = await draftRow(d.db, id);
  const doc = draft ? ExperienceDraftSchema.parse(draft.data) : await liveDocument(d.db, o);
  const [redirects, lastRun, by] = await Promise.all([
    d.db.select({ from: slugRedirects.fromSlug }).from(slugRedirects).where(and(eq(slugRedirects.type, EXPERIENCE), eq(slugRedirects.targetId, id))),
    d.db
      .select({ runId: contentRevisions.publishRunId })
      .from(contentRevisions)
      .where(and(eq(contentRevisions.type, EXPERIENCE), eq(contentRevisions.key, keyOf(id)), isNotNull(contentRevisions.publishRunId)))
      .orderBy(desc(contentRevisions.id))
      .limit(1),
    editorName(d.db, draft?.updatedBy ?? null),
  ]);
  const [cur] = await d.db.select({ exponent: currencies.exponent }).from(currencies).where(eq(currencies.code, o.priceCurrency)).limit(1);
  const imageIds = doc.images.map((i) => i.id);
  const imageRows = imageIds.length ? await d.db.select({ id: images.id, key: images.key }).from(images).where(inArrayIds(imageIds)) : [];
  return {
    id,
    liveSlugCode: o.slugCode,
    published: o.published,
    status: statusOf(o, draft),
    kind: o.kind,
    priceUnit: o.priceUnit,
    currency: o.priceCurrency,
    currencyExponent: cur?.exponent ?? 2,
    draft: doc,
    version: draft?.version ?? 0,
    publishedVersion: draft?.publishedVersion ?? null,
    hasUnpublishedChanges: !!draft && draft.version !== draft.publishedVersion,
    scheduledAt: draft?.scheduledAt?.toISOString() ?? null,
    updatedAt: (draft?.updatedAt ?? o.updatedAt).toISOString(),
    updatedBy: by,
    redirectsFrom: redirects.map((r) => r.from).sort(),
    lastRun: await runView(d.publisher, d.db, lastRun[0]?.runId),
    imageUrls: Object.fromEntries(imageRows.map((r) => [String(r.id), `/storage/${r.key}`])),
  };
}

const inArrayIds = (ids: number[]) => inArray(images.id, ids);

/**
 * Saves the editor's document as the draft, if `version` is still the newest (0: no draft yet).
 * Live is untouched. A stale version answers 409 and keeps the refused document as a revision.
 */
export async function saveDraft(d: EditDeps, id: number, body: { version: number; draft: ExperienceDraft }, by: Editor, action: RevisionAction = 'save'): Promise<void> {
  const now = d.now?.() ?? new Date();
  const o = await mustOption(d.db, id);
  await checkDocument(d.db, o, body.draft);
  const conflict = await d.db.transaction(async (tx) => {
    const current = await draftRow(tx, id, true);
    if ((current?.version ?? 0) !== body.version) return current ?? null;
    const before = current ? ExperienceDraftSchema.parse(current.data) : await liveDocument(tx, o);
    const version = body.version + 1;
    if (current) {
      await tx
        .update(contentDrafts)
        .set({ data: body.draft, version, updatedBy: by.id, updatedAt: now })
        .where(and(eq(contentDrafts.type, EXPERIENCE), eq(contentDrafts.key, keyOf(id)), eq(contentDrafts.version, body.version)));
    } else {
      // First save: the live document is version 0 and counts as published.
      await tx.insert(contentDrafts).values({ type: EXPERIENCE, key: keyOf(id), data: body.draft, version, publishedVersion: 0, updatedBy: by.id, updatedAt: now, createdAt: now });
    }
    await addRevision(tx, id, { version, action, data: body.draft, changed: changedFields(before, body.draft), by, at: now });
    return undefined;
  });
  if (conflict === null) throw new HttpError(409, 'This experience has no saved draft any more. Reload to see the newest version.', { body: { code: 'version_conflict', currentVersion: 0 } });
  if (conflict) await refuse(d.db, id, conflict, body.draft, by, now);
}

/** Restores an old revision's document as a new draft version (not live until published). */
export async function restoreRevision(d: EditDeps, id: number, revisionId: number, version: number, by: Editor): Promise<void> {
  const [rev] = await d.db
    .select()
    .from(contentRevisions)
    .where(and(eq(contentRevisions.id, revisionId), eq(contentRevisions.type, EXPERIENCE), eq(contentRevisions.key, keyOf(id))))
    .limit(1);
  if (!rev) throw notFound('Revision');
  const parsed = ExperienceDraftSchema.safeParse(rev.data);
  if (!parsed.success) throw new HttpError(422, 'This revision no longer fits the experience form and cannot be restored', { fields: { revision_id: 'Cannot be restored' } });
  await saveDraft(d, id, { version, draft: parsed.data }, by, 'restore');
}

export async function revisions(db: Db, id: number): Promise<Revision[]> {
  await mustOption(db, id);
  const rows = await db
    .select()
    .from(contentRevisions)
    .where(and(eq(contentRevisions.type, EXPERIENCE), eq(contentRevisions.key, keyOf(id))))
    .orderBy(desc(contentRevisions.id))
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    version: r.version,
    action: r.action,
    changedFields: r.changedFields,
    note: r.note,
    by: { id: r.userId, name: r.userName },
    createdAt: r.createdAt.toISOString(),
    name: typeof (r.data as { name?: unknown }).name === 'string' ? (r.data as { name: string }).name : '',
  }));
}

/**
 * Publishes the draft at `version` now: writes it to the live tables in one transaction (a slug
 * change leaves a redirect from the old address) and, in the same transaction, asks the pipeline
 * to rebuild what shows it: no live change without its publish run, no run without the change.
 */
export async function publishNow(d: EditDeps, id: number, version: number, by: Editor, action: RevisionAction = 'publish'): Promise<{ runId: string }> {
  return (await publishDraft(d, id, version, by, action))!;
}

/** publishNow; with `scheduledAt`, only while the draft is still scheduled for then (null if not). */
async function publishDraft(d: EditDeps, id: number, version: number, by: Editor, action: RevisionAction, scheduledAt?: string): Promise<{ runId: string } | null> {
  const now = d.now?.() ?? new Date();
  const o = await mustOption(d.db, id);
  const result = await d.db.transaction(async (tx) => {
    const current = await draftRow(tx, id, true);
    // Checked under the lock: a schedule cancelled or moved a moment ago is not published.
    if (scheduledAt !== undefined && current?.scheduledAt?.toISOString() !== scheduledAt) return { stale: true } as const;
    if ((current?.version ?? 0) !== version) return { conflict: current ?? null } as const;
    const doc = current ? ExperienceDraftSchema.parse(current.data) : await liveDocument(tx, o);
    await checkDocument(tx, o, doc);
    const oldSlug = o.slugCode;
    await applyDocument(tx, o, doc, now);
    await tx.update(options).set({ published: true }).where(eq(options.id, id));
    if (doc.slugCode !== oldSlug) {
      await tx.insert(slugRedirects).values({ type: EXPERIENCE, fromSlug: oldSlug, targetId: id }).onConflictDoUpdate({ target: [slugRedirects.type, slugRedirects.fromSlug], set: { targetId: id, createdAt: now } });
    }
    // The new address is live again: it must not redirect anywhere.
    await tx.delete(slugRedirects).where(and(eq(slugRedirects.type, EXPERIENCE), eq(slugRedirects.fromSlug, doc.slugCode)));
    const next = version + 1;
    if (current) {
      await tx.update(contentDrafts).set({ version: next, publishedVersion: next, scheduledAt: null, scheduledBy: null, updatedBy: by.id, updatedAt: now }).where(draftOf(id));
    } else {
      await tx.insert(contentDrafts).values({ type: EXPERIENCE, key: keyOf(id), data: doc, version: next, publishedVersion: next, updatedBy: by.id, updatedAt: now, createdAt: now });
    }
    const changes = [{ type: EXPERIENCE, key: doc.slugCode }, ...(oldSlug !== doc.slugCode ? [{ type: EXPERIENCE, key: oldSlug }] : [])];
    const run = await d.publisher.publishIn(tx, changes, by.id);
    await addRevision(tx, id, { version: next, action, data: doc, changed: [], by, at: now, runId: run.id });
    return { run } as const;
  });
  if ('stale' in result) return null;
  if ('conflict' in result) {
    const who = (await editorName(d.db, result.conflict?.updatedBy ?? null))?.name ?? 'Another editor';
    throw new HttpError(409, `${who} changed this experience after you opened it. Reload to see the newest version before publishing.`, {
      body: { code: 'version_conflict', currentVersion: result.conflict?.version ?? 0 },
    });
  }
  result.run.wake();
  return { runId: result.run.id };
}

/** Takes the experience off the site: its page answers 404 and it leaves listings and search. */
export async function unpublish(d: EditDeps, id: number, version: number, by: Editor): Promise<{ runId: string }> {
  const now = d.now?.() ?? new Date();
  const o = await mustOption(d.db, id);
  if (!o.published) throw new HttpError(422, 'This experience is not published', { fields: { version: 'Already unpublished' } });
  const result = await d.db.transaction(async (tx) => {
    const current = await draftRow(tx, id, true);
    if ((current?.version ?? 0) !== version) return null;
    const doc = current ? ExperienceDraftSchema.parse(current.data) : await liveDocument(tx, o);
    await tx.update(options).set({ published: false, updatedAt: now }).where(eq(options.id, id));
    const next = version + 1;
    // The draft keeps its content; publishing again puts it back. publishedVersion stays behind.
    if (current) await tx.update(contentDrafts).set({ version: next, scheduledAt: null, scheduledBy: null, updatedBy: by.id, updatedAt: now }).where(draftOf(id));
    else await tx.insert(contentDrafts).values({ type: EXPERIENCE, key: keyOf(id), data: doc, version: next, publishedVersion: 0, updatedBy: by.id, updatedAt: now, createdAt: now });
    const run = await d.publisher.publishIn(tx, [{ type: EXPERIENCE, key: o.slugCode }], by.id);
    await addRevision(tx, id, { version: next, action: 'unpublish', data: doc, changed: [], by, at: now, runId: run.id });
    return run;
  });
  if (result === null) throw new HttpError(409, 'This experience changed after you opened it. Reload to see the newest version first.', { body: { code: 'version_conflict' } });
  result.wake();
  return { runId: result.id };
}

export const scheduleJobKey = (id: number, at: Date) => `publish:${EXPERIENCE}:${id}:${at.getTime()}`;
export type ScheduledPublishJob = { type: string; id: number; at: string; by: string };

/**
 * Publishes the draft at `at` (in the future). The job carries the time it was scheduled for; a
 * job whose time no longer matches the draft's (rescheduled, cancelled or published since) does
 * nothing. What goes live is the newest draft at that moment.
 */
export async function schedulePublish(d: EditDeps, id: number, version: number, at: Date, by: Editor): Promise<void> {
  const now = d.now?.() ?? new Date();
  if (!d.jobs) throw new HttpError(503, 'Scheduling is not available in this process');
  const jobs = d.jobs;
  if (at.getTime() <= now.getTime() + 30_000) throw new HttpError(422, 'Choose a time at least a minute from now', { fields: { at: 'Must be in the future' } });
  if (at.getTime() > now.getTime() + 366 * 86400_000) throw new HttpError(422, 'Choose a time within a year', { fields: { at: 'At most a year ahead' } });
  const o = await mustOption(d.db, id);
  const ok = await d.db.transaction(async (tx) => {
    const current = await draftRow(tx, id, true);
    if ((current?.version ?? 0) !== version) return false;
    const doc = current ? ExperienceDraftSchema.parse(current.data) : await liveDocument(tx, o);
    await checkDocument(tx, o, doc);
    const next = version + 1;
    if (current) await tx.update(contentDrafts).set({ version: next, scheduledAt: at, scheduledBy: by.id, updatedBy: by.id, updatedAt: now }).where(draftOf(id));
    else await tx.insert(contentDrafts).values({ type: EXPERIENCE, key: keyOf(id), data: doc, version: next, publishedVersion: 0, scheduledAt: at, scheduledBy: by.id, updatedBy: by.id, updatedAt: now, createdAt: now });
    await addRevision(tx, id, { version: next, action: 'schedule', data: doc, changed: [], by, at: now });
    const job: ScheduledPublishJob = { type: EXPERIENCE, id, at: at.toISOString(), by: by.id };
    await jobs.enqueue(tx, QUEUES.scheduledPublish.name, job, { startAfter: at, key: scheduleJobKey(id, at) });
    return true;
  });
  if (!ok) throw new HttpError(409, 'This experience changed after you opened it. Reload to see the newest version first.', { body: { code: 'version_conflict' } });
}

export async function cancelSchedule(d: EditDeps, id: number, by: Editor): Promise<void> {
  const now = d.now?.() ?? new Date();
  await mustOption(d.db, id);
  // Under the record's lock, like the scheduled publish itself: one of the two wins, and the
  // editor is told when the publish did.
  const cancelled = await d.db.transaction(async (tx) => {
    const current = await draftRow(tx, id, true);
    if (!current?.scheduledAt) return false;
    await tx.update(contentDrafts).set({ scheduledAt: null, scheduledBy: null, updatedBy: by.id, updatedAt: now }).where(draftOf(id));
    return true;
  });
  if (!cancelled) throw new HttpError(409, 'Nothing is scheduled for this experience any more: it may just have been published. Reload to see where it stands.', { body: { code: 'not_scheduled' } });
}

/**
 * The scheduled-publish job (jobs/workers.ts). Idempotent: a second run finds no schedule. A
 * draft that cannot go live (it no longer passes the checks: an address taken since, a city
 * removed) is not retried: the schedule is cleared and the history says why, for the editor to
 * see. A version race (an editor saved a moment ago) or a failure of the database or the queue
 * is thrown, so the queue tries again with the newest draft.
 */
export async function runScheduledPublish(d: EditDeps, job: ScheduledPublishJob): Promise<'published' | 'stale' | 'failed'> {
  if (job.type !== EXPERIENCE) return 'stale';
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
      const doc = ExperienceDraftSchema.parse(current.data);
      await addRevision(tx, job.id, { version: current.version, action: 'schedule_failed', data: doc, changed: [], by, at: now, note: scheduleFailure(err) });
      return true;
    });
    return failed ? 'failed' : 'stale';
  }
}

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
    .select({ key: contentDrafts.key, scheduledAt: contentDrafts.scheduledAt })
    .from(contentDrafts)
    .where(and(eq(contentDrafts.type, EXPERIENCE), isNotNull(contentDrafts.scheduledAt), lte(contentDrafts.scheduledAt, at)));
  const now = d.now?.() ?? new Date();
  let due = 0;
  for (const r of rows) due += await d.jobs.reschedule(QUEUES.scheduledPublish.name, scheduleJobKey(Number(r.key), r.scheduledAt!), now);
  return { due };
}

/** `/experiences/{slug}`'s redirect target, if the slug is an old address of a live experience. */
export async function redirectTarget(db: Db, slug: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: options.slugCode })
    .from(slugRedirects)
    .innerJoin(options, eq(options.id, slugRedirects.targetId))
    .where(and(eq(slugRedirects.type, EXPERIENCE), eq(slugRedirects.fromSlug, slug), eq(options.published, true)))
    .limit(1);
  return row && row.slug !== slug ? row.slug : null;
}

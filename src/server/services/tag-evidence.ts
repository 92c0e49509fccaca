// Evidence behind sustainability tags (issue 25, item 2; ADR 0045). The operator submits a tag's
// evidence (it waits for review and replaces what was there); an admin verifies it, rejects it
// with a reason or corrects it. The experience page shows verified and expired evidence, so every
// change to what it shows queues a publish run of the experience in the same transaction. A
// verified certification with an expiry has a job on the durable queue at the first moment after
// its last valid day; the job marks it expired (stale jobs, for an expiry since corrected or
// evidence no longer verified, do nothing) and republishes the page.
import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { TagRef } from '../../contract/tags.ts';
import {
  EVIDENCE_FILE,
  type AdminEvidence,
  type EvidenceDocument,
  type EvidenceFields,
  type EvidenceStatus,
  type OptionTagEvidence,
  type PartnerEvidence,
} from '../../contract/tag-evidence.ts';
import type { CurrentUser } from '../context.ts';
import type { Db, Tx } from '../db/client.ts';
import { operators, optionTags, options, tagEvidence, tags } from '../db/schema.ts';
import { HttpError, notFound } from '../http.ts';
import { type JobQueue, QUEUES } from '../jobs/queue.ts';
import { PRIVATE_PREFIX, type FileStorage } from '../providers/storage.ts';
import type { Publisher } from './admin/publisher.ts';
import { reencodePhoto } from './images.ts';
import type { OpenOperator } from './partner/bookings.ts';
import { requestPublishIn, wakePublisher } from './publish.ts';
import { newToken } from './secrets.ts';

type Row = typeof tagEvidence.$inferSelect;
export type EvidenceDeps = { db: Db; jobs: JobQueue | null; publisher: Publisher; now?: () => Date };
export type ExpiryJob = { evidenceId: number; expiresOn: string };

const DAY_MS = 86_400_000;
const evidenceNotFound = () => notFound('Evidence');
/** Shown on the experience page: verified, or verified once and expired since. */
const isPublic = (status: EvidenceStatus) => status === 'verified' || status === 'expired';
const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The first moment the certification is no longer valid: the day after its last valid day, 00:00 UTC. */
export const expiryMoment = (expiresOn: string) => new Date(Date.parse(`${expiresOn}T00:00:00.000Z`) + DAY_MS);
export const expiryJobKey = (id: number, expiresOn: string) => `evidence:${id}:${expiresOn}`;

function documentOf(r: Pick<Row, 'documentToken' | 'documentName' | 'documentKind'>): EvidenceDocument | null {
  if (!r.documentToken || !r.documentName || !r.documentKind) return null;
  return { url: `/api/v1/tag_evidence_documents/${r.documentToken}`, name: r.documentName, kind: r.documentKind };
}

function core(r: Row) {
  return {
    id: r.id,
    version: r.version,
    status: r.status,
    issuer: r.issuer,
    certificateNumber: r.certificateNumber,
    expiresOn: r.expiresOn,
    statement: r.statement,
    document: documentOf(r),
    submittedBy: r.submittedByName,
    submittedAt: r.submittedAt.toISOString(),
    decidedBy: r.decidedByName,
    decidedAt: iso(r.decidedAt),
    verifiedAt: iso(r.verifiedAt),
    expiredAt: iso(r.expiredAt),
    rejectReason: r.rejectReason,
  };
}

/** The experience page's evidence of each option: verified or expired, in the tags' order. */
export async function publicEvidenceOf(db: Db, optionIds: number[]): Promise<Map<number, OptionTagEvidence[]>> {
  const out = new Map<number, OptionTagEvidence[]>();
  if (!optionIds.length) return out;
  const rows = await db
    .select({ e: tagEvidence, slug: tags.slug })
    .from(tagEvidence)
    .innerJoin(tags, eq(tags.id, tagEvidence.tagId))
    .innerJoin(optionTags, and(eq(optionTags.optionId, tagEvidence.optionId), eq(optionTags.tagId, tagEvidence.tagId)))
    .where(and(inArray(tagEvidence.optionId, optionIds), inArray(tagEvidence.status, ['verified', 'expired']), isNull(tags.deletedAt)))
    .orderBy(asc(tags.position), asc(tags.name));
  for (const { e, slug } of rows) {
    const verified = e.status === 'verified';
    const list = out.get(e.optionId) ?? [];
    list.push({
      tagSlug: slug,
      issuer: e.issuer,
      certificateNumber: e.certificateNumber,
      expiresOn: e.expiresOn,
      statement: e.statement,
      document: documentOf(e),
      verifiedOn: verified && e.verifiedAt ? e.verifiedAt.toISOString().slice(0, 10) : null,
      expired: !verified,
    });
    out.set(e.optionId, list);
  }
  return out;
}

// ── The operator's side ──────────────────────────────────────────────────────

/** The experience's sustainability tags (404 when the experience is not the operator's). */
async function sustainabilityTagsOf(db: Db | Tx, op: OpenOperator, optionId: number): Promise<{ slugCode: string; tags: TagRef[] }> {
  const [o] = await db.select({ slugCode: options.slugCode, operatorId: options.operatorId }).from(options).where(and(eq(options.id, optionId), isNull(options.deletedAt))).limit(1);
  if (!o || o.operatorId !== op.id) throw notFound('Experience');
  const list = await db
    .select({ id: tags.id, slug: tags.slug, kind: tags.kind, name: tags.name })
    .from(optionTags)
    .innerJoin(tags, eq(tags.id, optionTags.tagId))
    .where(and(eq(optionTags.optionId, optionId), eq(tags.kind, 'sustainability'), isNull(tags.deletedAt)))
    .orderBy(asc(tags.position), asc(tags.name));
  return { slugCode: o.slugCode, tags: list };
}

export async function partnerEvidence(db: Db, op: OpenOperator, optionId: number): Promise<PartnerEvidence[]> {
  const { tags: list } = await sustainabilityTagsOf(db, op, optionId);
  const rows = list.length ? await db.select().from(tagEvidence).where(and(eq(tagEvidence.optionId, optionId), inArray(tagEvidence.tagId, list.map((t) => t.id)))) : [];
  return list.map((tag) => {
    const r = rows.find((x) => x.tagId === tag.id);
    return { tag, evidence: r ? core(r) : null };
  });
}

const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
export type EvidenceFile = { bytes: Uint8Array; name: string };
type PreparedDocument = { bytes: Uint8Array; name: string; kind: 'image' | 'pdf'; contentType: string };

/** A file name safe to show and to put in Content-Disposition. */
const cleanName = (name: string, fallback: string, ext: string) => `${name.replace(/\.[^.]*$/, '').replace(/[^\p{L}\p{N} ._-]+/gu, ' ').replace(/\s+/g, ' ').trim().slice(0, 100) || fallback}.${ext}`;

/** The bytes decide: a PDF by its signature (kept as sent), anything else must be a photo sharp re-encodes. */
export async function prepareDocument(file: EvidenceFile): Promise<PreparedDocument> {
  const fail = (message: string) => new HttpError(422, message, { fields: { file: message } });
  if (file.bytes.byteLength === 0) throw fail('The file is empty');
  if (file.bytes.byteLength > EVIDENCE_FILE.maxBytes) throw fail(`The file is too large: at most ${EVIDENCE_FILE.maxBytes / 1024 / 1024} MB`);
  if (PDF_SIGNATURE.every((b, i) => file.bytes[i] === b)) return { bytes: file.bytes, name: cleanName(file.name, 'Certificate', 'pdf'), kind: 'pdf', contentType: 'application/pdf' };
  const photo = await reencodePhoto(file.bytes, { maxBytes: EVIDENCE_FILE.maxBytes, maxPixels: 40_000_000, minSide: 200, maxSide: 2560, typeMessage: EVIDENCE_FILE.typeMessage, field: 'file' });
  return { bytes: photo.data, name: cleanName(file.name, 'Certificate', 'jpg'), kind: 'image', contentType: 'image/jpeg' };
}

/**
 * The operator's evidence for one tag: replaces what was there and waits for review. Evidence that
 * was on the page (verified or expired) leaves it until an admin verifies the new one, so a
 * publish run goes with it. A new document is stored before the transaction and removed if it fails.
 */
export async function submitEvidence(
  d: EvidenceDeps & { storage: FileStorage },
  user: CurrentUser,
  op: OpenOperator,
  optionId: number,
  tagSlug: string,
  fields: EvidenceFields,
  file: EvidenceFile | null,
  removeDocument: boolean,
): Promise<PartnerEvidence> {
  const { slugCode, tags: list } = await sustainabilityTagsOf(d.db, op, optionId);
  const tag = list.find((t) => t.slug === tagSlug);
  if (!tag) throw notFound('Sustainability tag');
  const doc = file ? await prepareDocument(file) : null;
  const stored = doc ? { token: newToken(16), key: `${PRIVATE_PREFIX}evidence/${new Date().toISOString().slice(0, 7)}/${newToken(12)}.${doc.kind === 'pdf' ? 'pdf' : 'jpg'}` } : null;
  if (doc && stored) await d.storage.put(stored.key, doc.bytes, doc.contentType);
  let oldKey: string | null = null;
  try {
    const { row, run } = await d.db.transaction(async (tx) => {
      await tx.select({ id: options.id }).from(options).where(eq(options.id, optionId)).for('update');
      const [before] = await tx.select().from(tagEvidence).where(and(eq(tagEvidence.optionId, optionId), eq(tagEvidence.tagId, tag.id))).limit(1);
      const now = d.now?.() ?? new Date();
      const document =
        doc && stored
          ? { documentToken: stored.token, documentKey: stored.key, documentName: doc.name, documentKind: doc.kind }
          : removeDocument || !before
            ? { documentToken: null, documentKey: null, documentName: null, documentKind: null }
            : {};
      if (before?.documentKey && (doc || removeDocument)) oldKey = before.documentKey;
      const values = {
        ...fields,
        ...document,
        status: 'pending' as const,
        submittedBy: user.id,
        submittedByName: user.name,
        submittedAt: now,
        decidedBy: null,
        decidedByName: null,
        decidedAt: null,
        verifiedAt: null,
        expiredAt: null,
        rejectReason: null,
        updatedAt: now,
      };
      const [row] = before
        ? await tx.update(tagEvidence).set({ ...values, version: before.version + 1 }).where(eq(tagEvidence.id, before.id)).returning()
        : await tx.insert(tagEvidence).values({ optionId, tagId: tag.id, ...values }).returning();
      const run = before && isPublic(before.status) ? await d.publisher.publishIn(tx, [{ type: 'options', key: slugCode }], user.id) : null;
      return { row: row!, run };
    });
    run?.wake();
    if (oldKey) await d.storage.delete(oldKey).catch(() => undefined);
    return { tag, evidence: core(row) };
  } catch (err) {
    if (stored) await d.storage.delete(stored.key).catch(() => undefined);
    throw err;
  }
}

// ── The admin's side ─────────────────────────────────────────────────────────

const adminColumns = {
  e: tagEvidence,
  tag: { id: tags.id, slug: tags.slug, kind: tags.kind, name: tags.name },
  experience: { id: options.id, slugCode: options.slugCode, name: options.name },
  operator: { id: operators.id, slug: operators.slug, name: operators.name },
};

const adminQuery = (db: Db | Tx) =>
  db.select(adminColumns).from(tagEvidence).innerJoin(tags, eq(tags.id, tagEvidence.tagId)).innerJoin(options, eq(options.id, tagEvidence.optionId)).innerJoin(operators, eq(operators.id, options.operatorId));

type AdminRow = Awaited<ReturnType<ReturnType<typeof adminQuery>['limit']>>[number];
const toAdmin = (r: AdminRow, publishRunId: string | null = null): AdminEvidence => ({ ...core(r.e), tag: r.tag, experience: r.experience, operator: r.operator, publishRunId });

export async function adminEvidenceList(db: Db, status: EvidenceStatus): Promise<{ evidence: AdminEvidence[]; pending: number }> {
  const rows = await adminQuery(db)
    .where(and(eq(tagEvidence.status, status), isNull(options.deletedAt)))
    .orderBy(status === 'pending' ? asc(tagEvidence.submittedAt) : desc(tagEvidence.updatedAt), asc(tagEvidence.id))
    .limit(200);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(tagEvidence).innerJoin(options, eq(options.id, tagEvidence.optionId)).where(and(eq(tagEvidence.status, 'pending'), isNull(options.deletedAt)));
  return { evidence: rows.map((r) => toAdmin(r)), pending: count?.n ?? 0 };
}

/** Locks the evidence and checks the version the admin read; 404 unknown, 409 stale. */
async function lockFor(tx: Tx, id: number, version: number): Promise<AdminRow> {
  const [r] = await adminQuery(tx).where(eq(tagEvidence.id, id)).limit(1).for('update', { of: tagEvidence });
  if (!r) throw evidenceNotFound();
  if (r.e.version !== version) throw new HttpError(409, 'This evidence changed after you opened it. Reload to see the newest version first.', { body: { code: 'version_conflict', evidence: toAdmin(r) } });
  return r;
}

const todayOf = (now: Date) => now.toISOString().slice(0, 10);

/** A verified certification's expiry job, in the transaction that verifies (or corrects) it. */
async function scheduleExpiry(d: EvidenceDeps, tx: Tx, row: Row): Promise<void> {
  if (row.status !== 'verified' || !row.expiresOn) return;
  if (!d.jobs) throw new HttpError(503, 'The job queue is not available in this process; try again in a moment');
  await d.jobs.enqueue<ExpiryJob>(tx, QUEUES.tagEvidenceExpiry.name, { evidenceId: row.id, expiresOn: row.expiresOn }, { startAfter: expiryMoment(row.expiresOn), key: expiryJobKey(row.id, row.expiresOn) });
}

async function decide(
  d: EvidenceDeps,
  user: CurrentUser,
  id: number,
  version: number,
  change: (r: AdminRow, now: Date) => Partial<typeof tagEvidence.$inferInsert> | null,
): Promise<AdminEvidence> {
  const out = await d.db.transaction(async (tx) => {
    const r = await lockFor(tx, id, version);
    const now = d.now?.() ?? new Date();
    const set = change(r, now);
    if (!set) return { r, run: null };
    const [row] = await tx.update(tagEvidence).set({ ...set, version: r.e.version + 1, updatedAt: now }).where(eq(tagEvidence.id, id)).returning();
    await scheduleExpiry(d, tx, row!);
    const shown = isPublic(r.e.status) || isPublic(row!.status);
    const run = shown ? await d.publisher.publishIn(tx, [{ type: 'options', key: r.experience.slugCode }], user.id) : null;
    return { r: { ...r, e: row! }, run };
  });
  out.run?.wake();
  return toAdmin(out.r, out.run?.id ?? null);
}

/** Verified from now: the page shows "Verified" with today's date. 422 when it already expired. */
export function verifyEvidence(d: EvidenceDeps, user: CurrentUser, id: number, version: number): Promise<AdminEvidence> {
  return decide(d, user, id, version, (r, now) => {
    if (r.e.status === 'verified') throw new HttpError(422, 'This evidence is verified already', { fields: { status: 'Verified already' } });
    if (r.e.expiresOn && r.e.expiresOn < todayOf(now)) {
      throw new HttpError(422, `This certification expired on ${r.e.expiresOn}: correct the expiry or ask the operator for the current certificate`, { fields: { expiresOn: 'The certification has expired' } });
    }
    return { status: 'verified', verifiedAt: now, expiredAt: null, decidedBy: user.id, decidedByName: user.name, decidedAt: now, rejectReason: null };
  });
}

export function rejectEvidence(d: EvidenceDeps, user: CurrentUser, id: number, version: number, reason: string): Promise<AdminEvidence> {
  return decide(d, user, id, version, (r, now) => {
    if (r.e.status === 'rejected') throw new HttpError(422, 'This evidence is rejected already', { fields: { status: 'Rejected already' } });
    return { status: 'rejected', rejectReason: reason, verifiedAt: null, decidedBy: user.id, decidedByName: user.name, decidedAt: now };
  });
}

/**
 * An admin's correction of what the operator wrote (a typo in the number, the expiry): the status
 * stays, except that verified evidence corrected to an expiry already past becomes expired.
 */
export function correctEvidence(d: EvidenceDeps, user: CurrentUser, id: number, version: number, fields: EvidenceFields): Promise<AdminEvidence> {
  return decide(d, user, id, version, (r, now) => {
    const same = (Object.keys(fields) as (keyof EvidenceFields)[]).every((k) => fields[k] === r.e[k]);
    if (same) return null;
    const lapsed = r.e.status === 'verified' && fields.expiresOn !== null && fields.expiresOn < todayOf(now);
    return { ...fields, ...(lapsed ? { status: 'expired' as const, expiredAt: now } : {}) };
  });
}

// ── Expiry ───────────────────────────────────────────────────────────────────

/**
 * The tag-evidence-expiry job: the certification's last valid day has passed. Marks the evidence
 * expired and republishes its experience's page, in one transaction; a job whose evidence is no
 * longer verified or whose expiry was corrected since does nothing.
 */
export async function expireEvidence(d: { db: Db; jobs: Pick<JobQueue, 'enqueue' | 'wake'>; now?: () => Date }, job: ExpiryJob): Promise<'expired' | 'stale'> {
  const done = await d.db.transaction(async (tx) => {
    const now = d.now?.() ?? new Date();
    const [row] = await tx
      .update(tagEvidence)
      .set({ status: 'expired', expiredAt: now, version: sql`${tagEvidence.version} + 1`, updatedAt: now })
      .where(and(eq(tagEvidence.id, job.evidenceId), eq(tagEvidence.status, 'verified'), eq(tagEvidence.expiresOn, job.expiresOn)))
      .returning({ optionId: tagEvidence.optionId });
    if (!row) return false;
    const [o] = await tx.select({ slugCode: options.slugCode }).from(options).where(eq(options.id, row.optionId)).limit(1);
    if (o) await requestPublishIn(tx, d.jobs, { changes: [{ type: 'options', key: o.slugCode }], requestedBy: null });
    return true;
  });
  if (done) wakePublisher(d.jobs);
  return done ? 'expired' : 'stale';
}

/**
 * The test clock (development and tests only): "it is now `at`". The expiry jobs of verified
 * evidence whose expiry moment is at or before `at` are moved to now, so the queue's own worker
 * runs them. Nothing else is touched.
 */
export async function moveEvidenceClock(d: { db: Db; jobs: JobQueue | null; now?: () => Date }, at: Date): Promise<{ due: number }> {
  if (!d.jobs) return { due: 0 };
  // expiresOn < the day of `at` ⇔ its expiry moment (the next day, 00:00 UTC) is at or before `at`'s day start.
  const lastValid = new Date(at.getTime() - DAY_MS).toISOString().slice(0, 10);
  const rows = await d.db
    .select({ id: tagEvidence.id, expiresOn: tagEvidence.expiresOn })
    .from(tagEvidence)
    .where(and(eq(tagEvidence.status, 'verified'), sql`${tagEvidence.expiresOn} <= ${lastValid}`));
  const now = d.now?.() ?? new Date();
  let due = 0;
  for (const r of rows) due += await d.jobs.reschedule(QUEUES.tagEvidenceExpiry.name, expiryJobKey(r.id, r.expiresOn!), now);
  if (due) d.jobs.wake(QUEUES.tagEvidenceExpiry.name);
  return { due };
}

/**
 * The daily sweep (a job of the same queue without data): expires verified evidence past its
 * expiry that no job of its own expired (evidence written straight to the database, as the demo
 * catalogue is). Returns how many it expired.
 */
export async function sweepOverdueEvidence(d: { db: Db; jobs: Pick<JobQueue, 'enqueue' | 'wake'>; now?: () => Date }): Promise<number> {
  const rows = await d.db
    .select({ id: tagEvidence.id, expiresOn: tagEvidence.expiresOn })
    .from(tagEvidence)
    .where(and(eq(tagEvidence.status, 'verified'), lt(tagEvidence.expiresOn, todayOf(d.now?.() ?? new Date()))));
  let expired = 0;
  for (const r of rows) if ((await expireEvidence(d, { evidenceId: r.id, expiresOn: r.expiresOn! })) === 'expired') expired += 1;
  return expired;
}

// ── The document ─────────────────────────────────────────────────────────────

/**
 * The evidence's document by its token: anyone while the evidence is on the page (verified or
 * expired); otherwise only the operator's team and admins. 404 for anyone else, as for a token
 * that does not exist.
 */
export async function readEvidenceDocument(
  d: { db: Db; storage: FileStorage },
  user: CurrentUser | null,
  mayOpen: (user: CurrentUser, operatorId: number) => Promise<boolean>,
  token: string,
): Promise<{ bytes: Uint8Array; name: string; kind: 'image' | 'pdf' }> {
  const [r] = await d.db
    .select({ e: tagEvidence, operatorId: options.operatorId })
    .from(tagEvidence)
    .innerJoin(options, eq(options.id, tagEvidence.optionId))
    .where(eq(tagEvidence.documentToken, token))
    .limit(1);
  if (!r || !r.e.documentKey || !r.e.documentName || !r.e.documentKind) throw notFound('Document');
  if (!isPublic(r.e.status) && !(user && (user.isAdmin || (await mayOpen(user, r.operatorId))))) throw notFound('Document');
  const bytes = await d.storage.get(r.e.documentKey);
  if (!bytes) throw notFound('Document');
  return { bytes, name: r.e.documentName, kind: r.e.documentKind };
}

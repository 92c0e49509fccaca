// The image-cleanup job (services/images.ts sweepUnusedUploads, jobs/workers.ts): an upload
// nothing uses is deleted, row and file, once it is a day old (the test clock moves the job's
// "now"); one named by a live record, a draft, a revision, an operator's listing change or an
// article's body is kept, and so are images that were never uploaded (the seed's).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, asc, eq, inArray, isNull, not, like } from 'drizzle-orm';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminBestOfListSchema } from '../../contract/admin.ts';
import { bestOfLists, blogs, collections, images, listingChanges, options } from '../db/schema.ts';
import { QUEUES, SCHEDULES } from '../jobs/queue.ts';
import { imageCleanupHandler } from '../jobs/workers.ts';
import { createStorage } from '../providers/providers.ts';
import type { FileStorage } from '../providers/storage.ts';
import type { Agent } from '../testing/agent.ts';
import { backOfficeAgents } from '../testing/back-office.ts';
import { expectStatus } from '../testing/booking.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { storeUploadedPhoto, UNUSED_UPLOAD_GRACE_MS } from './images.ts';

let t: TestApp;
let admin: Agent;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  t = await createTestApp();
  ({ admin } = await backOfficeAgents(t, (n) => `198.51.100.${200 + n}`));
});
afterAll(() => t.close());

const storage = () => createStorage(t.config);
const stored = (key: string) => existsSync(join(t.config.dataDir, 'storage', key));
async function uploadPhoto(name: string) {
  const bytes = await sharp({ create: { width: 900, height: 800, channels: 3, background: { r: 90, g: 140, b: 70 } } }).jpeg().toBuffer();
  return storeUploadedPhoto(t.db, storage(), { bytes, name }, `A photo called ${name}`, null);
}
const keyOf = async (id: number) => (await t.db.select({ key: images.key }).from(images).where(eq(images.id, id)))[0]?.key;
/** Runs the cleanup job through the queue, as its hourly schedule would, at `now`. */
async function sweepAt(now: Date): Promise<number> {
  await t.jobs.enqueue(t.db, QUEUES.imageCleanup.name, {}, { startAfter: new Date(), key: `test-cleanup-${now.getTime()}` });
  return t.jobs.runDue(QUEUES.imageCleanup.name, imageCleanupHandler({ db: t.db, storage: storage(), log, now: () => now }));
}

describe('the image-cleanup job', () => {
  it('is scheduled every hour on the durable queue', async () => {
    for (const s of SCHEDULES) await t.jobs.schedule(s.queue, s.cron);
    expect(await t.jobs.schedulesOf(QUEUES.imageCleanup.name)).toEqual([{ name: 'image-cleanup', cron: '17 * * * *' }]);
  });

  it('deletes an upload nothing uses after a day, keeps those a record, draft, revision, listing change or article names', async () => {
    const [unused, inDraft, inRevision, inChange, live, inArticle] = await Promise.all(['unused', 'in-draft', 'in-revision', 'in-change', 'live', 'in-article'].map(uploadPhoto));
    const [seedImage] = await t.db.select({ id: images.id, key: images.key }).from(images).where(not(like(images.key, 'uploads/%'))).orderBy(asc(images.id)).limit(1);

    // A best-of list's draft names one; a first draft named another, which a later save dropped (only a revision has it).
    const [list] = await t.db.select({ id: bestOfLists.id }).from(bestOfLists).where(isNull(bestOfLists.deletedAt)).orderBy(asc(bestOfLists.id)).limit(1);
    const L = `/api/v1/admin/best_of_lists/${list!.id}`;
    const x = AdminBestOfListSchema.parse((await admin.get(L)).body);
    const first = await admin.call('PUT', `${L}/draft`, { body: { version: x.version, draft: { ...x.draft, image: { id: inRevision!.id, alt: 'A photo that was tried' } } } });
    expectStatus(first, 200);
    const second = await admin.call('PUT', `${L}/draft`, { body: { version: x.version + 1, draft: { ...x.draft, image: { id: inDraft!.id, alt: 'The photo the draft has' } } } });
    expectStatus(second, 200);
    // An operator's pending change proposes one.
    const [option] = await t.db.select({ id: options.id, operatorId: options.operatorId }).from(options).where(isNull(options.deletedAt)).orderBy(asc(options.id)).limit(1);
    await t.db.insert(listingChanges).values({ optionId: option!.id, operatorId: option!.operatorId, base: { images: [] }, proposed: { images: [{ id: inChange!.id, alt: 'A new photo' }] }, changedFields: ['images'], submittedByName: 'Pat Partner' });
    // A live collection shows one; an article's body shows another.
    const [col] = await t.db.select({ id: collections.id }).from(collections).orderBy(asc(collections.id)).limit(1);
    await t.db.update(collections).set({ imageId: live!.id }).where(eq(collections.id, col!.id));
    const [blog] = await t.db.select({ id: blogs.id, body: blogs.body }).from(blogs).orderBy(asc(blogs.id)).limit(1);
    await t.db.update(blogs).set({ body: [...blog!.body, { type: 'image', imageId: inArticle!.id, caption: 'On the river' }] }).where(eq(blogs.id, blog!.id));

    const all = [unused!, inDraft!, inRevision!, inChange!, live!, inArticle!];
    const keys = await Promise.all(all.map((u) => keyOf(u.id)));
    for (const k of keys) expect(stored(k!)).toBe(true);

    // An hour later nothing is old enough.
    expect(await sweepAt(new Date(Date.now() + 3600_000))).toBe(1);
    expect(await t.db.select({ id: images.id }).from(images).where(inArray(images.id, all.map((u) => u.id)))).toHaveLength(all.length);

    // A day later (the test clock), only the unused upload goes: its row and its file.
    expect(await sweepAt(new Date(Date.now() + UNUSED_UPLOAD_GRACE_MS + 3600_000))).toBe(1);
    const left = (await t.db.select({ id: images.id }).from(images).where(inArray(images.id, all.map((u) => u.id)))).map((r) => r.id);
    expect(left.sort((a, b) => a - b)).toEqual(all.slice(1).map((u) => u.id).sort((a, b) => a - b));
    expect(stored(keys[0]!)).toBe(false);
    for (const k of keys.slice(1)) expect(stored(k!)).toBe(true);
    // Images that were not uploaded in the back-office are never touched, used or not.
    expect(await keyOf(seedImage!.id)).toBe(seedImage!.key);

    // The tried photo stays while a revision names it (restoring it must keep working), and the
    // proposed one while its change exists, withdrawn or not (a declined one can be started again).
    await t.db.update(listingChanges).set({ status: 'withdrawn' }).where(and(eq(listingChanges.optionId, option!.id), eq(listingChanges.status, 'pending')));
    expect(await sweepAt(new Date(Date.now() + 2 * UNUSED_UPLOAD_GRACE_MS))).toBe(1);
    expect((await t.db.select({ id: images.id }).from(images).where(inArray(images.id, [inRevision!.id, inChange!.id]))).length).toBe(2);
  });

  it('a file that cannot be deleted keeps its row for the next sweep, and the failure is logged', async () => {
    const u = await uploadPhoto('stuck');
    const errors: unknown[] = [];
    const disk = storage();
    const failing: FileStorage = { name: 'failing', put: (key, data, type) => disk.put(key, data, type), get: (key) => disk.get(key), url: (key) => disk.url(key), delete: () => Promise.reject(new Error('bucket unavailable')) };
    const recorder = pino({ level: 'error' }, { write: (line: string) => void errors.push(JSON.parse(line)) });
    await t.jobs.enqueue(t.db, QUEUES.imageCleanup.name, {}, { startAfter: new Date(), key: 'test-cleanup-stuck' });
    const later = new Date(Date.now() + UNUSED_UPLOAD_GRACE_MS + 3600_000);
    expect(await t.jobs.runDue(QUEUES.imageCleanup.name, imageCleanupHandler({ db: t.db, storage: failing, log: recorder, now: () => later }))).toBe(1);
    expect(await keyOf(u.id)).toBeTruthy();
    expect(errors).toContainEqual(expect.objectContaining({ imageId: u.id, msg: expect.stringContaining('could not be deleted'), err: expect.objectContaining({ message: 'bucket unavailable' }) }));
    expect(await sweepAt(later)).toBe(1);
    expect(await keyOf(u.id)).toBeUndefined();
  });
});

import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentRef, PublishChange } from '../../contract/publish.ts';
import { PublishRunSchema } from '../../contract/publish.ts';
import { publishRuns } from '../db/schema.ts';
import { QUEUES } from '../jobs/queue.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { getPublishRun, mergeChanges, publishHandler, recoverPublishRuns, requestPreview, requestPublish, type SiteBuilder } from './publish.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A builder that records what it was asked and fails when told to. */
function fakeSite(opts: { fail?: string } = {}) {
  const published: PublishChange[][] = [];
  const previews: { ref: ContentRef; record: unknown; runId: string }[] = [];
  const site: SiteBuilder = {
    async publish(changes) {
      published.push(changes);
      if (opts.fail) throw new Error(opts.fail);
      return { pages: changes.length * 3, seconds: 0.01, mode: 'test' };
    },
    async preview(ref, record, runId) {
      previews.push({ ref, record, runId });
      if (opts.fail) throw new Error(opts.fail);
      return { url: `/preview/${runId}/` };
    },
  };
  return { site, published, previews };
}
const log = pino({ level: 'silent' });
const runJobs = (site: SiteBuilder) => t.jobs.runDue(QUEUES.sitePublish.name, publishHandler({ db: t.db, log, site }));

describe('publish runs', () => {
  it('merges the records of several requests without repeats', () => {
    expect(
      mergeChanges([
        [{ type: 'options', key: 'a' }, { type: 'cities', key: 'a' }],
        [{ type: 'options', key: 'a' }, { type: 'options', key: 'b' }],
      ]),
    ).toEqual([{ type: 'options', key: 'a' }, { type: 'cities', key: 'a' }, { type: 'options', key: 'b' }]);
  });

  it('is queued with its job, then goes building → live with the builder', async () => {
    const { id } = await requestPublish(t.db, t.jobs, { changes: [{ type: 'options', key: 'x1' }], requestedBy: null });
    const queued = PublishRunSchema.parse(await getPublishRun(t.db, id));
    expect(queued).toMatchObject({ state: 'queued', kind: 'publish', failure: null, startedAt: null, finishedAt: null, changes: [{ type: 'options', key: 'x1' }] });
    const f = fakeSite();
    expect(await runJobs(f.site)).toBe(1);
    expect(f.published).toEqual([[{ type: 'options', key: 'x1' }]]);
    const live = PublishRunSchema.parse(await getPublishRun(t.db, id));
    expect(live.state).toBe('live');
    expect(live.startedAt).not.toBeNull();
    expect(live.finishedAt).not.toBeNull();
    expect(await getPublishRun(t.db, 'no-such-run')).toBeNull();
  });

  it('coalesces runs requested while the worker was busy into one build', async () => {
    const a = await requestPublish(t.db, t.jobs, { changes: [{ type: 'options', key: 'a' }], requestedBy: null });
    const b = await requestPublish(t.db, t.jobs, { changes: [{ type: 'options', key: 'a' }, { type: 'cities', key: 'c' }], requestedBy: null });
    const f = fakeSite();
    expect(await runJobs(f.site)).toBe(2);
    expect(f.published).toEqual([[{ type: 'options', key: 'a' }, { type: 'cities', key: 'c' }]]);
    for (const id of [a.id, b.id]) expect((await getPublishRun(t.db, id))?.state).toBe('live');
  });

  it('carries a site settings change beside records, in the run the back-office reads', async () => {
    const a = await requestPublish(t.db, t.jobs, { changes: [{ type: 'site', key: 'initial-data' }], requestedBy: null });
    const b = await requestPublish(t.db, t.jobs, { changes: [{ type: 'options', key: 's1' }], requestedBy: null });
    expect(PublishRunSchema.parse(await getPublishRun(t.db, a.id)).changes).toEqual([{ type: 'site', key: 'initial-data' }]);
    const f = fakeSite();
    expect(await runJobs(f.site)).toBe(2);
    expect(f.published).toEqual([[{ type: 'site', key: 'initial-data' }, { type: 'options', key: 's1' }]]);
    for (const id of [a.id, b.id]) expect((await getPublishRun(t.db, id))?.state).toBe('live');
  });

  it('a failed build marks every run of it failed, with the error', async () => {
    const { id } = await requestPublish(t.db, t.jobs, { changes: [{ type: 'options', key: 'bad' }], requestedBy: null });
    await runJobs(fakeSite({ fail: 'render of /experiences/bad/ failed: boom' }).site);
    const run = await getPublishRun(t.db, id);
    expect(run).toMatchObject({ state: 'failed', failure: 'render of /experiences/bad/ failed: boom' });
    expect(run?.finishedAt).not.toBeNull();
  });

  it('refuses an empty publish', async () => {
    await expect(requestPublish(t.db, t.jobs, { changes: [], requestedBy: null })).rejects.toMatchObject({ status: 422 });
  });

  it('a run interrupted by a restart is queued again', async () => {
    const { id } = await requestPublish(t.db, t.jobs, { changes: [{ type: 'options', key: 'r' }], requestedBy: null });
    await t.db.update(publishRuns).set({ state: 'building', startedAt: new Date() }).where(eq(publishRuns.id, id));
    expect(await recoverPublishRuns(t.db, t.jobs)).toBe(1);
    expect((await getPublishRun(t.db, id))?.state).toBe('queued');
    await runJobs(fakeSite().site);
    expect((await getPublishRun(t.db, id))?.state).toBe('live');
  });
});

describe('preview runs', () => {
  it('validates the draft against the content contract (422 with fields)', async () => {
    const err = await requestPreview(t.db, t.jobs, { type: 'options', key: 'x', record: { name: 1 }, requestedBy: null }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 422 });
    expect(Object.keys((err as { fields: Record<string, string> }).fields).length).toBeGreaterThan(0);
  });

  it('renders the draft and gives its URL', async () => {
    const list = await t.get('/api/v1/options?per=1');
    const slug = (list.body as { options: { slugCode: string }[] }).options[0]!.slugCode;
    const detail = (await t.get(`/api/v1/options/${slug}`)).body as Record<string, unknown>;
    const { id } = await requestPreview(t.db, t.jobs, { type: 'options', key: slug, record: { ...detail, name: 'Draft name' }, requestedBy: null });
    const f = fakeSite();
    await runJobs(f.site);
    expect(f.previews).toHaveLength(1);
    expect((f.previews[0]!.record as { name: string }).name).toBe('Draft name');
    expect(f.published).toEqual([]);
    expect(await getPublishRun(t.db, id)).toMatchObject({ state: 'live', kind: 'preview', previewUrl: `/preview/${id}/` });
  });
});

// The editors' back-office calls under /admin (src/contract/admin.ts; ADR 0026). Every one of
// them is behind requireAdmin (app.ts): 401 for a guest, 403 for a traveller or a partner.
import { Hono } from 'hono';
import { z } from 'zod';
import {
  AdminExperienceListQuery,
  PublishBody,
  SaveDraftBody,
  SiteSettingsSchema,
  TestClockBody,
  VersionBody,
} from '../../contract/admin.ts';
import type { PublishChange } from '../../contract/publish.ts';
import type { AppEnv } from '../context.ts';
import { HttpError, notFound, readBody, readParams, readQuery, reply } from '../http.ts';
import { currentUser } from '../session.ts';
import * as editing from '../services/admin/editing.ts';
import { listExperiences, references, saveSiteSettings, siteSettings } from '../services/admin/lists.ts';
import { pipelinePublisher, type Publisher } from '../services/admin/publisher.ts';
import { previewRecord } from './admin-preview.ts';

const IdParam = z.object({ id: z.coerce.number({ error: 'Unknown experience' }).int('Unknown experience').positive('Unknown experience').max(2_000_000_000, 'Unknown experience') });
const RevisionParam = IdParam.extend({ revisionId: z.coerce.number().int().positive('Unknown revision').max(2_000_000_000, 'Unknown revision') });
const RunParam = z.object({ id: z.string().regex(/^[\w-]{1,64}$/, 'Unknown publish run') });

/** The site settings are one record of the pipeline (the header and footer read them). */
const SITE_CHANGE = { type: 'site', key: 'initial-data' } as const satisfies PublishChange;

export function adminRoutes(publisherFor: (jobs: AppEnv['Variables']['jobs']) => Publisher = pipelinePublisher) {
  const r = new Hono<AppEnv>();

  const deps = (c: { var: AppEnv['Variables'] }): editing.EditDeps => ({ db: c.var.db, jobs: c.var.jobs, publisher: publisherFor(c.var.jobs) });
  const editor = (c: Parameters<typeof currentUser>[0]) => {
    const u = currentUser(c);
    return { id: u.id, name: u.name };
  };

  r.get('/admin/experiences', async (c) => {
    const q = readQuery(c, AdminExperienceListQuery);
    return reply(c, await listExperiences(c.var.db, q));
  });

  r.get('/admin/references', async (c) => reply(c, await references(c.var.db)));

  r.get('/admin/experiences/:id', async (c) => {
    const { id } = readParams(c, IdParam);
    return reply(c, await editing.experienceView(deps(c), id));
  });

  r.put('/admin/experiences/:id/draft', async (c) => {
    const { id } = readParams(c, IdParam);
    const body = await readBody(c, SaveDraftBody);
    await editing.saveDraft(deps(c), id, body, editor(c));
    return reply(c, await editing.experienceView(deps(c), id));
  });

  r.post('/admin/experiences/:id/publish', async (c) => {
    const { id } = readParams(c, IdParam);
    const body = await readBody(c, PublishBody);
    const d = deps(c);
    if (body.at) {
      await editing.schedulePublish(d, id, body.version, new Date(body.at), editor(c));
      return reply(c, await editing.experienceView(d, id));
    }
    await editing.publishNow(d, id, body.version, editor(c));
    return reply(c, await editing.experienceView(d, id), 202);
  });

  r.post('/admin/experiences/:id/unpublish', async (c) => {
    const { id } = readParams(c, IdParam);
    const body = await readBody(c, VersionBody);
    await editing.unpublish(deps(c), id, body.version, editor(c));
    return reply(c, await editing.experienceView(deps(c), id), 202);
  });

  r.delete('/admin/experiences/:id/schedule', async (c) => {
    const { id } = readParams(c, IdParam);
    await editing.cancelSchedule(deps(c), id, editor(c));
    return reply(c, await editing.experienceView(deps(c), id));
  });

  r.get('/admin/experiences/:id/revisions', async (c) => {
    const { id } = readParams(c, IdParam);
    return reply(c, { revisions: await editing.revisions(c.var.db, id) });
  });

  r.post('/admin/experiences/:id/revisions/:revisionId/restore', async (c) => {
    const { id, revisionId } = readParams(c, RevisionParam);
    const body = await readBody(c, VersionBody);
    await editing.restoreRevision(deps(c), id, revisionId, body.version, editor(c));
    return reply(c, await editing.experienceView(deps(c), id));
  });

  r.post('/admin/experiences/:id/preview', async (c) => {
    const { id } = readParams(c, IdParam);
    const d = deps(c);
    const view = await editing.experienceView(d, id);
    const record = await previewRecord(c.var.db, id, view.draft);
    const run = await d.publisher.preview(c.var.db, { type: editing.EXPERIENCE, key: view.draft.slugCode, record, requestedBy: currentUser(c).id });
    return reply(c, { run: await d.publisher.getRun(c.var.db, run.id) }, 202);
  });

  r.get('/admin/publish_runs/:id', async (c) => {
    const { id } = readParams(c, RunParam);
    const run = await publisherFor(c.var.jobs).getRun(c.var.db, id);
    if (!run) throw notFound('Publish run');
    return reply(c, run);
  });

  r.get('/admin/site_settings', async (c) => reply(c, { ...(await siteSettings(c.var.db)), lastRun: null }));

  r.put('/admin/site_settings', async (c) => {
    const body = await readBody(c, SiteSettingsSchema);
    const p = publisherFor(c.var.jobs);
    const run = await saveSiteSettings(c.var.db, body, new Date(), (tx) => p.publishIn(tx, [SITE_CHANGE], currentUser(c).id));
    run.wake();
    return reply(c, { ...(await siteSettings(c.var.db)), lastRun: await p.getRun(c.var.db, run.id) });
  });

  /** The test clock for scheduled publishes (development and tests only; like the gift one). */
  r.post('/admin/test-clock', async (c) => {
    if (c.var.config.isProduction || c.var.payments.name !== 'test') throw new HttpError(404, 'Not found');
    const body = await readBody(c, TestClockBody);
    return reply(c, await editing.moveScheduleClock(deps(c), new Date(body.at)));
  });

  return r;
}

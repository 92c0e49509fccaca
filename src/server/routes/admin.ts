// The editors' back-office calls under /admin (src/contract/admin.ts; ADR 0026). Every one of
// them is behind requireAdmin (app.ts): 401 for a guest, 403 for a traveller or a partner.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  AdminArticleListQuery,
  AdminBestOfListListQuery,
  AdminCollectionListQuery,
  AdminItineraryListQuery,
  AdminExperienceListQuery,
  AdminOperatorListQuery,
  PublishBody,
  SaveArticleDraftBody,
  SaveBestOfListDraftBody,
  SaveCollectionDraftBody,
  SaveItineraryDraftBody,
  SaveDraftBody,
  SaveOperatorDraftBody,
  SiteSettingsSchema,
  TestClockBody,
  VersionBody,
} from '../../contract/admin.ts';
import { DeclineListingChangeBody, ListingChangeListQuery } from '../../contract/partner.ts';
import type { PublishChange } from '../../contract/publish.ts';
import type { AppEnv } from '../context.ts';
import { HttpError, notFound, readBody, readParams, readQuery, reply } from '../http.ts';
import { currentUser } from '../session.ts';
import { ARTICLE_EDITOR, articleReferences, articleView, listArticles } from '../services/admin/article-editing.ts';
import { CITY_EDITOR, COUNTRY_EDITOR, TAG_EDITOR, TAG_NO_PREVIEW, cityView, countryView, listPlaces, listTags, tagView } from '../services/admin/place-editing.ts';
import { AdminPlaceListQuery, AdminTagListQuery, SaveCityDraftBody, SaveCountryDraftBody, SaveTagDraftBody } from '../../contract/admin-places.ts';
import { BEST_OF_LIST_EDITOR, bestOfListView, listBestOfLists } from '../services/admin/best-of-editing.ts';
import { COLLECTION_EDITOR, collectionView, listCollections } from '../services/admin/collection-editing.ts';
import * as editing from '../services/admin/editing.ts';
import { ITINERARY_EDITOR, itineraryView, listItineraries } from '../services/admin/itinerary-editing.ts';
import { listExperiences, references, saveSiteSettings, siteSettings } from '../services/admin/lists.ts';
import { listOperators, OPERATOR_EDITOR, operatorView } from '../services/admin/operator-editing.ts';
import { pipelinePublisher, type Publisher } from '../services/admin/publisher.ts';
import { approveListingChange, declineListingChange, listingChangeView, listListingChanges } from '../services/partner/listings.ts';
import type { EditDeps, EditKind, recordEditor } from '../services/admin/record-editing.ts';
import { previewRecord } from './admin-preview.ts';
import { uploadPhoto } from './uploads.ts';
import { loadBlogDetails } from './catalogue/blogs.ts';
import { loadCityDetails, loadCountryDetails } from './catalogue/countries.ts';
import { loadTagDetails } from './catalogue/tags.ts';
import { loadBestOfListDetails } from './catalogue/best-of-lists.ts';
import { loadCollectionDetails } from './catalogue/collections.ts';
import { loadItineraryDetails } from './catalogue/itineraries.ts';
import { loadOptionDetails } from './catalogue/options.ts';
import { loadSupplierDetails } from './catalogue/suppliers.ts';
import type { Loader } from './catalogue/shared.ts';

const idParam = (unknown: string) =>
  z.object({ id: z.coerce.number({ error: unknown }).int(unknown).positive(unknown).max(2_000_000_000, unknown) });
const revisionParam = (unknown: string) => idParam(unknown).extend({ revisionId: z.coerce.number().int().positive('Unknown revision').max(2_000_000_000, 'Unknown revision') });
const RunParam = z.object({ id: z.string().regex(/^[\w-]{1,64}$/, 'Unknown publish run') });

/** The site settings are one record of the pipeline (the header and footer read them). */
const SITE_CHANGE = { type: 'site', key: 'initial-data' } as const satisfies PublishChange;

type Editor<Doc, Base> = ReturnType<typeof recordEditor<Doc, Base>>;

/** One kind of record's edit calls under `/admin/{path}/{id}` (read, draft, publish, history, preview). */
type RecordRoutes<Doc, Base> = {
  path: string;
  /** "Unknown experience": the 422 of an id that cannot be one. */
  unknown: string;
  editor: Editor<Doc, Base>;
  body: z.ZodType<{ version: number; draft: Doc }>;
  view: (d: EditDeps, id: number) => Promise<{ draft: Doc }>;
  load: (L: Loader, ids: number[]) => Promise<Map<number, unknown>>;
  /** Why this record has no page to preview (422), or null when it has one; absent: always has. */
  noPreview?: (doc: Doc) => string | null;
};

export function adminRoutes(publisherFor: (jobs: AppEnv['Variables']['jobs']) => Publisher = pipelinePublisher) {
  const r = new Hono<AppEnv>();

  const deps = (c: { var: AppEnv['Variables'] }): EditDeps => ({ db: c.var.db, jobs: c.var.jobs, publisher: publisherFor(c.var.jobs) });
  const editor = (c: Parameters<typeof currentUser>[0]) => {
    const u = currentUser(c);
    return { id: u.id, name: u.name };
  };

  function recordRoutes<Doc, Base>(k: RecordRoutes<Doc, Base>) {
    const base = `/admin/${k.path}/:id`;
    const IdParam = idParam(k.unknown);
    const RevisionParam = revisionParam(k.unknown);
    const ed = k.editor;
    const view = (c: Context<AppEnv>, id: number) => k.view(deps(c), id);

    r.get(base, async (c) => reply(c, await view(c, readParams(c, IdParam).id)));

    r.put(`${base}/draft`, async (c) => {
      const { id } = readParams(c, IdParam);
      const body = await readBody(c, k.body);
      await ed.saveDraft(deps(c), id, body, editor(c));
      return reply(c, await view(c, id));
    });

    r.post(`${base}/publish`, async (c) => {
      const { id } = readParams(c, IdParam);
      const body = await readBody(c, PublishBody);
      if (body.at) {
        await ed.schedulePublish(deps(c), id, body.version, new Date(body.at), editor(c));
        return reply(c, await view(c, id));
      }
      await ed.publishNow(deps(c), id, body.version, editor(c));
      return reply(c, await view(c, id), 202);
    });

    r.post(`${base}/unpublish`, async (c) => {
      const { id } = readParams(c, IdParam);
      const body = await readBody(c, VersionBody);
      await ed.unpublish(deps(c), id, body.version, editor(c));
      return reply(c, await view(c, id), 202);
    });

    r.delete(`${base}/schedule`, async (c) => {
      const { id } = readParams(c, IdParam);
      await ed.cancelSchedule(deps(c), id, editor(c));
      return reply(c, await view(c, id));
    });

    r.get(`${base}/revisions`, async (c) => {
      const { id } = readParams(c, IdParam);
      return reply(c, { revisions: await ed.revisions(c.var.db, id) });
    });

    r.post(`${base}/revisions/:revisionId/restore`, async (c) => {
      const { id, revisionId } = readParams(c, RevisionParam);
      const body = await readBody(c, VersionBody);
      await ed.restoreRevision(deps(c), id, revisionId, body.version, editor(c));
      return reply(c, await view(c, id));
    });

    r.post(`${base}/preview`, async (c) => {
      const { id } = readParams(c, IdParam);
      const d = deps(c);
      const v = await k.view(d, id);
      const refusal = k.noPreview?.(v.draft);
      if (refusal) throw new HttpError(422, refusal, { body: { code: 'no_preview' } });
      const kind: EditKind<Doc, Base> = ed.kind;
      const record = await previewRecord({ ...kind, load: k.load }, c.var.db, id, v.draft);
      const run = await d.publisher.preview(c.var.db, { type: ed.type, key: kind.slugOf(v.draft), record, requestedBy: currentUser(c).id });
      return reply(c, { run: await d.publisher.getRun(c.var.db, run.id) }, 202);
    });
  }

  r.get('/admin/experiences', async (c) => {
    const q = readQuery(c, AdminExperienceListQuery);
    return reply(c, await listExperiences(c.var.db, q));
  });
  r.get('/admin/references', async (c) => reply(c, await references(c.var.db)));
  recordRoutes({ path: 'experiences', unknown: 'Unknown experience', editor: editing.EXPERIENCE_EDITOR, body: SaveDraftBody, view: editing.experienceView, load: loadOptionDetails });

  r.get('/admin/articles', async (c) => reply(c, await listArticles(c.var.db, readQuery(c, AdminArticleListQuery))));
  r.get('/admin/article_references', async (c) => reply(c, await articleReferences(c.var.db)));
  recordRoutes({ path: 'articles', unknown: 'Unknown article', editor: ARTICLE_EDITOR, body: SaveArticleDraftBody, view: articleView, load: (L, ids) => loadBlogDetails(L, ids, { anyDate: true }) });

  // Countries, cities and tags (ADR 0034): services/admin/place-editing.ts.
  r.get('/admin/places', async (c) => reply(c, await listPlaces(c.var.db, readQuery(c, AdminPlaceListQuery))));
  recordRoutes({ path: 'countries', unknown: 'Unknown country', editor: COUNTRY_EDITOR, body: SaveCountryDraftBody, view: countryView, load: loadCountryDetails });
  recordRoutes({ path: 'cities', unknown: 'Unknown city', editor: CITY_EDITOR, body: SaveCityDraftBody, view: cityView, load: loadCityDetails });
  r.get('/admin/tags', async (c) => reply(c, await listTags(c.var.db, readQuery(c, AdminTagListQuery))));
  recordRoutes({
    path: 'tags',
    unknown: 'Unknown tag',
    editor: TAG_EDITOR,
    body: SaveTagDraftBody,
    view: tagView,
    load: loadTagDetails,
    noPreview: (d) => (d.kind === 'blog' ? null : TAG_NO_PREVIEW),
  });
  // Collections, travel itineraries and best-of lists (ADR 0035): services/admin/collection-editing.ts, itinerary-editing.ts, best-of-editing.ts.
  r.get('/admin/collections', async (c) => reply(c, await listCollections(c.var.db, readQuery(c, AdminCollectionListQuery))));
  recordRoutes({ path: 'collections', unknown: 'Unknown collection', editor: COLLECTION_EDITOR, body: SaveCollectionDraftBody, view: collectionView, load: loadCollectionDetails });
  r.get('/admin/itineraries', async (c) => reply(c, await listItineraries(c.var.db, readQuery(c, AdminItineraryListQuery))));
  recordRoutes({ path: 'itineraries', unknown: 'Unknown itinerary', editor: ITINERARY_EDITOR, body: SaveItineraryDraftBody, view: itineraryView, load: loadItineraryDetails });
  r.get('/admin/best_of_lists', async (c) => reply(c, await listBestOfLists(c.var.db, readQuery(c, AdminBestOfListListQuery))));
  recordRoutes({ path: 'best_of_lists', unknown: 'Unknown best-of list', editor: BEST_OF_LIST_EDITOR, body: SaveBestOfListDraftBody, view: bestOfListView, load: loadBestOfListDetails });

  // Operators' content changes waiting for review (ADR 0032): services/partner/listings.ts.
  const ChangeParam = idParam('Unknown change');
  r.get('/admin/listing_changes', async (c) => reply(c, await listListingChanges(c.var.db, readQuery(c, ListingChangeListQuery))));

  r.post('/admin/listing_changes/:id/approve', async (c) => {
    const { id } = readParams(c, ChangeParam);
    await approveListingChange({ ...deps(c), config: c.var.config }, currentUser(c), id);
    return reply(c, { change: await listingChangeView(c.var.db, id) });
  });

  r.post('/admin/listing_changes/:id/decline', async (c) => {
    const { id } = readParams(c, ChangeParam);
    const { note } = await readBody(c, DeclineListingChangeBody);
    await declineListingChange({ ...deps(c), config: c.var.config }, currentUser(c), id, note);
    return reply(c, { change: await listingChangeView(c.var.db, id) });
  });

  r.post('/admin/images', async (c) => reply(c, await uploadPhoto(c, null), 201));

  r.get('/admin/operators', async (c) => reply(c, await listOperators(c.var.db, readQuery(c, AdminOperatorListQuery))));
  recordRoutes({ path: 'operators', unknown: 'Unknown operator', editor: OPERATOR_EDITOR, body: SaveOperatorDraftBody, view: operatorView, load: loadSupplierDetails });

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

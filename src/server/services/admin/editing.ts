// Experiences in the back-office (ADR 0026): the experience document on the generic editing
// machinery of record-editing.ts (drafts, versions, revisions, publish, schedule, redirects), and
// the scheduled-publish job and test clock for every kind of record.
import { eq } from 'drizzle-orm';
import type { AdminExperience } from '../../../contract/admin.ts';
import { ExperienceDraftSchema } from '../../../contract/admin.ts';
import type { ContentType } from '../../../contract/content-changes.ts';
import { options } from '../../db/schema.ts';
import { ARTICLE_EDITOR } from './article-editing.ts';
import { BEST_OF_LIST_EDITOR } from './best-of-editing.ts';
import { OPERATOR_EDITOR } from './operator-editing.ts';
import { COLLECTION_EDITOR } from './collection-editing.ts';
import { ITINERARY_EDITOR } from './itinerary-editing.ts';
import { applyDocument, changedFields, checkDocument, currencyExponent, liveDocument, optionRow } from './experience-doc.ts';
import { CITY_EDITOR, COUNTRY_EDITOR, TAG_EDITOR } from './place-editing.ts';
import { imageUrlsOf, moveScheduleClock, recordEditor, type EditDeps, type ScheduledPublishJob } from './record-editing.ts';

export type { EditDeps, Editor, ScheduledPublishJob } from './record-editing.ts';
export { moveScheduleClock };

export const EXPERIENCE: ContentType = 'options';

export const EXPERIENCE_EDITOR = recordEditor({
  type: EXPERIENCE,
  noun: 'experience',
  schema: ExperienceDraftSchema,
  row: optionRow,
  live: (o) => ({ slug: o.slugCode, published: o.published, updatedAt: o.updatedAt }),
  lock: async (tx, id) => {
    await tx.select({ id: options.id }).from(options).where(eq(options.id, id)).for('update');
  },
  liveDocument,
  check: checkDocument,
  apply: applyDocument,
  setPublished: async (tx, id, published, now) => {
    // Publishing bumps updatedAt in applyDocument; unpublishing needs its own bump for the feed.
    await tx.update(options).set(published ? { published } : { published, updatedAt: now }).where(eq(options.id, id));
  },
  slugOf: (d) => d.slugCode,
  changedFields,
});

const E = EXPERIENCE_EDITOR;
export const { saveDraft, restoreRevision, publishNow, unpublish, schedulePublish, cancelSchedule } = E;
export const revisions = E.revisions;
export const redirectTarget = E.redirectTarget;

export async function experienceView(d: EditDeps, id: number): Promise<AdminExperience> {
  const { base: o, state } = await E.editState(d, id);
  const { liveSlug, ...rest } = state;

  const imageIds = state.draft.images.map((i) => i.id);
  return {
    ...rest,
    liveSlugCode: liveSlug,
    kind: o.kind,
    priceUnit: o.priceUnit,
    currency: o.priceCurrency,
    currencyExponent: await currencyExponent(d.db, o.priceCurrency),
    imageUrls: await imageUrlsOf(d.db, imageIds),
  };
}

const EDITORS: Record<string, Pick<typeof E, 'runScheduledPublish'>> = {
  [EXPERIENCE]: E,
  [ARTICLE_EDITOR.type]: ARTICLE_EDITOR,
  [OPERATOR_EDITOR.type]: OPERATOR_EDITOR,
  // Places and tags (ADR 0034).
  [COUNTRY_EDITOR.type]: COUNTRY_EDITOR,
  [CITY_EDITOR.type]: CITY_EDITOR,
  [TAG_EDITOR.type]: TAG_EDITOR,
  // Collections, itineraries and best-of lists (ADR 0035).
  [COLLECTION_EDITOR.type]: COLLECTION_EDITOR,
  [ITINERARY_EDITOR.type]: ITINERARY_EDITOR,
  [BEST_OF_LIST_EDITOR.type]: BEST_OF_LIST_EDITOR,
};

/** The scheduled-publish job (jobs/workers.ts), for whichever kind of record it names. */
export async function runScheduledPublish(d: EditDeps, job: ScheduledPublishJob): Promise<'published' | 'stale' | 'failed'> {
  const editor = EDITORS[job.type];
  return editor ? editor.runScheduledPublish(d, job) : 'stale';
}


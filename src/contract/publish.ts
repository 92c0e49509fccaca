// The publish pipeline's runs (issue 14, ADR 0025): what the back-office asks for and shows.
//
// A publish run brings content records live on the static site: the worker renders their
// pages and every page that lists them, the sitemap, RSS, JSON-LD and the search index, and
// swaps them in atomically. A preview run renders one draft record as its public page would be
// and gives the URL where that page is served (to admins only).
//
// States: queued → building → live | failed. Runs requested while another builds are coalesced:
// the next build takes every queued run at once. A failed run leaves the live site as it was
// and says why in `error`.
import { z } from 'zod';
import { IsoDateTime } from './common.ts';
import { ContentTypeSchema } from './content-changes.ts';

export const PUBLISH_RUN_STATES = ['queued', 'building', 'live', 'failed'] as const;
export const PublishRunStateSchema = z.enum(PUBLISH_RUN_STATES);
export type PublishRunState = z.infer<typeof PublishRunStateSchema>;

/** One content record a run is about: its type and public key (slug; slugCode for options). */
export const ContentRefSchema = z.object({
  type: ContentTypeSchema,
  key: z.string().min(1).max(300),
});
export type ContentRef = z.infer<typeof ContentRefSchema>;

/**
 * What a publish run brings live: content records, or a site-wide singleton (site settings feed
 * the header and footer of every page, so the whole site is built again).
 */
export const SiteRefSchema = z.object({ type: z.literal('site'), key: z.enum(['initial-data']) });
export const PublishChangeSchema = z.union([ContentRefSchema, SiteRefSchema]);
export type PublishChange = z.infer<typeof PublishChangeSchema>;
export const isSiteChange = (c: PublishChange): c is z.infer<typeof SiteRefSchema> => c.type === 'site';

export const PublishRunSchema = z.object({
  id: z.string(),
  kind: z.enum(['publish', 'preview']),
  state: PublishRunStateSchema,
  /**
   * Why the run failed; null otherwise. Not named `error`: a top-level `error` on an answer is the
   * wire's failure envelope (the API client throws on it, even with 200).
   */
  failure: z.string().nullable(),
  requestedBy: z.string().nullable(),
  changes: z.array(PublishChangeSchema),
  /** A live preview run: the path of the rendered draft page (served to admins only). */
  previewUrl: z.string().nullable(),
  requestedAt: IsoDateTime,
  startedAt: IsoDateTime.nullable(),
  /** When the run went live or failed. */
  finishedAt: IsoDateTime.nullable(),
});
export type PublishRun = z.infer<typeof PublishRunSchema>;

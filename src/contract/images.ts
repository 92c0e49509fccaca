// GET /images (ADR 39): the image library the back-offices pick from, newest first, with alt
// text and sizes. Admins only: the library holds uploads no page shows yet (drafts, operators'
// photos waiting for review), so it is not public; the storefront receives its images inside
// the content records.
import { z } from 'zod';
import { ImageSchema, PageQuery, listResponse } from './common.ts';

export const ImageLibraryQuery = PageQuery.extend({
  /** Words in the name, alt text or caption. */
  q: z.string().trim().max(100, 'Please search with at most 100 characters').optional(),
});
export type ImageLibraryQuery = z.input<typeof ImageLibraryQuery>;
export const LibraryImageSchema = ImageSchema.extend({
  createdAt: z.iso.datetime({ offset: true }),
  /** The operator whose member uploaded it (null: Verdant's own). */
  uploadedForOperator: z.string().nullable(),
});
export type LibraryImage = z.infer<typeof LibraryImageSchema>;
export const ImageLibraryResponse = listResponse('images', LibraryImageSchema);
export type ImageLibraryResponse = z.infer<typeof ImageLibraryResponse>;

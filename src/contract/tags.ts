// Tags: GET /tags, GET /tags/{slug}. A slug is unique within its kind only, so
// `/tags/{slug}` takes an optional `kind`; without it the first kind in TAG_KINDS order wins.
import { z } from 'zod';
import { ChangedSinceQuery, IsoDateTime, PageQuery, listResponse } from './common.ts';

export const TAG_KINDS = ['activity_type', 'suitable', 'sustainability', 'theme', 'blog'] as const;
export const TagKind = z.enum(TAG_KINDS);
export type TagKind = z.infer<typeof TagKind>;

/** A tag as embedded in other records. */
export const TagRefSchema = z.object({ id: z.number().int(), slug: z.string(), kind: TagKind, name: z.string() });
export type TagRef = z.infer<typeof TagRefSchema>;

export const TagSchema = TagRefSchema.extend({
  description: z.string(),
  position: z.number().int(),
  /** Published experiences carrying it (as a tag or as their activity type). */
  optionsCount: z.number().int(),
  /** Published magazine articles carrying it. */
  blogsCount: z.number().int(),
});
export type Tag = z.infer<typeof TagSchema>;

export const TagDetailSchema = TagSchema.extend({ updatedAt: IsoDateTime });
export type TagDetail = z.infer<typeof TagDetailSchema>;

export const ListTagsQuery = PageQuery.extend({ kind: TagKind.optional(), ...ChangedSinceQuery.shape });
export type ListTagsQuery = z.infer<typeof ListTagsQuery>;
export const ListTagsResponse = listResponse('tags', TagSchema);
export type ListTagsResponse = z.infer<typeof ListTagsResponse>;

export const TagDetailQuery = z.object({ kind: TagKind.optional() });

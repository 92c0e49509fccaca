// Magazine: GET /blogs, GET /blogs/{slug}, GET /blogs/filter_items. Public address: slug.
// Visible: not deleted and publishedAt in the past. Lists: newest first.
import { z } from 'zod';
import { ChangedSinceQuery, CityRefSchema, CountryRefSchema, ImageSchema, IsoDateTime, PageQuery, Slug, listResponse } from './common.ts';
import { OptionSummarySchema } from './options.ts';
import { TagRefSchema } from './tags.ts';

export const BLOG_KINDS = ['quick_read', 'complete_guide', 'itinerary', 'list', 'tried_and_tested', 'video'] as const;
export const BlogKind = z.enum(BLOG_KINDS);
export type BlogKind = z.infer<typeof BlogKind>;
/** Display names of the article kinds (spec §3). */
export const BLOG_KIND_NAMES: Record<BlogKind, string> = {
  quick_read: 'Pocket Guide',
  complete_guide: 'Deep Dive',
  itinerary: 'Itinerary',
  list: 'The Roundup',
  tried_and_tested: 'Secret Find',
  video: 'Video',
};

/**
 * Spec §5: a video id is 11 characters of letters, digits, underscore or hyphen. The wire keeps
 * `videoId` a plain string so one bad record cannot break a build: pages check it with this
 * pattern and show a fallback instead of an embed.
 */
export const VIDEO_ID_PATTERN = /^[A-Za-z0-9_-]{11}$/;

export const BlogCategoryRefSchema = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });
export type BlogCategoryRef = z.infer<typeof BlogCategoryRefSchema>;

export const BlogSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  kind: BlogKind,
  kindName: z.string(),
  excerpt: z.string(),
  category: BlogCategoryRefSchema,
  heroImage: ImageSchema.nullable(),
  authorName: z.string(),
  /** An 11-character video id for `video` articles (VIDEO_ID_PATTERN; not enforced here). */
  videoId: z.string().nullable(),
  country: CountryRefSchema.nullable(),
  city: CityRefSchema.nullable(),
  tags: z.array(TagRefSchema),
  publishedAt: IsoDateTime,
});
export type BlogSummary = z.infer<typeof BlogSummarySchema>;

/** Body blocks; references to experiences are resolved to cards (hidden ones drop out). */
export const BlogBlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('paragraph'), text: z.string() }),
  z.object({ type: z.literal('heading'), text: z.string() }),
  /** Rich text written in the back-office: sanitised HTML of the allow-list in src/lib/rich-text.ts. */
  z.object({ type: z.literal('rich'), html: z.string() }),
  z.object({ type: z.literal('quote'), text: z.string(), cite: z.string().nullable() }),
  z.object({ type: z.literal('list'), ordered: z.boolean(), items: z.array(z.string()) }),
  z.object({ type: z.literal('image'), image: ImageSchema.nullable(), caption: z.string() }),
  z.object({ type: z.literal('item'), title: z.string(), text: z.string(), option: OptionSummarySchema.nullable() }),
  z.object({ type: z.literal('day'), day: z.number().int(), title: z.string(), text: z.string(), options: z.array(OptionSummarySchema) }),
]);
export type BlogBlock = z.infer<typeof BlogBlockSchema>;

export const BlogDetailSchema = BlogSummarySchema.extend({
  body: z.array(BlogBlockSchema),
  author: z.object({ name: z.string(), bio: z.string() }),
  /** The verdict of a tried_and_tested article. */
  verdict: z.string().nullable(),
  relatedOptions: z.array(OptionSummarySchema),
  updatedAt: IsoDateTime,
});
export type BlogDetail = z.infer<typeof BlogDetailSchema>;

/** Filters: `category` (slug), `kind`, `tag` (slug), `country`, `city` (slugs). */
export const ListBlogsQuery = PageQuery.extend({
  category: Slug.optional(),
  kind: BlogKind.optional(),
  tag: Slug.optional(),
  country: Slug.optional(),
  city: Slug.optional(),
  ...ChangedSinceQuery.shape,
});
export type ListBlogsQuery = z.infer<typeof ListBlogsQuery>;
export const ListBlogsResponse = listResponse('blogs', BlogSummarySchema);
export type ListBlogsResponse = z.infer<typeof ListBlogsResponse>;

/**
 * GET /blogs/filter_items: every facet with the number of visible articles in it. Given filters,
 * each facet's counts apply the *other* facets' filters (faceted search: choosing a kind does not
 * zero the other kinds). The lists themselves never shrink: every category, every kind and every
 * tag on a visible article is listed, with a count of 0 where nothing matches.
 */
export const BlogFilterItemsQuery = z.object({ category: Slug.optional(), kind: BlogKind.optional(), tag: Slug.optional() });
export type BlogFilterItemsQuery = z.infer<typeof BlogFilterItemsQuery>;

export const BlogFilterItemsResponse = z.object({
  categories: z.array(BlogCategoryRefSchema.extend({ description: z.string(), count: z.number().int() })),
  kinds: z.array(z.object({ kind: BlogKind, name: z.string(), count: z.number().int() })),
  tags: z.array(TagRefSchema.extend({ count: z.number().int() })),
});
export type BlogFilterItemsResponse = z.infer<typeof BlogFilterItemsResponse>;

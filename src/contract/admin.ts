// The editors' back-office calls (spec §2 back-office, §6 Admin; ADR 0026). Every call answers
// 403 to anyone who is not an admin.
//
// Photos:
//   POST   /admin/images  multipart { file, alt } → 201 UploadedImage (re-encoded JPEG; 422 for a file that is not a photo, too large or too small)
//
// Experiences (options):
//   GET    /admin/experiences?q=&status=&kind=&country_id=&sort=&page=&per=   → AdminExperienceList
//   GET    /admin/experiences/{id}                 → AdminExperience (live + draft + version)
//   PUT    /admin/experiences/{id}/draft           { version, draft } → AdminExperience | 409
//   POST   /admin/experiences/{id}/publish         { version, at? } → AdminExperience (+ run)
//   POST   /admin/experiences/{id}/unpublish       { version } → AdminExperience (+ run)
//   DELETE /admin/experiences/{id}/schedule        → AdminExperience
//   GET    /admin/experiences/{id}/revisions       → RevisionList
//   POST   /admin/experiences/{id}/revisions/{revisionId}/restore { version } → AdminExperience
//   POST   /admin/experiences/{id}/preview         → { run }
//   GET    /admin/publish_runs/{id}                → PublishRunView
// Reference lists for the edit screen: GET /admin/references → cities, tags.
// Site settings: GET|PUT /admin/site_settings.
import { z } from 'zod';
import { IsoDateTime, MAX_INT4, MoneySchema, QueryId } from './common.ts';
import { BlogKind, VIDEO_ID_PATTERN } from './blogs.ts';
import { Difficulty, FootprintFactsSchema, LocationKind, OptionKind, PriceUnit } from './options.ts';

const trimmed = (max: number, message = `At most ${max} characters`) => z.string().trim().max(max, message);
const minor = z.number({ error: 'Enter an amount' }).int('Use whole minor units (cents)').min(0, 'Must not be negative').max(2_000_000_000, 'That price is too high for one amount');
const count = (max: number) => z.number({ error: 'Enter a number' }).int('Use a whole number').min(0, 'Must not be negative').max(max, `At most ${max}`);

export const EXPERIENCE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const DraftPricesSchema = z.object({
  adult: minor.nullable(),
  child: minor.nullable(),
  localAdult: minor.nullable(),
  localChild: minor.nullable(),
  group: minor.nullable(),
  groupIncludedPax: count(500).nullable(),
  additionalPax: minor.nullable(),
  minPax: count(500).nullable(),
});

export const DraftLocationSchema = z.object({
  kind: LocationKind,
  name: z.string().trim().min(1, 'Name the place').max(160, 'At most 160 characters'),
  address: trimmed(300),
  note: trimmed(300),
  latitude: z.number().min(-90, 'Between -90 and 90').max(90, 'Between -90 and 90').nullable(),
  longitude: z.number().min(-180, 'Between -180 and 180').max(180, 'Between -180 and 180').nullable(),
});

export const DraftFaqSchema = z.object({
  question: z.string().trim().min(3, 'Write the question').max(300, 'At most 300 characters'),
  answer: z.string().trim().min(1, 'Write the answer').max(3000, 'At most 3000 characters'),
});

export const DraftImageSchema = z.object({
  id: z.number().int().positive().max(MAX_INT4),
  alt: z.string().trim().min(3, 'Describe the image for people who cannot see it (alt text)').max(250, 'At most 250 characters'),
});

const list = (max: number, itemMax: number) => z.array(z.string().trim().min(1, 'Must not be empty').max(itemMax, `At most ${itemMax} characters`)).max(max, `At most ${max} items`);

/** The editable document of one experience: what the draft holds and publish writes. */
/** What a photo upload accepts (POST /admin/images, POST /partner/operators/{slug}/images). */
export const IMAGE_UPLOAD = {
  maxBytes: 15 * 1024 * 1024,
  maxPixels: 100_000_000,
  /** The shorter side's least length: a hero image is shown up to 1920 px wide. */
  minSide: 800,
  /** Stored photos are at most this on their long side. */
  maxSide: 3840,
  typeMessage: 'Choose a JPEG, PNG, WebP or AVIF photo',
} as const;

/** The multipart form of an upload: the photo (`file`) and its alt text. */
export const ImageUploadFields = z.object({
  alt: z
    .string({ error: 'Describe the image for people who cannot see it (alt text)' })
    .trim()
    .min(3, 'Describe the image for people who cannot see it (alt text)')
    .max(250, 'At most 250 characters'),
});

export const UploadedImageSchema = z.object({ id: z.number().int(), url: z.string(), alt: z.string(), width: z.number().int(), height: z.number().int() });
export type UploadedImage = z.infer<typeof UploadedImageSchema>;

export const ExperienceDraftSchema = z.object({
  name: z.string().trim().min(3, 'Give the experience a name of at least 3 characters').max(120, 'At most 120 characters'),
  slugCode: z
    .string()
    .trim()
    .min(3, 'At least 3 characters')
    .max(120, 'At most 120 characters')
    .regex(EXPERIENCE_SLUG_PATTERN, 'Use lower-case letters, digits and single hyphens (like night-safari-ab12)'),
  summary: trimmed(300),
  description: z.string().trim().min(1, 'Describe the experience').max(20_000, 'At most 20,000 characters'),
  cityId: z.number({ error: 'Choose a city' }).int().positive('Choose a city').max(MAX_INT4, 'Choose a city'),
  activityTypeId: z.number().int().positive().max(MAX_INT4).nullable(),
  prices: DraftPricesSchema,
  durationMinutes: count(60 * 24).nullable(),
  durationDays: count(60).nullable(),
  durationNights: count(60).nullable(),
  capacity: z.number({ error: 'Enter a number' }).int('Use a whole number').min(1, 'At least 1 guest').max(500, 'At most 500'),
  minAge: count(99).nullable(),
  difficulty: Difficulty,
  languages: list(20, 40),
  startTimes: z.array(z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use 24-hour times like 07:30')).max(24, 'At most 24 start times'),
  highlights: list(20, 300),
  inclusions: list(40, 300),
  exclusions: list(40, 300),
  itinerary: z
    .array(z.object({ time: z.string().trim().max(20, 'At most 20 characters').nullable(), title: z.string().trim().min(1, 'Give the step a title').max(160), description: trimmed(2000) }))
    .max(40, 'At most 40 steps'),
  locations: z.array(DraftLocationSchema).max(20, 'At most 20 places'),
  faqs: z.array(DraftFaqSchema).max(40, 'At most 40 questions'),
  tagIds: z.array(z.number().int().positive().max(MAX_INT4)).max(40, 'At most 40 tags'),
  images: z.array(DraftImageSchema).max(40, 'At most 40 images'),
  /** Transport during the experience and lodging, for its footprint (ADR 0044); drafts saved before it read as none. */
  footprint: FootprintFactsSchema.default({ legs: [], lodging: null }),
});
export type ExperienceDraft = z.infer<typeof ExperienceDraftSchema>;

export const PublishStateSchema = z.enum(['queued', 'building', 'live', 'failed']);
export type PublishState = z.infer<typeof PublishStateSchema>;

export const PublishRunViewSchema = z.object({
  id: z.string(),
  kind: z.enum(['publish', 'preview']),
  state: PublishStateSchema,
  /**
   * Why the run failed; null otherwise. Not named `error`: a top-level `error` on an answer is the
   * wire's failure envelope (the API client throws on it, even with 200).
   */
  failure: z.string().nullable(),
  /** A finished preview's address. */
  url: z.string().nullable(),
  createdAt: IsoDateTime.nullable(),
});
export type PublishRunView = z.infer<typeof PublishRunViewSchema>;

/** draft: saved changes not yet live; published: live equals the draft; unpublished: not public. */
export const EditStatus = z.enum(['draft', 'changed', 'published', 'unpublished']);
export type EditStatus = z.infer<typeof EditStatus>;

export const EditorRefSchema = z.object({ id: z.string().nullable(), name: z.string() });

/** Where a record stands in the back-office (every kind's edit view has these). */
export const EDIT_STATE = {
  id: z.number().int(),
  published: z.boolean(),
  status: EditStatus,
  version: z.number().int(),
  publishedVersion: z.number().int().nullable(),
  hasUnpublishedChanges: z.boolean(),
  scheduledAt: IsoDateTime.nullable(),
  updatedAt: IsoDateTime,
  updatedBy: EditorRefSchema.nullable(),
  /** Old addresses that answer 301 to this record. */
  redirectsFrom: z.array(z.string()),
  /** The newest publish of this record, to follow its state. */
  lastRun: PublishRunViewSchema.nullable(),
  /** Images of the record, for previews (url per id). */
  imageUrls: z.record(z.string(), z.string()),
};

export const AdminExperienceSchema = z.object({
  ...EDIT_STATE,
  /** The live address (changes only when a new slug is published). */
  liveSlugCode: z.string(),
  kind: OptionKind,
  priceUnit: PriceUnit,
  currency: z.string(),
  /** Minor-unit digits of `currency` (prices in the draft are minor units). */
  currencyExponent: z.number().int(),
  /** What the editor edits: the saved draft, or the live record when there is none. */
  draft: ExperienceDraftSchema,
});
export type AdminExperience = z.infer<typeof AdminExperienceSchema>;

export const SaveDraftBody = z.object({
  version: z.number({ error: 'The version you edited is required' }).int().min(0),
  draft: ExperienceDraftSchema,
});
export type SaveDraftBody = z.infer<typeof SaveDraftBody>;

export const VersionBody = z.object({ version: z.number({ error: 'The version you edited is required' }).int().min(0) });
export type VersionBody = z.infer<typeof VersionBody>;

export const PublishBody = VersionBody.extend({
  /** A date-time in the future: publish then (scheduled), instead of now. */
  at: IsoDateTime.optional(),
});
export type PublishBody = z.infer<typeof PublishBody>;

export const AdminSortSchema = z.enum(['updated_desc', 'updated_asc', 'name_asc', 'name_desc', 'price_asc', 'price_desc']);
export const AdminStatusFilter = z.enum(['all', 'published', 'unpublished', 'changed', 'scheduled']);

export const LIST_PAGE = {
  page: z.coerce.number().int().min(1, 'Pages start at 1').max(10_000).default(1),
  per: z.coerce.number().int().min(1).max(100, 'At most 100 a page').default(25),
};
/** One page of a back-office list. */
export const listPage = <T extends z.ZodType>(row: T) => z.object({ items: z.array(row), total: z.number().int(), page: z.number().int(), per: z.number().int() });

export const AdminExperienceListQuery = z.object({
  q: z.string().trim().max(100, 'At most 100 characters').optional(),
  status: AdminStatusFilter.default('all'),
  kind: OptionKind.optional(),
  countryId: QueryId.optional(),
  sort: AdminSortSchema.default('updated_desc'),
  ...LIST_PAGE,
});
export type AdminExperienceListQuery = Partial<z.output<typeof AdminExperienceListQuery>>;

export const AdminExperienceRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slugCode: z.string(),
  kind: OptionKind,
  city: z.string(),
  country: z.string(),
  fromPrice: MoneySchema.nullable(),
  published: z.boolean(),
  status: EditStatus,
  scheduledAt: IsoDateTime.nullable(),
  updatedAt: IsoDateTime,
  imageUrl: z.string().nullable(),
});
export type AdminExperienceRow = z.infer<typeof AdminExperienceRowSchema>;

export const AdminExperienceListSchema = listPage(AdminExperienceRowSchema);
export type AdminExperienceList = z.infer<typeof AdminExperienceListSchema>;

export const RevisionSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  action: z.enum(['save', 'publish', 'unpublish', 'schedule', 'schedule_failed', 'restore', 'refused', 'operator_change']),
  changedFields: z.array(z.string()),
  /** Why a scheduled publish could not go live (schedule_failed). */
  note: z.string().nullable(),
  by: EditorRefSchema,
  createdAt: IsoDateTime,
  /** The record's name in that revision (a quick way to tell them apart). */
  name: z.string(),
});
export type Revision = z.infer<typeof RevisionSchema>;
export const RevisionListSchema = z.object({ revisions: z.array(RevisionSchema) });
export type RevisionList = z.infer<typeof RevisionListSchema>;

export const AdminReferencesSchema = z.object({
  cities: z.array(z.object({ id: z.number().int(), name: z.string(), country: z.string() })),
  countries: z.array(z.object({ id: z.number().int(), name: z.string() })),
  tags: z.array(z.object({ id: z.number().int(), name: z.string(), kind: z.string() })),
});
export type AdminReferences = z.infer<typeof AdminReferencesSchema>;

export const SiteSettingsSchema = z.object({
  showBestOfListNav: z.boolean(),
  giftGuideNavs: z
    .array(z.object({ blogId: z.number({ error: 'Choose an article' }).int().positive('Choose an article').max(2_147_483_647, 'Choose an article'), title: z.string().trim().min(2, 'Give the link a title').max(60, 'At most 60 characters') }))
    .max(6, 'At most 6 gift-guide links'),
});
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;
export const SiteSettingsResponseSchema = z.object({
  settings: SiteSettingsSchema,
  /** The articles a gift-guide link may point at. */
  articles: z.array(z.object({ id: z.number().int(), title: z.string() })),
  lastRun: PublishRunViewSchema.nullable(),
});
export type SiteSettingsResponse = z.infer<typeof SiteSettingsResponseSchema>;

export const TestClockBody = z.object({ at: IsoDateTime });

// ── Magazine articles (blogs) ────────────────────────────────────────────────
//   GET    /admin/articles?q=&status=&kind=&category_id=&sort=&page=&per=   → AdminArticleList
//   GET    /admin/articles/{id}                     → AdminArticle
//   PUT    /admin/articles/{id}/draft               { version, draft } → AdminArticle | 409
//   POST   /admin/articles/{id}/publish             { version, at? } → AdminArticle (+ run)
//   POST   /admin/articles/{id}/unpublish           { version } → AdminArticle (+ run)
//   DELETE /admin/articles/{id}/schedule            → AdminArticle
//   GET    /admin/articles/{id}/revisions           → RevisionList
//   POST   /admin/articles/{id}/revisions/{revisionId}/restore { version } → AdminArticle
//   POST   /admin/articles/{id}/preview             → { run }
//   GET    /admin/article_references                → categories, blog tags, countries, cities

/** Body blocks as the editor edits them: prose is one rich-text block (HTML, sanitised on save). */
export const ArticleDraftBlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('rich'), html: z.string().max(200_000, 'At most 200,000 characters of text') }),
  z.object({ type: z.literal('image'), imageId: z.number({ error: 'Choose an image' }).int().positive('Choose an image').max(MAX_INT4, 'Choose an image'), caption: trimmed(300) }),
  z.object({
    type: z.literal('item'),
    title: z.string().trim().min(1, 'Give the pick a title').max(160, 'At most 160 characters'),
    text: trimmed(5000),
    optionId: z.number().int().positive().max(MAX_INT4).nullable(),
  }),
  z.object({
    type: z.literal('day'),
    day: z.number({ error: 'Enter the day number' }).int('Use a whole number').min(1, 'Days start at 1').max(60, 'At most 60'),
    title: z.string().trim().min(1, 'Give the day a title').max(160, 'At most 160 characters'),
    text: trimmed(5000),
    optionIds: z.array(z.number().int().positive().max(MAX_INT4)).max(10, 'At most 10 experiences a day'),
  }),
]);
export type ArticleDraftBlock = z.infer<typeof ArticleDraftBlockSchema>;

/** The editable document of one article: every field its public page shows. */
export const ArticleDraftSchema = z.object({
  title: z.string().trim().min(3, 'Give the article a title of at least 3 characters').max(160, 'At most 160 characters'),
  slug: z
    .string()
    .trim()
    .min(3, 'At least 3 characters')
    .max(120, 'At most 120 characters')
    .regex(EXPERIENCE_SLUG_PATTERN, 'Use lower-case letters, digits and single hyphens (like best-dives-in-komodo)'),
  kind: BlogKind,
  categoryId: z.number({ error: 'Choose a category' }).int().positive('Choose a category').max(MAX_INT4, 'Choose a category'),
  tagIds: z.array(z.number().int().positive().max(MAX_INT4)).max(20, 'At most 20 tags'),
  heroImageId: z.number().int().positive().max(MAX_INT4).nullable(),
  excerpt: z.string().trim().min(10, 'Write a short excerpt (at least 10 characters)').max(400, 'At most 400 characters'),
  body: z.array(ArticleDraftBlockSchema).min(1, 'Write the article').max(200, 'At most 200 blocks'),
  authorName: z.string().trim().min(2, 'Name the author').max(120, 'At most 120 characters'),
  authorBio: trimmed(600),
  /** An 11-character video id (VIDEO_ID_PATTERN); required for video articles. */
  videoId: z.string().trim().regex(VIDEO_ID_PATTERN, 'A video id is 11 letters, digits, _ or -').nullable(),
  /** The verdict of a tried_and_tested article. */
  verdict: z.string().trim().max(1000, 'At most 1000 characters').nullable(),
  countryId: z.number().int().positive().max(MAX_INT4).nullable(),
  cityId: z.number().int().positive().max(MAX_INT4).nullable(),
  relatedOptionIds: z.array(z.number().int().positive().max(MAX_INT4)).max(12, 'At most 12 experiences'),
  /** Publication date shown on the page and ordering the magazine (newest first). */
  publishedAt: IsoDateTime,
});
export type ArticleDraft = z.infer<typeof ArticleDraftSchema>;

export const AdminArticleSchema = z.object({
  ...EDIT_STATE,
  liveSlug: z.string(),
  draft: ArticleDraftSchema,
  /** Names of the experiences the body and related list name (per id). */
  optionNames: z.record(z.string(), z.string()),
});
export type AdminArticle = z.infer<typeof AdminArticleSchema>;

export const SaveArticleDraftBody = z.object({
  version: z.number({ error: 'The version you edited is required' }).int().min(0),
  draft: ArticleDraftSchema,
});

export const AdminArticleSortSchema = z.enum(['updated_desc', 'updated_asc', 'title_asc', 'title_desc', 'published_desc', 'published_asc']);
export const AdminArticleListQuery = z.object({
  q: z.string().trim().max(100, 'At most 100 characters').optional(),
  status: AdminStatusFilter.default('all'),
  kind: BlogKind.optional(),
  categoryId: QueryId.optional(),
  sort: AdminArticleSortSchema.default('updated_desc'),
  ...LIST_PAGE,
});
export type AdminArticleListQuery = Partial<z.output<typeof AdminArticleListQuery>>;

export const AdminArticleRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  kind: BlogKind,
  category: z.string(),
  authorName: z.string(),
  publishedAt: IsoDateTime,
  published: z.boolean(),
  status: EditStatus,
  scheduledAt: IsoDateTime.nullable(),
  updatedAt: IsoDateTime,
  imageUrl: z.string().nullable(),
});
export type AdminArticleRow = z.infer<typeof AdminArticleRowSchema>;
export const AdminArticleListSchema = listPage(AdminArticleRowSchema);
export type AdminArticleList = z.infer<typeof AdminArticleListSchema>;

export const AdminArticleReferencesSchema = z.object({
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  tags: z.array(z.object({ id: z.number().int(), name: z.string() })),
  countries: z.array(z.object({ id: z.number().int(), name: z.string() })),
  cities: z.array(z.object({ id: z.number().int(), name: z.string(), country: z.string() })),
});
export type AdminArticleReferences = z.infer<typeof AdminArticleReferencesSchema>;

// ---- Operators (issue 14; the public page /operators/{slug}) ----
//   GET    /admin/operators?q=&sort=&page=&per=          → AdminOperatorList
//   GET    /admin/operators/{id}                         → AdminOperator
//   PUT    /admin/operators/{id}/draft, POST …/publish, DELETE …/schedule, GET …/revisions,
//   POST   …/revisions/{revisionId}/restore, POST …/preview: as for experiences.
//   POST   …/unpublish answers 422: an operator's page is public while it has published experiences.

export const OperatorDraftSchema = z.object({
  name: z.string().trim().min(2, 'Give the operator a name').max(120, 'At most 120 characters'),
  slug: z.string().trim().min(3, 'At least 3 characters').max(120, 'At most 120 characters').regex(EXPERIENCE_SLUG_PATTERN, 'Use lower-case letters, digits and single hyphens (like ubin-paddle-co)'),
  tagline: trimmed(160),
  description: z.string().trim().min(1, 'Describe the operator').max(10_000, 'At most 10,000 characters'),
  cityId: z.number({ error: 'Choose a city' }).int().positive('Choose a city').max(MAX_INT4, 'Choose a city'),
  foundedYear: z.number({ error: 'Enter a year' }).int('Use a year like 2017').min(1900, 'From 1900').max(2100, 'Use a year like 2017').nullable(),
  teamSize: z.number({ error: 'Enter a number' }).int('Use a whole number').min(1, 'At least 1').max(100_000, 'At most 100,000').nullable(),
  languages: list(20, 40),
  contactEmail: z.string().trim().max(254, 'At most 254 characters').pipe(z.email('Enter an e-mail address')),
  contactPhone: z.string().trim().max(40, 'At most 40 characters').nullable(),
  website: z.string().trim().max(300, 'At most 300 characters').regex(/^https?:\/\/\S+$/, 'Start with https://').nullable(),
  /** The operator's photo (one), with its alt text. */
  images: z.array(DraftImageSchema).max(1, 'An operator has one photo'),
});
export type OperatorDraft = z.infer<typeof OperatorDraftSchema>;

export const AdminOperatorSchema = z.object({
  ...EDIT_STATE,
  liveSlug: z.string(),
  /** Published experiences of the operator (its page lists them). */
  experiences: z.number().int(),
  draft: OperatorDraftSchema,
});
export type AdminOperator = z.infer<typeof AdminOperatorSchema>;

export const SaveOperatorDraftBody = z.object({ version: VersionBody.shape.version, draft: OperatorDraftSchema });

export const AdminOperatorSortSchema = z.enum(['name_asc', 'name_desc', 'updated_desc', 'updated_asc']);
export const AdminOperatorListQuery = z.object({
  q: z.string().trim().max(100, 'At most 100 characters').optional(),
  sort: AdminOperatorSortSchema.default('name_asc'),
  ...LIST_PAGE,
});
export type AdminOperatorListQuery = Partial<z.output<typeof AdminOperatorListQuery>>;

export const AdminOperatorRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  city: z.string(),
  experiences: z.number().int(),
  status: EditStatus,
  scheduledAt: IsoDateTime.nullable(),
  updatedAt: IsoDateTime,
  imageUrl: z.string().nullable(),
});
export const AdminOperatorListSchema = listPage(AdminOperatorRowSchema);
export type AdminOperatorList = z.infer<typeof AdminOperatorListSchema>;

// ── Collections and travel itineraries (ADR 0035) ────────────────────────────
//   GET    /admin/collections?q=&status=&sort=&page=&per=   → AdminCollectionList
//   GET    /admin/itineraries?q=&status=&sort=&page=&per=   → AdminItineraryList
//   GET, PUT draft, POST publish, POST unpublish, DELETE schedule, GET revisions, POST restore and
//   POST preview under /admin/collections/{id} and /admin/itineraries/{id}, as for articles.

const slugField = (example: string) =>
  z
    .string()
    .trim()
    .min(3, 'At least 3 characters')
    .max(120, 'At most 120 characters')
    .regex(EXPERIENCE_SLUG_PATTERN, `Use lower-case letters, digits and single hyphens (like ${example})`);
const optionId = z.number({ error: 'Choose an experience' }).int().positive('Choose an experience').max(MAX_INT4, 'Choose an experience');

/** The editable document of one collection: every field its public pages show. */
export const CollectionDraftSchema = z.object({
  name: z.string().trim().min(3, 'Give the collection a title of at least 3 characters').max(120, 'At most 120 characters'),
  slug: slugField('wildlife-encounters'),
  tagline: trimmed(200),
  /** The intro copy (paragraphs separated by blank lines). */
  description: z.string().trim().min(1, 'Write the intro').max(20_000, 'At most 20,000 characters'),
  countryId: z.number().int().positive().max(MAX_INT4).nullable(),
  cityId: z.number().int().positive().max(MAX_INT4).nullable(),
  isGift: z.boolean(),
  featured: z.boolean(),
  /** Order among collections (smaller first). */
  position: z.number({ error: 'Enter a number' }).int('Use a whole number').min(0, 'Must not be negative').max(100_000, 'At most 100,000'),
  /** The hero image and its alt text. */
  image: DraftImageSchema.nullable(),
  /** In page order; `id` is the category's (null for a new one), kept so its address stays. */
  categories: z
    .array(
      z.object({
        id: z.number().int().positive().max(MAX_INT4).nullable(),
        slug: slugField('night-walks'),
        name: z.string().trim().min(2, 'Name the category').max(120, 'At most 120 characters'),
        description: trimmed(2000),
      }),
    )
    .max(30, 'At most 30 categories'),
  tips: z
    .array(z.object({ title: z.string().trim().min(2, 'Give the tip a title').max(160, 'At most 160 characters'), body: z.string().trim().min(1, 'Write the tip').max(3000, 'At most 3000 characters') }))
    .max(30, 'At most 30 tips'),
  /** Its experiences in collection order; `category` is a category's slug (null: under no category). */
  options: z.array(z.object({ optionId, category: z.string().trim().max(120).nullable() })).max(300, 'At most 300 experiences'),
});
export type CollectionDraft = z.infer<typeof CollectionDraftSchema>;

/** The editable document of one travel itinerary: its days are numbered by their order. */
export const ItineraryDraftSchema = z.object({
  title: z.string().trim().min(3, 'Give the itinerary a title of at least 3 characters').max(160, 'At most 160 characters'),
  slug: slugField('ten-days-in-nepal'),
  summary: z.string().trim().min(10, 'Write a short summary (at least 10 characters)').max(600, 'At most 600 characters'),
  countryId: z.number({ error: 'Choose a country' }).int().positive('Choose a country').max(MAX_INT4, 'Choose a country'),
  cityId: z.number().int().positive().max(MAX_INT4).nullable(),
  image: DraftImageSchema.nullable(),
  days: z
    .array(
      z.object({
        title: z.string().trim().min(1, 'Give the day a title').max(160, 'At most 160 characters'),
        description: trimmed(5000),
        optionIds: z.array(optionId).max(10, 'At most 10 experiences a day'),
      }),
    )
    .min(1, 'Add at least one day')
    .max(60, 'At most 60 days'),
});
export type ItineraryDraft = z.infer<typeof ItineraryDraftSchema>;

export const AdminCollectionSchema = z.object({
  ...EDIT_STATE,
  liveSlug: z.string(),
  draft: CollectionDraftSchema,
  /** Names of the experiences it holds (per id). */
  optionNames: z.record(z.string(), z.string()),
});
export type AdminCollection = z.infer<typeof AdminCollectionSchema>;

export const AdminItinerarySchema = z.object({
  ...EDIT_STATE,
  liveSlug: z.string(),
  draft: ItineraryDraftSchema,
  optionNames: z.record(z.string(), z.string()),
});
export type AdminItinerary = z.infer<typeof AdminItinerarySchema>;

export const SaveCollectionDraftBody = z.object({ version: z.number({ error: 'The version you edited is required' }).int().min(0), draft: CollectionDraftSchema });
export const SaveItineraryDraftBody = z.object({ version: z.number({ error: 'The version you edited is required' }).int().min(0), draft: ItineraryDraftSchema });

export const AdminTitleSortSchema = z.enum(['updated_desc', 'updated_asc', 'title_asc', 'title_desc']);

export const AdminCollectionListQuery = z.object({
  q: z.string().trim().max(100, 'At most 100 characters').optional(),
  status: AdminStatusFilter.default('all'),
  sort: z.enum([...AdminTitleSortSchema.options, 'position_asc']).default('updated_desc'),
  ...LIST_PAGE,
});
export type AdminCollectionListQuery = Partial<z.output<typeof AdminCollectionListQuery>>;

export const AdminItineraryListQuery = z.object({
  q: z.string().trim().max(100, 'At most 100 characters').optional(),
  status: AdminStatusFilter.default('all'),
  countryId: QueryId.optional(),
  sort: AdminTitleSortSchema.default('updated_desc'),
  ...LIST_PAGE,
});
export type AdminItineraryListQuery = Partial<z.output<typeof AdminItineraryListQuery>>;

const LISTED_ROW = {
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  /** The city or country it is set in ('' for none). */
  place: z.string(),
  published: z.boolean(),
  status: EditStatus,
  scheduledAt: IsoDateTime.nullable(),
  updatedAt: IsoDateTime,
  imageUrl: z.string().nullable(),
};
export const AdminCollectionRowSchema = z.object({ ...LISTED_ROW, isGift: z.boolean(), featured: z.boolean(), optionsCount: z.number().int() });
export type AdminCollectionRow = z.infer<typeof AdminCollectionRowSchema>;
export const AdminCollectionListSchema = listPage(AdminCollectionRowSchema);
export type AdminCollectionList = z.infer<typeof AdminCollectionListSchema>;

export const AdminItineraryRowSchema = z.object({ ...LISTED_ROW, daysCount: z.number().int() });
export type AdminItineraryRow = z.infer<typeof AdminItineraryRowSchema>;
export const AdminItineraryListSchema = listPage(AdminItineraryRowSchema);
export type AdminItineraryList = z.infer<typeof AdminItineraryListSchema>;

// ── Best-of lists (ADR 0035) ─────────────────────────────────────────────────
//   GET    /admin/best_of_lists?q=&status=&country_id=&sort=&page=&per=   → AdminBestOfListList
//   GET, PUT draft, POST publish, POST unpublish, DELETE schedule, GET revisions, POST restore and
//   POST preview under /admin/best_of_lists/{id}, as for collections.

/** The editable document of one best-of list: every field its pages show (`/best-of/{slug}[/{pick}]`). */
export const BestOfListDraftSchema = z.object({
  title: z.string().trim().min(3, 'Give the list a title of at least 3 characters').max(160, 'At most 160 characters'),
  slug: slugField('best-treks-in-nepal'),
  /** Under the title and in the page description. */
  intro: z.string().trim().min(10, 'Write the intro (at least 10 characters)').max(2000, 'At most 2000 characters'),
  countryId: z.number().int().positive().max(MAX_INT4).nullable(),
  cityId: z.number().int().positive().max(MAX_INT4).nullable(),
  /** The list's image (cards, the header's promo, link previews) and its alt text. */
  image: DraftImageSchema.nullable(),
  /** The picks, ranked: the first is number 1. `blurb`: why it made the list (paragraphs separated by blank lines). */
  items: z
    .array(z.object({ optionId, blurb: z.string().trim().min(10, 'Say why it made the list (at least 10 characters)').max(3000, 'At most 3000 characters') }))
    .min(1, 'Add at least one experience')
    .max(50, 'At most 50 picks'),
});
export type BestOfListDraft = z.infer<typeof BestOfListDraftSchema>;

export const AdminBestOfListSchema = z.object({
  ...EDIT_STATE,
  liveSlug: z.string(),
  draft: BestOfListDraftSchema,
  optionNames: z.record(z.string(), z.string()),
});
export type AdminBestOfList = z.infer<typeof AdminBestOfListSchema>;

export const SaveBestOfListDraftBody = z.object({ version: z.number({ error: 'The version you edited is required' }).int().min(0), draft: BestOfListDraftSchema });

export const AdminBestOfListListQuery = AdminItineraryListQuery.extend({ sort: z.enum([...AdminTitleSortSchema.options, 'picks_desc']).default('updated_desc') });
export type AdminBestOfListListQuery = Partial<z.output<typeof AdminBestOfListListQuery>>;

export const AdminBestOfListRowSchema = z.object({ ...LISTED_ROW, itemsCount: z.number().int() });
export type AdminBestOfListRow = z.infer<typeof AdminBestOfListRowSchema>;
export const AdminBestOfListListSchema = listPage(AdminBestOfListRowSchema);
export type AdminBestOfListList = z.infer<typeof AdminBestOfListListSchema>;

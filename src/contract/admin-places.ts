// The editors' back-office: countries, cities and tags (ADR 0034), on the same editing calls as
// experiences and articles (ADR 0026).
//
// Countries & cities (one list; each record edited under its own type):
//   GET    /admin/places?q=&kind=country|city&country_id=&featured=&status=&sort=&page=&per=  → AdminPlaceList
//          (the country filter's choices: GET /admin/references)
//   GET    /admin/countries/{id}                  → AdminCountry
//   GET    /admin/cities/{id}                     → AdminCity
//   PUT    /admin/{countries|cities}/{id}/draft    { version, draft } → view | 409
//   POST   /admin/{countries|cities}/{id}/publish  { version, at? } → view (+ run)
//   DELETE /admin/{countries|cities}/{id}/schedule → view
//   GET    /admin/{countries|cities}/{id}/revisions → RevisionList
//   POST   /admin/{countries|cities}/{id}/revisions/{revisionId}/restore { version } → view
//   POST   /admin/{countries|cities}/{id}/preview  → { run }
//   POST   /admin/{countries|cities}/{id}/unpublish → 422: places cannot be taken off the site
//          (experiences, operators and articles hang off them; see ADR 0034).
// Tags:
//   GET    /admin/tags?q=&kind=&status=&sort=&page=&per=  → AdminTagList
//   GET    /admin/tags/{id}                        → AdminTag   (and the same calls as above;
//          unpublish answers 422 for tags too, and preview for tags other than magazine tags:
//          those have no page of their own)
import { z } from 'zod';
import { EDIT_STATE, EXPERIENCE_SLUG_PATTERN, DraftImageSchema, LIST_PAGE, listPage } from './admin.ts';
import { IsoDateTime, QueryId } from './common.ts';
import { TagKind } from './tags.ts';

const text = (max: number, message = `At most ${max.toLocaleString('en')} characters`) => z.string().trim().max(max, message);
const slug = (example: string) =>
  z
    .string()
    .trim()
    .min(2, 'At least 2 characters')
    .max(80, 'At most 80 characters')
    .regex(EXPERIENCE_SLUG_PATTERN, `Use lower-case letters, digits and single hyphens (like ${example})`);
const name = (what: string) => z.string().trim().min(2, `Name the ${what} (at least 2 characters)`).max(80, 'At most 80 characters');
/** The hero image: none or one, with its alt text (a list so the shared images fieldset edits it). */
const hero = z.array(DraftImageSchema).max(1, 'One hero image only');

/** The editable document of a country: what its page, its cards and the header show. */
export const CountryDraftSchema = z.object({
  name: name('country'),
  slug: slug('costa-rica'),
  /** The eyebrow above its name ("Southeast Asia"). */
  region: z.string().trim().min(2, 'Name the region (at least 2 characters)').max(60, 'At most 60 characters'),
  tagline: z.string().trim().min(3, 'Write a tagline (at least 3 characters)').max(200, 'At most 200 characters'),
  /** The introduction: paragraphs separated by a blank line. */
  description: z.string().trim().min(20, 'Write an introduction of at least 20 characters').max(10_000, 'At most 10,000 characters'),
  facts: z
    .array(z.object({ label: z.string().trim().min(1, 'Name the fact').max(40, 'At most 40 characters'), value: z.string().trim().min(1, 'Give its value').max(120, 'At most 120 characters') }))
    .max(12, 'At most 12 facts'),
  images: hero,
});
export type CountryDraft = z.infer<typeof CountryDraftSchema>;

const coordinate = (limit: number) => z.number({ error: 'Enter a number' }).min(-limit, `Between -${limit} and ${limit}`).max(limit, `Between -${limit} and ${limit}`).nullable();

/** The editable document of a city. */
export const CityDraftSchema = z.object({
  name: name('city'),
  slug: slug('la-fortuna'),
  /** Featured cities: GET /cities?featured=true (the apps and partners; the website does not read it yet). */
  featured: z.boolean(),
  tagline: z.string().trim().min(3, 'Write a tagline (at least 3 characters)').max(200, 'At most 200 characters'),
  description: z.string().trim().min(20, 'Write an introduction of at least 20 characters').max(10_000, 'At most 10,000 characters'),
  latitude: coordinate(90),
  longitude: coordinate(180),
  images: hero,
});
export type CityDraft = z.infer<typeof CityDraftSchema>;

/** The editable document of a tag. Its kind is shown but fixed (a different one answers 422; ADR 0034). */
export const TagDraftSchema = z.object({
  name: z.string().trim().min(2, 'Name the tag (at least 2 characters)').max(60, 'At most 60 characters'),
  slug: slug('birdwatching'),
  kind: TagKind,
  description: text(2000),
  /** Order in the lists of its kind (lowest first). */
  position: z.number({ error: 'Enter a number' }).int('Use a whole number').min(0, 'Must not be negative').max(10_000, 'At most 10,000'),
});
export type TagDraft = z.infer<typeof TagDraftSchema>;

const draftBody = <T extends z.ZodType>(draft: T) => z.object({ version: z.number({ error: 'The version you edited is required' }).int().min(0), draft });
export const SaveCountryDraftBody = draftBody(CountryDraftSchema);
export const SaveCityDraftBody = draftBody(CityDraftSchema);
export const SaveTagDraftBody = draftBody(TagDraftSchema);

export const AdminCountrySchema = z.object({
  ...EDIT_STATE,
  liveSlug: z.string(),
  /** ISO code (fixed: it is the first part of the landing pages' addresses). */
  code: z.string(),
  currencyCode: z.string(),
  draft: CountryDraftSchema,
});
export type AdminCountry = z.infer<typeof AdminCountrySchema>;

export const AdminCitySchema = z.object({
  ...EDIT_STATE,
  liveSlug: z.string(),
  country: z.object({ id: z.number().int(), name: z.string(), code: z.string() }),
  draft: CityDraftSchema,
});
export type AdminCity = z.infer<typeof AdminCitySchema>;

export const AdminTagSchema = z.object({
  ...EDIT_STATE,
  liveSlug: z.string(),
  kind: TagKind,
  /** Published experiences and articles carrying it. */
  optionsCount: z.number().int(),
  blogsCount: z.number().int(),
  draft: TagDraftSchema,
});
export type AdminTag = z.infer<typeof AdminTagSchema>;

/** Places and tags cannot be unpublished, so their lists filter on these only. */
export const PlaceStatusFilter = z.enum(['all', 'published', 'changed', 'scheduled']);

export const AdminPlaceListQuery = z.object({
  q: z.string().trim().max(100, 'At most 100 characters').optional(),
  kind: z.enum(['country', 'city']).optional(),
  countryId: QueryId.optional(),
  featured: z.enum(['true', 'false']).optional(),
  status: PlaceStatusFilter.default('all'),
  sort: z.enum(['name_asc', 'name_desc', 'updated_desc', 'updated_asc', 'experiences_desc']).default('name_asc'),
  ...LIST_PAGE,
});
export type AdminPlaceListQuery = Partial<z.output<typeof AdminPlaceListQuery>>;

export const AdminPlaceRowSchema = z.object({
  kind: z.enum(['country', 'city']),
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  /** A city's country; null for a country. */
  country: z.string().nullable(),
  featured: z.boolean(),
  /** Published experiences in it. */
  optionsCount: z.number().int(),
  status: z.enum(['changed', 'published']),
  scheduledAt: IsoDateTime.nullable(),
  updatedAt: IsoDateTime,
  imageUrl: z.string().nullable(),
});
export type AdminPlaceRow = z.infer<typeof AdminPlaceRowSchema>;
export const AdminPlaceListSchema = listPage(AdminPlaceRowSchema);
export type AdminPlaceList = z.infer<typeof AdminPlaceListSchema>;

export const AdminTagListQuery = z.object({
  q: z.string().trim().max(100, 'At most 100 characters').optional(),
  kind: TagKind.optional(),
  status: PlaceStatusFilter.default('all'),
  sort: z.enum(['kind_position', 'name_asc', 'name_desc', 'updated_desc', 'updated_asc']).default('kind_position'),
  ...LIST_PAGE,
});
export type AdminTagListQuery = Partial<z.output<typeof AdminTagListQuery>>;

export const AdminTagRowSchema = z.object({
  id: z.number().int(),
  kind: TagKind,
  name: z.string(),
  slug: z.string(),
  position: z.number().int(),
  status: z.enum(['changed', 'published']),
  scheduledAt: IsoDateTime.nullable(),
  updatedAt: IsoDateTime,
});
export type AdminTagRow = z.infer<typeof AdminTagRowSchema>;
export const AdminTagListSchema = listPage(AdminTagRowSchema);
export type AdminTagList = z.infer<typeof AdminTagListSchema>;

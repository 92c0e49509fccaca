// Search suggestions: GET /search?q= (spec §3 Search result, §4 Search, §7 "Search suggestions").
//
// The answer has two lists, both of Search result records:
// - `countriesCities`: matching countries and cities (shown first by the search bar), best match
//   first; at most SEARCH_PLACES_LIMIT.
// - `results`: matching activities, then matching collections, each group best match first; at
//   most SEARCH_ACTIVITIES_LIMIT activities and SEARCH_COLLECTIONS_LIMIT collections.
// Names match typo-tolerantly (trigram similarity). An empty (trimmed) or over-long `q` answers
// 400 `{ error, fields: { q } }`.
import { z } from 'zod';

export const SEARCH_Q_MAX = 100;
export const SEARCH_PLACES_LIMIT = 6;
export const SEARCH_ACTIVITIES_LIMIT = 6;
export const SEARCH_COLLECTIONS_LIMIT = 3;

export const SearchResultTypeSchema = z.enum(['Country', 'City', 'Activity', 'Collection']);
export type SearchResultType = z.infer<typeof SearchResultTypeSchema>;

/** Spec §3 Search result, plus `id` (the filter record's record_id) and `countryCode` for links. */
export const SearchResultSchema = z.object({
  id: z.number().int(),
  type: SearchResultTypeSchema,
  /** Public address: the option's slugCode, or the country's, city's or collection's slug. */
  slugCode: z.string(),
  name: z.string(),
  /** A small WebP thumbnail through the image route, or null when the record has no image. */
  imageUrl: z.string().nullable(),
  /** Activity: its city; Collection: its city or country; City: its country; Country: null. */
  cityName: z.string().nullable(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const SearchQuery = z.object({
  q: z
    .string({ error: 'Please enter something to search for' })
    .transform((s) => s.trim().replace(/\s+/g, ' '))
    .pipe(
      z
        .string()
        .min(1, 'Please enter something to search for')
        .max(SEARCH_Q_MAX, `Search text must be at most ${SEARCH_Q_MAX} characters`)
        // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
        .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), 'Search text contains control characters'),
    ),
});
export type SearchQuery = z.infer<typeof SearchQuery>;

export const SearchResponse = z.object({
  results: z.array(SearchResultSchema),
  countriesCities: z.array(SearchResultSchema),
});
export type SearchResponse = z.infer<typeof SearchResponse>;

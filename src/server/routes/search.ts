// GET /search?q= — the search-bar suggestions (spec §4 Search, §7 "Search suggestions").
import { Hono } from 'hono';
import { SearchQuery } from '../../contract/search.ts';
import type { AppEnv } from '../context.ts';
import { HttpError, fieldErrors, queryObject, reply } from '../http.ts';
import { searchSuggestions } from '../services/search.ts';

export function searchRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/search', async (c) => {
    // A missing, empty or over-long text is a plain bad request (400), not a form error.
    const parsed = SearchQuery.safeParse(queryObject(c.req.url));
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error);
      throw new HttpError(400, fields['q'] ?? 'Invalid search query', { fields });
    }
    return reply(c, await searchSuggestions(c.var.db, parsed.data.q));
  });
  return app;
}

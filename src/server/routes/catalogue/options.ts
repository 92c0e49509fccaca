// Options (experiences): list with filters and sorts, detail, similar. The batch loaders
// every other resource uses to embed option cards (summaries) without N+1 queries live in
// options/ (rows, summaries, details, filters, search) and are re-exported here.
import { Hono } from 'hono';
import { ListOptionsQuery, SimilarOptionsQuery } from '../../../contract/options.ts';
import type { AppEnv } from '../../context.ts';
import { readQuery, reply } from '../../http.ts';
import { listChangeExtras } from './effective.ts';
import { findOptionId, getOptionDetail } from './options/details.ts';
import { resolveFilters } from './options/filters.ts';
import { searchOptionIds, similarOptionIds } from './options/search.ts';
import { loadOptionSummaries } from './options/summaries.ts';
import { loaderOf, offsetOf, pageOf, slugParam } from './shared.ts';

export { findOptionId, getOptionDetail, loadOptionDetails, toOptionDetail } from './options/details.ts';
export { DEFAULT_PRICE_CURRENCY, durationBucketSql, filterConditions, resolveFilters, sgdRateOf, type FacetKey, type OptionFilters } from './options/filters.ts';
export { fromPriceMinor, fromPriceSgd, visibleOption, type OptionRow } from './options/rows.ts';
export { searchOptionIds, similarOptionIds } from './options/search.ts';
export { loadOptionSummaries, loadOptionSummaryMap, toOptionSummary, type SummaryExtras } from './options/summaries.ts';

export function optionsRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/options', async (c) => {
    const q = readQuery(c, ListOptionsQuery);
    const L = loaderOf(c);
    const { page, per, sort, sortBy, ...query } = q;
    const filters = await resolveFilters(L.db, query);
    const { ids, total } = await searchOptionIds(L.db, filters, sortBy ?? sort ?? 'recommended', { limit: per, offset: offsetOf(q) });
    const [list, extras] = await Promise.all([loadOptionSummaries(L, ids), listChangeExtras(L.db, 'options', q.changedSince)]);
    return reply(c, { options: list, pagination: pageOf({ page, per }, total), ...extras });
  });

  app.get('/options/:slugCode/similar', async (c) => {
    const slugCode = slugParam(c, 'slugCode', 'Option');
    const { limit } = readQuery(c, SimilarOptionsQuery);
    const L = loaderOf(c);
    const id = await findOptionId(L.db, slugCode);
    return reply(c, { options: await loadOptionSummaries(L, await similarOptionIds(L.db, id, limit)) });
  });

  app.get('/options/:slugCode', async (c) => {
    const slugCode = slugParam(c, 'slugCode', 'Option');
    return reply(c, await getOptionDetail(loaderOf(c), slugCode));
  });

  return app;
}

import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { bestOfListsRoutes } from './best-of-lists.ts';
import { blogsRoutes } from './blogs.ts';
import { changesRoutes } from './changes.ts';
import { collectionsRoutes } from './collections.ts';
import { placesRoutes } from './countries.ts';
import { faqsRoutes } from './faqs.ts';
import { filterRoutes } from './filter.ts';
import { initialDataRoutes } from './initial-data.ts';
import { itinerariesRoutes } from './itineraries.ts';
import { optionsRoutes } from './options.ts';
import { pagesRoutes } from './pages.ts';
import { promotionCodesRoutes } from './promotion-codes.ts';
import { reviewsRoutes } from './reviews.ts';
import { suppliersRoutes } from './suppliers.ts';
import { tagsRoutes } from './tags.ts';

/** The catalogue read API (spec §7 GET calls for content) and the content change feed. */
export function catalogueRoutes() {
  const app = new Hono<AppEnv>();
  for (const routes of [
    initialDataRoutes(),
    placesRoutes(),
    optionsRoutes(),
    filterRoutes(),
    collectionsRoutes(),
    blogsRoutes(),
    suppliersRoutes(),
    itinerariesRoutes(),
    bestOfListsRoutes(),
    tagsRoutes(),
    faqsRoutes(),
    reviewsRoutes(),
    promotionCodesRoutes(),
    pagesRoutes(),
    changesRoutes(),
  ]) {
    app.route('/', routes);
  }
  return app;
}

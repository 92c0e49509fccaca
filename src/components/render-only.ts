// Incremental publishing (ADR 0025): a build told to render only some pages. When
// VERDANT_ONLY_PAGES names a JSON file `{ "pages": ["/cities/ubud", …], "trees": ["/magazine", …] }`,
// every dynamic route's getStaticPaths keeps only the paths that are listed in `pages` or lie
// under one of `trees`; the publish worker (scripts/lib/site-publisher.ts) merges what was
// rendered into the live site. Without the variable a build renders everything. Static routes
// (no parameters) always render: they are few, and the merge takes only the selected ones.
import { readFileSync } from 'node:fs';
import { fillRoute } from '../lib/seo-routes.ts';
import { isSelectedPage, type PageSelection } from '../lib/page-selection.ts';

type Params = Record<string, string | number | undefined>;
type StaticPathsOptions = { routePattern: string; paginate?: unknown; unfiltered?: boolean };

let selection: PageSelection | null | undefined;
function currentSelection(): PageSelection | null {
  if (selection !== undefined) return selection;
  const file = process.env['VERDANT_ONLY_PAGES'];
  selection = file ? (JSON.parse(readFileSync(file, 'utf8')) as PageSelection) : null;
  return selection;
}

/**
 * Wraps a page's getStaticPaths: under VERDANT_ONLY_PAGES only the selected paths stay. The
 * sitemap asks with `unfiltered: true`, since it lists every page whatever is rendered.
 */
export function renderOnly<P extends { params: Params }>(getStaticPaths: (opts: StaticPathsOptions) => Promise<P[]>) {
  return async (opts: StaticPathsOptions): Promise<P[]> => {
    const all = await getStaticPaths(opts);
    const only = opts.unfiltered ? null : currentSelection();
    if (!only) return all;
    return all.filter((p) => isSelectedPage(only, fillRoute(opts.routePattern, p.params)));
  };
}

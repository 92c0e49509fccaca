// Incremental publishing (ADR 0025): a build told to render only some pages. When
// VERDANT_ONLY_PAGES names a JSON file `{ "pages": ["/cities/ubud", …], "trees": ["/magazine", …] }`,
// every dynamic route's getStaticPaths keeps only the paths that are listed in `pages` or lie
// under one of `trees`; the publish worker (scripts/lib/site-publisher.ts) merges what was
// rendered into the live site. Without the variable a build renders everything. Static routes
// (no parameters) always render: they are few, and the merge takes only the selected ones.
// A full build split across processes (VERDANT_SHARD) filters the same way, by a hash of the path.
import { readFileSync } from 'node:fs';
import { fillRoute } from '../lib/seo-routes.ts';
import { isSelectedPage, type PageSelection } from '../lib/page-selection.ts';
import { renderGeneration } from './content-records.ts';

type Params = Record<string, string | number | undefined>;
type StaticPathsOptions = { routePattern: string; paginate?: unknown; unfiltered?: boolean };

let selection: PageSelection | null | undefined;
let selectionGeneration = 0;
/** The render daemon names another selection file for each render (a new render generation). */
function currentSelection(): PageSelection | null {
  if (selectionGeneration !== renderGeneration()) {
    selectionGeneration = renderGeneration();
    selection = undefined;
  }
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
    if (opts.unfiltered) return all;
    const only = currentSelection();
    const shard = currentShard();
    if (!only && !shard) return all;
    return all.filter((p) => {
      const path = fillRoute(opts.routePattern, p.params);
      return (!only || isSelectedPage(only, path)) && (!shard || inShard(shard, path));
    });
  };
}

type Shard = { index: number; count: number };
let shard: Shard | null | undefined;
/**
 * A full build renders its pages in several processes, one per core (scripts/lib/build-site.ts):
 * `VERDANT_SHARD=i/n` keeps the dynamic paths whose hash falls in part i of n.
 */
function currentShard(): Shard | null {
  if (shard !== undefined) return shard;
  const m = /^(\d+)\/(\d+)$/.exec(process.env['VERDANT_SHARD'] ?? '');
  shard = m && Number(m[2]) > 1 ? { index: Number(m[1]), count: Number(m[2]) } : null;
  return shard;
}

/** FNV-1a over the path: stable across processes and builds, and spreads pages evenly. */
export function inShard({ index, count }: Shard, path: string): boolean {
  let h = 0x811c9dc5;
  for (let i = 0; i < path.length; i++) h = Math.imul(h ^ path.charCodeAt(i), 0x01000193);
  return (h >>> 0) % count === index;
}

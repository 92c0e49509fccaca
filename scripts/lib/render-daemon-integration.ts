// The render daemon's side inside `astro build` (ADR 0049). With VERDANT_RENDER_DAEMON set and
// an IPC channel to its parent (scripts/lib/render-daemon.ts), the build bundles the storefront
// as always, then, instead of rendering every page and exiting, keeps its prerender bundle and
// renders page selections on request, each into a folder of the parent's choosing:
//   parent → { type: 'render', id, selectionFile, outDir, contentDir }
//   daemon → { type: 'ready' } once, then { type: 'done', id, pages } or { type: 'failed', id, error }
// A render starts a new render generation (src/components/content-records.ts): every memoised
// read of the content cache loads again, `renderOnly` reads the new selection, and the route
// cache forgets every getStaticPaths answer. Pages are written where `astro build` writes them
// (build.format 'directory'): `/x` → `x/index.html`, `/404` → `404.html`, an endpoint at its path.
// The daemon ends when its parent says 'stop' or goes away.
// Every build, the daemon's or not, renders through the same wrapper of Astro's prerenderer: it
// gives each route one combined stylesheet (ADR 0054).
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroPrerenderer } from 'astro';
import { nextRenderGeneration } from '../../src/components/content-records.ts';
import { combinePageStyles, type PageStyles, type StyleEntry } from './page-stylesheets.ts';

export type RenderRequest = { type: 'render'; id: number; selectionFile: string; outDir: string; contentDir: string };
export type DaemonRequest = RenderRequest | { type: 'stop' };
/** `failed` with `page`: that page failed to render (as it would in a build); without: the daemon itself is broken. */
/** Where a render's time went: the paths (every route's getStaticPaths), the pages, and the slowest pages. */
export type RenderTimings = { pathsMs: number; pagesMs: number; slowest: [path: string, ms: number][] };
export type DaemonMessage = { type: 'ready' } | { type: 'done'; id: number; pages: number; timings: RenderTimings } | { type: 'failed'; id: number; error: string; page?: string };

/** A page that failed to render, named as `astro build` names it. */
class PageError extends Error {
  readonly page: string;
  constructor(page: string, component: string, cause: unknown) {
    const text = cause instanceof Error ? (cause.stack ?? cause.message) : String(cause);
    super(`${page} (${component}): ${text}`, { cause });
    this.page = page;
  }
}

type RouteData = Parameters<AstroPrerenderer['render']>[1]['routeData'];
/** What the default prerenderer keeps after setup (Astro's BuildApp): its route cache and options. */
type BuildApp = { routeCache: { clearAll(): void }; getOptions(): { origin: string }; getSettings(): { config: { publicDir: URL } } };

const STATUS_PAGES = new Set(['/404', '/500']);

/** The file `astro build` writes a path to, relative to the output folder. */
export function outputFileOf(pathname: string, routeType: string): string {
  const path = pathname.replace(/^\/+/, '');
  if (routeType === 'endpoint') return path;
  if (STATUS_PAGES.has(pathname)) return `${path}.html`;
  return path === '' ? 'index.html' : `${path.replace(/\/+$/, '')}/index.html`;
}

/** The address a path is rendered at (build.format 'directory': pages end in a slash). */
export function requestUrlOf(origin: string, pathname: string, routeType: string): string {
  if (pathname === '/' || pathname === '') return `${origin}/`;
  if (routeType === 'endpoint') return `${origin}${pathname}`;
  return `${origin}${pathname.replace(/\/+$/, '')}/`;
}

const send = (m: DaemonMessage) => process.send!(m);

/**
 * The build's page data (`astro:build:setup` hands over the map the build keeps). Astro sorts a
 * page's stylesheets in place as each page renders, with a comparator that is not a total order,
 * so a second render of a page could order its stylesheets differently from a build. The daemon
 * notes each list as bundled and puts it back before every render: each render starts from the
 * state a fresh build renders from.
 */
let pageData: Map<string, PageStyles> | undefined;
let bundledStyles: Map<PageStyles, StyleEntry[]> | undefined;
/** The build's output folder, where the client bundle and its stylesheets are. */
let clientDir: string | undefined;

function restoreStyles() {
  if (!pageData) throw new Error('render daemon: the build did not hand over its page data');
  bundledStyles ??= new Map([...pageData.values()].map((p) => [p, [...p.styles]]));
  for (const [page, styles] of bundledStyles) page.styles.splice(0, page.styles.length, ...styles);
}

const SLOWEST_KEPT = 8;

async function renderSelection(prerenderer: AstroPrerenderer, app: BuildApp, req: RenderRequest): Promise<{ pages: number; timings: RenderTimings }> {
  process.env['VERDANT_CONTENT_DIR'] = req.contentDir;
  process.env['VERDANT_ONLY_PAGES'] = req.selectionFile;
  nextRenderGeneration();
  app.routeCache.clearAll();
  restoreStyles();
  const { origin } = app.getOptions();
  const publicDir = fileURLToPath(app.getSettings().config.publicDir);
  const seen = new Set<string>();
  let pages = 0;
  const t0 = performance.now();
  const paths = await prerenderer.getStaticPaths();
  const t1 = performance.now();
  const times: [string, number][] = [];
  for (const { pathname, route } of paths) {
    // As `astro build`: the first route of a path wins (routes come in priority order).
    const normalized = pathname.replace(/\/+$/, '') || '/';
    if (seen.has(normalized) || route.type === 'fallback') continue;
    seen.add(normalized);
    const file = outputFileOf(pathname, route.type);
    if (existsSync(join(publicDir, file))) continue; // a public file of that name wins, as in a build
    let body: Buffer | undefined;
    const started = performance.now();
    try {
      const result = await prerenderer.render(new Request(requestUrlOf(origin, pathname, route.type)), { routeData: route as RouteData });
      const response = result instanceof Response ? result : result.response;
      if (response.status >= 300 && response.status < 400) throw new Error(`it answered a redirect (${response.status}); the storefront's pages never do`);
      body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
    } catch (err) {
      throw new PageError(pathname, route.component, err);
    }
    times.push([pathname, Math.round(performance.now() - started)]);
    if (!body) continue;
    const target = join(req.outDir, file);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, body);
    pages++;
  }
  const slowest = times.sort((a, b) => b[1] - a[1]).slice(0, SLOWEST_KEPT);
  return { pages, timings: { pathsMs: Math.round(t1 - t0), pagesMs: Math.round(performance.now() - t1), slowest } };
}

/** Serves render requests until the parent says stop or goes away. */
async function serve(prerenderer: AstroPrerenderer, app: BuildApp): Promise<void> {
  const queue: DaemonRequest[] = [];
  let wake: (() => void) | undefined;
  process.on('message', (m: DaemonRequest) => {
    queue.push(m);
    wake?.();
  });
  // The parent went away: nobody will ask again, and nothing here is worth finishing.
  process.on('disconnect', () => process.exit(0));
  send({ type: 'ready' });
  for (;;) {
    const next = queue.shift() ?? (await new Promise<void>((r) => (wake = r)).then(() => queue.shift()));
    wake = undefined;
    if (!next) continue;
    if (next.type === 'stop') return;
    try {
      send({ type: 'done', id: next.id, ...(await renderSelection(prerenderer, app, next)) });
    } catch (err) {
      if (err instanceof PageError) send({ type: 'failed', id: next.id, error: err.message, page: err.page });
      else send({ type: 'failed', id: next.id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    }
  }
}

/**
 * The storefront's prerenderer: Astro's own, which first gives each route one combined
 * stylesheet (scripts/lib/page-stylesheets.ts, ADR 0054), and, in the render daemon, renders on
 * request instead of once.
 */
export function renderDaemon(): AstroIntegration {
  return {
    name: 'verdant-render-daemon',
    hooks: {
      'astro:config:done': ({ config }) => {
        clientDir = fileURLToPath(config.outDir);
      },
      'astro:build:setup': ({ pages }) => {
        pageData = pages as unknown as Map<string, PageStyles>;
      },
      'astro:build:start': ({ setPrerenderer }) => {
        const daemon = Boolean(process.env['VERDANT_RENDER_DAEMON'] && process.send);
        setPrerenderer((fallback) => ({
          name: daemon ? 'verdant-render-daemon' : 'verdant-prerenderer',
          setup: async () => {
            await fallback.setup?.();
            if (!pageData || !clientDir) throw new Error('prerenderer: the build did not hand over its page data and output folder');
            await combinePageStyles(pageData.values(), clientDir);
            if (daemon) restoreStyles(); // notes the lists as bundled, before any page renders
          },
          // Astro asks once for the paths to render; the daemon renders on request instead and,
          // when told to stop, gives Astro nothing more to write.
          getStaticPaths: daemon
            ? async () => {
                await serve(fallback, (fallback as AstroPrerenderer & { app: BuildApp }).app);
                return [];
              }
            : () => fallback.getStaticPaths(),
          render: (request, options) => fallback.render(request, options),
          ...(fallback.collectStaticImages ? { collectStaticImages: () => fallback.collectStaticImages!() } : {}),
          teardown: () => fallback.teardown?.() ?? Promise.resolve(),
        }));
      },
    },
  };
}

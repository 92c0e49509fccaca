// The static site's builder for the publish queue (services/publish.ts SiteBuilder), given to
// the worker by the process that owns dist (scripts/start.ts, and so the e2e server; the API
// child of `npm run dev` only pulls). ADR 0025.
//
// A publish, incrementally:
//   1. reads the changed records as the live build has them, pulls the change feed, reads them
//      again: the records before and after;
//   2. works out the pages they touch (publish-impact.ts) and renders only those, with the
//      static routes (home, sitemap.xml, RSS, info pages), into a staging folder: by the render
//      daemon, an `astro build` kept running with its bundle (render-daemon.ts, ADR 0049), or by
//      a filtered `astro build` with VERDANT_ONLY_PAGES (src/components/render-only.ts);
//   3. clones the live build with hard links (`cp -al`: no page is copied), replaces the
//      selected pages with the staged ones, removes selected pages that are gone (unpublished),
//      precompresses what changed, and swaps the dist symlink with one rename();
//   4. then, in the background, re-indexes search (pagefind) over the live build and puts the
//      new index in with its entry file renamed last (applySearchIndex).
// Any failure before the swap leaves the live site as it was. Without a live build, or when
// the storefront's code changed since it, a publish is a full build (build-site.ts).
import type { ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, readlink, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import type { Logger } from 'pino';
import { createApp } from '../../src/server/app.ts';
import type { Config } from '../../src/server/config.ts';
import type { Db } from '../../src/server/db/client.ts';
import { MemoryRateLimitStore } from '../../src/server/providers/rate-limit.ts';
import type { SiteBuilder } from '../../src/server/services/publish.ts';
import { isSiteChange, type ContentRef, type PublishChange } from '../../src/contract/publish.ts';
import type { ContentType } from '../../src/contract/content-changes.ts';
import { isSelectedPage, type PageSelection } from '../../src/lib/page-selection.ts';
import { inProcessGet } from './api-access.ts';
import { buildInputsHash, buildSite, codeInputsHash, fileVersion, type SiteDirs, precompressFiles, runTool, swapIn, walkFiles, HASH_FILE, CODE_HASH_FILE } from './build-site.ts';
import { affectedPages, bestOfPromoChanged, embeddingTypes, mergeSelections, ownPages, referenceNeedle } from './publish-impact.ts';
import { clearPending, readPending } from './pending-changes.ts';
import { showsAsSimilar, type SimilarKey } from '../../src/lib/similar-experiences.ts';
import { createRenderDaemon, PageRenderError, type RenderDaemon } from './render-daemon.ts';
import { fileNameOf, pullContent, readCachedRecord, stableJson } from './pull-content.ts';

const root = resolve(import.meta.dirname, '../..');
type Rec = Record<string, unknown>;
/** Above this many records to show, a publish builds everything (see publish()). */
export const MAX_INCREMENTAL_RECORDS = 500;

const readRecord = (contentDir: string, ref: ContentRef): Rec | undefined => readCachedRecord(join(contentDir, ref.type, fileNameOf(ref.key)));

type Referrer = { type: ContentType; key: string; record: Rec };
type Change = ContentRef & { before?: Rec | undefined; after?: Rec | undefined };

type Search = {
  type: ContentType;
  needle: string;
  /**
   * Set for the experiences of a country: of those, only the ones whose own city has fewer than
   * SIMILAR_IN_CITY others show the changed one (their similar experiences fall back to the
   * country: src/pages/experiences/[slugCode].astro).
   */
  country?: string;
  /**
   * Set for the experiences of a city: of those, only the ones whose "Similar experiences" show
   * the changed one, when that can be told (similarIsPrecise).
   */
  city?: string;
};
/** Below this many other experiences in its city, an experience page shows its country's. */
const SIMILAR_IN_CITY = 2;
const slugIn = (r: Rec | undefined, field: string) => {
  const v = (r?.[field] as Rec | undefined)?.['slug'];
  return typeof v === 'string' ? v : undefined;
};

/**
 * The header's Best-of promo is on every page while the setting is on: a change of the lists it
 * shows (title, picks, image; one in or out) is a change of every page (publish-impact.ts).
 */
function headerPromoChanged(contentDir: string, changes: Change[]): boolean {
  const lists = changes.filter((c) => c.type === 'best_of_lists');
  const settings = readCachedRecord(join(contentDir, 'site', 'initial-data.json'))?.['settings'] as Rec | undefined;
  if (lists.length === 0 || settings?.['showBestOfListNav'] !== true) return false;
  const dir = join(contentDir, 'best_of_lists');
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
  const now = files.flatMap((f): Rec[] => {
    const r = readCachedRecord(join(dir, f));
    return r ? [r] : [];
  });
  const changed = new Set(lists.map((c) => c.key));
  const before = [...now.filter((r) => !changed.has(String(r['slug']))), ...lists.flatMap((c): Rec[] => (c.before ? [c.before] : []))];
  return bestOfPromoChanged(before, now);
}

/**
 * Whether the experiences of a changed experience's city that show it can be told from the
 * "Similar experiences" order alone (showsAsSimilar): it stays in its city and kind of activity,
 * so what else those pages say of their city (its landing page for the activity, whether it has
 * enough others) is the same, and no other experience of the city changes in the same publish.
 * Else every experience of the city is rendered again.
 */
function similarIsPrecise(self: Change, changes: Change[]): boolean {
  const { before, after } = self;
  if (self.type !== 'options' || !before || !after) return false;
  const city = slugIn(before, 'city');
  if (!city || slugIn(after, 'city') !== city || slugIn(before, 'activityType') !== slugIn(after, 'activityType')) return false;
  return !changes.some((c) => c !== self && c.type === 'options' && [c.before, c.after].some((r) => slugIn(r, 'city') === city));
}

/** What to look for, and in which type's records, to find the records whose pages show a change. */
function searchesFor(c: Change): Search[] {
  const out: Search[] = embeddingTypes(c.type, Boolean(c.before && c.after)).map((type) => ({ type, needle: referenceNeedle(c.type, c.key) }));
  if (c.type === 'options') {
    // An experience page shows similar experiences of its city (its name, price and address), or
    // of its country when its city has too few.
    for (const r of [c.before, c.after]) {
      const city = slugIn(r, 'city');
      const country = slugIn(r, 'country');
      if (city) out.push({ type: 'options', needle: referenceNeedle('cities', city), city });
      if (country) out.push({ type: 'options', needle: referenceNeedle('countries', country), country });
    }
  }
  return out;
}

/** A content file's names (see namesIn), kept while the file is the same (inode, size, mtime). */
const namesCache = new Map<string, { stamp: string; names: string }>();
const NAME = /"(?:slug|slugCode)": "(?:[^"\\]|\\.)*"/g;

/**
 * Every `"slug": …` and `"slugCode": …` a content file holds (the needles of referenceNeedle,
 * exactly as its stable JSON writes them), one per line. Read once per version of the file: at
 * 20,000 experiences reading every file again cost a publish 5–6 s (issue 14); a pull replaces a
 * changed file by rename, so a new inode says it changed.
 */
async function namesIn(path: string): Promise<string | undefined> {
  const st = statSync(path, { throwIfNoEntry: false });
  if (!st) {
    namesCache.delete(path);
    return undefined;
  }
  const stamp = fileVersion(st);
  const known = namesCache.get(path);
  if (known?.stamp === stamp) return known.names;
  const text = await readFile(path, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  const names = [...new Set(text.match(NAME) ?? [])].map((n) => `${n}\n`).join('');
  namesCache.set(path, { stamp, names });
  return names;
}

/**
 * For each change, the records whose pages show it: those of its embedding types that name it
 * (referenceNeedle), and for an experience the others of its city and those of its country whose
 * city is small. Every file is read once for all the changes, without blocking: a place's
 * referrers are every experience in it, thousands of files, and this runs in the process that
 * answers the API.
 */
async function referrersOf(contentDir: string, changes: Change[]): Promise<Referrer[][]> {
  const out: Referrer[][] = changes.map(() => []);
  // Per change, the experiences of a country, kept only once their cities are counted, and those
  // of its city, kept only if they show it.
  const inCountry: Referrer[][] = changes.map(() => []);
  const inCity: Referrer[][] = changes.map(() => []);
  const wanted = changes.flatMap((c, i) => searchesFor(c).map((s) => ({ ...s, i, self: c })));
  for (const type of new Set(wanted.map((w) => w.type))) {
    const dir = join(contentDir, type);
    if (!existsSync(dir)) continue;
    const askers = wanted.filter((w) => w.type === type);
    let seen = 0;
    for (const f of await readdir(dir)) {
      if (!f.endsWith('.json')) continue;
      // Most files are as the last publish read them: their names answer from memory.
      if (++seen % 1000 === 0) await new Promise((r) => setImmediate(r));
      const path = join(dir, f);
      const names = await namesIn(path);
      if (names === undefined) continue; // removed meanwhile
      const key = f.slice(0, -5).replace(/__/g, '/');
      let record: Rec | undefined;
      for (const w of askers) {
        if (!names.includes(`${w.needle}\n`) || (type === w.self.type && key === w.self.key)) continue;
        record ??= JSON.parse(await readFile(path, 'utf8')) as Rec;
        if (w.country !== undefined && slugIn(record, 'country') !== w.country) continue;
        if (w.city !== undefined && slugIn(record, 'city') !== w.city) continue;
        const list = w.country !== undefined ? inCountry[w.i]! : w.city !== undefined ? inCity[w.i]! : out[w.i]!;
        if (!list.some((r) => r.type === type && r.key === key)) list.push({ type, key, record });
      }
    }
  }
  inCity.forEach((found, i) => {
    const self = changes[i]!;
    const precise = similarIsPrecise(self, changes);
    const records = found.map((r) => r.record as SimilarKey);
    for (const [j, r] of found.entries()) {
      if (precise && !showsAsSimilar(records[j]!, self.before as SimilarKey, records) && !showsAsSimilar(records[j]!, self.after as SimilarKey, records)) continue;
      if (!out[i]!.some((o) => o.type === r.type && o.key === r.key)) out[i]!.push(r);
    }
  });
  inCountry.forEach((found, i) => {
    const self = changes[i]!;
    const perCity = new Map<string | undefined, number>();
    for (const r of found) perCity.set(slugIn(r.record, 'city'), (perCity.get(slugIn(r.record, 'city')) ?? 0) + 1);
    for (const r of found) {
      const city = slugIn(r.record, 'city');
      // Others in its city: the experiences of the country found there, less itself, plus the
      // changed one when it is (or was) in that city.
      const others = perCity.get(city)! - 1 + ([self.before, self.after].some((x) => slugIn(x, 'city') === city) ? 1 : 0);
      if (others < SIMILAR_IN_CITY && !out[i]!.some((o) => o.type === r.type && o.key === r.key)) out[i]!.push(r);
    }
  });
  return out;
}

/** The first page of a record (where its preview opens). */
function own0(ref: ContentRef): string {
  if (ref.type === 'blogs') return `/magazine/a/${ref.key}`;
  const own = ownPages(ref.type, ref.key);
  return own.pages[0] ?? own.trees[0] ?? '/';
}

/** The page path of a built file (`cities/x/index.html` → `/cities/x`, `sitemap.xml` → `/sitemap.xml`). */
export function pageOfFile(rel: string): string {
  const p = `/${rel.replace(/\\/g, '/')}`.replace(/\/index\.html$/, '').replace(/\.html$/, '');
  return p || '/';
}

/** Every file under `dir`, as a path relative to it. */
async function* walk(dir: string): AsyncGenerator<string> {
  for await (const file of walkFiles(dir)) yield relative(dir, file);
}

const PAGE_FILE = /\.(html|xml|txt)$/;

/** Writes a new file over `path` by rename: a hard-linked old copy (the live build's) is untouched. */
async function replaceFile(path: string, data: string | Buffer) {
  const tmp = `${path}.publish-tmp`;
  await writeFile(tmp, data);
  await rename(tmp, path);
}

/**
 * The files of `dir` (relative) that can hold a selected page: those under its trees and at its
 * pages' paths, not the whole build (24,000 pages at 20,000 experiences: seconds to walk).
 */
async function* selectedFiles(dir: string, selection: PageSelection): AsyncGenerator<string> {
  if (selection.trees.includes('/')) {
    yield* walk(dir);
    return;
  }
  for (const tree of selection.trees) {
    const rel = tree.slice(1);
    if (existsSync(join(dir, rel))) for await (const f of walk(join(dir, rel))) yield join(rel, f);
    if (existsSync(join(dir, `${rel}.html`))) yield `${rel}.html`;
  }
  for (const page of selection.pages) {
    const files = page === '/' ? ['index.html'] : [join(page.slice(1), 'index.html'), `${page.slice(1)}.html`];
    for (const f of files) if (existsSync(join(dir, f))) yield f;
  }
}

/**
 * Merges a staged partial build into a hard-linked clone of the live build: every staged page
 * replaces its copy; selected pages the staged build no longer has are removed; new hashed
 * assets are added. Returns the page files written and removed.
 */
export async function mergeStaged(clone: string, staging: string, selection: PageSelection): Promise<{ written: string[]; removed: string[] }> {
  const written: string[] = [];
  const stagedPages = new Set<string>();
  for await (const rel of walk(staging)) {
    if (rel.startsWith('pagefind/')) continue;
    const isPage = PAGE_FILE.test(rel);
    const target = join(clone, rel);
    if (!isPage && existsSync(target)) continue; // hashed assets and public files: unchanged names, same bytes
    if (isPage) stagedPages.add(pageOfFile(rel));
    await mkdir(dirname(target), { recursive: true });
    // Replace by rename of a fresh file: the clone's old inode (shared with the live build) is untouched.
    await replaceFile(target, await readFile(join(staging, rel)));
    for (const ext of ['.br', '.gz']) await rm(`${target}${ext}`, { force: true });
    if (isPage) written.push(rel);
  }
  const removed: string[] = [];
  for await (const rel of selectedFiles(clone, selection)) {
    if (!rel.endsWith('.html') || rel.startsWith('pagefind/') || rel.startsWith('_astro/')) continue;
    const page = pageOfFile(rel);
    if (isSelectedPage(selection, page) && !stagedPages.has(page)) {
      for (const ext of ['', '.br', '.gz']) await rm(join(clone, `${rel}${ext}`), { force: true });
      removed.push(rel);
    }
  }
  return { written, removed };
}

export type PublishTimings = Record<string, number>;

/** The tools a publish runs; tests give fakes. */
export type PublishTools = {
  /** Renders the selected pages (and the static routes) of the content in `contentDir` into `outDir`. */
  render(selectionFile: string, outDir: string, contentDir: string, log?: Logger): Promise<void>;
  /** Writes the search index of the site in `siteDir` into `outDir`. */
  index(siteDir: string, outDir: string): Promise<void>;
  /** A full build swapped in (build-site.ts). */
  buildAll(dirs: SiteDirs, log: (line: string) => void): Promise<{ skipped: boolean; pages: number }>;
};

/** The search index runs now going (each in a process group of its own: pagefind and its binary). */
const indexers = new Set<ChildProcess>();
let pauses = 0;
const signalIndexers = (signal: NodeJS.Signals) => {
  for (const child of indexers) {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // It has just ended.
    }
  }
};
// A paused index run must not outlive the server stopped.
process.once('exit', () => signalIndexers('SIGKILL'));

/** Notes a search index run (started in a process group of its own), stopped at once if publishes are on. */
export function trackSearchIndexRun(child: ChildProcess): void {
  indexers.add(child);
  child.once('exit', () => indexers.delete(child));
  if (pauses > 0) process.kill(-child.pid!, 'SIGSTOP');
}

/**
 * Pauses the search index runs (SIGSTOP to their process groups) until the returned function is
 * called; nested pauses resume once the last ends. A run started meanwhile is paused too.
 */
export function pauseSearchIndex(): () => void {
  if (pauses++ === 0) signalIndexers('SIGSTOP');
  let resumed = false;
  return () => {
    if (resumed) return;
    resumed = true;
    if (--pauses === 0) signalIndexers('SIGCONT');
  };
}

/** Runs `work` with the search index runs paused (a publish, a preview). */
async function whileSearchIndexPaused<T>(work: () => Promise<T>): Promise<T> {
  const resume = pauseSearchIndex();
  try {
    return await work();
  } finally {
    resume();
  }
}

/** A filtered `astro build` (ADR 0025): the whole bundling again for each render. */
export const filteredBuild = (selectionFile: string, outDir: string, contentDir: string) =>
  runTool(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--silent'], {
    VERDANT_OUT_DIR: outDir,
    VERDANT_CONTENT_DIR: contentDir,
    VERDANT_ONLY_PAGES: selectionFile,
    NODE_ENV: 'production',
  });

/** VERDANT_RENDER_DAEMON=0 renders each publish by a filtered build instead (a comparison, a fallback). */
const useDaemon = () => process.env['VERDANT_RENDER_DAEMON'] !== '0';

let daemon: RenderDaemon | undefined;
const daemonOf = (log?: Logger): RenderDaemon => (daemon ??= createRenderDaemon({ log: (l) => log?.info(l) }));

/**
 * Renders with the render daemon (ADR 0049): the bundle of the current storefront code, kept
 * between publishes. A daemon that cannot start or dies is logged and the render done by a
 * filtered build; a page that fails to render fails the publish either way.
 */
async function renderWithDaemon(selectionFile: string, outDir: string, contentDir: string, log?: Logger): Promise<void> {
  if (!useDaemon()) return filteredBuild(selectionFile, outDir, contentDir);
  try {
    await daemonOf(log).render(selectionFile, outDir, contentDir, codeInputsHash());
  } catch (err) {
    if (err instanceof PageRenderError) throw err;
    log?.error({ err }, 'publish: the render daemon failed; rendering with a filtered build');
    await rm(outDir, { recursive: true, force: true });
    await filteredBuild(selectionFile, outDir, contentDir);
  }
}

/**
 * Readies what the first publish would otherwise do from cold, so it goes live as fast as the
 * next (issue 14: at 20,000 experiences the first publish after a start took 21 s, the next
 * 7-9 s): the render daemon is started for the current code and renders once into a scratch
 * folder (only the static routes: it reads and checks every record of the content cache, 5 s at
 * that size), and the content files' names are read (namesIn, 8 s of the first impact there).
 * Resolves once done; a daemon that fails is logged (publishes then try again, or build filtered).
 */
export async function warmRenderDaemon(contentDir: string, log?: Logger): Promise<void> {
  const names = warmNames(contentDir).catch((err: unknown) => log?.warn({ err }, 'publish: the content names were not read ahead; the first publish reads them'));
  if (useDaemon()) await warmDaemon(contentDir, log);
  await names;
}

/** Starts the render daemon for the current code and has it render once (see warmRenderDaemon). */
async function warmDaemon(contentDir: string, log?: Logger): Promise<void> {
  const daemon = daemonOf(log);
  const codeHash = codeInputsHash();
  try {
    await daemon.warm(contentDir, codeHash);
  } catch (err) {
    log?.error({ err }, 'publish: the render daemon did not start; publishes use filtered builds until it does');
    return;
  }
  const scratch = await mkdtemp(join(tmpdir(), 'verdant-warm-render-'));
  try {
    const nothing = join(scratch, 'nothing.json');
    await writeFile(nothing, JSON.stringify({ pages: [], trees: [] } satisfies PageSelection));
    await daemon.render(nothing, join(scratch, 'out'), contentDir, codeHash);
  } catch (err) {
    log?.warn({ err }, 'publish: the render daemon\'s first render failed; the first publish renders from cold');
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Reads every content file's names once (see namesIn), yielding to the event loop as it goes. */
async function warmNames(contentDir: string): Promise<void> {
  if (!existsSync(contentDir)) return;
  let seen = 0;
  for (const type of await readdir(contentDir)) {
    const dir = join(contentDir, type);
    if (type === 'site' || !statSync(dir).isDirectory()) continue;
    for (const f of await readdir(dir)) {
      if (!f.endsWith('.json')) continue;
      if (++seen % 500 === 0) await new Promise((r) => setImmediate(r));
      await namesIn(join(dir, f));
    }
  }
}

/** Stops the render daemon (tests, the bench; a process exit kills it anyway). */
export async function closeRenderDaemon(): Promise<void> {
  const d = daemon;
  daemon = undefined;
  await d?.close();
}

export const defaultTools: PublishTools = {
  render: (selectionFile, outDir, contentDir, log) => renderWithDaemon(selectionFile, outDir, contentDir, log),
  // The search index follows the pages in the background, at the lowest priority, and paused
  // while a publish renders and merges: it reads the whole site, and the next publish must not
  // wait for it (ADR 0049).
  index: (siteDir, outDir) =>
    runTool(process.execPath, [join(root, 'node_modules/pagefind/lib/runner/bin.cjs'), '--site', siteDir, '--output-path', outDir, '--silent'], {}, {
      niceness: 19,
      started: trackSearchIndexRun,
    }),
  buildAll: (dirs, log) => buildSite(dirs, { quiet: true, log }),
};

/**
 * Removes whole builds (tens of thousands of files at 20,000 experiences) in a child process at
 * the lowest priority: in this process they queued tens of thousands of unlinks on libuv's four
 * threads, ahead of every file the server and the next publish read meanwhile (issue 14).
 */
const removeTree = (...paths: string[]) => runTool('rm', ['-rf', '--', ...paths], {}, { niceness: 19 });

/** Work a publish leaves running after it returns (removing old builds, the spare copy). */
const background = new Set<Promise<unknown>>();
function inBackground(work: Promise<unknown>) {
  const tracked = work.catch(() => {}).finally(() => background.delete(tracked));
  background.add(tracked);
}
/** Resolves once the work publishes left running has ended (tests, before removing their folders). */
export async function publishesSettled(): Promise<void> {
  while (background.size > 0) await Promise.all(background);
}

/** One at a time: cloning the live build and writing into it never overlap. */
function mutex() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const result = tail.then(fn, fn);
    tail = result.catch(() => {});
    return result;
  };
}

const liveDirOf = async (distDir: string) => resolve(dirname(distDir), await readlink(distDir));

/**
 * Puts a fresh search index into the live build: new files first, then the entry file by
 * rename, so a reader loads the old index or the new one whole. Replaced files lose their stale
 * precompressed copies; old fragments stay until the next full build (they are content-hashed).
 */
export async function applySearchIndex(liveDir: string, indexDir: string): Promise<number> {
  const ENTRY = 'pagefind-entry.json';
  const target = join(liveDir, 'pagefind');
  await mkdir(target, { recursive: true });
  let written = 0;
  const put = async (rel: string) => {
    const data = await readFile(join(indexDir, rel));
    const to = join(target, rel);
    if (existsSync(to) && (await readFile(to)).equals(data)) return;
    await mkdir(dirname(to), { recursive: true });
    for (const ext of ['.br', '.gz']) await rm(`${to}${ext}`, { force: true });
    await replaceFile(to, data);
    written++;
  };
  for await (const rel of walk(indexDir)) if (rel !== ENTRY) await put(rel);
  if (existsSync(join(indexDir, ENTRY))) await put(ENTRY);
  return written;
}

export function createSitePublisher(opts: {
  db: Db;
  config: Config;
  log: Logger;
  /** false: only pull (the API child of `npm run dev`). */
  build?: boolean;
  tools?: PublishTools;
  /** Brings the content cache up to date (default: the change feed, in process). */
  pull?: (contentDir: string) => Promise<Record<string, number>>;
}): SiteBuilder & {
  lastTimings: PublishTimings;
  /** Resolves when the search index has caught up with the last publish. */
  searchIndexed: () => Promise<void>;
} {
  const pull =
    opts.pull ??
    (() => {
      const get = inProcessGet(createApp({ db: opts.db, config: opts.config, log: opts.log, rateLimitStore: new MemoryRateLimitStore() }), opts.config);
      return (contentDir: string) => pullContent({ get, contentDir });
    })();
  const tools = opts.tools ?? defaultTools;
  const dirs = { distDir: resolve(opts.config.distDir), contentDir: resolve(opts.config.contentDir) };
  const buildsDir = `${dirs.distDir}-builds`;
  const timings: PublishTimings = {};
  const exclusive = mutex();
  let lapStart = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - lapStart);
    lapStart = now;
  };

  // The search index follows the pages: rebuilt in the background after a publish went live,
  // again if another publish went live meanwhile.
  let indexing: Promise<void> | null = null;
  /** Bumped by a full build: an index run of an earlier epoch is dropped, not applied. */
  let indexEpoch = 0;
  /** The build the running search index reads (kept until it is done). */
  let indexedDir: string | undefined;
  let indexAgain = false;
  function reindexSearch() {
    if (indexing) {
      indexAgain = true;
      return;
    }
    indexing = (async () => {
      do {
        indexAgain = false;
        const t = performance.now();
        const out = join(buildsDir, `search-${Date.now()}`);
        const epoch = indexEpoch;
        try {
          indexedDir = await liveDirOf(dirs.distDir);
          await tools.index(indexedDir, out).catch((err: unknown) => {
            if (epoch === indexEpoch) throw err;
          });
          if (epoch !== indexEpoch) {
            opts.log.info('publish: a full build wrote the search index; this run of the older site is dropped');
            continue;
          }
          const written = await exclusive(async () => {
            const live = await liveDirOf(dirs.distDir);
            // The spare copy of the live build gets it too: the next publish's build starts
            // from the spare, and must not bring back the index this one replaces.
            const copy = spare;
            if (copy?.of === live && (await copy.ready)) await applySearchIndex(copy.dir, out);
            return applySearchIndex(live, out);
          });
          timings['search-index'] = Math.round(performance.now() - t);
          opts.log.info({ written, ms: timings['search-index'] }, 'publish: search index updated');
        } catch (err) {
          opts.log.error({ err }, 'publish: the search index could not be updated; it stays as it was');
        } finally {
          indexedDir = undefined;
          await rm(out, { recursive: true, force: true });
        }
      } while (indexAgain);
    })().finally(() => {
      indexing = null;
    });
  }

  /**
   * A hard-linked copy of the live build, made in the background once a publish has swapped it
   * in, for the next publish to write into: cloning 24,000 pages (about 75,000 files) took 2.6 s
   * of a publish at 20,000 experiences (issue 14). Only a copy of the build live now is used.
   */
  let spare: { of: string; dir: string; ready: Promise<boolean> } | undefined;
  function prepareSpare(live: string) {
    const dir = join(buildsDir, `spare-${basename(live)}`);
    const previous = spare;
    const ready = (async () => {
      if (previous) {
        await previous.ready;
        await removeTree(previous.dir);
      }
      await runTool('cp', ['-al', live, dir], {});
      return true;
    })().catch(async (err: unknown) => {
      opts.log.warn({ err }, 'publish: no spare copy of the live build; the next publish makes its own');
      await removeTree(dir);
      return false;
    });
    spare = { of: live, dir, ready };
    inBackground(ready);
  }
  /** The spare copy, if it is one of `live` (else it is removed); it is the caller's then. */
  async function takeSpare(live: string): Promise<string | undefined> {
    const taken = spare;
    spare = undefined;
    if (!taken) return undefined;
    if ((await taken.ready) && taken.of === live) return taken.dir;
    await removeTree(taken.dir);
    return undefined;
  }

  async function full(t0: number) {
    // A full build writes its own search index: a run of the old site's (paused now) must not
    // put its older index over it afterwards, nor read builds the full build removes.
    indexEpoch++;
    signalIndexers('SIGKILL');
    // It removes every other build, and a spare copy of the old one would be of no use.
    await exclusive(async () => void (await takeSpare('')));
    const built = await exclusive(() => tools.buildAll(dirs, (l) => opts.log.debug(l.trim())));
    return { pages: built.pages, seconds: (performance.now() - t0) / 1000, mode: built.skipped ? 'unchanged' : 'full' };
  }

  return {
    lastTimings: timings,
    searchIndexed: async () => {
      while (indexing) await indexing;
    },
    publish: (all: PublishChange[]) => whileSearchIndexPaused(() => publishNow(all)),
    preview: (ref: ContentRef, record: unknown, runId: string) => whileSearchIndexPaused(() => previewNow(ref, record, runId)),
  };

  async function publishNow(all: PublishChange[]) {
    const t0 = performance.now();
    for (const k of Object.keys(timings)) delete timings[k];
    lapStart = t0;
    const requested = all.filter((c): c is ContentRef => !isSiteChange(c));
    const cached = requested.map((c) => readRecord(dirs.contentDir, c));
    const pulled = await pull(dirs.contentDir);
    lap('pull');
    opts.log.info({ changes: all.length, ...pulled }, 'publish: content pulled');
    if (opts.build === false) return { pages: 0, seconds: (performance.now() - t0) / 1000, mode: 'pull-only' };
    const live = existsSync(dirs.distDir) ? await liveDirOf(dirs.distDir).catch(() => undefined) : undefined;
    const liveCode = live && existsSync(join(live, CODE_HASH_FILE)) ? readFileSync(join(live, CODE_HASH_FILE), 'utf8').trim() : undefined;
    if (!live || !liveCode || liveCode !== codeInputsHash()) {
      opts.log.info('publish: no live build of this code; building everything');
      return full(t0);
    }
    if (requested.length < all.length) {
      // Site settings feed the header and footer of every page: everything is built again.
      opts.log.info('publish: site settings changed; building everything');
      return full(t0);
    }
    const contentHash = buildInputsHash(dirs);
    // The records this run renders: every one the cache has and the live build may not show
    // (pulled by this run, by an earlier run whose build failed, or by the pull of a run that
    // published before this one was requested), with the record as the live build showed it;
    // then the requested ones (their cached copy before this pull is what the live build shows).
    const changes = readPending(dirs.contentDir);
    const seen = new Set(changes.map((c) => `${c.type}\0${c.key}`));
    requested.forEach((c, i) => seen.has(`${c.type}\0${c.key}`) || changes.push({ ...c, before: cached[i] }));
    if (changes.length > MAX_INCREMENTAL_RECORDS) {
      // A pull from scratch (an unreadable pull state) or a bulk import: one full build costs
      // less than working out and rendering the pages of thousands of records.
      opts.log.info({ records: changes.length }, 'publish: too many records for an incremental build; building everything');
      return full(t0);
    }
    const withAfter = changes.map((c) => ({ ...c, after: readRecord(dirs.contentDir, c) }));
    if (headerPromoChanged(dirs.contentDir, withAfter)) {
      opts.log.info('publish: the header\'s best-of promo changed; building everything');
      return full(t0);
    }
    const referrers = await referrersOf(dirs.contentDir, withAfter);
    const selection = mergeSelections(withAfter.map((c, i) => affectedPages({ ...c, referrers: referrers[i]! })));
    lap('impact');
    const stamp = `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 6)}`;
    const staging = join(buildsDir, `staging-${stamp}`);
    const clone = join(buildsDir, `build-${stamp}`);
    const selectionFile = `${staging}.pages.json`;
    await mkdir(buildsDir, { recursive: true });
    await writeFile(selectionFile, JSON.stringify(selection));
    try {
      await tools.render(selectionFile, staging, dirs.contentDir, opts.log);
      lap('render');
      const result = await exclusive(async () => {
        const current = await liveDirOf(dirs.distDir);
        const spareCopy = await takeSpare(current);
        if (spareCopy) await rename(spareCopy, clone);
        else await runTool('cp', ['-al', current, clone], {});
        lap('clone');
        const merged = await mergeStaged(clone, staging, selection);
        lap('merge');
        await precompressFiles(clone, merged.written);
        lap('precompress');
        await replaceFile(join(clone, HASH_FILE), contentHash);
        const previous = await swapIn(dirs.distDir, buildsDir, clone);
        clearPending(dirs.contentDir, changes);
        lap('swap');
        // Keep the previous build for requests still streaming from it; drop older ones, after
        // the lock (removing a build of 24,000 pages takes seconds; the next publish need not
        // wait for it). (Nor the one the search index is reading: a later publish removes it.)
        const stale = (await readdir(buildsDir)).map((name) => join(buildsDir, name)).filter((p) => basename(p).startsWith('build-') && p !== clone && p !== previous && p !== indexedDir);
        if (stale.length > 0) inBackground(removeTree(...stale));
        prepareSpare(clone);
        return merged;
      });
      opts.log.info({ pages: result.written.length, removed: result.removed.length, selection, timings }, 'publish: pages swapped in');
      reindexSearch();
      return { pages: result.written.length, seconds: (performance.now() - t0) / 1000, mode: 'incremental' };
    } catch (err) {
      await removeTree(clone);
      throw err;
    } finally {
      await rm(staging, { recursive: true, force: true });
      await rm(selectionFile, { force: true });
    }
  }

  /**
   * Renders a draft as its public page would be: the content cache cloned with hard links, the
   * draft written over the record's file, the record's own pages rendered (the render daemon)
   * into `<dist>-previews/<runId>/`, served at `/_preview/<runId>/…` (server/site.ts). The run
   * id (128 random bits) is the capability; preview pages are never indexed.
   */
  async function previewNow(ref: ContentRef, record: unknown, runId: string) {
    if (!/^[A-Za-z0-9_-]{8,64}$/.test(runId)) throw new Error(`preview: bad run id ${runId}`);
    const previewsDir = `${dirs.distDir}-previews`;
    const content = join(previewsDir, `content-${runId}`);
    const out = join(previewsDir, runId);
    const selectionFile = `${content}.pages.json`;
    await mkdir(previewsDir, { recursive: true });
    try {
      await runTool('cp', ['-al', dirs.contentDir, content], {});
      const file = join(content, ref.type, fileNameOf(ref.key));
      await mkdir(dirname(file), { recursive: true });
      await rm(file, { force: true });
      await writeFile(file, stableJson(record));
      const own = ownPages(ref.type, ref.key, record as Record<string, unknown>);
      await writeFile(selectionFile, JSON.stringify(own));
      await tools.render(selectionFile, out, content, opts.log);
    } catch (err) {
      await rm(out, { recursive: true, force: true });
      throw err;
    } finally {
      await rm(content, { recursive: true, force: true });
      await rm(selectionFile, { force: true });
    }
    // Keep the newest previews only.
    const all = (await readdir(previewsDir)).filter((n) => !n.startsWith('content-'));
    const dated = await Promise.all(all.map(async (n) => ({ n, t: (await stat(join(previewsDir, n))).mtimeMs })));
    for (const { n } of dated.sort((a, b) => b.t - a.t).slice(20)) await rm(join(previewsDir, n), { recursive: true, force: true });
    const first = own0(ref);
    return { url: `/_preview/${runId}${first}` };
  }
}

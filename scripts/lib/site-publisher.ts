// The static site's builder for the publish queue (services/publish.ts SiteBuilder), given to
// the worker by the process that owns dist (scripts/start.ts, and so the e2e server; the API
// child of `npm run dev` only pulls). ADR 0025.
//
// A publish, incrementally:
//   1. reads the changed records as the live build has them, pulls the change feed, reads them
//      again: the records before and after;
//   2. works out the pages they touch (publish-impact.ts) and renders only those, with the
//      static routes (home, sitemap.xml, RSS, info pages), by `astro build` into a staging
//      folder with VERDANT_ONLY_PAGES (src/components/render-only.ts);
//   3. clones the live build with hard links (`cp -al`: no page is copied), replaces the
//      selected pages with the staged ones, removes selected pages that are gone (unpublished),
//      re-indexes search (pagefind) over the clone, precompresses what changed, and swaps the
//      dist symlink with one rename().
// Any failure before the swap leaves the live site as it was. Without a live build, or when
// the storefront's code changed since it, a publish is a full build (build-site.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, readlink, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import type { Logger } from 'pino';
import { createApp } from '../../src/server/app.ts';
import type { Config } from '../../src/server/config.ts';
import type { Db } from '../../src/server/db/client.ts';
import { MemoryRateLimitStore } from '../../src/server/providers/rate-limit.ts';
import type { SiteBuilder } from '../../src/server/services/publish.ts';
import type { ContentRef } from '../../src/contract/publish.ts';
import type { ContentType } from '../../src/contract/content-changes.ts';
import { isSelectedPage, type PageSelection } from '../../src/lib/page-selection.ts';
import { inProcessGet } from './api-access.ts';
import { buildInputsHash, buildSite, codeInputsHash, currentBuildHash, precompressFiles, runTool, swapIn, HASH_FILE, CODE_HASH_FILE } from './build-site.ts';
import { affectedPages, embeddingTypes, mergeSelections, referenceNeedle } from './publish-impact.ts';
import { fileNameOf, pullContent } from './pull-content.ts';

const root = resolve(import.meta.dirname, '../..');
type Rec = Record<string, unknown>;

function readRecord(contentDir: string, ref: ContentRef): Rec | undefined {
  try {
    return JSON.parse(readFileSync(join(contentDir, ref.type, fileNameOf(ref.key)), 'utf8')) as Rec;
  } catch {
    return undefined;
  }
}

/** Records of the embedding types whose JSON names the record (referenceNeedle). */
function referrersOf(contentDir: string, ref: ContentRef): { type: ContentType; key: string; record: Rec }[] {
  const needle = referenceNeedle(ref.type, ref.key);
  const out: { type: ContentType; key: string; record: Rec }[] = [];
  for (const type of embeddingTypes(ref.type)) {
    const dir = join(contentDir, type);
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir)) {
      if (!f.endsWith('.json')) continue;
      const text = readFileSync(join(dir, f), 'utf8');
      if (!text.includes(needle)) continue;
      const key = f.slice(0, -5).replace(/__/g, '/');
      if (type === ref.type && key === ref.key) continue;
      out.push({ type, key, record: JSON.parse(text) as Rec });
    }
  }
  return out;
}

/** The page path of a built file (`cities/x/index.html` → `/cities/x`, `sitemap.xml` → `/sitemap.xml`). */
export function pageOfFile(rel: string): string {
  const p = `/${rel.replace(/\\/g, '/')}`.replace(/\/index\.html$/, '').replace(/\.html$/, '');
  return p || '/';
}

async function* walk(dir: string, base = dir): AsyncGenerator<string> {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* walk(p, base);
    else yield relative(base, p);
  }
}

const PAGE_FILE = /\.(html|xml|txt)$/;

/** Writes a new file over `path` by rename: a hard-linked old copy (the live build's) is untouched. */
async function replaceFile(path: string, data: string | Buffer) {
  const tmp = `${path}.publish-tmp`;
  await writeFile(tmp, data);
  await rename(tmp, path);
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
  for await (const rel of walk(clone)) {
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

export function createSitePublisher(opts: { db: Db; config: Config; log: Logger; build?: boolean }): SiteBuilder & { lastTimings: PublishTimings } {
  const app = createApp({ db: opts.db, config: opts.config, log: opts.log, rateLimitStore: new MemoryRateLimitStore() });
  const get = inProcessGet(app, opts.config);
  const dirs = { distDir: resolve(opts.config.distDir), contentDir: resolve(opts.config.contentDir) };
  const timings: PublishTimings = {};
  let lapStart = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - lapStart);
    lapStart = now;
  };

  async function full(t0: number) {
    const built = await buildSite(dirs, { quiet: true, log: (l) => opts.log.debug(l.trim()) });
    return { pages: built.pages, seconds: (performance.now() - t0) / 1000, mode: built.skipped ? 'unchanged' : 'full' };
  }

  const publisher = {
    lastTimings: timings,
    async publish(changes: ContentRef[]) {
      const t0 = performance.now();
      for (const k of Object.keys(timings)) delete timings[k];
      lapStart = t0;
      const before = changes.map((c) => readRecord(dirs.contentDir, c));
      const pulled = await pullContent({ get, contentDir: dirs.contentDir });
      lap('pull');
      opts.log.info({ changes: changes.length, ...pulled }, 'publish: content pulled');
      if (opts.build === false) return { pages: 0, seconds: (performance.now() - t0) / 1000, mode: 'pull-only' };
      const live = existsSync(dirs.distDir) ? resolve(dirname(dirs.distDir), await readlink(dirs.distDir).catch(() => dirs.distDir)) : undefined;
      const liveCode = live ? readFileSync(join(live, CODE_HASH_FILE), 'utf8').trim() : undefined;
      if (!live || !liveCode || liveCode !== codeInputsHash()) {
        opts.log.info('publish: no live build of this code; building everything');
        return full(t0);
      }
      const contentHash = buildInputsHash(dirs);
      if (currentBuildHash(dirs.distDir) === contentHash) return { pages: 0, seconds: (performance.now() - t0) / 1000, mode: 'unchanged' };

      const selection = mergeSelections(
        changes.map((c, i) =>
          affectedPages({ type: c.type, key: c.key, before: before[i], after: readRecord(dirs.contentDir, c), referrers: referrersOf(dirs.contentDir, c) }),
        ),
      );
      lap('impact');
      const buildsDir = `${dirs.distDir}-builds`;
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const staging = join(buildsDir, `staging-${stamp}`);
      const clone = join(buildsDir, `build-${stamp}`);
      const selectionFile = `${staging}.pages.json`;
      await mkdir(buildsDir, { recursive: true });
      await writeFile(selectionFile, JSON.stringify(selection));
      try {
        await runTool(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--silent'], {
          VERDANT_OUT_DIR: staging,
          VERDANT_CONTENT_DIR: dirs.contentDir,
          VERDANT_ONLY_PAGES: selectionFile,
          NODE_ENV: 'production',
        });
        lap('render');
        await runTool('cp', ['-al', live, clone], {});
        lap('clone');
        const merged = await mergeStaged(clone, staging, selection);
        lap('merge');
        // The clone's pagefind files are links to the live ones: pagefind must write new files.
        await rm(join(clone, 'pagefind'), { recursive: true, force: true });
        await runTool(process.execPath, [join(root, 'node_modules/pagefind/lib/runner/bin.cjs'), '--site', clone, '--silent'], {});
        lap('search-index');
        await precompressFiles(clone, [...merged.written, ...(await pagefindFiles(clone))]);
        lap('precompress');
        await replaceFile(join(clone, HASH_FILE), contentHash);
        const previous = await swapIn(dirs.distDir, buildsDir, clone);
        lap('swap');
        for (const name of await readdir(buildsDir)) {
          const p = join(buildsDir, name);
          if (p !== clone && p !== previous && !p.startsWith(staging)) await rm(p, { recursive: true, force: true });
        }
        opts.log.info({ pages: merged.written.length, removed: merged.removed.length, selection, timings }, 'publish: pages swapped in');
        return { pages: merged.written.length, seconds: (performance.now() - t0) / 1000, mode: 'incremental' };
      } catch (err) {
        await rm(clone, { recursive: true, force: true });
        throw err;
      } finally {
        await rm(staging, { recursive: true, force: true });
        await rm(selectionFile, { force: true });
      }
    },
    async preview() {
      throw new Error('Preview rendering is not available yet');
    },
  };
  return publisher;
}

/** pagefind's files written after the last precompress (not yet compressed). */
async function pagefindFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const pf = join(dir, 'pagefind');
  if (!existsSync(pf)) return out;
  for await (const rel of walk(pf)) {
    if (rel.endsWith('.br') || rel.endsWith('.gz')) continue;
    const f = join(pf, rel);
    if (!existsSync(`${f}.br`) || (await stat(`${f}.br`)).mtimeMs < (await stat(f)).mtimeMs) out.push(join('pagefind', rel));
  }
  return out;
}

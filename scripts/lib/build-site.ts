// Builds the storefront beside the live one and swaps it in atomically:
// astro build (one process per core) → pagefind beside precompression (brotli + gzip) → dist
// symlink replaced by rename().
// A build is skipped when nothing it reads (content-cache, storefront code, public) changed.
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism, setPriority } from 'node:os';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, readFileSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { mkdir, readdir, readFile, readlink, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zc, gzip } from 'node:zlib';
import { clearPending, readPending } from './pending-changes.ts';

const root = resolve(import.meta.dirname, '../..');
export const HASH_FILE = '.verdant-build-hash';
/** The hash of the code inputs alone: an incremental publish needs a live build of this code. */
export const CODE_HASH_FILE = '.verdant-code-hash';
const BUILD_NICENESS = 10;
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.xml', '.txt', '.svg', '.webmanifest']);

/** What a build reads besides the content: the storefront's code and assets (not src/server). */
const CODE_INPUTS = ['src', 'public', 'astro.config.mjs', 'scripts/lib/render-daemon-integration.ts', 'scripts/lib/page-stylesheets.ts', 'scripts/lib/content-sync-lock.ts', 'package-lock.json', 'tsconfig.json'];

export type SiteDirs = {
  /** The symlink the server reads (default dist/). */
  distDir: string;
  /** The pulled content the build reads (default content-cache/). */
  contentDir: string;
};

/**
 * The digest of each input file, kept while the file is the same (inode, size, mtime): a publish
 * hashes the inputs again, and at 20,000 experiences reading every record of the content cache
 * took it about a second, with the event loop blocked (issue 14). Writers replace files by
 * rename, so a changed file has a new inode.
 */
const digests = new Map<string, { stamp: string; digest: Buffer }>();

/** A file's version: its inode, size and mtime (a file replaced by rename has a new inode). */
export const fileVersion = (st: Stats): string => `${st.ino}:${st.size}:${st.mtimeMs}`;

function digestOf(path: string, st: Stats): Buffer {
  const stamp = fileVersion(st);
  const known = digests.get(path);
  if (known?.stamp === stamp) return known.digest;
  const digest = createHash('sha256').update(readFileSync(path)).digest();
  digests.set(path, { stamp, digest });
  return digest;
}

function hashInputs(contentDir: string | undefined): string {
  const h = createHash('sha256');
  const walk = (p: string) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      if (p === join(root, 'src/server')) return;
      for (const e of readdirSync(p).sort()) walk(join(p, e));
    } else if (!/\.test\.tsx?$/.test(p) && !basename(p).startsWith('.')) {
      h.update(`${relative(root, p)}\0${st.size}\0`).update(digestOf(p, st));
    }
  };
  for (const i of CODE_INPUTS) walk(join(root, i));
  if (contentDir) walk(contentDir);
  // Public build-time settings (site URL, API key, analytics ids) are inputs too.
  for (const [k, v] of Object.entries(process.env).filter(([k]) => k.startsWith('PUBLIC_')).sort()) h.update(`${k}=${v}\0`);
  return h.digest('hex');
}

export const buildInputsHash = (dirs: SiteDirs): string => hashInputs(dirs.contentDir);
export const codeInputsHash = (): string => hashInputs(undefined);

export function currentBuildHash(distDir: string): string | undefined {
  try {
    return readFileSync(join(distDir, HASH_FILE), 'utf8').trim();
  } catch {
    return undefined;
  }
}

export type ToolOptions = {
  /** Its scheduling priority (default: a build's, 10). */
  niceness?: number;
  /** Runs it in a process group of its own, handed over once started (to pause it whole). */
  started?: (child: ChildProcess) => void;
};

/** Runs a tool quietly (its output in the error if it fails), at a build's priority. */
export function runTool(cmd: string, args: string[], env: Record<string, string>, opts: ToolOptions = {}): Promise<void> {
  return run(cmd, args, env, true, opts);
}

function run(cmd: string, args: string[], env: Record<string, string>, quiet: boolean, opts: ToolOptions = {}): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', detached: opts.started !== undefined });
    // Builds run beside a serving API (a publish, a rebuild): at a lower priority, so requests
    // are answered first when the cores are busy. On an idle machine a build is as fast.
    if (child.pid) {
      try {
        setPriority(child.pid, opts.niceness ?? BUILD_NICENESS);
      } catch (err) {
        process.emitWarning(`could not lower the priority of ${basename(cmd)} ${args[0] ?? ''}: ${String(err)}`);
      }
      opts.started?.(child);
    }
    let output = '';
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolvePromise() : reject(new Error(`${args.join(' ')} exited with ${code}\n${output.slice(-4000)}`)),
    );
  });
}

/** Every file under `dir`, recursively, as a full path. */
export async function* walkFiles(dir: string, skip?: string): AsyncGenerator<string> {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (p === skip) continue;
    if (e.isDirectory()) yield* walkFiles(p, skip);
    else yield p;
  }
}

const br = promisify(brotliCompress);
const gz = promisify(gzip);

/** Precompresses a build's files, but not under `skip` (a folder another process is writing). */
export async function precompress(dir: string, skip?: string): Promise<number> {
  const files: string[] = [];
  const skipped = skip === undefined ? undefined : join(dir, skip);
  for await (const f of walkFiles(dir, skipped)) if (COMPRESSIBLE.has(extname(f))) files.push(f);
  return compressAll(files);
}

/** Precompresses some files of a build (paths relative to it). */
export function precompressFiles(dir: string, rels: string[]): Promise<number> {
  return compressAll(rels.filter((r) => COMPRESSIBLE.has(extname(r))).map((r) => join(dir, r)));
}

async function compressAll(files: string[]): Promise<number> {
  let i = 0;
  const worker = async () => {
    while (i < files.length) {
      const f = files[i++]!;
      const data = await readFile(f);
      if (data.length < 512) continue;
      const [b, g] = await Promise.all([
        // Pages are many and rebuilt often: brotli 4 and gzip 4 cost 40% less time than 5 and 6
        // for 6% and 4% more bytes (measured on experience pages), and far less than 10 or 11.
        // Hashed assets are few and cached for a year: they get the best compression.
        br(data, { params: { [zc.BROTLI_PARAM_QUALITY]: f.includes('/_astro/') ? 11 : 4, [zc.BROTLI_PARAM_SIZE_HINT]: data.length } }),
        gz(data, { level: f.includes('/_astro/') ? 9 : 4 }),
      ]);
      await writeFile(`${f}.br`, b);
      await writeFile(`${f}.gz`, g);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return files.length;
}

/** Points dist at the new build with one rename(), so readers see the old or the new site. */
export async function swapIn(distDir: string, buildsDir: string, buildDir: string) {
  if (existsSync(distDir) && !lstatSync(distDir).isSymbolicLink()) await rename(distDir, join(buildsDir, `legacy-${Date.now()}`));
  const previous = existsSync(distDir) ? resolve(dirname(distDir), await readlink(distDir)) : undefined;
  const tmp = `${distDir}.swap-${process.pid}`;
  await rm(tmp, { force: true });
  await symlink(relative(dirname(distDir), buildDir), tmp);
  await rename(tmp, distDir);
  return previous;
}

/**
 * How many processes render a full build: one per core (at most 4), or VERDANT_BUILD_SHARDS.
 * Astro renders pages one after another in one thread, so a page-heavy build used one core.
 */
export function buildShards(): number {
  const asked = Number(process.env['VERDANT_BUILD_SHARDS']);
  return Number.isInteger(asked) && asked >= 1 ? asked : Math.min(availableParallelism(), 4);
}

/**
 * Renders every page into `dir`. With several shards each process renders the paths of its
 * share (VERDANT_SHARD, src/components/render-only.ts) into its own folder inside the project
 * (Astro puts its server bundle beside the output, and that bundle must resolve node_modules),
 * and the folders are merged into `dir` by renames. Each shard bundles the code again (the
 * fixed cost of a build, in parallel); the few pages without parameters render in every shard
 * and come out identical.
 */
async function renderPages(dir: string, contentDir: string, shards: number, quiet: boolean): Promise<void> {
  const astro = [join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--silent'];
  const env = { VERDANT_CONTENT_DIR: contentDir, NODE_ENV: 'production' };
  if (shards <= 1) return run(process.execPath, astro, { ...env, VERDANT_OUT_DIR: dir }, quiet);
  const parts = Array.from({ length: shards }, (_, i) => join(root, '.astro', 'build-shards', `${basename(dir)}-${i}`));
  // The shards sync the content layer one after another (scripts/lib/content-sync-lock.ts).
  try {
    // Every shard ends before anything is removed: a failed one must not pull the folder from
    // under another that still writes.
    const done = await Promise.allSettled(parts.map((out, i) => rm(out, { recursive: true, force: true }).then(() => run(process.execPath, astro, { ...env, VERDANT_OUT_DIR: out, VERDANT_SHARD: `${i}/${shards}` }, quiet))));
    const failed = done.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    await mkdir(dir, { recursive: true });
    for (const out of parts) await mergeInto(out, dir);
  } finally {
    await Promise.all(parts.map((out) => rm(out, { recursive: true, force: true })));
  }
}

/** Moves every file of `from` into `to`: a folder `to` lacks moves whole, a file replaces its copy. */
async function mergeInto(from: string, to: string): Promise<void> {
  for (const e of await readdir(from, { withFileTypes: true })) {
    const src = join(from, e.name);
    const dest = join(to, e.name);
    if (e.isDirectory() && existsSync(dest)) await mergeInto(src, dest);
    else await rename(src, dest);
  }
}

export type BuildResult = { skipped: boolean; seconds: number; pages: number; dir: string };

export async function buildSite(
  dirs: SiteDirs,
  opts: { force?: boolean; quiet?: boolean; log?: (line: string) => void } = {},
): Promise<BuildResult> {
  const log = opts.log ?? ((l: string) => console.log(l));
  const started = performance.now();
  const distDir = resolve(dirs.distDir);
  const buildsDir = `${distDir}-builds`;
  // The records pending before the build reads the cache are the ones it will show.
  const shown = readPending(dirs.contentDir);
  const hash = buildInputsHash(dirs);
  if (!opts.force && currentBuildHash(distDir) === hash) {
    clearPending(dirs.contentDir, shown); // the live build was made from this very content
    return { skipped: true, seconds: 0, pages: 0, dir: distDir };
  }
  await mkdir(buildsDir, { recursive: true });
  const dir = join(buildsDir, `build-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  const node = process.execPath;
  const shards = buildShards();
  log(shards > 1 ? `  astro build (${shards} processes)…` : '  astro build…');
  let stage = performance.now();
  const took = () => `${((performance.now() - stage) / 1000).toFixed(1)} s`;
  await renderPages(dir, resolve(dirs.contentDir), shards, opts.quiet ?? true);
  log(`  astro build: ${took()}`);
  stage = performance.now();
  // pagefind reads the pages while their compressed copies are written beside them (it reads
  // *.html only); then its own index files are compressed.
  log('  pagefind index, precompressing…');
  await Promise.all([run(node, [join(root, 'node_modules/pagefind/lib/runner/bin.cjs'), '--site', dir, '--silent'], {}, opts.quiet ?? true), precompress(dir, 'pagefind')]);
  await precompress(join(dir, 'pagefind'));
  log(`  pagefind index, precompressing: ${took()}`);
  let pages = 0;
  for await (const f of walkFiles(dir)) if (f.endsWith('.html')) pages++;
  writeFileSync(join(dir, HASH_FILE), hash);
  writeFileSync(join(dir, CODE_HASH_FILE), codeInputsHash());
  const previous = await swapIn(distDir, buildsDir, dir);
  clearPending(dirs.contentDir, shown);
  // Keep the previous build for requests still streaming from it; drop older ones.
  for (const name of await readdir(buildsDir)) {
    const p = join(buildsDir, name);
    if (p !== dir && p !== previous) await rm(p, { recursive: true, force: true });
  }
  return { skipped: false, seconds: (performance.now() - started) / 1000, pages, dir };
}

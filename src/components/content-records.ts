// The content cache as pages read it (ADR 0025, 0049): `<dir>/<type>/<key>.json` detail records
// and `<dir>/site/*.json` singletons, written by `npm run pull` (scripts/lib/pull-content.ts),
// each validated with the contract's schema so a page never renders a shape the contract does
// not promise.
//
// Read here at render time rather than through Astro's content layer: the layer serialises
// every collection into a data store inlined into the build's server bundle, so a bundle kept
// between publishes (the render daemon, scripts/lib/render-daemon.ts) would render yesterday's
// records. `once` memoises per render generation: the daemon starts a new one before each
// render, `npm run dev` whenever a pull has changed the cache, a build has just one.
import { statSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { z } from 'zod';

/** The content cache this render reads (the daemon points it at a preview's copy, too). */
export const contentDir = (): string => resolve(process.env['VERDANT_CONTENT_DIR'] ?? 'content-cache');

const GENERATION = Symbol.for('verdant.renderGeneration');
type WithGeneration = { [GENERATION]?: number };

/** The current render generation (0 in a build, which renders once). */
export const renderGeneration = (): number => (globalThis as WithGeneration)[GENERATION] ?? 0;

/** Starts a new render generation: every `once` loads again, and `renderOnly` re-reads its selection. */
export function nextRenderGeneration(): number {
  return ((globalThis as WithGeneration)[GENERATION] = renderGeneration() + 1);
}

/** When the content cache last changed: every pull writes its state file last. */
function pullStamp(): number {
  try {
    return statSync(join(contentDir(), '.pull-state.json')).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * Loads once per render generation. Under `npm run dev` the value is also dropped when a pull
 * (a publish from the back-office) has changed the content cache since, so the next page shows it.
 */
export const once = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let cached: Promise<T> | undefined;
  let key: string | undefined;
  return () => {
    const now = import.meta.env.DEV ? `${renderGeneration()}:${pullStamp()}` : String(renderGeneration());
    if (now !== key) {
      key = now;
      cached = undefined;
    }
    return (cached ??= load());
  };
};

/** A record that does not match the contract stops the render with its file and first issues. */
function parse<S extends z.ZodType>(schema: S, raw: unknown, file: string): z.output<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(`${file} does not match the contract: ${parsed.error.issues.slice(0, 3).map((x) => `${x.path.join('.')}: ${x.message}`).join('; ')}`);
  }
  return parsed.data;
}

/**
 * Parsed records by their path inside the cache (`options/x.json`), kept while the file is the
 * same one (inode, size and modification time): the render daemon reads thousands of unchanged
 * records on every publish, and a pull replaces a changed record's file by rename. A preview's
 * copy of the cache is hard-linked, so its unchanged records are the same files and its draft a
 * new one (keyed by the path inside the cache, previews add no entries). Callers get the same
 * object for an unchanged file, as a content collection gives the same entry to every page of a
 * build: records are read, never changed.
 */
const parsedFiles = new Map<string, { ino: number; size: number; mtimeMs: number; schema: z.ZodType; data: unknown }>();

async function readParsed<S extends z.ZodType>(rel: string, schema: S): Promise<z.output<S> | undefined> {
  const file = join(contentDir(), rel);
  const st = await stat(file).catch(() => undefined);
  if (!st) {
    parsedFiles.delete(rel);
    return undefined;
  }
  const kept = parsedFiles.get(rel);
  if (kept && kept.ino === st.ino && kept.size === st.size && kept.mtimeMs === st.mtimeMs && kept.schema === schema) return kept.data as z.output<S>;
  const data = parse(schema, JSON.parse(await readFile(file, 'utf8')), file);
  parsedFiles.set(rel, { ino: st.ino, size: st.size, mtimeMs: st.mtimeMs, schema, data });
  return data;
}

/** Every record of `<type>/`, in file-name order. */
export async function readRecords<S extends z.ZodType>(type: string, schema: S): Promise<z.output<S>[]> {
  const dir = join(contentDir(), type);
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort();
  const out: z.output<S>[] = new Array(files.length);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const i = next++;
      const data = await readParsed(`${type}/${files[i]!}`, schema);
      if (data === undefined) throw new Error(`${join(dir, files[i]!)} went away while it was read`);
      out[i] = data;
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return out;
}

/** A `site/<name>.json` file: undefined when the cache has none. */
export function readSiteFile<S extends z.ZodType>(name: string, schema: S): Promise<z.output<S> | undefined> {
  return readParsed(`site/${name}.json`, schema);
}

/** A `site/<name>.json` file, required: a clear error names the command that fills the cache. */
export async function requireSiteFile<S extends z.ZodType>(name: string, schema: S): Promise<z.output<S>> {
  const data = await readSiteFile(name, schema);
  if (data === undefined) throw new Error(`The content cache has no site/${name}.json. Run \`npm run pull\` (or \`npm start\`) before building the storefront.`);
  return data;
}

// One stylesheet per page instead of one per shared chunk (docs/decisions/0054). Astro links a
// page's CSS as the chunks its components fell into: 4-10 files of 0.5-9 KB, each a request
// before the first paint. Before any page renders, the build's prerenderer
// (scripts/lib/render-daemon-integration.ts) hands each route's list to `combinePageStyles`, which
// writes the sheets of that list, in the order Astro would link them, as one file named after its
// content (`/_astro/page.<hash>.css`), and leaves the route that one sheet. The cascade is the
// same: the same rules in the same order. The files depend only on the bundle, so every build
// of the same code (a shard, the render daemon) names and writes the same ones.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

type Sheet = { type: 'external'; src: string } | { type: 'inline'; content: string };
/** A route's stylesheet as Astro's build keeps it (`pageData.styles`). */
export type StyleEntry = { depth: number; order: number; sheet: Sheet };
export type PageStyles = { styles: StyleEntry[] };

/** Astro's own order of a page's sheets (astro/dist/core/build/runtime.js `cssOrder`). */
export function cssOrder(a: StyleEntry, b: StyleEntry): number {
  if (a.order === -1 && b.order >= 0) return 1;
  if (b.order === -1 && a.order >= 0) return -1;
  if (a.order !== b.order) return a.order > b.order ? 1 : -1;
  if (a.depth === -1) return -1;
  if (b.depth === -1) return 1;
  return a.depth > b.depth ? -1 : 1;
}

const PREFIX = '/_astro/page.';

/**
 * Gives every route with two or more linked sheets (and none inline) one combined sheet, written
 * into `clientDir` (the build's output folder). Returns how many routes changed and how many
 * files were written.
 */
export async function combinePageStyles(pages: Iterable<PageStyles>, clientDir: string): Promise<{ routes: number; files: number }> {
  const written = new Map<string, string>(); // list of sources → combined src
  let routes = 0;
  for (const page of pages) {
    const sorted = [...page.styles].sort(cssOrder);
    const sources: string[] = [];
    for (const { sheet } of sorted) {
      if (sheet.type !== 'external' || sheet.src.startsWith(PREFIX)) break;
      sources.push(sheet.src);
    }
    if (sources.length < 2 || sources.length !== sorted.length) continue;
    const key = sources.join('\n');
    let src = written.get(key);
    if (!src) {
      const parts = await Promise.all(sources.map((s) => readFile(join(clientDir, s), 'utf8')));
      // Each sheet ends its last rule; a newline between them keeps a trailing comment closed.
      const css = parts.join('\n');
      src = `${PREFIX}${createHash('sha256').update(css).digest('base64url').slice(0, 10)}.css`;
      const file = join(clientDir, src);
      if (!existsSync(file)) {
        // Shards of one build write the same file at once: each writes its own copy and renames.
        const tmp = `${file}.${process.pid}.tmp`;
        await writeFile(tmp, css);
        await rename(tmp, file);
      }
      written.set(key, src);
    }
    page.styles.splice(0, page.styles.length, { depth: -1, order: -1, sheet: { type: 'external', src } });
    routes++;
  }
  return { routes, files: written.size };
}

// The site's search index (pagefind), built from the pages that ask to be searched
// (data-pagefind-body) only. Once one page carries the attribute pagefind skips every page
// without it, but its CLI still reads and parses all of them: at 20,000 experiences 24,000 pages,
// of which some 1,400 are indexed (landing pages, best-of lists, articles). So a byte scan finds
// those pages, hard links put them in a folder of their own at the same paths, and the CLI
// indexes that folder: the same index, byte for byte (search-index.test.ts), for a fraction of
// the parsing (issue 14).
//
//   node scripts/lib/search-index.ts <siteDir> <outDir> [<tree>]
// (a script, so that a publish can run it at a low priority and pause it whole: site-publisher.ts)
import { spawn } from 'node:child_process';
import { link, mkdir, readFile, readdir, rm } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '../..');
const MARK = Buffer.from('data-pagefind-body');

/** Hard-links every HTML page of `siteDir` that carries the mark into `tree`, at its own path. */
export async function linkSearchablePages(siteDir: string, tree: string): Promise<number> {
  let linked = 0;
  const walk = async (dir: string): Promise<void> => {
    for (const e of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) {
        if (path !== join(siteDir, 'pagefind')) await walk(path);
      } else if (e.name.endsWith('.html') && (await readFile(path)).includes(MARK)) {
        const to = join(tree, relative(siteDir, path));
        await mkdir(dirname(to), { recursive: true });
        await link(path, to);
        linked++;
      }
    }
  };
  await mkdir(tree, { recursive: true });
  await walk(siteDir);
  return linked;
}

/**
 * Writes the search index of the site in `siteDir` into `outDir`, by way of the folder `tree`
 * (made and removed here; outside the site); returns how many pages it indexed.
 */
export async function writeSearchIndex(siteDir: string, outDir: string, tree = `${resolve(outDir)}.pages`): Promise<number> {
  await rm(tree, { recursive: true, force: true });
  try {
    const pages = await linkSearchablePages(siteDir, tree);
    await new Promise<void>((resolvePromise, reject) => {
      const child = spawn(process.execPath, [join(root, 'node_modules/pagefind/lib/runner/bin.cjs'), '--site', tree, '--output-path', resolve(outDir), '--silent'], { stdio: 'inherit' });
      child.on('error', reject);
      child.on('exit', (code, signal) => (code === 0 ? resolvePromise() : reject(new Error(`pagefind exited with ${code ?? signal}`))));
    });
    return pages;
  } finally {
    await rm(tree, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [siteDir, outDir, tree] = process.argv.slice(2);
  if (!siteDir || !outDir) {
    console.error('usage: node scripts/lib/search-index.ts <siteDir> <outDir> [<tree>]');
    process.exit(2);
  }
  await writeSearchIndex(resolve(siteDir), resolve(outDir), tree && resolve(tree));
}

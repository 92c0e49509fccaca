// The built site's pages, as the checks that read it see them (`npm run size`, the HTML check):
// which dist folder, its HTML files, and the page template each one comes from.
import { readdirSync, realpathSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/**
 * The dist folder a check reads: `--e2e` the build the Playwright server made for E2E_PORT
 * (scripts/e2e-server.ts names it), `--dist <dir>`, else DIST_DIR or ./dist.
 */
export function distFromArgs(argv: string[]): string {
  const root = resolve(import.meta.dirname, '../..');
  const e2ePort = process.env['E2E_PORT'] ?? '4399';
  const distArg = argv.indexOf('--dist');
  return realpathSync(
    argv.includes('--e2e')
      ? resolve(root, e2ePort === '4399' ? '.e2e' : `.e2e-${e2ePort}`, 'dist')
      : distArg > 0 && argv[distArg + 1]
        ? resolve(argv[distArg + 1]!)
        : resolve(root, process.env['DIST_DIR'] ?? 'dist'),
  );
}

/** Template of a page: its path with slug segments folded into placeholders. */
const TEMPLATES: [RegExp, string][] = [
  [/^\/$/, '/'],
  [/^\/404$/, '/404'],
  [/^\/magazine\/a\/[^/]+$/, '/magazine/a/[slug]'],
  [/^\/magazine\/page\/\d+$/, '/magazine/page/[n]'],
  [/^\/magazine\/tags\/[^/]+\/page\/\d+$/, '/magazine/tags/[slug]/page/[n]'],
  [/^\/magazine\/[^/]+\/page\/\d+$/, '/magazine/[cate]/page/[n]'],
  [/^\/magazine\/[^/]+\/[^/]+\/page\/\d+$/, '/magazine/[cate]/[kind]/page/[n]'],
  [/^\/magazine\/[^/]+\/[^/]+\/[^/]+$/, '/magazine/[cate]/[kind]/[slug]'],
  [/^\/magazine\/tags\/[^/]+$/, '/magazine/tags/[slug]'],
  [/^\/magazine\/[^/]+\/[^/]+$/, '/magazine/[cate]/[kind]'],
  [/^\/magazine\/[^/]+$/, '/magazine/[cate]'],
  [/^\/(countries|cities)\/[^/]+\/tags\/[^/]+$/, '/$1/[slug]/tags/[tag]'],
  [/^\/(countries|cities)\/[^/]+\/([^/]+)$/, '/$1/[slug]/$2'],
  [/^\/(countries|cities|experiences|options|events|collections|operators|itineraries|best-of)\/[^/]+$/, '/$1/[slug]'],
  [/^\/collections\/[^/]+\/[^/]+$/, '/collections/[slug]/[sub]'],
  [/^\/best-of\/[^/]+\/[^/]+$/, '/best-of/[slug]/[item]'],
  [/^\/shells\/[^/]+$/, '$&'],
  [/^\/[a-z]{2}\/[^/]+\/[^/]+(\/[^/]+)?$/, '/[country]/[city]/[theme]'],
];

export function templateOf(path: string): string {
  for (const [re, name] of TEMPLATES) if (re.test(path)) return path.replace(re, name);
  return path;
}

/**
 * The built pages: file, URL path and template; not the assets, search index, Partytown or the
 * header menus' fragment (/menu/<hash>/, docs/decisions/0048: part of every page, not a page).
 */
export function builtPages(dist: string): { file: string; path: string; template: string }[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== '_astro' && e.name !== 'pagefind' && e.name !== '~partytown' && !(dir === dist && e.name === 'menu')) walk(p);
      } else if (e.name.endsWith('.html')) files.push(p);
    }
  };
  walk(dist);
  return files.map((file) => {
    const path = `/${relative(dist, file)}`.replace(/\/index\.html$/, '').replace(/\.html$/, '') || '/';
    return { file, path, template: templateOf(path) };
  });
}

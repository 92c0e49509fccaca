// `npm run size`: gzipped JavaScript a first-time visitor loads before any interaction, per
// built page template. Counts inline scripts, eager module scripts and their static import
// graph, and the component + renderer of islands that hydrate without interaction
// (client:load, client:only, client:idle, client:visible, client:media). client:interaction
// islands load nothing until touched. Fails when a content page is above the budget; static
// shells of per-user pages (/shells/*) are reported but are not content pages.
import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET = 30 * 1024;
const distArg = process.argv.indexOf('--dist');
/** `--e2e`: the build the Playwright server made for E2E_PORT (scripts/e2e-server.ts names it). */
const e2ePort = process.env['E2E_PORT'] ?? '4399';
const e2eDist = resolve(import.meta.dirname, '..', e2ePort === '4399' ? '.e2e' : `.e2e-${e2ePort}`, 'dist');
const dist = realpathSync(
  process.argv.includes('--e2e')
    ? e2eDist
    : distArg > 0 && process.argv[distArg + 1]
      ? resolve(process.argv[distArg + 1]!)
      : resolve(import.meta.dirname, '..', process.env['DIST_DIR'] ?? 'dist'),
);

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

function templateOf(path: string): string {
  for (const [re, name] of TEMPLATES) if (re.test(path)) return path.replace(re, name);
  return path;
}

function htmlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== '_astro' && e.name !== 'pagefind' && e.name !== '~partytown') out.push(...htmlFiles(p));
    } else if (e.name.endsWith('.html')) out.push(p);
  }
  return out;
}

const gz = (s: string | Buffer) => gzipSync(s, { level: 9 }).length;
const moduleCache = new Map<string, string>();

function readModule(urlPath: string): string {
  const cached = moduleCache.get(urlPath);
  if (cached !== undefined) return cached;
  const file = join(dist, urlPath.split('?')[0]!);
  const text = statSync(file, { throwIfNoEntry: false }) ? readFileSync(file, 'utf8') : '';
  moduleCache.set(urlPath, text);
  return text;
}

/** The module and everything it imports statically (dynamic import() loads later). */
function importGraph(entry: string, seen: Set<string>) {
  if (seen.has(entry)) return;
  seen.add(entry);
  const code = readModule(entry);
  const re = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{},\s]+?\s*from\s*)?["']([^"']+\.m?js)["']/g;
  for (const m of code.matchAll(re)) {
    const spec = m[1]!;
    const next = spec.startsWith('/') ? spec : new URL(spec, `http://x${entry}`).pathname;
    importGraph(next, seen);
  }
}

function measure(html: string) {
  let inline = 0;
  const modules = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = m[1] ?? '';
    if (/type=["']?(application\/(ld\+)?json|text\/partytown)/.test(attrs)) continue;
    const src = /\bsrc=["']([^"']+)["']/.exec(attrs)?.[1];
    if (src) {
      if (src.startsWith('/')) importGraph(src, modules);
    } else inline += gz(m[2] ?? '');
  }
  for (const m of html.matchAll(/<astro-island\b([^>]*)>/g)) {
    const attrs = m[1] ?? '';
    const client = /\bclient=["']?([\w-]+)/.exec(attrs)?.[1];
    if (!client || client === 'interaction') continue;
    for (const key of ['component-url', 'renderer-url']) {
      const url = new RegExp(`\\b${key}=["']([^"']+)["']`).exec(attrs)?.[1];
      if (url?.startsWith('/')) importGraph(url.replace(/&amp;/g, '&'), modules);
    }
  }
  let external = 0;
  for (const u of modules) external += gz(readModule(u));
  return { total: inline + external, inline, external, modules: modules.size };
}

const byTemplate = new Map<string, { page: string; total: number; inline: number; external: number; modules: number; count: number }>();
for (const file of htmlFiles(dist)) {
  const path = `/${relative(dist, file)}`.replace(/\/index\.html$/, '').replace(/\.html$/, '') || '/';
  const t = templateOf(path);
  const m = measure(readFileSync(file, 'utf8'));
  const prev = byTemplate.get(t);
  if (!prev || m.total > prev.total) byTemplate.set(t, { page: path, ...m, count: (prev?.count ?? 0) + 1 });
  else prev.count++;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
let failed = 0;
console.log('JavaScript before interaction (gzipped), largest page per template; budget 30 KB\n');
for (const [t, m] of [...byTemplate].sort((a, b) => b[1].total - a[1].total)) {
  const shell = t.startsWith('/shells/');
  const over = !shell && m.total > BUDGET;
  if (over) failed++;
  console.log(`${over ? '✖' : shell ? '·' : '✔'} ${kb(m.total).padStart(9)}  ${t.padEnd(40)} (${m.count} pages; worst ${m.page}: inline ${kb(m.inline)}, ${m.modules} modules ${kb(m.external)})`);
}
if (failed) {
  console.error(`\n${failed} template(s) over the 30 KB budget`);
  process.exit(1);
}
console.log(`\nAll ${byTemplate.size} templates within budget.`);
